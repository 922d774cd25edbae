"""Read-only questions about a realm: what is where, Strength, covering, costs, locks.

Static abilities are interpreted here from the card data: every ``modify_strength``,
``modify_cost``, ``restrict``, ``add_action_symbol`` ... of the cards in a realm is compiled once at
load time into small tuples, and unknown parameter words raise ``GameDataError`` (the vocabulary is
closed). The rest of the rules only ask these functions.
"""

from __future__ import annotations

from typing import Any, Callable

from tabletop.engine import GameDataError

from .cards import CardDef, library
from .state import Player, VState

LIB = library()
CARD = LIB.card


def D(cid: str) -> CardDef:
    return CARD[cid]


def villain(P: Player) -> Any:
    return LIB.villains[P["villain"]]


# -- compiled static abilities ----------------------------------------------------------------

STR_TARGETS = {"self", "heroes_at_this_location", "attached_hero", "attached_ally",
               "other_allies_at_this_location", "allies_at_this_location", "other_heroes_in_realm",
               "moved_ally"}

Cond = Callable[[VState, int, str, dict[str, Any]], bool]


def _has_named(P: Player, key: str, hero: bool = True) -> bool:
    for c, r in P["cards"].items():
        if CARD[c].key == key and (not hero or r["side"] == "h"):
            return True
    return False


COND: dict[str, Cond] = {
    "any_curse_at_this_location": lambda s, p, c, r: any(
        CARD[x].type == "Curse" and y["loc"] == r["loc"] for x, y in s.players[p]["cards"].items()),
    "Magic Lamp at this location": lambda s, p, c, r: any(
        CARD[x].key == "magic_lamp" and y["loc"] == r["loc"] and not y.get("stolen")
        for x, y in s.players[p]["cards"].items()),
    "Princess Jasmine anywhere in Jafar's realm": lambda s, p, c, r: _has_named(
        s.players[p], "princess_jasmine"),
    "at Jolly Roger": lambda s, p, c, r: r["loc"] == 0,
    "has_any_attached_item": lambda s, p, c, r: any(y["on"] == c for y in s.players[p]["cards"].values()),
    "March Hare in owner realm": lambda s, p, c, r: _has_named(s.players[p], "march_hare"),
    "Mad Hatter in owner realm": lambda s, p, c, r: _has_named(s.players[p], "mad_hatter"),
    "mover_at_this_location": lambda s, p, c, r: s.players[p]["mover"] == r["loc"],
}

PER: dict[str, Callable[[VState, int, str, dict[str, Any]], int]] = {
    "hero_at_this_location": lambda s, p, c, r: len(heroes_at(s.players[p], r["loc"])),
    "location_in_realm_with_a_hero": lambda s, p, c, r: sum(
        1 for loc in range(4) if heroes_at(s.players[p], loc)),
    "hero_in_your_realm": lambda s, p, c, r: len(heroes(s.players[p])),
    "ally_in_your_realm": lambda s, p, c, r: len(allies(s.players[p])),
    "wicket_in_your_realm": lambda s, p, c, r: sum(
        1 for x in allies(s.players[p]) if s.players[p]["cards"][x].get("w")),
    "binding_contract_in_your_realm": lambda s, p, c, r: sum(
        1 for x in s.players[p]["cards"] if CARD[x].key.startswith("binding_contract")),
}


def amount(s: VState, p: int, c: str, r: dict[str, Any], value: Any) -> int:
    """An ``amount`` parameter: a number or ``{"per": counter, "value": n}``."""
    if isinstance(value, int):
        return value
    if isinstance(value, dict):
        return PER[value["per"]](s, p, c, r) * int(value["value"])
    raise GameDataError(f"villainous: unknown amount {value!r}")


