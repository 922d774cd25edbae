"""Card data: the schema of ``assets/cards/mount_gram/*.json`` and its loader.

Validated once with pydantic, then turned into plain ``CardDef`` objects (slots) that the rules
read on every step; ``Card`` lookups by instance id go through a cached table, so the hot path
never re-parses an id or re-validates data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from tabletop.engine.assets import load_json, validate
from tabletop.engine.core import GameDataError

FOLDER = "mount_gram"
SPHERES = ("Leadership", "Tactics", "Spirit", "Lore")
PLAYER_TYPES = ("hero", "ally", "attachment", "event")
ENCOUNTER_TYPES = ("enemy", "location", "treachery", "side_quest", "quest")


class AbilityModel(BaseModel):
    model_config = ConfigDict(extra="allow")
    trigger: Literal["action", "response", "passive", "forced", "when_revealed", "shadow",
                     "travel_cost", "setup"]
    op: str
    event: str | None = None


class PlayerCardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str
    name: str
    type: Literal["hero", "ally", "attachment", "event"]
    sphere: Literal["Leadership", "Tactics", "Spirit", "Lore", "Neutral"]
    unique: bool = False
    traits: list[str] = []
    keywords: list[str] = []
    threat_cost: int | None = None
    cost: int | Literal["X"] | None = None
    willpower: int | None = None
    attack: int | None = None
    defense: int | None = None
    hit_points: int | None = None
    attach_to: Literal["hero", "character", "location", "engaged_enemy"] | None = None
    copies: int | None = None
    text: str
    abilities: list[AbilityModel] = []


class EncounterCardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str
    name: str
    type: Literal["enemy", "location", "treachery", "side_quest", "quest"]
    unique: bool = False
    traits: list[str] = []
    engagement: int | None = None
    threat: int | Literal["X"] | None = None
    attack: int | Literal["X"] | None = None
    defense: int | None = None
    hit_points: int | None = None
    quest_points: int | None = None
    victory: int = 0
    surge: bool = False
    doomed: int = 0
    capture: int = 0
    time: int = 0
    immune: bool = False
    stage: str | None = None
    copies: int = 1
    copies_easy: int | None = None
    encounter_set: str = ""
    text: str = ""
    shadow_text: str = ""
    abilities: list[AbilityModel] = []


@dataclass(slots=True)
class CardDef:
    """Everything the rules read of one card title (player or encounter)."""

    key: str
    name: str
    type: str
    sphere: str = ""
    unique: bool = False
    traits: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    threat_cost: int = 0
    cost: int = 0
    x_cost: bool = False
    wp: int = 0
    atk: int = 0
    defense: int = 0
    hp: int = 0
    attach_to: str = ""
    engagement: int = 0
    threat: int = 0
    x_threat: bool = False
    x_attack: bool = False
    qp: int = 0
    victory: int = 0
    surge: bool = False
    doomed: int = 0
    capture: int = 0
    time: int = 0
    immune: bool = False
    stage: str = ""
    copies: int = 1
    copies_easy: int = 1
    encounter_set: str = ""
    text: str = ""
    shadow_text: str = ""
    abilities: tuple[dict[str, Any], ...] = ()
    restricted: bool = False
    ranged: bool = False
    sentinel: bool = False
    active: bool = False
    """Has an action or response ability (a card a player may use)."""
    by_trigger: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)

    @property
    def character(self) -> bool:
        return self.type in ("hero", "ally")

    def has(self, trigger: str) -> tuple[dict[str, Any], ...]:
        return self.by_trigger.get(trigger, ())


def _finish(card: CardDef) -> CardDef:
    by: dict[str, list[dict[str, Any]]] = {}
    for ab in card.abilities:
        by.setdefault(ab["trigger"], []).append(ab)
    card.by_trigger = {k: tuple(v) for k, v in by.items()}
    card.restricted = "Restricted" in card.keywords
    card.ranged = "Ranged" in card.keywords
    card.sentinel = "Sentinel" in card.keywords
    card.active = bool(card.by_trigger.get("action") or card.by_trigger.get("response"))
    return card


def player_def(m: PlayerCardModel) -> CardDef:
    return _finish(CardDef(
        key=m.key, name=m.name, type=m.type, sphere=m.sphere, unique=m.unique, traits=tuple(m.traits),
        keywords=tuple(m.keywords), threat_cost=m.threat_cost or 0,
        cost=0 if m.cost in (None, "X") else int(m.cost), x_cost=m.cost == "X",
        wp=m.willpower or 0, atk=m.attack or 0, defense=m.defense or 0, hp=m.hit_points or 0,
        attach_to=m.attach_to or "", copies=m.copies or 1, text=m.text,
        abilities=tuple(a.model_dump() for a in m.abilities)))


def encounter_def(m: EncounterCardModel) -> CardDef:
    return _finish(CardDef(
        key=m.key, name=m.name, type=m.type, unique=m.unique, traits=tuple(m.traits),
        engagement=m.engagement or 0, threat=0 if m.threat in (None, "X") else int(m.threat),
        x_threat=m.threat == "X", atk=0 if m.attack in (None, "X") else int(m.attack),
        x_attack=m.attack == "X", defense=m.defense or 0, hp=m.hit_points or 0,
        qp=m.quest_points or 0, victory=m.victory, surge=m.surge, doomed=m.doomed,
        capture=m.capture, time=m.time, immune=m.immune, stage=m.stage or "", copies=m.copies,
        copies_easy=m.copies if m.copies_easy is None else m.copies_easy,
        encounter_set=m.encounter_set, text=m.text, shadow_text=m.shadow_text,
        abilities=tuple(a.model_dump() for a in m.abilities)))


@lru_cache(maxsize=1)
def player_cards() -> dict[str, CardDef]:
    """The 73 Core Set player cards, by key."""
    raw = load_json("cards", FOLDER, "player_cards.json")
    models = validate(list[PlayerCardModel], raw.get("cards"), "mount_gram/player_cards.json")
    out = {m.key: player_def(m) for m in models}
    if len(out) != len(models):
        raise GameDataError("mount_gram/player_cards.json: duplicate card keys")
    return out


@lru_cache(maxsize=1)
def starter_decks() -> dict[str, dict[str, Any]]:
    """The four 30-card sphere starter decks: {sphere: {heroes: [keys], cards: [[key, qty]]}}."""
    raw = load_json("cards", FOLDER, "starter_decks.json")
    decks = raw.get("decks") if isinstance(raw, dict) else None
    if not isinstance(decks, dict) or set(decks) != set(SPHERES):
        raise GameDataError("mount_gram/starter_decks.json: needs the four sphere decks")
    known = player_cards()
    for sphere, deck in decks.items():
        for key in deck["heroes"] + [k for k, _ in deck["cards"]]:
            if key not in known:
                raise GameDataError(f"mount_gram/starter_decks.json: {sphere}: unknown card {key!r}")
        if sum(q for _, q in deck["cards"]) != 30:
            raise GameDataError(f"mount_gram/starter_decks.json: {sphere} deck is not 30 cards")
    return decks


def encounter_defs(data: list[dict[str, Any]], where: str) -> dict[str, CardDef]:
    models = validate(list[EncounterCardModel], data, where)
    return {m.key: encounter_def(m) for m in models}


@lru_cache(maxsize=1)
def mount_gram_cards() -> dict[str, CardDef]:
    """The scenario's quest stages and encounter cards, by key."""
    raw = load_json("cards", FOLDER, "scenario.json")
    return encounter_defs(raw.get("cards"), "mount_gram/scenario.json")


class DefTable(dict[str, CardDef]):
    """Instance id -> card data (``p0.aragorn.1`` -> the ``aragorn`` CardDef), filled on first use:
    a plain subscript on the hot path, the id parsed once per game object."""

    __slots__ = ("db",)

    def __init__(self, db: dict[str, CardDef]) -> None:
        super().__init__()
        self.db = db

    def __missing__(self, cid: str) -> CardDef:
        card = self[cid] = self.db[key_of(cid)]
        return card


@lru_cache(maxsize=4096)
def key_of(card_id: str) -> str:
    """``p0.aragorn.1`` -> ``aragorn``."""
    return card_id.split(".")[1]


@lru_cache(maxsize=4096)
def owner_of(card_id: str) -> int:
    """The owning seat of a player card, -1 for encounter and quest cards."""
    head = card_id.split(".")[0]
    return int(head[1:]) if head[0] == "p" else -1
