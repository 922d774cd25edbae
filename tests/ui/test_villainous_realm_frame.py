"""The location under the realm's cursor is framed (issue #15: not a CSS class, whose toggle
restyled the boxes on every key; now the realm paints its four boxes itself): heavy accent while
the realm has the focus, round once the focus leaves it, the CSS frame again on the box the
cursor left, and the new theme's colours after a theme change. Checked both in the styles each
box is painted in and in the corner the screen shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.color import Color

from tests.ui.test_cursor_work import make_app, open_screen, table

CORNERS = {"╭": "round", "┏": "heavy"}


def frame(realm: Any, i: int) -> tuple[str, Color]:
    return realm.box_styles(i).border_top  # type: ignore[no-any-return]


def corner(realm: Any, i: int) -> str:
    """The border kind the screen shows at box ``i``'s top-left corner."""
    x, _ = realm.columns(realm.size.width)[i]
    top = realm.render_lines(realm.size.region)[0]
    return CORNERS[top.crop(x, x + 1).text]


def corner_colour(realm: Any, i: int) -> Color:
    x, _ = realm.columns(realm.size.width)[i]
    top = realm.render_lines(realm.size.region)[0]
    return Color.from_rich_color(list(top.crop(x, x + 1))[0].style.color)


async def test_cursor_frame_follows_focus_cursor_and_theme(tmp_path: Path) -> None:
    async with make_app(tmp_path, table("villainous")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        realm = screen.query_one("#realm")
        assert screen.focused is realm
        here = realm.loc  # type: ignore[attr-defined]
        others = [i for i in range(4) if i != here]
        assert frame(realm, here)[0] == "heavy" and corner(realm, here) == "heavy"
        assert {frame(realm, i)[0] for i in others} == {"round"} == {corner(realm, i) for i in others}
        accent = Color.parse(screen.app.get_css_variables()["accent"])
        success = Color.parse(screen.app.get_css_variables()["success"])
        assert frame(realm, here)[1] in (accent, success)

        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is not realm
        assert frame(realm, here) == ("round", accent)  # as `.location.-cursor` was, out of focus
        assert corner(realm, here) == "round"

        await pilot.press("shift+tab")
        await pilot.pause()
        assert screen.focused is realm
        await pilot.press("right")
        await pilot.pause()
        moved = realm.loc  # type: ignore[attr-defined]
        assert moved != here
        assert frame(realm, moved)[0] == "heavy" and corner(realm, moved) == "heavy"
        assert realm.boxes[here].frame is None  # type: ignore[attr-defined]  # the CSS frame is back
        assert not realm.box_styles(here).background.a  # type: ignore[attr-defined]
        assert frame(realm, here)[0] == "round" and corner(realm, here) == "round"
        before = corner_colour(realm, moved)

        screen.app.theme = "nord"
        await pilot.pause()
        await pilot.pause()
        variables = screen.app.get_css_variables()
        new = (Color.parse(variables["accent"]), Color.parse(variables["success"]))
        assert frame(realm, moved)[1] in new
        assert corner_colour(realm, moved) != before  # the screen shows the new theme's frame
