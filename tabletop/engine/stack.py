"""One resolution machine for effects that push choices and resume: a stack of frames in the state.

A card's effect that asks a player something halfway through ("which Hero?", "play a reaction?")
cannot be a Python call stack waiting for input: a save, a ``clone`` for a search bot or an undo
must be able to stop the game in the middle of any card and carry on later, in another process or
in many copies at once. So the continuation is data: a **frame** is a plain dict on the state's
``stack`` list (JSON data only, like the rest of the state), naming its handler by a kind key
(``"k"`` in Villainous, ``"t"`` in Mount Gram: the game chooses). ``Machine.run`` runs the top
frame's handler until one asks a question; the question becomes the pending decision (stored
where the game chooses); ``Machine.answer`` hands the chosen answer back to the frame that asked.

A handler returns one of:

* ``DONE``: the frame is finished; the machine removes it.
* ``AGAIN``: run the stack again. The frame stays where it is (under any frames it pushed, which
  therefore run first), unless the handler removed it itself.
* a ``Choice``: the frame stays on top, waiting; its question is handed to the game's ``ask``
  hook, which stores it as the pending decision, and ``run`` returns.

The machine keeps no per-game-state data of its own (only the per-game handler registry), so two
clones of one state resolve independently, and a state loaded from a save resumes exactly where it
stopped. A guard refuses a resolution that never settles (a handler answering ``AGAIN`` forever),
which would otherwise hang the table or a bot.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Generic, Protocol, TypeVar, Union

Frame = dict[str, Any]
"""One continuation: plain data, its handler named by the machine's kind key."""

DONE: Final = "done"
"""Handler result: the frame is finished (the machine removes it)."""
AGAIN: Final = "again"
"""Handler result: run the stack again (the frame stays unless it removed itself)."""


class Choice:
    """A question a handler asks: ``seat`` decides, ``kind`` names the decision, ``prompt`` is the
    message (plain form), ``opts`` the answers when the game lists them with the question (a game
    that computes them later from the frame leaves ``None``). An empty list is refused: a question
    nobody can answer would stall the game."""

    __slots__ = ("seat", "kind", "prompt", "opts")

    def __init__(self, seat: int, kind: str, prompt: Any, opts: list[Any] | None = None) -> None:
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        self.opts = opts

    def __repr__(self) -> str:
        n = "?" if self.opts is None else len(self.opts)
        return f"Choice(seat={self.seat}, kind={self.kind!r}, {n} options)"


Outcome = Union[str, Choice]
"""What a handler returns: ``DONE``, ``AGAIN`` or a ``Choice``."""


class Stacked(Protocol):
    """A state the machine can run: it keeps its frames in ``stack`` (last = top)."""

    stack: list[Frame]


S = TypeVar("S", bound=Stacked)

Handler = Callable[..., Outcome]
"""``handler(state, frame)``, or ``handler(ctx, state, frame)`` when ``run`` is given a context
(a game whose handlers need more than the state, e.g. Mount Gram's rules object)."""
AnswerHandler = Callable[..., None]
"""``on_answer(state, frame, answer)`` (or with the context first): takes the answer itself
instead of the machine storing it in the frame."""


class Unsettled(RuntimeError):
    """The resolution ran ``limit`` steps without asking anything or running out of frames."""


def push(s: Stacked, *frames: Frame) -> None:
    """Push frames so that the first given runs first (it ends on top)."""
    stack = s.stack
    for f in reversed(frames):
        stack.append(f)


def top(s: Stacked) -> Frame | None:
    """The frame that runs next (the one waiting for an answer, when a question is pending)."""
    return s.stack[-1] if s.stack else None


def _remove(stack: list[Frame], idx: int, f: Frame) -> None:
    """Remove the frame ``f``, which ran at ``idx`` (frames it pushed are above it)."""
    if idx < len(stack) and stack[idx] is f:
        del stack[idx]
        return
    for j in range(len(stack) - 1, -1, -1):  # something below it moved: find it by identity
        if stack[j] is f:
            del stack[j]
            return


