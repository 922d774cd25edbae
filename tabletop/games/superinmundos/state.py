"""The Superinmundos state: plain JSON data only (see docs/KERNEL.md).

The arena is a list of units from the bottom up; the last entry is always the active unit (§6.1,
S21). The attacker of the current combat is held apart in ``attacker`` until the combat resolves,
so "beneath the active unit" is always ``arena.insert(len(arena) - 1, unit)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict

from tabletop.engine import BaseState
from tabletop.engine.state import Copier, strings


class Player(TypedDict):
    name: str
    hand: list[str]
    team: int
    """Loot pile index: the seat itself, or the team (0 or 1) in the 2 vs 2 variant."""
    swap_used: bool
    asked: bool
    """Has used this round's question about someone's loot count (S22)."""
    battles_won: int


class Sup(TypedDict):
    """A support card attached to one component of a unit."""

    card: str
    on: str
    stat: str
    amount: int
    by: int


class Mod(TypedDict):
    """A lasting stat change from an ability or event on a unit (never doubled, S9)."""

    stat: str
    amount: int
    dur: str


class Unit(TypedDict):
    cards: list[str]
    owner: int
    supports: list[Sup]
    mods: list[Mod]
    fused: str
    """"none", "temp" (dissolves after winning, S37) or "persistent" (Fusión de poderes, S38)."""
    loose: bool
    """Beneath the active unit: defeated, set aside or a loose penalty; inert future loot."""
    paid: list[str]
    """Cards of this unit whose paid ability was used in the current combat (S24)."""


@dataclass(kw_only=True)
class SuperState(BaseState):
    players: list[Player] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    mixed: bool = False
    total: int = 0
    hand_size: int = 7
    round_limit: int = 5
    teams: bool = False
    swap_enabled: bool = True
    prompt_all: bool = False
    holders_only: bool = False
    humans: list[bool] = field(default_factory=list)
    """Which seats a person plays: their window prompts follow public facts only (``asking``)."""
    round: int = 0
    rounds_done: int = 0
    start: int = 0
    dealer: int = 0
    phase: str = "setup"
    turn: int = 0
    queue: list[int] = field(default_factory=list)
    eliminated: list[int] = field(default_factory=list)
    arena: list[Unit] = field(default_factory=list)
    attacker: Unit | None = None
    decl: dict[str, Any] | None = None
    mode: str = ""
    retracted: list[str] = field(default_factory=list)
    declarations: int = 0
    events_closed: bool = False
    fusion_turn: bool = False
    window: dict[str, Any] | None = None
    plan: dict[str, Any] | None = None
    """A human attacker's pre-emptive support settled at his own sitting (S12, ``flow.plan_wanted``)."""
    pending: dict[str, Any] | None = None
    cemetery: dict[str, Any] | None = None
    lasting: list[str] = field(default_factory=list)
    answers: dict[str, dict[str, int]] = field(default_factory=dict)
    battle_winner: int | None = None
    over: bool = False
    end_reason: str | dict[str, Any] = ""
    """Why the game ended: a message in its plain form (``{"k": "end.rounds", "n": 5}``); ""
    while it runs (a format-1 save holds the English sentence of its time, which replays over)."""


def _unit(u: Unit) -> Unit:
    return {**u, "cards": u["cards"][:], "supports": [{**sp} for sp in u["supports"]],  # type: ignore[typeddict-item]
            "mods": [{**m} for m in u["mods"]], "paid": u["paid"][:]}


def _json(value: Any) -> Any:
    """A deep copy of small nested plain data (a window, a declaration, a reason)."""
    t = type(value)
    if t is dict:
        return {k: _json(v) for k, v in value.items()}
    if t is list:
        return [_json(v) for v in value]
    if t is tuple:
        return tuple(_json(v) for v in value)
    return value


COPIERS: dict[str, Copier] = {
    "players": lambda ps: [{**p, "hand": p["hand"][:]} for p in ps],
    "piles": lambda piles: [p[:] for p in piles],
    "deck": strings, "discard": strings, "removed": strings, "played": strings, "humans": strings,
    "queue": strings, "eliminated": strings, "retracted": strings, "lasting": strings,
    "arena": lambda units: [_unit(u) for u in units],
    "attacker": _unit,
    "decl": _json, "window": _json, "plan": _json, "pending": _json, "cemetery": _json,
    "answers": _json, "end_reason": _json,
}
"""How ``Superinmundos.clone`` copies each field (``engine.state.clone_with``): by its shape, sharing
the immutable strings; a field not named here is copied by ``marshal``."""
