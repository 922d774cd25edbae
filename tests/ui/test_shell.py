"""The Textual shell driven by keys through Pilot: menu, new-game form, saves browser, help,
curtain, undo, autosave, too-small terminal. Uses the kernel test game "highcard"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.saves import load, save
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen, ResultScreen
from tabletop.ui.help import HelpScreen
from tabletop.ui.menus import Confirm, MainMenu, NewGameScreen, SavesScreen
from tabletop.ui.widgets import Curtain, DecisionPanel

from .screen_text import visible_text


def new_match(kinds: tuple[str, str] = ("human", "human"), seed: int = 3) -> Match:
    return Match.start(games.game("highcard"), [Seat("Ana", kinds[0]), Seat("Luis", kinds[1])], {}, seed=seed)


def make_app(tmp_path: Path, match: Match | None = None) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json" if match else None,
                       animate=False, bot_delay=0)


async def open_form_on_highcard(app: TabletopApp, pilot: Any) -> NewGameScreen:
    """From the main menu: Enter on "New game", then pick the kernel test game."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, NewGameScreen)
    form.query_one("#game").value = "highcard"
    await pilot.pause()
    return form


async def test_main_menu_opens_and_moves_by_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert "no saved games yet" in visible_text(app)
        await pilot.press("down", "down", "enter")  # Saved games
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert "No saves in" in visible_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_new_game_form_starts_a_game_with_a_bot_seat(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await open_form_on_highcard(app, pilot)
        form.query_one("#kind1").value = "highest"
        form.query_one("#name0").value = "Ana"
        form.query_one("#seed").value = "11"
        await pilot.pause()
        form.action_start()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, (GameScreen, Curtain))
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert [s.kind for s in game_screen.match.seats] == ["human", "highest"]
        assert game_screen.match.seed == 11


async def test_new_game_form_refuses_duplicate_names(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await open_form_on_highcard(app, pilot)
        form.query_one("#name0").value = "Ana"
        form.query_one("#name1").value = "Ana"
        form.action_start()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "different name" in str(form.query_one("#error").render())


async def test_curtain_hides_the_hand_and_a_new_game_opens_on_it(tmp_path: Path) -> None:
    match = new_match()
    hand_ana = match.state.players[0]["hand"]
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        text = visible_text(app)
        assert "A N A" in text
        assert "q: back to the menu" in text  # the curtain has no footer: its keys are in its text
        assert not any(card in text for card in hand_ana)
        game_screen = app.screen_stack[-2]
        assert isinstance(game_screen, GameScreen) and game_screen.viewer is None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.viewer == 0
        assert any(card in visible_text(app) for card in hand_ana)
        # Ana marks and plays: the turn passes to Luis and the curtain drops again.
        await pilot.press("1")
        await pilot.pause()
        play = [i for i, a in enumerate(app.screen.query_one(DecisionPanel).actions) if a.id == "play"][0]
        await pilot.press(str(play + 1))
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        text = visible_text(app)
        assert "L U I S" in text
        assert not any(card in text for card in match.state.players[0]["hand"] + match.state.players[1]["hand"])


async def test_undo_within_the_turn_and_autosave(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "1")
        await pilot.pause()
        assert len(match.actions) == 1 and match.actions[0].startswith("mark")
        assert app.save_writer.flush(10)  # autosave is written behind the key path
        assert load(tmp_path / "g.json", games.game).actions == match.actions
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert match.actions == []
        assert app.save_writer.flush(10)
        assert load(tmp_path / "g.json", games.game).actions == []


async def test_bots_play_their_turns_and_the_end_card_shows(tmp_path: Path) -> None:
    match = new_match(("highest", "random"))
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ResultScreen):
                break
        assert isinstance(app.screen, ResultScreen)
        assert match.result() is not None
        assert "Winner" in visible_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_too_small_terminal_shows_a_message(tmp_path: Path) -> None:
    app = make_app(tmp_path, new_match())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.has_class("-too-small")
        assert "needs at least 100×30" in visible_text(app)


async def test_saves_browser_resumes_and_deletes_with_confirmation(tmp_path: Path) -> None:
    match = new_match()
    match.play(match.legal()[0].id)
    save(match, tmp_path / "first.json")
    (tmp_path / "broken.json").write_text("{not json")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        text = visible_text(app)
        assert "High Card" in text and "not a save file" in text
        assert "Enter: resume" in text  # the footer cannot show it (the table owns Enter)
        # the most recent first: the broken file was written last
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert (tmp_path / "broken.json").exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert not (tmp_path / "broken.json").exists()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)  # resumed hidden-information game opens on it
        assert app.screen_stack[-2].match.actions == match.actions


