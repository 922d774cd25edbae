"""Textual's Keys panel (the palette's "Keys"/"Teclas") speaks the table's language: opened from
the palette in Spanish, on the main menu, the new-game form and a game's screen, it shows no
English word; every description Textual's own widgets give their bindings has a Spanish text."""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
from pathlib import Path
from typing import Any

import pytest
import textual.widgets
from textual.binding import Binding
from textual.dom import DOMNode

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.settings import Settings
from tabletop.text.language import set_language
from tabletop.text.shell import gettext
from tabletop.ui import key_panel
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen

from .english_words import english_lines
from .screen_text import visible_text
from .test_palette import run_command


def textual_bindings() -> set[str]:
    """Every description and tooltip of a binding declared by a Textual class."""
    names = ["textual.app", "textual.screen", "textual.containers", "textual.scroll_view", "textual.command"]
    names += [f"textual.widgets.{m.name}" for m in pkgutil.iter_modules(textual.widgets.__path__)]
    found: set[str] = {"Open the command palette"}  # the palette key's tooltip (App, built in __init__)
    for name in names:
        module = importlib.import_module(name)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if not (issubclass(cls, DOMNode) and cls.__module__.startswith("textual")):
                continue
            for binding in cls.__dict__.get("BINDINGS", []):
                if isinstance(binding, Binding):
                    found.update(t for t in (binding.description, binding.tooltip) if t)
                elif isinstance(binding, tuple) and len(binding) > 2 and binding[2]:
                    found.add(binding[2])
    return found


def test_every_textual_binding_description_is_listed_and_has_spanish() -> None:
    found = textual_bindings()
    assert len(found) > 60 and "Scroll Up" in found
    assert sorted(found - set(key_panel.TEXTUAL_BINDINGS)) == []
    assert sorted(t for t in key_panel.TEXTUAL_BINDINGS if gettext(t, "es") == t) == []


def test_key_names_on_a_spanish_keyboard() -> None:
    set_language("es")
    try:
        assert [key_panel.key_display(k) for k in ("shift+tab", "^pgup", "end", "home", "^c", "↑", "?")] == \
            ["Mayús+Tab", "^RePág", "Fin", "Inicio", "^c", "↑", "?"]
    finally:
        set_language("en")
    assert key_panel.key_display("shift+tab") == "shift+tab"  # English: Textual's own spelling


def whole_table(app: TabletopApp) -> str:
    """The panel's whole table as text, rows scrolled out of sight too."""
    from rich.console import Console

    console = Console(width=60, record=True, file=io.StringIO(), color_system=None)
    console.print(app.screen.query_one(key_panel.BindingsTable).render_bindings_table())
    return console.export_text()


async def open_keys(app: TabletopApp, pilot: Any, typed: str, title: str) -> str:
    """The Keys panel opened by typing its name in the palette: the whole terminal with it open,
    and the panel's whole table."""
    await run_command(app, pilot, typed, title)
    for _ in range(20):
        await pilot.pause(0.02)
        if app.screen.query(key_panel.HelpPanel):
            break
    assert app.screen.query(key_panel.HelpPanel), "the Keys panel opened"
    await pilot.pause()
    return visible_text(app) + "\n" + whole_table(app)


async def _menu_and_form(tmp_path: Path, lang: str, typed: str, title: str) -> list[str]:
    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0, language=lang, settings=Settings(language=lang))
    texts = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        texts.append(await open_keys(app, pilot, typed, title))
        app.action_hide_help_panel()
        app.show_new_game()
        await pilot.pause()
        texts.append(await open_keys(app, pilot, typed, title))
    return texts


async def test_the_keys_panel_in_spanish_shows_no_english(tmp_path: Path) -> None:
    texts = await _menu_and_form(tmp_path, "es", "Teclas", "Teclas")
    match = Match.start(games.game("superinmundos"), [Seat("Ana"), Seat("Luis")], {}, seed=5)
    app = TabletopApp(saves_dir=tmp_path, match=match, save_path=None, animate=False, bot_delay=0, language="es",
                      settings=Settings(language="es", curtain=False))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):
            await pilot.pause(0.02)
            if isinstance(app.screen, GameScreen):
                break
        texts.append(await open_keys(app, pilot, "Teclas", "Teclas"))
    assert all("Salir de la aplicación" in text for text in texts)  # Textual's own words, translated
    assert "Abajo" in texts[-1] and "guardar" in texts[-1]  # a Textual list's binding; one of ours
    found = [line for text in texts for line in english_lines(text, ["Ana", "Luis", "Language: English",
                                                                      "Show every screen in English (remembered)"])]
    assert found == []


async def test_the_keys_panel_in_english_is_textuals(tmp_path: Path) -> None:
    texts = await _menu_and_form(tmp_path, "en", "Keys", "Keys")
    assert all("Quit the app" in text and "Salir" not in text for text in texts)


@pytest.fixture(autouse=True)
def _english_after() -> Any:
    yield
    set_language("en")
