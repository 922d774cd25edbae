"""The app's own screens: main menu, new-game form, saves browser, and a yes/no dialog."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, DataTable, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from .. import games
from ..engine import GameDataError, Match, Seat
from ..engine.safe_text import safe_text
from ..engine.saves import SaveError, SaveInfo, default_name, load, path_in, scan
from ..text.render import summary_of
from ..text.shell import N_, _, bot_label, ngettext
from .main_menu import MainMenu
from .widgets.footer import Footer
from .widgets.pointer_list import PointerList

if TYPE_CHECKING:
    from .app import TabletopApp


def ago(timestamp: float) -> str:
    minutes = int((time.time() - timestamp) // 60)
    if minutes < 1:
        return _("just now")
    if minutes < 60:
        return _("{n} min ago").format(n=minutes)
    if minutes < 60 * 24:
        return _("{n} h ago").format(n=minutes // 60)
    days = minutes // (60 * 24)
    return _("yesterday") if days == 1 else ngettext("{n} day ago", "{n} days ago", days).format(n=days)


def progress(info: SaveInfo) -> str:
    """The save's summary, with "finished" said once (some games' summaries already say it)."""
    summary = summary_of(info)
    finished = _("finished")
    if info.finished and finished not in summary.lower() and "finished" not in summary.lower():
        return f"{summary} · {finished}" if summary else finished
    return summary


def recent(infos: list[SaveInfo]) -> list[SaveInfo]:
    """Readable saves, newest first, one per match: after "save as" the old name and the new
    one are the same match (same game, same start time), so only the newest file is listed."""
    seen: set[tuple[str, float]] = set()
    out = []
    for info in infos:
        if info.error:
            continue
        key = (info.game, info.created)
        if info.created and key in seen:
            continue
        seen.add(key)
        out.append(info)
    return out


class RulesIndex(Screen[None]):
    """Pick a game to read its rules summary."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", N_("back"))]

    def compose(self) -> ComposeResult:
        yield Static(_("Rules — choose a game"), classes="title")
        yield PointerList(*[Option(_(s.title), id=gid) for gid, s in games.specs().items()], id="rules-games",
                          ascii_only=getattr(self.app, "ascii_only", False))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from .help import HelpScreen

        spec = games.spec(str(event.option.id))
        self.app.push_screen(HelpScreen(spec.title, "", spec.summary, rules_file=spec.rules_file))


