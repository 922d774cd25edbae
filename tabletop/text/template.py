"""The template language of the catalogs: placeholders, plural choices and gender choices.

``{name}``            the argument, rendered by what its name says it is (see :mod:`engine.msg`).
``{n|card|cards}``    one word or the other by the number ``n`` (1 takes the first form).
``{card?el|la}``      by the grammatical gender of the card's name in this language (``m``: the
                      first form, ``f``: the second); a name without a known gender takes the first.
``{{`` and ``}}``     literal braces.

Both languages have two plural forms (one / other), so the choice needs no plural rules table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?:([|?])([^{}]*))?\}")


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    mode: str = ""  # "" substitute, "|" plural, "?" gender
    forms: tuple[str, ...] = ()


Piece = str | Slot


class TemplateError(ValueError):
    """A template that does not parse."""


def compile_template(text: str) -> tuple[Piece, ...]:
    pieces: list[Piece] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() > pos:
            chunk = text[pos:m.start()]
            if "{" in chunk or "}" in chunk:
                raise TemplateError(f"stray brace in {text!r}")
            pieces.append(chunk)
        token = m.group(0)
        if token in ("{{", "}}"):
            pieces.append(token[0])
        else:
            mode = m.group(2) or ""
            forms = tuple(m.group(3).split("|")) if mode else ()
            if mode and len(forms) != 2:
                raise TemplateError(f"{token} needs exactly two forms")
            pieces.append(Slot(m.group(1), mode, forms))
        pos = m.end()
    rest = text[pos:]
    if "{" in rest or "}" in rest:
        raise TemplateError(f"stray brace in {text!r}")
    if rest:
        pieces.append(rest)
    return tuple(pieces)


def placeholders(text: str) -> set[str]:
    """The argument names a template uses (the completeness test compares them across languages)."""
    return {p.name for p in compile_template(text) if isinstance(p, Slot)}
