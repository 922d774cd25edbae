"""Glyph sets: single-width Unicode by default, plain ASCII for terminals that draw it badly."""

from __future__ import annotations

UNICODE = {
    "pointer": "▸", "bullet": "·", "ok": "✔", "no": "✘", "lock": "⌧", "card_back": "▒",
    "bar_full": "█", "bar_empty": "░", "die_tl": "┌", "die_tr": "┐", "die_bl": "└", "die_br": "┘",
    "die_h": "─", "die_v": "│", "dot_on": "●", "dot_off": "○", "star": "★",
}
ASCII = {
    "pointer": ">", "bullet": "-", "ok": "+", "no": "x", "lock": "#", "card_back": "#",
    "bar_full": "#", "bar_empty": ".", "die_tl": "+", "die_tr": "+", "die_bl": "+", "die_br": "+",
    "die_h": "-", "die_v": "|", "dot_on": "o", "dot_off": ".", "star": "*",
}


def glyphs(ascii_only: bool) -> dict[str, str]:
    return ASCII if ascii_only else UNICODE


def bar(value: int, maximum: int, width: int = 16, ascii_only: bool = False) -> str:
    """A text gauge: ``█████░░░ 22/32``."""
    g = glyphs(ascii_only)
    maximum = max(maximum, 1)
    filled = max(0, min(width, round(width * value / maximum)))
    return g["bar_full"] * filled + g["bar_empty"] * (width - filled) + f" {value}/{maximum}"
