"""Card data -> ``CardFace`` for the UI: what a card looks like, never how the rules use it."""

from __future__ import annotations

from functools import cache

from tabletop.engine import CardFace, Stat

from .cards import info

COLOURS = {"fire": "red3", "water": "dodger_blue2", "lightning": "yellow3", "earth": "dark_goldenrod",
           "neutral": "grey62"}
SYMBOLS = {"fire": "F", "water": "W", "lightning": "L", "earth": "E", "neutral": "N"}
TIMINGS = {"TURN": "on your turn", "REACTION": "as a reaction", "ROUND_START": "at the start of a round"}


@cache
def face(card_id: str) -> CardFace:
    """The face of a card (copies in a mixed deck look like the original)."""
    ci = info(card_id)
    if ci.kind == "event":
        return CardFace(id=card_id, title=ci.name, kind=f"event · {TIMINGS.get(ci.timing, ci.timing)}",
                        text=ci.text, flavour=ci.flavor, colour="magenta", symbol="!",
                        tags=("event", ci.timing.lower()))
    tags = [f"{ci.stars} star{'s' if ci.stars != 1 else ''}", ci.element]
    text = ci.text
    if ci.support:
        stat, amount = ci.support
        line = f"Support {amount:+d} {'any stat' if stat == 'any' else stat.capitalize()}"
        tags.append(line.lower())
        text = f"{line}. {text}" if text else line
    return CardFace(
        id=card_id, title=ci.name, kind=f"combatant · {ci.element}", cost="★" * ci.stars,
        stats=(Stat("Attack", str(ci.stats["attack"]), "A"), Stat("Defense", str(ci.stats["defense"]), "D"),
               Stat("Power", str(ci.stats["power"]), "P")),
        text=text, flavour=ci.flavor, colour=COLOURS[ci.element], symbol=SYMBOLS[ci.element], tags=tuple(tags))
