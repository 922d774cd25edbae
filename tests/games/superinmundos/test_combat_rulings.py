"""Rulings about declaring and resolving attacks (S6-S18, S45, S46) and the manual's examples 5-6."""

from __future__ import annotations

from tabletop.games.superinmundos.combat import effective, new_unit, wins

from .helpers import ids, kind, seat, table


def opened(defender: str, attacker_hand: list[str], defender_hand: list[str] | None = None, players: int = 2,
           **kw: object) -> object:
    """Seat 0 opens with ``defender``; seat 1 holds ``attacker_hand`` and is to attack."""
    hands = {0: [defender] + (defender_hand or []), 1: attacker_hand}
    sc = table(players, hands, **kw)  # type: ignore[arg-type]
    sc.play(f"open {defender}")
    if kind(sc) == "declare":
        sc.play("go")
    return sc


def test_S6_only_declarations_that_beat_the_defender_are_legal() -> None:
    sc = opened("b22", ["neut18", "neut10", "mercenario-autonomo", "neut11"])
    assert ids(sc, "attack ") == ["attack neut10", "attack neut11"]
    sc.play("attack neut10")  # 3 Power ties B22's 3: legal only with the +2 Power support
    assert kind(sc) == "declare" and sc.legal() == ["boost mercenario-autonomo power", "ask 1"]


def test_S7_the_attacker_chooses_among_the_winning_modes() -> None:
    sc = opened("b22", ["neut11"])
    sc.play("attack neut11")
    assert kind(sc) == "mode" and seat(sc) == 1
    assert ids(sc, "mode ") == ["mode attack", "mode power"]
    sc.play("mode power")
    assert sc.last("win")["mode"] == "power" and sc.state.arena[-1]["cards"] == ["neut11"]


def test_S8_ties_never_win() -> None:
    sc = opened("b22", ["earth08", "neut11"])  # Adobe Golem 3/4/3 against B22 3/3/3: ties only
    assert "attack earth08" not in sc.legal() and "attack neut11" in sc.legal()
    s = sc.state
    assert wins(s, new_unit(["earth08"], 1), s.arena[-1], "attacking") == []


def test_S9_elements_double_printed_stats_but_never_supports() -> None:
    sc = opened("fire16", ["water16", "light01"], ["earth13"])  # Sleet Hare 4/1/2 (water beats fire) + Voltimp +2 Attack
    sc.play("attack water16", "boost light01 attack")
    s = sc.state
    # no support of seat 0 could save Ember (S26 asking): the combat resolves at once
    if kind(sc) == "mode":
        sc.play("mode attack")
    winner, beaten = s.arena[-1], s.arena[-2]
    assert winner["cards"] == ["water16"] and beaten["cards"] == ["fire16"]
    assert effective(s, winner, beaten, "attacking")["attack"] == 4 * 2 + 2
    assert effective(s, winner, new_unit(["neut07"], 0), "attacking")["attack"] == 4 + 2


def test_manual_example_fire_against_earth() -> None:
    sc = opened("earth16", ["fire13"])  # Mudlark 2/3/4 earth, Chispa Vieja 2/2/2 fire
    s = sc.state
    fire = new_unit(["fire13"], 1)
    assert effective(s, fire, s.arena[-1], "attacking") == {"attack": 4, "defense": 4, "power": 4}
    assert effective(s, s.arena[-1], fire, "defending") == {"attack": 2, "defense": 3, "power": 4}
    assert wins(s, fire, s.arena[-1], "attacking") == ["attack"]
    sc.play("attack fire13")
    assert sc.last("win")["mode"] == "attack"  # a single winning mode needs no choice
    back = opened("fire13", ["earth16"])
    assert "attack earth16" not in back.legal()


