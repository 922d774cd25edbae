"""The app's own screens: main menu, new-game form, saves browser, and a yes/no dialog."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, DataTable, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from .. import games
from ..engine import Match, Seat
from ..engine.saves import SaveError, default_name, load, path_in, scan
from .widgets.pointer_list import PointerList

if TYPE_CHECKING:
    from .app import TabletopApp


def ago(timestamp: float) -> str:
    minutes = int((time.time() - timestamp) // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    if minutes < 60 * 24:
        return f"{minutes // 60} h ago"
    days = minutes // (60 * 24)
    return "yesterday" if days == 1 else f"{days} days ago"


class MainMenu(Screen[None]):
    BINDINGS = [Binding("q", "app.quit", "quit"), Binding("question_mark", "help", "help"),
                Binding("k", "cursor(-1)", show=False), Binding("j", "cursor(1)", show=False)]
    DEFAULT_CSS = """
    MainMenu { align: center middle; }
    MainMenu > Horizontal { width: 100; max-width: 100%; height: 16; border: round $accent; padding: 1 2; }
    MainMenu #brand { width: 32; }
    MainMenu #brand .name { text-style: bold; color: $accent; }
    MainMenu #menu { width: 28; border: none; height: auto; }
    MainMenu #recent { width: 1fr; color: $text-muted; }
    """
    ITEMS = [("new", "New game"), ("resume", "Resume last game"), ("saves", "Saved games"),
             ("rules", "Rules"), ("quit", "Quit")]

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="brand"):
                yield Static("T A B L E T O P", classes="name")
                yield Static("card games for one keyboard")
            yield PointerList(*[Option(label, id=key) for key, label in self.ITEMS], id="menu",
                              ascii_only=getattr(self.app, "ascii_only", False))
            yield Static(id="recent")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()
        self.refresh_recent()

    def on_screen_resume(self) -> None:
        self.refresh_recent()

    def refresh_recent(self) -> None:
        app: TabletopApp = self.app  # type: ignore[assignment]
        text = Text("Recent\n", style="bold")
        infos = [i for i in scan(app.saves_dir) if not i.error][:4]
        if not infos:
            text.append("no saved games yet", style="dim")
        for info in infos:
            text.append(f"{info.title} · {info.players}\n")
            done = " · finished" if info.finished else ""
            text.append(f"  {info.summary}{done} · {ago(info.updated)}\n", style="dim")
        self.query_one("#recent", Static).update(text)

    def action_cursor(self, delta: int) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = ((menu.highlighted or 0) + delta) % len(self.ITEMS)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        app: TabletopApp = self.app  # type: ignore[assignment]
        key = event.option.id
        if key == "new":
            app.push_screen(NewGameScreen())
        elif key == "resume":
            app.resume_latest()
        elif key == "saves":
            app.push_screen(SavesScreen())
        elif key == "rules":
            app.push_screen(RulesIndex())
        elif key == "quit":
            app.exit()

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen("Tabletop", "", "Choose a game with **New game**, or carry on "
                                        "with **Resume last game**. Every game saves itself after each move."))


class RulesIndex(Screen[None]):
    """Pick a game to read its rules summary."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "back")]

    def compose(self) -> ComposeResult:
        yield Static("Rules — choose a game", classes="title")
        yield PointerList(*[Option(s.title, id=gid) for gid, s in games.specs().items()], id="rules-games",
                          ascii_only=getattr(self.app, "ascii_only", False))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from .help import HelpScreen, rules_text

        spec = games.spec(str(event.option.id))
        self.app.push_screen(HelpScreen(spec.title, "", rules_text(spec.rules_file) or spec.summary))


