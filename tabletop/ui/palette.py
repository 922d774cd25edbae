"""The app's own commands in the command palette (ctrl+p), next to Textual's (theme, keys, quit).

Everything the main menu offers is here, so it can be reached from any screen; saving and undoing
are offered only while a game's screen is the active one — not behind a curtain, a dialog or the
help, where they would act on a table nobody is looking at, and not in a replay, which is read-only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider

from ..text.shell import N_, _

if TYPE_CHECKING:
    from .app import TabletopApp

Command = tuple[str, Callable[[], object], str]

TEXTUAL_COMMANDS = (
    N_("Theme"), N_("Change the current theme"),
    N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Show help for the focused widget and a summary of available keys"),
    N_("Hide the keys and widget help panel"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
)
"""The titles and helps of Textual's own commands (``App.get_system_commands``), for extraction:
the app yields them translated (``translated``); one Textual adds later stays English until it is
listed here."""
SEARCH_COMMANDS = N_("Search for commands…")
SEARCH_THEMES = N_("Search for themes…")
"""The palettes' search placeholders (Textual's words)."""


def translated(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Textual's system commands with their title and help in the table's language."""
    for command in commands:
        yield command._replace(title=_(command.title), help=_(command.help))


class TabletopCommands(Provider):
    """New game, resume, saved games, rules, settings, the other language; save and undo in a game.
    Names and helps are rendered each time the palette asks, so they follow the language."""

    def commands(self) -> Iterator[Command]:
        from .game_screen import GameScreen

        app: TabletopApp = self.app  # type: ignore[assignment]
        screen = self.screen
        if isinstance(screen, GameScreen) and not screen.READ_ONLY:  # a replay saves and undoes nothing
            yield _("Save game"), screen.action_save, _("Save this game under a name of your choice (ctrl+s)")
            yield _("Undo"), screen.action_undo, _("Take back your last action this turn (ctrl+z)")
        yield _("New game"), app.show_new_game, _("Choose a game, the players and the variants")
        yield _("Resume last game"), app.resume_from_menu, _("Carry on with the most recent unfinished game")
        yield _("Saved games"), app.show_saves, _("Browse, resume or delete save files")
        yield _("Rules"), app.show_rules, _("Read a game's rules summary")
        yield _("Settings"), app.show_settings, _("Language, theme, ASCII, animations, bot think time, curtain")
        if app.language == "es":  # each offer is written in the language it switches to
            yield "Language: English", lambda: app.switch_language("en"), "Show every screen in English (remembered)"
        else:
            yield ("Idioma: español", lambda: app.switch_language("es"),
                   "Mostrar todas las pantallas en español (se recuerda)")

    async def discover(self) -> Hits:
        for name, callback, help_text in self.commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self.commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, text=name, help=help_text)
