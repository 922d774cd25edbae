"""The state of a Mount Gram game: plain JSON data only (see docs/KERNEL.md).

Cards are referred to by instance ids: ``p0.aragorn.1`` (a card owned by seat 0), ``e.prison_cell.2``
(an encounter card), ``q.gornakh_s_dungeons.1`` (a quest card). Only cards in play have a record in
``cards``; zones are lists of ids. Everything the round still has to do is a stack of small "frames"
(plain dicts) so that a decision in the middle of a resolution survives a save and a clone.
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import TypedDict

from tabletop.engine import BaseState


class Player(TypedDict):
    name: str
    sphere: str
    deck: list[str]
    hand: list[str]
    discard: list[str]
    captured: list[str]
    """The captured deck (Mount Gram §6.1); its top is the end of the list."""
    threat: int
    out: bool
    chars: list[str]
    """Heroes and allies he controls, in play."""
    engaged: list[str]


class Group(TypedDict):
    id: str
    members: list[int]
    staging: list[str]
    active: str | None
    quest: str
    side: str | None
    """The side quest chosen as current quest for this quest phase (None: the main quest)."""


@dataclass(kw_only=True)
class MGState(BaseState):
    players: list[Player] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Record of each card in play: dmg, res, prog, ex (exhausted), com (committed), att
    (attachments), cap (captured cards beneath), sh (shadow cards), up (face-up shadows), ctl
    (controlling seat or -1), on (host of an attachment), time (time counters)."""
    encounter: list[str] = field(default_factory=list)
    enc_discard: list[str] = field(default_factory=list)
    victory: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    limbo: list[str] = field(default_factory=list)
    """A revealed treachery while it resolves (held apart from every zone)."""
    first: int = 0
    round: int = 1
    phase: str = "setup"
    stack: list[dict[str, Any]] = field(default_factory=list)
    mods: list[dict[str, Any]] = field(default_factory=list)
    """Lasting effects: {kind, ..., until: "phase" | "round" | "attack"}."""
    used: dict[str, int] = field(default_factory=dict)
    """Uses of limited abilities this round / phase (keys carry the limit's scope)."""
    peeks: dict[str, str] = field(default_factory=dict)
    """seat -> a hidden card that seat has looked at (valid while it stays where it was seen)."""
    options: dict[str, Any] = field(default_factory=dict)
    outcome: str = ""
    """"" while playing, then "won" or "lost"."""
    reason: dict[str, Any] | str = ""
    """Why the game ended: a message in its plain form (``{"k": "end.escape"}``); "" while
    playing. A finished game saved in format 1 holds the English sentence of its time instead."""
    next_id: int = 0


REC_LISTS = ("att", "cap", "sh", "up")
"""The list fields of a card record (``board.REC_DEFAULTS``): card ids only."""
PLAYER_LISTS = ("deck", "hand", "discard", "captured", "chars", "engaged")
GROUP_LISTS = ("members", "staging")
ZONES = ("encounter", "enc_discard", "victory", "set_aside", "removed", "limbo")
"""The state's own zones: lists of card ids."""


def clone_state(s: MGState) -> MGState:
    """A deep copy of a state, several times faster than the engine's ``marshal`` round trip:
    the parts whose shape the schema fixes are copied container by container, sharing the
    immutable strings and numbers: card records, players and groups (``REC_LISTS``,
    ``PLAYER_LISTS``, ``GROUP_LISTS`` name their lists), the zones, and the flat records of
    lasting effects, options, limits and peeks (dicts of scalars: every ``mods`` entry the rules
    write is one, options are the spec's scalar values). Only the free-form frame stack (nested
    contexts and options) and an end reason go through ``marshal``; the log is copied shallowly
    (events are never changed once written). ``tests/games/mount_gram`` checks that no mutable
    object is shared with the original and that these tuples name every list field of the
    schema."""
    data = s.__dict__
    d = dict(data)
    d["log"] = list(data["log"])
    d["stack"] = marshal.loads(marshal.dumps(data["stack"]))
    reason = data["reason"]
    if type(reason) is not str:
        d["reason"] = marshal.loads(marshal.dumps(reason))
    d["mods"] = [m.copy() for m in data["mods"]]
    d["options"] = data["options"].copy()
    cards = {}
    for c, r in data["cards"].items():
        rec = r.copy()  # a copy and four list slices: faster than one {**r, ...} display
        rec["att"] = r["att"][:]
        rec["cap"] = r["cap"][:]
        rec["sh"] = r["sh"][:]
        rec["up"] = r["up"][:]
        cards[c] = rec
    d["cards"] = cards
    players = []
    for p in data["players"]:
        q = p.copy()
        q["deck"] = p["deck"][:]
        q["hand"] = p["hand"][:]
        q["discard"] = p["discard"][:]
        q["captured"] = p["captured"][:]
        q["chars"] = p["chars"][:]
        q["engaged"] = p["engaged"][:]
        players.append(q)
    d["players"] = players
    d["groups"] = [{**g, "members": g["members"][:], "staging": g["staging"][:]} for g in data["groups"]]
    for zone in ZONES:
        d[zone] = data[zone][:]
    d["used"] = data["used"].copy()
    d["peeks"] = data["peeks"].copy()
    new = object.__new__(type(s))
    new.__dict__ = d
    return new