class LearnIndex(Screen[None]):
    """Pick a game to learn: its guided first game, on the real screen (``ui.guide_screen``)."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "back")]

    def compose(self) -> ComposeResult:
        from .guide_screen import guide_for

        yield Static(_("Learn to play — a guided first game"), classes="title")
        yield PointerList(*[Option(s.title, id=gid) for gid, s in games.specs().items() if guide_for(gid)],
                          id="learn-games", ascii_only=getattr(self.app, "ascii_only", False))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#learn-games", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from .guide_screen import guide_screen

        try:
            screen = guide_screen(self.app, str(event.option.id))  # type: ignore[arg-type]
        except GameDataError as exc:
            self.notify(safe_text(exc), title=_("Card data"), severity="error", markup=False)
            return
        if screen is not None:
            self.app.switch_screen(screen)


class MarkCheckbox(Checkbox):
    """A checkbox that reads without colour: ``[x]`` ticked, ``[ ]`` not, ``▸`` while focused
    (Textual's draws the same ``X`` either way and tells them apart by colour alone)."""

    @property
    def _button(self) -> Content:
        pointer = (">" if getattr(self.app, "ascii_only", False) else "▸") if self.has_focus else " "
        return Content.assemble((pointer, "bold"), "[", ("x" if self.value else " ", "bold"), "]")

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class MarkButton(Button):
    """A button whose focus reads without colour: ``▸`` before its label while it has the keyboard."""

    def __init__(self, label: str, **kwargs: Any) -> None:
        super().__init__(f"  {label}", **kwargs)
        self.text = label

    def on_focus(self) -> None:
        self.label = f"{'>' if getattr(self.app, 'ascii_only', False) else '▸'} {self.text}"

    def on_blur(self) -> None:
        self.label = f"  {self.text}"


# The last choices made in the form, per game, for this session: the next "New game" opens on them.
_REMEMBERED: dict[str, dict[str, Any]] = {}

BOT_LEVELS = ("random", "heuristic", "search")
"""The order the new-game form lists the bot kinds every game has (Easy, Normal, Hard: their names
are ``text.shell.BOT_LABELS``); any other kind comes after, as "<kind> bot"."""
_LAST_GAME: list[str] = []


class NewGameScreen(Screen[None]):
    """Game, number of players, names, bot seats, per-seat and game variants, seed; Start validates.

    Every field is one line, so the form fits a 100×30 terminal; Start and Cancel sit in a bar
    below it that never scrolls away. A variant that belongs to a seat (``Option.seat``: a
    player's deck) is drawn in that seat's row, so it is hidden with the seat. The label of the
    row holding the keyboard gets a ``▸``. The last choices for each game are remembered for the
    session."""

    BINDINGS = [Binding("escape", "app.pop_screen", N_("cancel")), Binding("ctrl+enter", "start", N_("start"))]
    DEFAULT_CSS = """
    NewGameScreen #form { padding: 0 2; height: 1fr; }
    NewGameScreen .row { height: 1; margin-bottom: 0; }
    NewGameScreen .row > Label { width: 14; }
    NewGameScreen .row > Label.-here { text-style: bold; color: $accent; }
    NewGameScreen .row Select { width: 30; }
    NewGameScreen .seat Input { width: 22; margin-right: 1; }
    NewGameScreen .seat Select { width: 24; margin-right: 1; }
    NewGameScreen .seat .seat-opt-label { width: auto; padding: 0 1 0 1; color: $text-muted; }
    NewGameScreen .seat Select.seat-opt { width: 20; }
    NewGameScreen #game { width: 44; }
    NewGameScreen #players { width: 8; }
    NewGameScreen #seed { width: 22; }
    NewGameScreen #variants { height: auto; margin: 1 0 0 0; }
    NewGameScreen #variants .vlabel { width: auto; padding-right: 1; }
    NewGameScreen #variants Input { width: 10; }
    NewGameScreen #variants Select { width: 22; }
    NewGameScreen MarkCheckbox { height: 1; }
    NewGameScreen #bar { height: 3; padding: 0 2; border-top: solid $accent; }
    NewGameScreen #error { color: $error; height: 1; }
    NewGameScreen #buttons { height: 1; align: right middle; }
    NewGameScreen #start-hint { width: 1fr; color: $text-muted; }
    NewGameScreen #buttons Button { margin-left: 2; min-width: 12; }
    """
    MAX_SEATS = 6

    def compose(self) -> ComposeResult:
        specs = games.specs()
        self.specs = specs
        if not specs:
            yield Static(_("No games are installed."), id="error")
            yield Footer()
            return
        first = _LAST_GAME[0] if _LAST_GAME and _LAST_GAME[0] in specs else next(iter(specs))
        yield Static(_("New game"), classes="title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label(_("Game"))
                yield Select([(f"{_(s.title)} ({self._span(s)})", gid) for gid, s in specs.items()],
                             value=first, allow_blank=False, id="game", compact=True)
            with Horizontal(classes="row"):
                yield Label(_("Players"))
                yield Select([("1", 1)], value=1, allow_blank=False, id="players", compact=True)
            for i in range(self.MAX_SEATS):
                with Horizontal(classes="row seat", id=f"seat{i}"):
                    yield Label(_("Seat {n}").format(n=i + 1))
                    yield Input(placeholder=_("name"), id=f"name{i}", max_length=40, compact=True)
                    yield Select([(_("human"), "human")], value="human", allow_blank=False, id=f"kind{i}",
                                 compact=True)
            yield Vertical(id="variants")
            with Horizontal(classes="row"):
                yield Label(_("Seed"))
                yield Input(placeholder=_("random"), id="seed", restrict=r"[0-9]*", compact=True)
        with Vertical(id="bar"):
            yield Static(id="error")
            with Horizontal(id="buttons"):
                yield Static(_("Enter in a name or the seed starts too"), id="start-hint")
                yield MarkButton(_("Start"), variant="primary", id="start", compact=True)
                yield MarkButton(_("Cancel"), id="cancel", compact=True)
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
        """Fill the form for ``game_id``: its defaults, then what was chosen last time for it."""
        spec = self.specs[game_id]
        memory = _REMEMBERED.get(game_id, {})
        players = self.query_one("#players", Select)
        counts = list(range(spec.min_players, spec.max_players + 1))
        players.set_options([(str(n), n) for n in counts])
        default = spec.default_players if spec.default_players in counts else min(max(2, counts[0]), counts[-1])
        players.value = memory.get("players", default) if memory.get("players") in counts else default
        levels = list(BOT_LEVELS)
        bots = sorted(spec.bots, key=lambda b: (levels.index(b) if b in levels else len(levels), b))
        for i in range(self.MAX_SEATS):
            kind = self.query_one(f"#kind{i}", Select)
            kind.set_options([(_("human"), "human")] + [(bot_label(b), b) for b in bots])
            kinds = memory.get("kinds", [])
            kind.value = kinds[i] if i < len(kinds) and (kinds[i] in bots or kinds[i] == "human") else "human"
            names = memory.get("names", [])
            self.query_one(f"#name{i}", Input).value = (
                names[i] if i < len(names) else _(spec.default_names[i % len(spec.default_names)]))
        for old in self.query(".seat-opt, .seat-opt-label"):
            await old.remove()
        box = self.query_one("#variants", Vertical)
        await box.remove_children()
        values = memory.get("options", {})
        widgets: list[Any] = []
        for opt in spec.options:
            value = values.get(opt.key, opt.default)
            if opt.seat is not None and opt.kind == "choice" and opt.seat < self.MAX_SEATS:
                row = self.query_one(f"#seat{opt.seat}")
                await row.mount(Label(_(opt.label).lower(), classes="seat-opt-label"),
                                Select([(_(str(c)), c) for c in opt.choices], value=value, allow_blank=False,
                                       id=f"opt-{opt.key}", classes="seat-opt", compact=True))
            elif opt.kind == "bool":
                widgets.append(MarkCheckbox(_(opt.label), value=bool(value), id=f"opt-{opt.key}", compact=True))
            elif opt.kind == "choice":
                widgets.append(Horizontal(Label(_(opt.label), classes="vlabel"),
                                          Select([(_(str(c)), c) for c in opt.choices], value=value,
                                                 allow_blank=False, id=f"opt-{opt.key}", compact=True),
                                          classes="row"))
            else:
                widgets.append(Horizontal(Label(_(opt.label), classes="vlabel"),
                                          Input(str(value), id=f"opt-{opt.key}", restrict=r"-?[0-9]*", compact=True),
                                          classes="row"))
        if widgets:
            await box.mount(Static(_("Variants"), classes="heading"), *widgets)
        self._show_seats()

    def _show_seats(self) -> None:
        count = self.query_one("#players", Select).value
        count = count if isinstance(count, int) else 1
        for i in range(self.MAX_SEATS):
            self.query_one(f"#seat{i}").display = i < count

    def on_descendant_focus(self, event: Any) -> None:
        """The row with the keyboard says so in words too: its label gets a pointer."""
        pointer = ">" if getattr(self.app, "ascii_only", False) else "▸"
        focused = getattr(event, "widget", None) or self.focused
        for row in self.query(".row"):
            label = row.query_children(Label).first(Label) if row.query_children(Label) else None
            if label is None:
                continue
            text = str(label.content).lstrip("▸> ")
            here = focused is not None and focused in row.query("*")
            label.update(f"{pointer} {text}" if here else text)
            label.set_class(here, "-here")

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

    def _remember(self, game_id: str, players: int, options: dict[str, Any]) -> None:
        _LAST_GAME[:] = [game_id]
        _REMEMBERED[game_id] = {
            "players": players,
            "names": [self.query_one(f"#name{i}", Input).value.strip() for i in range(self.MAX_SEATS)],
            "kinds": [str(self.query_one(f"#kind{i}", Select).value) for i in range(self.MAX_SEATS)],
            "options": dict(options),
        }

    async def retranslate(self) -> None:
        """The form in the new language with what was filled in kept (remembered, then redrawn)."""
        if not self.specs:
            await self.recompose()
            return
        game_id = str(self.query_one("#game", Select).value)
        count = self.query_one("#players", Select).value
        options = {opt.key: self.query_one(f"#opt-{opt.key}").value  # type: ignore[attr-defined]
                   for opt in self.specs[game_id].options}
        seed = self.query_one("#seed", Input).value
        self._remember(game_id, int(count) if isinstance(count, int) else 1, options)
        await self.recompose()
        self.query_one("#seed", Input).value = seed
        await self._configure(game_id)
        self.query_one("#game", Select).focus()

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
                error.update(_("Seat {n} needs a name.").format(n=i + 1))
                return
            seats.append(Seat(name, kind))
        if len({s.name for s in seats}) != len(seats):
            error.update(_("Each seat needs a different name."))
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
            error.update(Text(_("Could not start {game}: {reason}").format(game=_(spec.title), reason=safe_text(exc))))
            return
        self._remember(game_id, len(seats), options)
        app: TabletopApp = self.app  # type: ignore[assignment]
        app.pop_screen()
        app.open_game(match, path_in(app.saves_dir, default_name(game_id, app.saves_dir)))


class Confirm(ModalScreen[bool]):
    BINDINGS = [Binding("y", "answer(True)", N_("yes")), Binding("n,escape", "answer(False)", N_("no"))]
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
            yield Static(Text(self.question), id="question")
            yield Button(_("Yes (y)"), variant="error", id="yes")
            yield Button(_("No (n)"), variant="primary", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class SavesScreen(Screen[None]):
    """Every save in the folder: Enter resumes, d deletes (after a yes), Esc goes back."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", N_("back")), Binding("enter", "open", N_("resume")),
                Binding("d,delete", "delete", N_("delete")), Binding("r", "replay", N_("replay"))]
    DEFAULT_CSS = """
    SavesScreen DataTable { height: 1fr; }
    SavesScreen #empty { padding: 1 2; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        # the table takes Enter for itself, so the footer cannot show "enter resume": say it here
        yield Static(_("Saved games · Enter: resume · r: replay · d: delete · Esc: back"), classes="title")
        yield DataTable(id="table", cursor_type="row", zebra_stripes=True)
        yield Static(id="empty")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column(" ", key="cursor")  # the row cursor as a glyph, not only a colour
        table.add_columns(*(_(c) for c in (N_("game"), N_("players"), N_("progress"), N_("last played"),
                                             N_("file"))))
        self.reload()
        table.focus()

    async def retranslate(self) -> None:
        """The table in the new language, on the same row."""
        row = self.query_one(DataTable).cursor_row
        await self.recompose()
        self.on_mount()
        if row is not None and self.infos:
            self.query_one(DataTable).move_cursor(row=min(row, len(self.infos) - 1))

    def reload(self) -> None:
        """Fill the table; an unreadable file is a red row with its reason, and every cell is a
        plain ``Text`` (DataTable would read a ``str`` cell as Rich markup)."""
        app: TabletopApp = self.app  # type: ignore[assignment]
        table = self.query_one(DataTable)
        table.clear()
        try:
            self.infos = scan(app.saves_dir, games.game)  # checked in full: tampered saves are red
            empty = "" if self.infos else _("No saves in {folder}.").format(folder=safe_text(app.saves_dir))
        except SaveError as exc:
            self.infos, empty = [], str(exc)
        for info in self.infos:
            shown = info.reason or progress(info)
            style = "red" if info.error else ""
            cells = (" ", _(info.title), info.players, shown, ago(info.updated), safe_text(info.path.name))
            table.add_row(*(Text(cell, style=style) for cell in cells), key=str(info.path))
        self.query_one("#empty", Static).update(Text(empty))

    def _selected(self) -> Path | None:
        table = self.query_one(DataTable)
        if not self.infos or table.cursor_row is None or table.cursor_row >= len(self.infos):
            return None
        return self.infos[table.cursor_row].path

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        table = self.query_one(DataTable)
        pointer = ">" if getattr(self.app, "ascii_only", False) else "▸"
        for key in list(table.rows):
            table.update_cell(key, "cursor", pointer if key == event.row_key else " ")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        path = self._selected()
        if path is None:
            return
        app: TabletopApp = self.app  # type: ignore[assignment]
        try:
            match = load(path, games.game)
        except (SaveError, GameDataError) as exc:
            self.notify(safe_text(exc), title=_("Cannot resume"), severity="error", markup=False)
            return
        app.pop_screen()
        app.open_game(match, path)

    def action_replay(self) -> None:
        """The save as a story to step through, read-only; q comes back here."""
        path = self._selected()
        if path is None:
            return
        try:
            match = load(path, games.game)
        except SaveError as exc:
            self.notify(str(exc), title=_("Cannot replay"), severity="error")
            return
        from .replay_screen import open_replay

        open_replay(self.app, match, path)  # type: ignore[arg-type]

    def action_delete(self) -> None:
        path = self._selected()
        if path is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                path.unlink(missing_ok=True)
                path.with_name(path.name + ".bak").unlink(missing_ok=True)
                self.notify(_("Deleted {file}").format(file=safe_text(path.name)), markup=False)
                self.reload()

        self.app.push_screen(Confirm(_("Delete the save {file}? This cannot be undone.").format(
            file=safe_text(path.name))), answered)


__all__ = ["Center", "Confirm", "MainMenu", "NewGameScreen", "SavesScreen"]
