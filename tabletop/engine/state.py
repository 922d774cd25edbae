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
from itertools import chain
from typing import Any, Callable, Iterable, Iterator, Mapping, TypeVar, overload

from .msg import Msg

Event = dict[str, Any]
"""One entry of the log: ``{"k": kind, ...arguments}``, rendered through the catalog entry
``ev.<kind>`` (or ``ev.<m>`` when the event names its sentence in ``"m"``); ``"to"`` lists the
seats allowed to see it when it is private. Saves of format 1 also hold ``"t"``, the English
sentence of their time; nothing writes it any more."""

S = TypeVar("S", bound="BaseState")


class EventLog:
    """An append-only event log that clones share instead of copying.

    A long game's log holds thousands of events, and a search bot clones the state at every
    simulation: copying the log was most of a late game's ``clone``. Events are never changed once
    written and the log only ever grows at its end, so a clone can share everything written so
    far. The log is a tuple of frozen **parts** (immutable, shared by every clone that has them)
    and a private **tail** list (where ``append`` writes). ``share`` freezes the tail into a part
    and hands the same parts to a new log with an empty tail: both then append to their own tails,
    so a clone's later events never reach the original, nor the original's the clone.

    Invariant: ``list(log)`` is ``chain(*parts, tail)``; parts are never changed, only replaced
    (two small ones merged into a new tuple, the old tuples left to whoever else holds them).
    The parts are merged while the last is at least half the one before, so a log has about
    log2(n) parts whatever the number of clones, and each event is copied O(log n) times in all.

    It reads as a list does: ``len``, iteration, ``reversed``, indexing, slicing (a list), ``==``
    with a list or another log, ``in``. A change other than ``append``/``extend`` (``pop``,
    ``del``, item assignment, ``clear``) first makes the whole log private (its tail), as a copy of
    a list would be. It is not a ``list``: ``json``/``marshal`` refuse it (``list(log)`` first),
    which is why saves leave the log out and ``clone`` shares it apart from the other fields.
    """

    __slots__ = ("_parts", "_frozen", "_tail")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._parts: tuple[tuple[Event, ...], ...] = ()
        self._frozen = 0
        """How many events the parts hold."""
        self._tail: list[Event] = list(events)

    # -- writing ---------------------------------------------------------------------------------
    def append(self, event: Event) -> None:
        self._tail.append(event)

    def extend(self, events: Iterable[Event]) -> None:
        self._tail.extend(events)

    def share(self) -> EventLog:
        """A log with the same events that shares them with this one (see the class docstring)."""
        tail = self._tail
        if tail:
            parts = self._parts + (tuple(tail),)
            while len(parts) > 1 and 2 * len(parts[-1]) >= len(parts[-2]):
                parts = parts[:-2] + (parts[-2] + parts[-1],)
            self._parts = parts
            self._frozen += len(tail)
            self._tail = []
        new = EventLog.__new__(EventLog)
        new._parts = self._parts
        new._frozen = self._frozen
        new._tail = []
        return new

    def _private(self) -> list[Event]:
        """Make every event the tail's (before a change other than an append) and return it."""
        if self._parts:
            self._tail = list(chain(*self._parts, self._tail))
            self._parts = ()
            self._frozen = 0
        return self._tail

    def pop(self, index: int = -1) -> Event:
        return self._private().pop(index)

    def clear(self) -> None:
        self._parts, self._frozen, self._tail = (), 0, []

    def __setitem__(self, index: Any, value: Any) -> None:
        self._private()[index] = value

    def __delitem__(self, index: int | slice) -> None:
        del self._private()[index]

    # -- reading ---------------------------------------------------------------------------------
    def __len__(self) -> int:
        return self._frozen + len(self._tail)

    def __bool__(self) -> bool:
        return bool(self._frozen or self._tail)

    def __iter__(self) -> Iterator[Event]:
        if not self._parts:
            return iter(self._tail)
        return chain(*self._parts, self._tail)

    def __reversed__(self) -> Iterator[Event]:
        if not self._parts:
            return reversed(self._tail)
        return chain(reversed(self._tail), *(reversed(p) for p in reversed(self._parts)))

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        frozen = self._frozen
        if index.__class__ is slice:
            if index.step is None:  # type: ignore[union-attr]
                start, stop, _ = index.indices(len(self))  # type: ignore[union-attr]
                if start >= frozen:  # the newest events (the common read): the tail alone
                    return self._tail[start - frozen:max(start, stop) - frozen]
            return list(self)[index]
        i = index.__index__()  # type: ignore[union-attr]
        if i < 0:
            i += len(self)
            if i < 0:
                raise IndexError("log index out of range")
        if i >= frozen:
            return self._tail[i - frozen]
        for part in self._parts:
            if i < len(part):
                return part[i]
            i -= len(part)
        raise AssertionError("unreachable: the parts hold the frozen events")

    def __contains__(self, event: object) -> bool:
        return any(event in p for p in self._parts) or event in self._tail

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return len(self) == len(other) and list(self) == list(other)
        if isinstance(other, list):
            return len(self) == len(other) and list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"


def copy_log(log: EventLog | list[Event]) -> EventLog | list[Event]:
    """A clone's log: an ``EventLog`` shares its events; a plain list (a state loaded or built
    before logs were shared, a determinized view) is copied shallowly, as it always was."""
    if log.__class__ is EventLog:
        return log.share()  # type: ignore[union-attr]
    return list(log)


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
    """The state as a JSON-ready dict (shares structure with the state: do not mutate); an
    ``EventLog`` becomes the list of its events."""
    out = dict(vars(state))
    log = out.get("log")
    if log.__class__ is EventLog:
        out["log"] = list(log)  # type: ignore[arg-type]
    return out


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
    """A deep copy, fast: ``marshal`` round-trips the plain data; the log is copied shallowly
    (an ``EventLog`` is shared, see ``copy_log``) because events are immutable once written."""
    data = dict(vars(state))
    log = data.pop("log")
    new = object.__new__(type(state))
    new.__dict__ = marshal.loads(marshal.dumps(data))
    new.__dict__["log"] = copy_log(log)
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
    out["log"] = copy_log(data["log"])
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
