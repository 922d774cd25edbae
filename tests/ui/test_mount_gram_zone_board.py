"""Issue #15, Mount Gram: the staging areas and the players' areas are one widget each
(``ZoneBoard``), drawing what a ``Grid`` of bordered ``Zone`` widgets drew; the hand row is one
widget (``HandStrip``), drawing what the shared ``CardRow`` of ``CardView`` widgets drew.

The reference is the old way itself: a grid of ``Zone`` widgets styled by the CSS the screen had
before (``OldZone``), mounted on the same table, given the same lines, titles, subtitles, title
colours and player to act. The screen's cells (characters and styles, as the compositor hands
them to the terminal) must be the same under the board and under the reference, for several
cursor positions, focus on the table or not, 2 and 3 players, split staging areas, 100 and 120
columns, --ascii, and after a theme change; the hand likewise beside a ``CardRow`` given the
same cards, with the cursor on each card, focused and not (playable, disabled cards). The cursor
still steps over every card in order (↑/↓) and jumps to the cards that can be chosen (←/→), and
its mark is drawn on the card it is on; a click on a hand card chooses it. A table key repaints
the zone the cursor leaves and the zone it enters (the board keeps painted lines per zone look and
refreshes only the regions that change): what the terminal is sent, key after key, is the picture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual._compositor import ChopsUpdate
from textual.containers import Grid
from textual.geometry import Region
from textual.strip import Strip

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.mount_gram.screen import MountGramScreen
from tabletop.games.mount_gram.widgets import HandStrip, Zone, ZoneBoard, _colour
from tabletop.ui.app import TabletopApp
from tabletop.ui.widgets import CardRow

from .screen_text import lift_curtain


class OldGrid(Grid):
    """``#areas`` / ``#players`` as they were: a two-column grid of zones."""

    DEFAULT_CSS = """
    OldGrid { grid-size: 2; grid-columns: 1fr 1fr; grid-rows: auto; height: auto; }
    """


class OldZone(Zone):
    """A staging area or a player's area as it was: one ``Zone`` widget, styled as the screen's
    CSS styled ``Zone.area`` / ``Zone.player`` before the ``ZoneBoard``."""

    SCOPED_CSS = False  # its rules name the screen (they were the screen's)
    DEFAULT_CSS = """
    MountGramScreen OldZone.area {
        border: round $warning-darken-1; border-title-color: $warning; border-subtitle-color: $text-muted;
    }
    MountGramScreen OldZone.player { border: round $primary-darken-1; border-subtitle-color: $text-muted; }
    MountGramScreen OldZone.player.-to-act { border: heavy $success; }
    MountGramScreen.-ascii OldZone.area { border: ascii $warning-darken-1; }
    MountGramScreen.-ascii OldZone.player { border: ascii $primary-darken-1; }
    MountGramScreen.-ascii OldZone.player.-to-act { border: ascii $success; }
    """


Cell = tuple[str, str]


def cells(app: Any, region: Region) -> list[list[Cell]]:
    """The screen's cells in ``region``: (character, style) as the compositor paints them."""
    lines = app.screen._compositor.render_strips()
    out = []
    for y in range(region.y, region.bottom):
        row: list[Cell] = []
        for seg in lines[y]:
            if seg.control:
                continue
            row += [(ch, str(seg.style or "")) for ch in seg.text]
        out.append(row[region.x:region.right])
    return out


