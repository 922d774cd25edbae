"""Issue #15: the decision panel hands out the lines it painted last while nothing changed in it.

A cursor key in the Mount Gram hand repaints a band of the screen the panel's clip meets, so
the compositor asks the panel for its lines on every key; they are the same lines, handed out
without Textual working out the panel's styles again. Anything that changes what it shows (the
highlight, the focus, new options) still paints it anew: the screen shows the same as a panel
painted from scratch.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.segment import Segment
from textual.app import App
from textual.widgets import OptionList

from tabletop.ui.widgets import DecisionPanel

from .test_cursor_work import KEYS, make_app, open_screen, press, table


def screen_lines(app: App[None]) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def painted(panel: DecisionPanel) -> list[list[Segment]]:
    """The panel's lines as the compositor gets them (characters and styles)."""
    return [list(strip) for strip in panel.render_lines(panel.region.reset_offset)]


def painted_afresh(panel: DecisionPanel) -> list[list[Segment]]:
    """The panel's lines painted from scratch, nothing kept."""
    panel._last_lines = None
    panel._styles_cache.clear()
    return painted(panel)


async def test_a_hand_key_does_not_paint_the_decision_panel_again(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    async with make_app(tmp_path, table("mount_gram")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        screen.query_one("#hand").focus()
        await press(pilot, ["right", "left"])
        paints = 0
        render_lines = OptionList.render_lines

        def counted(self: OptionList, crop):  # type: ignore[no-untyped-def]
            nonlocal paints
            paints += 1
            return render_lines(self, crop)

        monkeypatch.setattr(OptionList, "render_lines", counted)
        before = screen_lines(pilot.app)
        await press(pilot, ["right", "left"] * (KEYS // 2))
        assert paints == 0
        assert screen_lines(pilot.app) == before  # back where it started: the same screen


async def test_the_decision_panel_paints_a_new_highlight_and_focus(tmp_path: Path) -> None:
    async with make_app(tmp_path, table("mount_gram")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        panel = screen.query_one("#decision", DecisionPanel)
        assert panel.option_count > 1
        screen.query_one("#hand").focus()
        await press(pilot, ["right", "left"])
        unfocused = painted(panel)
        assert unfocused == painted_afresh(panel)
        panel.focus()
        await pilot.pause()
        first = painted(panel)
        assert first != unfocused  # the focused border
        assert first == painted_afresh(panel)
        await press(pilot, ["down"])
        moved = painted(panel)
        assert moved != first
        assert moved == painted_afresh(panel)
        pointed = ["".join(seg.text for seg in line) for line in moved if "▸" in "".join(seg.text for seg in line)]
        assert pointed and pointed[0] in screen_lines(pilot.app)
