"""Rulings about the battle around the combats: elimination, loot, abilities, events' timing
(S19-S26, S42, S43)."""

from __future__ import annotations

from tabletop.engine import visible_log
from tabletop.games.superinmundos.combat import effective, new_unit

from .helpers import ids, kind, seat, table


def test_S19_eliminated_players_play_nothing_until_the_next_round() -> None:
    sc = table(3, {0: ["neut18"], 1: ["event02", "neut01"], 2: ["neut11"]})
    sc.play("open neut18")
    assert kind(sc) == "reaction" and seat(sc) == 1  # still in: offered Tailwind after the opening
    sc.play("pass", "withdraw")
    sc.play("attack neut11")
    assert kind(sc) == "mode" and seat(sc) == 2  # out: no reaction window offered to seat 1


def test_S20_the_battle_ends_when_everyone_but_the_owner_is_out() -> None:
    sc = table(3, {0: ["neut18"], 1: ["neut01"], 2: ["neut11"]})
    sc.play("open neut18", "withdraw")
    assert not sc.events("battle_won")
    sc.play("withdraw")
    assert sc.last("battle_won")["seat"] == 0 and sc.state.piles[0] == ["neut18"]


def test_S21_loot_goes_on_bottom_first_and_cards_leave_play_beneath_the_active_unit() -> None:
    sc = table(2, {0: ["b22", "shishabel", "neut19"], 1: ["neut11", "mercenario-autonomo"]})
    sc.play("open b22", "boost shishabel defense", "attack neut11", "go", "mode attack", "no boost")
    s = sc.state
    assert [u["cards"] for u in s.arena] == [["b22"], ["neut11"]]
    sc.play("attack neut19", "boost mercenario-autonomo power")  # Moth Librarian's 5 Power meets 4 + 2
    sc.play("mode attack")  # the counter-attack wins both ways: its owner picks (S7)
    assert sc.last("counter")["defeated"] == ["neut19"]
    assert [u["cards"] for u in s.arena] == [["b22"], ["neut19"], ["neut11"]]
    sc.play("withdraw")
    assert s.piles[1] == ["b22", "shishabel", "neut19", "neut11", "mercenario-autonomo"]


def test_S22_loot_counts_are_private_but_asking_once_a_round_answers_exactly() -> None:
    sc = table(3, {0: ["neut18"], 1: ["neut01"], 2: ["neut11"]}, loot={0: ["neut02", "neut03"]})
    view = sc.view(1)
    assert view["players"][0]["loot"] is None and view["players"][1]["loot"] == 0
    assert seat(sc) == 0 and "ask 2" in sc.legal()
    sc.play("ask 2")
    assert kind(sc) == "open" and seat(sc) == 0 and not ids(sc, "ask")
    assert sc.view(0)["answers"] == {1: 0}
    sc.play("open neut18")
    sc.play("ask 1")
    answer = sc.last("answer")
    assert answer["n"] == 2 and answer["to"] == [1] and sc.view(1)["answers"] == {0: 2}
    assert not any(e["k"] == "answer" for e in visible_log(sc.state, 2))
    sc.play("withdraw", "withdraw")
    assert not sc.state.players[1]["asked"]  # a new round, a new question


def test_S23_passives_work_only_for_the_active_unit_and_the_attacker() -> None:
    sc = table(2, {0: ["water14", "neut19"], 1: ["neut11"]})  # Abyss Lantern: its opponent has -1 Power
    s = sc.state
    sc.play("open water14")
    assert effective(s, new_unit(["neut11"], 1), s.arena[-1], "attacking")["power"] == 3
    sc.play("attack neut11")
    assert s.arena[-2]["cards"] == ["water14"]
    assert effective(s, new_unit(["neut19"], 0), s.arena[-1], "attacking")["power"] == 5  # buried: inert


