"""Issue #10 in the app, by Pilot: Recent and the saves browser survive corrupt files and show
hostile text as text; save-as asks before replacing another game's save; card data that fails
to load is a message, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import GameDataError, Match, Seat
from tabletop.engine.saves import load, save
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.menus import Confirm, MainMenu, SavesScreen

from .screen_text import visible_text

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corrupt_saves"


def new_match(seed: int = 3, names: tuple[str, str] = ("Ana", "Luis")) -> Match:
    return Match.start(games.game("highcard"), [Seat(names[0]), Seat(names[1])], {}, seed=seed)


def app_for(folder: Path, match: Match | None = None, path: Path | None = None) -> TabletopApp:
    return TabletopApp(saves_dir=folder, match=match, save_path=path, animate=False, bot_delay=0)


def fill_with_corpus(folder: Path) -> None:
    for path in CORPUS.glob("*.json"):
        (folder / path.name).write_bytes(path.read_bytes())


async def test_recent_lists_good_saves_beside_corrupt_files(tmp_path: Path) -> None:
    match = new_match()
    match.play(match.legal()[0].id)
    save(match, tmp_path / "good.json")
    fill_with_corpus(tmp_path)
    app = app_for(tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the full check (replays) runs on a worker thread
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        text = visible_text(app)
        assert "High Card · Ana, Luis" in text
        assert "finished" not in text  # a save with its 'finished' flag flipped is not listed
        assert f"{len(list(CORPUS.glob('*.json')))} unreadable files" in text


async def test_saves_browser_marks_corrupt_files_and_shows_markup_and_escapes_literally(tmp_path: Path) -> None:
    marked = new_match(names=("[bold]Ana[/]", "Luis"))
    marked.updated = 4_000_000_000.0  # listed first, above the corrupt files (dated by mtime)
    save(marked, tmp_path / "markup.json")
    hostile = save(new_match(seed=4), tmp_path / "hostile.json")
    doc = json.loads(hostile.read_text())
    doc["title"] = "\x1b[2J[red]T"
    doc["updated"] = 3_999_999_999.0
    hostile.write_text(json.dumps(doc))
    fill_with_corpus(tmp_path)
    app = app_for(tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        app.push_screen(SavesScreen())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        by_name = {i.path.name: i for i in screen.infos}
        assert not by_name["markup.json"].error
        assert sum(1 for i in screen.infos if i.error) == len(list(CORPUS.glob("*.json"))) + 1
        text = visible_text(app)
        assert "[bold]Ana[/], Luis" in text  # markup in a name is text, not style
        assert "\\x1b[2J[red]T" in text and "\x1b" not in text


async def test_resume_latest_skips_broken_saves(tmp_path: Path) -> None:
    older = new_match(seed=1)
    older.updated = 1_700_000_000.0
    save(older, tmp_path / "older.json")
    fill_with_corpus(tmp_path)  # newer mtimes, some with consistent-looking envelopes
    app = app_for(tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        app.resume_latest()
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert screen.match.seed == 1


async def test_card_data_errors_are_a_message_not_a_traceback(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    save(new_match(), tmp_path / "g.json")
    real = games.game

    def broken(game_id: str) -> Any:
        if game_id == "highcard":
            raise GameDataError("villainous/jafar.json: card 'x': field 'op': unknown op 'boom'")
        return real(game_id)

    app = app_for(tmp_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SavesScreen())
        await pilot.pause()
        monkeypatch.setattr(games, "game", broken)
        app.screen.action_open()
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        app.resume_latest()
        await pilot.pause()
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert any("unknown op 'boom'" in n.message for n in app._notifications)


async def _save_as(app: TabletopApp, pilot: Any, name: str) -> None:
    from textual.widgets import Input

    await pilot.press("ctrl+s")
    await pilot.pause()
    app.screen.query_one(Input).value = name
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("answer", ["n", "y"])
async def test_save_as_over_another_games_save_asks_first(tmp_path: Path, answer: str) -> None:
    other = new_match(seed=8, names=("Eva", "Max"))
    other_path = save(other, tmp_path / "theirs.json")
    before = other_path.read_bytes()
    mine = new_match(seed=3)
    app = app_for(tmp_path, mine, tmp_path / "mine.json")
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # past the curtain
        await pilot.pause()
        await _save_as(app, pilot, "theirs")
        assert isinstance(app.screen, Confirm)
        assert "another game's save" in visible_text(app)
        await pilot.press(answer)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        if answer == "n":
            assert other_path.read_bytes() == before
            assert screen.save_path == tmp_path / "mine.json"
        else:
            assert load(other_path, games.game).seed == 3
            assert screen.save_path == other_path.resolve()


async def test_save_as_over_an_earlier_copy_of_the_same_game_does_not_ask(tmp_path: Path) -> None:
    mine = new_match(seed=3)
    copy = save(mine, tmp_path / "copy.json")
    app = app_for(tmp_path, mine, tmp_path / "mine.json")
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await _save_as(app, pilot, "copy")
        assert not isinstance(app.screen, Confirm)
        assert load(copy, games.game).seed == 3
