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
from tabletop.engine.search import RefiningSearchBot, SearchBot

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
    return _logistic(m)


def duel_chance(s: MsxState) -> float:
    """A Boss duel under way: its exact odds from the step reached (``odds.duel_win``, no more
    capsules), as the heuristic computes them."""
    from .bots import duel_win
    from .cards import catalogue
    from .combat import world

    duel, mine = s.duel, s.fighters[PLAYER]
    assert duel is not None
    if mine is None or mine["vit"] <= 0:
        return 0.0
    if duel["step"] > 8:
        return 1.0
    entries = catalogue().bosses[duel["boss"]][duel["set"]]
    taken = any(str(r).startswith("took") for r in duel["results"])
    return duel_win(mine["card"], mine["vit"], world(s)["die"], entries, start=duel["step"], first_taken=taken)


def _logistic(m: float) -> float:
    return 0.03 + 0.94 / (1.0 + math.exp(-SLOPE * m))


_CARRIED: dict[tuple[Any, ...], float] = {}
_DRAFTED: dict[tuple[Any, ...], float] = {}


def carried_chance(s: MsxState) -> float:
    """The next battle's chance for the fighter you keep on the board, with the Vitality it has
    left, against the enemy still to come: the mean over the World's enemies not yet beaten
    (R8) of the matchup's chance. A win that leaves your fighter at 2 Vitality is not worth one
    that leaves it at 30: ``P_BATTLE`` rated them the same."""
    from .bots import as_fighter, matchup
    from .combat import world

    mine = s.fighters[PLAYER]
    assert mine is not None
    w = world(s)
    vit = max(0, mine["vit"]) + s.bonus
    key = (mine["card"], vit, w["id"], tuple(s.beaten))
    found = _CARRIED.get(key)
    if found is None:
        from .cards import catalogue

        foes = [c for c in w["pool"] if c not in s.beaten] or [c for c in catalogue().card_ids if c not in s.beaten]
        me = as_fighter(mine["card"], vit)
        found = sum(_logistic(matchup(w["die"], me, as_fighter(c))) for c in foes) / len(foes)
        if len(_CARRIED) > 50000:
            _CARRIED.clear()
        _CARRIED[key] = found
    return found


def drafted_chance(s: MsxState) -> float:
    """The next battle's chance when you must draft against the enemy still on the board: the
    best of three cards drawn from your pool (R7) against that enemy *with the Vitality it has
    left*, by order statistics over the pool's matchup chances (a wounded survivor is an easy
    battle for whoever comes in next); the best of the three on offer once they are drawn."""
    from .bots import as_fighter, matchup
    from .cards import catalogue
    from .combat import world

    foe = s.fighters[ENEMY]
    assert foe is not None
    offered = s.phase == "draft" and s.draft_for == "battle" and bool(s.draft)
    pool = s.draft if offered else s.pool
    if not pool:
        return 0.0
    w = world(s)
    key = (offered, foe["card"], max(0, foe["vit"]), s.bonus, w["id"], tuple(pool))
    found = _DRAFTED.get(key)
    if found is None:
        data = catalogue().cards
        them = as_fighter(foe["card"], max(1, foe["vit"]))
        vals = sorted(_logistic(matchup(w["die"], as_fighter(c, data[c]["vitality"] + s.bonus), them)) for c in pool)
        n = len(vals)
        if offered or n < 3:
            found = vals[-1]
        else:
            total = n * (n - 1) * (n - 2) / 6
            found = sum(v * (i * (i - 1) / 2) / total for i, v in enumerate(vals))
        if len(_DRAFTED) > 50000:
            _DRAFTED.clear()
        _DRAFTED[key] = found
    return found


def next_battle_chance(s: MsxState) -> float:
    """The chance of the battle under way or about to start, from whoever is on the board."""
    mine, theirs = s.fighters[PLAYER], s.fighters[ENEMY]
    alive_me = mine is not None and mine["vit"] > 0
    alive_them = theirs is not None and theirs["vit"] > 0
    if s.mode == "battle" and alive_me and alive_them:
        return battle_chance(s)
    if alive_me and not alive_them:
        return carried_chance(s)
    if alive_them and not alive_me:
        return drafted_chance(s)
    return P_BATTLE


def evaluate(game: Any, s: MsxState) -> list[float]:
    """Your side's chance of completing the Mission, modelled: the battle under way (or the next
    one, from the fighter carried over or the enemy left standing, with their Vitality), the
    World's remaining victories before a third loss, its Boss, then every later World at a flat
    rate; a Boss duel under way by its exact odds. The enemy seat of the versus variant gets the
    rest."""
    from .cards import catalogue

    total = len(catalogue().missions[s.mission]["worlds"])
    later = max(0, total - s.world - 1)
    if s.mode == "boss" and s.duel is not None and s.duel.get("set"):
        here = duel_chance(s)
    elif s.wins >= 3:
        here = P_BOSS
    else:
        here = _reach(3 - s.wins, 3 - s.losses, next_battle_chance(s)) * P_BOSS
    value = min(1.0, max(0.0, here * P_WORLD ** later))
    return [value, 1.0 - value] if s.versus else [value]


ITERATIONS = 48
"""Playouts per decision: a fixed count, so a bot game replays exactly (the CPU and wall limits
of ``engine.search`` stay as caps for a slow machine)."""


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory): ISMCTS refining the heuristic's answer: it
    stands unless another action's mean beats it by the margin plus the sampling noise
    (``RefiningSearchBot``). The evaluation's values are chances of completing the Mission, whose
    spread over playouts is about a tenth, hence ``spread=0.1``."""
    return RefiningSearchBot(determinize, evaluate, iterations=ITERATIONS, exploration=0.5, depth=3,
                             first_bias=0.5, prior="heuristic", margin=0.005, spread=0.1)
