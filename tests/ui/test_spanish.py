"""The shell in Spanish (issue #14), driven through Pilot: menus, forms, saves, settings, help,
curtain, game screen and result card show no English template text of the ``tabletop`` domain
and fit the snapshot sizes; the language switches at once and a save holds none.

"English template text" is measured against the catalog itself: every literal piece of every
msgid of the shell's domain that its Spanish translation does not also contain (so words that
are the same in both languages are allowed) must be absent from a Spanish screen."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.saves import load, save
from tabletop.settings import Settings
from tabletop.settings import load as load_settings
from tabletop.text import catalog
from tabletop.text.po import load as load_po
from tabletop.text.render import for_match
from tabletop.ui import menus
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen, ResultScreen
from tabletop.ui.help import HelpScreen
from tabletop.ui.menus import MainMenu, NewGameScreen, SavesScreen
from tabletop.ui.settings_screen import SettingsScreen
from tabletop.ui.widgets import Curtain, DecisionPanel, LogView
from tabletop.ui.widgets.footer import Footer

from .screen_text import visible_text

SIZES = [(100, 30), (120, 40)]
"""The snapshot sizes (tests/snapshots): Spanish runs longer, and must fit the same terminals."""
GAMES = ["superinmundos", "villainous", "msx_cards", "mount_gram"]


def _pieces(text: str) -> list[str]:
    out = []
    for literal, *_rest in string.Formatter().parse(text):
        for piece in re.split(r"[\n|·:—()*`]+", literal):
            piece = piece.strip(" .,;?!▸>-–'\"")
            if len(piece) >= 3 and re.search(r"[A-Za-z]{3}", piece):
                out.append(piece)
    return out


def _english_pieces() -> dict[str, str]:
    """Each English piece that Spanish does not share -> the msgid it comes from."""
    found: dict[str, str] = {}
    for msgid, entry in load_po(catalog.po_path("es", "tabletop")).items():
        spanish = " ".join([entry.msgstr, *entry.forms])
        for piece in _pieces(msgid) + (_pieces(entry.plural) if entry.plural else []):
            if not re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", spanish):
                found.setdefault(piece, msgid)
    return found


ENGLISH = _english_pieces()


def english_on(text: str) -> dict[str, str]:
    return {piece: msgid for piece, msgid in ENGLISH.items()
            if re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", text)}


def assert_spanish(app: TabletopApp, spare: list[str] | None = None) -> str:
    """The screen has no English text of the shell; ``spare``: a game's own words (the kernel
    test game has no Spanish catalog), taken out first."""
    text = visible_text(app)
    for said in spare or ():
        text = text.replace(said, " ")
    assert english_on(text) == {}, f"English on a Spanish screen ({type(app.screen).__name__}):\n{text}"
    return text


def test_the_measure_sees_english() -> None:
    assert "New game" in english_on("▸ New game") and english_on("Partida nueva") == {}
    assert len(ENGLISH) > 200


def make_app(tmp_path: Path, match: Match | None = None, **kwargs: Any) -> TabletopApp:
    menus._REMEMBERED.clear()
    menus._LAST_GAME.clear()
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json" if match else None,
                       animate=False, bot_delay=0, language="es", **kwargs)


def with_a_save(tmp_path: Path) -> Match:
    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis", "highest")], {}, seed=3)
    save(match, tmp_path / "first.json")
    return match


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_main_menu_saves_help_and_settings_in_spanish(tmp_path: Path, size: tuple[int, int]) -> None:
    saved = with_a_save(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        text = assert_spanish(app, game_words(saved))  # the Recent list shows the saved game's summary
        for item in ("Partida nueva", "Seguir la última partida", "Partidas guardadas", "Reglas", "Ajustes", "Salir",
                     "Recientes", "q salir", "? ayuda", "^p paleta"):
            assert item in text, item
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = assert_spanish(app)
        assert "Teclas" in text and "qué hace" in text
        await pilot.press("escape", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        text = assert_spanish(app, game_words(saved))
        assert "juego" in text and "última vez" in text and "first.json" in text
        await pilot.press("escape")
        await pilot.pause()
        app.show_settings()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        text = assert_spanish(app)
        assert "Automático (ahora Español)" in text and "Pausa de bots" in text and "Dónde guardar" in text
        await pilot.press("f1")
        await pilot.pause()
        assert_spanish(app)
        await pilot.press("escape", "escape")
        await pilot.pause()
        app.show_rules()
        await pilot.pause()
        await pilot.pause()
        text = assert_spanish(app)
        assert "Reglas — elige un juego" in text and "Huida del Monte Gram" in text and "Villanos" in text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
async def test_new_game_form_of_every_game_in_spanish(tmp_path: Path, game_id: str, size: tuple[int, int]) -> None:
    app = make_app(tmp_path)
    spec = games.spec(game_id)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game").value = game_id
        await pilot.pause()
        await pilot.pause()
        text = assert_spanish(app)
        for label in ("Juego", "Jugadores", "Asiento 1", "Semilla", "Empezar", "Cancelar",
                      "Intro en un nombre o en la semilla también empieza"):
            assert label in text, label
        from tabletop.text.shell import _

        seen = text
        form.query_one("#form").scroll_end(animate=False)
        await pilot.pause()
        seen += assert_spanish(app)
        for opt in spec.options:  # every variant in full, on one screen or the other
            if opt.seat is None or opt.seat < 2:
                label = _(opt.label) if opt.seat is None else _(opt.label).lower()
                assert label in seen, label


def game_words(match: Match) -> list[str]:
    """What the test game itself says (its log, prompt, labels, summary, result): the kernel test
    game has no Spanish catalog, so its words stay English and are not the shell's to translate."""
    words = for_match(match)
    found = words.events(match.state.log) + [words.text(match.summary())]
    decision = match.decision()
    if decision is not None:
        found += [words.text(decision.prompt)] + [words.text(a.label) for a in match.legal()]
    result = match.result()
    if result is not None:
        found.append(words.text(result.reason))
    return sorted((w for w in found if w), key=len, reverse=True)


