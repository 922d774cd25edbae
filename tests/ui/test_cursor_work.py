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
from rich.segment import Segment
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.steady import KeptStatic, update_steady
from tabletop.ui.widgets.footer import Footer


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


def count_box_paints(monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """Location boxes the Villainous realm paints anew (not handed out from its kept lines), by size."""
    from tabletop.games.villainous.widgets import RealmView

    paints: Counter[int] = Counter()
    paint = RealmView._paint_box

    def counted(self: RealmView, box: Any, styles: Any, size: Any) -> Any:
        paints[size.width] += 1
        return paint(self, box, styles, size)

    monkeypatch.setattr(RealmView, "_paint_box", counted)
    return paints


async def test_villainous_realm_cursor_asks_no_layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with make_app(tmp_path, table("villainous")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        realm = screen.query_one("#realm")
        assert screen.focused is realm
        await press(pilot, ["right", "left"])  # every state drawn once
        before = realm.loc  # type: ignore[attr-defined]
        with counting(monkeypatch) as work:
            boxes = count_box_paints(monkeypatch)
            await press(pilot, ["right", "left"] * (KEYS // 2))
        assert realm.loc == before  # type: ignore[attr-defined]
        assert not work.layouts, work.layouts
        # the realm paints its boxes itself: the location left and the location entered, at most
        assert sum(boxes.values()) <= 2 * KEYS, boxes
        assert set(work.draws) <= {"KeptContent#detail"}, work.draws  # and the line about it
        with counting(monkeypatch) as work:
            boxes = count_box_paints(monkeypatch)
            await press(pilot, ["down", "up"] * (KEYS // 2))
        assert not work.layouts, work.layouts
        assert sum(boxes.values()) <= KEYS, boxes  # the location
        assert set(work.draws) <= {"KeptContent#detail"}, work.draws  # and the line about it


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


# -- fewer widgets: each one costs every key press a round of messages, shown or not (issue #15) --

MOST_WIDGETS = {"mount_gram": 26, "villainous": 29, "superinmundos": 33, "msx_cards": 20}
"""Widgets under each game screen at the benchmark's table (two seats): the key bar is one
widget, Mount Gram mounts one zone per seat, not four."""


@pytest.mark.parametrize("game_id", list(MOST_WIDGETS))
async def test_game_screens_stay_under_their_widget_count(tmp_path: Path, game_id: str) -> None:
    options = {"versus": True} if game_id == "msx_cards" else {}
    match = Match.start(games.game(game_id), [Seat("Ana"), Seat("Bot1", "heuristic")], options, seed=3)
    while match.bot_to_move():
        match.bot_step()
    async with make_app(tmp_path, match).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        widgets = list(screen.walk_children())
        assert len(widgets) <= MOST_WIDGETS[game_id], Counter(type(w).__name__ for w in widgets)
        assert not screen.query(FooterKey)  # the key bar draws its keys itself
        assert len(screen.query(Footer)) == 1


class Keys(App[None]):
    """Bindings of every kind the bar shows: enabled, disabled, hidden, the palette's."""

    BINDINGS = [Binding("question_mark", "help", "help"), Binding("ctrl+s", "save", "save"),
                Binding("x", "nothing", "never shown", show=False), Binding("e", "end", "end actions"),
                Binding("v", "view", "view realm")]

    def __init__(self, footer: type[Widget]) -> None:
        super().__init__()
        self.footer = footer
        self.done: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("board")
        yield self.footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "end" else True  # None: shown, dimmed

    def action_help(self) -> None:
        self.done.append("help")

    def action_view(self) -> None:
        self.done.append("view")


@pytest.mark.parametrize("width", [80, 40, 30])
async def test_the_one_widget_key_bar_paints_what_textuals_paints(width: int) -> None:
    """Same cells, same colours, at a width where all fits and where the palette key covers some."""
    from textual.widgets import Footer as TextualFooter

    def last_line(app: App[None]) -> list[tuple[str, str]]:
        strip = app.screen._compositor.render_strips()[-1]
        return [(seg.text, str(seg.style)) for seg in Segment.simplify(list(strip))]

    pictures = []
    for footer in (TextualFooter, Footer):
        app = Keys(footer)
        async with app.run_test(size=(width, 5)) as pilot:
            await pilot.pause()
            await pilot.pause()
            pictures.append(last_line(app))
    assert pictures[0] == pictures[1]
    assert "help" in "".join(text for text, _ in pictures[1])


async def test_a_click_on_the_key_bar_presses_the_key_under_it() -> None:
    app = Keys(Footer)
    async with app.run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(Footer)
        keys = {k.description: k for k in bar.keys}
        assert keys["view realm"].x > keys["help"].right  # in the order Textual gives them
        await pilot.click(Footer, offset=(keys["view realm"].x + 1, 0))
        await pilot.click(Footer, offset=(keys["help"].x, 0))
        await pilot.click(Footer, offset=(keys["end actions"].x + 1, 0))  # disabled: a bell, nothing done
        await pilot.pause()
        assert app.done == ["view", "help"]
        assert bar.item_at(keys["help"].right + 200) is None


async def test_a_hand_cursor_restyles_no_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The card under the cursor paints its own colours: moving along the hand works out no CSS."""
    async with make_app(tmp_path, table("mount_gram")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        screen.query_one("#hand").focus()
        await press(pilot, ["right", "left"])
        restyled: Counter[str] = Counter()
        update = app_update = pilot.app.stylesheet.update_nodes

        def counted(nodes: Any, animate: bool = False) -> None:
            for node in nodes:
                restyled[name(node)] += 1
            app_update(nodes, animate=animate)

        monkeypatch.setattr(pilot.app.stylesheet, "update_nodes", counted)
        await press(pilot, ["right", "left"] * (KEYS // 2))
        monkeypatch.setattr(pilot.app.stylesheet, "update_nodes", update)
        assert not [k for k in restyled if k.startswith("CardView")], restyled


async def test_a_kept_static_shown_the_same_text_again_repaints_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield KeptStatic(Text("one"), id="kept")

    app = One()
    async with app.run_test(size=(40, 5)) as pilot:
        kept = app.query_one(KeptStatic)
        await pilot.pause()
        refreshed: list[Widget] = []
        refresh = Widget.refresh
        monkeypatch.setattr(Widget, "refresh", lambda self, *a, **k: refreshed.append(self) or refresh(self, *a, **k))
        kept.update(Text("one"))  # the very text it shows: no update at all
        assert kept not in refreshed
        monkeypatch.setattr(Widget, "refresh", refresh)
        kept.update(Text("two"))
        await pilot.pause()
        assert "two" in str(kept.render())
        with counting(monkeypatch) as work:
            kept.update(Text("one"))  # shown before: its painted lines are handed out again
            await pilot.pause()
        assert not work.draws["KeptStatic#kept"], work.draws
        assert "one" in "".join(seg.text for seg in app.screen._compositor.render_strips()[0])


class Frame(App[None]):
    """A frame of containers and texts, built from Textual's classes or from their steady twins."""

    CSS = "#box.-lit { background: red; } #side { width: 12; }"

    def __init__(self, steady: bool) -> None:
        super().__init__()
        self.steady = steady

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal, Vertical

        from tabletop.ui.steady import SteadyHorizontal, SteadyStatic, SteadyVertical

        row, column, text = (SteadyHorizontal, SteadyVertical, SteadyStatic) if self.steady else \
            (Horizontal, Vertical, Static)
        with row(id="row"):
            with column(id="box"):
                yield text("still", id="still")
            with column(id="side"):
                yield text("moving", id="moving")


async def test_steady_widgets_paint_what_textuals_paint_and_ask_no_line_cache_while_unchanged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #15: a steady container or text hands out its last lines while nothing marked it for
    a repaint (another widget changed), and paints anew when it or an ancestor's background
    changes: the same pictures as Textual's own classes, step by step."""
    from textual._styles_cache import StylesCache

    async def pictures(steady: bool) -> tuple[list[list[str]], Counter[str]]:
        app = Frame(steady)
        shots: list[list[str]] = []
        asked: Counter[str] = Counter()
        async with app.run_test(size=(30, 4)) as pilot:
            await pilot.pause()

            def shot() -> None:
                shots.append(["".join(f"{seg.text}{seg.style}" for seg in strip)
                              for strip in app.screen._compositor.render_strips()])

            shot()
            render = StylesCache.render_widget

            def counted(cache: StylesCache, widget: Widget, crop: Any) -> Any:
                asked[name(widget)] += 1
                return render(cache, widget, crop)

            monkeypatch.setattr(StylesCache, "render_widget", counted)
            for step in ("moving on", "moving again"):  # only the side text changes
                app.query_one("#moving", Static).update(step)
                await pilot.pause()
                shot()
            monkeypatch.setattr(StylesCache, "render_widget", render)
            app.query_one("#box").add_class("-lit")  # an ancestor's background: the text under it too
            await pilot.pause()
            shot()
            app.query_one("#still", Static).update("changed")
            await pilot.pause()
            shot()
        return shots, asked

    plain, plain_asked = await pictures(False)
    steady, steady_asked = await pictures(True)
    assert steady == plain
    assert len({tuple(shot) for shot in steady}) == len(steady)  # every step showed something new
    assert plain_asked["Static#still"] and plain_asked["Vertical#box"]  # Textual asks its line cache
    assert not steady_asked["SteadyStatic#still"] and not steady_asked["SteadyVertical#box"], steady_asked
