"""Issue #12: the worst-case save (a finished 6-player Villainous game) stays within 200 KB.

The recorded game is the benchmark's worst case (``benchmarks/run.py``: ``late_game("villainous",
6, {})``, played to the end: 3,468 actions, 4,213 events), stored in format 2 at 271 KB; today's
format leaves the log out (loading rebuilds it by replay)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine.autosave import DocumentEncoder
from tabletop.engine.saves import load, save

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "saves_v2"
WORST = FIXTURES / "villainous-6p-seed1-finished.json"
LIMIT = 200 * 1024


def test_the_worst_case_save_is_within_200_kb(tmp_path: Path) -> None:
    match = load(WORST, games.game)
    assert len(match.seats) == 6 and match.result() is not None and len(match.state.log) > 4000
    path = save(match, tmp_path / "worst.json")
    size = path.stat().st_size
    assert size <= LIMIT, f"{size / 1024:.1f} KB"
    assert DocumentEncoder().encode(match) == path.read_bytes()
    assert load(path, games.game).state.log == match.state.log


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.stem)
def test_every_recorded_game_saves_within_200_kb(tmp_path: Path, path: Path) -> None:
    match = load(path, games.game)
    assert save(match, tmp_path / "g.json").stat().st_size <= LIMIT
