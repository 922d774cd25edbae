"""Villainous card data: the pydantic schema, the loader and the precomputed lookup tables.

The six villains live in ``assets/cards/villainous/<key>.json``. They are validated once (pydantic)
and turned into plain ``CardDef`` objects indexed by *instance id* (``"jafar.razoul#1"``), so the
rules never re-validate or search lists while playing. The effect vocabulary is closed: every
``trigger`` and every ``op`` must be one the rules interpret (``TRIGGERS`` / ``OPS``), otherwise the
data is refused with a one-line ``GameDataError``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tabletop.engine import GameDataError
from tabletop.engine.assets import cached_data, load_json, validate

VILLAINS: tuple[str, ...] = ("maleficent", "jafar", "ursula", "hook", "john", "queen")
"""Villain keys in the order of the box (and of the non-draft assignment)."""

TRIGGERS = frozenset({
    "static", "static_event", "on_play", "activated", "condition", "on_defeated",
    "on_discarded_from_realm", "before_villain_moves", "on_reveal", "on_mover_enters_here",
    "on_hero_played_here", "on_ally_played_here", "on_moved_to_target_location", "replacement",
    "owner_option",
})

OPS = frozenset({
    "add_action_symbol", "alternative_cost", "attach", "attach_from_discard", "choose_one", "convert",
    "convert_hero_to_ally", "defeat_attached_hero", "defeat_hero", "delayed_trigger", "discard_card",
    "discard_from_hand", "discard_hand", "discard_self", "discard_this_instead_of_attached_ally", "draw",
    "end_of_turn_hand_target", "enlarge", "shrink", "unenlarge", "unshrink", "find_and_play",
    "forced_play", "gain_power", "grant", "if_else", "look_at_top", "lose_power",
    "modify_activation_cost", "modify_cost", "modify_power_gain", "modify_strength", "move_ally",
    "move_hero", "move_item", "move_lock_token", "move_mover", "not_discarded_when_used_to_vanquish",
    "pay_to_discard_this", "perform_action", "perform_covered_action", "play_from_discard",
    "play_from_hand_free", "reattach", "restrict", "retrieve_from_discard", "return_stolen_item",
    "return_to_villain_side_same_location", "reveal_hand_until_this_defeated", "reveal_top",
    "reveal_until", "shuffle_discard_into_deck", "shuffle_into_deck", "steal_item",
    "store_power_on_hero", "toggle_wicket", "unlock", "vanquish_reach", "win_check",
})

ACTIONS = ("gain_power", "play_card", "activate", "fate", "move_item_ally", "move_hero", "vanquish",
           "discard")

CardType = Literal["Ally", "Item", "Effect", "Condition", "Curse", "Hero"]


def dot(path: str, key: Any) -> str:
    """A field path inside the card data (``effect.0.steps``), for error messages."""
    return path + "." + str(key)


def _check_ops(value: Any, where: str = "effect") -> None:
    """Walk an effect tree: every ``op`` anywhere (steps, options, then/else) must be known."""
    if isinstance(value, dict):
        op = value.get("op")
        if op is not None and op not in OPS:
            raise ValueError(f"unknown op {op!r} in {where}")
        for key, sub in value.items():
            _check_ops(sub, dot(where, key))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            _check_ops(sub, f"{where}[{i}]")


class EffectModel(BaseModel):
    """One ability: a trigger plus either an ``op`` with its parameters or ``steps``."""

    model_config = ConfigDict(extra="allow")
    trigger: str
    op: str | None = None
    steps: list[dict[str, Any]] | None = None

    @field_validator("trigger")
    @classmethod
    def _known_trigger(cls, v: str) -> str:
        if v not in TRIGGERS:
            raise ValueError(f"unknown trigger {v!r}")
        return v

    @model_validator(mode="after")
    def _has_body(self) -> "EffectModel":
        if (self.op is None) == (self.steps is None):
            raise ValueError("an effect needs exactly one of op or steps")
        _check_ops(self.model_dump())
        return self


class CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    type: CardType
    copies: int = Field(ge=1, le=3)
    cost: int | Literal["X"] | None = None
    strength: int | None = None
    strength_modifier: int | None = None
    target_location: str | None = None
    suit: str | None = None
    uncertain: bool = False
    uncertain_fields: list[str] = []
    effect: EffectModel | list[EffectModel] | None
    text: str = Field(min_length=1)


class ActionSymbol(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Literal["gain_power", "play_card", "activate", "fate", "move_item_ally", "move_hero",
                    "vanquish", "discard"]
    amount: int | None = None


class LocationModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    index: int = Field(ge=0, le=3)
    name: str
    starts_locked: bool
    top: list[ActionSymbol] = Field(max_length=2)
    bottom: list[ActionSymbol]


OBJECTIVE_TIMING: dict[str, str] = {
    "maleficent": "start_of_turn", "jafar": "start_of_turn", "ursula": "start_of_turn",
    "john": "start_of_turn", "hook": "immediate", "queen": "immediate",
}
"""When the rules check each villain's objective (``turn.START_OBJECTIVES`` are the first four);
an objective whose stated timing differs is refused rather than silently checked at another time."""

OBJECTIVE_TESTS = frozenset({
    "all", "card", "side", "location", "not_attached_to_hero", "controlled_as_ally", "power_at_least",
    "for_each_location", "min_cards", "card_type", "event", "hero", "at_location", "precondition",
    "card_state",
})
OBJECTIVE_EVENTS = frozenset({"hero_defeated", "take_the_shot_succeeds"})
CARD_STATES = frozenset({"Wicket"})
TO_TOKENS = frozenset({
    "Card Guard", "Wicket", "adjacent_unlocked_location", "ally", "ally_or_wicket", "any_unlocked_location",
    "hand", "hero", "hero_with_no_attached_items", "owner_mover_location", "same_location", "self",
    "this_location", "villain_side_same_location",
})
"""What an effect's ``to`` may name besides a location or a card."""


class ObjectiveModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    summary: str = Field(min_length=1)
    timing: Literal["start_of_turn", "immediate"]
    test: dict[str, Any]


class LockModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    starts_at: str
    removed_by: str | None
    moves_between: list[str] = []
    moved_by: list[str] = []


class VillainModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str
    name: str
    objective: ObjectiveModel
    locations: list[LocationModel] = Field(min_length=4, max_length=4)
    lock: LockModel | None
    villain_deck: list[CardModel]
    fate_deck: list[CardModel]

    @model_validator(mode="after")
    def _decks(self) -> "VillainModel":
        if sum(c.copies for c in self.villain_deck) != 30:
            raise ValueError("villain deck must hold 30 cards")
        if sum(c.copies for c in self.fate_deck) != 15:
            raise ValueError("fate deck must hold 15 cards")
        ids = [c.id for c in self.villain_deck + self.fate_deck]
        if len(ids) != len(set(ids)):
            raise ValueError("card ids repeat")
        if [loc.index for loc in self.locations] != [0, 1, 2, 3]:
            raise ValueError("locations must be indexed 0..3 in order")
        for c in self.villain_deck:
            if c.type == "Hero":
                raise ValueError(f"{c.id}: a Hero cannot be in a villain deck")
            if c.type in ("Ally", "Item", "Effect", "Curse") and c.cost is None:
                raise ValueError(f"{c.id}: villain cards need a cost")
            if c.type == "Ally" and c.strength is None:
                raise ValueError(f"{c.id}: an Ally needs a strength")
        for c in self.fate_deck:
            if c.type not in ("Hero", "Item", "Effect"):
                raise ValueError(f"{c.id}: fate cards are Heroes, Items or Effects")
            if c.type == "Hero" and c.strength is None:
                raise ValueError(f"{c.id}: a Hero needs a strength")
        return self


class CardDef:
    """One card as the rules use it (plain attributes, effects grouped by trigger)."""

    __slots__ = ("key", "villain", "name", "type", "fate", "cost", "strength", "smod", "text",
                 "effects", "by_trigger", "target_location", "ops", "_steps")

    def __init__(self, villain: str, m: CardModel, fate: bool) -> None:
        self.key = m.id
        self.villain = villain
        self.name = m.name
        self.type = m.type
        self.fate = fate
        self.cost = m.cost
        self.strength = m.strength
        self.smod = m.strength_modifier or 0
        self.text = m.text
        self.target_location = m.target_location
        raw = m.effect if isinstance(m.effect, list) else ([m.effect] if m.effect else [])
        self.effects: list[dict[str, Any]] = [e.model_dump(exclude_none=True) for e in raw]
        self.by_trigger: dict[str, list[dict[str, Any]]] = {}
        for e in self.effects:
            self.by_trigger.setdefault(e["trigger"], []).append(e)
        self.ops: set[str] = set()
        for e in self.effects:
            _collect_ops(e, self.ops)
        self._steps: dict[str, tuple[dict[str, Any], ...]] = {}
        for trigger, effects in self.by_trigger.items():
            flat: list[dict[str, Any]] = []
            for e in effects:
                flat.extend(e["steps"] if "steps" in e else [e])
            self._steps[trigger] = tuple(flat)

    def steps(self, trigger: str) -> list[dict[str, Any]]:
        """The ops of every effect with this trigger, in order (an ``op`` effect is one step).

        Flattened once at load time; each call returns a fresh list (callers may keep it in a frame).
        """
        return list(self._steps.get(trigger, ()))


