"""Issue #15: a cursor key on a game screen restyles what it moves over, nothing else.

The measure is work, not time (the machine is shared): while the cursor moves, how many widgets
ask Textual for a layout of the screen (``refresh(layout=True)``: every widget arranged again and
every moved one painted again) and how many widgets draw their content again. A cursor move
changes no widget's size, so it asks for no layout, and it draws only the old and the new
highlighted place and the line that says what is under the cursor. Mount Gram's card panel under
the table, which shows the whole card under the cursor, is as tall as the tallest card face, so it
needs no layout either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.steady import update_steady


class Work:
    """Layout requests and content draws, per widget, while counting."""

    def __init__(self) -> None:
        self.layouts: Counter[str] = Counter()
        self.draws: Counter[str] = Counter()


def name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}"


@contextmanager
def counting(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    work = Work()
    refresh, render = Widget.refresh, Widget._render_content

    def counted_refresh(self: Widget, *regions: Any, **kwargs: Any) -> Widget:
        if kwargs.get("layout"):
            work.layouts[name(self)] += 1
        return refresh(self, *regions, **kwargs)

    def counted_render(self: Widget) -> None:
        work.draws[name(self)] += 1
        render(self)

    with monkeypatch.context() as patch:
        patch.setattr(Widget, "refresh", counted_refresh)
        patch.setattr(Widget, "_render_content", counted_render)
        yield work


def table(game_id: str) -> Match:
    """The benchmark's table (benchmarks/screens.py): Ana against a bot, at Ana's first decision."""
    match = Match.start(games.game(game_id), [Seat("Ana"), Seat("Bot1", "heuristic")], {}, seed=3)
    while match.bot_to_move():
        match.bot_step()
    return match


async def open_screen(pilot: Any) -> GameScreen:
    app = pilot.app
    for _ in range(20):
        await pilot.pause()
        if isinstance(app.screen, GameScreen):
            break
        await pilot.press("enter")  # a curtain on open
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def press(pilot: Any, keys: list[str]) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def make_app(tmp_path: Path, match: Match) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=None, animate=False, bot_delay=0)


KEYS = 8


async def test_villainous_realm_cursor_asks_no_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with make_app(tmp_path, table("villainous")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        realm = screen.query_one("#realm")
        assert screen.focused is realm
        await press(pilot, ["right", "left"])  # every state drawn once
        before = realm.loc  # type: ignore[attr-defined]
        with counting(monkeypatch) as work:
            await press(pilot, ["right", "left"] * (KEYS // 2))
        assert realm.loc == before  # type: ignore[attr-defined]
        assert not work.layouts, work.layouts
        # the location left, the location entered, the line about it
        assert sum(work.draws.values()) <= 3 * KEYS, work.draws
        assert set(work.draws) <= {"LocationBox#loc0", "LocationBox#loc1", "LocationBox#loc2",
                                   "LocationBox#loc3", "Static#detail"}, work.draws
        with counting(monkeypatch) as work:
            await press(pilot, ["down", "up"] * (KEYS // 2))
        assert not work.layouts, work.layouts
        assert sum(work.draws.values()) <= 2 * KEYS, work.draws  # the location and the line about it


async def test_mount_gram_cursor_asks_no_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The card panel under the table is as tall as the game's tallest card face, so a cursor move
    onto a card of fewer or more lines (6 and 5 in this hand) lays nothing out."""
    async with make_app(tmp_path, table("mount_gram")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        card = screen.query_one("#card")
        for pane, keys in (("#hand", ["right", "left"]), ("#table", ["down", "up"])):
            screen.query_one(pane).focus()
            await press(pilot, keys)
            heights, panel = set(), set()
            with counting(monkeypatch) as work:
                for key in keys * (KEYS // 2):
                    await pilot.press(key)
                    await pilot.pause()
                    heights.add(card.get_content_height(card.size, screen.app.size, card.content_region.width))
                    panel.add(card.size.height)
            assert not work.layouts, (pane, work.layouts)
            assert len(panel) == 1, (pane, panel)
            assert max(heights) <= card.content_region.height, (pane, heights, card.content_region)  # never cut
            # hand: the two cards and the lines about them; table: the zones left and entered
            assert sum(work.draws.values()) <= 5 * KEYS, (pane, work.draws)
            zones = {k for k in work.draws if k.startswith("Zone#") and k != "Zone#card"}
            assert len(zones) <= 2, (pane, work.draws)


async def test_mount_gram_card_panel_grows_for_a_taller_text(tmp_path: Path) -> None:
    """A text taller than any card face (a long list of what Enter does) is never cut: the panel
    grows to it and keeps that height at this width."""
    async with make_app(tmp_path, table("mount_gram")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        card = screen.query_one("#card")
        fixed = card.size.height
        assert fixed > 2
        screen._fit_card_panel(card, Text("\n".join(f"line {i}" for i in range(fixed + 3))))  # type: ignore[attr-defined]
        await pilot.pause()
        assert card.content_region.height == fixed + 3
        screen._draw_detail()  # type: ignore[attr-defined]
        await pilot.pause()
        assert card.content_region.height == fixed + 3


async def test_villainous_cursor_paints_what_a_fresh_draw_paints(tmp_path: Path) -> None:
    """The boxes hand out lines they painted before: after the cursor went away and back, the
    realm is the picture it was, and a box keeps no look of a state it left."""
    async with make_app(tmp_path, table("villainous")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)

        def picture() -> list[str]:
            return ["".join(f"{seg.text}{seg.style}" for seg in strip) for strip in screen._compositor.render_strips()]

        first = picture()
        await press(pilot, ["right"])
        moved = picture()
        assert moved != first
        await press(pilot, ["right", "left", "left"])
        assert picture() == first
        await press(pilot, ["right"])
        assert picture() == moved


class Steady(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("one", id="fixed")
        yield Static("one", id="auto")


async def test_update_steady_lays_out_only_a_new_height(monkeypatch: pytest.MonkeyPatch) -> None:
    app = Steady()
    async with app.run_test(size=(40, 10)) as pilot:
        fixed, auto = app.query_one("#fixed", Static), app.query_one("#auto", Static)
        fixed.styles.height = 2
        await pilot.pause()
        with counting(monkeypatch) as work:
            update_steady(fixed, Text("two\nlines\nand a third"))
            update_steady(auto, Text("same height"))
        assert not work.layouts
        with counting(monkeypatch) as work:
            update_steady(auto, Text("now\ntwo lines"))
        assert work.layouts == Counter({"Static#auto": 1})
        await pilot.pause()
        assert auto.size.height == 2
