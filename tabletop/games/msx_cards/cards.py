"""MSX Cards data: pydantic schemas for ``assets/cards/msx_cards/*.json`` and the loaded catalogue.

The JSON is validated once (schemas first, then cross-references and the playability bounds of the
spec's §15) and flattened into plain dicts held by :class:`Catalogue`, so the rules never touch a
pydantic object in their hot loop. Any problem is a one-line ``GameDataError`` naming the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletop.engine import GameDataError
from tabletop.engine.assets import cached_data, load_json, validate

GAME_ID = "msx_cards"
RACES = ("yellow", "green", "brown", "blue", "red")
"""Canonical race order (spec §2.1)."""
Race = Literal["yellow", "green", "brown", "blue", "red"]
KEBAB = r"^[a-z0-9]+(-[a-z0-9]+)*$"
DICE_RE = re.compile(r"^(\d+)d(\d+)(?:\+(\d+))?$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- abilities (spec §9: a closed vocabulary) -----------------------------------------------------
class DamageIncreased(_Strict):
    kind: Literal["DAMAGE_INCREASED"]
    amount: int = Field(ge=1, le=6)
    vs_race: Race | None = None


class DamageReduced(_Strict):
    kind: Literal["DAMAGE_REDUCED"]
    amount: int = Field(ge=1, le=3)
    vs_race: Race | None = None


class AttackNullified(_Strict):
    kind: Literal["ATTACK_NULLIFIED"]
    trigger: Literal["first_attack", "natural_at_most"]
    value: int | None = Field(default=None, ge=1, le=2)

    @model_validator(mode="after")
    def _value_matches_trigger(self) -> "AttackNullified":
        if (self.trigger == "natural_at_most") != (self.value is not None):
            raise ValueError("natural_at_most needs a value (1..2); first_attack takes none")
        return self


class AttackSplit(_Strict):
    kind: Literal["ATTACK_SPLIT"]
    vs_race: Race | None = None


class CapsuleBrake(_Strict):
    kind: Literal["CAPSULE_BRAKE"]
    amount: int = Field(ge=1, le=6)


class Alter(_Strict):
    kind: Literal["ATTACK_ALTER", "DEFENSE_ALTER"]
    target: Literal["self", "opponent"]
    race: Race | None = None
    mode: Literal["set", "add"]
    value: int = Field(ge=-15, le=12)


class NoParams(_Strict):
    kind: Literal["SURPRISE_ATTACK"]


class Amount(_Strict):
    kind: Literal["REGENERATION", "INITIATIVE_BONUS", "EVENT_RESISTANCE"]
    amount: int = Field(ge=1, le=6)


Ability = Annotated[Union[DamageIncreased, DamageReduced, AttackNullified, AttackSplit, CapsuleBrake,
                          Alter, NoParams, Amount], Field(discriminator="kind")]
ABILITY_KINDS = ("DAMAGE_INCREASED", "DAMAGE_REDUCED", "ATTACK_NULLIFIED", "ATTACK_SPLIT", "CAPSULE_BRAKE",
                 "ATTACK_ALTER", "DEFENSE_ALTER", "SURPRISE_ATTACK", "REGENERATION", "INITIATIVE_BONUS",
                 "EVENT_RESISTANCE")


# -- capsules (spec §8.7) --------------------------------------------------------------------------
EFFECT_KINDS = ("ATTACK_MOD", "DEFENSE_SET", "DEFENSE_MOD", "DAMAGE_TAKEN_MOD", "DAMAGE_TAKEN_HALVED",
                "DAMAGE_DEALT_MOD", "DAMAGE_DEALT_DOUBLED", "IGNORE_DEFENSE", "BEST_OF_TWO", "EXTRA_ATTACK",
                "NULLIFY_ATTACKS", "HEAL", "HARM", "CANCEL_OPPONENT_CAPSULE", "REVIVE", "BLOCK_ALTERATIONS")


class Effect(_Strict):
    kind: Literal["ATTACK_MOD", "DEFENSE_SET", "DEFENSE_MOD", "DAMAGE_TAKEN_MOD", "DAMAGE_TAKEN_HALVED",
                  "DAMAGE_DEALT_MOD", "DAMAGE_DEALT_DOUBLED", "IGNORE_DEFENSE", "BEST_OF_TWO",
                  "EXTRA_ATTACK", "NULLIFY_ATTACKS", "HEAL", "HARM", "CANCEL_OPPONENT_CAPSULE", "REVIVE",
                  "BLOCK_ALTERATIONS"]
    target: Literal["self", "opponent"] | None = None
    amount: int | None = Field(default=None, ge=-20, le=20)
    value: int | None = Field(default=None, ge=-15, le=30)
    dice: str | None = Field(default=None, pattern=DICE_RE.pattern)

    @model_validator(mode="after")
    def _params(self) -> "Effect":
        k = self.kind
        if k in ("ATTACK_MOD", "DEFENSE_MOD") and (self.target is None or self.amount is None):
            raise ValueError(f"{k} needs target and amount")
        if k in ("DEFENSE_SET", "REVIVE") and self.value is None:
            raise ValueError(f"{k} needs a value")
        if k in ("DAMAGE_TAKEN_MOD", "DAMAGE_DEALT_MOD") and self.amount is None:
            raise ValueError(f"{k} needs an amount")
        if k in ("HEAL", "HARM") and (self.amount is None) == (self.dice is None):
            raise ValueError(f"{k} needs exactly one of amount or dice")
        if k == "DEFENSE_SET" and self.value is not None and self.value > 0:
            raise ValueError("DEFENSE_SET value must be <= 0")
        return self


class Capsule(_Strict):
    id: str = Field(pattern=r"^[A-Z0-9.]+$")
    race: Race
    duration: Literal["INSTANT", "ACTION", "TURN", "TWO_TURNS", "BATTLE"]
    effects: list[Effect] = Field(min_length=1)
    pointless_if: Literal["opponent_has_no_active_capsule", "opponent_defense_zero",
                          "opponent_has_no_alter_on_me"] | None = None
    text: str = Field(min_length=1)


class RaceModel(_Strict):
    id: Race
    name: str
    theme: str
    symbol: str = Field(min_length=1, max_length=2)
    capsule_bar: list[str | None] = Field(min_length=6, max_length=6)


class Card(_Strict):
    id: str = Field(pattern=KEBAB)
    name: str = Field(min_length=1)
    race: Race
    attack: int = Field(ge=0, le=12)
    defense: int = Field(ge=-15, le=0)
    vitality: int = Field(ge=1, le=99)
    resistance: int = Field(ge=1, le=4)
    capsules_lit: list[int] = Field(min_length=1)
    ability: Ability | None = None


class Event(_Strict):
    id: str = Field(pattern=KEBAB)
    name: str
    polarity: Literal["positive", "negative"]
    kind: Literal["VITALITY", "CAPSULE_RECHARGE"]
    values: dict[Race, Annotated[int, Field(ge=0, le=30)]] | None = None
    resist_target: dict[Literal["1", "2", "3", "4"], Annotated[int, Field(ge=1, le=30)]] | None = None

    @model_validator(mode="after")
    def _shape(self) -> "Event":
        if self.kind == "VITALITY" and (self.values is None or len(self.values) != 5):
            raise ValueError("a VITALITY event needs a value for each of the 5 races")
        if self.kind == "CAPSULE_RECHARGE" and self.polarity != "positive":
            raise ValueError("CAPSULE_RECHARGE events are positive only")
        if self.polarity == "negative" and (self.resist_target is None or len(self.resist_target) != 4):
            raise ValueError("a negative event needs resist_target for levels 1-4")
        return self


class Pentagon(_Strict):
    id: str = Field(pattern=KEBAB)
    name: str
    rings: list[str] = Field(min_length=4, max_length=4)
    shades: list[Annotated[list[Literal["light", "dark"]], Field(min_length=5, max_length=5)]] = Field(
        min_length=4, max_length=4)


class BossEntry(_Strict):
    role: Literal["attack", "defense"]
    value: int = Field(ge=-20, le=12)


class Boss(_Strict):
    id: str = Field(pattern=KEBAB)
    name: str
    white: list[BossEntry] = Field(min_length=8, max_length=8)
    grey: list[BossEntry] = Field(min_length=8, max_length=8)

    @model_validator(mode="after")
    def _roles(self) -> "Boss":
        for name, entries, first in (("white", self.white, "attack"), ("grey", self.grey, "defense")):
            for i, e in enumerate(entries):
                want = first if i % 2 == 0 else ("defense" if first == "attack" else "attack")
                if e.role != want:
                    raise ValueError(f"{name} T{i + 1} must be {want}")
                if (e.role == "attack" and e.value < 0) or (e.role == "defense" and e.value > 0):
                    raise ValueError(f"{name} T{i + 1}: attack values are >= 0, defense values <= 0")
        return self


class EnemyPool(_Strict):
    ids: list[str] | None = None
    races: list[Race] | None = None

    @model_validator(mode="after")
    def _one(self) -> "EnemyPool":
        if (self.ids is None) == (self.races is None):
            raise ValueError("enemy_pool takes exactly one of ids or races")
        return self


class World(_Strict):
    id: str = Field(pattern=KEBAB)
    name: str
    attack_die: Literal[8, 12, 20]
    event_threshold: int = Field(default=1, ge=0, le=20)
    pentagon: str
    enemy_pool: EnemyPool
    boss: str
    bonus_before_boss: bool | None = None


class Mission(_Strict):
    id: str = Field(pattern=KEBAB)
    name: str
    summary: str = ""
    worlds: list[str] = Field(min_length=1)


@dataclass(frozen=True)
class Catalogue:
    """Everything the rules read, as plain dicts keyed by id (built once, never mutated)."""

    races: dict[str, dict[str, Any]]
    capsules: dict[str, dict[str, Any]]
    cards: dict[str, dict[str, Any]]
    events: dict[str, dict[str, Any]]
    pentagons: dict[str, dict[str, Any]]
    bosses: dict[str, dict[str, Any]]
    worlds: dict[str, dict[str, Any]]
    missions: dict[str, dict[str, Any]]
    card_ids: tuple[str, ...]
    card_by_name: dict[str, str]
    """Card ids by the data's (unique) names."""


