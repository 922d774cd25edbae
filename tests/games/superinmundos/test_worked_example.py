"""The manual's worked example (§17), replayed step by step, with its three branches at step 3."""

from __future__ import annotations

from typing import Any

from tabletop.engine import visible_log

from .helpers import ids, kind, seat, table


def to_step_3() -> Any:
    # P1 (seat 0) starts; P2 (seat 1) holds B22 and two supports: Shishabel (+1 any), Mercenario (+2 Power)
    sc = table(2, {0: ["siervo-ojaldre", "magucio", "neut18"],
                   1: ["b22", "shishabel", "mercenario-autonomo", "neut01"]})
    s = sc.state
    # 1. P1 opens with Siervo Ojaldre and sees P2's hand
    sc.play("open siervo-ojaldre")
    shown = sc.last("revealed")
    assert shown["to"] == [0, 1] and shown["cards"] == ["b22", "shishabel", "mercenario-autonomo", "neut01"]
    assert not any(e["k"] == "revealed" for e in visible_log(s, None))
    # 2. P2 declares B22: lightning doubles Siervo to Defense 2 / Power 2, B22's 3 still wins both ways
    assert seat(sc) == 1 and "attack b22" in sc.legal()
    sc.play("attack b22", "go")
    assert kind(sc) == "mode"
    view = sc.view(1)
    assert view["arena"][-1]["stats"]["defense"] == 2 and view["arena"][-1]["stats"]["power"] == 2
    assert view["attacker"]["stats"]["attack"] == 3 and view["attacker"]["stats"]["power"] == 3
    sc.play("mode power", "no boost")
    assert [u["cards"] for u in s.arena] == [["siervo-ojaldre"], ["b22"]]
    # 3. P2 owns B22, so P1 attacks again: Magucio (Power 4 > 3); no loot to pay for its ability
    assert seat(sc) == 0 and kind(sc) == "turn" and "attack magucio" in sc.legal()
    sc.play("attack magucio")
    assert kind(sc) == "response" and seat(sc) == 1 and not sc.events("pay")
    return sc


def test_worked_example_a_no_support_magucio_wins_by_power() -> None:
    sc = to_step_3()
    sc.play("done")
    s = sc.state
    assert sc.last("win")["mode"] == "power" and sc.last("win")["cards"] == ["magucio"]
    assert [u["cards"] for u in s.arena] == [["siervo-ojaldre"], ["b22"], ["magucio"]]
    beat = sc.view(1)["to_beat"]
    assert (beat["defense"], beat["power"]) == (3, 4)  # Attack > 3 (its Defense 3), Power > 4


def test_worked_example_b_plus_one_power_is_a_stalemate_and_magucio_comes_back() -> None:
    sc = to_step_3()
    sc.play("boost shishabel power")
    assert kind(sc) == "stalemate" and seat(sc) == 0
    sc.play("retract")
    s = sc.state
    assert "magucio" in s.players[0]["hand"] and "attack magucio" not in sc.legal()
    assert ids(sc, "attack ") == [] and kind(sc) == "turn"  # nothing else beats B22 + 1: withdraw


def test_worked_example_c_plus_two_power_counter_attack_defeats_magucio() -> None:
    sc = to_step_3()
    sc.play("boost mercenario-autonomo power")
    s = sc.state
    assert sc.last("counter")["defeated"] == ["magucio"]
    assert [u["cards"] for u in s.arena] == [["siervo-ojaldre"], ["magucio"], ["b22"]]
    assert "magucio" not in s.players[0]["hand"]
    assert seat(sc) == 0 and kind(sc) == "turn"  # P2 is skipped: P1 faces B22 again
    # 4. the battle goes on until someone withdraws; the other takes the whole arena
    sc.play("withdraw")
    assert s.piles[1] == ["siervo-ojaldre", "magucio", "b22", "mercenario-autonomo"]
