"""Issue #12: Mount Gram's frames run on the engine's one resolution machine
(``tabletop.engine.stack``), like Villainous's."""

from __future__ import annotations

import pytest

from tabletop.engine.stack import Machine, Unsettled
from tabletop.games.mount_gram.flow import ANSWERS, FRAMES, MACHINE, RUNS, Frame, Ran, advance, frame

from .helpers import MG


def test_every_frame_kind_is_a_handler_of_the_engine_machine() -> None:
    assert isinstance(MACHINE, Machine) and MACHINE.kind == "t"
    assert set(MACHINE.handlers) == set(FRAMES)
    assert all(MACHINE.answers[k] is FRAMES[k].answer for k in FRAMES if "answer" in vars(FRAMES[k]))


def test_the_fast_loop_runs_the_very_functions_the_machine_registers() -> None:
    """``flow.run_frames`` (the machine's loop specialised for speed) calls each kind's ``run``
    and ``answer`` directly: the same functions the machine's handlers wrap."""
    assert set(RUNS) == set(FRAMES) == set(ANSWERS)
    assert all(RUNS[k] is FRAMES[k].run and ANSWERS[k] is MACHINE.answers[k] for k in FRAMES)


def test_a_question_is_kept_in_the_frame_and_answered_through_the_machine() -> None:
    sc = MG(players=1)
    top = sc.s.stack[-1]
    seat, kind, prompt = top["ask"]
    d = sc.decision()
    assert d is not None and (d.seat, d.kind) == (seat, kind) and d.prompt.plain() == prompt
    step = sc.s.step
    sc.play(sc.legal()[-1])
    assert sc.s.step == step + 1 and "ask" in sc.s.stack[-1]


@frame("test_forever")
class Forever(Frame):
    """A frame that never asks and never ends (a rules bug the machine's guard must catch)."""

    @staticmethod
    def run(g: object, s: object, f: dict[str, object]) -> Ran:
        return False


def test_a_resolution_that_never_settles_is_refused() -> None:
    sc = MG(players=1)
    sc.s.stack.append({"t": "test_forever"})
    with pytest.raises(Unsettled, match="mount_gram: resolution does not settle"):
        advance(sc.game, sc.s)
