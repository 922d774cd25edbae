"""MSX Cards for the search bot: nothing on the table is hidden, the future is.

Every card and die on the table is public (``hidden_info=False``); what a seat cannot know is
what comes next: the enemies the World will send, the draft's three cards, every die. All of it is
drawn inside ``apply`` from the state's generator, so a determinization is a copy with that
generator reseeded. The log stays whole: it holds nothing private, and the rules number capsule
effect groups by its length.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine.determinize import reseed
from tabletop.engine.rng import Rng
from tabletop.engine.search import SearchBot

from .state import ENEMY, PLAYER, MsxState


def determinize(game: Any, state: MsxState, seat: int, rng: Rng) -> MsxState:
    """A copy of ``state`` whose chance to come is resampled."""
    d: MsxState = game.clone(state)
    reseed(d, rng)
    return d


P_BATTLE = 0.75
"""A fresh battle's chance for your side, before anything is known of it."""
P_BOSS = 0.8
"""A Boss duel's chance, before it starts."""
P_WORLD = 0.82
"""A whole later World's chance (three battles and the Boss)."""


def _reach(wins: int, losses: int, first: float) -> float:
    """Chance of ``wins`` victories before ``losses`` defeats, the first battle won with ``first``
    and every later one with ``P_BATTLE``."""
    table: dict[tuple[int, int], float] = {}

    def f(k: int, m: int, p: float) -> float:
        if k <= 0:
            return 1.0
        if m <= 0:
            return 0.0
        key = (k, m)
        if p == P_BATTLE and key in table:
            return table[key]
        v = p * f(k - 1, m, P_BATTLE) + (1 - p) * f(k, m - 1, P_BATTLE)
        if p == P_BATTLE:
            table[key] = v
        return v

    return f(wins, losses, first)


SLOPE = 0.9
"""How sharply a battle's chance follows the matchup: one turn of survival more than the enemy
is worth about 70%."""


def battle_chance(s: MsxState) -> float:
    """Your fighter's chance in the battle under way, from the two fighters' *effective* Attack and
    Defense now (capsule effects and abilities included, §7.1) and their Vitality: how many of its
    attacks each survives (the heuristic's ``matchup``) mapped through a logistic curve. Counting
    Vitality alone rated a fighter who deals 8 a turn the same as one who deals 1."""
    from .bots import matchup
    from .cards import catalogue
    from .combat import attack_value, defense_value, world

    def fighter(side: int) -> dict[str, Any]:
        f = s.fighters[side]
        assert f is not None
        c = catalogue().cards[f["card"]]
        return {"id": c["id"], "race": c["race"], "attack": c["attack"], "defense": c["defense"],
                "attack_now": attack_value(s, side)[0], "defense_now": defense_value(s, side)[0],
                "vitality": max(0, f["vit"]), "ability": c["ability"]}

    me, them = fighter(PLAYER), fighter(ENEMY)
    if them["vitality"] <= 0:
        return 1.0
    if me["vitality"] <= 0:
        return 0.0
    m = matchup(world(s)["die"], me, them)
    return 0.03 + 0.94 / (1.0 + math.exp(-SLOPE * m))


def duel_chance(s: MsxState) -> float:
    """A Boss duel under way: its exact odds from the step reached (``odds.duel_win``, no more
    capsules), as the heuristic computes them."""
    from .cards import catalogue
    from .combat import world
    from .odds import duel_win

    duel, mine = s.duel, s.fighters[PLAYER]
    assert duel is not None
    if mine is None or mine["vit"] <= 0:
        return 0.0
    if duel["step"] > 8:
        return 1.0
    entries = catalogue().bosses[duel["boss"]][duel["set"]]
    taken = any(str(r).startswith("took") for r in duel["results"])
    return duel_win(mine["card"], mine["vit"], world(s)["die"], entries, start=duel["step"], first_taken=taken)


def evaluate(game: Any, s: MsxState) -> list[float]:
    """Your side's chance of completing the Mission, modelled: the battle under way from the two
    fighters' effective stats and Vitality, the World's remaining victories before a third loss,
    its Boss, then every later World at a flat rate; a Boss duel under way by its exact odds. The
    enemy seat of the versus variant gets the rest."""
    from .cards import catalogue

    total = len(catalogue().missions[s.mission]["worlds"])
    later = max(0, total - s.world - 1)
    mine, theirs = s.fighters[PLAYER], s.fighters[ENEMY]
    if s.mode == "boss" and s.duel is not None and s.duel.get("set"):
        here = duel_chance(s)
    else:
        first = P_BATTLE
        if s.mode == "battle" and mine is not None and theirs is not None:
            first = battle_chance(s)
        here = _reach(3 - s.wins, 3 - s.losses, first) * P_BOSS if s.wins < 3 else P_BOSS
    value = min(1.0, max(0.0, here * P_WORLD ** later))
    return [value, 1.0 - value] if s.versus else [value]


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory): ISMCTS refining the heuristic's answer
    (it stands unless the search finds one better by the margin)."""
    return SearchBot(determinize, evaluate, exploration=0.7, depth=3, first_bias=0.5, prior="heuristic", margin=0.05)
