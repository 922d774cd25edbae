"""One test per ruling R22-R42 of the MSX Cards spec (R39, music and full-screen buttons, is out of
scope by definition and has nothing to test)."""

from __future__ import annotations

import pytest
from scenario import Scenario

from tabletop.engine import IllegalAction, Match, Seat
from tabletop.games import game as get_game
from tabletop.games.msx_cards import flow
from tabletop.games.msx_cards.cards import catalogue
from tabletop.games.msx_cards.state import ENEMY, PLAYER, Effect

from .helpers import Dice, board, dice_fixture, duel, go, say  # noqa: F401

NO = (20, 20)


def d8(v: int) -> tuple[int, int]:
    return (8, v)


def event_board(player: str, enemy: str, **kw: object) -> Scenario:
    return board(player, enemy, check=True, **kw)  # type: ignore[arg-type]


def test_R22_ring_is_five_minus_the_opponents_resistance(dice: Dice) -> None:
    cases = (("valis", 1, "medicines"), ("ys-ii", 3, "power-capsule"), ("livingstone-supongo", 4, "tape-jam"))
    for opp, ring, ev in cases:
        sc = event_board("penguin-adventure", opp, pvit=5)
        extra = [d8(1), d8(1)] if ev == "tape-jam" else []
        dice.script((20, 1), *extra, (6, 6), (6, 1))
        go(sc)
        assert (sc.last("event")["ring"], sc.last("event")["event"]) == (ring, ev)
        dice.queue.clear()


def test_R23_the_ring_alone_picks_the_event(dice: Dice) -> None:
    seen = set()
    for visitor in ("mad-mix-game", "penguin-adventure", "msx-basic"):  # sectors 5, 3, 4
        sc = event_board(visitor, "valis", pvit=5)
        dice.script((20, 1), (6, 6), (6, 1))
        go(sc)
        seen.add((sc.last("event")["sector"], sc.last("event")["event"]))
    assert {e for _, e in seen} == {"medicines"} and len(seen) == 3


def test_R24_both_fighters_use_the_visitors_cell_shade(dice: Dice) -> None:
    # Mad Mix Game visits sector 5, ring 2 (dark) of the tape pentagon: Scorching Sun x2 for both.
    sc = event_board("mad-mix-game", "xak", pvit=20)
    dice.script((20, 1), d8(1), d8(1), (6, 6), (6, 1))
    go(sc)
    ev = sc.last("event")
    assert (ev["sector"], ev["ring"], ev["shade"], ev["mult"]) == (5, 2, "dark", 2)
    assert sc.state.fighters[PLAYER]["vit"] == 20 - 3 * 2 and sc.state.fighters[ENEMY]["vit"] == 38 - 5 * 2


def test_R25_event_values_go_by_the_fighters_race(dice: Dice) -> None:
    sc = event_board("penguin-adventure", "xak", pvit=20)  # red visitor, sector 3, ring 2, light
    dice.script((20, 1), d8(1), d8(1), (6, 6), (6, 1))
    go(sc)
    changes = {o["side"]: o["change"] for o in sc.last("event")["outcomes"]}
    assert changes == {PLAYER: -4, ENEMY: -5}


def test_R26_resistance_roll_reaching_the_target_avoids_the_event(dice: Dice) -> None:
    sc = event_board("penguin-adventure", "xak", pvit=20)  # targets 7 (R2) and 5 (R3)
    dice.script((20, 1), d8(4), d8(4), (6, 6), (6, 1))
    go(sc)
    out = {o["side"]: o for o in sc.last("event")["outcomes"]}
    assert out[PLAYER]["resisted"] and out[PLAYER]["total"] == 4 + 3  # Event Resistance 3
    assert not out[ENEMY]["resisted"] and sc.state.fighters[ENEMY]["vit"] == 38 - 5
    assert sc.state.fighters[PLAYER]["vit"] == 20


def test_R27_an_event_ends_running_capsules_buttons_stay_as_they_are(dice: Dice) -> None:
    sc = event_board("moonsound", "penguin-adventure", evit=10)
    s = sc.state
    s.effects = [Effect(cap="MSX2", src=PLAYER, on=PLAYER, kind="DAMAGE_TAKEN_MOD", n=8, until=5)]
    s.fighters[PLAYER]["green"] = False
    s.respond = True
    dice.script((20, 1), d8(8), d8(8), (6, 6), (6, 1))  # Scorching Sun, both resist
    go(sc)
    assert s.effects == [] and s.fighters[PLAYER]["green"] is False and s.fighters[ENEMY]["green"] is True
    assert s.respond is True  # the enemy still owes its answer
    dice.script(d8(1), NO, (6, 1), d8(1), NO)
    sc.play("attack")
    assert sc.last("capsule")["side"] == ENEMY and sc.last("capsule")["capsule"] == "POWER"


