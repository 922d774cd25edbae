"""``Curtain``: the full-screen "pass the keyboard" card between hot-seat players.

It is an opaque modal screen that shows only public facts (whose turn it is, what just happened),
and the screen behind it is redrawn for a spectator before it goes up, so nothing private is
drawn anywhere while the keyboard changes hands. Enter lifts it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class Curtain(ModalScreen[bool]):
    BINDINGS = [
        Binding("enter,space", "lift", "I am ready", priority=True),
        Binding("q", "leave", "menu"),
    ]
    DEFAULT_CSS = """
    Curtain { background: $background; align: center middle; }
    Curtain > Middle > Center > Vertical {
        width: 64; height: auto; border: double $accent; padding: 1 3; background: $panel;
    }
    Curtain .to { text-align: center; text-style: bold; color: $accent; margin-bottom: 1; }
    Curtain .news { text-align: center; color: $text-muted; margin-bottom: 1; }
    Curtain .hint { text-align: center; text-style: italic; }
    """

    def __init__(self, name: str, news: str = "") -> None:
        super().__init__()
        self.player = name
        self.news = news

    def compose(self) -> ComposeResult:
        spaced = " ".join(self.player.upper())
        with Middle(), Center(), Vertical():
            yield Static(f"Pass the keyboard to  {spaced}", classes="to")
            if self.news:
                yield Static(self.news, classes="news")
            yield Static("press Enter when ready · q: back to the menu (saved)", classes="hint")

    def action_lift(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