STRMODS: dict[str, list[tuple[str, Any, str | None]]] = {}
"""card key -> [(target, amount, condition)] of its static strength modifiers."""
COSTMODS: dict[str, list[tuple[str, int, str | None]]] = {}
RESTRICT: dict[str, set[str]] = {}
SYMBOLS: dict[str, tuple[str, int]] = {}
REACH: set[str] = set()

COST_SCOPES = {"Effect", "Curse", "Curse played to this location", "Ally played to this location",
               "all cards you play", "Card Guard", "Binding Contract played onto this hero",
               "Binding Contract or Effect that targets this hero"}


def _compile() -> None:
    seen: set[str] = set()
    for d in {id(x): x for x in CARD.values()}.values():
        if d.key in seen:
            continue
        seen.add(d.key)
        for e in d.effects:
            steps = e.get("steps", [e])
            for st in steps:
                op = st.get("op")
                if e["trigger"] == "static" and op == "modify_strength":
                    if st["target"] not in STR_TARGETS:
                        raise GameDataError(f"villainous: {d.key}: unknown strength target {st['target']!r}")
                    cond = st.get("if")
                    if cond is not None and cond not in COND:
                        raise GameDataError(f"villainous: {d.key}: unknown condition {cond!r}")
                    amt = st["amount"]
                    if isinstance(amt, dict) and amt.get("per") not in PER:
                        raise GameDataError(f"villainous: {d.key}: unknown counter {amt!r}")
                    STRMODS.setdefault(d.key, []).append((st["target"], amt, cond))
                elif op == "modify_cost":
                    for scope in st["scope"]:
                        if scope not in COST_SCOPES:
                            raise GameDataError(f"villainous: {d.key}: unknown cost scope {scope!r}")
                        COSTMODS.setdefault(d.key, []).append((scope, int(st["amount"]), st.get("if")))
                elif op == "restrict":
                    RESTRICT.setdefault(d.key, set()).add(st["what"])
                elif op == "add_action_symbol":
                    SYMBOLS[d.key] = (st["action"], int(st.get("amount", 0)))
                elif op == "vanquish_reach":
                    REACH.add(d.key)


_compile()

KEY: dict[str, str] = {c: d.key for c, d in CARD.items()}
"""instance id -> card key (hot loops avoid attribute lookups)."""
I_STR = {c: STRMODS[d.key] for c, d in CARD.items() if d.key in STRMODS}
I_COST = {c: COSTMODS[d.key] for c, d in CARD.items() if d.key in COSTMODS}
I_RESTRICT = {c: RESTRICT[d.key] for c, d in CARD.items() if d.key in RESTRICT}
I_SYM = {c: SYMBOLS[d.key] for c, d in CARD.items() if d.key in SYMBOLS}
IS_HERO = {c for c, d in CARD.items() if d.type == "Hero"}
STR_IDS: dict[str, tuple[str, ...]] = {k: tuple(c for c in I_STR if CARD[c].villain == k) for k in LIB.villains}
"""villain key -> the instance ids of its cards with a static strength modifier: ``strength`` looks
only for these in a realm (realm isolation: no other card can be there), not at every card."""
COST_VILLAINS = {CARD[c].villain for c in I_COST}
"""Villains with a card that modifies a cost (only their realms can hold one)."""
KEY_VILLAINS: dict[str, set[str]] = {}
for _d in CARD.values():
    KEY_VILLAINS.setdefault(_d.key, set()).add(_d.villain)
RESTRICT_VILLAINS: dict[str, set[str]] = {}
for _d in CARD.values():
    for _w in RESTRICT.get(_d.key, ()):
        RESTRICT_VILLAINS.setdefault(_w, set()).add(_d.villain)
"""Realm isolation makes these exact shortcuts: a card can only be in its own villain's realm."""

# -- what is where ----------------------------------------------------------------------------


def heroes(P: Player) -> list[str]:
    return [c for c, r in P["cards"].items() if r["side"] == "h" and r["on"] is None]


