"""The Villainous state: plain JSON data only (see docs/KERNEL.md).

Cards in play live in each player's ``cards`` dict, keyed by instance id, in the order they came
into play (a moved Hero is re-inserted, so it joins behind the others). A record is
``{"loc": 0..3, "side": "h"|"v", "on": host id or None}`` plus a few optional flags:
``w`` (a Wicket), ``hyp`` (a Hypnotized Hero acting as an Ally), ``stolen`` (a Villain Item held
by a Hero), ``pw`` (Power parked on a Hero), ``sz`` (``"s"`` shrunk / ``"e"`` enlarged) with
``slot`` (the covered slot of a shrunk Hero) or ``spill`` (``[loc, slot]`` of an enlarged one) and
``eby`` (the seat that enlarged him: it places the spill again when he is moved, R27).

Resolution is a stack of frames (``stack``); a frame that needs an answer stores a ``pending``
choice, which is the current decision. This is how every mid-resolution choice is a Decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict

from tabletop.engine import BaseState


class Player(TypedDict):
    name: str
    villain: str
    power: int
    hand: list[str]
    deck: list[str]
    discard: list[str]
    fdeck: list[str]
    fdiscard: list[str]
    cards: dict[str, dict[str, Any]]
    mover: int
    locked: list[bool]
    vanish: bool
    dragon: int
    unlocked: list[int]


@dataclass(kw_only=True)
class VState(BaseState):
    players: list[Player] = field(default_factory=list)
    phase: str = "draft"
    turn: int = 0
    round: int = 1
    stack: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    winner: int | None = None
    reason: dict[str, Any] | str = ""
    """Why the game ended: a message in its plain form (a format-1 save holds English text)."""
    used: list[str] = field(default_factory=list)
    """Action-symbol slots used this turn (``"2t0"``, ``"1b1"``, ``"x<item id>"``)."""
    tf: dict[str, Any] = field(default_factory=dict)
    """Per-turn facts: conditions played, defeats since the last window, temporary modifiers."""
    revealed: list[str] = field(default_factory=list)
    """Cards revealed to everyone and not yet placed (the two Fate cards being chosen, ...)."""
    resolving: list[str] = field(default_factory=list)
    """Effects being resolved (between being played and reaching a discard pile)."""
    looking: list[str] = field(default_factory=list)
    look_seat: int = -1
    """Cards only ``look_seat`` is looking at (Give Them a Scare, Crown)."""
    always_ask: bool = False
    holders_only: bool = False
    humans: list[bool] = field(default_factory=list)
    """Which seats a person plays: their Condition prompts follow public facts only (R17, ``turn``)."""
    round_limit: int = 100
    draft: list[str] = field(default_factory=list)
