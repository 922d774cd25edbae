"""A search bot thinks in a worker thread (issue #16): the screen shows it, keys work meanwhile
(``ctrl+s`` saves, ``q`` leaves), and a screen closed mid-think neither crashes nor plays the
late answer; a think left alone plays its move. The bot is made slow on purpose (every
determinization sleeps) so that the keys surely arrive while it thinks."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.search import SearchBot
from tabletop.games.superinmundos.search import determinize, evaluate
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen, SaveAs

from .screen_text import visible_text

SIZE = (120, 40)


def slow_determinize(game: Any, state: Any, seat: int, rng: Any) -> Any:
    time.sleep(0.02)
    return determinize(game, state, seat, rng)


def slow_match(think_s: float) -> Match:
    """Superinmundos with the search bot on the seat that must answer first."""
    game = games.game("superinmundos")
    for seed in range(50):
        match = Match.start(game, [Seat("Bot", "search"), Seat("Ana", "human")], {}, seed=seed)
        d = match.decision()
        if d is not None and d.seat == 0 and len(match.legal()) > 1:
            match._bots[0] = SearchBot(slow_determinize, evaluate, think_ms=None, wall_ms=think_s * 1000)
            return match
    raise AssertionError("no seed where the bot answers first")


def make_app(tmp_path: Path, match: Match) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json", animate=False, bot_delay=0)


def screen_of(app: TabletopApp) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


async def test_keys_work_while_a_search_bot_thinks_and_closing_mid_think_is_safe(tmp_path: Path) -> None:
    match = slow_match(think_s=30)
    app = make_app(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert screen._thinking == match.state.step
        assert "thinking" in visible_text(app)
        workers = [w for w in app.workers if w.group == "search-bot"]
        assert len(workers) == 1 and not workers[0].is_finished
        started = time.perf_counter()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAs)
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / "g.json").exists()
        await pilot.press("q")
        await pilot.pause()
        assert not screen.is_attached
        assert time.perf_counter() - started < 20, "the keys waited for the bot"
        for _ in range(100):  # the closed screen stops the think within an iteration or two
            if all(w.is_finished for w in workers):
                break
            await asyncio.sleep(0.05)
        assert all(w.is_finished for w in workers)
        assert time.perf_counter() - started < 25
        await pilot.pause()
        assert match.actions == []


async def test_a_think_left_alone_plays_its_move(tmp_path: Path) -> None:
    match = slow_match(think_s=0.3)
    app = make_app(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await asyncio.sleep(0.05)
            await pilot.pause()
            if match.actions:
                break
        assert len(match.actions) >= 1
        assert "thinking" not in visible_text(app) or screen_of(app)._thinking is not None


async def test_the_new_game_form_names_the_bots_easy_normal_hard(tmp_path: Path) -> None:
    from textual.widgets import Select

    from tabletop.ui.menus import NewGameScreen

    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game").value = "superinmundos"
        await pilot.pause()
        kind = form.query_one("#kind1", Select)
        labels = [str(label) for label, _value in kind._options]
        assert labels == ["human", "Easy bot (random)", "Normal bot (heuristic)", "Hard bot (search)"]
        kind.value = "search"
        await pilot.pause()
        assert kind.value == "search"
