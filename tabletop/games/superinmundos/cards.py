"""Card data: the pydantic schema of ``assets/cards/superinmundos/cards.json`` and a fast lookup.

The JSON is validated once (schema, closed effect vocabulary, the §18 composition) and then turned
into ``CardInfo`` objects with plain attributes, because the rules read card data on every stat
computation and pydantic models are far too slow for that.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletop.engine import GameDataError
from tabletop.engine.assets import cached_data, load_json, validate

ELEMENTS = ("fire", "water", "lightning", "earth", "neutral")
CYCLE = {"fire": "earth", "earth": "lightning", "lightning": "water", "water": "fire"}
"""Element -> the element it beats (fire -> earth -> lightning -> water -> fire)."""
STATS = ("attack", "defense", "power")

TRIGGERS = ("PASSIVE", "ON_ENTER", "ON_WIN", "ON_DEFEATED", "ON_USED_AS_SUPPORT", "ACTIVATED",
            "BATTLE_END")
TIMINGS = ("TURN", "REACTION", "ROUND_START")

PASSIVE_KEYWORDS = ("FORCE_ADVANTAGE", "NEGATE_ELEMENT", "IMMUNE_TO_MODE", "WINS_TIES",
                    "IMMUNE_BELOW_STARS", "EXTRA_SUPPORT_SLOTS", "CANNOT_BE_SUPPORTED", "ALLOW_FUSION")
TRIGGERED_EFFECTS = ("MODIFY_STAT", "REVEAL_HAND", "DRAW", "PEEK_DECK", "LOOT_GAIN")
EVENT_EFFECTS = ("MODIFY_STAT", "SEARCH_DECK", "PEEK_DECK", "DRAW", "END_BATTLE_NO_WINNER",
                 "SHARED_HAND_FROM_DISCARD", "FUSE_PERSISTENT", "CANCEL_EVENT", "LOOT_GAIN",
                 "LOOT_STEAL", "RECOVER_FROM_DISCARD", "TAKE_FROM_HAND", "DISCARD_FROM_HAND")
EFFECT_KINDS = tuple(sorted(set(PASSIVE_KEYWORDS) | set(TRIGGERED_EFFECTS) | set(EVENT_EFFECTS)))
"""The closed vocabulary this engine interprets (documented in the card folder's README)."""

SEED_NAMED = ("siervo-ojaldre", "b22", "magucio", "shishabel", "mercenario-autonomo",
              "fortaleza-the-server", "gordemoniem", "black-friday", "diablo-interino",
              "se-suspende-la-batalla", "cementerio-cosmico", "fusion-de-poderes")


class Filter(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["combatant"] | None = None
    element: Literal["chosen", "fire", "water", "lightning", "earth", "neutral"] | None = None


class Effect(BaseModel):
    """One effect of the closed vocabulary; which parameters it needs is checked below."""

    model_config = ConfigDict(extra="forbid")
    effect: Literal[EFFECT_KINDS]  # type: ignore[valid-type]
    target: Literal["SELF", "OPPONENT_UNIT", "CHOSEN_UNIT", "NEXT_PLAYER", "CHOSEN_PLAYER"] | None = None
    stat: Literal["attack", "defense", "power", "all"] | None = None
    amount: int | None = Field(default=None, ge=-5, le=5)
    duration: Literal["THIS_COMBAT", "WHILE_ACTIVE"] | None = None
    mode: Literal["attack", "power"] | None = None
    n: int | None = Field(default=None, ge=1, le=5)
    max: int | None = Field(default=None, ge=2, le=2)
    to: Literal["OWNER", "hand"] | None = None
    source: Literal["deck"] | None = None
    pick: Literal["random"] | None = None
    filter: Filter | None = None

    @model_validator(mode="after")
    def _params(self) -> "Effect":
        need: dict[str, tuple[str, ...]] = {
            "MODIFY_STAT": ("target", "stat", "amount"), "IMMUNE_TO_MODE": ("mode",),
            "IMMUNE_BELOW_STARS": ("n",), "EXTRA_SUPPORT_SLOTS": ("n",), "ALLOW_FUSION": ("max",),
            "FUSE_PERSISTENT": ("max",), "REVEAL_HAND": ("target", "to"), "DRAW": ("n",),
            "PEEK_DECK": ("n",), "SEARCH_DECK": ("n", "to", "filter"), "LOOT_GAIN": ("n", "source"),
            "LOOT_STEAL": ("target", "n"), "RECOVER_FROM_DISCARD": ("n", "filter"),
            "TAKE_FROM_HAND": ("target", "n", "pick"), "DISCARD_FROM_HAND": ("target", "n", "pick"),
        }
        for name in need.get(self.effect, ()):
            if getattr(self, name) is None:
                raise ValueError(f"{self.effect} needs '{name}'")
        if self.effect == "MODIFY_STAT" and self.amount == 0:
            raise ValueError("MODIFY_STAT with amount 0 does nothing")
        return self


class Condition(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["OPPONENT_ELEMENT", "OPPONENT_STARS", "MODE", "OWNER_LOOT", "IS_DEFENDING",
                  "IS_ATTACKING"]
    op: Literal[">=", "<="] | None = None
    n: int | None = None
    mode: Literal["attack", "power"] | None = None
    in_: list[Literal["fire", "water", "lightning", "earth", "neutral"]] | None = Field(default=None, alias="in")

    @model_validator(mode="after")
    def _params(self) -> "Condition":
        if self.kind in ("OPPONENT_STARS", "OWNER_LOOT") and (self.op is None or self.n is None):
            raise ValueError(f"{self.kind} needs 'op' and 'n'")
        if self.kind == "MODE" and self.mode is None:
            raise ValueError("MODE needs 'mode'")
        if self.kind == "OPPONENT_ELEMENT" and not self.in_:
            raise ValueError("OPPONENT_ELEMENT needs 'in'")
        return self


class Cost(BaseModel):
    model_config = ConfigDict(extra="forbid")
    loot: int = Field(ge=1, le=5)


class Ability(BaseModel):
    model_config = ConfigDict(extra="forbid")
    trigger: Literal[TRIGGERS]  # type: ignore[valid-type]
    effects: list[Effect] = Field(min_length=1)
    cost: Cost | None = None
    condition: Condition | None = None
    optional: bool = False

    @model_validator(mode="after")
    def _shape(self) -> "Ability":
        kinds = [e.effect for e in self.effects]
        if self.trigger == "PASSIVE":
            if self.cost:
                raise ValueError("a passive ability has no cost")
            for e in self.effects:
                if e.effect == "MODIFY_STAT":
                    if e.target not in ("SELF", "OPPONENT_UNIT") or e.duration:
                        raise ValueError("a passive MODIFY_STAT targets SELF or OPPONENT_UNIT, no duration")
                elif e.effect not in PASSIVE_KEYWORDS:
                    raise ValueError(f"{e.effect} cannot be passive")
                elif self.condition:
                    raise ValueError("only passive MODIFY_STAT may carry a condition")
        else:
            for e in self.effects:
                if e.effect not in TRIGGERED_EFFECTS:
                    raise ValueError(f"{e.effect} cannot be triggered by {self.trigger}")
                if e.effect == "MODIFY_STAT" and (e.target != "SELF" or e.duration is None):
                    raise ValueError("a triggered MODIFY_STAT targets SELF and has a duration")
                if e.effect == "REVEAL_HAND" and (e.target != "NEXT_PLAYER" or e.to != "OWNER"):
                    raise ValueError("REVEAL_HAND shows the NEXT_PLAYER's hand to the OWNER")
            if self.trigger == "ACTIVATED" and self.cost is None:
                raise ValueError("an ACTIVATED ability needs a cost")
            if self.cost and self.trigger not in ("ACTIVATED", "ON_ENTER"):
                raise ValueError("only ACTIVATED and ON_ENTER abilities may have a cost")
            if self.cost and self.trigger == "ON_ENTER" and not self.optional:
                raise ValueError("a paid ON_ENTER ability must be optional")
        del kinds
        return self


class Support(BaseModel):
    model_config = ConfigDict(extra="forbid")
    stat: Literal["attack", "defense", "power", "any"]
    amount: int = Field(ge=-3, le=3)

    @model_validator(mode="after")
    def _nonzero(self) -> "Support":
        if self.amount == 0:
            raise ValueError("a support amount cannot be 0")
        return self


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$", max_length=40)
    name: str = Field(min_length=1, max_length=40)
    type: Literal["combatant", "event"]
    element: Literal["fire", "water", "lightning", "earth", "neutral"] | None = None
    stars: int | None = Field(default=None, ge=1, le=5)
    attack: int | None = Field(default=None, ge=0, le=8)
    defense: int | None = Field(default=None, ge=0, le=8)
    power: int | None = Field(default=None, ge=0, le=8)
    strong_vs: list[Literal["fire", "water", "lightning", "earth"]] = []
    weak_vs: list[Literal["fire", "water", "lightning", "earth"]] = []
    support: Support | None = None
    abilities: list[Ability] = []
    timing: Literal[TIMINGS] | None = None  # type: ignore[valid-type]
    effects: list[Effect] = []
    text: str = Field(default="", max_length=200)
    flavor: str = Field(default="", max_length=120)
    known_from_manual: bool = False

    @model_validator(mode="after")
    def _by_type(self) -> "Card":
        if self.type == "combatant":
            if None in (self.element, self.stars, self.attack, self.defense, self.power):
                raise ValueError("a combatant needs element, stars, attack, defense and power")
            if self.timing or self.effects:
                raise ValueError("a combatant has abilities, not timing/effects")
        else:
            if self.timing is None or not self.effects:
                raise ValueError("an event needs a timing and effects")
            if self.element or self.support or self.abilities or self.stars:
                raise ValueError("an event has no element, stars, support or abilities")
            for e in self.effects:
                if e.effect not in EVENT_EFFECTS:
                    raise ValueError(f"{e.effect} cannot be an event effect")
                if e.effect == "MODIFY_STAT" and (e.target != "CHOSEN_UNIT" or self.timing != "REACTION"
                                                  or e.duration != "THIS_COMBAT"):
                    raise ValueError("an event's MODIFY_STAT is a REACTION on a CHOSEN_UNIT this combat")
                if e.effect == "CANCEL_EVENT" and (self.timing != "REACTION" or len(self.effects) > 1):
                    raise ValueError("CANCEL_EVENT is the only effect of a REACTION card")
            if sum(1 for e in self.effects if e.target == "CHOSEN_PLAYER") > 1:
                raise ValueError("an event chooses at most one player")
        return self


def check_set(cards: list[Card]) -> None:
    """The §18 composition; raises ``ValueError`` with the first thing that is wrong."""
    if len(cards) != 108:
        raise ValueError(f"the deck has {len(cards)} cards, not 108")
    ids = [c.id for c in cards]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ValueError(f"duplicate card id {dup[0]!r}")
    counts = {e: 0 for e in ELEMENTS}
    for c in cards:
        if c.type == "combatant":
            counts[c.element or ""] += 1
    want = {"fire": 18, "water": 18, "lightning": 18, "earth": 18, "neutral": 22}
    for el, n in want.items():
        if counts[el] != n:
            raise ValueError(f"{counts[el]} {el} combatants, not {n}")
    events = sum(1 for c in cards if c.type == "event")
    if events != 14:
        raise ValueError(f"{events} events, not 14")
    by = {c.id: c for c in cards}
    for cid in SEED_NAMED:
        if cid not in by or not by[cid].known_from_manual:
            raise ValueError(f"the manual's card {cid!r} is missing")
    so, b22, mg = by["siervo-ojaldre"], by["b22"], by["magucio"]
    if (so.element, so.defense, so.power) != ("lightning", 1, 1):
        raise ValueError("siervo-ojaldre must be lightning with Defense 1 and Power 1 (§18.2)")
    if (b22.element, b22.attack, b22.power) != ("water", 3, 3):
        raise ValueError("b22 must be water with Attack 3 and Power 3 (§18.2)")
    if (mg.defense, mg.power) != (3, 4) or mg.element in ("fire", "lightning"):
        raise ValueError("magucio must have Defense 3, Power 4 and be neither fire nor lightning (§18.2)")
    if (b22.defense or 0) < (mg.attack or 0):
        raise ValueError("b22's Defense must be at least magucio's Attack (§18.2)")
    for cid in ("shishabel", "mercenario-autonomo"):
        if by[cid].support is None:
            raise ValueError(f"{cid} must carry the support icon (§18.2)")
    for cid in ("fortaleza-the-server", "gordemoniem"):
        c = by[cid]
        if not (7 <= (c.defense or 0) <= 8 and 7 <= (c.power or 0) <= 8):
            raise ValueError(f"{cid} needs Defense and Power 7-8 (§18.1)")
        if not any(e.effect == "ALLOW_FUSION" for a in c.abilities for e in a.effects):
            raise ValueError(f"{cid} must allow fusion (§11)")
    for c in cards:
        if c.type == "combatant" and c.id not in ("fortaleza-the-server", "gordemoniem"):
            if max(c.attack or 0, c.defense or 0, c.power or 0) > 6:
                raise ValueError(f"{c.id}: ordinary combatants have stats 0-6 (§18.1)")
    for cid in ("black-friday", "diablo-interino", "se-suspende-la-batalla", "cementerio-cosmico",
                "fusion-de-poderes"):
        if by[cid].type != "event":
            raise ValueError(f"{cid} must be an event")


class CardInfo:
    """A card's data as plain attributes, precomputed for the rules' hot paths."""

    __slots__ = ("id", "name", "kind", "element", "stars", "stats", "strong", "weak", "support", "a", "d", "p",
                 "aura", "self_mods", "imm_a", "imm_p", "tie_a", "tie_p",
                 "passive_mods", "force_adv", "negate", "immune_modes", "tie_modes", "immune_below",
                 "extra_slots", "no_support", "fusion", "triggers", "timing", "effects", "text",
                 "flavor", "known", "raw", "vals", "vals2", "adv", "slots", "plain",
                 "effect_kinds", "paid_enter", "paid_active")

    def __init__(self, card: Card) -> None:
        self.id = card.id
        self.name = card.name
        self.kind = card.type
        self.element = card.element or ""
        self.stars = card.stars or 0
        self.stats = {"attack": card.attack or 0, "defense": card.defense or 0, "power": card.power or 0}
        self.a, self.d, self.p = card.attack or 0, card.defense or 0, card.power or 0
        strong = set(card.strong_vs)
        if self.element in CYCLE:
            strong.add(CYCLE[self.element])
        self.strong = frozenset(strong)
        self.weak = frozenset(card.weak_vs)
        self.support = None if card.support is None else (card.support.stat, card.support.amount)
        self.passive_mods: list[tuple[str, str, int, dict[str, Any] | None]] = []
        self.force_adv = self.negate = self.no_support = False
        self.immune_modes: frozenset[str] = frozenset()
        self.tie_modes: frozenset[str] = frozenset()
        self.immune_below = 0
        self.extra_slots = 0
        self.fusion = 0
        self.triggers: dict[str, list[dict[str, Any]]] = {}
        for ab in card.abilities:
            cond = ab.condition.model_dump(by_alias=True, exclude_none=True) if ab.condition else None
            if ab.trigger == "PASSIVE":
                for e in ab.effects:
                    k = e.effect
                    if k == "MODIFY_STAT":
                        self.passive_mods.append((e.target or "SELF", e.stat or "all", e.amount or 0, cond))
                    elif k == "FORCE_ADVANTAGE":
                        self.force_adv = True
                    elif k == "NEGATE_ELEMENT":
                        self.negate = True
                    elif k == "IMMUNE_TO_MODE":
                        self.immune_modes = self.immune_modes | {e.mode or ""}
                    elif k == "WINS_TIES":
                        self.tie_modes = frozenset({e.mode} if e.mode else {"attack", "power"})
                    elif k == "IMMUNE_BELOW_STARS":
                        self.immune_below = e.n or 0
                    elif k == "EXTRA_SUPPORT_SLOTS":
                        self.extra_slots += e.n or 0
                    elif k == "CANNOT_BE_SUPPORTED":
                        self.no_support = True
                    elif k == "ALLOW_FUSION":
                        self.fusion = e.max or 2
            else:
                self.triggers.setdefault(ab.trigger, []).append({
                    "effects": [e.model_dump(exclude_none=True) for e in ab.effects],
                    "cost": ab.cost.loot if ab.cost else 0, "condition": cond, "optional": ab.optional})
        self.imm_a, self.imm_p = "attack" in self.immune_modes, "power" in self.immune_modes
        self.tie_a, self.tie_p = "attack" in self.tie_modes, "power" in self.tie_modes
        self.aura = [m for m in self.passive_mods if m[0] == "OPPONENT_UNIT"]
        self.self_mods = [m for m in self.passive_mods if m[0] == "SELF"]
        self.timing = card.timing or ""
        self.effects = [e.model_dump(exclude_none=True) for e in card.effects]
        self.text = card.text
        self.flavor = card.flavor
        self.known = card.known_from_manual
        self.raw = card
        self.vals = (self.a, self.d, self.p)
        self.vals2 = (2 * self.a, 2 * self.d, 2 * self.p)
        """Printed [attack, defense, power], and doubled (element advantage)."""
        self.adv: frozenset[CardInfo] = frozenset()
        """The cards this one doubles against (filled by ``link_advantages`` once the set is known)."""
        self.slots = 0 if self.no_support else 1 + self.extra_slots
        """How many supports each component of this card can hold."""
        self.plain = not self.self_mods and not self.aura
        """No passive stat modifier at all: its stats never depend on a condition."""
        self.effect_kinds = tuple(e["effect"] for e in self.effects)
        """An event's effect kinds, in card order."""
        self.paid_enter = [ab for trig in ("ON_ENTER", "ACTIVATED") for ab in self.triggers.get(trig, ()) if ab["cost"]]
        self.paid_active = [ab for ab in self.triggers.get("ACTIVATED", ()) if ab["cost"]]
        """Abilities with a loot cost usable as the unit enters, and while it defends (S24)."""

    @property
    def total(self) -> int:
        return sum(self.stats.values())

    def kinds(self) -> set[str]:
        """Every effect kind this card uses (the coverage test checks each is implemented)."""
        out = {e["effect"] for e in self.effects}
        for abilities in self.triggers.values():
            out |= {e["effect"] for ab in abilities for e in ab["effects"]}
        if self.passive_mods:
            out.add("MODIFY_STAT")
        for flag, kind in ((self.force_adv, "FORCE_ADVANTAGE"), (self.negate, "NEGATE_ELEMENT"),
                           (self.immune_modes, "IMMUNE_TO_MODE"), (self.tie_modes, "WINS_TIES"),
                           (self.immune_below, "IMMUNE_BELOW_STARS"), (self.extra_slots, "EXTRA_SUPPORT_SLOTS"),
                           (self.no_support, "CANNOT_BE_SUPPORTED"), (self.fusion, "ALLOW_FUSION")):
            if flag:
                out.add(kind)
        return out


def has_advantage(c: CardInfo, d: CardInfo) -> bool:
    """Does ``c`` double against ``d``? Card text first (negation, forced), then the cycle and
    printed strengths/weaknesses; neutral has no relations (S9, S10)."""
    if c.negate or d.negate:
        return False
    if c.force_adv:
        return True
    return d.element in c.strong or c.element in d.weak


def link_advantages(table: dict[str, CardInfo]) -> None:
    """Precompute each card's ``adv`` set: a pure function of the two cards' data."""
    infos = list(table.values())
    for c in infos:
        c.adv = frozenset(d for d in infos if has_advantage(c, d))


def parse_cards(data: Any, where: str = "superinmundos/cards.json") -> dict[str, CardInfo]:
    """Validate raw JSON data (schema + composition) into the lookup; ``GameDataError`` if bad."""
    cards: list[Card] = validate(list[Card], data, where)
    try:
        check_set(cards)
    except ValueError as exc:
        raise GameDataError(f"{where}: {exc}") from None
    table = {c.id: CardInfo(c) for c in cards}
    from .effects import OPS, PASSIVE  # effects reads this module's tables: imported once loaded

    OPS.check(((where + ": card " + cid, kind) for cid, ci in table.items() for kind in sorted(ci.kinds())),
              passive=PASSIVE)
    link_advantages(table)
    return table


_TABLE: dict[str, CardInfo] = {}
"""Every physical card id (second copies included) -> its data, filled by ``all_cards``; hot paths
index it directly."""


@cached_data
def all_cards() -> dict[str, CardInfo]:
    """The shipped card set, validated once per process."""
    cards = parse_cards(load_json("cards", "superinmundos", "cards.json"))
    _TABLE.update(cards)
    _TABLE.update({f"{cid}#2": ci for cid, ci in cards.items()})
    return cards


def base_id(card_id: str) -> str:
    """The printed card id of a physical copy (``"magucio#2"`` is a second copy of ``magucio``)."""
    return card_id.split("#", 1)[0]


def info(card_id: str) -> CardInfo:
    """Card data by (physical) id: a dict lookup on the hot path, copies resolved once."""
    try:
        return _TABLE[card_id]
    except KeyError:
        found = all_cards()[base_id(card_id)]
        _TABLE[card_id] = found
        return found
