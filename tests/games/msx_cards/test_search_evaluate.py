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
