"""``Curtain``: the full-screen "pass the keyboard" card between hot-seat players, and
``RevealScreen``: what was shown to one seat only, read by that seat behind its own curtain.

The curtain is an opaque modal screen that shows only public facts: whose turn it is and what it
asks of them, and what happened publicly since that player last had the keyboard (the table builds
those lines; nothing private and nothing older is passed in). The screen behind it is redrawn for a
spectator before it goes up, so nothing private is drawn anywhere while the keyboard changes
hands. Enter lifts it. With ``ascii_only`` it draws no box-drawing characters or symbols.
"""

from __future__ import annotations

import unicodedata

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...text.shell import N_, _

_ASCII = {
    "·": "-", "—": "-", "–": "-", "−": "-", "→": "->", "←": "<-", "↑": "^", "↓": "v", "×": "x",
    "★": "*", "✔": "+", "✘": "x", "▸": ">", "◀": "<", "▶": ">", "…": "...", "≤": "<=", "≥": ">=",
    "‘": "'", "’": "'", "“": '"', "”": '"', "¤": "$", "✉": "!",
}


def ascii_fold(text: str) -> str:
    """``text`` in plain ASCII for ``--ascii`` terminals: known symbols get an ASCII stand-in,
    accented letters lose their accent (Sofía → Sofia), anything else becomes ``?``."""
    out = []
    for ch in text:
        if ord(ch) < 128:
            out.append(ch)
        elif ch in _ASCII:
            out.append(_ASCII[ch])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if ord(c) < 128)
            out.append(base or "?")
    return "".join(out)


class Curtain(ModalScreen[bool]):
    """``player``: who must take the keyboard; ``headline``: what is asked of them now;
    ``news``: public lines since they last had the keyboard (newest last)."""

    BINDINGS = [
        Binding("enter,space", "lift", N_("I am ready"), priority=True),
        Binding("q", "leave", N_("menu")),
    ]
    DEFAULT_CSS = """
    Curtain { background: $background; align: center middle; }
    Curtain > Middle > Center > Vertical {
        width: 70; height: auto; max-height: 100%; border: double $accent; padding: 1 3; background: $panel;
    }
    Curtain.-ascii > Middle > Center > Vertical { border: ascii $accent; }
    Curtain .to { text-align: center; text-style: bold; color: $accent; margin-bottom: 1; }
    Curtain .headline { text-align: center; text-style: bold; margin-bottom: 1; }
    Curtain .since { color: $text-muted; text-style: italic; }
    Curtain .news { color: $text-muted; margin-bottom: 1; }
    Curtain .hint { text-align: center; text-style: italic; }
    """

    def __init__(self, name: str, headline: str = "", news: list[str] | None = None, *,
                 ascii_only: bool = False, since: str | None = None) -> None:
        super().__init__()
        self.player = name
        self.headline = headline
        self.news = list(news or [])
        self.since = since or _("Since your last turn:")
        self.ascii_only = ascii_only

    def _t(self, text: str) -> str:
        return ascii_fold(text) if self.ascii_only else text

    def compose(self) -> ComposeResult:
        self.set_class(self.ascii_only, "-ascii")
        spaced = " ".join(self.player.upper())
        with Middle(), Center(), Vertical():
            yield Static(self._t(_("Pass the keyboard to  {name}").format(name=spaced)), classes="to", markup=False)
            if self.headline:
                yield Static(self._t(self.headline), classes="headline", markup=False)
            if self.news:
                yield Static(self._t(self.since), classes="since", markup=False)
                yield Static(self._t("\n".join(f"- {line}" for line in self.news)), classes="news", markup=False)
            yield Static(self._t(_("press Enter when ready · q: back to the menu (saved)")), classes="hint",
                         markup=False)

    def action_lift(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)


class RevealScreen(ModalScreen[None]):
    """Cards shown to one seat only (a hand revealed to him, the card taken from him...), opened
    right after that seat lifted its curtain, so he learns it at once and not only from his log."""

    BINDINGS = [Binding("enter,escape,space", "close", N_("done"), priority=True)]
    DEFAULT_CSS = """
    RevealScreen { align: center middle; }
    RevealScreen > Vertical { width: 72; height: auto; max-height: 90%; border: double $warning; padding: 1 2;
                              background: $panel; }
    RevealScreen.-ascii > Vertical { border: ascii $warning; }
    RevealScreen .head { text-style: bold; color: $warning; margin-bottom: 1; }
    RevealScreen .hint { text-style: italic; margin-top: 1; }
    """

    def __init__(self, name: str, lines: list[str], *, ascii_only: bool = False, your_turn: bool = False) -> None:
        super().__init__()
        self.player = name
        self.lines = list(lines)
        self.ascii_only = ascii_only
        self.your_turn = your_turn

    def _t(self, text: str) -> str:
        return ascii_fold(text) if self.ascii_only else text

    def compose(self) -> ComposeResult:
        self.set_class(self.ascii_only, "-ascii")
        done = _("Enter: done (then your turn)") if self.your_turn else _("Enter: done (then the game goes on)")
        with Vertical():
            yield Static(self._t(_("For {name} only — shown to you just now:").format(name=self.player)), classes="head",
                         markup=False)
            yield Static(self._t("\n".join(self.lines)), classes="lines", markup=False)
            yield Static(self._t(done), classes="hint", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