class Machine(Generic[S]):
    """The resolution machine of one game: its handler registry and where its decisions live.

    ``kind``: the frame key naming the handler. ``live(state)``: whether to keep resolving (false
    once a decision is pending or the game is over); checked before every step and after every
    handler. ``ask(state, frame, choice)``: store the question as the pending decision (in the
    state, or in the frame). ``clear(state, frame)``: forget the pending decision when it is
    answered. ``answer_key``/``pick_key``: where ``answer`` stores the answer in the frame that
    asked; the ``pick_key`` value lives only until that frame's handler has run once (a record the
    handler reads while taking the answer, not kept in saves of later positions).
    """

    def __init__(self, game: str, *, live: Callable[[S], bool], ask: Callable[[S, Frame, Choice], None],
                 clear: Callable[[S, Frame], None] | None = None, kind: str = "k",
                 answer_key: str = "ans", pick_key: str | None = None, limit: int = 100_000) -> None:
        self.game = game
        self.kind = kind
        self.live = live
        self.ask = ask
        self.clear = clear
        self.answer_key = answer_key
        self.pick_key = pick_key
        self.limit = limit
        self.handlers: dict[str, Handler] = {}
        self.answers: dict[str, AnswerHandler] = {}

    # -- registry ---------------------------------------------------------------------------------
    def handler(self, kind: str) -> Callable[[Handler], Handler]:
        """Register the handler of the frames of this kind (one per kind)."""
        def register(fn: Handler) -> Handler:
            if kind in self.handlers and self.handlers[kind] is not fn:
                raise ValueError(f"{self.game}: two handlers for frame kind {kind!r}")
            self.handlers[kind] = fn
            return fn
        return register

    def on_answer(self, kind: str) -> Callable[[AnswerHandler], AnswerHandler]:
        """Register a function that takes the answers given to frames of this kind (instead of the
        machine storing them under ``answer_key``)."""
        def register(fn: AnswerHandler) -> AnswerHandler:
            self.answers[kind] = fn
            return fn
        return register

    # -- running ----------------------------------------------------------------------------------
    def run(self, s: S, refill: Callable[[S], None] | None = None, ctx: Any = None) -> None:
        """Resolve until a question is pending, ``live`` turns false, or (without ``refill``) the
        stack is empty. ``refill(state)`` is called on an empty stack (next turn, next phase).
        ``ctx``, when given, is passed to every handler before the state."""
        handlers = self.handlers
        kind = self.kind
        live = self.live
        pick = self.pick_key
        limit = self.limit
        steps = 0
        while live(s):
            steps += 1
            if steps > limit:
                last = s.stack[-1].get(kind) if s.stack else None
                raise Unsettled(f"{self.game}: resolution does not settle (last frame: {last})")
            stack = s.stack
            if not stack:
                if refill is None:
                    return
                refill(s)
                continue
            idx = len(stack) - 1
            f = stack[idx]
            res = handlers[f[kind]](s, f) if ctx is None else handlers[f[kind]](ctx, s, f)
            if pick is not None:
                f.pop(pick, None)
            if not live(s):
                return
            if res is AGAIN:
                continue
            if res is DONE:
                _remove(s.stack, idx, f)
            elif isinstance(res, Choice):
                if res.opts is not None and not res.opts:
                    raise RuntimeError(f"{self.game}: empty choice {res.kind}")
                self.ask(s, f, res)
                return
            elif res != AGAIN:
                if res == DONE:
                    _remove(s.stack, idx, f)
                else:
                    raise TypeError(f"{self.game}: handler {f[kind]!r} returned {res!r}, not DONE, AGAIN or a Choice")

    def give(self, f: Frame, answer: Any, pick: Any = None) -> None:
        """Store an answer in a frame, as ``answer`` does, without a pending question (a handler
        answering its own question when it has only one possible answer)."""
        f[self.answer_key] = answer
        if self.pick_key is not None:
            f[self.pick_key] = pick

    def answer(self, s: S, answer: Any, pick: Any = None, ctx: Any = None) -> Frame:
        """Hand the chosen answer back to the frame that asked (the top one) and return it. The game
        checks legality first; resolution resumes at the next ``run``."""
        if not s.stack:
            raise RuntimeError(f"{self.game}: an answer with no frame waiting for it")
        f = s.stack[-1]
        if self.clear is not None:
            self.clear(s, f)
        taker = self.answers.get(f[self.kind])
        if taker is None:
            self.give(f, answer, pick)
        elif ctx is None:
            taker(s, f, answer)
        else:
            taker(ctx, s, f, answer)
        return f
