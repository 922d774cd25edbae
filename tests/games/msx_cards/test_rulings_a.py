"""One test per ruling R1-R21 of the MSX Cards spec (scripted dice where chance matters)."""

from __future__ import annotations

from tabletop.games.msx_cards import combat, flow
from tabletop.games.msx_cards.cards import catalogue
from tabletop.games.msx_cards.state import ENEMY, PLAYER

from .helpers import Dice, board, dice_fixture, duel, go, say  # noqa: F401

NO = (20, 20)
"""An event check that does not fire."""


def d8(v: int) -> tuple[int, int]:
    return (8, v)


def test_R1_defense_is_negative_and_added(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii"))
    dice.script(d8(6), NO, d8(3), NO)
    sc.play("attack")
    hits = sc.events("attack")
    assert hits[-2]["damage"] == 6 + 5 - 4 == 7
    assert say(hits[-2]["steps"][:3]) == ["d8 6", "+ Attack 5 = 11", "+ Ys II Defense \u22124 = 7"]
    assert hits[-1]["damage"] == 3 + 5 - 3
    assert sc.state.fighters[ENEMY]["vit"] == 33 - 7 and sc.state.fighters[PLAYER]["vit"] == 28 - 5
    dice.done()


def test_R2_attack_floored_at_zero_defense_capped_at_zero(dice: Dice) -> None:
    # The enemy seat (versus) puts Sir Fred (A 4) to sleep: 4 - 5 is floored at 0.
    sc = go(board("sir-fred", "ys-ii", versus=True, first=ENEMY))
    dice.script(d8(3), NO)
    sc.play("capsule SLEEP")
    assert (lambda v: (v[0], say(v[1])))(combat.attack_value(sc.state, PLAYER)) == (0, ["SLEEP \u22125", "floored at 0"])
    dice.script(d8(7), NO, d8(1), NO)
    sc.play("attack")
    assert sc.last("attack")["by"] == ENEMY
    mine = sc.events("attack")[-2]
    assert mine["by"] == PLAYER and mine["damage"] == 7 + 0 - 4
    # POKE +4 on Game Over's Defense -2 stops at 0.
    sc = go(board("fm-pac", "game-over"))
    dice.script(d8(1), NO, (6, 1), d8(1), NO)
    sc.play("capsule POKE")
    first = sc.events("attack")[0]
    assert first["damage"] == 1 + 4 + 0
    assert "capped at 0" in say(first["steps"][2])


def test_R3_no_wound_no_bonus(dice: Dice) -> None:
    sc = go(board("mad-mix-game", "msx-dos"))  # Damage Increased +2 against Defense -7
    dice.script(d8(1), NO, d8(2), NO)
    sc.play("attack")
    first = sc.events("attack")[0]
    assert first["damage"] == 0 and "no wound" in say(first["steps"])
    assert not any("Damage Increased" in step for step in say(first["steps"]))


def test_R4_modifier_order_double_increase_halve_reduce(dice: Dice) -> None:
    # Sir Fred (Damage Reduced 2) dodges LEFT; Xak II (Damage Increased +2) answers with CRIT.
    sc = go(board("xak-ii", "sir-fred", versus=True, first=ENEMY))
    dice.script(d8(1), NO)
    sc.play("capsule LEFT")
    dice.script(d8(7), NO, d8(1), NO)
    sc.play("capsule CRIT")
    mine = [e for e in sc.events("attack") if e["by"] == PLAYER][0]
    assert say(mine["steps"][1:]) == ["+ Attack 5 = 12", "+ Sir Fred Defense \u22124 = 8", "\u00d7 2 CRIT = 16",
                                 "+ Damage Increased +2 = 18", "halved (LEFT) = 9",
                                 "\u2212 Damage Reduced 2 = 7", "damage 7"]


def test_R5_a_turn_is_two_actions_and_a_duel_step_is_one(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii"))
    assert (sc.state.turn, sc.state.half) == (1, 0)
    dice.script(d8(2), NO, d8(2), NO)
    sc.play("attack")
    assert (sc.state.turn, sc.state.half, sc.state.act_no) == (2, 0, 3)
    sc = go(duel("penguin-adventure", "grey"))
    assert sc.decision().kind == "act" and sc.state.duel["step"] == 1
    dice.script(d8(5), d8(3))  # your T1 attack, then the Boss's T2 attack
    sc.play("attack")
    assert sc.state.duel["step"] == 3 and sc.state.duel["results"] == ["hit 7", "took 2"]


def test_R6_initiative_resistance_bonus_bonus_ability_and_ties(dice: Dice) -> None:
    sc = board("freddy-hardest", "penguin-adventure")  # Resistance 3 against 2: +1 for you
    sc.state.mode = "battle"
    dice.script((6, 3), (6, 4), (6, 2), (6, 5))
    flow.initiative(sc.state)
    assert sc.last("tie")["total"] == 4
    assert sc.state.init == ENEMY and sc.state.last_init["totals"] == [3, 5]
    sc = board("valis", "metal-gear-2")  # 4 vs 3 Resistance (+1 you) and Initiative Bonus 1 (enemy)
    dice.script((6, 2), (6, 2), (6, 4), (6, 3))
    flow.initiative(sc.state)
    assert sc.state.last_init["mods"] == [1, 1] and sc.state.init == PLAYER
    sc = board("penguin-adventure", "ys-ii")  # equal Resistance: no bonus
    dice.script((6, 4), (6, 3))
    flow.initiative(sc.state)
    assert sc.state.last_init["mods"] == [0, 0] and sc.state.init == PLAYER


def test_R7_draft_of_three_and_the_classic_variant() -> None:
    from scenario import Scenario
    sc = Scenario("msx_cards", players=1, seed=7)
    assert sc.decision().kind == "draft"
    offered = [a.split(" ", 1)[1] for a in sc.legal()]
    assert len(offered) == 3 and len(set(offered)) == 3
    sc.play(f"pick {offered[1]}")
    assert sc.state.fighters[PLAYER]["card"] == offered[1]
    assert offered[0] in sc.state.pool and offered[2] in sc.state.pool and offered[1] not in sc.state.pool
    classic = Scenario("msx_cards", players=1, options={"classic": True}, seed=7)
    assert classic.decision().kind == "act"
    assert classic.state.fighters[PLAYER]["card"] not in classic.state.pool


def test_R8_enemy_never_repeats_a_defeated_enemy_in_the_world() -> None:
    sc = board("penguin-adventure", "ys-ii")
    s = sc.state
    pool = combat.world(s)["pool"]
    s.beaten = pool[:-1]
    s.fighters[ENEMY] = None
    flow.draw_enemy(s)
    assert s.fighters[ENEMY]["card"] == pool[-1]
    s.beaten = list(pool)
    for _ in range(20):
        flow.draw_enemy(s)
        assert s.fighters[ENEMY]["card"] not in pool  # pool exhausted: the full catalogue, minus them


def test_R9_three_losses_end_the_run_three_victories_lead_to_the_boss(dice: Dice) -> None:
    sc = board("penguin-adventure", "ys-ii", pvit=1, first=ENEMY)
    sc.state.losses = 2
    dice.script(d8(8))
    go(sc)
    assert sc.state.losses == 3 and sc.state.outcome == "lost" and sc.decision() is None
    sc = go(board("penguin-adventure", "ys-ii", evit=2))
    sc.state.wins = 2
    dice.script(d8(8))
    sc.play("attack")
    assert sc.state.wins == 3 and sc.decision().kind == "boss_choice"
    dice.script((6, 6), (6, 1))  # duel initiative: you win, the grey set
    sc.play("keep")
    assert sc.state.duel["set"] == "grey" and sc.decision().kind == "act"
    sc.state.duel["step"] = 9
    sc.state.phase = "bstep"
    go(sc)
    assert sc.decision().kind == "extra"
    dice.script((20, 5)).loose()
    sc.play("roll")
    assert (sc.state.wins, sc.state.losses, sc.state.world) == (0, 0, 1)  # tallies reset per World


def test_R10_the_winner_keeps_its_vitality(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii", pvit=20, evit=3))
    dice.script(d8(8)).loose()
    sc.play("attack")
    s = sc.state
    assert s.fighters[PLAYER]["card"] == "penguin-adventure"
    assert s.fighters[ENEMY] is not None and s.fighters[ENEMY]["card"] != "ys-ii"
    assert say(sc.last("battle")).startswith("Battle: Penguin Adventure (20)")


def test_R11_one_capsule_per_battle_green_again_next_battle(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii", evit=30))
    dice.script(d8(1), NO, (6, 4), (8, 1), NO)  # POWER; the enemy answers with d6 4 = SLEEP
    sc.play("capsule POWER")
    assert sc.state.fighters[PLAYER]["green"] is False
    assert sc.legal() == ["attack"]
    sc.state.fighters[ENEMY]["vit"] = 1
    dice.script(d8(8)).loose()
    sc.play("attack")
    assert sc.state.fighters[PLAYER]["green"] is True and sc.state.fighters[PLAYER]["used"] == []


def test_R12_capsules_only_at_the_start_of_your_own_action(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii"))
    assert "capsule POWER" in sc.legal()
    dice.script(d8(2), NO, (6, 3), d8(2), NO)
    sc.play("capsule POWER")
    kinds = [e["k"] for e in sc.state.log]
    assert kinds.index("capsule") < kinds.index("attack")  # used before the attack
    # the enemy's action never asked anybody anything: the next decision is yours again
    assert sc.decision().seat == PLAYER and sc.state.actor == PLAYER


def test_R13_the_enemy_only_answers_your_capsule(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii"))
    dice.script(d8(2), NO, d8(2), NO)
    sc.play("attack")
    assert not sc.events("capsule") and sc.state.fighters[ENEMY]["green"]
    dice.script(d8(2), NO, (6, 3), d8(2), NO)  # d6 3 = SPELL on Ys II
    sc.play("capsule COMBO")
    assert [e["side"] for e in sc.events("capsule")] == [PLAYER, ENEMY]
    assert sc.state.respond is False and sc.state.fighters[ENEMY]["green"] is False


def test_R14_enemy_pick_rerolls_empty_and_unlit_slots_and_wastes_pointless(dice: Dice) -> None:
    sc = go(board("msx-basic", "babaliba"))  # Babaliba lights STOP, RUN, LEFT
    dice.script(d8(3), NO, (6, 3), (6, 1), (6, 4), d8(2), NO)
    sc.play("capsule RAM")  # an INSTANT heal: nothing left running for STOP to end
    rerolls = sc.events("reroll")
    assert [e["slot"] for e in rerolls] == [3, 1]
    wasted = sc.last("capsule_wasted")
    assert wasted["capsule"] == "STOP" and sc.state.fighters[ENEMY]["green"] is False
    assert [e["side"] for e in sc.events("capsule")] == [PLAYER]


def test_R15_durations_counted_in_actions(dice: Dice) -> None:
    sc = go(board("msx-basic", "penguin-adventure"))
    dice.script(d8(2), NO, (6, 1), d8(8), NO)  # you GOTO; the enemy answers with POWER
    sc.play("capsule GOTO")
    enemy_hit = [e for e in sc.events("attack") if e["by"] == ENEMY][0]  # action 2 still sees GOTO
    assert "GOTO sets \u221212" in say(enemy_hit["steps"][2]) and "POWER +4" in say(enemy_hit["steps"][1])
    assert [e["cap"] for e in sc.state.effects] == ["POWER"]  # action 3: GOTO ended, POWER still on
    dice.script(d8(1), NO, d8(1), NO)
    sc.play("attack")
    enemy_hit = [e for e in sc.events("attack") if e["by"] == ENEMY][-1]  # action 4: POWER ended
    assert say(enemy_hit["steps"][1]) == "+ Attack 5 = 6" and sc.state.effects == []


def test_R16_stat_capsules_override_alterations_other_effects_combine(dice: Dice) -> None:
    # Nemesis sets green opponents' Defense to -2; GOTO overrides it for one turn.
    sc = go(board("msx-basic", "nemesis"))
    assert combat.defense_value(sc.state, PLAYER)[0] == -2
    dice.script(d8(2), NO, d8(8), NO)
    sc.state.fighters[ENEMY]["green"] = False  # no reply: keep the timeline simple
    sc.play("capsule GOTO")
    enemy_hit = [e for e in sc.events("attack") if e["by"] == ENEMY][0]
    assert enemy_hit["damage"] == 8 + 6 - 12 == 2
    assert combat.defense_value(sc.state, PLAYER)[0] == -2
    # a damage capsule combines with the Damage Reduced ability
    sc = go(board("penguin-adventure", "sir-fred"))
    dice.script(d8(6), NO, d8(1), NO)
    sc.state.fighters[ENEMY]["green"] = False
    sc.play("capsule COMBO")
    mine = sc.events("attack")[0]
    assert say(mine["steps"][-3:]) == ["+ COMBO +4 = 11", "\u2212 Damage Reduced 2 = 9", "damage 9"]


def test_R17_healing_has_no_cap_regeneration_does(dice: Dice) -> None:
    sc = go(board("msx-basic", "penguin-adventure"))
    sc.state.fighters[ENEMY]["green"] = False
    dice.script(d8(1), NO, d8(1), NO)
    sc.play("capsule RAM")
    assert sc.state.fighters[PLAYER]["vit"] == 28 + 8 - (1 + 5 - 4)
    sc = go(board("freddy-hardest", "penguin-adventure", pvit=25))  # Regeneration 2, printed 26
    dice.script(d8(1), NO, d8(1), NO)
    sc.play("attack")
    assert sc.state.fighters[PLAYER]["vit"] == 26  # 25 +1 (capped at 26), -2 hit, +2 again
    s = sc.state
    s.fighters[PLAYER]["vit"] = 40
    combat.regenerate(s, PLAYER)
    assert s.fighters[PLAYER]["vit"] == 40


def test_R18_event_check_d20_at_or_under_threshold_not_on_the_first_action(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii"))
    assert dice.seen == []  # the first action made no check
    dice.script(d8(1), (20, 2), d8(1), (20, 1), (6, 5), (6, 1))
    sc.play("attack")  # the enemy's check 2 > 1: no event; your check 1: an event
    assert len(sc.events("event")) == 1 and sc.last("event")["d20"] == 1


def test_R19_an_event_cancels_the_action_about_to_start(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "ys-ii"))
    dice.script(d8(1), (20, 1), (6, 6), (6, 1))
    sc.play("attack")
    assert [e["by"] for e in sc.events("attack")] == [PLAYER]  # the enemy never attacked
    assert sc.decision().seat == PLAYER and sc.state.turn == 2


def test_R20_the_weaker_fighter_visits_yours_on_a_tie(dice: Dice) -> None:
    for pvit, evit, visitor in ((10, 20, PLAYER), (20, 10, ENEMY), (15, 15, PLAYER)):
        sc = board("penguin-adventure", "ys-ii", pvit=pvit, evit=evit, check=True, first=ENEMY)
        dice.script((20, 1), (6, 6), (6, 1))  # ring 3 of the tape pentagon: Power Capsule
        go(sc)
        assert sc.last("event")["visitor"] == visitor


def test_R21_sector_is_the_visitors_last_lit_capsule(dice: Dice) -> None:
    sc = board("mad-mix-game", "valis", pvit=10, check=True)
    dice.script((20, 1), (6, 6), (6, 1))
    go(sc)
    assert sc.last("event")["sector"] == catalogue().capsules["LEFT"]["index"] == 5
    sc = board("penguin-adventure", "ys-ii", pvit=10, check=True)  # POWER, COMBO: COMBO is index 3
    dice.script((20, 1), (6, 6), (6, 1))
    go(sc)
    assert sc.last("event")["sector"] == 3
