"""The app's own commands in the command palette (ctrl+p), next to Textual's (theme, keys, quit).

Everything the main menu offers is here, so it can be reached from any screen; saving and undoing
are offered only while a game's screen is the active one — not behind a curtain, a dialog or the
help, where they would act on a table nobody is looking at, and not in a replay, which is read-only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

from ..text.shell import _

if TYPE_CHECKING:
    from .app import TabletopApp

Command = tuple[str, Callable[[], object], str]


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
