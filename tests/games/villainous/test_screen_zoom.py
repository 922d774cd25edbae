"""Villainous legibility (issue #13): ``z`` zooms the focused card with its whole text (the shared
zoom Superinmundos uses), or lists every card at the highlighted location; a click on a hand card
does what Enter on it does."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from ui.screen_text import visible_text

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.villainous.screen import VillainousScreen
from tabletop.ui.app import TabletopApp
from tabletop.ui.widgets import CardRow, CardView, Curtain
from tabletop.ui.widgets.zoom import ZoomScreen

SEED = 0  # Ana plays Jafar and holds Palace Guard (see test_screen.py)


def new_match() -> Match:
    return Match.start(games.game("villainous"), [Seat("Ana"), Seat("Luis"), Seat("Eva")], {}, seed=SEED)


def make_app(tmp_path: Path, match: Match, ascii_only: bool = False) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "vil.json", animate=False,
                       bot_delay=0, ascii_only=ascii_only)


async def test_z_zooms_the_focused_hand_card_and_the_highlighted_location(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, VillainousScreen)
        hand = screen.query_one("#hand", CardRow)
        hand.focus()
        await pilot.pause()
        card = next(c for c in match.view(0)["players"][0]["hand"] if c["id"] == hand.current)
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, ZoomScreen)
        text = " ".join(visible_text(app).split())
        assert card["name"] in text
        assert " ".join(card["text"].split())[:40] in text  # its whole text, not the one-line summary
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # on the realm: the location with every card there
        realm = screen.query_one("#realm")
        realm.focus()
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, ZoomScreen)
        loc = match.view(0)["players"][0]["locations"][realm.loc]
        text = visible_text(app)
        assert loc["name"] in text and "actions:" in text
        assert all(c["name"] in text for c in loc["heroes"] + loc["cards"])
        await pilot.press("z")
        await pilot.pause()
        assert app.screen is screen


async def test_a_click_on_a_hand_card_plays_it_as_enter_does(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, VillainousScreen)
        realm = screen.query_one("#realm")
        while realm.loc != 1:
            await pilot.press("right")
        await pilot.press("m")
        await pilot.pause()
        assert realm.symbol["action"] == "gain_power"
        await pilot.press("enter")  # 1 Power: enough for Palace Guard
        await pilot.pause()
        while realm.symbol["action"] != "play_card":
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        hand = screen.query_one("#hand", CardRow)
        index = next(i for i, (c, _f, _s) in enumerate(hand.cards) if c.startswith("jafar.palace_guard"))
        hand.cursor = (index + 1) % len(hand.cards)  # the cursor is elsewhere: the click decides
        await pilot.pause()
        view = [v for v in hand.query_children(CardView) if not v._pruning][index]
        await pilot.click(view)
        await pilot.pause()
        assert match.actions[-1].split()[-1].startswith("jafar.palace_guard")
        assert match.decision().kind == "play_where"


async def test_the_zoom_keeps_to_ascii(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match, ascii_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#hand", CardRow).focus()
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, ZoomScreen)
        box = app.screen.query_one(VerticalScroll).region  # the zoom itself (the board shows around it)
        lines = visible_text(app).split("\n")[box.y:box.bottom]
        text = "\n".join(line[box.x:box.right] for line in lines)
        assert "Esc / z: close" in text
        assert all(ord(ch) < 128 for ch in text), sorted({ch for ch in text if ord(ch) >= 128})
