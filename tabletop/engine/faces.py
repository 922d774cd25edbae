"""``CardFace``: everything a screen needs to draw a card, as plain data.

Games build faces from their card data (the rules layer knows what a card says); the UI's
``CardView`` draws them (the UI knows how it looks). Colour is never the only signal, so every face
carries a ``symbol`` (a letter or glyph for its element, race or sphere) next to its ``colour``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Stat:
    """One number on a card, with its label and an ASCII-safe symbol (``"A"``, ``"⚔"``)."""

    label: str
    value: str
    symbol: str = ""


@dataclass(frozen=True, slots=True)
class CardFace:
    id: str
    title: str
    kind: str = ""
    cost: str = ""
    stats: tuple[Stat, ...] = ()
    text: str = ""
    flavour: str = ""
    colour: str = "grey50"
    symbol: str = ""
    tags: tuple[str, ...] = field(default_factory=tuple)
    face_down: bool = False

    @classmethod
    def hidden(cls, id: str = "?", kind: str = "card") -> "CardFace":
        """The back of a card: nothing of its front."""
        return cls(id=id, title="", kind=kind, face_down=True)

    def compact(self) -> str:
        """One line: symbol, title, key stats (``"F Ember Imp 3/1/2"``)."""
        if self.face_down:
            return "▒▒▒"
        stats = "/".join(s.value for s in self.stats)
        parts = [p for p in (self.symbol, self.title, self.cost and f"({self.cost})", stats) if p]
        return " ".join(parts)
