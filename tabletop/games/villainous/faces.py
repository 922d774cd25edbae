"""Card data -> ``CardFace`` for the UI (the rules know what a card says, the UI how it looks).

Colour is never the only signal: every face carries a one-letter ``symbol`` for its type.
"""

from __future__ import annotations

from tabletop.engine import CardFace, Stat

from .board import CARD

STYLE = {
    "Ally": ("A", "steel_blue"), "Item": ("I", "gold3"), "Effect": ("E", "medium_purple"),
    "Condition": ("C", "dark_orange"), "Curse": ("X", "green3"), "Hero": ("H", "red3"),
}


BY_KEY = {d.key: c for c, d in reversed(list(CARD.items()))}
"""card key -> its first instance: the log names cards by key (no hidden instance id leaks)."""


def face(card_id: str) -> CardFace:
    """The face of an instance id (``"jafar.razoul#1"``) or of a card key (``"razoul"``, as the log
    names cards); ``"?"`` is a card back."""
    if card_id == "?":
        return CardFace.hidden()
    d = CARD[card_id] if card_id in CARD else CARD[BY_KEY[card_id]]
    symbol, colour = STYLE[d.type]
    stats = []
    if d.strength is not None:
        stats.append(Stat("Strength", str(d.strength), "⚔"))
    if d.smod:
        stats.append(Stat("Strength bonus", f"+{d.smod}", "+"))
    cost = "" if d.cost is None else str(d.cost)
    kind = f"Fate {d.type}" if d.fate else d.type
    return CardFace(id=card_id, title=d.name, kind=kind, cost=cost, stats=tuple(stats), text=d.text,
                    colour=colour, symbol=symbol, tags=(d.villain, "fate" if d.fate else "villain"))
