"""``LogView``: the game's story in words, newest at the bottom.

It is given the events of the current viewer's view each time; it appends only what is new and
starts over when the list is not a continuation (after an undo or a change of viewer), so a
private entry of one seat never lingers on screen for the next.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import RichLog

KIND_STYLE = {"roll": "cyan", "win": "bold green", "end": "bold green", "round": "bold", "error": "red"}


class LogView(RichLog):
    DEFAULT_CSS = """
    LogView { border: round $primary-darken-2; border-title-color: $text-muted; scrollbar-size: 1 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self.border_title = "Log"
        self._shown: list[str] = []

    def show(self, events: list[dict[str, Any]]) -> None:
        texts = [str(e.get("t", e.get("k", ""))) for e in events]
        kinds = [str(e.get("k", "")) for e in events]
        if texts[: len(self._shown)] != self._shown:
            self.clear()
            self._shown = []
        for text, kind in zip(texts[len(self._shown):], kinds[len(self._shown):], strict=True):
            self.write(Text(text, style=KIND_STYLE.get(kind, "")))
        self._shown = texts