async def the_board_draws_what_zones_drew(pilot: Any, screen: MountGramScreen) -> int:
    """For each board: mount the old grid of zones with the board's zones under it, and compare
    their cells on the screen. Returns the zones compared."""
    compared = 0
    for board in screen.query(ZoneBoard):
        kind = board.kind
        old = OldGrid()
        old.styles.grid_size_columns = board.columns
        zones = []
        for look in board.zones:
            zone = OldZone(classes=kind)
            zone.set_class(look.to_act, "-to-act")
            zones.append(zone)
        table = screen.query_one("#table")
        await table.mount(old, after=board)
        for zone, look in zip(zones, board.zones, strict=True):
            await old.mount(zone)
            zone.update(look.text)
            zone.border_title = look.title
            zone.border_subtitle = look.subtitle
            if look.title_colour and _colour(look.title_colour) is not None:
                zone.styles.border_title_color = _colour(look.title_colour)
        await pilot.pause()
        old.styles.width = board.size.width  # the same width, scrollbar or not
        await pilot.pause()
        assert old.region.size == board.region.size, (kind, old.region, board.region)
        new_cells, old_cells = cells(pilot.app, board.region), cells(pilot.app, old.region)
        for y, (new, was) in enumerate(zip(new_cells, old_cells, strict=True)):
            assert new == was, (kind, y, "".join(c for c, _ in new), "".join(c for c, _ in was),
                                [(i, a, b) for i, (a, b) in enumerate(zip(new, was, strict=True)) if a != b][:3])
        compared += len(board.zones)
        await old.remove()
        await pilot.pause()
    return compared


def played_to(seats: list[Seat], seed: int, *, round_: int = 1) -> Match:
    match = Match.start(games.game("mount_gram"), seats, {}, seed=seed)
    for _ in range(600):
        decision = match.decision()
        assert decision is not None
        if match.state.round >= round_ and not match.seats[decision.seat].is_bot:
            return match
        match.bot_step(as_kind="heuristic")
    raise AssertionError("no human decision reached")


async def open_table(pilot: Any, app: TabletopApp) -> MountGramScreen:
    for _ in range(20):
        await pilot.pause()
        await lift_curtain(pilot, app)
        if isinstance(app.screen, MountGramScreen):
            break
    screen = app.screen
    assert isinstance(screen, MountGramScreen)
    screen.query_one("#table").focus()
    await pilot.pause()
    return screen


TABLES = {
    "2p": (lambda: played_to([Seat("Ana"), Seat("Bot1", "heuristic")], 3), (120, 60), False),
    "2p-split-100": (lambda: played_to([Seat("Ana"), Seat("Luis", "heuristic")], 6, round_=3), (100, 60), False),
    "3p-ascii": (lambda: played_to([Seat("Ana"), Seat("Bot1", "heuristic"), Seat("Bot2", "heuristic")], 4),
                 (120, 60), True),
}


@pytest.mark.parametrize("name", list(TABLES))
async def test_the_zone_boards_draw_what_the_zone_widgets_drew(tmp_path: Path, name: str) -> None:
    make, size, ascii_only = TABLES[name]
    app = TabletopApp(saves_dir=tmp_path, match=make(), save_path=None, animate=False, bot_delay=0,
                      ascii_only=ascii_only)
    async with app.run_test(size=size) as pilot:
        screen = await open_table(pilot, app)
        order = list(screen._order)
        assert len(order) >= 2, order
        seen = 0
        for key in ["down", "down", "right", "down"]:  # cursor in the staging area, a player's area...
            await pilot.press(key)
            await pilot.pause()
            seen += await the_board_draws_what_zones_drew(pilot, screen)
        screen.query_one("#hand").focus()  # the table unfocused: the cursor underlined, no $boost
        await pilot.pause()
        seen += await the_board_draws_what_zones_drew(pilot, screen)
        assert await the_strip_draws_what_card_views_drew(pilot, screen)
        app.theme = "textual-light"  # the component styles follow the theme, and the boards repaint
        await pilot.pause()
        seen += await the_board_draws_what_zones_drew(pilot, screen)
        assert seen >= 6 * 2
        assert await the_strip_draws_what_card_views_drew(pilot, screen)


