"""The location under the realm's cursor is framed by inline styles (issue #15: not a CSS class,
whose toggle restyled the boxes on every key): heavy accent while the realm has the focus, round
once the focus leaves it, the CSS frame again on the box the cursor left, and the new theme's
colours after a theme change."""

from __future__ import annotations

from pathlib import Path

from textual.color import Color

from tests.ui.test_cursor_work import make_app, open_screen, table


def frame(box: object) -> tuple[str, Color]:
    return box.styles.border_top  # type: ignore[attr-defined, no-any-return]


async def test_cursor_frame_follows_focus_cursor_and_theme(tmp_path: Path) -> None:
    async with make_app(tmp_path, table("villainous")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        realm = screen.query_one("#realm")
        boxes = list(realm.query(".location"))
        assert screen.focused is realm
        here = realm.loc  # type: ignore[attr-defined]
        others = [b for i, b in enumerate(boxes) if i != here]
        assert frame(boxes[here])[0] == "heavy"
        assert {frame(b)[0] for b in others} == {"round"}
        accent = Color.parse(screen.app.get_css_variables()["accent"])
        success = Color.parse(screen.app.get_css_variables()["success"])
        assert frame(boxes[here])[1] in (accent, success)

        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is not realm
        assert frame(boxes[here]) == ("round", accent)  # as `.location.-cursor` was, out of focus

        await pilot.press("shift+tab")
        await pilot.pause()
        assert screen.focused is realm
        await pilot.press("right")
        await pilot.pause()
        moved = realm.loc  # type: ignore[attr-defined]
        assert moved != here
        assert frame(boxes[moved])[0] == "heavy"
        left = boxes[here].styles.inline  # type: ignore[attr-defined]
        assert not left.has_rule("border_top") and not left.has_rule("background")  # the CSS frame is back
        assert frame(boxes[here])[0] == "round"

        screen.app.theme = "nord"
        await pilot.pause()
        await pilot.pause()
        variables = screen.app.get_css_variables()
        assert frame(boxes[moved])[1] in (Color.parse(variables["accent"]), Color.parse(variables["success"]))
