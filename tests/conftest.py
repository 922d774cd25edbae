"""Shared fixtures: the kernel test game is registered for every test session."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from kernel_game import SPEC, HighCard  # noqa: E402

from tabletop import games  # noqa: E402

games.register(SPEC, HighCard)


@pytest.fixture
def saves_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("TABLETOP_SAVES", str(folder))
    return folder
