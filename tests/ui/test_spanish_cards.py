"""Pilot: the generic card widgets draw a card in the table's language (names, kinds, stat labels,
texts through the game's card catalog), in a bare card view, the zoom, and a real game screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.text import set_language
from tabletop.text.cards import card_name
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.widgets import CardView
from tabletop.ui.widgets.zoom import ZoomScreen

from .screen_text import lift_curtain, visible_text


@pytest.fixture
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language("en")


class OneCard(App[None]):
    def __init__(self, game_id: str | None, card_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.card = games.game("superinmundos").face(card_id)

    def compose(self) -> ComposeResult:
        yield CardView(self.card, size="zoom", game_id=self.game_id)


async def test_a_card_view_in_spanish(spanish: None) -> None:
    app = OneCard("superinmundos", "fire08")
    async with app.run_test(size=(70, 14)) as pilot:
        await pilot.pause()
        text = visible_text(app)
        assert "Volcana" in text and "combatiente · fuego" in text
        assert "Al entrar en combate: roba 1 carta." in text and "Duerme siglos" in text
        assert "On entering" not in text and "combatant" not in text


async def test_without_a_game_the_face_is_drawn_as_it_is(spanish: None) -> None:
    app = OneCard(None, "fire08")
    async with app.run_test(size=(70, 14)) as pilot:
        await pilot.pause()
        assert "On entering: draw 1 card." in visible_text(app)


async def test_the_zoom_in_spanish(spanish: None) -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ZoomScreen(games.game("superinmundos").face("neut18"), game_id="superinmundos"))
        await pilot.pause()
        text = visible_text(app)
        assert "Becario Perdido" in text and "Le dijeron que esperara aquí." in text
        assert "Lost Intern" not in text


async def test_a_game_screen_shows_the_hand_in_spanish(tmp_path: Path, spanish: None) -> None:
    match = Match.start(games.game("superinmundos"), [Seat("Ana"), Seat("Luis")],
                        {"no_swap": True, "no_events": True}, seed=4)
    app = TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json", animate=False, bot_delay=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await lift_curtain(pilot, app)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        views = [v for v in screen.query(CardView) if v.face is not None and not v.face.face_down]
        assert views, "the hand is drawn with card views"
        drawn = " | ".join(v.render().plain for v in views if v.card_size == "compact")  # type: ignore[attr-defined]
        game = games.game("superinmundos")  # the data's own names (the screen's faces may be Spanish already)
        titles = [game.face(v.face.id).title for v in views if v.face is not None]
        renamed = [t for t in titles if card_name("superinmundos", t, "es") != t]
        assert renamed, "this seed's hand should hold a card with a Spanish name of its own"
        for title in renamed:
            assert card_name("superinmundos", title, "es") in drawn
            assert title not in drawn
        assert card_name("superinmundos", renamed[0], "es") in visible_text(app)
