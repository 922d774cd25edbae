"""The Settings screen through Pilot: reached from the main menu, edited by keys, saved to the
file, refused when a value is bad; and the settings really change how games are played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Checkbox, Input, Select

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.settings import Settings, load, save
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.menus import MainMenu
from tabletop.ui.settings_screen import SettingsHelp, SettingsScreen
from tabletop.ui.widgets import Curtain

from .screen_text import visible_text


def make_app(tmp_path: Path, settings: Settings | None = None, match: Match | None = None,
             path: Path | None = None) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path / "saves", match=match, save_path=tmp_path / "saves" / "g.json",
                       settings=settings, settings_path=path or tmp_path / "config" / "settings.toml")


async def open_settings(app: TabletopApp, pilot: Any) -> SettingsScreen:
    """From the main menu by keys: the sixth item."""
    await pilot.pause()
    assert isinstance(app.screen, MainMenu)
    await pilot.press("down", "down", "down", "down", "down", "enter")
    await pilot.pause()
    assert isinstance(app.screen, SettingsScreen)
    return app.screen


async def test_the_form_shows_the_current_settings(tmp_path: Path) -> None:
    current = Settings(language="es", theme="nord", ascii=True, animations=False, bot_think_time=1.5,
                       curtain=False, saves_dir="/games")
    app = make_app(tmp_path, current)
    async with app.run_test(size=(120, 50)) as pilot:
        form = await open_settings(app, pilot)
        assert form.query_one("#language", Select).value == "es"
        assert form.query_one("#theme", Select).value == "nord"
        assert [form.query_one(f"#{key}", Checkbox).value for key in ("ascii", "animations", "curtain")] == [
            True, False, False]
        assert form.query_one("#bot_think_time", Input).value == "1.5"
        assert form.query_one("#saves_dir", Input).value == "/games"
        assert form.read_form() == current
        assert str(tmp_path / "config" / "settings.toml") in visible_text(app)


async def test_edit_by_keys_and_save(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.toml"
    app = make_app(tmp_path, path=path)
    async with app.run_test(size=(120, 50)) as pilot:
        form = await open_settings(app, pilot)
        form.query_one("#language", Select).value = "es"
        form.query_one("#theme", Select).value = "gruvbox"
        form.query_one("#ascii", Checkbox).focus()
        await pilot.press("space")  # ASCII on
        await pilot.press("tab", "space")  # animations off
        await pilot.press("tab", "space")  # curtain off
        await pilot.press("tab", "end", *["backspace"] * 6, *"0.5")  # think time
        await pilot.press("enter")  # Enter in a text box saves
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        wanted = Settings(language="es", theme="gruvbox", ascii=True, animations=False, bot_think_time=0.5,
                          curtain=False)
        assert app.settings == wanted and load(path).settings == wanted
        assert app.theme == "gruvbox" and app.ascii_only and not app.animate and app.bot_delay == 0.5
        assert app.language == "es" and app.curtain_default is False


async def test_a_bad_value_is_one_line_and_nothing_is_saved(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.toml"
    app = make_app(tmp_path, path=path)
    async with app.run_test(size=(120, 50)) as pilot:
        form = await open_settings(app, pilot)
        for typed, message in (("9", "Bot think time must be between 0 and 5, not 9.0"),
                               ("1.2.3", "Bot think time must be a number of seconds, not '1.2.3'"),
                               ("", "Bot think time must be a number of seconds, not ''")):
            form.query_one("#bot_think_time", Input).value = typed
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is form and message in visible_text(app)
        assert not path.exists() and app.settings == Settings()


async def test_escape_cancels(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 50)) as pilot:
        form = await open_settings(app, pilot)
        form.query_one("#language", Select).value = "es"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and app.settings == Settings()
        assert not (tmp_path / "config").exists()


async def test_a_settings_file_that_cannot_be_written_is_said(tmp_path: Path) -> None:
    blocked = tmp_path / "config"
    blocked.write_text("a file where the folder should be")
    app = make_app(tmp_path, path=blocked / "settings.toml")
    async with app.run_test(size=(120, 50)) as pilot:
        form = await open_settings(app, pilot)
        form.query_one("#curtain", Checkbox).value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and "Could not write" in visible_text(app)
        assert app.curtain_default is False  # still applied for this session


async def test_help_says_what_the_language_setting_does(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 50)) as pilot:
        await open_settings(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, SettingsHelp)
        text = " ".join(app.screen.text.split())
        assert "*Automatic* follows `TABLETOP_LANG`" in text and "A save holds no language" in text
        assert "Applies the next time Tabletop starts" in text and str(tmp_path / "config") in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)


# -- the settings change the games ------------------------------------------------------------------
def hot_seat() -> Match:
    return Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {}, seed=3)


async def test_curtain_off_means_no_curtain_between_humans(tmp_path: Path) -> None:
    for curtain, expected in ((True, Curtain), (False, GameScreen)):
        app = make_app(tmp_path, Settings(curtain=curtain), hot_seat())
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, expected), curtain


async def test_a_game_option_wins_over_the_curtain_setting(tmp_path: Path) -> None:
    match = hot_seat()
    match.options["curtain"] = True
    app = make_app(tmp_path, Settings(curtain=False), match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)


async def test_ascii_animations_and_think_time_reach_the_game_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, Settings(ascii=True, animations=False, bot_think_time=2, curtain=False), hot_seat())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.ascii_only and not screen.animate and screen.bot_delay == 2
        app.apply_settings(app.settings.changed(bot_think_time=0))
        assert screen.bot_delay == 0  # at once, in the game already open


async def test_settings_from_a_file_round_trip_into_the_app(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.toml"
    save(path, Settings(theme="dracula"))
    app = make_app(tmp_path, load(path).settings, path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.theme == "dracula"
        app.theme = "nord"
        await pilot.pause()
    assert load(path).settings.theme == "nord"


async def test_question_mark_is_help_except_in_a_text_box(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 50)) as pilot:
        form = await open_settings(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, SettingsHelp)
        await pilot.press("question_mark")
        await pilot.pause()
        form.query_one("#saves_dir", Input).focus()
        await pilot.press(*"a?b")
        assert app.screen is form and form.query_one("#saves_dir", Input).value == "a?b"
