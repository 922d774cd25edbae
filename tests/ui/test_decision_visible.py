"""Issue #13: on every decision of seeded games of all four games, at 100×30, the decision text
(who must decide what) is on screen whole — never cut at the right edge or clipped below.

The seat at the keyboard answers as the heuristic bot would, through the screen (``act``); the
other seats are bots. Modal cards (MSX's World intro) are closed with Enter, the curtain lifted.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.bots import bot_rng
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen, ResultScreen
from tabletop.ui.widgets import Curtain

from .screen_text import visible_text

SETUPS: dict[str, tuple[list[Seat], dict[str, Any], int]] = {
    "superinmundos": ([Seat("Ana"), Seat("Luis", "heuristic")], {}, 5),
    "villainous": ([Seat("Ana"), Seat("Luis", "heuristic")], {}, 3),
    "msx_cards": ([Seat("Ana")], {"mission": "quick"}, 2),
    "mount_gram": ([Seat("Ana"), Seat("Luis", "heuristic")], {}, 6),
}
DECISIONS = 30


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def suggest(match: Match) -> str:
    """What the heuristic bot would answer for the seat at the keyboard (a varied, legal path)."""
    decision = match.decision()
    assert decision is not None
    bot = match.game.spec.bots.get("heuristic", match.game.spec.bots["random"])()
    return str(bot.choose(match.game, match.game.view(match.state, decision.seat), decision, match.legal(),
                          bot_rng(match.seed, match.state.step, decision.seat)))


@pytest.mark.parametrize("game_id", list(SETUPS))
async def test_every_decision_is_wholly_visible_at_100x30(tmp_path: Path, game_id: str) -> None:
    seats, options, seed = SETUPS[game_id]
    match = Match.start(games.game(game_id), seats, options, seed=seed)
    app = TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json", animate=False, bot_delay=0)
    checked = 0
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(DECISIONS * 40):  # bots move on timers: several pauses per move
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, ResultScreen) or match.decision() is None:
                break
            if isinstance(screen, Curtain) or not isinstance(screen, GameScreen):
                await pilot.press("enter")  # the curtain, a World intro card
                continue
            decision = match.decision()
            if match.seats[decision.seat].is_bot or decision.seat != screen.viewer:
                continue  # a bot is about to move
            ask = screen.query_one("#ask", Static)
            expected = squash(screen.decision_line(decision, True).plain)
            assert screen.words.text(decision.prompt).split(": ", 1)[-1] in expected
            region = ask.region
            assert region.y >= 0 and region.bottom <= 30 - 1, "the decision line is off screen"
            lines = visible_text(app).splitlines()[region.y:region.bottom]
            shown = squash(" ".join(line[region.x:region.right] for line in lines))
            assert expected in shown, f"{game_id} step {match.state.step}: {expected!r} not whole in {shown!r}"
            checked += 1
            if checked >= DECISIONS:
                break
            screen.act(suggest(match))
    assert checked >= min(DECISIONS, 10), f"only {checked} decisions reached the keyboard"
