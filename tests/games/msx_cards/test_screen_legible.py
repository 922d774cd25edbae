"""Issue #13 for MSX Cards: an event says what it cancelled, no internal names on screen, a
victory beat when an enemy falls, no negative Vitality in the log."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.msx_cards import pentagon
from tabletop.games.msx_cards.screen import MsxScreen, PentagonDetail, WorldIntro
from tabletop.games.msx_cards.state import ENEMY, PLAYER
from tabletop.ui.app import TabletopApp
from tests.ui.screen_text import visible_text

from .helpers import say

INTERNAL = re.compile(r"\b[A-Z]+_[A-Z_]+\b|\bVITALITY\b")


def bot_match(seed: int = 1) -> Match:
    return Match.start(games.game("msx_cards"), [Seat("Ana", "heuristic")], {"mission": "quick"}, seed=seed)


def play_until(match: Match, done: Any, limit: int = 3000) -> None:
    for _ in range(limit):
        if done(match) or match.decision() is None:
            return
        match.bot_step()
    raise AssertionError("the condition never came")


def in_battle(match: Match) -> bool:
    s = match.state
    return s.mode == "battle" and s.fighters[PLAYER] is not None and s.fighters[ENEMY] is not None


def test_an_event_says_which_running_capsule_effects_it_ended() -> None:
    match = bot_match()
    play_until(match, in_battle)
    s = match.state
    s.effects = [{"cap": "LV.UP", "src": PLAYER, "on": PLAYER, "kind": "ATTACK_MOD", "n": 2, "until": 99}]
    pentagon.resolve(s, 1)
    text = say(s.log[-1])
    assert "it ends LV.UP (Attack +2 on " in text and "ATTACK_MOD" not in text
    assert s.effects == []


def test_no_negative_vitality_reaches_the_log() -> None:
    for seed in (1, 2, 3):
        match = bot_match(seed)
        play_until(match, lambda m: False, limit=20000)
        for event in match.state.log:
            assert not re.search(r"(\bat|\() ?[-−]\d", say(event)), say(event)


async def test_the_pentagon_card_names_event_kinds_in_words(tmp_path: Path) -> None:
    match = Match.start(games.game("msx_cards"), [Seat("Ana")], {"mission": "quick"}, seed=4)
    app = TabletopApp(saves_dir=tmp_path, match=match, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = visible_text(app)
        assert isinstance(app.screen, WorldIntro)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MsxScreen)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PentagonDetail)
        text += visible_text(app)
        assert "Vitality" in text
        assert not INTERNAL.search(text), INTERNAL.findall(text)


def test_a_fallen_enemy_gets_a_victory_recap() -> None:
    match = bot_match()
    play_until(match, lambda m: any(e["k"] == "defeat" and e.get("side") == ENEMY for e in m.state.log))
    screen = MsxScreen(match)
    screen.viewer = 0
    events = [e for e in match.state.log if e["k"] == "defeat"][-1:]
    title, text = screen.recap(events)  # type: ignore[misc]
    assert title.startswith("Victory 1 of 3")
    assert "is defeated" in text and "Victories 1/3 · losses 0/3" in text and "Vitality" in text
    assert screen.recap([e for e in match.state.log if e["k"] == "attack"][-1:]) is None


async def test_the_victory_recap_shows_as_a_toast(tmp_path: Path) -> None:
    match = bot_match()
    play_until(match, lambda m: in_battle(m) and m.state.fighters[ENEMY]["vit"] <= 4)  # type: ignore[index]
    app = TabletopApp(saves_dir=tmp_path, match=match, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3000):  # bots move on timers: count in pauses, not in seconds
            await pilot.pause()
            if isinstance(app.screen, WorldIntro):
                await pilot.press("enter")
            if any(e["k"] == "defeat" for e in match.state.log):
                break
        assert any(e["k"] == "defeat" for e in match.state.log)
        for _ in range(3):
            await pilot.pause()
        assert any("Victory" in (n.title or "") or "Defeat" in (n.title or "") for n in app._notifications)
