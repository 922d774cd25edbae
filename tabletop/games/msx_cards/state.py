"""The MSX Cards state: plain JSON data only (see docs/KERNEL.md).

Sides are numbered 0 (you, the player) and 1 (the enemy, or the Boss in a duel); in the versus
variant side 1 is also seat 1. Capsule effects are records in one list so that an event or STOP can
end them all at once, and durations are counted in actions (spec §8.3, R15).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from typing_extensions import TypedDict

from tabletop.engine import BaseState
from tabletop.engine.state import Copier, flat_dicts, kept, strings

PLAYER, ENEMY = 0, 1
FOREVER = -1
"""``until`` of an effect that lasts for the whole battle (BATTLE duration, armed REVIVE)."""
TURN_LIMIT = 30
"""R41: a battle ends after its 30th turn."""


class Fighter(TypedDict):
    card: str
    vit: int
    green: bool
    """Capsule button: True = a capsule may be used (green), False = spent (red)."""
    used: list[str]
    """Capsules this fighter used in the current battle or duel, for the capsule bar."""
    hits: int
    """Attacks received in this battle (ATTACK_NULLIFIED first_attack)."""


class Effect(TypedDict):
    cap: str
    src: int
    """The side that used the capsule (STOP ends the opponent's)."""
    on: int
    """The side the effect applies to."""
    kind: str
    n: int
    until: int
    """Last action number on which it is active; FOREVER for the whole battle."""


class BossDuel(TypedDict):
    boss: str
    set: str
    """``"white"`` (the Boss won initiative and attacks on T1) or ``"grey"`` (you attack on T1)."""
    step: int
    """Current step 1..8 (9 once T8 is done)."""
    results: list[str]
    """One word per finished step: ``"hit 7"``, ``"took 3"``, ``"miss"``..."""


@dataclass(kw_only=True)
class MsxState(BaseState):
    mission: str = "standard"
    versus: bool = False
    classic: bool = False
    names: list[str] = field(default_factory=list)
    world: int = 0
    """Index into the mission's worlds."""
    wins: int = 0
    """Victories in the current World (Vw, 0..3)."""
    losses: int = 0
    """Your fighters defeated in the current World (Lw, 0..3)."""
    cleared: int = 0
    """Worlds whose Boss you destroyed."""
    bonus: int = 0
    """pending_bonus: Vitality waiting for your next battle or duel (§12)."""
    pool: list[str] = field(default_factory=list)
    """Your pool: catalogue minus your defeated cards and your current fighter (sorted)."""
    defeated: list[str] = field(default_factory=list)
    beaten: list[str] = field(default_factory=list)
    """Enemy cards defeated in the current World (R8)."""
    fighters: list[Fighter | None] = field(default_factory=lambda: [None, None])
    phase: str = "world"
    """Automatic: world, battle, action, boss, bstep. Decisions: draft, boss_choice, bonus, extra,
    act. Finished: over."""
    draft: list[str] = field(default_factory=list)
    draft_for: str = "battle"
    mode: str = ""
    """``"battle"``, ``"boss"`` or ``""`` between fights."""
    init: int = PLAYER
    turn: int = 0
    half: int = 0
    """0 = the initiative holder's action of the turn, 1 = the other's."""
    act_no: int = 0
    actor: int = PLAYER
    skip_check: bool = True
    respond: bool = False
    """An enemy capsule response is pending (solo only, §8.4)."""
    effects: list[Effect] = field(default_factory=list)
    duel: BossDuel | None = None
    last_event: dict[str, Any] | None = None
    last_attack: dict[str, Any] | None = None
    last_init: dict[str, Any] | None = None
    outcome: str = ""
    """``""`` while playing, ``"won"`` (Mission complete) or ``"lost"``."""
    reason: dict[str, Any] | str = ""
    """Why the run ended: a plain message (format-1 saves held an English sentence, replaced on load)."""
    battles: int = 0
    crn: ClassVar[list[Any] | None] = None
    """A search clone's keyed chance (``search.determinize`` sets it, ``keyed.keyed`` draws from it;
    ``None``, the class's, in a real game: its dice and draws come from ``rng`` alone). Not a
    field: a real state never holds it."""


KEPT = ("last_event", "last_attack", "last_init", "reason")
"""Records the rules only ever replace whole (a new dict per attack, initiative, event or end),
never edit in place; their lists are the very lists of the log's events, which a clone shares. So
a clone shares them too (``engine.state.kept``): copying them was most of a clone's cost, and the
bench clones mostly finished runs, whose every record is set."""

COPIERS: dict[str, Copier] = {
    "names": strings, "pool": strings, "defeated": strings, "beaten": strings, "draft": strings,
    "fighters": lambda fs: [None if f is None else {**f, "used": f["used"][:]} for f in fs],
    "effects": flat_dicts,
    "duel": lambda d: {**d, "results": d["results"][:]},
    **{name: kept for name in KEPT},
}
"""How ``MsxCards.clone`` copies each field (``engine.state.clone_with``): by its shape, sharing the
immutable strings and the ``KEPT`` records; any field not named here is copied by ``marshal``."""
