"""Issue #15, Mount Gram: what a cursor key in the hand or on the table still works out.

A key draws the two places the cursor leaves and enters and what is said about the card under
it, nothing else (the row behind the cards is not painted again); what was worked out for a card
is handed out again when the cursor comes back, and the 2-line summary a short terminal shows
is written when it is seen, so a terminal made short shows the card under the cursor.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from tabletop.ui.steady import KeptContent

from .test_cursor_work import KEYS, counting, make_app, open_screen, press, table


def screen_lines(app: App[None]) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


async def test_a_mount_gram_hand_key_draws_the_two_cards_and_what_is_said(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    async with make_app(tmp_path, table("mount_gram")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        screen.query_one("#hand").focus()
        await press(pilot, ["right", "left"])  # every card and panel text drawn once
        with counting(monkeypatch) as work:
            await press(pilot, ["right", "left"] * (KEYS // 2))
        assert not work.layouts, work.layouts
        assert set(work.draws) <= {"CardView#None", "KeptContent#hint", "Zone#card"}, work.draws
        assert work.draws["CardView#None"] <= 2 * KEYS, work.draws


async def test_a_mount_gram_terminal_made_short_shows_the_card_under_the_cursor(tmp_path: Path) -> None:
    async with make_app(tmp_path, table("mount_gram")).run_test(size=(120, 40)) as pilot:
        screen = await open_screen(pilot)
        hand = screen.query_one("#hand")
        hand.focus()
        await press(pilot, ["right"])
        current = hand.current  # type: ignore[attr-defined]
        title = screen.face(current).title  # type: ignore[attr-defined]
        assert title in "\n".join(screen_lines(pilot.app))  # the card panel (the summary is hidden)
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        detail = screen.query_one("#detail", Static)
        assert detail.display and detail.region.height
        assert title in str(detail.content), detail.content
        await press(pilot, ["right"])  # and it follows the cursor there
        title = screen.face(hand.current).title  # type: ignore[attr-defined]
        assert title in str(detail.content), detail.content


async def test_a_kept_content_shown_a_text_again_paints_what_a_fresh_static_paints() -> None:
    one = Text.assemble(("one ", "bold red"), ("two", "italic green"))
    other = Text("three", style="reverse")

    class Both(App[None]):
        CSS = "#kept, #fresh { height: 1; }"

        def compose(self) -> ComposeResult:
            yield KeptContent(id="kept")
            yield Static(id="fresh")

    app = Both()
    async with app.run_test(size=(20, 2)) as pilot:
        kept, fresh = app.query_one(KeptContent), app.query_one("#fresh", Static)
        for text in (one, other, one):
            kept.update(text)
            fresh.update(text.copy())
            await pilot.pause()
            first, second = app.screen._compositor.render_strips()[:2]
            assert list(first) == list(second), text
