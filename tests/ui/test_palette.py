"""The command palette (ctrl+p) offers the app's own commands, typed and chosen by keys through
Pilot: save and undo only on a game's screen, the rest everywhere; a theme picked there is kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.command import CommandList, CommandPalette

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.settings import Settings, load
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen, SaveAs
from tabletop.ui.menus import MainMenu, NewGameScreen, RulesIndex, SavesScreen
from tabletop.ui.palette import TabletopCommands
from tabletop.ui.settings_screen import SettingsScreen
from tabletop.ui.widgets import Curtain

EVERYWHERE = ["New game", "Resume last game", "Saved games", "Rules", "Settings", "Idioma: español"]


def make_app(tmp_path: Path, match: Match | None = None, **kwargs: Any) -> TabletopApp:
    """With the curtain setting off, so a game's screen is on top at once (unless a test says)."""
    kwargs.setdefault("settings", Settings(curtain=False))
    return TabletopApp(saves_dir=tmp_path / "saves", match=match, save_path=tmp_path / "saves" / "g.json" if match else None,
                       animate=False, bot_delay=0, **kwargs)


def solo_match() -> Match:
    """Against a bot; the human moves first."""
    return Match.start(games.game("highcard"), [Seat("Ana"), Seat("Bot", "highest")], {}, seed=3)


async def run_command(app: TabletopApp, pilot: Any, typed: str, expected: str) -> None:
    """ctrl+p, type, check the first hit is ``expected``, choose it."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(app.screen, CommandPalette)
    await pilot.press(*typed)
    hits = app.screen.query_one(CommandList)
    for _ in range(50):
        await pilot.pause(0.02)
        if hits.option_count:
            break
    first = hits.get_option_at_index(0)
    assert expected in str(first.prompt), (expected, first.prompt)
    if hits.highlighted is None:
        await pilot.press("down")
    assert hits.highlighted == 0
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def names_on(app: TabletopApp) -> list[str]:
    provider = TabletopCommands(app.screen)
    return [str(hit.text) async for hit in provider.discover()]


async def test_the_menu_commands_are_offered_everywhere_and_save_undo_only_in_a_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, solo_match())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert await names_on(app) == ["Save game", "Undo", *EVERYWHERE]
        app.pop_screen()
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert await names_on(app) == EVERYWHERE


async def test_behind_a_curtain_there_is_no_save_or_undo(tmp_path: Path) -> None:
    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {}, seed=3)
    app = make_app(tmp_path, match, settings=Settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        assert await names_on(app) == EVERYWHERE


async def test_search_matches_the_typed_text(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        provider = TabletopCommands(app.screen)
        assert [str(h.text) async for h in provider.search("sav")] == ["Saved games"]
        assert [str(h.text) async for h in provider.search("zzz")] == []


async def test_settings_rules_and_saves_from_the_palette(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await run_command(app, pilot, "settings", "Settings")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        await run_command(app, pilot, "rules", "Rules")
        assert isinstance(app.screen, RulesIndex)
        await run_command(app, pilot, "saved", "Saved games")
        assert isinstance(app.screen, SavesScreen)
        assert [type(s) for s in app.screen_stack] == [MainMenu, SavesScreen]  # the rules page was closed


async def test_undo_and_save_from_the_palette_in_a_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, solo_match())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = len(screen.match.actions)
        assert screen.act(screen.match.legal()[0].id)
        await pilot.pause()
        played = len(screen.match.actions)
        assert played > before
        await run_command(app, pilot, "undo", "Undo")
        assert app.screen is screen and len(screen.match.actions) < played
        await run_command(app, pilot, "save", "Save game")
        assert isinstance(app.screen, SaveAs)
        await pilot.press("escape")


async def test_new_game_from_a_game_saves_it_and_leaves_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, solo_match())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await run_command(app, pilot, "new", "New game")
        assert isinstance(app.screen, NewGameScreen)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert (tmp_path / "saves" / "g.json").is_file()


async def test_resume_from_the_palette(tmp_path: Path) -> None:
    app = make_app(tmp_path, solo_match())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await run_command(app, pilot, "resume", "Resume last game")
        games_open = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert len(games_open) == 1 and app.screen is games_open[0]
        assert games_open[0].save_path == tmp_path / "saves" / "g.json"


async def test_the_theme_picked_in_the_palette_is_remembered(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.toml"
    app = make_app(tmp_path, settings=Settings(), settings_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark" and not path.exists()
        await run_command(app, pilot, "theme", "Theme")
        assert isinstance(app.screen, CommandPalette)  # the theme list
        await pilot.press(*"nord")
        await pilot.pause(0.3)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.theme == "nord"
    assert load(path).settings == Settings(theme="nord")
    again = make_app(tmp_path, settings=load(path).settings, settings_path=path)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_an_unknown_theme_in_the_settings_is_a_warning(tmp_path: Path) -> None:
    app = make_app(tmp_path, settings=Settings(theme="no-such-theme"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        assert any("Unknown theme 'no-such-theme'" in n.message for n in app._notifications)


async def test_without_a_settings_path_nothing_is_written(tmp_path: Path, config_dir: Path) -> None:
    app = make_app(tmp_path, settings=Settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.theme = "dracula"
        await pilot.pause()
        assert app.settings.theme == "dracula"
    assert list(config_dir.iterdir()) == [] and list(tmp_path.rglob("*.toml")) == []


async def test_a_replay_offers_no_save_or_undo(tmp_path: Path) -> None:
    """A replay is read-only: the palette must not save a half-told story or undo inside it."""
    from tabletop.engine.saves import save
    from tabletop.ui.replay_screen import ReplayApp, ReplayMode

    match = solo_match()
    while len(match.actions) < 4 and match.result() is None:
        match.play(match.legal()[0].id)
    path = save(match, tmp_path / "story.json")
    before = path.read_bytes()
    app = ReplayApp(match, path, saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ReplayMode)
        assert await names_on(app) == EVERYWHERE
        provider = TabletopCommands(app.screen)
        for typed in ("undo", "save game"):
            found = {str(hit.text) async for hit in provider.search(typed)}
            assert not found & {"Undo", "Save game"}, typed
    assert path.read_bytes() == before and sorted(tmp_path.iterdir()) == [path]