def heroes_at(P: Player, loc: int) -> list[str]:
    return [c for c, r in P["cards"].items() if r["side"] == "h" and r["on"] is None and r["loc"] == loc]


ALLY_LIKE = frozenset(c for c, d in CARD.items() if d.type in ("Ally", "Hero"))
"""Instance ids of the cards that act as Allies on the villain side (Allies, Hypnotized Heroes)."""


def is_ally(c: str, r: dict[str, Any]) -> bool:
    return r["side"] == "v" and r["on"] is None and c in ALLY_LIKE


def allies(P: Player) -> list[str]:
    return [c for c, r in P["cards"].items() if r["side"] == "v" and r["on"] is None and c in ALLY_LIKE]


def allies_at(P: Player, loc: int) -> list[str]:
    return [c for c, r in P["cards"].items() if r["loc"] == loc and is_ally(c, r)]


VILLAIN_ITEMS = frozenset(c for c, d in CARD.items() if d.type == "Item" and not d.fate)


def villain_items(P: Player) -> list[str]:
    """Villain Items working for the villain (attached to Allies or not; not stolen)."""
    return [c for c, r in P["cards"].items() if c in VILLAIN_ITEMS and not r.get("stolen")]


def loose_items(P: Player) -> list[str]:
    """Unattached Villain Items and Curses (what Move an Item or Ally may move besides Allies)."""
    return [c for c, r in P["cards"].items()
            if r["on"] is None and r["side"] == "v" and CARD[c].type in ("Item", "Curse")]


def attached(P: Player, host: str) -> list[str]:
    return [c for c, r in P["cards"].items() if r["on"] == host]


def in_realm(P: Player, key: str) -> list[str]:
    """Cards in play with this card key that are working (Heroes on the hero side etc.)."""
    if P["villain"] not in KEY_VILLAINS.get(key, ()):
        return []
    out = []
    for c, r in P["cards"].items():
        if KEY[c] != key or r.get("stolen"):
            continue
        if c in IS_HERO and r["side"] != "h":
            continue  # a Hypnotized Hero has no ability
        out.append(c)
    return out


def restricted(P: Player, what: str, loc: int | None = None) -> bool:
    """Does a ``restrict`` ability with ``what`` apply (optionally: from a card at ``loc``)?"""
    if P["villain"] not in RESTRICT_VILLAINS.get(what, ()):
        return False
    for c, r in P["cards"].items():
        rs = I_RESTRICT.get(c)
        if rs and what in rs and (loc is None or r["loc"] == loc):
            if c in IS_HERO and r["side"] != "h":
                continue
            if r.get("stolen"):
                continue
            return True
    return False


def hero_loc_ok(s: VState, p: int, hero: str, loc: int, *, play: bool) -> bool:
    """May ``hero`` be played (``play``) or moved to ``loc`` of realm ``p``? Locks are checked by callers."""
    P = s.players[p]
    key = CARD[hero].key
    if key == "lady_kluck" and villain(P).loc_names[loc] == "The Jail":
        return False
    if play:
        if restricted(P, "no_heroes_can_be_played_here", loc):
            return False
        if restricted(P, "heroes_with_strength_below_4_cannot_be_played_here", loc):
            if hero_strength_as_if(s, p, hero, loc) < 4:
                return False
    return True


def hero_strength_as_if(s: VState, p: int, hero: str, loc: int) -> int:
    """Strength of a Hero as if it stood at ``loc`` (Forest of Thorns, R21)."""
    P = s.players[p]
    had = P["cards"].get(hero)
    P["cards"][hero] = {"loc": loc, "side": "h", "on": None}
    try:
        return strength(s, p, hero)
    finally:
        if had is None:
            del P["cards"][hero]
        else:
            P["cards"][hero] = had


# -- strength ----------------------------------------------------------------------------------


