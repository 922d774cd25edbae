"""A card's face in the table's language: names, texts, kinds, stat labels and tags through the
``<game>-cards`` catalog.

The games build faces from their card data in one language (the data's own); this module swaps
each piece of a face for its entry in the catalog of the language asked for, and leaves whatever
the catalog does not know as it is (a screen-made title such as a fused unit's, a number). The
same splitting into pieces is used by ``tools/card_catalog.py`` to extract the msgids, so what the
tool lists is exactly what is looked up here.

A card text is looked up line by line. A line that starts with one of the game's *labels*
(``Shadow: ...`` in Mount Gram, ``capsules: ...`` in MSX Cards) is two pieces: the label, and the
rest, which is looked up in turn unless the label says its rest is not words (the capsule bar is
a row of program names).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from ..engine.faces import CardFace, Stat
from . import catalog

LABELS: dict[str, dict[str, bool]] = {
    "mount_gram": {"Shadow": True},
    "msx_cards": {"capsules": False},
}
"""Per game: line labels (``Label: rest``) and whether the rest is looked up too."""


def domain(game_id: str) -> str:
    return f"{game_id}-cards"


def line_pieces(game_id: str, line: str) -> Iterator[str]:
    """The msgids of one text line (see the module docstring)."""
    if not line:
        return
    for label, words in LABELS.get(game_id, {}).items():
        if line.startswith(f"{label}: "):
            yield label
            if words:
                yield from line_pieces(game_id, line[len(label) + 2:])
            return
    yield line


def face_pieces(game_id: str, face: CardFace) -> Iterator[str]:
    """Every msgid a face is made of: title, kind, stat labels, tags, text lines, flavour."""
    if face.face_down:
        return
    for value in (face.title, face.kind):
        if value:
            yield value
    for stat in face.stats:
        if stat.label:
            yield stat.label
    yield from (tag for tag in face.tags if tag)
    for line in face.text.split("\n"):
        yield from line_pieces(game_id, line)
    if face.flavour:
        yield face.flavour


def _word(game_id: str, lang: str, text: str) -> str:
    if not text:
        return text
    return catalog.lookup(lang, domain(game_id), text) or text


_MARK = re.compile(r"^(.+?)( (?:[×x]\d+|[^\w\s]+))$")
"""A screen's mark after a card name: a count of copies (``×2``, ``x2``) or a symbol (``✓``)."""


def _title(game_id: str, lang: str, title: str) -> str:
    """A card name, also inside the titles screens make of names: ``A + B`` (a fused unit) and a
    name followed by a mark (``Glaciarca ×2``)."""
    found = catalog.lookup(lang, domain(game_id), title)
    if found or not title:
        return found or title
    if " + " in title:
        return " + ".join(_title(game_id, lang, part) for part in title.split(" + "))
    mark = _MARK.match(title)
    if mark:
        return _word(game_id, lang, mark.group(1)) + mark.group(2)
    return title


def _line(game_id: str, lang: str, line: str) -> str:
    for label, words in LABELS.get(game_id, {}).items():
        if line.startswith(f"{label}: "):
            rest = line[len(label) + 2:]
            rest = _line(game_id, lang, rest) if words else rest
            return f"{_word(game_id, lang, label)}: {rest}"
    return _word(game_id, lang, line)


def localized_text(game_id: str, text: str, lang: str) -> str:
    """A card text (one or more lines) in ``lang``; unknown lines stay as they are."""
    return "\n".join(_line(game_id, lang, line) for line in text.split("\n"))


def card_name(game_id: str, title: str, lang: str) -> str:
    """A card's name in ``lang`` (the data's own name when the catalog has none)."""
    return _title(game_id, lang, title)


def card_gender(game_id: str, title: str, lang: str) -> str:
    """``m`` or ``f``: the grammatical gender of the card's name in ``lang`` (``m`` if unknown)."""
    return catalog.lookup(lang, domain(game_id), f"gender:{title}") or "m"


@lru_cache(maxsize=8192)
def localized_face(game_id: str, face: CardFace, lang: str) -> CardFace:
    """``face`` with its words in ``lang``. A face down card, or a game without a catalog in that
    language, comes back unchanged (the same object)."""
    if face.face_down or not catalog.entries(lang, domain(game_id)):
        return face
    word = lambda text: _word(game_id, lang, text)
    return replace(
        face,
        title=_title(game_id, lang, face.title),
        kind=word(face.kind),
        stats=tuple(Stat(word(s.label), s.value, s.symbol) for s in face.stats),
        text=localized_text(game_id, face.text, lang),
        flavour=word(face.flavour),
        tags=tuple(word(tag) for tag in face.tags),
    )
