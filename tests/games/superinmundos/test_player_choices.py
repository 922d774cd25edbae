"""Issue #11: every choice the rules give a player is that player's (S7), the stat sum (S7a), the
"to beat" hint following the cards' own element rules, and no pointless event targets."""

from __future__ import annotations

from tabletop.games.superinmundos.combat import effective, new_unit, wins

from .helpers import en, en_all, ids, kind, seat, table


def test_S7_the_defenders_owner_chooses_the_counter_attacks_mode_and_pyrolito_gains() -> None:
    # Pyrolito (1/2/3) opens; Void Tourist (3/2/4) beats it, Sudden Fog (-2) on the attacker turns
    # the combat: the counter-attack now wins by Attack (1 > 0) and by Power (3 > 2)
    sc = table(2, {0: ["fire04", "event03"], 1: ["neut06"]})
    sc.play("open fire04", "pass", "attack neut06")
    assert kind(sc) == "reaction" and seat(sc) == 0
    sc.play("event event03 attacker")
    assert kind(sc) == "counter_mode" and seat(sc) == 0
    modes = [a for a in sc.match.legal() if a.id.startswith("mode ")]
    assert [a.id for a in modes] == ["mode power", "mode attack"]  # the one that fires Pyrolito first
    assert "Pyrolito" in en(sc, modes[0].label)  # type: ignore[arg-type]
    loot = len(sc.state.piles[0])
    sc.play("mode power")
    assert sc.last("counter")["mode"] == "power" and sc.last("loot_gain")["seat"] == 0
    assert len(sc.state.piles[0]) == loot + 1


def test_S7_a_counter_attack_winning_one_way_asks_nothing() -> None:
    sc = table(2, {0: ["b22", "mercenario-autonomo"], 1: ["magucio", "neut18"]})
    sc.play("open b22", "go", "attack magucio", "boost mercenario-autonomo power")
    assert sc.last("counter")["defeated"] == ["magucio"] and kind(sc) == "turn"


def test_S7a_a_stat_is_floored_once_lost_intern_defends_at_1() -> None:
    sc = table(2, {0: ["neut18"], 1: ["neut11"]})
    s = sc.state
    intern = new_unit(["neut18"], 0)  # Lost Intern: Defense 1
    intern["supports"].append({"card": "fire13", "on": "neut18", "stat": "defense", "amount": -2, "by": 1})
    intern["mods"].append({"stat": "all", "amount": 2, "dur": "THIS_COMBAT"})
    assert effective(s, intern, None, None)["defense"] == 1  # 1 - 2 + 2, not max(0, -1) + 2
    two = new_unit(["neut02"], 1)  # Nadie Especial: Attack 2 beats Defense 1 (it would not beat 2)
    assert "attack" in wins(s, two, intern, "attacking")
    # a fused pair: each component brings its own supports; a unit modifier counts once
    pair = new_unit(["neut18", "neut01"], 0, "temp")  # Defense 1 + 2
    pair["supports"].append({"card": "fire13", "on": "neut18", "stat": "defense", "amount": -2, "by": 1})
    pair["mods"].append({"stat": "all", "amount": 2, "dur": "THIS_COMBAT"})
    assert effective(s, pair, None, None)["defense"] == 1 - 2 + 2 + 2
    pair["mods"] = [{"stat": "all", "amount": -5, "dur": "THIS_COMBAT"}]
    assert effective(s, pair, None, None)["defense"] == 0  # floored at the end only


def test_to_beat_follows_the_cards_own_element_rules() -> None:
    marisma = table(2, {0: ["water07"], 1: ["neut11"]})  # ignores every strength and weakness
    marisma.play("open water07")
    lines = en_all(marisma, marisma.view(1)["to_beat"]["notes"])
    assert "Marsh ignores elements: nothing doubles against it" in lines  # Marisma's English name
    assert not any(line.endswith("cards double against it") for line in lines)
    magma = table(2, {0: ["fire11"], 1: ["neut11"]})  # fire, and weak against earth as well
    magma.play("open fire11")
    lines = en_all(magma, magma.view(1)["to_beat"]["notes"])
    assert "water cards double against it" in lines and "earth cards double against it" in lines
    assert "lightning cards double against it" not in lines


def test_pickpocket_moon_is_not_offered_against_an_empty_loot_pile() -> None:
    sc = table(3, {0: ["event05", "neut18"], 1: ["neut11"], 2: ["neut01"]}, loot={2: ["neut02"]})
    assert kind(sc) == "round_start" and ids(sc, "event ") == ["event event05 3"]
    empty = table(2, {0: ["event05", "neut18"], 1: ["neut11"]})
    assert kind(empty) == "open"  # nothing to steal from anyone: no round-start prompt at all
