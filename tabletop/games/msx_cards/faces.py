"""Card data -> ``CardFace`` for the UI (the rules know what a card says, the UI how it looks).

Fighters and Bosses are cards: log messages name both by id (``card`` arguments), so the renderer
finds their names here. A face's text is the card data's English (the ``msx_cards-cards`` catalog
translates it by its text), so the ability is rendered once, in English, from its message.
"""

from __future__ import annotations

from functools import cache

from tabletop.engine import CardFace, Stat

from .cards import catalogue
from .text import ability_msg

COLOUR = {"yellow": "yellow", "green": "green", "brown": "dark_orange3", "blue": "dodger_blue2", "red": "red"}


@cache
def _english() -> object:
    from tabletop.text.render import Renderer

    return Renderer("msx_cards", lang="en")


@cache
def face(card_id: str) -> CardFace:
    data = catalogue()
    if card_id in data.bosses:
        b = data.bosses[card_id]
        track = " ".join(("A" if e["role"] == "attack" else "D") + str(e["value"]) for e in b["white"])
        return CardFace(id=b["id"], title=b["name"], kind="Boss", text=f"white {track}", colour="magenta",
                        symbol="*")
    c = data.cards[card_id]
    race = data.races[c["race"]]
    caps = " ".join(cid if (i + 1) in c["lit"] else "·" for i, cid in enumerate(race["capsule_bar"]) if cid)
    ability = _english().arg("ability", ability_msg(c["ability"]))  # type: ignore[attr-defined]
    return CardFace(
        id=c["id"], title=c["name"], kind=f"{race['name']} · {race['theme']}",
        stats=(Stat("Attack", str(c["attack"]), "A"), Stat("Defense", str(c["defense"]), "D"),
               Stat("Vitality", str(c["vitality"]), "V"), Stat("Resistance", str(c["resistance"]), "R")),
        text=f"{ability}\ncapsules: {caps}", colour=COLOUR[c["race"]], symbol=race["symbol"],
        tags=(c["race"],))
