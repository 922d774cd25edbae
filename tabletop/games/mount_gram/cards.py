"""Card data: the schema of ``assets/cards/mount_gram/*.json`` and its loader.

Validated once with pydantic, then turned into plain ``CardDef`` objects (slots) that the rules
read on every step; ``Card`` lookups by instance id go through a cached table, so the hot path
never re-parses an id or re-validates data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from tabletop.engine.assets import cached_data, load_json, validate
from tabletop.engine.core import GameDataError
from tabletop.engine.registry import Registry

FOLDER = "mount_gram"
SPHERES = ("Leadership", "Tactics", "Spirit", "Lore")
PLAYER_TYPES = ("hero", "ally", "attachment", "event")
ENCOUNTER_TYPES = ("enemy", "location", "treachery", "side_quest", "quest")


class AbilityModel(BaseModel):
    """An ability: trigger, op and the op's parameters (``extra``; the names are checked against
    ``PARAMS`` and the op against the rules' own tables by ``check_abilities``)."""

    model_config = ConfigDict(extra="allow", strict=True)
    trigger: Literal["action", "response", "passive", "forced", "when_revealed", "shadow",
                     "travel_cost", "setup"]
    op: str
    event: str | None = None


class PlayerCardModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
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
    model_config = ConfigDict(extra="forbid", strict=True)
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
    responses: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    """event -> its Response abilities to that event, in ability order."""
    actions_in: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    """phase -> its Action abilities allowed in that phase (``window`` absent or that phase)."""
    actions_any: tuple[dict[str, Any], ...] = ()
    """Its Action abilities with no ``window``: those of a phase not in ``actions_in``."""
    does: bool = False
    """Its text says what its Response does (``response_clause``): a response play's label
    says it too (``resp.<key>``)."""

    @property
    def character(self) -> bool:
        return self.type in ("hero", "ally")

    def has(self, trigger: str) -> tuple[dict[str, Any], ...]:
        return self.by_trigger.get(trigger, ())

    def usable(self, ev: str, phase: str) -> tuple[dict[str, Any], ...]:
        """The abilities that fit a window: its responses to ``ev``, or in an action window
        (``ev`` empty) its actions allowed in ``phase``. Card data, worked out at load."""
        if ev:
            return self.responses.get(ev, ())
        return self.actions_in.get(phase, self.actions_any)


def response_clause(text: str) -> str:
    """What a card's Response does, in its own words: "after Gloin takes damage, he gains 1
    resource per damage just taken." gives "he gains 1 resource per damage just taken" (the
    condition is the window being asked about; the effect is what a player decides on)."""
    start = text.find("Response:")
    if start < 0:
        return ""
    clause = text[start + len("Response:"):].strip().split(". ")[0].rstrip(".").strip()
    comma, colon = clause.find(", "), clause.find(":")
    if clause.lower().startswith(("after ", "when ")) and comma > 0 and (colon < 0 or comma < colon):
        clause = clause[comma + 2:]
    return clause


def _finish(card: CardDef) -> CardDef:
    by: dict[str, list[dict[str, Any]]] = {}
    for ab in card.abilities:
        by.setdefault(ab["trigger"], []).append(ab)
    card.by_trigger = {k: tuple(v) for k, v in by.items()}
    card.restricted = "Restricted" in card.keywords
    card.ranged = "Ranged" in card.keywords
    card.sentinel = "Sentinel" in card.keywords
    card.active = bool(card.by_trigger.get("action") or card.by_trigger.get("response"))
    responses: dict[str, list[dict[str, Any]]] = {}
    for ab in card.by_trigger.get("response", ()):
        responses.setdefault(ab.get("event") or "", []).append(ab)
    card.responses = {ev: tuple(abs_) for ev, abs_ in responses.items() if ev}
    card.does = bool(response_clause(card.text))
    acts = card.by_trigger.get("action", ())
    card.actions_any = tuple(ab for ab in acts if not ab.get("window"))
    card.actions_in = {w: tuple(ab for ab in acts if not ab.get("window") or ab["window"] == w)
                       for w in {ab["window"] for ab in acts if ab.get("window")}}
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


class PlayerFileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    cards: list[dict[str, Any]]


class ScenarioFileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    scenario: str = Field(min_length=1)
    cards: list[dict[str, Any]]


class DeckModel(BaseModel):
    model_config = ConfigDict(extra="forbid")  # lax only so a JSON array can be a pair
    heroes: list[StrictStr] = Field(min_length=1)
    cards: list[tuple[StrictStr, StrictInt]]


class DecksFileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    decks: dict[str, DeckModel]