def test_S24_loot_costs_are_paid_from_the_top_once_per_combat() -> None:
    sc = table(2, {0: ["b22"], 1: ["magucio"]}, loot={1: ["neut02", "neut03"]})
    sc.play("open b22", "attack magucio")
    assert kind(sc) == "enter_cost" and sc.legal()[:2] == ["pay magucio", "done"]
    sc.play("pay magucio")
    s = sc.state
    assert s.piles[1] == ["neut02"] and s.discard[-1] == "neut03"
    assert s.attacker is None or "pay magucio" not in sc.legal()
    assert sc.last("win")["mode"] == "power"  # Power 4 + 2 beats 3: no mode choice needed
    poor = table(2, {0: ["b22"], 1: ["magucio"]})
    poor.play("open b22", "attack magucio")
    assert not poor.events("pay") and poor.last("win")
    kraken = table(2, {0: ["water03"], 1: ["neut12"]}, loot={0: ["neut02"]})
    kraken.play("open water03", "done", "attack neut12")
    assert kind(kraken) == "response" and "activate water03" in kraken.legal()


def test_S25_siervo_reveals_the_next_opponents_hand_to_its_owner_only() -> None:
    sc = table(3, {0: ["siervo-ojaldre"], 1: ["neut11", "neut19"], 2: ["neut17"]})
    sc.play("open siervo-ojaldre")
    shown = sc.last("revealed")
    assert shown["seat"] == 1 and shown["to"] == [0, 1] and shown["cards"] == ["neut11", "neut19"]
    assert not any(e["k"] == "revealed" for e in visible_log(sc.state, 2))


def test_S26_events_are_played_only_in_their_timing() -> None:
    sc = table(2, {0: ["neut18", "event04", "event02"], 1: ["neut01", "event06"]})
    assert kind(sc) == "round_start" and ids(sc, "event ") == ["event event04"]
    sc.play("pass", "open neut18")
    assert kind(sc) == "reaction" and seat(sc) == 0 and ids(sc, "event ") == ["event event02 active"]
    sc.play("pass")
    assert kind(sc) == "turn" and ids(sc, "event ") == ["event event06"]
    sc.play("attack neut01")  # Gray Clerk's Power 2 beats Lost Intern's 1: Tailwind could save it
    assert kind(sc) == "reaction" and seat(sc) == 0
    assert ids(sc, "event ") == ["event event02 attacker", "event event02 defender"]


def test_S42_an_empty_hand_must_withdraw() -> None:
    sc = table(2, {0: ["neut18", "neut01"], 1: []})
    sc.play("open neut18")
    assert [a for a in sc.legal() if not a.startswith("ask")] == ["withdraw"]


def test_S43_a_retracted_attackers_resolved_effects_stay() -> None:
    sc = table(2, {0: ["neut13", "mercenario-autonomo"], 1: ["neut03"]}, top=["neut20"])
    sc.play("open neut13", "go", "attack neut03")  # Wandering Bard draws on entering
    assert "neut20" in sc.state.players[1]["hand"]
    sc.play("boost mercenario-autonomo power")
    assert kind(sc) == "stalemate"
    sc.play("retract")
    assert sorted(sc.state.players[1]["hand"]) == ["neut03", "neut20"]


def test_S26_windows_prompt_only_holders_unless_everyone_is_prompted() -> None:
    quiet = table(3, {0: ["neut18"], 1: ["neut01"], 2: ["neut11"]})
    quiet.play("open neut18")
    assert kind(quiet) == "turn"
    loud = table(3, {0: ["neut18"], 1: ["neut01"], 2: ["neut11"]}, options={"prompt_all": True})
    assert kind(loud) == "round_start" and seat(loud) == 0
    loud.play("pass", "pass", "pass", "open neut18")
    assert kind(loud) == "reaction" and [seat(loud)] == [1] and loud.legal() == ["pass", "ask 1", "ask 3"]
    loud.play("pass")
    assert kind(loud) == "reaction" and seat(loud) == 2
    loud.play("pass", "pass")  # seat 0 (the opener) is asked last
    assert kind(loud) == "turn" and seat(loud) == 1
