"""The Superinmundos screen driven by keys through Pilot: a whole battle between two human seats
with the curtain between them, the hand lit from the legal actions, the arithmetic pane, the
discard browser, and save / quit / resume back onto the curtain."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui.screen_text import visible_text

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.superinmundos.cards import info
from tabletop.games.superinmundos.screen import SuperinmundosScreen, card_actions
from tabletop.games.superinmundos.widgets import ChoiceScreen, DiscardScreen, HandGrid, ZoomScreen
from tabletop.text.cards import card_name
from tabletop.ui import app as app_module
from tabletop.ui.app import TabletopApp, screen_class
from tabletop.ui.menus import MainMenu
from tabletop.ui.widgets import CardView, Curtain

from .helpers import table

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _our_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Open Superinmundos on this screen even while the spec line is being edited elsewhere."""
    monkeypatch.setattr(app_module, "screen_class",
                        lambda spec: SuperinmundosScreen if spec.id == "superinmundos" else screen_class(spec))


def test_the_spec_opens_this_screen() -> None:
    from tabletop.games.superinmundos import SPEC

    assert SPEC.screen == "tabletop.games.superinmundos.screen:SuperinmundosScreen"
    assert screen_class(SPEC) is SuperinmundosScreen  # the real lookup, not the fixture's


def new_match(seed: int = 4, **options: Any) -> Match:
    opts = {"no_swap": True, "no_events": True}
    opts.update(options)
    return Match.start(games.game("superinmundos"), [Seat("Ana"), Seat("Luis")], opts, seed=seed)


def make_app(tmp_path: Path, match: Match | None, name: str = "g.json") -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / name if match else None,
                       animate=False, bot_delay=0)


def game_screen(app: TabletopApp) -> SuperinmundosScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, SuperinmundosScreen))
    return screen


def shown(card: str) -> str:
    """A card's name as the English interface shows it (the card catalog renames the Spanish data
    names, "Chispa Vieja" is "Old Spark")."""
    return card_name("superinmundos", info(card).name, "en")


def hand_names(match: Match) -> list[str]:
    return [n for p in match.state.players for c in p["hand"] for n in {info(c).name, shown(c)}]


def assert_curtain_hides(app: TabletopApp, match: Match) -> None:
    assert isinstance(app.screen, Curtain)
    text = visible_text(app)
    shown = [n for n in hand_names(match) if n in text]
    assert not shown, f"hand cards visible behind the curtain: {shown}"
    screen = game_screen(app)
    assert screen.viewer is None and screen.query_one("#hand", HandGrid).cards == []


def hand_states(screen: SuperinmundosScreen) -> dict[str, str]:
    row = screen.query_one("#hand", HandGrid)
    views = [v for v in row.query_children(CardView) if not v._pruning]
    out = {}
    for (card, _face, _state), view in zip(row.cards, views, strict=True):
        out[card] = "playable" if view.has_class("-playable") else "disabled" if view.has_class("-disabled") else ""
    return out


async def test_a_whole_battle_by_keyboard_behind_the_curtain(tmp_path: Path) -> None:
    match = new_match(seed=9)  # a short battle: open, declare, response, pre-emptive support, turns
    app = make_app(tmp_path, match)
    curtains = checked_hand = moved = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(200):
            if match.state.rounds_done >= 1:
                break
            if isinstance(app.screen, Curtain):
                assert_curtain_hides(app, match)
                curtains += 1
                await pilot.press("enter")
                await pilot.pause()
                continue
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("1")
                await pilot.pause()
                continue
            screen = app.screen
            assert isinstance(screen, SuperinmundosScreen)
            decision = match.decision()
            assert decision is not None and decision.seat == screen.viewer
            # the seat on screen sees its own hand, and of the other one only what was revealed to it
            text = visible_text(app)
            own = [shown(c) for c in match.state.players[decision.seat]["hand"]]
            secret = match.game.secrets(match.state, decision.seat)
            other = [shown(c) for c in match.state.players[1 - decision.seat]["hand"] if c in secret]
            assert all(n in text for n in own[:4])
            leaked = [n for n in other if n not in own and n in text]
            assert not leaked
            if decision.kind in ("open", "turn"):
                # the hand is lit exactly where a legal action uses the card
                states = hand_states(screen)
                legal = match.legal()
                lit = {c for c in states if card_actions(legal, c)}
                for card, state in states.items():
                    assert state == ("playable" if card in lit else "disabled" if lit else ""), card
                checked_hand += 1
                if any(s == "playable" for s in states.values()):
                    row = screen.query_one("#hand", HandGrid)
                    assert screen.focused is row and states[row.current] == "playable"
                    if not moved and len(row.cards) > 1:
                        first = row.current
                        await pilot.press("right")
                        await pilot.pause()
                        assert row.current != first
                        assert info(row.current).name in str(screen.query_one("#detail-text").render())
                        await pilot.press("left")
                        await pilot.pause()
                        assert row.current == first
                        moved += 1
                    await pilot.press("enter")
                else:
                    await pilot.press("w")  # withdraw, the only play left
            else:
                await pilot.press("1")
            await pilot.pause()
        assert match.state.rounds_done >= 1, "the battle did not end"
        assert curtains >= 3 and checked_hand >= 2 and moved == 1
        assert any(e["k"] in ("battle_won", "loot") for e in match.state.log) or match.state.battle_winner is not None