# -- the closed effect vocabulary --------------------------------------------------------------
PARAMS = frozenset({
    "target", "amount", "cost", "self", "stats", "limit", "type", "window", "bottom", "trait",
    "sphere", "draw", "damage", "threat", "only", "attached", "dwarf_bonus", "options",
    "trait_stats", "three_payers", "one", "each", "value", "engagement", "attack",
    "any_player", "remove_after",
})
"""Every parameter name an op reads; any other key in an ability is a typo or tampering."""

PLAYER_EVENTS = frozenset({
    "ally_left", "character_destroyed", "committed", "damaged", "defender_declared",
    "dwarf_hero_left", "end_of_round", "enemy_destroyed", "enters_play", "played", "revealed", "shadow",
    "shadow_dealt", "travelled",
})
"""The trigger windows (``effects.trigger``) a player card may respond to."""

ENCOUNTER_EVENTS = frozenset({"after_attack", "attack_damage", "rescued", "time_out", "travelled"})
"""The moments the encounter rules (``encounter``, ``scenario``) run an encounter card's ability."""

ENCOUNTER_OPS: dict[str, frozenset[str]] = {
    # read by name where the moment comes: encounter.after_attack / after_travel / attack_damage,
    # scenario (jailor, executioners, x_captured_*), board (orcs_*)
    "forced": frozenset({"captain_after_ally_kill", "capture_damaged_ally", "executioners", "jailor",
                         "return_after_ally_kill", "threat_at_least"}),
    "passive": frozenset({"orcs_attack_while_active", "orcs_bonus", "x_captured_hosts",
                          "x_captured_under_self"}),
    "response": frozenset({"dungeon_guard", "prison_cell"}),
    "travel_cost": frozenset({"raise_threat"}),
}
"""Encounter ops with no dispatch table (``when_revealed`` and ``shadow`` ops are the keys of
``encounter.WHEN_REVEALED`` and ``encounter.SHADOWS``)."""

REQUIRED_ENCOUNTER = ("unexpected_rescue", "southern_gate", "jailor_gornakh")
"""Scenario cards the setup names (``scenario.MountGramScenario.setup``)."""
ENCOUNTER_SETS = frozenset({"Escape from Mount Gram", "Angmar Orcs"})


Vocabulary = dict[str, tuple[Registry[Any], frozenset[str]]]
"""trigger -> (the op registry whose handlers run it, the ops read by name that need none)."""


def _vocabulary(kind: str) -> Vocabulary:
    """The ops the rules interpret, by trigger: the engine op registries the rules fill
    (``ops.OPS``, ``encounter.WHEN_REVEALED``, ``encounter.SHADOWS``) and, for triggers the rules
    read by name where the moment comes, an empty registry with those names as passive ops.
    Imported here, not at the top: those modules import this one."""
    from . import encounter, ops

    if kind == "player":
        by_name: Registry[Any] = Registry("Mount Gram passive op")
        none: frozenset[str] = frozenset()
        return {"action": (ops.OPS, none), "response": (ops.OPS, none),
                "passive": (by_name, ops.PASSIVE_OPS), "forced": (by_name, ops.PASSIVE_OPS)}
    out: Vocabulary = {"when_revealed": (encounter.WHEN_REVEALED, frozenset()),
                       "shadow": (encounter.SHADOWS, frozenset())}
    for trigger, names in ENCOUNTER_OPS.items():
        out[trigger] = (Registry("Mount Gram " + trigger.replace("_", "-") + " op"), names)
    return out


def check_abilities(cards: dict[str, CardDef], kind: str, where: str, players: dict[str, CardDef]) -> None:
    """Closed validation of every ability: trigger, op (through the op registry's coverage
    check), event and parameter names, and the cards an ability names; the first problem is a
    ``GameDataError`` naming file, card and field."""
    vocab = _vocabulary(kind)
    events = PLAYER_EVENTS if kind == "player" else ENCOUNTER_EVENTS
    for key, card in cards.items():
        for i, ab in enumerate(card.abilities):
            at = where + ": card " + repr(key) + ": field 'abilities." + str(i)  # the start of an error
            allowed = vocab.get(ab["trigger"])
            if allowed is None:
                raise GameDataError(f"{at}.trigger': {ab['trigger']!r} is not a trigger of {kind} cards")
            registry, passive = allowed
            registry.check([(at + ".op' (trigger " + repr(ab["trigger"]) + ")", ab["op"])], passive)
            if ab.get("event") is not None and ab["event"] not in events:
                raise GameDataError(f"{at}.event': unknown event {ab['event']!r}")
            extra = sorted(set(ab) - PARAMS - {"trigger", "op", "event"})
            if extra:
                raise GameDataError(f"{at}.{extra[0]}': unknown parameter")
            only = ab.get("only")
            if only is not None and only not in players:
                raise GameDataError(f"{at}.only': unknown card {only!r}")


