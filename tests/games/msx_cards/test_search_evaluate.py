"""The search bot's evaluation of a position (``msx_cards.search.evaluate``).

§7: an attack's damage is die + Attack + the target's negative Defense, so a battle is decided by
the two fighters' stats as much as by their Vitality. The first evaluation counted Vitality only.
"""

from __future__ import annotations

from typing import Any

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.msx_cards import search as S
from tabletop.games.msx_cards.cards import catalogue
from tabletop.games.msx_cards.state import ENEMY, PLAYER

GAME = games.game("msx_cards")


def battle_state(seed: int = 3) -> Any:
    m = Match.start(GAME, [Seat("h", "heuristic")], {}, seed=seed)
    while m.decision() is not None:
        s = m.state
        if s.mode == "battle" and s.fighters[PLAYER] is not None and s.fighters[ENEMY] is not None \
                and m.decision().kind == "act":
            return s
        m.bot_step()
    raise AssertionError("no battle reached")


QUIET = ("EVENT_RESISTANCE", "INITIATIVE_BONUS", "CAPSULE_BRAKE")
"""Abilities that change nothing in an attack's damage (§9)."""


def weak_and_strong(cards: dict[str, Any]) -> tuple[str, str]:
    """Two cards with abilities out of the attack's way, the second better in Attack by as much as
    possible and no worse in Defense (Defense is 0 or negative and is added to the attacker's roll,
so the more negative the better)."""
    quiet = [c for c in cards.values() if c["ability"]["kind"] in QUIET]
    pairs = [(b["attack"] - a["attack"], a["id"], b["id"]) for a in quiet for b in quiet
             if b["attack"] > a["attack"] and b["defense"] <= a["defense"]]
    _, weak, strong = max(pairs)
    return weak, strong


def test_s7_a_stronger_enemy_makes_the_battle_worse_at_equal_vitality() -> None:
    cards = catalogue().cards
    base = battle_state()
    weak, strong = GAME.clone(base), GAME.clone(base)
    for s, cid in zip((weak, strong), weak_and_strong(cards), strict=True):
        s.fighters[ENEMY]["card"] = cid
        s.fighters[ENEMY]["vit"] = s.fighters[PLAYER]["vit"]
        s.effects = []
    assert S.battle_chance(weak) > S.battle_chance(strong) + 0.1
    assert S.evaluate(GAME, weak)[0] > S.evaluate(GAME, strong)[0]


def test_s7_vitality_still_counts() -> None:
    base = battle_state()
    low, high = GAME.clone(base), GAME.clone(base)
    low.fighters[PLAYER]["vit"], high.fighters[PLAYER]["vit"] = 2, 20
    assert 0.0 <= S.battle_chance(low) < S.battle_chance(high) <= 1.0


def draft_state(seed: int = 3) -> Any:
    """A battle draft pending against an enemy that is already on the board (R7, R8)."""
    m = Match.start(GAME, [Seat("h", "heuristic")], {}, seed=seed)
    while m.decision() is not None:
        s = m.state
        if s.phase == "draft" and s.draft_for == "battle" and s.fighters[ENEMY] is not None:
            return s
        m.bot_step()
    raise AssertionError("no battle draft reached")


def test_r10_a_wounded_enemy_left_standing_makes_the_next_battle_easier() -> None:
    """R10: the survivor keeps the Vitality it has left, so a draft against an enemy at 1
    Vitality is worth more than one against the same enemy unhurt (the first evaluation rated
    every draft at the flat ``P_BATTLE``)."""
    base = draft_state()
    hurt, fresh = GAME.clone(base), GAME.clone(base)
    hurt.fighters[ENEMY]["vit"] = 1
    fresh.fighters[ENEMY]["vit"] = catalogue().cards[fresh.fighters[ENEMY]["card"]]["vitality"]
    assert S.drafted_chance(hurt) > S.drafted_chance(fresh) + 0.05
    assert S.evaluate(GAME, hurt)[0] > S.evaluate(GAME, fresh)[0]


def test_r7_the_draft_on_offer_is_valued_by_its_best_card() -> None:
    """R7: once three cards are offered, the next battle is as good as the best of them."""
    from tabletop.games.msx_cards.bots import as_fighter, matchup
    from tabletop.games.msx_cards.combat import world

    s = draft_state()
    die, foe = world(s)["die"], s.fighters[ENEMY]
    them = as_fighter(foe["card"], foe["vit"])
    best = max(matchup(die, as_fighter(c, catalogue().cards[c]["vitality"] + s.bonus), them) for c in s.draft)
    assert abs(S.drafted_chance(s) - S._logistic(best)) < 1e-9


def test_r10_the_fighter_kept_is_valued_by_the_vitality_it_has_left() -> None:
    """R10: between battles, your surviving fighter carries its Vitality into the next one."""
    base = battle_state()
    low, high = GAME.clone(base), GAME.clone(base)
    for s, vit in ((low, 2), (high, 30)):
        s.fighters[ENEMY] = None
        s.mode = ""
        s.fighters[PLAYER]["vit"] = vit
    assert S.carried_chance(low) < S.carried_chance(high)
    assert S.evaluate(GAME, low)[0] < S.evaluate(GAME, high)[0]


def boss_choice_state(seed: int = 3) -> Any:
    m = Match.start(GAME, [Seat("h", "heuristic")], {}, seed=seed)
    while m.decision() is not None:
        if m.decision().kind == "boss_choice":
            return m.state
        m.bot_step()
    raise AssertionError("no Boss choice reached")


def test_r30_the_boss_ahead_counts_the_vitality_your_fighter_kept() -> None:
    """After the World's third victory, keeping your fighter for the Boss (R30) is worth more at 60
    Vitality than at 1 (in the last World, whose d20 Boss a fresh draft does not beat for sure);
    the flat Boss rate rated them the same."""
    base = boss_choice_state()
    low, high = GAME.clone(base), GAME.clone(base)
    for s, vit in ((low, 1), (high, 90)):
        s.world, s.fighters[PLAYER]["vit"] = 5, vit
    assert S.evaluate(GAME, high)[0] > S.evaluate(GAME, low)[0]
    assert S.boss_chance(high) > S.boss_chance(low)


def test_r30_the_boss_ahead_depends_on_the_boss() -> None:
    """The same fighter, pool and bonus face a World 1 Boss (d8) more easily than a World 6 one (d20)."""
    base = boss_choice_state()
    easy, hard = GAME.clone(base), GAME.clone(base)
    easy.world, hard.world = 0, 5
    assert S.boss_chance(easy) > S.boss_chance(hard)