async def test_a_corrupt_save_is_refused_in_the_browser_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"format": "tabletop-save", "version": 1}')
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert (tmp_path / "bad.json").exists()


async def test_keys_mashed_at_random_never_crash_or_corrupt(tmp_path: Path) -> None:
    import random

    match = new_match(("human", "highest"))
    app = make_app(tmp_path, match)
    keys = ["enter", "escape", "up", "down", "left", "right", "1", "2", "3", "4", "9", "0", "z", "x",
            "ctrl+z", "tab", "space", "h", "j", "k", "l", "d", "y", "n", "a"]
    rnd = random.Random(5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(150):
            await pilot.press(rnd.choice(keys))
        await pilot.pause()
        assert app.is_running
    if (tmp_path / "g.json").exists():
        again = load(tmp_path / "g.json", games.game)
        assert again.actions == match.actions[: len(again.actions)]


async def test_dice_panel_shows_the_roll_and_its_arithmetic() -> None:
    from textual.app import App, ComposeResult

    from tabletop.ui.widgets import DicePanel

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield DicePanel(animate=False)

    app = Host()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(DicePanel)
        panel.show([{"k": "roll", "t": "", "die": 12, "value": 11, "why": "attack",
                     "steps": ["d12 11", "+ Attack 5 = 16", "= 16 damage"]}])
        await pilot.pause()
        text = visible_text(app)
        assert "11" in text and "d12" in text and "for: attack" in text and "+ Attack 5 = 16" in text


async def test_save_as_keeps_a_typed_name_inside_the_saves_folder(tmp_path: Path) -> None:
    from textual.widgets import Input

    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "ctrl+s")
        await pilot.pause()
        box = app.screen.query_one(Input)
        box.value = "../../escape/attempt"
        await pilot.press("enter")
        await pilot.pause()
    from tabletop.engine.saves import sanitize_name

    expected = tmp_path / sanitize_name("../../escape/attempt")
    assert "/" not in expected.name and expected.exists()
    assert load(expected, games.game).actions == match.actions
    assert not (tmp_path.parent / "escape").exists()


async def test_card_row_updates_in_place_and_keeps_the_cursor_on_its_card() -> None:
    from textual.app import App, ComposeResult

    from tabletop.engine import CardFace
    from tabletop.ui.widgets import CardRow, CardView

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield CardRow(id="row")

    def cards(*ids: str) -> list[tuple[str, CardFace, str]]:
        return [(i, CardFace(id=i, title=i.upper()), "playable") for i in ids]

    app = Host()
    async with app.run_test(size=(80, 10)) as pilot:
        row = app.query_one(CardRow)
        row.set_cards(cards("a", "b", "c"))
        await pilot.pause()
        row.focus()
        await pilot.press("right", "right")
        assert row.current == "c"
        row.set_cards(cards("c", "d"))
        await pilot.pause()
        assert row.current == "c"
        assert len(app.query(CardView)) == 2
        row.set_cards([])
        await pilot.pause()
        assert row.current is None and len(app.query(CardView)) == 0
        assert "(none)" in visible_text(app)


async def test_a_toast_naming_a_hand_card_does_not_outlive_the_curtain(tmp_path: Path) -> None:
    """Toasts last seconds and are drawn on whatever screen is on top: one that names a card of
    the player who just finished ("X cannot be played now") must not show on the curtain."""
    match = new_match()
    hand_ana = list(match.state.players[0]["hand"])
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        app.screen.notify("Your hand: " + ", ".join(hand_ana), title="Not allowed")
        await pilot.pause()
        assert "Your hand" in visible_text(app)
        await pilot.press("1")
        await pilot.pause()
        play = [i for i, a in enumerate(app.screen.query_one(DecisionPanel).actions) if a.id == "play"][0]
        await pilot.press(str(play + 1))
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        text = visible_text(app)
        assert not any(card in text for card in match.state.players[0]["hand"])


async def test_enter_in_a_text_box_of_the_new_game_form_starts_the_game(tmp_path: Path) -> None:
    """ctrl+Enter cannot be told from Enter in most terminals: Enter in a name or the seed starts."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await open_form_on_highcard(app, pilot)
        form.query_one("#seed").focus()
        await pilot.press("4", "2", "enter")
        await pilot.pause()
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game_screen.match.seed == 42


async def test_the_main_menu_fits_an_80x24_terminal(tmp_path: Path) -> None:
    """The menu box was a fixed 100 columns: at 80 its right part (the recent games) was cut."""
    from textual.containers import Horizontal

    save(new_match(), tmp_path / "one.json")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one(Horizontal)
        assert box.region.right <= 80
        assert "Ana, Luis" in visible_text(app)