def _no_duplicates(keys: list[str], where: str) -> None:
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            raise GameDataError(f"{where}: card {key!r}: field 'key': appears twice")
        seen.add(key)


@cached_data
def player_cards() -> dict[str, CardDef]:
    """The 73 Core Set player cards, by key."""
    where = "mount_gram/player_cards.json"
    raw = validate(PlayerFileModel, load_json("cards", FOLDER, "player_cards.json"), where)
    models = validate(list[PlayerCardModel], raw.cards, where)
    _no_duplicates([m.key for m in models], where)
    out = {m.key: player_def(m) for m in models}
    check_abilities(out, "player", where, out)
    return out


@cached_data
def starter_decks() -> dict[str, dict[str, Any]]:
    """The four 30-card sphere starter decks: {sphere: {heroes: [keys], cards: [[key, qty]]}}."""
    where = "mount_gram/starter_decks.json"
    raw = validate(DecksFileModel, load_json("cards", FOLDER, "starter_decks.json"), where)
    if set(raw.decks) != set(SPHERES):
        raise GameDataError(f"{where}: field 'decks': needs exactly the four sphere decks {list(SPHERES)}")
    known = player_cards()
    for sphere, deck in raw.decks.items():
        for i, key in enumerate(deck.heroes):
            if key not in known or known[key].type != "hero":
                raise GameDataError(f"{where}: deck {sphere!r}: field 'heroes.{i}': unknown hero {key!r}")
        for i, (key, qty) in enumerate(deck.cards):
            if key not in known:
                raise GameDataError(f"{where}: deck {sphere!r}: field 'cards.{i}': unknown card {key!r}")
            if qty < 1:
                raise GameDataError(f"{where}: deck {sphere!r}: field 'cards.{i}': quantity {qty} is below 1")
        if sum(q for _, q in deck.cards) != 30:
            raise GameDataError(f"{where}: deck {sphere!r}: field 'cards': the deck is not 30 cards")
    return {sphere: {"heroes": list(deck.heroes), "cards": [[k, q] for k, q in deck.cards]}
            for sphere, deck in raw.decks.items()}


def encounter_defs(data: list[dict[str, Any]], where: str) -> dict[str, CardDef]:
    models = validate(list[EncounterCardModel], data, where)
    _no_duplicates([m.key for m in models], where)
    return {m.key: encounter_def(m) for m in models}


@cached_data
def mount_gram_cards() -> dict[str, CardDef]:
    """The scenario's quest stages and encounter cards, by key."""
    where = "mount_gram/scenario.json"
    raw = validate(ScenarioFileModel, load_json("cards", FOLDER, "scenario.json"), where)
    cards = encounter_defs(raw.cards, where)
    check_abilities(cards, "encounter", where, player_cards())
    for key in REQUIRED_ENCOUNTER:
        if key not in cards:
            raise GameDataError(f"{where}: field 'cards': card {key!r} is missing (the setup needs it)")
    for key, card in cards.items():
        if card.encounter_set not in ENCOUNTER_SETS:
            raise GameDataError(f"{where}: card {key!r}: field 'encounter_set': unknown set {card.encounter_set!r}")
    return cards


class DefTable(dict[str, CardDef]):
    """Instance id -> card data (``p0.aragorn.1`` -> the ``aragorn`` CardDef): a plain subscript
    on the hot path. Every id a game can deal (``ids``) is filled in when the table is built and
    the table never changes afterwards (nothing on the game object is a cache, issue #12); an id
    outside them (a test's own) is looked up by its key each time."""

    __slots__ = ("db",)

    def __init__(self, db: dict[str, CardDef], seats: int = 4) -> None:
        super().__init__()
        self.db = db
        for key, card in db.items():
            heads = [f"p{i}" for i in range(seats)] if card.type in PLAYER_TYPES else ["e", "q"]
            for head in heads:
                for n in range(1, max(card.copies, card.copies_easy, seats) + 1):
                    self[card_id(head, key, n)] = card

    def __missing__(self, cid: str) -> CardDef:
        return self.db[key_of(cid)]


def card_id(head: str, key: str, n: int) -> str:
    """An instance id: ``card_id("p0", "aragorn", 1)`` is ``p0.aragorn.1``."""
    return ".".join((head, key, str(n)))


@lru_cache(maxsize=4096)
def key_of(card_id: str) -> str:
    """``p0.aragorn.1`` -> ``aragorn``."""
    return card_id.split(".")[1]


@lru_cache(maxsize=4096)
def owner_of(card_id: str) -> int:
    """The owning seat of a player card, -1 for encounter and quest cards."""
    head = card_id.split(".")[0]
    return int(head[1:]) if head[0] == "p" else -1
