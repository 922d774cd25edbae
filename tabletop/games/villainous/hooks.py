"""Card hooks: what the rules ask of a card, read once from the abilities its data declares.

The rules never test a card's name or key to decide what it does ("is this Peter Pan?"): they ask
these tables, built at load from the closed vocabulary of ``assets/cards/villainous`` (triggers,
ops, ``restrict`` words, ``static_event`` events). A new card with the same declared ability gets
the same treatment, and a tampered file cannot smuggle in a behaviour the rules do not know
(``cards.py`` refuses unknown words at load). Tables are keyed by card *instance* id, the way the
hot loops meet cards, or by card key where the rules already look cards up by key (``in_realm``).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import GameDataError

from .cards import CardDef, library

CARD = library().card
_DEFS: list[CardDef] = list({id(d): d for d in CARD.values()}.values())


def _instances(pred: Any) -> frozenset[str]:
    return frozenset(c for c, d in CARD.items() if pred(d))


def _static(d: CardDef, op: str) -> list[dict[str, Any]]:
    return [st for st in d.steps("static") if st.get("op") == op]


def _restricts(d: CardDef, what: str) -> list[dict[str, Any]]:
    return [st for st in _static(d, "restrict") if st["what"] == what]


def _villains(ids: frozenset[str]) -> frozenset[str]:
    """The villains whose realm can hold one of these cards (realm isolation: only their own)."""
    return frozenset(CARD[c].villain for c in ids)


# -- defeating and vanquishing --------------------------------------------------------------------
SHIELDS = _instances(lambda d: bool(_restricts(d, "attached_hero_cannot_be_defeated")))
"""Items whose Hero cannot be defeated while they are attached (Clever Disguise)."""
SHIELD_VILLAINS = _villains(SHIELDS)

FIRST_SELF = _instances(lambda d: bool(_restricts(d, "owner_must_defeat_this_hero_first")))
"""Heroes that must be defeated before the others (Carpet, R39)."""
FIRST_ATTACHED = _instances(lambda d: bool(_restricts(d, "owner_must_defeat_attached_hero_first")))
"""Items whose Hero must be defeated first (Taunt, R39)."""
PRIORITY_VILLAINS = _villains(FIRST_SELF | FIRST_ATTACHED)

NEEDS_TWO = _instances(lambda d: bool(_restricts(d, "vanquish_requires_at_least_2_allies")))
"""Heroes only two or more Allies can vanquish (Guards, Lost Boys)."""

_KEY_BY_NAME = {(d.villain, d.name): d.key for d in _DEFS}


def key_named(villain: str, name: str) -> str | None:
    """The key of the card of ``villain`` the data names ``name`` (a parameter such as ``of``)."""
    return _KEY_BY_NAME.get((villain, name))


NOT_VANQUISHED_BY: dict[str, frozenset[str]] = {
    c: frozenset(_KEY_BY_NAME[(d.villain, st["card"])] for st in _restricts(d, "cannot_be_vanquished_by"))
    for c, d in CARD.items() if _restricts(d, "cannot_be_vanquished_by")}
"""Hero instance -> the keys of the Allies that cannot help vanquish him (Sultan, Skippy)."""

KEEPS_AFTER_VANQUISH = _instances(lambda d: any(
    st["op"] == "not_discarded_when_used_to_vanquish" for st in d.steps("replacement")))
"""Allies not discarded after helping to vanquish (Tweedle Dee and Tweedle Dum)."""
TAKES_ALLYS_PLACE = _instances(lambda d: any(
    st["op"] == "discard_this_instead_of_attached_ally" for st in d.steps("replacement")))
"""Items discarded instead of the Ally they are attached to (Bow and Arrows)."""

RETURNS_ON_HOST_DEFEAT = _instances(lambda d: any(
    st["op"] == "return_to_villain_side_same_location" for st in d.steps("static_event")))
"""Items that go back to the villain side when their Hero is defeated (the Trident)."""
BACK_TO_FATE_DECK = _instances(lambda d: any(
    st["op"] == "shuffle_into_deck" and st.get("instead_of_discard") for st in d.steps("on_defeated")))
"""Heroes shuffled into the Fate deck instead of discarded when defeated (Toby)."""

# -- playing cards --------------------------------------------------------------------------------
ONLY_TO: dict[str, str] = {d.key: st["location"] for d in _DEFS for st in _restricts(d, "may_only_be_played_to")}
"""Card key -> the only location it may be played to (Magic Lamp: Cave of Wonders)."""
ITEM_PAYERS: tuple[str, ...] = tuple(d.key for d in _DEFS if any(
    st["op"] == "alternative_cost" and st.get("scope") == "Item" and st.get("pay_by") == "discard_this_card"
    for st in d.steps("replacement")))
"""Keys of the cards that can be discarded to pay for an Item (Never Land Map)."""
BINDS = _instances(lambda d: "on_moved_to_target_location" in d.by_trigger)
"""Items played onto a Hero that act when he is moved to their target location (Binding Contracts)."""
TARGET_TAX: dict[str, int] = {
    c: sum(int(st["amount"]) for st in _static(d, "modify_cost")
           if "Binding Contract or Effect that targets this hero" in st["scope"])
    for c, d in CARD.items()
    if any("Binding Contract or Effect that targets this hero" in st["scope"] for st in _static(d, "modify_cost"))}
"""Hero instance -> the extra Power an Effect aimed at him costs (King Triton)."""

# -- revealing --------------------------------------------------------------------------------------
FORCED_TO: dict[str, str] = {c: st["to"] for c, d in CARD.items() for st in d.steps("on_reveal")
                             if st["op"] == "forced_play"}
"""Card instance -> the location it is played to at once when revealed, whatever revealed it
(Peter Pan: Hangman's Tree, R32)."""
FORCED_ON_REVEAL = frozenset(FORCED_TO)

# -- the villain's turn --------------------------------------------------------------------------------
COVERED_ACTION_KEYS: tuple[str, ...] = tuple(d.key for d in _DEFS if _static(d, "perform_covered_action"))
"""Keys of the Allies that open covered actions at their location (Sir Hiss, R37)."""
PAY_TO_DISCARD_KEYS: tuple[str, ...] = tuple(d.key for d in _DEFS if any(
    st["op"] == "pay_to_discard_this" for st in d.steps("owner_option")))
"""Keys of the cards their owner may pay to discard (Clever Disguise)."""

# -- event-triggered abilities (R44): what fires, and what it does --------------------------------
EVENT_TRIGGERS = ("on_mover_enters_here", "on_hero_played_here", "on_ally_played_here", "static_event")
MOVER_ENTERS = _instances(lambda d: "on_mover_enters_here" in d.by_trigger)
"""Cards whose ability fires when their owner's mover enters their location."""
PLAYED_HERE = {"hero": _instances(lambda d: "on_hero_played_here" in d.by_trigger),
               "ally": _instances(lambda d: "on_ally_played_here" in d.by_trigger)}
"""Cards whose ability fires when a Hero / an Ally is played to their location."""
WHEN: dict[str, frozenset[str]] = {
    when: _instances(lambda d, w=when: any(e["trigger"] == "static_event" and e.get("when") == w
                                           and e.get("op") == "gain_power" for e in d.effects))
    for when in ("hero_at_this_location_defeated", "attached_ally_used_to_defeat_hero")}
"""Cards that gain Power when the event happens (Spinning Wheel, Golden Arrow)."""
OUTLIVES_ITS_ALLY = frozenset(CARD[c].key for c in WHEN["attached_ally_used_to_defeat_hero"])
"""Keys of the abilities that still fire though their card left play with the Ally whose defeat
they saw (Golden Arrow: its Ally is discarded by that very Vanquish)."""

DISCARD_WHY = {"on_mover_enters_here": "mover_entered", "on_hero_played_here": "hero_played_here",
               "on_ally_played_here": "ally_played_here"}
"""Why a card that discards itself on an event leaves (a message name of ``discard``)."""


def _event_ability(d: CardDef) -> tuple[str, dict[str, Any]] | None:
    for e in d.effects:
        if e["trigger"] in EVENT_TRIGGERS and e.get("op") in ("discard_self", "lose_power", "discard_hand",
                                                            "gain_power"):
            return e["trigger"], e
    return None


EVENT_ABILITY: dict[str, tuple[str, dict[str, Any]]] = {}
"""Card key -> (trigger, ability) of its event-triggered ability (``acts.fire`` resolves it)."""
for _d in _DEFS:
    _found = _event_ability(_d)
    if _found is not None:
        EVENT_ABILITY[_d.key] = _found


def does(key: str) -> str:
    """What an event-triggered ability does, as the name of its ``act.does_*`` message."""
    _trigger, e = EVENT_ABILITY[key]
    op = e["op"]
    if op == "discard_self":
        return "discarded"
    if op == "discard_hand":
        return "discard_hand"
    amount = e.get("amount")
    verb = "lose" if op == "lose_power" else "gain"
    return f"{verb}_{amount}" if isinstance(amount, int) else verb


DOES = frozenset({"discarded", "discard_hand", "lose_1", "gain_2", "gain"})
"""The ``act.does_*`` messages the catalogs hold."""
for _key in EVENT_ABILITY:
    if does(_key) not in DOES:
        raise GameDataError(f"villainous: {_key}: no message says what its ability does ({does(_key)!r})")

# -- objectives ---------------------------------------------------------------------------------------
DEFEAT_OBJECTIVE: dict[str, tuple[str, str]] = {
    v.key: (v.objective["test"]["hero"], v.objective["test"]["at_location"])
    for v in library().villains.values()
    if v.objective["test"].get("event") == "hero_defeated" and {"hero", "at_location"} <= set(v.objective["test"])}
"""Villain -> (Hero name, location name): defeating that Hero there wins at once (Hook: Peter Pan at
the Jolly Roger, R20)."""
