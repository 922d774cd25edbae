"""The Villainous realm paints its four location boxes itself (issue #15: one widget instead of
five, Textual touching every widget on every key); the screen must look exactly as it did when
each box was a ``Static`` child in a horizontal layout, styled by CSS classes and inline frames.

``OldRealm`` is that composition, kept here as the reference: the same ``RealmView`` logic, but
each box handed to a ``Static`` (classes, border titles, the cursor's inline frame, content) and
painted by Textual. Both screens are driven through the same keys (cursor moves over locations
and symbols, focus leaving and coming back, a rival's realm, a theme change, ASCII) and must show
the same cells in the same styles after every key; the cursor must be where it always went."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.segment import Segment
from textual.app import ComposeResult
from textual.color import Color
from textual.widget import Widget
from textual.widgets import Static

import tabletop.games.villainous.screen as villainous_screen
from tabletop.games.villainous.widgets import Box, RealmView
from tabletop.ui.app import TabletopApp

from .test_cursor_work import open_screen, table

BORDER_RULES = ("border_top", "border_right", "border_bottom", "border_left")


class OldRealm(RealmView):
    """The realm as it was: four ``Static`` boxes laid out by CSS, each painted by Textual."""

    DEFAULT_CSS = """
    OldRealm { layout: horizontal; }
    OldRealm > .location {
        width: 1fr; height: 1fr; border: round $primary-darken-1; padding: 0 0;
        border-title-align: left; border-subtitle-align: right; overflow: hidden hidden;
    }
    OldRealm > .location.-mover { border: round $warning; }
    OldRealm > .location.-locked { border: round $error-darken-1; color: $text-muted; }
    OldRealm > .location.-target { border: round $success; }
    OldRealm > .location.-nottarget { color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        for i in range(4):
            yield Static(id=f"loc{i}", classes="location")

    def _set_box(self, i: int, box: Box) -> bool:
        """Hand the box to its ``Static`` (which Textual repaints); nothing for the realm to paint."""
        self.boxes[i] = box
        if not self.children:
            return False
        static = self.query_one(f"#loc{i}", Static)
        for name in ("-mover", "-locked", "-target", "-nottarget"):
            static.set_class(name in box.classes, name)
        static.border_title = box.title
        static.border_subtitle = box.subtitle
        edge: tuple[str, Color] | None = None
        background: Color | None = None
        if box.frame is not None:
            variables = self.app.get_css_variables()
            kind, colour, shade = box.frame
            edge = (kind, Color.parse(variables[colour]))
            background = Color.parse(variables[shade]) if shade else None
        for rule in BORDER_RULES:
            static.styles.set_rule(rule, edge)
        static.styles.set_rule("background", background)
        static.refresh()
        static.update(box.content, layout=False)
        return False

    render_lines = Widget.render_lines


def cells(app: TabletopApp) -> list[list[tuple[str, Any]]]:
    """The screen, line by line, as (text, style) runs (runs of one style joined)."""
    return [[(s.text, s.style) for s in Segment.simplify(list(strip))]
            for strip in app.screen._compositor.render_strips()]


STEPS: list[str] = ["right", "right", "down", "up", "down", "left", "left", "left", "tab", "shift+tab",
                    "right", "enter", "escape", "v", "right", "escape", "theme", "right", "left", "tab", "click",
                    "right", "resize", "left"]
"""Keys pressed in turn (``theme``: the app's theme becomes nord; ``click``: a click on the third
location, the focus elsewhere; ``resize``: the terminal gets 7 columns and 3 lines smaller)."""


async def walk(tmp_path: Path, *, ascii_only: bool, size: tuple[int, int]) -> list[tuple[Any, ...]]:
    """What the screen shows and where the realm's cursor is, after each step."""
    app = TabletopApp(saves_dir=tmp_path, match=table("villainous"), save_path=None, animate=False, bot_delay=0,
                      ascii_only=ascii_only)
    seen: list[tuple[Any, ...]] = []
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(pilot)
        realm = screen.query_one("#realm", RealmView)
        for step in ["", *STEPS]:
            if step == "theme":
                app.theme = "nord"
            elif step == "click":
                await pilot.click("#realm", offset=(realm.size.width // 2 + 3, 5))
            elif step == "resize":
                await pilot.resize_terminal(size[0] - 7, size[1] - 3)
            elif step:
                await pilot.press(step)
            await pilot.pause()
            await pilot.pause()
            seen.append((step, realm.loc, realm.sym, screen.focused is realm, cells(app)))
    return seen


@pytest.mark.parametrize(("ascii_only", "size"), [(False, (120, 40)), (True, (100, 30)), (False, (101, 33))])
async def test_the_realm_paints_what_four_static_boxes_painted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               ascii_only: bool, size: tuple[int, int]) -> None:
    new = await walk(tmp_path, ascii_only=ascii_only, size=size)
    monkeypatch.setattr(villainous_screen, "RealmView", OldRealm)
    old = await walk(tmp_path, ascii_only=ascii_only, size=size)
    assert len(new) == len(old) == len(STEPS) + 1
    for now, before in zip(new, old, strict=True):
        assert now[:4] == before[:4], (now[:4], before[:4])
        for y, (line, was) in enumerate(zip(now[4], before[4], strict=True)):
            assert line == was, (now[0], y, "".join(t for t, _ in line), "".join(t for t, _ in was))


async def test_the_cursor_moves_where_it_did(tmp_path: Path) -> None:
    """Left and right step through the four locations (wrapping), up and down through the
    symbols of the location (wrapping); the heavy frame is drawn on the location under it."""
    seen = await walk(tmp_path, ascii_only=False, size=(120, 40))
    loc0 = seen[0][1]
    expected = [(loc0 + d) % 4 for d in (0, 1, 2, 2, 2, 2, 1, 0, -1)]
    assert [s[1] for s in seen[:9]] == expected
    assert seen[3][2] != seen[2][2] and seen[4][2] == seen[2][2] and seen[5][2] == seen[3][2]  # down, up, down
    for step, loc, _, focused, screen in seen[:9]:
        lines = ["".join(t for t, _ in runs) for runs in screen]
        line = next(text for text in lines if text[:1] in ("╭", "┏"))  # the realm's top border
        corners = [i for i, ch in enumerate(line) if ch in "╭┏"]
        heavy = [k for k, i in enumerate(corners) if line[i] == "┏"]
        assert focused and heavy == [loc], (step, loc, line)
