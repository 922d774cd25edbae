"""Card data -> ``CardFace`` for the UI (the rules know what a card says, the UI how it looks)."""

from __future__ import annotations

from tabletop.engine import CardFace, Stat

from .cards import catalogue
from .text import ability_text

COLOUR = {"yellow": "yellow", "green": "green", "brown": "dark_orange3", "blue": "dodger_blue2", "red": "red"}


def face(card_id: str) -> CardFace:
    c = catalogue().cards[card_id]
    race = catalogue().races[c["race"]]
    caps = " ".join(cid if (i + 1) in c["lit"] else "·" for i, cid in enumerate(race["capsule_bar"]) if cid)
    return CardFace(
        id=c["id"], title=c["name"], kind=f"{race['name']} · {race['theme']}",
        stats=(Stat("Attack", str(c["attack"]), "A"), Stat("Defense", str(c["defense"]), "D"),
               Stat("Vitality", str(c["vitality"]), "V"), Stat("Resistance", str(c["resistance"]), "R")),
        text=f"{ability_text(c['ability'])}\ncapsules: {caps}", colour=COLOUR[c["race"]], symbol=race["symbol"],
        tags=(c["race"],))
