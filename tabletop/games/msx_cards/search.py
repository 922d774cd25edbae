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


def evaluate(game: Any, s: MsxState) -> list[float]:
    """Your side's chance, guessed from Worlds cleared, this World's victories and losses (three
    losses end the run) and the Vitality of the two fighters on the table; the enemy seat of the
    versus variant gets the rest."""
    from .cards import catalogue

    total = len(catalogue().missions[s.mission]["worlds"])
    value = (s.cleared + s.wins / 4.0) / total
    value -= 0.12 * s.losses
    mine, theirs = s.fighters[PLAYER], s.fighters[ENEMY]
    if s.mode == "battle" and mine is not None and theirs is not None:
        a, b = max(0, mine["vit"]), max(0, theirs["vit"])
        value += 0.08 * ((a - b) / max(1, a + b)) / total * 4
    elif s.mode == "boss" and mine is not None and s.duel is not None:
        value += 0.1 * min(1.0, max(0, mine["vit"]) / 20.0) * s.duel["step"] / 8.0 / total * 4
    value = 0.15 + 0.85 * min(1.0, max(0.0, value))
    return [value, 1.0 - value] if s.versus else [value]


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory)."""
    return SearchBot(determinize, evaluate, exploration=0.7, depth=40)