def test_R28_after_an_event_initiative_is_rerolled_and_no_check_follows(dice: Dice) -> None:
    sc = event_board("penguin-adventure", "ys-ii")
    dice.script((20, 1), (6, 1), (6, 6))  # the enemy wins the new initiative
    dice.script(d8(2), NO)  # ...so it acts at once, without an event check; then your check
    go(sc)
    assert sc.state.init == ENEMY and len(sc.events("initiative")) == 1
    assert [d[0] for d in dice.seen] == [20, 6, 6, 8, 20]
    assert sc.decision().seat == PLAYER


def test_R29_double_defeat_counts_on_both_tallies(dice: Dice) -> None:
    sc = event_board("penguin-adventure", "xak", pvit=2, evit=3)
    dice.script((20, 1), d8(1), d8(1))
    go(sc)
    s = sc.state
    assert (s.wins, s.losses) == (1, 1) and s.fighters == [None, s.fighters[ENEMY]]
    assert sc.decision().kind == "draft"
    sc = event_board("penguin-adventure", "xak", pvit=2, evit=3)
    sc.state.wins, sc.state.losses = 2, 2
    dice.script((20, 1), d8(1), d8(1))
    go(sc)
    assert sc.state.outcome == "lost" and (sc.state.wins, sc.state.losses) == (3, 3)


