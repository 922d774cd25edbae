"""SVG snapshots of every game screen (100×30 and 120×40) and of the menus, at fixed seeds.

They catch what a text assertion does not: a panel that overflows, a border that breaks, a
colour-only signal. Compared with the SVGs in ``__snapshots__/`` (pytest-textual-snapshot; the
exact Textual version is pinned in the ``test`` extra so they do not drift). After an intended
change of any screen, regenerate them all with one command (see docs/UI.md):

    .venv/bin/python -m pytest tests/snapshots --snapshot-update

and look at the report of what changed before committing the new SVGs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.saves import save
from tabletop.ui import menus
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tests.ui.test_decision_visible import SETUPS, suggest

SIZES = [(100, 30), (120, 40)]
MOVES = 3
"""Decisions the seat at the keyboard answers (as the heuristic bot would) before the picture."""


def game_app(tmp_path: Path, game_id: str) -> tuple[TabletopApp, Match]:
    seats, options, seed = SETUPS[game_id]
    match = Match.start(games.game(game_id), seats, options, seed=seed)
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=None, animate=False, bot_delay=0), match


def play_some(match: Match, moves: int) -> Any:
    async def run_before(pilot: Any) -> None:
        app = pilot.app
        answered = 0
        for _ in range(moves * 10 + 10):
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, GameScreen):
                await pilot.press("enter")  # the curtain, a World intro card
                continue
            decision = match.decision()
            if decision is None or answered >= moves:
                break
            if decision.seat == screen.viewer and not match.seats[decision.seat].is_bot:
                screen.act(suggest(match))
                answered += 1
        await pilot.pause()
        app.clear_notifications()  # toasts fade on a timer: not part of the picture

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", list(SETUPS))
def test_game_screen(snap_compare: Any, tmp_path: Path, game_id: str, size: tuple[int, int]) -> None:
    app, match = game_app(tmp_path, game_id)
    assert snap_compare(app, terminal_size=size, run_before=play_some(match, MOVES))


def menu_app(tmp_path: Path) -> TabletopApp:
    menus._REMEMBERED.clear()
    menus._LAST_GAME.clear()
    for seed, name in ((3, "first"), (4, "second")):
        match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis", "highest")], {}, seed=seed)
        match.created = match.updated = 1.0e9 + seed  # fixed times: the list is ordered by them
        save(match, tmp_path / f"{name}.json")
    return TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)


def freeze_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ago()`` reads the clock: pin it, so "n days ago" is the same on every run."""
    monkeypatch.setattr(menus.time, "time", lambda: 1.0e9 + 3 * 86400)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("press", [
    pytest.param([], id="main_menu"),
    pytest.param(["enter"], id="new_game"),
    pytest.param(["down", "down", "enter"], id="saves"),
    pytest.param(["question_mark"], id="help"),
])
def test_menu(snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, press: list[str],
              size: tuple[int, int]) -> None:
    freeze_clock(monkeypatch)
    assert snap_compare(menu_app(tmp_path), press=[*press, "_"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("press", [
    pytest.param([], id="main_menu"),
    pytest.param(["enter"], id="new_game"),
])
def test_menu_in_spanish(snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, press: list[str],
                         size: tuple[int, int]) -> None:
    """The same screens with the table speaking Spanish (issue #14), on a real game's form."""
    freeze_clock(monkeypatch)
    app = menu_app(tmp_path)
    menus._LAST_GAME[:] = ["superinmundos"]
    from tabletop.text.language import set_language

    set_language("es")  # (the conftest puts English back after the test)
    assert snap_compare(app, press=[*press, "_"], terminal_size=size)
