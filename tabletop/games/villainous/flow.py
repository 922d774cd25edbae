"""Villainous on the engine's resolution machine (``tabletop.engine.stack``).

Every frame is a plain dict with a kind ``k`` naming its handler. A handler returns ``DONE`` (the
frame is finished and removed), ``AGAIN`` (run the stack again: the frame stays, maybe under new
frames it pushed) or a ``Choice`` (the frame stays on top and its question becomes ``s.pending``,
the current decision; the answer comes back as ``frame["ans"]``, its option record as
``frame["pick"]``). Keeping continuations as data is what lets a save, a clone or a bot stop the
game in the middle of any card. This module keeps the game's own vocabulary (``handler``, ``push``,
``fx``, ``run``, ``answer``) as thin wrappers, and the option records and messages of its choices.
"""

from __future__ import annotations

from typing import Any, Callable

from tabletop.engine.msg import Msg
from tabletop.engine.stack import AGAIN as AGAIN  # re-exported: the handlers' vocabulary
from tabletop.engine.stack import DONE as DONE
from tabletop.engine.stack import Choice, Machine

from .state import VState

REPEAT = "repeat"
"""From an op inside an ``fx`` frame: run this same step again after any frames it pushed."""

Opt = list[Any]
"""An option record: ``[id, label, card or None, group]``, the label a message in its plain form
(``{"k": key, **args}``). The label also carries the option's other ``Action`` fields under
``"@"`` (``[verb, target, location, seat, amount, extra]``): a save of format 1 kept four-element
records with an English label, and keeping the shape lets those saves compare with today's replay.
The rules read the chosen record's fields (``picked`` and the accessors below), never its id."""

Plain = dict[str, Any]
"""A message in its plain form (``{"k": key, **args}``): what the state keeps."""

FIELDS = "@"


def m(key: str, **args: Any) -> Plain:
    """A message as the state keeps it (``Msg.plain`` form, built directly: it is cheap)."""
    args["k"] = key
    return args


def opt(aid: str, label: Plain, card: str | None = None, group: str = "", verb: str = "", *,
        target: str | None = None, location: int | None = None, seat: int | None = None,
        amount: int | None = None, **extra: Any) -> Opt:
    """One option: its id (stable: what saves store), its label and the fields the rules read."""
    label[FIELDS] = [verb, target, location, seat, amount, extra or None]
    return [aid, label, card, group]


KEPT_OPTS: dict[Any, Opt] = {}
"""Option records kept by ``kept_opt``, by their key."""
KEPT_IDS: dict[int, Opt] = {}
"""The same records by ``id`` (they are kept alive here, so the ``id`` is theirs alone)."""


def kept_opt(key: Any, build: Callable[[], Opt]) -> Opt:
    """One shared record for an option asked again and again (the menu's ``play <card>``, a
    discard's ``drop <card>``...): ``build()`` once, then the same list for ``key``. ``key`` must
    name everything the record is built from, so the record is the one ``opt`` would build now.
    Option records are never changed once asked (pendings are shared by clones for the same
    reason), so sharing one is exact, and ``rules.legal_actions`` knows its ``Action`` by identity
    instead of ``marshal``-ing it. The keys are bounded (cards, seats, locations, small amounts)."""
    o = KEPT_OPTS.get(key)
    if o is None:
        o = KEPT_OPTS[key] = build()
        KEPT_IDS[id(o)] = o
    return o


def fields(record: Opt) -> list[Any]:
    return record[1][FIELDS]


def card_of(record: Opt) -> str:
    return record[2]


def target_of(record: Opt) -> str:
    return record[1][FIELDS][1]


def loc_of(record: Opt) -> int:
    return record[1][FIELDS][2]


def seat_of(record: Opt) -> int:
    return record[1][FIELDS][3]


def amount_of(record: Opt) -> int:
    return record[1][FIELDS][4]


def extra_of(record: Opt, name: str) -> Any:
    extra = record[1][FIELDS][5]
    return None if extra is None else extra.get(name)


def picked(f: dict[str, Any]) -> Opt:
    """The option record the answer chose (``answer`` leaves it in the frame, beside ``ans``)."""
    return f["pick"]


def preset(f: dict[str, Any], record: Opt) -> None:
    """Answer a frame's question without asking it (there is one possible answer)."""
    f["ans"] = record[0]
    f["pick"] = record


STANDING: dict[int, tuple[Choice, dict[str, Any]]] = {}
"""``id(choice)`` -> the choice and its pending record, for the choices registered by ``standing``."""


def standing(choice: Choice) -> Choice:
    """Register a question asked again and again with the same content (a Condition window seat
    with nothing to play: half of all the asks of a 6-player game). Its pending record is built
    once and every state that asks it holds that same dict: a pending record is only ever replaced
    whole, never changed in place (``clone_state`` shares it for the same reason), so sharing it
    is exact, and the game knows the decision of that very dict by heart (``rules.decision``).
    The choice must be kept alive by the caller (its ``id`` is the key) and never changed."""
    STANDING[id(choice)] = (choice, {"seat": choice.seat, "kind": choice.kind, "prompt": _key(choice.prompt),
                                     "opts": choice.opts})
    return choice