def assert_shell_spanish(text: str, match: Match) -> str:
    for said in game_words(match):
        text = text.replace(said, " ")
    assert english_on(text) == {}, f"English on a Spanish screen:\n{text}"
    return text


async def test_curtain_game_screen_and_result_in_spanish(tmp_path: Path) -> None:
    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {}, seed=3)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        text = assert_shell_spanish(visible_text(app), match)
        assert "Pasa el teclado a  A N A" in text and "pulsa Intro para empezar" in text
        assert "Ana — tu turno" in text and "Desde que empezó la partida:" in text
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(DecisionPanel)
        shell = [str(screen.query_one("#title", Static).content), str(screen.query_one("#ask", Static).content),
                 str(screen.query_one(LogView).border_title), *(k.description for k in screen.query_one(Footer).keys)]
        assert_shell_spanish("\n".join(shell), match)
        assert "ayuda" in shell and "guardar" in shell and "Registro" in shell
        assert panel.border_title == for_match(match).text(match.decision().prompt)  # the game's prompt
        await pilot.press("ctrl+z")  # nothing to undo yet: the warning in Spanish
        await pilot.pause()
        assert any("No hay nada que deshacer" in n.message for n in app._notifications)
    bots = Match.start(games.game("highcard"), [Seat("Ana", "highest"), Seat("Luis", "random")], {}, seed=3)
    app = make_app(tmp_path, bots)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ResultScreen):
                break
        assert isinstance(app.screen, ResultScreen)
        card = "\n".join(str(w.content) for w in app.screen.query(Static))  # the card, not the board behind
        text = assert_shell_spanish(card, bots)
        assert text.strip() and all(line in visible_text(app) for line in card.splitlines() if line.strip())
        assert ("Gana: " in text or "Ganan: " in text or "Sin ganador" in text) and "Intro: volver al menú" in text


async def test_a_switch_shows_at_once_on_the_screen_and_keeps_the_form(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app_path = tmp_path / "settings.toml"
    app.settings_path = app_path
    async with app.run_test(size=(100, 30)) as pilot:
        app.switch_language("en")
        await pilot.pause()
        await pilot.pause()
        assert "New game" in visible_text(app) and "Partida nueva" not in visible_text(app)
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game").value = "villainous"
        await pilot.pause()
        form.query_one("#name0").value = "Marta"
        form.query_one("#seed").value = "77"
        app.switch_language("es")  # what the palette's "Idioma: español" does
        await pilot.pause()
        await pilot.pause()
        assert app.screen is form
        text = assert_spanish(app)
        assert "Villanos (2–6)" in text and "Marta" in text and "77" in text
    assert load_settings(app_path).settings.language == "es"  # remembered


async def test_the_settings_screen_switches_the_language(tmp_path: Path) -> None:
    app = make_app(tmp_path, settings=Settings(language="en"))
    app.settings_path = tmp_path / "settings.toml"
    async with app.run_test(size=(120, 40)) as pilot:
        app.switch_language("en", remember=False)
        await pilot.pause()
        app.show_settings()
        await pilot.pause()
        app.screen.query_one("#language").value = "es"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and app.language == "es"
        assert "Partida nueva" in assert_spanish(app)
    assert load_settings(tmp_path / "settings.toml").settings.language == "es"


async def test_a_game_saved_in_spanish_resumes_in_english(tmp_path: Path) -> None:
    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {}, seed=3)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1")  # lift the curtain, play: the game saves itself
        await pilot.pause()
    saved = (tmp_path / "g.json").read_text(encoding="utf-8")
    assert match.actions and "Pasa el teclado" not in saved and '"language"' not in saved
    assert not re.search(r'"(lang|language|locale)"', json.dumps(json.loads(saved)))
    resumed = load(tmp_path / "g.json", games.game)
    english = TabletopApp(saves_dir=tmp_path, match=resumed, save_path=tmp_path / "g.json", animate=False,
                          bot_delay=0, language="en")
    async with english.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = visible_text(english)
        assert "Pass the keyboard to" in text and "resumed" in text and "Pasa el teclado" not in text


async def test_the_palette_switches_a_game_screen_at_once(tmp_path: Path) -> None:
    from tabletop.ui.palette import TabletopCommands

    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis", "highest")], {}, seed=3)
    app = make_app(tmp_path, match, settings=Settings(curtain=False))
    async with app.run_test(size=(100, 30)) as pilot:
        app.switch_language("en", remember=False)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hits = {str(hit.text): hit for hit in [h async for h in TabletopCommands(screen).discover()]}
        assert "Save game" in hits and "Idioma: español" in hits  # offered in the language it switches to
        hits["Idioma: español"].command()
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and app.language == "es"
        keys = [k.description for k in screen.query_one(Footer).keys]
        assert "ayuda" in keys and "guardar" in keys and "help" not in keys
        assert screen.query_one(LogView).border_title == "Registro"
        hits = {str(hit.text) async for hit in TabletopCommands(screen).discover()}
        assert {"Guardar la partida", "Partida nueva", "Language: English"} <= hits
