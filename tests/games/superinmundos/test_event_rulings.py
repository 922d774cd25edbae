"""Rulings about events, deck handling, duplicates and fusion (S32-S38, S47)."""

from __future__ import annotations

from tabletop.engine import visible_log
from tabletop.games.superinmundos.cards import info

from .helpers import ids, kind, seat, table


def test_S32_a_second_copy_of_a_played_card_evaporates() -> None:
    sc = table(2, {0: ["neut18"], 1: ["neut11", "neut19"]}, options={"mixed": 1})
    s = sc.state
    s.players[1]["hand"].append("neut19#2")
    s.total += 1
    sc.play("open neut18", "attack neut19", "mode power")
    assert s.played == ["neut18", "neut19"]
    sc.play("withdraw")
    sc = table(2, {0: ["neut18"], 1: ["neut19", "neut11"]}, options={"mixed": 1})
    s = sc.state
    s.players[1]["hand"].append("neut11#2")
    s.played.append("neut11")
    s.total += 1
    sc.play("open neut18", "attack neut11#2")
    assert s.removed == ["neut11#2"] and sc.last("evaporate")["card"] == "neut11#2"
    assert kind(sc) == "turn" and seat(sc) == 1 and s.declarations == 0 and s.attacker is None
    assert not sc.game.invariants(s)


def test_S33_a_search_shuffles_the_deck_and_a_peek_keeps_its_order() -> None:
    sc = table(2, {0: ["neut18"], 1: ["black-friday", "diablo-interino", "neut01"]})
    s = sc.state
    sc.play("open neut18")
    fires = [c for c in reversed(s.deck) if info(c).kind == "combatant" and info(c).element == "fire"]
    before = list(s.deck)
    sc.play("event black-friday fire")
    assert fires[0] in s.players[1]["hand"] and sc.last("drawn")["cards"] == [fires[0]]
    assert sorted(s.deck) == sorted(c for c in before if c != fires[0]) and s.deck != [c for c in before if c != fires[0]]
    before = list(s.deck)
    sc.play("event diablo-interino")
    assert sc.last("peeked")["cards"] == before[-3:][::-1] and sc.last("peeked")["to"] == [1]
    assert s.deck == before[:-1] and before[-1] in s.players[1]["hand"]


def test_S34_the_discard_pile_is_public_and_keeps_its_order() -> None:
    sc = table(3, {0: ["neut18"]}, discard=["b22", "neut11", "magucio"])
    for seat_ in (None, 0, 1, 2):
        assert sc.view(seat_)["discard"] == ["b22", "neut11", "magucio"]


def test_S35_se_suspende_la_batalla_ends_the_battle_with_no_winner() -> None:
    sc = table(3, {0: ["neut18"], 1: ["se-suspende-la-batalla", "neut01"], 2: ["neut11"]})
    sc.play("open neut18", "event se-suspende-la-batalla")
    s = sc.state
    assert sc.events("suspended") and not any(s.piles)
    assert s.discard[:2] == ["se-suspende-la-batalla", "neut18"] or s.discard[:2] == ["neut18", "se-suspende-la-batalla"]
    assert s.rounds_done == 1 and s.start == 2 and s.dealer == 1 and s.round == 2


def test_S36_cementerio_cosmico_makes_the_discard_pile_a_shared_hand() -> None:
    sc = table(2, {0: ["neut18", "neut01", "shishabel"], 1: ["cementerio-cosmico", "neut13"]},
               discard=["neut11", "event06"], top=["earth01", "neut12"])
    sc.play("open neut18", "go", "event cementerio-cosmico")
    s = sc.state
    assert s.cemetery is not None and s.cemetery["shared"] == ["neut11", "event06"] and s.discard == []
    assert set(ids(sc, "attack ")) == {"attack neut11"} and "event event06" in sc.legal()
    sc.play("event event06")  # draws into the shared hand; the spent event starts a new pile
    assert s.cemetery["shared"] == ["neut11", "neut12", "earth01"] and s.discard == ["event06"]
    assert s.players[1]["hand"] == ["neut13"]  # set aside, untouched
    sc.play("attack neut11")
    assert kind(sc) == "mode"  # seat 0 holds Shishabel, but its hand is set aside: no response
    sc.play("mode attack")
    assert seat(sc) == 0 and kind(sc) == "turn"
    assert set(ids(sc, "attack ")) == {"attack neut12"}  # the shared hand went with the turn
    sc.play("withdraw")
    assert s.cemetery is None
    assert s.discard[:4] == ["neut12", "earth01", "event06", "cementerio-cosmico"]


def test_S37_two_attackers_fuse_against_fortaleza_and_the_winner_picks_the_top() -> None:
    sc = table(2, {0: ["fortaleza-the-server"], 1: ["neut11", "neut19"]})
    sc.play("open fortaleza-the-server")
    assert ids(sc, "attack ") == [] and ids(sc, "fuse ") == ["fuse neut11 neut19"]
    sc.play("fuse neut11 neut19")
    assert kind(sc) == "top" and ids(sc, "top ") == ["top neut11", "top neut19"]
    sc.play("top neut19")
    s = sc.state
    assert [u["cards"] for u in s.arena] == [["fortaleza-the-server"], ["neut11"], ["neut19"]]
    assert s.arena[-2]["loose"] and not s.arena[-1]["loose"]


def test_S38_fusion_de_poderes_fuses_for_good() -> None:
    sc = table(2, {0: ["neut11"], 1: ["fusion-de-poderes", "neut19", "neut20"]})
    sc.play("open neut11")
    assert ids(sc, "fuse ") == []
    sc.play("event fusion-de-poderes")
    assert "fuse neut19 neut20" in sc.legal()
    sc.play("fuse neut19 neut20", "mode power")
    s = sc.state
    assert s.arena[-1]["cards"] == ["neut19", "neut20"] and s.arena[-1]["fused"] == "persistent"


def test_S47_a_cancel_card_counters_an_event_before_it_resolves() -> None:
    for answer in ("cancel event01", "pass"):
        sc = table(3, {0: ["neut18"], 1: ["event06", "neut01"], 2: ["event01", "neut17"]})
        sc.play("open neut18", "event event06")
        assert kind(sc) == "counter" and seat(sc) == 2
        sc.play(answer)
        s = sc.state
        if answer == "pass":
            assert len(s.players[1]["hand"]) == 3 and s.discard == ["event06"]
        else:
            assert len(s.players[1]["hand"]) == 1 and s.discard == ["event06", "event01"]
            assert sc.last("cancel")["cancelled_card"] == "event06"
        assert kind(sc) == "turn" and seat(sc) == 1
    assert not any(e["k"] == "drawn" for e in visible_log(s, 0))
