"""``TabletopApp``: the main menu, the new-game form, the saves browser and one screen per game.

The CLI builds the app through this class (tests do the same through ``run_test``); a game's
screen is found through its spec (``"module:Class"``), falling back to the shared ``GameScreen``
so every registered game is playable by keyboard from the start.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from .. import games
from ..engine import GameDataError, Match
from ..engine.safe_text import safe_text
from ..engine.saves import SaveError, load, scan
from .menus import MainMenu

if TYPE_CHECKING:
    from .game_screen import GameScreen


def screen_class(spec: Any) -> "type[GameScreen]":
    """The game's own screen class, or the generic one if it has none (or it fails to import).
    Imported on demand: the main menu's first frame does not wait for any game's screen."""
    from .game_screen import GameScreen

    if spec.screen:
        module_name, _, cls_name = spec.screen.partition(":")
        try:
            return getattr(importlib.import_module(module_name), cls_name)  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            return GameScreen
    return GameScreen


class TabletopApp(App[None]):
    TITLE = "Tabletop"
    CSS = """
    Screen .title { text-style: bold; padding: 0 1; background: $primary-darken-2; width: 1fr; }
    """

    def __init__(self, saves_dir: Path | str = "saves", match: Match | None = None,
                 save_path: Path | None = None, *, ascii_only: bool = False, animate: bool = True,
                 bot_delay: float = 0.35) -> None:
        super().__init__()
        self.saves_dir = Path(saves_dir)
        self.initial = (match, save_path)
        self.ascii_only = ascii_only
        self.animate = animate
        self.bot_delay = bot_delay

    def on_mount(self) -> None:
        self.push_screen(MainMenu())
        match, path = self.initial
        if match is not None:
            self.open_game(match, path)

    def open_game(self, match: Match, path: Path | None) -> None:
        """Push the game's screen; card data that fails to load is a message, not a crash."""
        try:
            cls = screen_class(match.game.spec)
            screen = cls(match, path, ascii_only=self.ascii_only, animate=self.animate,
                         bot_delay=self.bot_delay)
        except GameDataError as exc:
            self.notify(safe_text(exc), title="Card data", severity="error", markup=False)
            return
        self.push_screen(screen)

    def resume_latest(self) -> None:
        """Open the most recent unfinished game that loads; unreadable or inconsistent files
        are skipped (the saves browser lists them with their reason)."""
        try:
            infos = scan(self.saves_dir, games.game)
        except SaveError as exc:
            self.notify(safe_text(exc), title="Cannot resume", severity="error", markup=False)
            return
        skipped = 0
        for info in infos:
            if info.error:
                skipped += 1
                continue
            if info.finished:
                continue
            try:
                match = load(info.path, games.game)
            except SaveError:
                skipped += 1
                continue
            except GameDataError as exc:
                self.notify(safe_text(exc), title="Card data", severity="error", markup=False)
                return
            self.open_game(match, info.path)
            return
        note = f" ({skipped} unreadable file{'s' * (skipped != 1)} skipped: see Saved games)" if skipped else ""
        self.notify(f"No unfinished game to resume.{note}", severity="warning", markup=False)
