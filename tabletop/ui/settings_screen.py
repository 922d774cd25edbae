"""The Settings screen: every entry of the settings file, edited in place, saved with Enter/Save.

Values are checked with the same ``settings.check`` that guards the file, so the screen cannot
write anything the next start would refuse; a bad value is one line under the form, and nothing
is saved until every value is good.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, Input, Label, Markdown, Select, Static

from ..settings import LANGUAGES, MAX_THINK_TIME, Settings
from ..text.shell import N_, _
from .widgets.footer import Footer

if TYPE_CHECKING:
    from .app import TabletopApp

LANGUAGE_NAMES = {"en": "English", "es": "Español"}
"""Each language named in itself, whatever the interface speaks (how a reader finds his own)."""

HELP = N_("""\
# Settings

Enter in a text box or ctrl+s saves, Esc cancels. Saved to the settings file{where}. Each setting:

- **Language** — the language of every screen, English or Spanish. *Automatic* follows
  `TABLETOP_LANG`, else the system locale (`LANG`); `--lang` overrides it for one run. Applies at
  once; the command palette (ctrl+p) switches it too. A save holds no language: a game saved in
  one resumes in the other if you like.
- **Theme** — the colours. The palette's *Theme* command (ctrl+p) changes it too, and is remembered.
- **ASCII mode** — draw with plain ASCII instead of Unicode symbols; for terminals that show boxes
  instead of symbols. Takes effect in the next game you open (`--ascii` / `--no-ascii` override it
  for one run).
- **Animations** — animate dice rolls and similar effects; next game opened.
- **Curtain** — hide the table between hot-seat turns in games with hidden cards. Off is for
  players who do not mind seeing each other's cards. A game whose own options say otherwise follows
  its options. Applies at once.
- **Bot think time** — seconds, 0 to {max}: the pause before each bot move, so you can follow it.
  Applies at once.
- **Saves folder** — empty means automatic: `./saves` in a source checkout, else the user data
  folder. `--saves-dir` and `TABLETOP_SAVES` win over it. Applies the next time Tabletop starts.
""")


class SettingsHelp(ModalScreen[None]):
    """What each setting does (the game help's key table would not fit here)."""

    BINDINGS = [Binding("escape,q,f1,question_mark", "app.pop_screen", N_("close"))]
    DEFAULT_CSS = """
    SettingsHelp { align: center middle; }
    SettingsHelp > VerticalScroll { width: 90%; height: 90%; border: round $accent; background: $panel; padding: 0 1; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self.text)
        yield Footer()


class SettingsScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", N_("cancel")), Binding("ctrl+s", "save", N_("save")),
                Binding("f1,question_mark", "help", N_("help"))]
    DEFAULT_CSS = """
    SettingsScreen VerticalScroll { padding: 1 2; }
    SettingsScreen .row { height: auto; }
    SettingsScreen .row Label { width: 18; padding: 1 0; }
    SettingsScreen #language, SettingsScreen #theme { width: 60; }
    SettingsScreen #bot_think_time { width: 14; }
    SettingsScreen #saves_dir { width: 60; }
    SettingsScreen .hint { color: $text-muted; padding: 1 0 0 0; }
    SettingsScreen #error { color: $error; height: auto; margin: 1 0; }
    SettingsScreen #buttons { height: auto; align: right middle; }
    """

    def compose(self) -> ComposeResult:
        app: TabletopApp = self.app  # type: ignore[assignment]
        current = app.settings
        themes = sorted(app.available_themes)
        if current.theme not in themes:
            themes.insert(0, current.theme)
        yield Static(_("Settings · Enter or ctrl+s: save · Esc: cancel · ? or F1: help"), classes="title")
        with VerticalScroll():
            with Horizontal(classes="row"):
                yield Label(_("Language"))
                automatic = _("Automatic (now {language})").format(language=LANGUAGE_NAMES[app.language])
                yield Select([(automatic, "")] + [(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                             value=current.language, allow_blank=False, id="language")
            with Horizontal(classes="row"):
                yield Label(_("Theme"))
                yield Select([(name, name) for name in themes], value=current.theme, allow_blank=False, id="theme")
            yield Checkbox(_("ASCII mode (plain characters)"), value=current.ascii, id="ascii")
            yield Checkbox(_("Animations"), value=current.animations, id="animations")
            yield Checkbox(_("Curtain between hot-seat turns"), value=current.curtain, id="curtain")
            with Horizontal(classes="row"):
                yield Label(_("Bot think time"))
                yield Input(f"{current.bot_think_time:g}", id="bot_think_time", restrict=r"[0-9.]*", max_length=6)
                yield Static(_("seconds (0–{max})").format(max=f"{MAX_THINK_TIME:g}"), classes="hint")
            with Horizontal(classes="row"):
                yield Label(_("Saves folder"))
                yield Input(current.saves_dir, placeholder=_("automatic (now {folder})").format(folder=app.saves_dir),
                            id="saves_dir")
            where = f"{app.settings_path}" if app.settings_path else _("not saved to disk in this session")
            yield Static(_("Settings file: {where}").format(where=where), classes="hint", id="where")
            yield Static(id="error")
            with Horizontal(id="buttons"):
                yield Button(_("Save"), variant="primary", id="save")
                yield Button(_("Cancel"), id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#language", Select).focus()

    def read_form(self) -> Settings:
        """The settings the form shows; ValueError (one line) if a value is not acceptable."""
        app: TabletopApp = self.app  # type: ignore[assignment]
        think = self.query_one("#bot_think_time", Input).value.strip()
        try:
            seconds = float(think)
        except ValueError:
            raise ValueError(_("Bot think time must be a number of seconds, not {value}").format(value=repr(think))) from None
        return app.settings.changed(
            language=str(self.query_one("#language", Select).value),
            theme=str(self.query_one("#theme", Select).value),
            ascii=self.query_one("#ascii", Checkbox).value,
            animations=self.query_one("#animations", Checkbox).value,
            curtain=self.query_one("#curtain", Checkbox).value,
            bot_think_time=seconds,
            saves_dir=self.query_one("#saves_dir", Input).value.strip(),
        )

    def action_save(self) -> None:
        app: TabletopApp = self.app  # type: ignore[assignment]
        error = self.query_one("#error", Static)
        try:
            new = self.read_form()
        except ValueError as exc:
            text = str(exc).replace("bot_think_time", _("bot think time"))
            error.update(text[0].upper() + text[1:])
            return
        if app.apply_settings(new):
            app.notify(_("Settings saved.") if app.settings_path else _("Settings applied."))
            app.pop_screen()
        else:
            error.update(_("Could not write {path}; the settings apply to this session only.").format(
                path=app.settings_path))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.app.pop_screen()

    def action_help(self) -> None:
        app: TabletopApp = self.app  # type: ignore[assignment]
        where = f" ({app.settings_path})" if app.settings_path else _(" only for this session")
        self.app.push_screen(SettingsHelp(_(HELP).format(where=where, max=f"{MAX_THINK_TIME:g}")))
