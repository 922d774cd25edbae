"""The resolution machine: a stack of frames, run until one needs an answer.

Every frame is a plain dict with a kind ``k`` naming its handler. A handler returns ``DONE`` (the
frame is finished and removed), ``AGAIN`` (run the stack again: the frame stays, maybe under new
frames it pushed) or a ``Choice`` (the frame stays on top and its question becomes the pending
decision; the answer comes back as ``frame["ans"]``). Keeping continuations as data is what lets a
save, a clone or a bot stop the game in the middle of any card.
"""

from __future__ import annotations

from typing import Any, Callable

from tabletop.engine import emit

from .state import VState

DONE = "done"
AGAIN = "again"
REPEAT = "repeat"
"""From an op inside an ``fx`` frame: run this same step again after any frames it pushed."""

Opt = list[Any]
"""``[id, label, card or None, group]``."""


class Choice:
    __slots__ = ("seat", "kind", "prompt", "opts")

    def __init__(self, seat: int, kind: str, prompt: str, opts: list[Opt]) -> None:
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        self.opts = opts


def opt(aid: str, label: str, card: str | None = None, group: str = "") -> Opt:
    return [aid, label, card, group]


Handler = Callable[[VState, dict[str, Any]], Any]
HANDLERS: dict[str, Handler] = {}


def handler(kind: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn
    return deco


def push(s: VState, frame: dict[str, Any]) -> None:
    s.stack.append(frame)


def fx(s: VState, who: int, by: int, card: str | None, steps: list[dict[str, Any]], **extra: Any) -> None:
    """Push an effect program: ``steps`` resolved in order for realm ``who``, ``by`` choosing."""
    if steps:
        s.stack.append({"k": "fx", "who": who, "by": by, "card": card, "steps": steps, "i": 0, "x": {},
                        **extra})


_CARD: dict[str, Any] = {}


def _key(v: Any) -> Any:
    card = _CARD
    if not card:
        from .cards import library
        card.update(library().card)
    if isinstance(v, str) and v in card:
        return card[v].key
    if isinstance(v, list):
        return [card[x].key if isinstance(x, str) and x in card else x for x in v]
    return v


LOG_FIELDS = frozenset({"seat", "victim"})
"""The data fields an event keeps. The others the rules pass (``card``, ``cards``, ``loc``,
``amount``, ``power``, ``round`` ...) only repeat what the text already says, and nothing reads
them (screen, widgets, bots and tests read ``k``, ``t``, ``to``, ``seat`` or ``victim``), so they
are left out: the log is most of a long game's save."""


def ev(s: VState, kind: str, text: str, *, to: list[int] | None = None, **data: Any) -> None:
    """Log an event (keeping the data fields in ``LOG_FIELDS``); card instance ids become card keys,
    so a card that later returns to a hidden deck never leaves its id in anybody's log (the views
    must not show hidden ids)."""
    if data:
        emit(s, kind, text, to=to, **{k: _key(v) for k, v in data.items() if k in LOG_FIELDS})
    else:
        emit(s, kind, text, to=to)


def win(s: VState, seat: int, why: str) -> None:
    """The game ends at once (R20): nothing else resolves."""
    if s.phase == "over":
        return
    s.phase = "over"
    s.winner = seat
    s.reason = why
    s.stack.clear()
    s.pending = None
    ev(s, "win", f"{s.players[seat]['name']} ({why}) wins!", seat=seat)


def run(s: VState, next_turn: Callable[[VState], None]) -> None:
    """Advance until a decision is needed or the game is over."""
    guard = 0
    handlers = HANDLERS
    while s.pending is None and s.phase == "play":
        guard += 1
        if guard > 100000:
            raise RuntimeError("villainous: resolution does not settle")
        stack = s.stack
        if not stack:
            next_turn(s)
            continue
        idx = len(stack) - 1
        f = stack[idx]
        res = handlers[f["k"]](s, f)
        if s.phase != "play":
            return
        if res is DONE:
            del s.stack[idx]
        elif res.__class__ is Choice:
            if not res.opts:
                raise RuntimeError(f"villainous: empty choice {res.kind}")
            s.pending = {"seat": res.seat, "kind": res.kind, "prompt": res.prompt, "opts": res.opts}


def answer(s: VState, aid: str) -> None:
    s.pending = None
    s.stack[-1]["ans"] = aid
