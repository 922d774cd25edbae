"""Bots: seat players that choose from the legal actions, seeing only their seat's view.

A bot owns no state between calls; its randomness comes from an ``Rng`` the match seeds from the
game's seed and the step number, so bot games replay exactly and never touch the game's own RNG.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .core import Action, View
from .rng import Rng

if TYPE_CHECKING:
    from .core import Decision, Game


class Bot(Protocol):
    def choose(self, game: "Game[Any]", view: View, decision: "Decision", actions: list[Action],
               rng: Rng) -> str:
        """Return the id of one of ``actions``."""
        ...


class RandomBot:
    """Any legal action, uniformly: the baseline every heuristic must beat."""

    uses_view = False
    """The match need not build a view for it (see ``Match.bot_step``)."""

    def choose(self, game: "Game[Any]", view: View, decision: "Decision", actions: list[Action],
               rng: Rng) -> str:
        return rng.choice(actions).id


def bot_rng(seed: int, step: int, seat: int) -> Rng:
    """A fresh generator for one bot decision, independent of the game's RNG stream."""
    return Rng((seed * 0x9E3779B1 + step * 0x85EBCA77 + seat * 0xC2B2AE3D + 1) & ((1 << 64) - 1))