def strength(s: VState, p: int, cid: str) -> int:
    """Current Strength: printed plus every applicable modifier in the realm (R11: not clamped)."""
    P = s.players[p]
    cards = P["cards"]
    r = cards[cid]
    d = CARD[cid]
    hero = r["side"] == "h"
    v = d.strength or 0
    loc = r["loc"]
    for c2 in STR_IDS[P["villain"]]:  # a sum: the order the modifiers are met in cannot matter
        r2 = cards.get(c2)
        if r2 is None:
            continue
        mods = I_STR[c2]
        if c2 in IS_HERO and r2["side"] != "h":
            continue  # Hypnotized: no ability
        if r2.get("stolen"):
            continue
        for target, amt, cond in mods:
            if target == "self":
                hit = c2 == cid
            elif target == "attached_hero":
                hit = hero and r2["on"] == cid
            elif target == "attached_ally":
                hit = not hero and r2["on"] == cid
            elif target == "heroes_at_this_location":
                hit = hero and loc == r2["loc"]
            elif target == "allies_at_this_location":
                hit = not hero and loc == r2["loc"]
            elif target == "other_allies_at_this_location":
                hit = not hero and loc == r2["loc"] and c2 != cid
            elif target == "other_heroes_in_realm":
                hit = hero and c2 != cid
            else:
                hit = False
            if hit and (cond is None or COND[cond](s, p, c2, r2)):
                v += amount(s, p, c2, r2, amt)
    for loc_p, loc_l, amt in s.tf.get("hg", ()):  # Giant Hourglass, until end of turn
        if hero and loc_p == p and loc_l == loc:
            v += amt
    if not hero:
        v += s.tf.get("boost", {}).get(cid, 0)  # Aye, Aye, Sir!
    return v


# -- locations, covering, actions ---------------------------------------------------------------


def front_hero(s: VState, P: Player, loc: int) -> str | None:
    hs = heroes_at(P, loc)
    if not hs:
        return None
    for want in ("e", "s"):
        for h in hs:
            if P["cards"][h].get("sz") == want:
                return h
    return hs[0]


def covered(s: VState, P: Player, loc: int) -> set[int]:
    """Indexes of the top action slots of ``loc`` covered by Heroes (R8, R27)."""
    top = villain(P).top[loc]
    if not top:
        return set()
    out: set[int] = set()
    # one pass: the front Hero here (an enlarged one, else a shrunk one, else the first) and the
    # enlarged Heroes anywhere whose spill-over reaches this location
    first = big = small = None
    spills = []
    for r in P["cards"].values():
        if r["side"] != "h":
            continue
        sz = r.get("sz")
        if r["on"] is None and r["loc"] == loc:
            if first is None:
                first = r
            if sz == "e":
                if big is None:
                    big = r
            elif sz == "s" and small is None:
                small = r
        if sz == "e" and r.get("spill") and r["spill"][0] == loc:
            spills.append(r)
    front = big or small or first
    if front is not None:
        if front.get("sz") == "s":
            out.add(min(front.get("slot", 0), len(top) - 1))
        else:
            out.update(range(len(top)))
    for r in spills:
        out.add(min(r["spill"][1], len(top) - 1))
    return out


TOP_SLOTS: dict[str, list[tuple[tuple[int, str, str, int], ...]]] = {
    k: [tuple((i, f"{loc}t{i}", a, n) for i, (a, n) in enumerate(v.top[loc])) for loc in range(4)]
    for k, v in LIB.villains.items()}
"""villain key -> per location: ``(index, slot key, action, amount)`` of the top symbols."""
BOTTOM_SLOTS: dict[str, list[tuple[tuple[str, str, int, bool], ...]]] = {
    k: [tuple((f"{loc}b{i}", a, n, False) for i, (a, n) in enumerate(v.bottom[loc])) for loc in range(4)]
    for k, v in LIB.villains.items()}
"""villain key -> per location: the bottom symbols as ``slots`` returns them."""
SYM_VILLAINS = {CARD[c].villain for c in I_SYM}
"""Villains with a card that adds an action symbol (only their realms can hold one)."""