def _collect_ops(value: Any, into: set[str]) -> None:
    if isinstance(value, dict):
        if "op" in value:
            into.add(value["op"])
        for sub in value.values():
            _collect_ops(sub, into)
    elif isinstance(value, list):
        for sub in value:
            _collect_ops(sub, into)


class Villain:
    """A villain's board and decks, with instance ids for every physical card."""

    def __init__(self, m: VillainModel) -> None:
        self.key = m.key
        self.name = m.name
        self.objective = m.objective.model_dump()
        self.lock = m.lock.model_dump() if m.lock else None
        self.loc_names = [loc.name for loc in m.locations]
        self.top = [[(a.action, a.amount or 0) for a in loc.top] for loc in m.locations]
        self.bottom = [[(a.action, a.amount or 0) for a in loc.bottom] for loc in m.locations]
        self.starts_locked = [loc.starts_locked for loc in m.locations]
        self.villain_cards: list[str] = []
        self.fate_cards: list[str] = []
        self.defs: dict[str, CardDef] = {}
        for models, fate, out in ((m.villain_deck, False, self.villain_cards),
                                  (m.fate_deck, True, self.fate_cards)):
            for c in models:
                d = CardDef(m.key, c, fate)
                self.defs[c.id] = d
                for n in range(1, c.copies + 1):
                    out.append(f"{m.key}.{c.id}#{n}")

    def loc_index(self, name: str) -> int:
        return self.loc_names.index(name)


class Library:
    """Everything loaded: villains by key and a def for every card instance id."""

    def __init__(self, villains: dict[str, Villain]) -> None:
        self.villains = villains
        self.card: dict[str, CardDef] = {}
        for v in villains.values():
            for cid in v.villain_cards + v.fate_cards:
                self.card[cid] = v.defs[cid.split(".", 1)[1].split("#", 1)[0]]


def parse_villain(data: Any, where: str) -> Villain:
    model = validate(VillainModel, data, where)
    villain = Villain(model)
    _check_references(villain, where)
    return villain


def _check_references(villain: Villain, where: str) -> None:
    """Closed validation of what the schema cannot see: every card, location, event and state
    the objective, the lock and the effects name must exist; the first miss is a one-line
    ``GameDataError`` naming file, card and field."""
    locations = set(villain.loc_names)
    names = {d.name for d in villain.defs.values()}

    def fail(card: str, field: str, why: str) -> None:
        raise GameDataError(f"{where}: card {card!r}: field {field!r}: {why}" if card
                            else f"{where}: field {field!r}: {why}")

    for d in villain.defs.values():
        if d.target_location is not None and d.target_location not in locations:
            fail(d.key, "target_location", f"unknown location {d.target_location!r}")
        for i, effect in enumerate(d.effects):
            _check_effect(effect, dot("effect", i), d.key, names, locations, fail)
    objective = villain.objective
    expected = OBJECTIVE_TIMING.get(villain.key)
    if expected is not None and objective["timing"] != expected:
        raise GameDataError(f"{where}: field 'objective.timing': {objective['timing']!r}, but the rules check "
                            f"this objective at {expected!r}")
    _check_test(objective["test"], "objective.test", names, locations, fail)
    lock = villain.lock
    if lock is not None:
        if lock["starts_at"] not in locations:
            fail("", "lock.starts_at", f"unknown location {lock['starts_at']!r}")
        for i, loc in enumerate(lock["moves_between"]):
            if loc not in locations:
                fail("", dot("lock.moves_between", i), f"unknown location {loc!r}")
        for i, card in enumerate(lock["moved_by"]):
            if card not in names:
                fail("", dot("lock.moved_by", i), f"unknown card {card!r}")
        remover = lock["removed_by"]
        if remover is not None and remover.split(" (", 1)[0] not in names:
            fail("", "lock.removed_by", f"unknown card {remover!r}")


def _check_test(test: Any, field: str, names: set[str], locations: set[str], fail: Any) -> None:
    if not isinstance(test, dict):
        fail("", field, "an objective test must be an object")
    for key, value in test.items():
        at = dot(field, key)
        if key not in OBJECTIVE_TESTS:
            fail("", at, "unknown objective test")
        if key == "all":
            if not isinstance(value, list) or not value:
                fail("", at, "needs a list of tests")
            for i, sub in enumerate(value):
                _check_test(sub, dot(at, i), names, locations, fail)
        elif key == "precondition":
            _check_test(value, at, names, locations, fail)
        elif key in ("card", "hero") and value not in names:
            fail("", at, f"unknown card {value!r}")
        elif key in ("location", "at_location") and value not in locations:
            fail("", at, f"unknown location {value!r}")
        elif key == "event" and value not in OBJECTIVE_EVENTS:
            fail("", at, f"unknown event {value!r}")
        elif key == "card_type" and value not in ("Ally", "Item", "Effect", "Condition", "Curse", "Hero"):
            fail("", at, f"unknown card type {value!r}")
        elif key == "card_state" and value not in CARD_STATES:
            fail("", at, f"unknown card state {value!r}")
        elif key == "side" and value not in ("villain", "hero"):
            fail("", at, f"unknown side {value!r}")


