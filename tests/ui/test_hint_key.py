"""The hint key (issue #18): shown for the seat at the keyboard, worked out off the UI thread,
never played; counted; off when the setting says so."""

from __future__ import annotations

from pathlib import Path

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.settings import Settings
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen

from .screen_text import lift_curtain


async def open_game(app: TabletopApp, pilot) -> GameScreen:  # type: ignore[no-untyped-def]
    for _ in range(40):
        await pilot.pause()
        await lift_curtain(pilot, app)
        if isinstance(app.screen, GameScreen) and app.screen.viewer == 0:
            return app.screen
    raise AssertionError("the game screen never came up for seat 0")


async def test_h_shows_the_bots_choice_and_plays_nothing(tmp_path: Path) -> None:
    match = Match.start(games.game("superinmundos"), [Seat("Ana"), Seat("Luis", "heuristic")], {}, seed=5)
    app = TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json", animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_game(app, pilot)
        before = list(match.actions)
        await pilot.press("h")
        for _ in range(40):
            await pilot.pause()
            if screen.last_hint is not None:
                break
        assert screen.last_hint is not None
        assert screen.last_hint.action.id in {a.id for a in match.legal()}
        assert match.actions == before, "a hint never plays"
        assert match.hints == {0: 1}
        assert any(n.title == "Hint" for n in app._notifications)


async def test_hints_can_be_turned_off(tmp_path: Path) -> None:
    match = Match.start(games.game("superinmundos"), [Seat("Ana"), Seat("Luis", "heuristic")], {}, seed=5)
    app = TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json", animate=False, bot_delay=0,
                      settings=Settings(hints=False), settings_path=tmp_path / "s.toml")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_game(app, pilot)
        await pilot.press("h")
        await pilot.pause()
        assert screen.last_hint is None and match.hints == {}
        assert any("turned off" in n.message for n in app._notifications)
