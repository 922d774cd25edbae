"""What a person would see: the terminal's current contents as plain text, for Pilot tests."""

from __future__ import annotations

from typing import Any

from textual.app import App


def visible_text(app: App) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def lift_curtain(pilot: Any, app: App) -> None:
    """Lift the hot-seat curtain if it is up (Enter), as the incoming player would."""
    from tabletop.ui.widgets import Curtain

    if isinstance(app.screen, Curtain):
        await pilot.press("enter")
        await pilot.pause()
