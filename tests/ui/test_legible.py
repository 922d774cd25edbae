"""Issue #13, shared layout: the decision line, wrapping card rows, monochrome marks, --ascii
borders, the new-game form at 100×30 and the Recent list. Kernel game "highcard" unless a real
game's form is the point."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.faces import CardFace
from tabletop.engine.saves import save, scan
from tabletop.ui import menus
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.menus import MainMenu, NewGameScreen, SavesScreen, progress, recent
from tabletop.ui.widgets import CardRow, Curtain, DecisionPanel

from .screen_text import visible_text

BOX_CHARS = {chr(c) for c in range(0x2500, 0x2580)}


def highcard(seed: int = 3) -> Match:
    return Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis", "highest")], {}, seed=seed)


def app_for(tmp_path: Path, match: Match | None = None, **kw: Any) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json" if match else None,
                       animate=False, bot_delay=0, **kw)


async def into_game(app: TabletopApp, pilot: Any) -> GameScreen:
    await pilot.pause()
    if isinstance(app.screen, Curtain):
        await pilot.press("enter")
        await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def test_the_decision_has_its_own_line_under_the_header(tmp_path: Path) -> None:
    app = app_for(tmp_path, highcard())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await into_game(app, pilot)
        lines = visible_text(app).splitlines()
        prompt = screen.match.decision().prompt
        assert prompt in lines[1] and lines[1].lstrip().startswith("▸")


async def test_a_long_prompt_wraps_instead_of_being_cut(tmp_path: Path) -> None:
    app = app_for(tmp_path, highcard())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await into_game(app, pilot)
        decision = screen.match.decision()
        long = dataclasses.replace(decision, prompt="Ana: " + " ".join(f"word{i}" for i in range(40)))
        screen.query_one("#ask").update(screen.decision_line(long, True))
        await pilot.pause()
        top = " ".join(line.strip() for line in visible_text(app).splitlines()[1:5])
        assert "word0" in top and "word39" in top


async def test_the_decision_list_cursor_reads_without_colour(tmp_path: Path) -> None:
    app = app_for(tmp_path, highcard())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await into_game(app, pilot)
        panel = screen.query_one("#decision", DecisionPanel)
        panel.focus()
        panel.highlighted = 0
        await pilot.pause()
        first = panel.actions[0].label
        assert any(line.strip("│ ").startswith(f"▸ 1 {first}") for line in visible_text(app).splitlines())
        await pilot.press("down")
        await pilot.pause()
        text = visible_text(app)
        assert f"▸ 2 {panel.actions[1].label}" in text and f"▸ 1 {first}" not in text


async def test_the_main_menu_cursor_is_a_pointer(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "▸ New game" in visible_text(app)
        await pilot.press("down")
        await pilot.pause()
        assert "▸ Resume last game" in visible_text(app) and "▸ New game" not in visible_text(app)


class RowApp(App[None]):
    def compose(self) -> ComposeResult:
        yield CardRow(id="row")


async def test_a_card_row_wraps_every_card_into_sight_and_marks_state() -> None:
    app = RowApp()
    async with app.run_test(size=(40, 12)) as pilot:
        row = app.query_one(CardRow)
        row.set_cards([(f"c{i}", CardFace(id=f"c{i}", title=f"Card number {i}"), "playable" if i % 2 else "disabled")
                       for i in range(6)])
        row.focus()
        await pilot.pause()
        await pilot.pause()
        text = visible_text(app)
        for i in range(6):
            assert f"Card number {i}" in text  # nothing cut at the right edge
        assert row.size.height >= 3
        assert "▸ Card number 0" not in text and "▸Card number 0" in text  # the cursor cell
        assert "Card number 1✓" in text and "Card number 2✓" not in text  # usable now: a mark


async def test_ascii_turns_every_border_into_ascii(tmp_path: Path) -> None:
    app = app_for(tmp_path, highcard(), ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await into_game(app, pilot)
        text = visible_text(app)
        assert "+-" in text and not (set(text) & BOX_CHARS)
    plain = app_for(tmp_path / "u", highcard())
    async with plain.run_test(size=(100, 30)) as pilot:
        await into_game(plain, pilot)
        assert set(visible_text(plain)) & BOX_CHARS


# -- the new-game form ---------------------------------------------------------------------------
async def open_form(app: TabletopApp, pilot: Any, game: str) -> NewGameScreen:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, NewGameScreen)
    form.query_one("#game").value = game
    await pilot.pause()
    await pilot.pause()
    return form


async def test_start_is_in_sight_at_100x30_for_every_game_and_enter_on_it_starts(tmp_path: Path) -> None:
    menus._REMEMBERED.clear()
    app = app_for(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        for gid, spec in games.specs().items():
            form = await open_form(app, pilot, gid)
            form.query_one("#players").value = spec.max_players
            await pilot.pause()
            start = form.query_one("#start")
            assert start.region.bottom <= 29 and start.region.height >= 1, gid
            assert "Start" in visible_text(app)
            await pilot.press("escape")
            await pilot.pause()
        form = await open_form(app, pilot, "highcard")
        form.query_one("#start").focus()
        await pilot.pause()
        assert "▸ Start" in visible_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)


async def test_only_the_seats_that_exist_show_their_options(tmp_path: Path) -> None:
    menus._REMEMBERED.clear()
    app = app_for(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot, "mount_gram")
        form.query_one("#players").value = 2
        await pilot.pause()
        text = visible_text(app)
        assert form.query_one("#opt-deck_2").display and form.query_one("#opt-deck_2").region.height
        assert form.query_one("#opt-deck_3").region.height == 0  # in seat 3's hidden row
        assert "player 4" not in text and "player 3" not in text
        assert text.count("starter deck") == 2


async def test_msx_opens_on_a_valid_set_up_and_starts(tmp_path: Path) -> None:
    menus._REMEMBERED.clear()
    app = app_for(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot, "msx_cards")
        assert form.query_one("#players").value == 1
        form.action_start()
        await pilot.pause()
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)


async def test_ticks_read_in_monochrome_and_choices_are_remembered(tmp_path: Path) -> None:
    menus._REMEMBERED.clear()
    app = app_for(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot, "highcard")
        assert "[x] Allow the bonus roll" in visible_text(app)
        form.query_one("#opt-dice").value = False
        form.query_one("#name0").value = "Zoe"
        form.query_one("#kind1").value = "highest"
        await pilot.pause()
        assert "[ ] Allow the bonus roll" in visible_text(app)
        form.action_start()
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.match.options["dice"] is False
        game.action_leave()
        await pilot.pause()
        while not isinstance(app.screen, MainMenu):
            app.pop_screen()
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#game").value == "highcard"
        assert form.query_one("#name0").value == "Zoe"
        assert form.query_one("#kind1").value == "highest"
        assert form.query_one("#opt-dice").value is False


# -- the Recent list -----------------------------------------------------------------------------
def test_recent_lists_a_match_saved_under_two_names_once(tmp_path: Path) -> None:
    match = highcard()
    save(match, tmp_path / "old.json")
    match.play(match.legal()[0].id)
    match.updated += 5
    save(match, tmp_path / "new.json")
    other = highcard(seed=4)
    other.created = match.created + 100
    save(other, tmp_path / "other.json")
    shown = recent(scan(tmp_path))
    assert sorted(i.path.name for i in shown) == ["new.json", "other.json"]


def test_finished_is_said_once(tmp_path: Path) -> None:
    path = save(highcard(), tmp_path / "g.json")
    doc = json.loads(path.read_text())
    info = next(iter(scan(tmp_path)))
    assert progress(dataclasses.replace(info, finished=True, summary="finished after 3 round(s)")) \
        == "finished after 3 round(s)"
    assert progress(dataclasses.replace(info, finished=True, summary="round 2")) == "round 2 · finished"
    assert doc["finished"] is False and progress(info) == info.summary


async def test_the_saves_browser_says_finished_once(tmp_path: Path) -> None:
    match = highcard()
    while match.decision() is not None:
        match.play(match.legal()[0].id)
    save(match, tmp_path / "done.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert visible_text(app).lower().count("finished") == 1  # the Recent list
        app.push_screen(SavesScreen())
        await pilot.pause()
        assert visible_text(app).lower().count("finished") == 1


async def test_the_saves_browser_cursor_is_a_pointer(tmp_path: Path) -> None:
    for seed, name in ((3, "a"), (4, "b")):
        save(highcard(seed), tmp_path / f"{name}.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SavesScreen())
        await pilot.pause()
        rows = [line for line in visible_text(app).splitlines() if ".json" in line]
        assert len(rows) == 2 and rows[0].lstrip().startswith("▸") and not rows[1].lstrip().startswith("▸")
        await pilot.press("down")
        await pilot.pause()
        rows = [line for line in visible_text(app).splitlines() if ".json" in line]
        assert rows[1].lstrip().startswith("▸") and not rows[0].lstrip().startswith("▸")


async def test_only_the_row_with_the_keyboard_has_a_pointer(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        form = await open_form(app, pilot, "highcard")
        form.query_one("#seed").focus()
        await pilot.pause()
        assert "▸ Seed" in visible_text(app)
        form.query_one("#start").focus()
        await pilot.pause()
        text = visible_text(app)
        assert "▸ Start" in text and "▸ Seed" not in text and text.count("▸") == 1