def _at(file: str, item: str) -> str:
    """Where a data error is: ``msx_cards/cards.json: valis``."""
    return GAME_ID + "/" + file + ": " + item


def _check(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise GameDataError(f"{where}: {msg}")


def _list(name: str, model: Any) -> list[Any]:
    data = load_json("cards", GAME_ID, name)
    items = validate(list[model], data, f"{GAME_ID}/{name}")
    ids = [i.id for i in items]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    _check(not dup, f"{GAME_ID}/{name}", f"duplicate id {dup[0] if dup else ''}")
    return items


def build() -> Catalogue:
    """Read and validate every file; cross-check references and the playability bounds."""
    races = {r.id: r for r in _list("races.json", RaceModel)}
    _check(sorted(races) == sorted(RACES), f"{GAME_ID}/races.json", "exactly the 5 races are needed")
    caps = {c.id: c for c in _list("capsules.json", Capsule)}
    capsules: dict[str, dict[str, Any]] = {}
    for race in races.values():
        where = _at("races.json", race.id)
        _check(race.capsule_bar.count(None) == 1, where, "capsule_bar needs exactly one empty slot")
        index = 0
        for slot, cid in enumerate(race.capsule_bar, start=1):
            if cid is None:
                continue
            index += 1
            _check(cid in caps, where, f"unknown capsule {cid}")
            _check(caps[cid].race == race.id, where, f"capsule {cid} belongs to {caps[cid].race}")
            c = caps[cid]
            capsules[cid] = {"id": cid, "race": c.race, "duration": c.duration, "slot": slot, "index": index,
                             "pointless": c.pointless_if, "text": c.text,
                             "effects": [e.model_dump(exclude_none=True) for e in c.effects]}
    _check(len(capsules) == len(caps), f"{GAME_ID}/capsules.json", "a capsule is on no race's bar")

    cards: dict[str, dict[str, Any]] = {}
    for card in _list("cards.json", Card):
        where = _at("cards.json", card.id)
        bar = races[card.race].capsule_bar
        lit = sorted(set(card.capsules_lit))
        _check(len(lit) == len(card.capsules_lit), where, "capsules_lit repeats a slot")
        for slot in lit:
            _check(1 <= slot <= 6 and bar[slot - 1] is not None, where, f"slot {slot} is not a capsule of {card.race}")
        ab = card.ability.model_dump() if card.ability else None
        names = [bar[s - 1] for s in lit]
        cards[card.id] = {"id": card.id, "name": card.name, "race": card.race, "attack": card.attack,
                          "defense": card.defense, "vitality": card.vitality, "resistance": card.resistance,
                          "lit": lit, "caps": names, "sector": capsules[names[-1]]["index"], "ability": ab}
    names = [c["name"] for c in cards.values()]
    _check(len(set(names)) == len(names), GAME_ID + "/cards.json", "two cards share a name")
    per_race = {r: sum(1 for c in cards.values() if c["race"] == r) for r in RACES}
    if not (all(n >= 5 for n in per_race.values()) and len(cards) >= 25):
        raise GameDataError(f"{GAME_ID}/cards.json: at least 25 cards and 5 per race are needed (have {per_race})")
    low = min(c["attack"] for c in cards.values()) + min(c["defense"] for c in cards.values())
    if low < -6:
        raise GameDataError(f"{GAME_ID}/cards.json: lowest Attack + lowest Defense is {low}, below -6 (R41)")

    events = {e.id: e.model_dump(exclude_none=True) for e in _list("events.json", Event)}
    pentagons = {}
    for p in _list("pentagons.json", Pentagon):
        for ring in p.rings:
            _check(ring in events, _at("pentagons.json", p.id), f"unknown event {ring}")
        pentagons[p.id] = p.model_dump()
    bosses = {b.id: b.model_dump() for b in _list("bosses.json", Boss)}
    worlds = {}
    for w in _list("worlds.json", World):
        where = _at("worlds.json", w.id)
        _check(w.pentagon in pentagons, where, f"unknown pentagon {w.pentagon}")
        _check(w.boss in bosses, where, f"unknown boss {w.boss}")
        if w.enemy_pool.ids is not None:
            for cid in w.enemy_pool.ids:
                _check(cid in cards, where, f"unknown card {cid} in enemy_pool")
            pool = sorted(set(w.enemy_pool.ids))
        else:
            pool = sorted(c for c, d in cards.items() if d["race"] in (w.enemy_pool.races or []))
        _check(len(pool) >= 4, where, "enemy_pool must hold at least 4 cards")
        bonus = w.bonus_before_boss if w.bonus_before_boss is not None else w.attack_die == 20
        worlds[w.id] = {"id": w.id, "name": w.name, "die": w.attack_die, "threshold": w.event_threshold,
                        "pentagon": w.pentagon, "pool": pool, "boss": w.boss, "bonus": bonus}
    missions = {}
    for m in _list("missions.json", Mission):
        for wid in m.worlds:
            _check(wid in worlds, _at("missions.json", m.id), f"unknown world {wid}")
        missions[m.id] = m.model_dump()
    _check("standard" in missions and "quick" in missions, f"{GAME_ID}/missions.json",
           "missions 'standard' and 'quick' are required")
    return Catalogue(races={r: races[r].model_dump() for r in RACES}, capsules=capsules, cards=cards,
                     events=events, pentagons=pentagons, bosses=bosses, worlds=worlds, missions=missions,
                     card_ids=tuple(sorted(cards)), card_by_name={c["name"]: c["id"] for c in cards.values()})


@cached_data
def catalogue() -> Catalogue:
    """The validated catalogue, loaded once per process."""
    return build()


def dice_parts(text: str) -> tuple[int, int, int]:
    """``"1d6+2"`` -> ``(1, 6, 2)``."""
    m = DICE_RE.match(text)
    if m is None:  # validated on load; kept for direct callers
        raise GameDataError(f"{GAME_ID}: bad dice {text!r}")
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
