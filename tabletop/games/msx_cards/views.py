"""The typed tree of the MSX Cards view (what ``MsxCards.view`` returns, checked by the kit).

Names in the view are the card data's own (English) names, kept for bots and tools; screens show
ids through the table's renderer (``words.card(id)``, ``words.term(id)``). Texts are plain
messages (``{"k": key, **args}``), typed ``Plain``.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import NotRequired, TypedDict

Plain = dict[str, Any]
"""A plain message: ``{"k": key, **args}``."""


class MissionView(TypedDict):
    id: str
    name: str
    worlds: int


class WorldView(TypedDict):
    number: int
    id: str
    name: str
    die: int
    event_threshold: int
    bonus_before_boss: bool
    boss: str
    """The Boss's name (data); ``boss_id`` is its card id."""
    boss_id: str


class CapsuleSlot(TypedDict):
    slot: int
    id: str | None
    lit: bool
    used: NotRequired[bool]


class CardView(TypedDict):
    id: str
    name: str
    race: str
    attack: int
    defense: int
    vitality: int
    resistance: int
    ability: dict[str, Any] | None
    ability_msg: Plain
    capsules: list[CapsuleSlot]


class FighterView(TypedDict):
    id: str
    name: str
    race: str
    attack: int
    defense: int
    vitality: int
    max_vitality: int
    resistance: int
    ability: dict[str, Any] | None
    ability_msg: Plain
    capsules: list[CapsuleSlot]
    button: str
    attack_now: NotRequired[int]
    defense_now: NotRequired[int]


class InitiativeView(TypedDict):
    rolls: list[int]
    mods: list[int]
    notes: list[list[Plain]]
    totals: list[int]
    holder: int
    tries: list[list[int]]


class EffectView(TypedDict):
    capsule: str
    by: int
    on: int
    kind: str
    amount: int
    ends_after: int | None
    """The last action number it is active on; ``None``: the whole battle."""


class RingView(TypedDict):
    ring: int
    event: str
    name: str
    polarity: str


class LastEvent(TypedDict):
    event: str
    name: str
    polarity: str
    kind: str
    visitor: int
    visitor_name: str
    visitor_card: str
    sector: int
    ring: int
    shade: str
    m: int
    tint: str
    d20: int
    outcomes: list[dict[str, Any]]
    lines: list[Plain]


class PentagonView(TypedDict):
    id: str
    name: str
    tints: list[str]
    rings: list[RingView]
    shades: list[list[str]]
    last: LastEvent | None


class BossEntry(TypedDict):
    role: str
    value: int


class StepResult(TypedDict):
    outcome: str
    """``hit`` (you wounded the Boss), ``took`` (its attack on you) or ``miss``."""
    amount: int


class TrackStep(TypedDict):
    t: int
    role: str
    value: int
    result: StepResult | None
    current: bool


class BossView(TypedDict):
    id: str
    name: str
    set: str
    step: int
    track: list[TrackStep]
    white: list[BossEntry]
    grey: list[BossEntry]
    current: BossEntry | None


class LastAttack(TypedDict):
    by: int
    on: int
    attacker: str
    """The data names of the attacker and its target (a Boss's too)."""
    target: str
    natural: int
    die: int
    damage: int
    steps: list[Plain]
    surprise: bool


class MsxView(TypedDict):
    mission: MissionView
    world: WorldView
    victories: int
    losses: int
    cleared: int
    pending_bonus: int
    phase: str
    mode: str
    versus: bool
    seats: list[str]
    you: FighterView | None
    enemy: FighterView | None
    initiative: InitiativeView | None
    turn: int | None
    turn_limit: int
    actor: int
    enemy_response_pending: bool
    effects: list[EffectView]
    pentagon: PentagonView
    boss: BossView | None
    last_attack: LastAttack | None
    rolls: list[dict[str, Any]]
    draft: list[CardView]
    pool: int
    pool_ids: list[str]
    defeated: list[str]
    """Card ids of your fallen fighters."""
    outcome: str
    reason: Plain | None
    """Why the run ended (a message), ``None`` while it runs."""
    log: list[dict[str, Any]]