def standing_pending(pd: dict[str, Any]) -> bool:
    """Is ``pd`` the shared pending record of a ``standing`` choice (this very dict)?"""
    for _q, kept in STANDING.values():
        if kept is pd:
            return True
    return False


KEPT_PROMPTS: dict[Any, Plain] = {}
"""Prompts kept by ``kept_prompt``, by their key, already in the form a pending record holds."""
PROMPT_IDS: dict[int, Plain] = {}
"""The same prompts by ``id`` (kept alive here, so the ``id`` is theirs alone)."""


def kept_prompt(key: Any, build: Callable[[], Plain]) -> Plain:
    """One shared prompt for a question asked again and again (the menu's, the move's...), as
    ``kept_opt`` keeps option records: ``build()`` once, its card ids made keys (what ``_ask``
    does to every prompt) once, and ``rules.decision`` knows its ``Decision`` by identity. A
    pending record's prompt is never changed in place, so sharing it is exact."""
    prompt = KEPT_PROMPTS.get(key)
    if prompt is None:
        prompt = KEPT_PROMPTS[key] = _key(build())
        PROMPT_IDS[id(prompt)] = prompt
    return prompt


def _ask(s: VState, f: dict[str, Any], q: Choice) -> None:
    kept = STANDING.get(id(q))
    if kept is not None and kept[0] is q:
        s.pending = kept[1]
        return
    prompt = q.prompt
    if PROMPT_IDS.get(id(prompt)) is not prompt:
        # the prompt is public (every view shows it): it names cards by key, as the log does
        prompt = _key(prompt)
    s.pending = {"seat": q.seat, "kind": q.kind, "prompt": prompt, "opts": q.opts}


def _clear(s: VState, f: dict[str, Any]) -> None:
    s.pending = None


MACHINE: Machine[VState] = Machine("villainous", live=lambda s: s.pending is None and s.phase == "play",
                                   ask=_ask, clear=_clear, kind="k", answer_key="ans", pick_key="pick")
"""The chosen record (``pick``) lives only while its answer is being handled."""
HANDLERS = MACHINE.handlers
handler = MACHINE.handler


def push(s: VState, frame: dict[str, Any]) -> None:
    s.stack.append(frame)


def fx(s: VState, who: int, by: int, card: str | None, steps: list[dict[str, Any]], **extra: Any) -> None:
    """Push an effect program: ``steps`` resolved in order for realm ``who``, ``by`` choosing."""
    if steps:
        s.stack.append({"k": "fx", "who": who, "by": by, "card": card, "steps": steps, "i": 0, "x": {},
                        **extra})


_CARD: dict[str, Any] = {}


def _key(v: Any) -> Any:
    """Card instance ids (``"jafar.razoul#1"``: only they hold a ``#``) -> card keys, anywhere in
    a message's arguments."""
    kind = v.__class__
    if kind is str:
        if "#" not in v:
            return v
        card = _CARD
        if not card:
            from .cards import library
            card.update(library().card)
        return card[v].key if v in card else v
    if kind is list:
        return [_key(x) for x in v]
    if kind is dict:
        return {k: _key(x) for k, x in v.items()}
    return v


def ev(s: VState, kind: str, sentence: str | None = None, *, to: list[int] | None = None, **data: Any) -> None:
    """Log an event: its kind, the sentence's name when one kind has several (``sentence``, stored
    as ``"m"``) and the message arguments. Card instance ids become card keys, so a card that
    later returns to a hidden deck never leaves its id in anybody's log (the views must not show
    hidden ids); the renderer names a card from its key."""
    if sentence is not None:
        data["m"] = sentence
    # ``engine.emit``'s event, built here in one pass (an event per step of every card)
    event: dict[str, Any] = {"k": kind}
    for name, value in data.items():
        value = _key(value)
        event[name] = value.plain() if isinstance(value, Msg) else value
    if to is not None:
        event["to"] = list(to)
    s.log.append(event)


def win(s: VState, seat: int, why: Plain) -> None:
    """The game ends at once (R20): nothing else resolves."""
    if s.phase == "over":
        return
    s.phase = "over"
    s.winner = seat
    s.reason = why
    s.stack.clear()
    s.pending = None
    ev(s, "win", seat=seat, why=why)


def run(s: VState, next_turn: Callable[[VState], None]) -> None:
    """Advance until a decision is needed or the game is over (``next_turn`` on an empty stack)."""
    MACHINE.run(s, next_turn)


def answer(s: VState, record: Opt) -> None:
    """Hand the chosen option back to the frame that asked: its id as ``ans`` (the handlers compare
    it with fixed ids such as ``"skip"``) and its record as ``pick`` (read with ``picked``)."""
    MACHINE.answer(s, record[0], record)
