"""``Footer``: Textual's key bar, with each key's description in the current language.

Bindings are declared once per class, in English (marked with ``N_`` for extraction); this footer
translates each description when it draws, so a language switch shows on its next compose.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from ...text.shell import N_, _

PALETTE = N_("palette")
"""The description Textual gives the command palette's key (ctrl+p), translated like the rest."""


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = _(widget.description)
            yield widget