def test_R30_boss_fighter_choice_white_set_and_losing_on_no_damage(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii", evit=1))
    sc.state.wins = 2
    dice.script(d8(8))
    sc.play("attack")
    assert sorted(sc.legal()) == ["draft", "keep"]
    dice.script((6, 1), (6, 6), d8(4))  # the Boss wins initiative: white set, it attacks on T1
    sc.play("keep")
    assert sc.state.duel["set"] == "white" and sc.state.duel["results"] == ["took 3"]
    assert sc.decision().kind == "act" and sc.state.duel["step"] == 2
    sc = go(duel("penguin-adventure", "grey", world=5, step=7))  # T7: the hardest Defense, on a d20
    assert 3 + 5 + catalogue().bosses["kernel-emperor"]["grey"][6]["value"] <= 0
    dice.script((20, 3))
    sc.play("attack")
    assert sc.state.outcome == "lost" and "T7" in say(sc.state.reason)


def test_R31_filtered_set_and_race_abilities_do_nothing_against_bosses(dice: Dice) -> None:
    sc = go(duel("ys", "grey"))  # Damage Increased +3 vs red
    dice.script(d8(4), d8(1))
    sc.play("attack")
    mine = sc.events("attack")[0]
    assert not any("Damage Increased" in step for step in say(mine["steps"])) and mine["damage"] == 4 + 6 - 3
    sc = go(duel("sky-jaguar", "grey"))  # the opponent's Defense +1 (add mode, no filter): applies
    dice.script(d8(4), d8(1))
    sc.play("attack")
    assert sc.events("attack")[0]["damage"] == 4 + 6 - 2
    sc = go(duel("xak-ii", "grey"))  # unfiltered Damage Increased +2 still works
    dice.script(d8(4), d8(1))
    sc.play("attack")
    assert sc.events("attack")[0]["damage"] == 4 + 5 - 3 + 2


def test_R32_capsules_against_a_boss_once_per_duel_harm_does_nothing(dice: Dice) -> None:
    sc = go(duel("xak", "grey"))
    dice.script(d8(4), d8(1))
    sc.play("capsule SPELL")
    assert "no Vitality to harm" in say(sc.last("capsule"))
    assert sc.legal() == ["attack"]


def test_R33_extra_and_bonus_screens_feed_the_next_fighter(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii", world=4, evit=1))  # World 5 has a Bonus screen
    sc.state.wins = 2
    dice.script((20, 7))
    sc.play("attack")
    assert sc.decision().kind == "bonus"
    dice.script((20, 7), (20, 15))
    sc.play("roll")
    assert sc.state.bonus == 15 and sc.decision().kind == "boss_choice"
    before = sc.state.fighters[PLAYER]["vit"]
    dice.script((6, 6), (6, 1))
    sc.play("keep")
    assert sc.state.fighters[PLAYER]["vit"] == before + 15 and sc.state.bonus == 0
    sc.state.duel["step"] = 9
    sc.state.phase = "bstep"
    go(sc)
    dice.script((20, 9)).loose()
    sc.play("roll")
    assert sc.last("extra")["gained"] == 9
    assert sc.last("bonus_added")["amount"] == 9 and sc.state.bonus == 0


def test_R34_missions_are_data_standard_has_six_worlds_and_two_bonus_screens() -> None:
    data = catalogue()
    std = [data.worlds[w] for w in data.missions["standard"]["worlds"]]
    assert [w["die"] for w in std] == [8, 8, 12, 12, 20, 20]
    assert [w["bonus"] for w in std] == [False, False, False, False, True, True]
    assert len(data.missions["quick"]["worlds"]) < len(std)
    assert len(data.worlds) >= 6 and all(w["boss"] in data.bosses for w in data.worlds.values())


def test_R35_game_over_leaves_no_action(dice: Dice) -> None:
    sc = board("penguin-adventure", "ys-ii", pvit=1, first=ENEMY)
    sc.state.losses = 2
    dice.script(d8(8))
    go(sc)
    assert sc.decision() is None and sc.game.legal_actions(sc.state) == []
    with pytest.raises(IllegalAction, match="over"):
        sc.game.apply(sc.state, "attack")
    assert sc.game.result(sc.state).winners == ()


def test_R36_surprise_attacks_at_battle_start_holder_first_not_in_duels(dice: Dice) -> None:
    sc = board("livingstone-supongo", "dragon-quest")
    sc.state.phase = "battle"
    dice.script((6, 1), (6, 6), d8(3), d8(3), d8(2), NO)
    go(sc)
    attacks = sc.events("attack")
    assert [(a["by"], a["surprise"]) for a in attacks] == [(ENEMY, True), (PLAYER, True), (ENEMY, False)]
    sc = go(duel("livingstone-supongo", "grey"))
    sc.state.phase = "boss"
    sc.state.duel = None
    dice.script((6, 6), (6, 1))
    go(sc)
    assert not sc.events("attack") and sc.decision().kind == "act"


def test_R37_one_wounding_hit_is_enough_with_an_extra_attack(dice: Dice) -> None:
    sc = go(duel("parodius", "grey", world=5, step=7))  # T7: the Boss's hardest Defense, on a d20
    t7 = catalogue().bosses["kernel-emperor"]["grey"][6]
    assert t7["role"] == "defense" and 2 + 5 + t7["value"] <= 0 < 10 + 5 + t7["value"]
    dice.script((20, 2), (20, 10), (20, 1))
    sc.play("capsule DOUBLE")
    hits = [a["damage"] for a in sc.events("attack") if a["by"] == PLAYER]
    assert hits == [0, 10 + 5 + t7["value"]]
    assert sc.state.outcome == "won" and sc.state.cleared == 1


def test_R38_enemy_abilities_work_like_yours(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "msx-dos"))  # Capsule Brake 3 on the enemy
    dice.script(d8(8), NO, (6, 1), d8(1), NO)
    sc.play("capsule POWER")
    assert "braked by 3 to 1" in say(sc.events("capsule")[0])
    mine = sc.events("attack")[0]
    assert say(mine["steps"][1]) == "+ Attack 6 (5, POWER +1) = 14"
    sc = go(board("penguin-adventure", "sir-fred"))  # Damage Reduced 2 on the enemy
    dice.script(d8(8), NO, d8(1), NO)
    sc.play("attack")
    assert sc.events("attack")[0]["damage"] == 8 + 5 - 4 - 2


def test_R40_the_engine_rolls_every_die_and_replays_exactly() -> None:
    game = get_game("msx_cards")
    a = Match.start(game, [Seat("A")], {}, seed=42)
    b = Match.start(game, [Seat("A")], {}, seed=42)
    for _ in range(25):
        if a.decision() is None:
            break
        choice = a.legal()[-1].id
        assert not choice.split()[-1].isdigit()  # no action ever states a die's value
        a.play(choice)
        b.play(choice)
    assert a.state.log == b.state.log and a.state.rng == b.state.rng
    assert any(e["k"] == "roll" for e in a.state.log)


def test_R41_a_battle_ends_after_its_thirtieth_turn(dice: Dice) -> None:
    for pvit, evit, loser in ((10, 20, PLAYER), (20, 9, ENEMY), (14, 12, PLAYER)):
        sc = board("penguin-adventure", "ys-ii", pvit=pvit, evit=evit, check=True)
        s = sc.state
        s.turn, s.half, s.init = 30, 1, PLAYER  # the enemy's action closes turn 30
        dice.script(NO, d8(1))  # 1 + 5 - 3 = 3 damage: 14 -> 11 < 12 in the last case
        dice.loose()
        go(sc)
        assert sc.events("turn_limit")[0]["loser"] == loser
        assert sc.events("defeat")[0]["side"] == loser
        dice.queue.clear()
        dice.strict = True


def test_R42_versus_seats_enemy_chooses_capsules_freely(dice: Dice) -> None:
    game = get_game("msx_cards")
    with pytest.raises(ValueError, match="exactly 2"):
        Match.start(game, [Seat("A")], {"versus": True}, seed=1)
    with pytest.raises(ValueError, match="solo is for 1"):
        game.setup([Seat("A"), Seat("B")], game.spec.resolve_options({}), 1)
    sc = go(board("penguin-adventure", "babaliba", versus=True, first=ENEMY))
    assert sc.decision().seat == ENEMY
    assert sorted(sc.legal()) == ["attack", "capsule LEFT", "capsule RUN", "capsule STOP"]
    dice.script(d8(1), NO)
    sc.play("capsule STOP")  # pointless in solo, simply spent in versus
    assert sc.state.fighters[ENEMY]["green"] is False and not sc.events("capsule_wasted")
    dice.script(d8(1), NO, d8(1), NO)
    sc.play("capsule POWER")
    assert sc.state.respond is False  # no pending response in versus
    assert sc.decision().seat == PLAYER  # the enemy's button is red: its action ran on its own
    s = sc.state
    flow.lose(s, {"k": "end.pool_empty"})
    assert sc.game.result(s).winners == (ENEMY,)
