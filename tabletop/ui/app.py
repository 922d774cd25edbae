"""``TabletopApp``: the main menu, the new-game form, the saves browser and one screen per game.

The CLI builds the app through this class (tests do the same through ``run_test``); a game's
screen is found through its spec (``"module:Class"``), falling back to the shared ``GameScreen``
so every registered game is playable by keyboard from the start.

The app holds the player's ``Settings`` and applies them (theme, ASCII, animations, bot think
time, curtain default); it writes them back to ``settings_path`` when they change — including a
theme picked in the command palette — and never writes anything when ``settings_path`` is None
(the default, so tests that build an app cannot touch a real settings file).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.command import CommandPalette
from textual.filter import LineFilter
from textual.message import Message

from ..settings import Settings
from ..settings import save as save_settings
from ..text.language import language as current_language
from ..text.language import set_language
from ..text.shell import _, ngettext
from .main_menu import MainMenu
from .palette import SEARCH_COMMANDS, SEARCH_THEMES, TabletopCommands, translated

if TYPE_CHECKING:
    from ..engine import Match
    from ..engine.autosave import WriteBehind
    from .game_screen import GameScreen

# The games, the rules kernel and the saves are imported where they are used: the main menu's
# first frame needs none of them (benchmarks/run.py measures it).


def screen_class(spec: Any) -> "type[GameScreen]":
    """The game's own screen class, or the generic one if it has none (or it fails to import).
    Imported on demand: the main menu's first frame does not wait for any game's screen."""
    from .game_screen import GameScreen

    if spec.screen:
        module_name, _sep, cls_name = spec.screen.partition(":")
        try:
            return getattr(importlib.import_module(module_name), cls_name)  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            return GameScreen
    return GameScreen


class SaveFailed(Message):
    """Posted from the autosave thread: a write failed (its reason waits in ``take_errors``)."""


class TabletopApp(App[None]):
    TITLE = "Tabletop"
    CSS = """
    Screen .title { text-style: bold; padding: 0 1; background: $primary-darken-2; width: 1fr; }
    /* a drop-down's cursor reads without colour too: reverse video (the menus use a pointer) */
    SelectOverlay > .option-list--option-highlighted { text-style: bold reverse; }
    """
    COMMANDS = App.COMMANDS | {TabletopCommands}

    def __init__(self, saves_dir: Path | str = "saves", match: Match | None = None,
                 save_path: Path | None = None, *, ascii_only: bool | None = None, animate: bool | None = None,
                 bot_delay: float | None = None, settings: Settings | None = None,
                 settings_path: Path | None = None, settings_warning: str | None = None,
                 language: str | None = None) -> None:
        """``ascii_only``, ``animate`` and ``bot_delay`` left as None come from ``settings``;
        ``language`` (what the CLI detected) is set for every text, else the current one stays."""
        super().__init__()
        if language is not None:
            set_language(language)
        self.saves_dir = Path(saves_dir)
        self.initial = (match, save_path)
        self.settings = settings or Settings()
        self.settings_path = settings_path
        self.settings_warning = settings_warning
        self.ascii_only = self.settings.ascii if ascii_only is None else ascii_only
        self.animate = self.settings.animations if animate is None else animate
        self.bot_delay = self.settings.bot_think_time if bot_delay is None else bot_delay
        self._ascii_filter: LineFilter | None = None
        self._save_writer: WriteBehind | None = None
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme

    @property
    def save_writer(self) -> "WriteBehind":
        """Writes the games' autosaves behind the key path; flushed on leaving a game and on exit
        (what failed at exit is left in ``take_errors`` for the command line to print)."""
        if self._save_writer is None:
            from ..engine.autosave import WriteBehind

            self._save_writer = WriteBehind(on_error=lambda: self.post_message(SaveFailed()))
        return self._save_writer

    def get_line_filters(self) -> Sequence[LineFilter]:
        """With ``--ascii``, the borders, rules and scrollbars Textual draws become ASCII too."""
        filters = list(super().get_line_filters())
        if self.ascii_only:
            from .ascii_filter import AsciiFilter

            filters.append(self._ascii_filter or AsciiFilter())
            self._ascii_filter = filters[-1]
        return filters

    def get_system_commands(self, screen: Any) -> Iterator[SystemCommand]:
        """Textual's own commands (theme, quit, keys, screenshot) in the table's language."""
        return translated(super().get_system_commands(screen))

    def action_show_help_panel(self) -> None:
        """The palette's Keys: Textual's keys panel, in the table's language (``key_panel``)."""
        from .key_panel import HelpPanel

        if not self.screen.query(HelpPanel):
            self.screen.mount(HelpPanel())

    def action_command_palette(self) -> None:
        """Textual's palette, with its search placeholder in the table's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=_(SEARCH_COMMANDS)))

    def search_themes(self) -> None:
        """Textual's theme picker (the palette's "Theme"), its placeholder in the table's language."""
        from textual.theme import ThemeProvider

        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=_(SEARCH_THEMES)))

    @property
    def language(self) -> str:
        """The interface language in use ("en" or "es"): every screen renders its texts in it."""
        return current_language()

    def switch_language(self, lang: str, remember: bool = True) -> None:
        """Speak ``lang`` from now on, on every screen at once (each is re-rendered), and remember
        it in the settings. A save holds no language, so a game on the table simply goes on."""
        set_language(lang)
        if remember and self.settings.language != lang:
            self.settings = self.settings.changed(language=lang)
            self._write_settings()
        for screen in self.screen_stack:
            self.call_later(self._retranslate, screen)

    async def _retranslate(self, screen: Any) -> None:
        """One screen in the new language: its own ``retranslate`` if it keeps state in its
        widgets (a form, a table), else composed anew; footers show the bindings anew."""
        from .widgets.footer import Footer

        own = getattr(screen, "retranslate", None)
        if own is not None:
            result = own()
            if hasattr(result, "__await__"):
                await result
        else:
            await screen.recompose()
        for footer in screen.query(Footer):
            footer.call_later(footer.recompose)  # in the footer's own context (its keys bind to it)

    @property
    def curtain_default(self) -> bool:
        """False when the players turned the curtain off in the settings (a game option wins)."""
        return self.settings.curtain

    def apply_settings(self, new: Settings) -> bool:
        """Use ``new`` from now on and write it to the settings file; False if it could not be written.
        ASCII mode and animations take effect in the next game opened; think time and curtain at once."""
        self.settings = new
        changed_language = bool(new.language) and new.language != current_language()
        self.ascii_only = new.ascii
        self.animate = new.animations
        self.bot_delay = new.bot_think_time
        from .game_screen import GameScreen

        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.bot_delay = new.bot_think_time
        if new.theme in self.available_themes and new.theme != self.theme:
            self.theme = new.theme  # (watch_theme then finds nothing left to write)
        if changed_language:
            self.switch_language(new.language, remember=False)
        return self._write_settings()

    def _write_settings(self) -> bool:
        if self.settings_path is None:
            return True
        try:
            save_settings(self.settings_path, self.settings)
        except OSError as exc:
            self.notify(_("Could not write {path}: {reason}").format(path=self.settings_path,
                                                                     reason=exc.strerror or exc), severity="error")
            return False
        return True

    def watch_theme(self, theme: str) -> None:
        """Remember a theme however it was picked (the palette's Theme command, or Settings)."""
        if theme != self.settings.theme:
            self.settings = self.settings.changed(theme=theme)
            self._write_settings()

    def get_default_screen(self) -> MainMenu:
        """The main menu is the bottom screen itself: no blank screen is laid out before it."""
        return MainMenu()

    def on_mount(self) -> None:
        if self.settings.theme not in self.available_themes:
            self.notify(_("Unknown theme {theme} in the settings; using {used}.").format(
                theme=repr(self.settings.theme), used=self.theme), severity="warning")
        if self.settings_warning:
            self.notify(self.settings_warning, title=_("Settings"), severity="warning")
        match, path = self.initial
        if match is not None:
            self.open_game(match, path)

    def on_save_failed(self, _: SaveFailed) -> None:
        for line in self.save_writer.take_errors():
            self.notify(line, title="Autosave", severity="error", markup=False)

    def on_unmount(self) -> None:
        """The app is closing (quit, ctrl+q, an error): wait for the last autosave."""
        if self._save_writer is not None:
            self._save_writer.flush()

    def open_game(self, match: Match, path: Path | None) -> None:
        """Push the game's screen; card data that fails to load is a message, not a crash."""
        from ..engine import GameDataError
        from ..engine.safe_text import safe_text

        try:
            cls = screen_class(match.game.spec)
            screen = cls(match, path, ascii_only=self.ascii_only, animate=self.animate,
                         bot_delay=self.bot_delay)
        except GameDataError as exc:
            self.notify(safe_text(exc), title=_("Card data"), severity="error", markup=False)
            return
        self.push_screen(screen)

    def resume_latest(self) -> None:
        """Open the most recent unfinished game that loads; unreadable or inconsistent files
        are skipped (the saves browser lists them with their reason)."""
        from .. import games
        from ..engine import GameDataError
        from ..engine.safe_text import safe_text
        from ..engine.saves import SaveError, load, scan

        try:
            infos = scan(self.saves_dir, games.game)
        except SaveError as exc:
            self.notify(safe_text(exc), title=_("Cannot resume"), severity="error", markup=False)
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
                self.notify(safe_text(exc), title=_("Card data"), severity="error", markup=False)
                return
            self.open_game(match, info.path)
            return
        if skipped:
            text = ngettext("No unfinished game to resume ({n} unreadable file skipped: see Saved games).",
                            "No unfinished game to resume ({n} unreadable files skipped: see Saved games).",
                            skipped).format(n=skipped)
        else:
            text = _("No unfinished game to resume.")
        self.notify(text, severity="warning", markup=False)

    # -- places the menu and the command palette both lead to ------------------------------------
    def back_to_menu(self) -> None:
        """Close everything above the main menu; a game on the way is saved first."""
        from .game_screen import GameScreen, flush_saves

        left_a_game = False
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MainMenu):
            if isinstance(self.screen, GameScreen):
                self.screen.autosave()
                left_a_game = True
            self.pop_screen()
        if left_a_game:
            flush_saves(self)

    def show_new_game(self) -> None:
        from .menus import NewGameScreen

        self.back_to_menu()
        self.push_screen(NewGameScreen())

    def show_saves(self) -> None:
        from .menus import SavesScreen

        self.back_to_menu()
        self.push_screen(SavesScreen())

    def resume_from_menu(self) -> None:
        self.back_to_menu()
        self.resume_latest()

    def show_rules(self) -> None:
        from .menus import RulesIndex

        self.push_screen(RulesIndex())

    def show_settings(self) -> None:
        from .settings_screen import SettingsScreen

        self.push_screen(SettingsScreen())
