"""Replays driven by keys through Pilot, one recorded game per game: ← → Home End move through the
record on the game's own screen, read-only; the spectator sees no hidden card; a seat's view comes
after its curtain; the saves browser opens a replay with r."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.saves import load, save
from tabletop.ui.app import TabletopApp
from tabletop.ui.menus import SavesScreen
from tabletop.ui.replay_screen import ReplayApp, ReplayMode, SeatPicker
from tabletop.ui.widgets import Curtain

from .screen_text import visible_text

STEPS = 40
# (game, seats, seed): a bot game recorded for STEPS actions (or to its end)
RECORDS = [("superinmundos", 3, 1), ("villainous", 2, 1), ("msx_cards", 1, 1), ("mount_gram", 2, 1)]


def record(folder: Path, game_id: str, players: int, seed: int) -> tuple[Match, Path]:
    spec = games.spec(game_id)
    kind = "heuristic" if "heuristic" in spec.bots else sorted(spec.bots)[0]
    match = Match.start(games.game(game_id), [Seat(f"Seat{i + 1}", kind) for i in range(players)], {}, seed=seed)
    while match.decision() is not None and len(match.actions) < STEPS:
        match.bot_step()
    path = save(match, folder / f"{game_id}.json")
    return load(path, games.game), path


def region_text(app: Any, selector: str) -> str:
    """The text inside one widget's region of the screen."""
    region = app.screen.query_one(selector).region
    lines = visible_text(app).split("\n")
    return "\n".join(line[region.x: region.right] for line in lines[region.y: region.bottom])


def hidden_titles(match: Match, seat: int | None) -> set[str]:
    """Titles of the cards ``seat`` must not see now that nothing it may see contains (a hidden card
    can have a public twin, a place can be named after a card), long enough not to match an
    ordinary word of the screen."""
    game, state = match.game, match.state
    view = game.view(state, seat)
    seen = {game.face(c).title for c in _cards(game, view)}
    public = json.dumps(view, ensure_ascii=False)
    titles = {game.face(c).title for c in game.secrets(state, seat)}
    return {t for t in titles - seen if len(t) >= 5 and t not in public}


def _cards(game: Any, value: Any) -> set[str]:
    """The card ids anywhere in a view: the strings the game draws as a card."""
    if isinstance(value, dict):
        return set().union(set(), *(_cards(game, v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_cards(game, v) for v in value))
    if isinstance(value, str) and value:
        try:
            return {value} if game.face(value).title != value else set()
        except Exception:  # not a card id
            return set()
    return set()


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("game_id,players,seed", RECORDS)
async def test_replay_steps_through_a_recorded_game(tmp_path: Path, game_id: str, players: int, seed: int) -> None:
    match, path = record(tmp_path, game_id, players, seed)
    end = len(match.actions)
    before = path.read_bytes()
    app = ReplayApp(match, path, saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayMode)
        assert f"step 0 of {end}" in visible_text(app)
        start_board = region_text(app, "#board")
        await pilot.press("right")
        await settle(pilot)
        assert f"step 1 of {end}" in visible_text(app)
        await pilot.press("end")
        await settle(pilot)
        assert f"step {end} of {end}" in visible_text(app)
        end_board = region_text(app, "#board")
        assert end_board != start_board
        await pilot.press("left")
        await settle(pilot)
        assert f"step {end - 1} of {end}" in visible_text(app)
        await pilot.press("home")
        await settle(pilot)
        assert f"step 0 of {end}" in visible_text(app)
        assert region_text(app, "#board") == start_board
        # nothing acted, nothing moved, nothing written
        await pilot.press("1", "enter")
        await settle(pilot)
        assert app.screen is screen and f"step 0 of {end}" in visible_text(app)
        assert screen.match.actions == []  # type: ignore[attr-defined]
    assert path.read_bytes() == before


@pytest.mark.parametrize("game_id,players,seed", RECORDS)
async def test_spectator_sees_no_hidden_card_and_a_seat_sees_its_own(tmp_path: Path, game_id: str, players: int,
                                                                   seed: int) -> None:
    match, path = record(tmp_path, game_id, players, seed)
    app = ReplayApp(match, path, saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("end")
        await settle(pilot)
        assert screen.viewer is None and "view: spectator" in visible_text(app)  # type: ignore[attr-defined]
        spectator = visible_text(app)
        hidden = hidden_titles(match, None)
        assert not [t for t in hidden if t in spectator]
        seat = 0
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SeatPicker)
        await pilot.press("down", "enter")  # the first seat, below "Spectator"
        await settle(pilot)
        name = match.seats[seat].name
        if games.spec(game_id).hidden_info:
            assert isinstance(app.screen, Curtain)
            curtain = visible_text(app)
            assert "Pass the keyboard to" in curtain
            assert not [t for t in hidden if t in curtain]
            await pilot.press("enter")
            await settle(pilot)
        assert app.screen is screen and screen.viewer == seat  # type: ignore[attr-defined]
        text = visible_text(app)
        assert f"view: {name}" in text
        own = hidden - hidden_titles(match, seat)  # hidden from a spectator, shown to this seat
        if games.spec(game_id).hidden_info:
            assert own, "the recorded game should leave the seat with a card of its own"
            assert [t for t in own if t in text]
        assert not [t for t in hidden_titles(match, seat) if t in text]
        # back to the spectator: the seat's cards go away at once
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("home", "enter")
        await settle(pilot)
        assert screen.viewer is None  # type: ignore[attr-defined]
        assert not [t for t in hidden if t in visible_text(app)]


async def test_the_saves_browser_replays_the_save_under_the_cursor_with_r(tmp_path: Path) -> None:
    match, path = record(tmp_path, "superinmundos", 3, 1)
    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "enter")  # Saved games
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ReplayMode)
        assert f"step 0 of {len(match.actions)}" in visible_text(app)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)


async def test_the_saves_browser_refuses_to_replay_a_broken_save(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{\"format\": \"tabletop-save\"")
    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)
        assert "truncated" in visible_text(app)