def test_S10_mutual_advantage_doubles_both_sides() -> None:
    sc = opened("earth01", ["light05"])  # Boulder Monk (earth beats lightning) vs Amperia (always advantage)
    s = sc.state
    amperia = new_unit(["light05"], 1)
    assert effective(s, amperia, s.arena[-1], "attacking") == {"attack": 4, "defense": 6, "power": 6}
    assert effective(s, s.arena[-1], amperia, "defending") == {"attack": 4, "defense": 8, "power": 2}


def test_S11_one_support_per_unit_boosts_on_own_penalties_on_the_opponent() -> None:
    sc = table(2, {0: ["b22", "shishabel", "light07"], 1: ["neut11", "fire05", "fire01"]})
    sc.play("open b22", "boost shishabel defense")
    s = sc.state
    assert s.arena[-1]["supports"][0]["card"] == "shishabel"
    sc.play("attack neut11")
    options = ids(sc, "boost ") + ids(sc, "penalty ")
    assert options == ["boost fire01 attack"]  # B22's slot is taken: Ash Warden's penalty has nowhere to go
    sc.play("boost fire01 attack")
    assert s.attacker is not None and s.attacker["supports"][0]["card"] == "fire01"
    # B22 already carries Shishabel and Light07 is a boost: seat 0 has no legal answer at all
    assert kind(sc) == "mode"
    duke = table(2, {0: ["water09", "shishabel", "light07"], 1: ["earth17"]})  # Coral Duke: two slots
    duke.play("open water09", "boost shishabel power")
    duke.play("attack earth17")
    assert kind(duke) == "response" and "boost light07 defense" in duke.legal()  # an extra slot


def test_S12_supports_come_only_from_the_opener_attacker_defender_or_winner() -> None:
    sc = table(3, {0: ["b22", "shishabel"], 1: ["neut11", "light07"], 2: ["neut17", "earth13"]})
    assert kind(sc) == "open"
    sc.play("open b22")
    assert kind(sc) == "declare" and "boost shishabel power" in sc.legal()
    sc.play("go", "attack neut11", "go")
    seats = []
    while kind(sc) != "turn":
        seats.append(seat(sc))
        sc.play(sc.legal()[0] if kind(sc) != "preempt" else "boost light07 defense")
    assert 2 not in seats  # a third player never supports anyone
    assert sc.state.arena[-1]["supports"][0]["card"] == "light07"  # the winner's pre-emptive boost


def test_S13_retracting_returns_own_boost_but_leaves_the_opponents_penalty_as_loot() -> None:
    sc = opened("b22", ["neut10", "mercenario-autonomo"], ["fire09"])
    sc.play("attack neut10", "boost mercenario-autonomo power")  # Coin Hoarder 2/3/3 with +2 Power
    sc.play("boost fire09 power")  # B22 answers with +2 Power: 5 against 5, and 3 against 3
    assert kind(sc) == "stalemate"
    sc.play("retract")
    s = sc.state
    assert sorted(s.players[1]["hand"]) == ["mercenario-autonomo", "neut10"]
    sc = opened("b22", ["water11"], ["light04"], top=["neut13"])
    sc.play("attack water11", "penalty light04 power")  # Sirena Fiscal 3/3/4 loses 1 Power
    assert kind(sc) == "stalemate"
    sc.play("retract")
    s = sc.state
    assert sorted(s.players[1]["hand"]) == ["neut13", "water11"]
    assert s.arena[-2]["cards"] == ["light04"] and s.arena[-2]["loose"] and s.arena[-1]["cards"] == ["b22"]


def test_S14_attacker_wins_first_even_if_the_defender_could_win_too() -> None:
    sc = opened("neut17", ["neut19"])  # Cardboard Champion 6/1/1 would beat Moth Librarian 2/3/5 by Attack
    s = sc.state
    assert wins(s, s.arena[-1], new_unit(["neut19"], 1), "defending") == ["attack"]
    sc.play("attack neut19", "mode power")
    assert s.arena[-1]["cards"] == ["neut19"] and not sc.events("counter")


