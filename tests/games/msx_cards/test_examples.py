"""The manual's worked examples as scripted-dice scenarios, and Boss duels won and lost."""

from __future__ import annotations

import pytest

from tabletop.games.msx_cards import combat
from tabletop.games.msx_cards.cards import catalogue
from tabletop.games.msx_cards.state import ENEMY, PLAYER

from .helpers import Dice, board, dice_fixture, duel, go, say  # noqa: F401

NO = (20, 20)


def test_damage_increased_5_and_msx2_9_to_14_to_6(dice: Dice, monkeypatch: pytest.MonkeyPatch) -> None:
    """Roll + Attack + Defense = 9; Damage Increased +5 makes 14; the target's MSX2 (-8) leaves 6."""
    monkeypatch.setitem(catalogue().cards["mad-mix-game"], "ability",
                        {"kind": "DAMAGE_INCREASED", "amount": 5, "vs_race": None})
    sc = go(board("mad-mix-game", "moonsound", world=2, versus=True, first=ENEMY))  # a d12 World
    dice.script((12, 1), NO)
    sc.play("capsule MSX2")  # the enemy seat raises MSX2, then attacks
    dice.script((12, 8), NO, (12, 1), NO)
    sc.play("attack")
    mine = [a for a in sc.events("attack") if a["by"] == PLAYER][0]
    assert say(mine["steps"]) == ["d12 8", "+ Attack 5 = 13", "+ Moonsound Defense \u22124 = 9",
                             "+ Damage Increased +5 = 14", "\u2212 MSX2 8 = 6", "damage 6"]


def test_goto_sets_defense_to_minus_12_for_one_turn(dice: Dice) -> None:
    sc = go(board("msx-audio", "penguin-adventure"))
    sc.state.fighters[ENEMY]["green"] = False
    dice.script((8, 1), NO, (8, 8), NO)
    sc.play("capsule GOTO")
    hit = [a for a in sc.events("attack") if a["by"] == ENEMY][0]
    assert say(hit["steps"][2]) == "+ MSX-Audio Defense \u221212 (\u22125, GOTO sets \u221212) = 1"
    assert hit["damage"] == 1
    dice.script((8, 1), NO, (8, 8), NO)
    sc.play("attack")
    hit = [a for a in sc.events("attack") if a["by"] == ENEMY][-1]
    assert hit["damage"] == 8 + 5 - 5  # a turn later the printed -5 is back


def _pentagon_example(dice: Dice) -> dict:
    sc = board("mad-mix-game", "valis", pvit=20, check=True)
    dice.script((20, 1), (6, 6), (6, 1))
    go(sc)
    return {"event": sc.last("event"), "vit": sc.state.fighters[PLAYER]["vit"], "view": sc.view(PLAYER)}


def test_pentagon_mad_mix_game_meets_valis_medicines_plus_7(dice: Dice) -> None:
    out = _pentagon_example(dice)
    ev = out["event"]
    assert (ev["visitor"], ev["sector"], ev["ring"], ev["shade"], ev["event"]) == (PLAYER, 5, 1, "light",
                                                                                   "medicines")
    assert out["vit"] == 20 + 7
    last = out["view"]["pentagon"]["last"]
    assert last["tint"] == "yellow" and say(last["lines"]) == ["Mad Mix Game gains 7 \u00d7 1 = 7 Vitality (27)"]


def test_pentagon_example_on_a_dark_cell_gives_plus_14(dice: Dice) -> None:
    row = catalogue().pentagons["pent-tape"]["shades"][0]
    assert row[4] == "light"
    row[4] = "dark"
    try:
        out = _pentagon_example(dice)
    finally:
        row[4] = "light"
    assert out["event"]["mult"] == 2 and out["vit"] == 20 + 14


def test_scorching_sun_costs_red_4_and_brown_5(dice: Dice) -> None:
    sc = board("penguin-adventure", "xak", pvit=20, check=True)
    dice.script((20, 1), (8, 2), (8, 2), (6, 6), (6, 1))
    go(sc)
    ev = sc.last("event")
    assert ev["event"] == "scorching-sun" and ev["mult"] == 1
    assert sc.state.fighters[PLAYER]["vit"] == 20 - 4 and sc.state.fighters[ENEMY]["vit"] == 38 - 5


def test_shield_lasts_two_full_turns(dice: Dice) -> None:
    sc = go(board("aleste", "penguin-adventure"))
    sc.state.fighters[ENEMY]["green"] = False
    dice.script((8, 1), NO, (8, 8), NO, (8, 1), NO, (8, 8), NO, (8, 1), NO, (8, 8), NO)
    sc.play("capsule SHIELD", "attack", "attack")
    taken = [a["damage"] for a in sc.events("attack") if a["by"] == ENEMY]
    assert taken == [8 + 5 - 3 - 6, 8 + 5 - 3 - 6, 8 + 5 - 3]


def test_shield_covers_two_boss_attacks(dice: Dice) -> None:
    sc = go(duel("aleste", "grey"))  # you attack on T1, T3, T5...; the Boss on T2, T4, T6
    dice.script((8, 8), (8, 8), (8, 8), (8, 8), (8, 8), (8, 8))
    sc.play("capsule SHIELD", "attack", "attack")
    taken = [a["damage"] for a in sc.events("attack") if a["by"] == ENEMY]
    assert taken == [max(0, 8 + 2 - 3 - 6), max(0, 8 + 3 - 3 - 6), 8 + 4 - 3]


def test_cont_lasts_the_whole_battle(dice: Dice) -> None:
    sc = go(board("valis", "penguin-adventure", pvit=30))
    sc.state.fighters[ENEMY]["green"] = False
    script = [(8, 2), NO, (8, 8)] + [NO, (8, 2), NO, (8, 8)] * 3 + [NO]
    dice.script(*script)
    sc.play("capsule CONT.", "attack", "attack", "attack")
    revived = [s for a in sc.events("attack") for s in say(a["steps"]) if s.startswith("CONT.")]
    assert revived == ["CONT.: back up at 8"]
    assert sc.state.fighters[PLAYER]["vit"] == 8 and combat.has(sc.state, PLAYER, "REVIVE") is None


def test_boss_duel_won(dice: Dice) -> None:
    sc = go(duel("knightmare", "grey", vit=40))
    dice.script(*[(8, 8)] * 8)
    sc.play("attack", "attack", "attack", "attack")
    assert sc.state.duel["results"] == ["hit 14", "took 8", "hit 13", "took 9", "hit 12", "took 10",
                                        "hit 11", "took 11"]
    assert sc.state.cleared == 1 and sc.decision().kind == "extra"
    view = sc.view(PLAYER)
    assert [t["result"] for t in view["boss"]["track"]][0] == {"outcome": "hit", "amount": 14} and view["boss"]["set"] == "grey"


def test_boss_duel_lost_at_zero_vitality(dice: Dice) -> None:
    sc = go(duel("knightmare", "grey", vit=8))
    dice.script((8, 8), (8, 8))
    sc.play("attack")
    assert sc.state.outcome == "lost" and "T2" in say(sc.state.reason)
    assert sc.game.result(sc.state).scores == (0.0,)