async def test_the_arithmetic_pane_shows_the_doubling(tmp_path: Path) -> None:
    # Ana opens with a fire card, Luis attacks with water (water beats fire: doubled), Ana answers.
    sc = table(2, {0: ["fire01", "fire05"], 1: ["water01", "neut13"]}, options={"no_events": True})
    for action in ("open fire01", "go", "attack water01", "go"):
        if action in sc.legal():
            sc.play(action)
    assert sc.decision().kind == "response" and sc.decision().seat == 0
    app = make_app(tmp_path, sc.match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuperinmundosScreen) and screen.viewer == 0
        text = visible_text(app)
        assert "Tide Golem" in text and "P1 attacks" not in text and "P2 attacks" in text
        assert "Arithmetic" not in text
        await pilot.press("x")
        await pilot.pause()
        text = visible_text(app)
        assert "Arithmetic" in text and "Attacking:" in text
        assert "5×2 = 10" in str(screen.query_one("#math-text").render())  # Tide Golem's Attack
        assert "attacker wins" in str(screen.query_one("#math-text").render())  # what each answer does
        await pilot.press("x")
        await pilot.pause()
        assert "Arithmetic" not in visible_text(app)


def play_until(match: Match, done: Any, limit: int = 100) -> None:
    """Plays the first lit card (or the first choice) for whoever decides, until ``done(match)``."""
    for _ in range(limit):
        if done(match):
            return
        decision, legal = match.decision(), match.legal()
        assert decision is not None
        pick = legal[0].id
        if decision.kind in ("open", "turn"):
            hand = [c["id"] for c in match.view(decision.seat)["hand"]]
            pick = next((card_actions(legal, c)[0].id for c in hand if card_actions(legal, c)), "withdraw")
        match.play(pick)
    raise AssertionError("the position was not reached")


async def test_the_units_beneath_can_be_read_one_by_one(tmp_path: Path) -> None:
    match = new_match(seed=3)
    play_until(match, lambda m: m.decision().kind == "turn" and len(m.state.arena) >= 3)
    beneath = [u["cards"][0] for u in reversed(match.state.arena[:-1])]
    app = make_app(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "tab")  # curtain up, then from the hand to the units beneath
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuperinmundosScreen) and screen.focused.id == "stack"
        detail = screen.query_one("#detail")
        assert "Beneath" in str(detail.border_title)
        assert info(beneath[0]).name in str(screen.query_one("#detail-text").render())
        await pilot.press("down", "z")
        await pilot.pause()
        assert isinstance(app.screen, ZoomScreen)
        assert shown(beneath[1]) in visible_text(app)
        await pilot.press("escape", "shift+tab")
        await pilot.pause()
        assert screen.focused.id == "hand"


async def test_the_discard_browser_shows_each_card(tmp_path: Path) -> None:
    sc = table(2, {0: ["fire01"], 1: ["water01"]}, discard=["magucio", "black-friday"])
    app = make_app(tmp_path, sc.match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "d")
        await pilot.pause()
        assert isinstance(app.screen, DiscardScreen)
        text = visible_text(app)
        assert "2 cards" in text and "Magucio" in text and "Black Friday" in text
        detail = str(app.screen.query_one("#discard-card").render())
        assert "Black Friday" in detail  # newest first
        await pilot.press("j")
        await pilot.pause()
        assert "Magucio" in str(app.screen.query_one("#discard-card").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SuperinmundosScreen)


async def test_enter_on_a_card_with_several_plays_asks_which(tmp_path: Path) -> None:
    # P1 opens with Ember Imp; Shishabel can boost it by +1 to any stat: three plays of one card.
    sc = table(2, {0: ["fire01", "shishabel"], 1: ["water01", "neut18"]}, options={"no_events": True})
    sc.play("open fire01")
    assert sc.decision().kind == "declare"
    app = make_app(tmp_path, sc.match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuperinmundosScreen)
        assert "opening" in visible_text(app)  # the card being declared is shown to its player
        assert hand_states(screen) == {"fire01": "disabled", "shishabel": "playable"}
        await pilot.press("tab")  # from the list of choices to the hand
        await pilot.pause()
        row = screen.query_one("#hand", HandGrid)
        assert screen.focused is row
        if row.current != "shishabel":
            await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert [a.id for a in app.screen.actions] == [f"boost shishabel {s}" for s in ("attack", "defense", "power")]
        await pilot.press("escape")  # back out: nothing played
        await pilot.pause()
        assert isinstance(app.screen, SuperinmundosScreen) and sc.match.actions == ["open fire01"]
        await pilot.press("enter", "3")  # Power
        await pilot.pause()
        assert sc.match.actions[-1] == "boost shishabel power"
        assert isinstance(app.screen, Curtain)


async def test_save_quit_and_resume_continue_on_the_curtain(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain for the opener
        await pilot.pause()
        opener = match.decision().seat
        await pilot.press("enter")  # open with the lit card
        await pilot.pause()
        while not isinstance(app.screen, Curtain):
            await pilot.press("1")
            await pilot.pause()
        assert match.decision().seat != opener
        await pilot.press("q")  # leave from the curtain: saved
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    actions = list(match.actions)
    assert actions
    resumed = make_app(tmp_path, None)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # Resume last game
        await pilot.pause()
        assert isinstance(resumed.screen, Curtain)
        again = game_screen(resumed).match
        assert again.actions == actions
        assert_curtain_hides(resumed, again)
        await pilot.press("enter")
        await pilot.pause()
        screen = resumed.screen
        assert isinstance(screen, SuperinmundosScreen) and screen.viewer == again.decision().seat != opener


async def test_the_hand_hint_is_whole_at_100x30(tmp_path: Path) -> None:
    """At 100×30 the hint has one line: "... choose in the list below (1-9, or tab there)" was cut
    after "or tab"."""
    match = new_match(no_swap=False)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain: a hand swap, no card to play
        await pilot.pause()
        assert "no card is played now: choose below (1-9, or tab there)" in visible_text(app)
