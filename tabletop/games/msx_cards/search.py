"""MSX Cards for the search bot: nothing on the table is hidden, the future is.

Every card and die on the table is public (``hidden_info=False``); what a seat cannot know is
what comes next: the enemies the World will send, the draft's three cards, every die. All of it is
drawn inside ``apply`` from the state's generator, so a determinization is a copy with that
generator reseeded. The log stays whole: it holds nothing private, and the rules number capsule
effect groups by its length.
"""

from __future__ import annotations

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


def evaluate(game: Any, s: MsxState) -> list[float]:
    """Your side's chance of completing the Mission, modelled: the battle under way from the two
    fighters' Vitality, the World's remaining victories before a third loss, its Boss, then every
    later World at a flat rate. The enemy seat of the versus variant gets the rest."""
    from .cards import catalogue

    total = len(catalogue().missions[s.mission]["worlds"])
    later = max(0, total - s.world - 1)
    mine, theirs = s.fighters[PLAYER], s.fighters[ENEMY]
    if s.mode == "boss" and s.duel is not None:
        vit = max(0, mine["vit"]) if mine is not None else 0
        step = s.duel["step"]
        here = min(0.97, P_BOSS + (1 - P_BOSS) * (step - 1) / 8) * (0.6 + 0.4 * min(1.0, vit / 12))
    else:
        first = P_BATTLE
        if s.mode == "battle" and mine is not None and theirs is not None:
            a, b = max(0, mine["vit"]), max(0, theirs["vit"])
            first = 0.05 + 0.9 * a / max(1, a + b)
        here = _reach(3 - s.wins, 3 - s.losses, first) * P_BOSS if s.wins < 3 else P_BOSS
    value = min(1.0, max(0.0, here * P_WORLD ** later))
    return [value, 1.0 - value] if s.versus else [value]


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory): ISMCTS refining the heuristic's answer
    (it stands unless the search finds one better by the margin)."""
    return SearchBot(determinize, evaluate, exploration=0.7, depth=8, first_bias=0.5, prior="heuristic", margin=0.03)