def slots(s: VState, p: int, loc: int, *, uncovered_only: bool = True) -> list[tuple[str, str, int, bool]]:
    """Action symbols at ``loc``: ``(slot key, action, amount, covered)``; granted ones last (R41)."""
    P = s.players[p]
    key = P["villain"]
    out = []
    top = TOP_SLOTS[key][loc]
    if top:
        cov = covered(s, P, loc)
        for i, k, a, n in top:
            if i in cov:
                if uncovered_only:
                    continue
                out.append((k, a, n, True))
            else:
                out.append((k, a, n, False))
    out.extend(BOTTOM_SLOTS[key][loc])
    if key in SYM_VILLAINS:
        for c, r in P["cards"].items():
            sym = I_SYM.get(c)
            if sym and r["loc"] == loc and r["side"] == "v" and r["on"] is None:
                out.append((f"x{c}", sym[0], sym[1], False))
    return out


def unlocked(P: Player) -> list[int]:
    return [i for i in range(4) if not P["locked"][i]]


def adjacent(P: Player, loc: int) -> list[int]:
    return [i for i in (loc - 1, loc + 1) if 0 <= i < 4 and not P["locked"][i]]


def hand_target(P: Player) -> int:
    n = 4
    if in_realm(P, "scarab_pendant"):
        n = 5
    n -= len([h for h in in_realm(P, "princess_jasmine") if P["cards"][h]["side"] == "h"])
    return max(0, n)


def hand_public(P: Player) -> bool:
    return bool(in_realm(P, "flora"))


# -- costs --------------------------------------------------------------------------------------


def cost(s: VState, p: int, cid: str, loc: int | None = None, target: str | None = None) -> int:
    """Current cost of playing ``cid`` (to ``loc`` / onto ``target``), floor 0 (R11, R35)."""
    P = s.players[p]
    d = CARD[cid]
    if d.cost == "X":
        v = strength(s, p, target) if target else 0
    else:
        v = d.cost or 0
    if P["villain"] not in COST_VILLAINS:
        return max(0, v)  # no card of this villain modifies a cost
    tloc = loc
    if target is not None and target in P["cards"]:
        tloc = P["cards"][target]["loc"]
    is_contract = d.key.startswith("binding_contract")
    for c2, r2 in P["cards"].items():
        mods = I_COST.get(c2)
        if not mods or r2.get("stolen") or (c2 in IS_HERO and r2["side"] != "h"):
            continue
        for scope, amt, cond in mods:
            if cond == "mover_at_this_location" and P["mover"] != r2["loc"]:
                continue
            hit = False
            if scope in ("Effect", "Curse"):
                hit = d.type == scope
            elif scope == "Curse played to this location":
                hit = d.type == "Curse" and tloc == r2["loc"]
            elif scope == "Ally played to this location":
                hit = d.type == "Ally" and tloc == r2["loc"]
            elif scope == "all cards you play":
                hit = True
            elif scope == "Card Guard":
                hit = d.name.startswith("Card Guard")
            elif scope == "Binding Contract played onto this hero":
                hit = is_contract and target == r2["on"]
            elif scope == "Binding Contract or Effect that targets this hero":
                hit = (is_contract or d.type == "Effect") and target == c2
            if hit:
                v += amt
    return max(0, v)


def activation_cost(s: VState, p: int, cid: str) -> int:
    d = CARD[cid]
    base = 0
    for e in d.by_trigger.get("activated", ()):
        base = int(e.get("activation_cost", 0))
    if d.name.startswith("Card Guard"):
        base += len(in_realm(s.players[p], "white_rabbit"))
    return base


def gain_amount(P: Player, n: int) -> int:
    """A separate Power gain, reduced by each Robin Hood in the realm (R36)."""
    return max(0, n - len(in_realm(P, "robin_hood")))
