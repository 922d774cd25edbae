"""The main menu, the app's first screen, kept light: the first frame waits for nothing else.

Only what the menu itself draws is imported here; the other screens (``ui.menus``), the games'
registry and the saves folder are reached after the first frame: the key bar is mounted and
the Recent list read once the menu is on screen (``MainMenu._after_first_frame``), and every save
is replayed for the full check on a worker thread.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..text.shell import N_, _, ngettext
from .widgets.footer import Footer
from .widgets.pointer_list import PointerList

if TYPE_CHECKING:
    from .app import TabletopApp


def recent_text(folder: Path, full: bool) -> Text:
    """The main menu's Recent list from the saves in ``folder`` (``full``: each save replayed)."""
    from .. import games
    from ..engine.saves import SaveError, scan
    from .menus import ago, progress, recent

    text = Text(_("Recent") + "\n", style="bold")
    try:
        found = scan(folder, games.game if full else None)
    except SaveError as exc:
        text.append(str(exc), style="red")
        return text
    infos = recent(found)[:4]
    bad = len([i for i in found if i.error])
    if not infos:
        text.append(_("no saved games yet") + "\n", style="dim")
    for info in infos:
        text.append(f"{_(info.title)} · {info.players}\n")
        text.append(f"  {progress(info)} · {ago(info.updated)}\n", style="dim")
    if bad:
        text.append(ngettext("{n} unreadable file (see Saved games)", "{n} unreadable files (see Saved games)",
                             bad).format(n=bad), style="yellow")
    return text


class MainMenu(Screen[None]):
    BINDINGS = [Binding("q", "app.quit", N_("quit")), Binding("question_mark", "help", N_("help")),
                Binding("k", "cursor(-1)", show=False), Binding("j", "cursor(1)", show=False)]
    DEFAULT_CSS = """
    MainMenu { align: center middle; }
    MainMenu > Horizontal { width: 100; max-width: 100%; height: 17; border: round $accent; padding: 1 2; }
    MainMenu #brand { width: 32; }
    MainMenu #brand .name { text-style: bold; color: $accent; }
    MainMenu #menu { width: 28; border: none; height: auto; }
    MainMenu #recent { width: 1fr; color: $text-muted; }
    """
    ITEMS = [("new", N_("New game")), ("resume", N_("Resume last game")), ("saves", N_("Saved games")),
             ("learn", N_("Learn to play")), ("rules", N_("Rules")), ("settings", N_("Settings")),
             ("quit", N_("Quit"))]

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="brand"):
                yield Static("T A B L E T O P", classes="name")
                yield Static(_("card games for one keyboard"))
            yield PointerList(*[Option(_(label), id=key) for key, label in self.ITEMS], id="menu",
                              ascii_only=getattr(self.app, "ascii_only", False))
            yield Static(Text(_("Recent") + "\n", style="bold"), id="recent")
        # the key bar (Footer) is mounted after the first frame: it costs more than the menu itself

    _painted = False
    """Whether the first frame is out: nothing is read from the saves folder before it."""

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()
        self.call_after_refresh(self._after_first_frame)

    async def _after_first_frame(self) -> None:
        """What the first frame does not wait for: the key bar, then the Recent list. The full
        check only runs while the menu is on screen (a game opened straight from the command
        line covers it: no replay runs behind it; returning to the menu checks)."""
        self._painted = True
        await self.mount(Footer())
        self.refresh_bindings()  # a Footer mounted after the screen's bindings settled shows them now
        self.refresh_recent(full=self.app.screen is self)

    async def retranslate(self) -> None:
        """The menu in the new language, on the same item."""
        highlighted = self.query_one("#menu", OptionList).highlighted
        await self.recompose()
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = highlighted
        menu.focus()
        if self._painted:
            await self.mount(Footer())
            self.refresh_bindings()
            self.refresh_recent()

    def on_screen_resume(self) -> None:
        if self._painted:
            self.refresh_recent()

    def refresh_recent(self, full: bool = True) -> None:
        """The four most recent good saves; unreadable files are counted, never a failure (the
        fields are terminal-safe from ``scan`` and go in as plain ``Text``, not markup). Each
        file's envelope is read at once; with ``full`` every save is then checked as ``verify``
        does (replays are remembered per file) on a worker thread, and the list is redrawn
        when that is done, so the menu answers keys while old saves are being replayed."""
        app: TabletopApp = self.app  # type: ignore[assignment]
        self._show_recent(recent_text(app.saves_dir, full=False))
        if full:
            def check() -> None:
                text = recent_text(app.saves_dir, full=True)
                try:
                    app.call_from_thread(self._show_recent, text)
                except RuntimeError:  # the app closed meanwhile
                    pass

            self.run_worker(check, thread=True, exclusive=True, group="recent", exit_on_error=False)

    def _show_recent(self, text: Text) -> None:
        found = self.query("#recent") if self.is_attached else None
        if found:  # (none while the menu recomposes in another language: it reads the list again)
            found.first(Static).update(text)

    def action_cursor(self, delta: int) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = ((menu.highlighted or 0) + delta) % len(self.ITEMS)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        app: TabletopApp = self.app  # type: ignore[assignment]
        key = event.option.id
        from .menus import LearnIndex, NewGameScreen, RulesIndex, SavesScreen

        if key == "new":
            app.push_screen(NewGameScreen())
        elif key == "resume":
            app.resume_latest()
        elif key == "saves":
            app.push_screen(SavesScreen())
        elif key == "learn":
            app.push_screen(LearnIndex())
        elif key == "rules":
            app.push_screen(RulesIndex())
        elif key == "settings":
            app.show_settings()
        elif key == "quit":
            app.exit()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen("Tabletop", "", N_("Choose a game with **New game**, or carry on "
                                                         "with **Resume last game**. Every game saves itself "
                                                         "after each move.")))
