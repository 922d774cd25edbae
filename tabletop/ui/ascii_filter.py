"""``--ascii`` for everything Textual draws: borders, rules, scrollbars, block gauges.

The screens pick ASCII glyphs for their own text, but a widget's border (``round``, ``heavy``,
``double``...), the footer's separators and the scrollbars are drawn by Textual from box-drawing
and block characters. Rather than restyle every border of every screen (and miss the next one),
the app adds this line filter when ``--ascii`` is on: each such character becomes ``-``, ``|``,
``+`` or a shade letter as the last step before the terminal, whatever widget drew it.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter


def _ascii_for(char: str) -> str:
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        if "DIAGONAL" in name:
            return "X" if "CROSS" in name else ("/" if "UPPER RIGHT TO LOWER LEFT" in name else "\\")
        horizontal = any(w in name for w in ("HORIZONTAL", " LEFT", " RIGHT"))
        vertical = any(w in name for w in ("VERTICAL", " UP", " DOWN"))
        if "ARC" in name or (horizontal and vertical) or " AND " in name:
            return "+"
        return "-" if horizontal else "|"
    if name.endswith("SHADE"):
        return {"LIGHT SHADE": ".", "MEDIUM SHADE": ":", "DARK SHADE": "#"}.get(name, "#")
    if "BLOCK" in name:
        if "LEFT" in name or "RIGHT" in name:
            return "|"
        if name == "LOWER ONE EIGHTH BLOCK":
            return "_"
        if name == "UPPER ONE EIGHTH BLOCK" or name == "UPPER HALF BLOCK":
            return "-"
        return "#"
    return char


def _table() -> dict[int, str]:
    table = {}
    for code in list(range(0x2500, 0x25A0)):
        char = chr(code)
        repl = _ascii_for(char)
        if repl != char:
            table[code] = repl
    return table


TABLE = _table() | {ord(c): r for c, r in (("−", "-"), ("–", "-"), ("—", "-"), ("▸", ">"), ("▶", ">"),
                                            ("◂", "<"), ("◀", "<"))}


@lru_cache(4096)
def _translate(text: str) -> str:
    return text.translate(TABLE)


class AsciiFilter(LineFilter):
    """Box-drawing and block characters to plain ASCII (every other character is left alone)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [seg if seg.control else Segment(_translate(seg.text), seg.style) for seg in segments]
