"""The shared resolution stack (``tabletop.engine.stack``): ordering, AGAIN, question / answer /
resume, the guard against a resolution that never settles, and continuations that survive a clone
and a JSON round trip (the reason frames are data)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.engine.stack import AGAIN, DONE, Choice, Frame, Machine, Unsettled, push, top
from tabletop.engine.state import BaseState, clone, from_plain, to_plain


@dataclass(kw_only=True)
class Toy(BaseState):
    stack: list[Frame] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    over: bool = False
    seen: list[str] = field(default_factory=list)
    turns: int = 0


def _ask(s: Toy, f: Frame, q: Choice) -> None:
    s.pending = {"seat": q.seat, "kind": q.kind, "prompt": q.prompt, "opts": q.opts}


def _clear(s: Toy, f: Frame) -> None:
    s.pending = None


M: Machine[Toy] = Machine("toy", live=lambda s: s.pending is None and not s.over, ask=_ask, clear=_clear,
                          pick_key="pick")


@M.handler("say")
def _say(s: Toy, f: Frame) -> str:
    s.seen.append(f["w"])
    return DONE


@M.handler("twice")
def _twice(s: Toy, f: Frame) -> str:
    """Pushes two frames on its first run (they run first), finishes on its second."""
    if not f.get("pushed"):
        f["pushed"] = True
        push(s, {"k": "say", "w": f["w"] + "-a"}, {"k": "say", "w": f["w"] + "-b"})
        return AGAIN
    s.seen.append(f["w"])
    return DONE


@M.handler("pick")
def _pick(s: Toy, f: Frame) -> Any:
    """Asks a question, then records the answer and the record handed back with it."""
    if "ans" not in f:
        return Choice(f["seat"], "colour", {"k": "ask.colour"}, [["red"], ["blue"]])
    s.seen.append(f"{f['ans']}:{f.get('pick')}")
    return DONE


@M.handler("forever")
def _forever(s: Toy, f: Frame) -> str:
    return AGAIN


@M.handler("mute")
def _mute(s: Toy, f: Frame) -> Choice:
    return Choice(0, "nothing", {"k": "ask.none"}, [])


@M.handler("end")
def _end(s: Toy, f: Frame) -> str:
    s.over = True
    return DONE


def _next_turn(s: Toy) -> None:
    s.turns += 1
    push(s, {"k": "say", "w": f"turn{s.turns}"}, {"k": "pick", "seat": s.turns % 2})


def test_push_runs_the_first_given_first() -> None:
    s = Toy()
    push(s, {"k": "say", "w": "1"}, {"k": "say", "w": "2"}, {"k": "say", "w": "3"})
    assert top(s) == {"k": "say", "w": "1"}
    M.run(s)
    assert s.seen == ["1", "2", "3"] and s.stack == []


def test_again_runs_the_frames_it_pushed_before_resuming_it() -> None:
    s = Toy()
    push(s, {"k": "twice", "w": "x"}, {"k": "say", "w": "after"})
    M.run(s)
    assert s.seen == ["x-a", "x-b", "x", "after"]


def test_a_question_becomes_the_pending_decision_and_the_answer_resumes_the_frame() -> None:
    s = Toy()
    push(s, {"k": "say", "w": "before"}, {"k": "pick", "seat": 1}, {"k": "say", "w": "after"})
    M.run(s)
    assert s.seen == ["before"]
    assert s.pending == {"seat": 1, "kind": "colour", "prompt": {"k": "ask.colour"}, "opts": [["red"], ["blue"]]}
    assert top(s) == {"k": "pick", "seat": 1}  # the asking frame waits on top
    M.run(s)  # nothing happens while the question stands
    assert s.seen == ["before"]
    f = M.answer(s, "blue", ["blue"])
    assert s.pending is None and f["ans"] == "blue"
    M.run(s)
    assert s.seen == ["before", "blue:['blue']", "after"]


def test_the_pick_record_lives_only_while_its_answer_is_handled() -> None:
    s = Toy()
    push(s, {"k": "twice", "w": "t"})
    f = s.stack[0]
    M.give(f, "a", ["a"])
    M.run(s)
    assert "pick" not in f and f["ans"] == "a"


def test_an_empty_stack_is_refilled_until_someone_must_answer() -> None:
    s = Toy()
    M.run(s, _next_turn)
    assert s.turns == 1 and s.seen == ["turn1"] and s.pending is not None and s.pending["seat"] == 1
    M.answer(s, "red", ["red"])
    M.run(s, _next_turn)
    assert s.turns == 2 and s.seen == ["turn1", "red:['red']", "turn2"]


def test_the_game_ending_stops_resolution_at_once() -> None:
    s = Toy()
    push(s, {"k": "end"}, {"k": "say", "w": "never"})
    M.run(s, _next_turn)
    assert s.over and s.seen == [] and len(s.stack) == 2 and s.turns == 0


def test_guard_refuses_a_resolution_that_never_settles() -> None:
    s = Toy()
    push(s, {"k": "forever"})
    with pytest.raises(Unsettled, match="toy: resolution does not settle"):
        M.run(s)


def test_a_question_without_answers_is_refused() -> None:
    s = Toy()
    push(s, {"k": "mute"})
    with pytest.raises(RuntimeError, match="toy: empty choice nothing"):
        M.run(s)


def test_a_handler_returning_something_else_is_refused() -> None:
    m: Machine[Toy] = Machine("odd", live=lambda s: not s.over, ask=_ask)
    m.handler("none")(lambda s, f: None)
    s = Toy()
    push(s, {"k": "none"})
    with pytest.raises(TypeError, match="not DONE, AGAIN or a Choice"):
        m.run(s)


def test_clones_resume_independently_and_a_json_round_trip_resumes_the_same() -> None:
    s = Toy()
    push(s, {"k": "twice", "w": "x"}, {"k": "pick", "seat": 0}, {"k": "say", "w": "end"})
    M.run(s)
    assert s.pending is not None
    a, b = clone(s), clone(s)
    loaded = from_plain(Toy, json.loads(json.dumps(to_plain(s))))
    M.answer(a, "red", ["red"])
    M.run(a)
    M.answer(b, "blue", ["blue"])
    M.run(b)
    M.answer(loaded, "red", ["red"])
    M.run(loaded)
    assert a.seen[-2:] == ["red:['red']", "end"] and b.seen[-2:] == ["blue:['blue']", "end"]
    assert loaded.seen == a.seen and loaded.stack == a.stack == []
    assert s.pending is not None and s.seen == ["x-a", "x-b", "x"]  # the original is untouched


def test_a_game_chooses_its_kind_key_and_keeps_its_question_in_the_frame() -> None:
    """Mount Gram's shape: frames named by ``"t"``, the question stored in the frame as ``"ask"``,
    answers taken by a per-kind function, handlers given the rules object as a context."""
    def ask_in_frame(s: Toy, f: Frame, q: Choice) -> None:
        f["ask"] = [q.seat, q.kind, q.prompt]

    mg: Machine[Toy] = Machine("mg", kind="t", live=lambda s: not s.over, ask=ask_in_frame,
                               clear=lambda s, f: f.pop("ask", None))

    @mg.handler("choose")
    def _choose(g: dict[str, str], s: Toy, f: Frame) -> Any:
        if "got" not in f:
            return Choice(0, "choose", {"k": g["prompt"]})
        s.seen.append(f["got"])
        return DONE

    @mg.on_answer("choose")
    def _took(g: dict[str, str], s: Toy, f: Frame, answer: str) -> None:
        f["got"] = g["prefix"] + answer

    s = Toy()
    push(s, {"t": "choose"})
    g = {"prompt": "ask.thing", "prefix": "took "}
    mg.run(s, ctx=g)
    assert s.stack == [{"t": "choose", "ask": [0, "choose", {"k": "ask.thing"}]}]
    mg.answer(s, "a", ctx=g)
    assert "ask" not in s.stack[0]
    mg.run(s, ctx=g)
    assert s.seen == ["took a"] and s.stack == []


def test_one_handler_per_kind() -> None:
    with pytest.raises(ValueError, match="two handlers"):
        M.handler("say")(lambda s, f: DONE)


def test_an_answer_needs_a_frame_waiting_for_it() -> None:
    with pytest.raises(RuntimeError, match="no frame waiting"):
        M.answer(Toy(), "x")