async def test_the_cursor_steps_over_every_card_and_its_mark_is_drawn_there(tmp_path: Path) -> None:
    match = played_to([Seat("Ana"), Seat("Luis", "heuristic")], 6, round_=3)  # split areas, a commit
    app = TabletopApp(saves_dir=tmp_path, match=match, save_path=None, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = await open_table(pilot, app)
        order = list(screen._order)
        assert len({screen._zone_of[cid] for cid in order}) >= 3, screen._zone_of  # cards in 3+ zones
        start = order.index(screen._sel)
        for step in range(1, len(order) + 1):
            await pilot.press("down")
            await pilot.pause()
            cid = order[(start + step) % len(order)]
            assert screen._sel == cid
            board, index = screen._board(screen._zone_of[cid])
            zone = board.zone_region(index)
            assert zone is not None
            lines = ["".join(c for c, _ in row) for row in cells(app, zone.translate(board.region.offset))]
            marked = [line for line in lines if "▸" in line]
            assert len(marked) == 1 and screen._card_name(cid)[:8] in marked[0], (cid, lines)
        choosable = [cid for cid in order if screen._choosable(cid)]
        assert choosable
        for _ in range(len(choosable) + 1):
            before = screen._sel
            await pilot.press("right")
            await pilot.pause()
            i = order.index(before)
            expected = next(order[(i + k) % len(order)] for k in range(1, len(order) + 1)
                            if order[(i + k) % len(order)] in choosable)
            assert screen._sel == expected


async def the_strip_draws_what_card_views_drew(pilot: Any, screen: MountGramScreen) -> int:
    """Mount the shared ``CardRow`` of ``CardView`` widgets under the hand strip, give it the same
    cards and cursor, and compare the cells of the two, focused (the cursor drawn) and not."""
    strip = screen.query_one("#hand", HandStrip)
    old = CardRow(ascii_only=strip.ascii_only, empty=strip.empty)
    await screen.query_one("#hand-box").mount(old, after=strip)
    old.set_cards(list(strip.cards))
    await pilot.pause()
    old.styles.width = strip.size.width
    await pilot.pause()
    compared = 0

    def same(new: list[list[Cell]], was: list[list[Cell]], why: tuple[Any, ...]) -> None:
        for y, (a, b) in enumerate(zip(new, was, strict=True)):
            assert a == b, (*why, y, "".join(c for c, _ in a), "".join(c for c, _ in b),
                            [(i, x, z) for i, (x, z) in enumerate(zip(a, b, strict=True)) if x != z][:3])

    for cursor in range(len(strip.cards)) or [0]:
        strip.cursor = old.cursor = cursor
        strip.focus()
        await pilot.pause()
        old._mark()  # (the shared row marks its cards in its Focus/Blur handlers, before Textual sets
        await pilot.pause()  # ``has_focus``: it shows the cursor one focus change late; the strip does not)
        assert old.region.size == strip.region.size, (old.region, strip.region)
        strip_focused, old_blurred = cells(pilot.app, strip.region), cells(pilot.app, old.region)
        old.focus()
        await pilot.pause()
        old._mark()
        await pilot.pause()
        strip_blurred, old_focused = cells(pilot.app, strip.region), cells(pilot.app, old.region)
        same(strip_focused, old_focused, ("focused", cursor))
        same(strip_blurred, old_blurred, ("not focused", cursor))
        compared += 1
    await old.remove()
    await pilot.pause()
    return compared


async def test_a_click_on_a_hand_card_chooses_that_card(tmp_path: Path) -> None:
    """The strip finds the card under a click as the row found the card widget clicked."""
    app = TabletopApp(saves_dir=tmp_path, match=played_to([Seat("Ana"), Seat("Bot1", "heuristic")], 3),
                      save_path=None, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_table(pilot, app)
        strip = screen.query_one("#hand", HandStrip)
        assert len(strip.cards) >= 2
        chosen: list[str] = []
        post = strip.post_message

        def spy(message: Any) -> bool:
            if isinstance(message, CardRow.Chosen):
                chosen.append(message.card)
                return True  # (not played: the test looks at what was chosen)
            return post(message)

        strip.post_message = spy  # type: ignore[method-assign]
        x, y, _ = strip._places(strip.size.width)[1]
        await pilot.click("#hand", offset=(x + 2, y))
        await pilot.pause()
        assert strip.cursor == 1 and chosen == [strip.cards[1][0]]
        assert strip.card_at(x - 1, y) is None  # the cell of margin between two cards


def grid(strips: list[Strip]) -> list[list[Cell]]:
    """Lines of strips as terminal cells: (character, style), a wide character then an empty cell."""
    out = []
    for strip in strips:
        row: list[Cell] = []
        for seg in strip:
            if seg.control:
                continue
            for ch in seg.text:
                row.append((ch, str(seg.style or "")))
                row += [("", str(seg.style or ""))] * (cell_len(ch) - 1)
        out.append(row)
    return out


class Terminal:
    """The screen as the terminal shows it: each update the compositor hands the driver copies in
    the cells it repaints (every cell for a full update) from the picture at that moment, and no
    other. A widget that changes without refreshing the region that changed leaves stale cells."""

    def __init__(self, app: Any) -> None:
        compositor = app.screen._compositor
        self.picture = lambda: grid(compositor.render_strips())
        self.shown = self.picture()
        render_update = compositor.render_update

        def spy(*args: Any, **kwargs: Any) -> Any:
            update = render_update(*args, **kwargs)
            if update is not None:
                now = self.picture()
                if isinstance(update, ChopsUpdate):
                    for y, x1, x2 in update.spans:
                        self.shown[y][x1:x2] = now[y][x1:x2]
                else:
                    self.shown = now
            return update

        compositor.render_update = spy

    def text(self, region: Region) -> list[str]:
        return ["".join(c for c, _ in row[region.x:region.right]) for row in self.shown[region.y:region.bottom]]


async def test_a_table_key_repaints_the_zones_the_cursor_left_and_entered(tmp_path: Path) -> None:
    """Key after key over every card of the table and back (through every zone): the cells sent
    to the terminal are the screen's picture, the cursor's mark is drawn only in the zone it
    entered, and the boards are what the old grid of ``Zone`` widgets draws for the same zones."""
    match = played_to([Seat("Ana"), Seat("Luis", "heuristic")], 6, round_=3)  # split areas, a commit
    app = TabletopApp(saves_dir=tmp_path, match=match, save_path=None, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = await open_table(pilot, app)
        await pilot.pause()
        terminal = Terminal(app)
        order = list(screen._order)
        assert len({screen._zone_of[cid] for cid in order}) >= 3, screen._zone_of
        keys = ["down"] * (len(order) + 1) + ["up"] * 3
        crossed = 0
        for step, key in enumerate(keys):
            before = screen._sel
            await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            cid = screen._sel
            assert cid != before
            now = terminal.picture()
            for y, (shown, truth) in enumerate(zip(terminal.shown, now, strict=True)):
                assert shown == truth, (step, key, y, "".join(c for c, _ in shown), "".join(c for c, _ in truth))
            left, entered = screen._zone_of[before], screen._zone_of[cid]
            crossed += left != entered
            for zid in screen._zone_lines:
                board, index = screen._board(zid)
                zone = board.zone_region(index)
                assert zone is not None
                marked = [line for line in terminal.text(zone.translate(board.region.offset)) if "▸" in line]
                if zid == entered:
                    assert len(marked) == 1 and screen._card_name(cid)[:8] in marked[0], (step, zid, marked)
                else:
                    assert not marked, (step, zid, marked)
            if step % 4 == 0:
                assert await the_board_draws_what_zones_drew(pilot, screen)
        assert crossed >= 3


async def test_a_row_painted_at_one_column_count_is_not_handed_out_at_another(tmp_path: Path) -> None:
    """The same zone alone in a row, one column then two then one: the board keeps painted rows
    per the looks of their zones, and the same looks are painted otherwise at another column count."""
    app = TabletopApp(saves_dir=tmp_path, match=played_to([Seat("Ana"), Seat("Bot1", "heuristic")], 3),
                      save_path=None, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = await open_table(pilot, app)
        board = screen.query_one("#areas", ZoneBoard)
        first = board.zones[:1]
        for columns in (1, 2, 1, 2):
            board.show(first, columns)
            await pilot.pause()
            assert board.columns == columns
            assert await the_board_draws_what_zones_drew(pilot, screen)
