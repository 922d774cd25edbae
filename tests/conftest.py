"""Shared fixtures: the kernel test game is registered for every test session."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from kernel_game import SPEC, HighCard  # noqa: E402

from tabletop import games  # noqa: E402

games.register(SPEC, HighCard)


@pytest.fixture(autouse=True)
def config_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty settings folder: none reads or writes the real one."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def saves_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("TABLETOP_SAVES", str(folder))
    return folder


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the machine's locale, and leaves English behind
    (a test that switches the table to Spanish cannot change the next one's words)."""
    import os

    from tabletop.text.language import set_language

    monkeypatch.delenv("TABLETOP_LANG", raising=False)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var, "").lower().startswith("es"):
            monkeypatch.setenv(var, "C.UTF-8")
    set_language("en")
    yield
    set_language("en")