RESTRICTIONS: dict[str, str | None] = {
    "attached_hero_cannot_be_defeated": None, "cannot_be_played_or_moved_to_The_Jail": None,
    "cannot_be_shrunk": None, "card_guards_at_this_location_cannot_become_wickets": None,
    "curses_cannot_be_played_to_this_location": None, "heroes_with_strength_below_4_cannot_be_played_here": None,
    "no_heroes_can_be_played_here": None, "owner_cannot_move_allies_or_items": None,
    "owner_cannot_play_effects": None, "owner_cannot_take_move_item_ally_action": None,
    "owner_must_defeat_attached_hero_first": None, "owner_must_defeat_this_hero_first": None,
    "vanquish_requires_at_least_2_allies": None,
    "cannot_be_vanquished_by": "card", "may_only_be_played_to": "location",
}
"""The words a ``restrict`` may say (``what``), each with the parameter it needs (``card``: an
Ally of the same villain; ``location``: one of its locations), or ``None``. The rules read these
words from the data (``hooks.py``), never the card's name."""

STATIC_EVENTS = frozenset({"King Triton defeated", "attached_ally_used_to_defeat_hero", "hero_at_this_location_defeated"})
"""The events a ``static_event`` ability may wait for (``when``)."""

IF_TESTS = frozenset({"hero_in_owner_realm"})
"""What an ``if_else`` may test (``if``), with the Hero it names in ``card``."""

STRENGTH_CONDITIONS = frozenset({
    "any_curse_at_this_location", "Magic Lamp at this location", "Princess Jasmine anywhere in Jafar's realm",
    "at Jolly Roger", "has_any_attached_item", "March Hare in owner realm", "Mad Hatter in owner realm",
    "mover_at_this_location",
})
"""The conditions a ``modify_strength`` may carry in ``if``: exactly the keys of ``board.COND``,
which evaluates them (a test holds the two together; board cannot be imported from here)."""


def _check_effect(value: Any, field: str, card: str, names: set[str], locations: set[str], fail: Any) -> None:
    """Walk an effect tree: the cards and locations its parameters name must exist, and a
    strength modifier's condition must be one the rules evaluate."""
    if isinstance(value, dict):
        cond = value.get("if")
        if value.get("op") == "modify_strength" and cond is not None and cond not in STRENGTH_CONDITIONS:
            fail(card, f"{field}.if", f"unknown strength condition {cond!r}")
        if value.get("op") == "restrict":
            what = value.get("what")
            if what not in RESTRICTIONS:
                fail(card, f"{field}.what", f"unknown restriction {what!r}")
            needs = RESTRICTIONS[what]
            if needs is not None and not isinstance(value.get(needs), str):
                fail(card, dot(field, needs), f"restriction {what!r} needs a {needs}")
        if value.get("op") == "if_else" and value.get("if") not in IF_TESTS:
            fail(card, f"{field}.if", f"unknown test {value.get('if')!r}")
        if value.get("trigger") == "static_event" and value.get("when") not in STATIC_EVENTS:
            fail(card, f"{field}.when", f"unknown event {value.get('when')!r}")
        for key, sub in value.items():
            at = dot(field, key)
            if key in ("card", "name", "of") and isinstance(sub, str) and sub not in names:
                fail(card, at, f"unknown card {sub!r}")
            elif key == "location" and isinstance(sub, str) and sub not in locations:
                fail(card, at, f"unknown location {sub!r}")
            elif key == "choices" and isinstance(sub, list) and all(isinstance(c, str) for c in sub):
                for i, loc in enumerate(sub):
                    if loc not in locations:
                        fail(card, dot(at, i), f"unknown location {loc!r}")
            elif key == "to" and isinstance(sub, str) and sub not in locations | names | TO_TOKENS:
                fail(card, at, f"unknown destination {sub!r}")
            else:
                _check_effect(sub, at, card, names, locations, fail)
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            _check_effect(sub, dot(field, i), card, names, locations, fail)


@cached_data
def library() -> Library:
    """Load and validate the six villains once."""
    villains = {}
    for key in VILLAINS:
        data = load_json("cards", "villainous", f"{key}.json")
        villain = parse_villain(data, f"villainous/{key}.json")
        if villain.key != key:
            raise GameDataError(f"villainous/{key}.json: key is {villain.key!r}, expected {key!r}")
        villains[key] = villain
    return Library(villains)
