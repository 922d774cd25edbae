"""Saves of format version 1 (made before structured events) still load, replay and resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine.saves import load

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"
FILES = sorted(FIXTURES.glob("*.json"))


def test_the_fixtures_are_there() -> None:
    assert len(FILES) >= 14


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_v1_save_loads_and_resumes(path: Path) -> None:
    match = load(path, games.game)
    assert match.actions, "a fixture holds played actions"
    finished = path.stem.endswith("finished")
    assert (match.decision() is None) == finished
    if not finished:
        match.bot_step(as_kind="random")  # the loaded game goes on
        assert len(match.actions) >= 1
