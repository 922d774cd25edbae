"""Text from files, made safe to print on a terminal.

A save's title, summary and seat names, a card file's names and an error message that quotes a
file name are all written by whoever wrote the file. Printed raw, a control character or an
escape sequence in them is obeyed by the terminal: ``ESC [2J`` clears the screen, ``ESC ]52;``
writes the clipboard, a bidi override reverses what the reader sees. ``safe_text`` shows every
such character as a visible escape (``\\x1b``, ``\\u202e``) instead, so nothing a file contains
can act on the terminal and a person can still see that something odd was there. Rich markup is
a separate matter for the display layer (it passes ``Text`` objects or escapes markup).
"""

from __future__ import annotations

import re

# C0 controls (newline and tab too: every field shown is one line), DEL, C1 controls (0x9b is a
# one-byte CSI on some terminals), bidi embeddings/overrides/isolates, line and paragraph
# separators, zero-width and byte-order marks, lone surrogates (not encodable, would crash print)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
                     "\ud800-\udfff\ufff9-\ufffb]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe_text(value: object, limit: int | None = None) -> str:
    """``value`` as one printable line: unsafe characters shown escaped, then cut to ``limit``
    characters (with an ellipsis) so a huge field cannot flood the screen."""
    text = _UNSAFE.sub(_escape, str(value))
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 1, 0)] + "…"
    return text


def has_unsafe(value: str) -> bool:
    """Whether ``value`` holds a character ``safe_text`` would escape (names must not)."""
    return _UNSAFE.search(value) is not None
