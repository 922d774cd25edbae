"""The view: what a seat may see (and nothing more), with what the screen draws."""

from __future__ import annotations

from conformance.kit import leaks, strings_in

from .helpers import hand, label, menu, put, table, top_fate


def test_view_carries_the_board() -> None:
    sc = table("jafar", "maleficent")
    put(sc, 0, "sultan", 1)
    put(sc, 0, "razoul", 1)
    v = sc.view(0)
    me = v["players"][0]
    assert me["villain_name"] == "Jafar" and me["power"] == 0 and len(me["hand"]) == 4
    assert me["deck"] == 25 and me["fate_deck"] == 14 and me["discard"] == []
    loc = me["locations"][1]
    assert loc["name"] == "Streets of Agrabah" and loc["heroes"][0]["name"] == "Sultan"
    assert loc["cards"][0]["name"] == "Razoul" and loc["cards"][0]["strength"] == 3
    assert [s["covered"] for s in loc["top"]] == [True, True]
    assert me["locations"][3]["locked"] and me["locations"][0]["mover"]
    assert "Lamp" in label(sc, me["objective"])
    assert label(sc, v["players"][1]["progress"]["text"]).startswith("Curses at")
    assert isinstance(v["players"][1]["hand"], int) and v["log"]


def test_fate_reveal_is_public_while_choosing() -> None:
    sc = table("maleficent", "jafar", "ursula")
    a, b = top_fate(sc, 1, "sultan", "rajah")
    menu(sc, 0, 0)
    sc.play("fate 1")
    for seat in (None, 0, 1, 2):
        assert {c["id"] for c in sc.view(seat)["revealed"]} == {a, b}


def test_no_hidden_card_in_any_view() -> None:
    sc = table("maleficent", "jafar", "ursula")
    hand(sc, 1, "deception")
    menu(sc, 0, 1)
    assert not leaks(sc.game, sc.state, 3)
    secret = sc.game.secrets(sc.state, 2)
    assert not strings_in(sc.view(2)) & secret
    assert set(sc.state.players[1]["hand"]) <= secret


def test_looked_at_cards_only_for_the_looker() -> None:
    sc = table("hook", "maleficent")
    top_fate(sc, 0, "peter_pan", "john")
    g = hand(sc, 0, "give_them_a_scare")[0]
    menu(sc, 0, 0, power=1)
    sc.play(f"play {g}")
    assert len(sc.view(0)["looking"]) == 2 and sc.view(1)["looking"] == 2
    assert not leaks(sc.game, sc.state, 2)
