"""``tabletop replay FILE``: a bad file is one line and exit 2 before any app; a good one opens the
replay app on exactly that save. ``serve`` and ``replay`` are listed in the help."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_cli import invoke, one_line_error, saved_match

from tabletop.engine.state import to_plain


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every app the CLI would have run (``run`` recorded instead of started)."""
    from tabletop.ui.app import TabletopApp

    apps: list[Any] = []
    monkeypatch.setattr(TabletopApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


@pytest.mark.parametrize("name", ["replay", "serve"])
def test_the_commands_are_in_the_help(name: str) -> None:
    root = invoke("--help")
    assert root.exit_code == 0 and name in root.stdout
    own = invoke(name, "--help")
    assert own.exit_code == 0 and "Usage" in own.stdout


def test_replay_opens_the_replay_app_on_that_save(tmp_path: Path, ran: list[Any]) -> None:
    from tabletop.ui.replay_screen import ReplayApp

    original, path = saved_match(tmp_path, "story.json", seed=4, steps=5)
    result = invoke("--saves-dir", str(tmp_path), "replay", str(path))
    assert result.exit_code == 0, result.output
    [app] = ran
    assert isinstance(app, ReplayApp)
    match, opened = app.replay_of
    assert opened == path and match.actions == original.actions
    assert to_plain(match.state) == to_plain(original.state)


def test_replay_of_a_missing_file(tmp_path: Path, ran: list[Any]) -> None:
    one_line_error(invoke("replay", str(tmp_path / "nope.json")), "no such save file")
    assert ran == []


@pytest.mark.parametrize("content,message", [
    (b"", "the file is empty"),
    (b"{\"format\": \"tabletop-save\", \"ver", "truncated"),
    (b"[1, 2]", "not a save file"),
    (b"\xff\xfe\x00", "not a save file"),
])
def test_replay_of_a_corrupt_file(tmp_path: Path, ran: list[Any], content: bytes, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    one_line_error(invoke("replay", str(path)), str(path), message)
    assert ran == []


def test_replay_of_a_tampered_save(tmp_path: Path, ran: list[Any]) -> None:
    _, path = saved_match(tmp_path)
    doc = json.loads(path.read_text())
    doc["actions"][0] = "cheat"
    path.write_text(json.dumps(doc))
    one_line_error(invoke("replay", str(path)), "does not replay")
    assert ran == []


def test_replay_of_a_folder(tmp_path: Path, ran: list[Any]) -> None:
    one_line_error(invoke("replay", str(tmp_path)), "is a folder")
    assert ran == []
