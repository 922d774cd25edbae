"""``ZoomScreen``: one card in full (``z`` in a game), with whatever the screen adds below it.

Shared by the games' screens so that ``z`` looks and closes the same everywhere (Superinmundos
made it first). With ``ascii_only`` it draws an ASCII border and folds its words to ASCII.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.faces import CardFace
from ...text.shell import N_, _
from .card_view import CardView
from .curtain import ascii_fold


class ZoomScreen(ModalScreen[None]):
    """One card (or arena unit) in full, with anything the screen adds (arithmetic, notes)."""

    BINDINGS = [Binding("escape,z,enter,q", "close", N_("close"))]
    DEFAULT_CSS = """
    ZoomScreen { align: center middle; }
    ZoomScreen > VerticalScroll { width: 64; height: auto; max-height: 90%; background: $panel; padding: 0 1;
                            border: round $accent; }
    ZoomScreen.-ascii > VerticalScroll { border: ascii $accent; }
    ZoomScreen CardView { width: 1fr; }
    ZoomScreen .extra { margin-top: 1; }
    """

    def __init__(self, face: CardFace, extra: Text | None = None, ascii_only: bool = False,
                 game_id: str | None = None) -> None:
        super().__init__()
        self.face = face
        self.game_id = game_id  # else the card view asks the game screen below this one
        self.extra = extra
        self.ascii_only = ascii_only

    def fold(self, text: Text) -> Text:
        """``text`` for an ASCII terminal; its styles stay when the folding keeps its length."""
        if not self.ascii_only:
            return text
        plain = ascii_fold(text.plain)
        if len(plain) == len(text.plain):
            return Text(plain, style=text.style, spans=list(text.spans))
        return Text(plain, style=text.style)

    def compose(self) -> ComposeResult:
        if self.ascii_only:
            self.add_class("-ascii")
        with VerticalScroll():
            yield CardView(self.face, size="zoom", ascii_only=self.ascii_only, game_id=self.game_id)
            if self.extra is not None and self.extra.plain:
                yield Static(self.fold(self.extra), classes="extra")
            yield Static(_("Esc / z: close"), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
