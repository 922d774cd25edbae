"""The typed tree of a Superinmundos view (``Game.view_type``): what a screen or a bot may read.

Plain JSON data, as ``views.build_view`` makes it; the conformance kit validates every view it
builds against ``SuperView`` strictly. Texts are messages in their plain form (``{"k": key, ...}``,
see :mod:`tabletop.engine.msg`), which the table's renderer turns into words.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict

Message = dict[str, Any]
"""A message in its plain form: ``{"k": "calc.card", "card": "b22", ...}``."""


class Stats(TypedDict):
    attack: int
    defense: int
    power: int


class SupportV(TypedDict):
    """What a combatant gives as a support: ``stat`` is a stat or ``any``."""

    stat: str
    amount: int


class CardV(TypedDict):
    """A card in the viewer's hand, the shared hand or a list: printed data only."""

    id: str
    name: str
    kind: str
    text: str
    element: NotRequired[str]
    stars: NotRequired[int]
    attack: NotRequired[int]
    defense: NotRequired[int]
    power: NotRequired[int]
    support: NotRequired[SupportV]
    timing: NotRequired[str]
    playable: NotRequired[bool]
    beats_active: NotRequired[bool]
    """Would it beat the unit on top alone (combatants in the hand, while a unit is on top)."""


class AttachedV(TypedDict):
    """A support card attached to one component (``on``) of a unit, by seat ``by``."""

    card: str
    name: str
    on: str
    stat: str
    amount: int
    by: int


class ModV(TypedDict):
    stat: str
    amount: int
    dur: str


class UnitV(TypedDict):
    cards: list[str]
    names: list[str]
    owner: int
    owner_name: str
    role: str
    """``attacker``, ``active`` (the unit on top) or ``beneath``."""
    fused: str
    supports: list[AttachedV]
    mods: list[ModV]
    stats: Stats
    lines: list[Message]
    """The arithmetic of its effective stats (``calc.*`` messages), where it is not just printed."""


class PlayerV(TypedDict):
    seat: int
    name: str
    team: int
    hand: int
    loot: int | None
    """Known to the viewer's own team (and to everyone once the game is over)."""
    has_loot: bool
    eliminated: bool
    battles_won: int
    swap_used: bool
    asked: bool
    owns_active: bool
    turn: bool


class DecisionV(TypedDict):
    seat: int
    kind: str
    prompt: Message


class ResultV(TypedDict):
    winners: list[int]
    scores: list[float]
    reason: Message


class ToBeatV(TypedDict):
    """What an attacker must reach against the unit on top: Attack above its ``defense`` or
    Power above its ``power``, and the notes (``beat.*`` messages) that change the sum."""

    defense: int
    power: int
    notes: list[Message]


class SuperView(TypedDict):
    game: str
    you: int | None
    round: int
    round_limit: int
    rounds_done: int
    phase: str
    turn: int
    start: int
    dealer: int
    teams: bool
    hand_size: int
    decision: DecisionV | None
    players: list[PlayerV]
    hand: list[CardV]
    hand_set_aside: bool
    shared_hand: list[CardV] | None
    deck: int
    discard: list[str]
    discard_count: int
    arena: list[UnitV]
    attacker: UnitV | None
    to_beat: ToBeatV | None
    declaring: list[str]
    """The cards the viewer is declaring (its own attack or opening, before it is played)."""
    retracted: list[str]
    declarations: int
    fusion_allowed: bool
    eliminated: list[int]
    lasting: list[str]
    pending_event: str | None
    answers: dict[int, int]
    previews: dict[str, str]
    """By action id: the combat's winner if resolved right after it (attacker/defender/stalemate)."""
    stats_order: list[str]
    defends: dict[str, str]
    result: ResultV | None
    log: list[dict[str, Any]]