class NewGameScreen(Screen[None]):
    """Game, number of players, names, bot seats, variants, seed; Start validates everything."""

    BINDINGS = [Binding("escape", "app.pop_screen", "cancel"), Binding("ctrl+enter", "start", "start")]
    DEFAULT_CSS = """
    NewGameScreen VerticalScroll { padding: 1 2; }
    NewGameScreen .row { height: auto; margin-bottom: 0; }
    NewGameScreen .row Label { width: 14; padding: 1 0; }
    NewGameScreen .seat Input { width: 28; }
    NewGameScreen .seat Select { width: 30; }
    NewGameScreen #game { width: 50; }
    NewGameScreen #players { width: 30; }
    NewGameScreen #seed { width: 28; }
    NewGameScreen #variants { height: auto; }
    NewGameScreen #error { color: $error; height: auto; margin: 1 0; }
    NewGameScreen #buttons { height: auto; align: right middle; }
    NewGameScreen #start-hint { width: auto; padding: 1 2; color: $text-muted; }
    """
    MAX_SEATS = 6

    def compose(self) -> ComposeResult:
        specs = games.specs()
        self.specs = specs
        if not specs:
            yield Static("No games are installed.", id="error")
            yield Footer()
            return
        first = next(iter(specs))
        with VerticalScroll():
            with Horizontal(classes="row"):
                yield Label("Game")
                yield Select([(f"{s.title} ({self._span(s)})", gid) for gid, s in specs.items()],
                             value=first, allow_blank=False, id="game")
            with Horizontal(classes="row"):
                yield Label("Players")
                yield Select([("1", 1)], value=1, allow_blank=False, id="players")
            for i in range(self.MAX_SEATS):
                with Horizontal(classes="row seat", id=f"seat{i}"):
                    yield Label(f"Seat {i + 1}")
                    yield Input(placeholder="name", id=f"name{i}", max_length=40)
                    yield Select([("human", "human")], value="human", allow_blank=False, id=f"kind{i}")
            yield Vertical(id="variants")
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield Input(placeholder="random", id="seed", restrict=r"[0-9]*")
            yield Static(id="error")
            with Horizontal(id="buttons"):
                yield Static("Enter in a name or the seed starts too", id="start-hint")
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")
        yield Footer()

    @staticmethod
    def _span(spec: Any) -> str:
        return str(spec.min_players) if spec.min_players == spec.max_players else f"{spec.min_players}–{spec.max_players}"

    async def on_mount(self) -> None:
        if not self.specs:
            return
        await self._configure(str(self.query_one("#game", Select).value))
        self.query_one("#game", Select).focus()

    async def _configure(self, game_id: str) -> None:
        spec = self.specs[game_id]
        players = self.query_one("#players", Select)
        counts = list(range(spec.min_players, spec.max_players + 1))
        players.set_options([(str(n), n) for n in counts])
        players.value = counts[0] if len(counts) == 1 else min(max(2, counts[0]), counts[-1])
        for i in range(self.MAX_SEATS):
            kind = self.query_one(f"#kind{i}", Select)
            kind.set_options([("human", "human")] + [(f"{b} bot", b) for b in sorted(spec.bots)])
            kind.value = "human"
            name = self.query_one(f"#name{i}", Input)
            name.value = spec.default_names[i % len(spec.default_names)]
        box = self.query_one("#variants", Vertical)
        await box.remove_children()
        widgets: list[Any] = []
        for opt in spec.options:
            if opt.kind == "bool":
                widgets.append(Checkbox(opt.label, value=bool(opt.default), id=f"opt-{opt.key}"))
            elif opt.kind == "choice":
                widgets.append(Horizontal(Label(opt.label), Select([(str(c), c) for c in opt.choices],
                                          value=opt.default, allow_blank=False, id=f"opt-{opt.key}"),
                                          classes="row"))
            else:
                widgets.append(Horizontal(Label(opt.label), Input(str(opt.default), id=f"opt-{opt.key}",
                                          restrict=r"-?[0-9]*"), classes="row"))
        if widgets:
            await box.mount(Static("Variants"), *widgets)
        self._show_seats()

    def _show_seats(self) -> None:
        count = self.query_one("#players", Select).value
        count = count if isinstance(count, int) else 1
        for i in range(self.MAX_SEATS):
            self.query_one(f"#seat{i}").display = i < count

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and isinstance(event.value, str):
            await self._configure(event.value)
        elif event.select.id == "players":
            self._show_seats()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text box starts the game: ctrl+Enter (the footer's key) reaches the app only
        in terminals that tell it from Enter, and most (tmux, VTE, macOS Terminal) do not."""
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    def action_start(self) -> None:
        error = self.query_one("#error", Static)
        game_id = str(self.query_one("#game", Select).value)
        spec = self.specs[game_id]
        count = self.query_one("#players", Select).value
        seats = []
        for i in range(int(count) if isinstance(count, int) else 1):
            name = self.query_one(f"#name{i}", Input).value.strip()
            kind = str(self.query_one(f"#kind{i}", Select).value)
            if not name:
                error.update(f"Seat {i + 1} needs a name.")
                return
            seats.append(Seat(name, kind))
        if len({s.name for s in seats}) != len(seats):
            error.update("Each seat needs a different name.")
            return
        options: dict[str, Any] = {}
        for opt in spec.options:
            widget = self.query_one(f"#opt-{opt.key}")
            options[opt.key] = widget.value  # type: ignore[attr-defined]
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            match = Match.start(games.game(game_id), seats, options, seed=int(seed_text) if seed_text else None)
        except ValueError as exc:
            error.update(str(exc))
            return
        except Exception as exc:  # card data that fails to load must not crash the app
            error.update(f"Could not start {spec.title}: {exc}")
            return
        app: TabletopApp = self.app  # type: ignore[assignment]
        app.pop_screen()
        app.open_game(match, path_in(app.saves_dir, default_name(game_id, app.saves_dir)))


class Confirm(ModalScreen[bool]):
    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]
    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Grid {
        width: 60; height: auto; grid-size: 2; grid-gutter: 1; border: thick $warning; padding: 1 2; background: $panel;
    }
    Confirm #question { column-span: 2; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Grid():
            yield Static(self.question, id="question")
            yield Button("Yes (y)", variant="error", id="yes")
            yield Button("No (n)", variant="primary", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class SavesScreen(Screen[None]):
    """Every save in the folder: Enter resumes, d deletes (after a yes), Esc goes back."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "back"), Binding("enter", "open", "resume"),
                Binding("d,delete", "delete", "delete")]
    DEFAULT_CSS = """
    SavesScreen DataTable { height: 1fr; }
    SavesScreen #empty { padding: 1 2; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        # the table takes Enter for itself, so the footer cannot show "enter resume": say it here
        yield Static("Saved games · Enter: resume · d: delete · Esc: back", classes="title")
        yield DataTable(id="table", cursor_type="row", zebra_stripes=True)
        yield Static(id="empty")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("game", "players", "progress", "last played", "file")
        self.reload()
        table.focus()

    def reload(self) -> None:
        app: TabletopApp = self.app  # type: ignore[assignment]
        table = self.query_one(DataTable)
        table.clear()
        self.infos = scan(app.saves_dir)
        for info in self.infos:
            progress = info.error or (info.summary + (" · finished" if info.finished else ""))
            table.add_row(info.title, info.players, progress, ago(info.updated), info.path.name,
                          key=str(info.path))
        empty = "" if self.infos else f"No saves in {app.saves_dir}."
        self.query_one("#empty", Static).update(empty)

    def _selected(self) -> Path | None:
        table = self.query_one(DataTable)
        if not self.infos or table.cursor_row is None or table.cursor_row >= len(self.infos):
            return None
        return self.infos[table.cursor_row].path

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        path = self._selected()
        if path is None:
            return
        app: TabletopApp = self.app  # type: ignore[assignment]
        try:
            match = load(path, games.game)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot resume", severity="error")
            return
        app.pop_screen()
        app.open_game(match, path)

    def action_delete(self) -> None:
        path = self._selected()
        if path is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                path.unlink(missing_ok=True)
                path.with_name(path.name + ".bak").unlink(missing_ok=True)
                self.notify(f"Deleted {path.name}")
                self.reload()

        self.app.push_screen(Confirm(f"Delete the save {path.name}? This cannot be undone."), answered)


__all__ = ["Center", "Confirm", "MainMenu", "NewGameScreen", "SavesScreen"]
