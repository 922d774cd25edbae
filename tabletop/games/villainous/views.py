"""The typed tree of the Villainous view: what one seat may see, as the screen and the bots read it.

``Villainous.view`` builds exactly this (the conformance kit validates every view strictly against
it: a missing key, an extra key or a wrong type fails). Texts are messages in their plain form
(``{"k": key, **args}``, :data:`Message`), rendered by the table's renderer; cards are named by id.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict

Message = dict[str, Any]
"""A message in its plain form: ``{"k": key, **arguments}``."""


class CardView(TypedDict):
    """A card face up: its instance id and printed data (names and texts are the card data's)."""

    id: str
    name: str
    type: str
    fate: bool
    text: str
    cost: NotRequired[int | str]
    printed_strength: NotRequired[int]


class PlacedCard(CardView):
    """A card in a realm: what is attached to it, its Strength now (Heroes, Allies) and its flags."""

    attached: list[CardView]
    strength: NotRequired[int]
    wicket: NotRequired[bool]
    hypnotized: NotRequired[bool]
    size: NotRequired[str]
    parked_power: NotRequired[int]


class TopSymbol(TypedDict):
    action: str
    amount: int
    covered: bool
    slot: str


class Symbol(TypedDict):
    action: str
    amount: int
    slot: str


class LocationView(TypedDict):
    index: int
    name: str
    term: str
    """The location's vocabulary key: the screen names it through the catalog (``term.<key>``)."""
    locked: bool
    mover: bool
    heroes: list[PlacedCard]
    cards: list[PlacedCard]
    top: list[TopSymbol]
    bottom: list[Symbol]
    granted: list[Symbol]


class Progress(TypedDict):
    text: Message
    value: float | int


class PlayerView(TypedDict):
    seat: int
    name: str
    villain: str
    villain_name: str
    line: Message
    objective: Message
    progress: Progress | None
    power: int
    hand: list[CardView] | int
    """The cards, or only how many when the viewer may not see them."""
    hand_count: int
    hand_public: bool
    hand_target: int
    deck: int
    discard: list[CardView]
    fate_deck: int
    fate_discard: list[CardView]
    mover: int
    locations: list[LocationView]
    vanish: bool
    dragon: int


class DecisionView(TypedDict):
    seat: int
    kind: str
    prompt: Message


class VillainousView(TypedDict):
    phase: str
    round: int
    round_limit: int
    turn: int
    me: int | None
    winner: int | None
    reason: Message | str
    decision: DecisionView | None
    drafted: list[str]
    players: list[PlayerView]
    revealed: list[CardView]
    resolving: list[CardView]
    looking: list[CardView] | int
    used: list[str]
    log: list[dict[str, Any]]