def test_S15_stalemate_retract_or_set_aside_and_no_second_try_with_the_same_card() -> None:
    for choice in ("retract", "set aside"):
        sc = opened("b22", ["water11", "neut11"], ["light04"])
        sc.play("attack water11", "penalty light04 power")
        assert kind(sc) == "stalemate" and seat(sc) == 1
        sc.play(choice)
        s = sc.state
        assert kind(sc) == "turn" and seat(sc) == 1 and s.events_closed
        assert "attack water11" not in sc.legal()
        if choice == "set aside":
            assert s.arena[-2]["cards"] == ["water11"] and s.arena[-2]["loose"]
            assert s.arena[-2]["supports"][0]["card"] == "light04"
        else:
            assert s.retracted == ["water11"] and "water11" in s.players[1]["hand"]
        sc.play("attack neut11", "mode attack")
        assert s.retracted == []  # a new active unit clears the list


def test_S16_an_attacker_beaten_by_the_counter_attack_is_lost() -> None:
    sc = opened("b22", ["magucio", "neut18"], ["mercenario-autonomo"])
    sc.play("attack magucio", "boost mercenario-autonomo power")
    s = sc.state
    assert sc.last("counter")["defeated"] == ["magucio"]
    assert s.arena[-2]["cards"] == ["magucio"] and "magucio" not in s.players[1]["hand"]
    assert kind(sc) == "turn" and seat(sc) == 1  # S17: in 2 players the attacker goes again


def test_S17_turns_skip_the_owner_and_teammates() -> None:
    sc = table(3, {0: ["neut18"], 1: ["neut11", "neut19"], 2: ["neut17"]})
    sc.play("open neut18", "attack neut11", "mode attack")
    assert seat(sc) == 2  # seat 1 owns the active unit now
    sc.play("withdraw")
    assert seat(sc) == 0
    team = table(4, {0: ["neut18"], 1: ["neut17"], 2: ["neut11"], 3: ["neut19"]}, options={"teams": True})
    team.play("open neut18", "withdraw")
    assert seat(team) == 3  # seat 2 is seat 0's teammate


def test_S18_withdrawal_is_always_allowed_and_forced_without_a_legal_attack() -> None:
    sc = opened("neut11", ["neut18", "neut12"])
    assert "withdraw" in sc.legal() and "attack neut12" in sc.legal()
    weak = opened("neut11", ["neut18"])
    assert [a for a in weak.legal() if not a.startswith("ask")] == ["withdraw"]


def test_S45_effective_stats_never_go_below_zero() -> None:
    sc = opened("neut18", ["neut11"])
    s = sc.state
    unit = new_unit(["neut18"], 0)
    unit["mods"].append({"stat": "all", "amount": -2, "dur": "THIS_COMBAT"})
    assert effective(s, unit, None, None) == {"attack": 0, "defense": 0, "power": 0}
    unit = new_unit(["neut18"], 0)
    unit["supports"].append({"card": "fire13", "on": "neut18", "stat": "power", "amount": -2, "by": 1})
    assert effective(s, unit, None, None)["power"] == 0


def test_S46_a_battle_stops_after_its_200th_declaration() -> None:
    sc = opened("neut18", ["neut11", "neut19"])
    sc.state.declarations = 199
    sc.play("attack neut11", "mode attack")
    assert sc.events("battle_limit") and sc.last("battle_won")["seat"] == 1
    assert sc.state.rounds_done == 1


def test_S9_the_element_cycle_and_neutral() -> None:
    from tabletop.games.superinmundos.cards import info
    from tabletop.games.superinmundos.combat import advantage

    sample = {"fire": "fire07", "earth": "earth07", "lightning": "light08", "water": "water01", "neutral": "neut07"}
    beats = {("fire", "earth"), ("earth", "lightning"), ("lightning", "water"), ("water", "fire")}
    for a, ca in sample.items():
        for d, cd in sample.items():
            assert advantage(info(ca), info(cd)) == ((a, d) in beats), (a, d)
