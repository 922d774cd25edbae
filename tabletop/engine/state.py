"""The base of every game state: plain data, the RNG, the event log.

A state is a dataclass whose fields hold only JSON data (``int``, ``str``, ``bool``, ``None``,
``list``, ``dict`` with ``str`` keys), nested as deep as a game likes; per-player records are
``TypedDict``s so they stay plain dicts. That one constraint buys three things at once: saving is
``json.dumps(vars(state))``, loading is validated by pydantic against the dataclass, and ``clone``
is a C-speed ``marshal`` round trip, fast enough for search bots.
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Mapping, TypeVar

from .msg import Msg

Event = dict[str, Any]
"""One entry of the log: ``{"k": kind, ...arguments}``, rendered through the catalog entry
``ev.<kind>`` (or ``ev.<m>`` when the event names its sentence in ``"m"``); ``"to"`` lists the
seats allowed to see it when it is private. Saves of format 1 also hold ``"t"``, the English
sentence of their time; nothing writes it any more."""

S = TypeVar("S", bound="BaseState")


@dataclass(kw_only=True)
class BaseState:
    """Fields every game state has. Subclasses add their own (all with defaults, all plain data)."""

    rng: int = 0
    """SplitMix64 state (see :mod:`tabletop.engine.rng`)."""
    reveals: int = 0
    """Counts actions' information-revealing steps (rolls, draws, shuffles): undo stops at them."""
    step: int = 0
    """Number of actions applied so far."""
    log: list[Event] = field(default_factory=list)
    """The story of the game; entries are never mutated once appended."""


def to_plain(state: BaseState) -> dict[str, Any]:
    """The state as a JSON-ready dict (shares structure with the state: do not mutate)."""
    return dict(vars(state))


def from_plain(cls: type[S], data: dict[str, Any]) -> S:
    """Build a state from already-validated plain data (no copy is made)."""
    obj = cls.__new__(cls)
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names
    missing = names - set(data)
    if unknown or missing:
        raise ValueError(f"state fields differ: unknown {sorted(unknown)}, missing {sorted(missing)}")
    obj.__dict__.update(data)
    return obj


def clone(state: S) -> S:
    """A deep copy, fast: ``marshal`` round-trips the plain data; the log list is copied shallowly
    because events are immutable once written."""
    data = dict(vars(state))
    log = data.pop("log")
    new = object.__new__(type(state))
    new.__dict__ = marshal.loads(marshal.dumps(data))
    new.__dict__["log"] = list(log)
    return new


SCALARS = frozenset({int, str, bool, float, type(None)})
"""Immutable plain values: a clone shares them instead of copying."""

Copier = Callable[[Any], Any]


def strings(value: list[Any]) -> list[Any]:
    """A copier for a list of scalars (card ids, seat numbers): a slice."""
    return value[:]


def flat_dicts(value: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copier for a list of dicts whose values are all scalars."""
    return [{**d} for d in value]


def kept(value: Any) -> Any:
    """A copier for a record the rules only ever replace whole, never change in place (the last
    attack, the last initiative): the clone shares it, as it shares the log's events, which
    already hold the same lists. A game naming a field ``kept`` says so in its clone test, which
    checks that no played game edits such a record in place."""
    return value


def clone_with(state: S, copiers: Mapping[str, Copier]) -> S:
    """``clone`` for a game that knows the shapes of its fields: each field named in ``copiers`` is
    deep-copied by its copier (slices and dict copies that share the immutable strings and numbers,
    much faster than serialising them); scalars are shared; every other field goes through
    ``marshal`` (all of them in one round trip), exactly as ``clone`` does. Same keys in the same
    order as ``clone`` (the log last, copied shallowly). A copier must copy every list and dict
    it meets (except :func:`kept`, for records never edited in place): the games' clone tests
    check that no other container is shared."""
    data = state.__dict__
    out: dict[str, Any] = {}
    rest: dict[str, Any] = {}
    for name, value in data.items():
        if name == "log":
            continue
        copier = copiers.get(name)
        if copier is not None:
            out[name] = None if value is None else copier(value)
        elif type(value) in SCALARS:
            out[name] = value
        else:
            out[name] = rest[name] = value
    if rest:
        out.update(marshal.loads(marshal.dumps(rest)))
    out["log"] = list(data["log"])
    new = object.__new__(type(state))
    new.__dict__ = out
    return new


def emit(state: BaseState, kind: str, text: str | None = None, *, to: list[int] | None = None,
         **data: Any) -> Event:
    """Append an event to the log. ``to`` restricts it to those seats (a private event).

    ``data`` are the message arguments (see :mod:`tabletop.engine.msg` for how names say what they
    are); a :class:`Msg` argument is stored in its plain form. ``text`` is the legacy English
    sentence, kept only while a game still writes it (the text tests refuse it)."""
    if text is None:
        event: Event = {"k": kind, **data}
    else:
        event = {"k": kind, "t": text, **data}
    # the common case (no Msg argument) is tested at C speed; a Msg is stored in its plain form
    if Msg in map(type, data.values()):
        for name, value in data.items():
            if isinstance(value, Msg):
                event[name] = value.plain()
    if to is not None:
        event["to"] = list(to)
    state.log.append(event)
    return event


def visible_log(state: BaseState, seat: int | None, last: int | None = None) -> list[Event]:
    """The events ``seat`` may read (``None``: public events only), newest last."""
    if last is None:
        return [e for e in state.log if "to" not in e or (seat is not None and seat in e["to"])]
    out: list[Event] = []
    if last <= 0:
        return out
    for e in reversed(state.log):  # newest first, stopping as soon as ``last`` are found
        if "to" not in e or (seat is not None and seat in e["to"]):
            out.append(e)
            if len(out) == last:
                break
    out.reverse()
    return out
