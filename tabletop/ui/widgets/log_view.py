"""``LogView``: the game's story in words, newest at the bottom.

It is given the events of the current viewer's view each time; it appends only what is new and
starts over when the list is not a continuation (after an undo or a change of viewer), so a
private entry of one seat never lingers on screen for the next.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import RichLog

from ...text.render import Renderer
from ...text.shell import _

KIND_STYLE = {"roll": "cyan", "win": "bold green", "end": "bold green", "round": "bold", "error": "red"}


class LogView(RichLog):
    DEFAULT_CSS = """
    LogView { border: round $primary-darken-2; border-title-color: $text-muted; scrollbar-size: 1 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self.border_title = _("Log")
        self._shown: list[str] = []
        self._marked = 0

    def on_resize(self, event: Any) -> None:
        """Keep the newest line in sight when the log's size changes (the side panel settles its
        heights after the first lines are written; the log used to stay where the first layout
        left it, a line or two short of the end, depending on how many layouts the board asked for)."""
        super().on_resize(event)
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def show(self, events: list[dict[str, Any]], highlight: int = 0, words: Renderer | None = None) -> None:
        """Show ``events`` in ``words``' language; the last ``highlight`` of them are marked (a
        replay's current step)."""
        self.border_title = _("Log")
        texts = (words or Renderer()).events(events)
        kinds = [str(e.get("k", "")) for e in events]
        highlight = max(0, min(highlight, len(texts)))
        if (texts, highlight) == (self._shown, self._marked):
            return
        if self._marked or highlight or texts[: len(self._shown)] != self._shown:
            self.clear()  # marks cannot be taken off a written line: write the log anew
            self._shown = []
        first_marked = len(texts) - highlight
        for i in range(len(self._shown), len(texts)):
            style = KIND_STYLE.get(kinds[i], "")
            if i >= first_marked:
                self.write(Text.assemble((">> ", "bold yellow"), (texts[i], f"{style} bold on grey23".strip())))
            else:
                self.write(Text(texts[i], style=style))
        self._shown = texts
        self._marked = highlight
