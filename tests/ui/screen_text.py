"""What a person would see: the terminal's current contents as plain text, for Pilot tests."""

from __future__ import annotations

from textual.app import App


def visible_text(app: App) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
