"""``TabletopApp``: the main menu, the new-game form, the saves browser and one screen per game.

The CLI builds the app through this class (tests do the same through ``run_test``); a game's
screen is found through its spec (``"module:Class"``), falling back to the shared ``GameScreen``
so every registered game is playable by keyboard from the start.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.filter import LineFilter

from .. import games
from ..engine import Match
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
    /* a drop-down's cursor reads without colour too: reverse video (the menus use a pointer) */
    SelectOverlay > .option-list--option-highlighted { text-style: bold reverse; }
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
        self._ascii_filter: LineFilter | None = None

    def get_line_filters(self) -> Sequence[LineFilter]:
        """With ``--ascii``, the borders, rules and scrollbars Textual draws become ASCII too."""
        filters = list(super().get_line_filters())
        if self.ascii_only:
            from .ascii_filter import AsciiFilter

            filters.append(self._ascii_filter or AsciiFilter())
            self._ascii_filter = filters[-1]
        return filters

    def on_mount(self) -> None:
        self.push_screen(MainMenu())
        match, path = self.initial
        if match is not None:
            self.open_game(match, path)

    def open_game(self, match: Match, path: Path | None) -> None:
        cls = screen_class(match.game.spec)
        self.push_screen(cls(match, path, ascii_only=self.ascii_only, animate=self.animate,
                             bot_delay=self.bot_delay))

    def resume_latest(self) -> None:
        for info in scan(self.saves_dir):
            if info.error or info.finished:
                continue
            try:
                match = load(info.path, games.game)
            except SaveError as exc:
                self.notify(str(exc), title="Cannot resume", severity="error")
                return
            self.open_game(match, info.path)
            return
        self.notify("No unfinished game to resume.", severity="warning")
