"""Write-behind autosave in the app (issue #15): a key is handled while the save is still being
written, the file after quitting is the last state, and a failed write is a notification."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine import Match, Seat, saves
from tabletop.engine.saves import load
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.menus import MainMenu
from tabletop.ui.widgets import DecisionPanel


def new_match() -> Match:
    return Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {}, seed=3)


def make_app(tmp_path: Path, match: Match) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json", animate=False, bot_delay=0)


def last_state_bytes(match: Match) -> bytes:
    return json.dumps(saves.document(match), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class SlowDisk:
    """``atomic_write`` that waits for ``release`` (a disk that takes its time), then writes for
    real; records the threads it ran on and whether the key path ever fsynced."""

    def __init__(self, real: object) -> None:
        self.real = real
        self.entered = threading.Event()
        self.release = threading.Event()
        self.threads: set[int] = set()

    def __call__(self, path: Path, data: bytes) -> None:
        self.threads.add(threading.get_ident())
        self.entered.set()
        assert self.release.wait(20), "the test never released the disk"
        self.real(path, data)  # type: ignore[operator]


async def test_a_key_is_handled_before_the_slow_write_finishes_and_quit_leaves_the_last_state(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = SlowDisk(saves.atomic_write)
    monkeypatch.setattr(saves, "atomic_write", disk)
    fsyncs: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (fsyncs.append(threading.get_ident()), real_fsync(fd))[1])
    ui_thread = threading.get_ident()
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # past the curtain
        await pilot.pause()
        await pilot.press("1")  # mark a card: the action is played and autosaved
        await pilot.pause()
        assert len(match.actions) == 1
        assert disk.entered.wait(5)
        assert not disk.release.is_set()  # the write is still waiting on the "disk"...
        await pilot.press("1")  # ...and the next key is handled all the same
        await pilot.pause()
        assert len(match.actions) == 2
        panel = app.screen.query_one("#decision", DecisionPanel)
        assert [a.id for a in panel.actions] == [a.id for a in match.legal()]
        assert ui_thread not in disk.threads
        assert ui_thread not in fsyncs
        disk.release.set()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert (tmp_path / "g.json").read_bytes() == last_state_bytes(match)
    assert load(tmp_path / "g.json", games.game).actions == match.actions


async def test_the_app_exiting_waits_for_the_last_autosave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = SlowDisk(saves.atomic_write)
    disk.release.set()
    monkeypatch.setattr(saves, "atomic_write", disk)
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1", "1")
        await pilot.pause()
        assert len(match.actions) == 2
        app.exit()  # ctrl+q, the palette's Quit: no game screen is left first
    assert not app.save_writer.pending()
    assert (tmp_path / "g.json").read_bytes() == last_state_bytes(match)


async def test_a_failing_write_shows_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "atomic_write", full_disk)
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1")
        for _ in range(50):
            await pilot.pause(0.02)
            if any("No space left" in n.message for n in app._notifications):
                break
        assert len(match.actions) == 1 and isinstance(app.screen, GameScreen)
        messages = [n.message for n in app._notifications]
        assert "Could not save g.json: No space left on device" in messages
        assert all(n.severity == "error" for n in app._notifications if "Could not save" in n.message)


async def test_save_as_waits_for_the_file_and_says_saved_only_when_it_is(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import Input

    fail = {"on": False}
    real = saves.atomic_write

    def disk(path: Path, data: bytes) -> None:
        if fail["on"]:
            raise OSError(13, "Permission denied")
        real(path, data)

    monkeypatch.setattr(saves, "atomic_write", disk)
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1")
        await pilot.pause()
        for name, failing in (("mine", False), ("theirs", True)):
            fail["on"] = failing
            app.clear_notifications()
            await pilot.press("ctrl+s")
            await pilot.pause()
            app.screen.query_one(Input).value = name
            await pilot.press("enter")
            await pilot.pause()
            messages = [n.message for n in app._notifications]
            if failing:
                assert f"Could not save {name}.json: Permission denied" in messages
                assert not any(m.startswith("Saved to") for m in messages)
            else:
                assert (tmp_path / "mine.json").read_bytes() == last_state_bytes(match)
                assert any(m.startswith("Saved to") for m in messages)


def test_a_write_that_fails_as_the_app_exits_is_said_on_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop import cli

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    def run(self: TabletopApp) -> None:  # the app's last action, then it exits at once
        self.save_writer.submit(tmp_path / "g.json", b"{}")

    monkeypatch.setattr(saves, "atomic_write", full_disk)
    monkeypatch.setattr(TabletopApp, "run", run)
    monkeypatch.setenv("TABLETOP_SAVES", str(tmp_path))
    cli._run_app()
    assert "tabletop: Could not save g.json: No space left on device" in capsys.readouterr().err
