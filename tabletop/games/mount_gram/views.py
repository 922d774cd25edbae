"""The typed tree of a Mount Gram view (``MountGram.view``): what one seat may see.

A card in play is one ``CardView``; which keys it has depends on its type (a character has
willpower, an enemy engagement and shadows, a location progress...), so those keys are
``NotRequired``. Messages (the prompt, the end reason, log events) stay in their plain JSON form
(``{"k": key, ...args}``) and are rendered by the table's renderer. The conformance kit validates
every view against ``MGView`` strictly.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict


class NamedCard(TypedDict):
    id: str
    name: str


class AttachedCard(TypedDict):
    id: str
    name: str
    exhausted: bool


class Captured(TypedDict):
    """Cards face down beneath a card, counted per owning seat."""

    seat: int
    n: int


class CardView(TypedDict):
    id: str
    name: str
    type: str
    wp: NotRequired[int]
    atk: NotRequired[int]
    defense: NotRequired[int]
    hp: NotRequired[int]
    dmg: NotRequired[int]
    exhausted: NotRequired[bool]
    committed: NotRequired[bool]
    sphere: NotRequired[str]
    res: NotRequired[int]
    eng: NotRequired[int]
    threat: NotRequired[int]
    shadows: NotRequired[int]
    shadows_up: NotRequired[list[NamedCard]]
    qp: NotRequired[int]
    prog: NotRequired[int]
    time: NotRequired[int]
    stage: NotRequired[str]
    att: NotRequired[list[AttachedCard]]
    captured: NotRequired[list[Captured]]


class PlayerView(TypedDict):
    name: str
    sphere: str
    threat: int
    out: bool
    first: bool
    deck: int
    captured_deck: int
    hand: list[str] | int
    """The cards, or only how many when the viewer may not see them."""
    hand_names: list[str]
    discard: list[str]
    chars: list[CardView]
    engaged: list[CardView]


class GroupView(TypedDict):
    id: str
    members: list[int]
    staging: list[CardView]
    active: CardView | None
    quest: CardView | None
    current_side_quest: str | None
    staging_threat: int
    committed_wp: int


class FightView(TypedDict):
    """A player's attack being declared."""

    enemy: str
    attackers: list[str]
    strength: int


class DefenceView(TypedDict):
    """An enemy attack being defended."""

    enemy: str
    player: int
    defenders: list[str]
    attack: int


class MGView(TypedDict):
    attack: FightView | None
    enemy_attack: DefenceView | None
    looking_at: list[NamedCard]
    game: str
    scenario: str
    round: int
    phase: str
    first: int
    to_act: int | None
    step_kind: str
    prompt: dict[str, Any] | None
    outcome: str
    reason: dict[str, Any] | None
    players: list[PlayerView]
    groups: list[GroupView]
    encounter_deck: int
    encounter_discard: list[str]
    victory: list[str]
    removed: int
    set_aside: int
    peek: NamedCard | None
    hand: list[str]
    log: list[dict[str, Any]]
