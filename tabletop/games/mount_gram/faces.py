"""Card data -> ``CardFace`` (what a screen needs to draw a card), for ``MountGram.face``."""

from __future__ import annotations

from tabletop.engine.faces import CardFace, Stat

from .cards import CardDef

SPHERE_LOOK = {"Leadership": ("L", "magenta"), "Tactics": ("T", "red"), "Spirit": ("S", "cyan"),
               "Lore": ("O", "green"), "Neutral": ("N", "grey70")}


def face_of(card: CardDef, card_id: str) -> CardFace:
    symbol, colour = SPHERE_LOOK.get(card.sphere, ("E", "dark_orange"))
    stats: tuple[Stat, ...] = ()
    cost = ""
    if card.type in ("hero", "ally"):
        stats = (Stat("willpower", str(card.wp), "W"), Stat("attack", str(card.atk), "A"),
                 Stat("defense", str(card.defense), "D"), Stat("hit points", str(card.hp), "H"))
        cost = str(card.threat_cost) if card.type == "hero" else ("X" if card.x_cost else str(card.cost))
    elif card.type in ("attachment", "event"):
        cost = "X" if card.x_cost else str(card.cost)
    elif card.type == "enemy":
        stats = (Stat("engagement", str(card.engagement), "E"),
                 Stat("threat", "X" if card.x_threat else str(card.threat), "T"),
                 Stat("attack", "X" if card.x_attack else str(card.atk), "A"),
                 Stat("defense", str(card.defense), "D"), Stat("hit points", str(card.hp), "H"))
    elif card.type == "location":
        stats = (Stat("threat", "X" if card.x_threat else str(card.threat), "T"),
                 Stat("quest points", str(card.qp), "Q"))
    elif card.type in ("side_quest", "quest"):
        stats = (Stat("quest points", str(card.qp), "Q"),)
    text = card.text + (f"\nShadow: {card.shadow_text}" if card.shadow_text else "")
    tags = tuple(card.traits) + tuple(card.keywords)
    return CardFace(id=card_id, title=card.name, kind=card.type, cost=cost, stats=stats, text=text,
                    colour=colour, symbol=symbol, tags=tags)
