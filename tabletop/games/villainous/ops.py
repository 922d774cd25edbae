"""The card-effect interpreter: one handler per op of the closed vocabulary (§14).

An ``fx`` frame runs a card's steps in order for realm ``who`` with ``by`` making the choices
(R45: on Fate cards the fating player while the card is played, the realm's owner afterwards).
A handler returns ``None`` when its step is finished, a ``Choice`` to ask, or ``AGAIN`` after
pushing frames that must resolve before the next step. ``doable`` decides R12 (an Effect or a
Condition may be played only if its mandatory parts can be done).
"""

from __future__ import annotations

from typing import Any, Callable

from tabletop.engine import GameDataError
from tabletop.engine.chance import shuffle
from tabletop.engine.words import count

from .actions import card_options, defeat_targets, fate_playable, hero_locs, movable_cards, start_action, vanquishable
from .acts import defeat, discard_from_realm, draw_cards, gain, locname, lose, move_mover, nm, place, take_fate, take_villain
from .board import (
    CARD,
    RESTRICT,
    adjacent,
    allies,
    amount,
    attached,
    covered,
    hero_loc_ok,
    heroes,
    heroes_at,
    in_realm,
    slots,
    strength,
    unlocked,
    villain,
)
from .flow import AGAIN, DONE, REPEAT, Choice, ev, handler, opt, push, win
from .state import VState

OpFn = Callable[[VState, dict[str, Any], dict[str, Any]], Any]
OPS: dict[str, OpFn] = {}
PASSIVE = {"add_action_symbol", "alternative_cost", "discard_this_instead_of_attached_ally",
           "end_of_turn_hand_target", "modify_activation_cost", "modify_cost", "modify_power_gain",
           "not_discarded_when_used_to_vanquish", "pay_to_discard_this", "perform_covered_action",
           "restrict", "vanquish_reach", "reveal_hand_until_this_defeated", "return_stolen_item",
           "return_to_villain_side_same_location", "shuffle_into_deck", "defeat_attached_hero",
           "discard_self", "discard_hand", "forced_play", "convert_hero_to_ally"}
"""Ops whose meaning lives in the board queries or the primitives (static / replacement /
trigger bodies handled where the event happens); as a step they do nothing more."""


def op(name: str) -> Callable[[OpFn], OpFn]:
    def deco(fn: OpFn) -> OpFn:
        OPS[name] = fn
        return fn
    return deco


@handler("fx")
def h_fx(s: VState, f: dict[str, Any]) -> Any:
    steps = f["steps"]
    while f["i"] < len(steps):
        st = steps[f["i"]]
        depth = len(s.stack)
        name = st["op"]
        if name in PASSIVE:
            res = None
        else:
            fn = OPS.get(name)
            if fn is None:
                raise GameDataError(f"villainous: op {name!r} has no implementation")
            res = fn(s, f, st)
        if s.phase != "play":
            return DONE
        if isinstance(res, Choice):
            return res
        if res is REPEAT:
            if len(s.stack) > depth:
                return AGAIN
            continue
        f["i"] += 1
        f["x"] = {}
        if len(s.stack) > depth:
            return AGAIN
    return DONE


def _this_loc(s: VState, f: dict[str, Any]) -> int | None:
    c = f.get("card")
    P = s.players[f["who"]]
    if c and c in P["cards"]:
        return P["cards"][c]["loc"]
    return f.get("loc")


def _optional(st: dict[str, Any], f: dict[str, Any]) -> bool:
    return bool(st.get("optional") or f.get("opt_all"))


def _ask(f: dict[str, Any], seat: int, kind: str, prompt: str, opts: list[list[Any]], optional: bool,
         group: str = "effect") -> Any:
    ans = f.pop("ans", None)
    if ans is not None:
        return ans
    if optional:
        opts = opts + [opt("skip", "Do nothing", None, group)]
    return Choice(seat, kind, prompt, opts)


def _label(s: VState, p: int, c: str) -> str:
    r = s.players[p]["cards"].get(c)
    where = f" at {locname(s, p, r['loc'])}" if r else ""
    return f"{CARD[c].name}{where}"


# -- Power, cards -----------------------------------------------------------------------------


@op("gain_power")
def op_gain(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    cond = st.get("if")
    if cond == "any_hero_at_new_location":
        if not heroes_at(s.players[p], _this_loc(s, f) or 0):
            return None
    elif cond is not None:
        raise GameDataError(f"villainous: unknown gain condition {cond!r}")
    c = f.get("card") or ""
    rec = s.players[p]["cards"].get(c, {"loc": _this_loc(s, f) or 0})
    gain(s, p, amount(s, p, c, rec, st["amount"]), CARD[c].name if c else "")
    return None


@op("lose_power")
def op_lose(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    lose(s, f["who"], int(st["amount"]))
    return None


@op("draw")
def op_draw(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    draw_cards(s, f["who"], int(st["n"]))
    return None


@op("discard_from_hand")
def op_discard_from_hand(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    x = f["x"]
    left = x.setdefault("left", int(st["n"]))
    ans = f.pop("ans", None)
    if ans is not None:
        c = ans.split()[1]
        P["hand"].remove(c)
        P["discard"].append(c)
        ev(s, "discarded", f"{P['name']} discards {CARD[c].name}.", seat=p, card=c)
        x["left"] = left = left - 1
    if left <= 0 or not P["hand"]:
        return None
    return Choice(p, "discard", f"Discard {count(left, 'more card', 'more cards')}",
                  [opt(f"drop {c}", f"Discard {CARD[c].name}", c, "discard") for c in P["hand"]])


@op("retrieve_from_discard")
def op_retrieve(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    cands = [c for c in dict.fromkeys(P["discard"]) if _matches(c, st["filter"])]
    if not cands:
        return None
    ans = _ask(f, p, "retrieve", "Take which card from your discard?",
               [opt(f"take {c}", f"Take {CARD[c].name}", c, "effect") for c in cands], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        c = ans.split()[1]
        P["discard"].remove(c)
        P["hand"].append(c)
        ev(s, "retrieve", f"{P['name']} takes {CARD[c].name} from the discard pile.", seat=p, card=c)
    return None


def _matches(c: str, flt: Any) -> bool:
    d = CARD[c]
    if flt == "any":
        return True
    if isinstance(flt, str):
        return d.type == flt
    if isinstance(flt, list):
        return d.type in flt
    if isinstance(flt, dict):
        if "name" in flt and d.name != flt["name"]:
            return False
        if "name_prefix" in flt and not d.name.startswith(flt["name_prefix"]):
            return False
        if "type" in flt and d.type != flt["type"]:
            return False
        if "max_strength" in flt and (d.strength or 0) > flt["max_strength"]:
            return False
        return True
    raise GameDataError(f"villainous: unknown card filter {flt!r}")


@op("shuffle_discard_into_deck")
def op_shuffle_discard(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    ans = _ask(f, f["by"], "confirm", f"Shuffle {P['name']}'s discard pile into the deck?",
               [opt("yes", "Shuffle it in", None, "effect")], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans == "yes":
        P["deck"].extend(P["discard"])
        P["discard"].clear()
        shuffle(s, P["deck"])
        ev(s, "shuffle", f"{P['name']}'s discard pile is shuffled into the deck.", seat=p)
    return None


@op("grant")
def op_grant(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    s.players[f["who"]]["vanish"] = True
    ev(s, "grant", f"{nm(s, f['who'])} may stay put next turn.", seat=f["who"])
    return None


@op("delayed_trigger")
def op_delayed(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    s.players[f["who"]]["dragon"] += 1
    return None


@op("unlock")
def op_unlock(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    loc = villain(P).loc_names.index(st["location"])
    P["locked"][loc] = False
    if loc not in P["unlocked"]:
        P["unlocked"].append(loc)
    ev(s, "unlock", f"{st['location']} is unlocked for good.", seat=p, loc=loc)
    return None


@op("move_lock_token")
def op_lock(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    names = villain(P).loc_names
    a, b = (names.index(x) for x in st["choices"])
    if _optional(st, f):
        ans = _ask(f, f["by"], "confirm", "Shift the lock token?", [opt("yes", "Shift it", None, "effect")], True)
        if isinstance(ans, Choice):
            return ans
        if ans != "yes":
            return None
    now = a if P["locked"][a] else b
    other = b if now == a else a
    P["locked"][now] = False
    P["locked"][other] = True
    ev(s, "lock", f"The lock token moves to {names[other]}.", seat=p, loc=other)
    return None


# -- defeating and discarding ----------------------------------------------------------------


def _defeat_pool(s: VState, f: dict[str, Any], st: dict[str, Any]) -> list[str]:
    p = f["who"]
    P = s.players[p]
    where = st.get("where", "any_unlocked_location")
    loc = P["mover"] if where == "mover_location" else None
    pool = defeat_targets(s, p, st.get("max_strength"), loc)
    if f.get("target"):
        pool = [h for h in pool if h == f["target"]]
    return pool


@op("defeat_hero")
def op_defeat(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    pool = _defeat_pool(s, f, st)
    if not pool:
        return None
    if len(pool) == 1 and "ans" not in f:  # one Hero (Hypnotize's chosen target): nothing to ask
        f["ans"] = f"defeat {pool[0]}"
    ans = _ask(f, f["by"], "defeat", "Defeat which Hero?",
               [opt(f"defeat {h}", f"Defeat {_label(s, p, h)} (Strength {strength(s, p, h)})", h, "effect")
                for h in pool], False)
    if isinstance(ans, Choice):
        return ans
    nxt = f["steps"][f["i"] + 1] if f["i"] + 1 < len(f["steps"]) else {}
    defeat(s, p, ans.split()[1], hyp=nxt.get("op") == "convert_hero_to_ally")
    return None


def _discard_pool(s: VState, f: dict[str, Any], st: dict[str, Any]) -> list[str]:
    p = f["who"]
    P = s.players[p]
    where = st.get("where", "your_realm")
    types = st.get("type")
    types = [types] if isinstance(types, str) else types
    out = []
    alice = [P["cards"][a]["loc"] for a in in_realm(P, "alice") if P["cards"][a]["side"] == "h"]
    for c, r in P["cards"].items():
        d = CARD[c]
        if P["locked"][r["loc"]]:
            continue
        if types is not None:
            if "Ally" in types and d.type == "Hero" and r.get("hyp"):
                pass
            elif d.type not in types or d.fate or r.get("stolen"):
                continue
            elif d.type == "Ally" and r["side"] != "v":
                continue
        if "name" in st and d.name != st["name"]:
            continue
        if "max_strength" in st and strength(s, p, c) > st["max_strength"]:
            continue
        if where == "this_location" and r["loc"] != _this_loc(s, f):
            continue
        if where == "location_with_a_hero" and not heroes_at(P, r["loc"]):
            continue
        if where == "Alice's location" and r["loc"] not in alice:
            continue
        out.append(c)
    return out


@op("discard_card")
def op_discard_card(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    if st.get("which") == "revealed_cards":
        for c in f.get("revealed", []):
            if c in s.revealed:
                s.revealed.remove(c)
                P["discard"].append(c)
        ev(s, "discard", "The revealed cards are discarded.", seat=p)
        return None
    pool = _discard_pool(s, f, st)
    if not pool:
        return None
    if st.get("count") == "all":
        ans = _ask(f, f["by"], "confirm", f"Discard {', '.join(_label(s, p, c) for c in pool)}?",
                   [opt("yes", "Discard them all", None, "effect")], _optional(st, f))
        if isinstance(ans, Choice):
            return ans
        if ans == "yes":
            for c in pool:
                discard_from_realm(s, p, c, CARD[f["card"]].name if f.get("card") else "")
        return None
    ans = _ask(f, f["by"], "discard_card", "Discard which card?",
               [opt(f"discard {c}", f"Discard {_label(s, p, c)}", c, "effect") for c in pool], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        discard_from_realm(s, p, ans.split()[1], CARD[f["card"]].name if f.get("card") else "")
    return None


# -- moving ------------------------------------------------------------------------------------


def _dests(s: VState, p: int, spec: str, frm: int, f: dict[str, Any]) -> list[int]:
    P = s.players[p]
    if spec == "any_unlocked_location":
        return [x for x in unlocked(P) if x != frm]
    if spec == "adjacent_unlocked_location":
        return adjacent(P, frm)
    if spec == "this_location":
        loc = _this_loc(s, f)
        return [] if loc is None or loc == frm or P["locked"][loc] else [loc]
    if spec in villain(P).loc_names:
        loc = villain(P).loc_names.index(spec)
        return [] if loc == frm or P["locked"][loc] else [loc]
    raise GameDataError(f"villainous: unknown destination {spec!r}")


def _triton_tax(s: VState, f: dict[str, Any], h: str) -> bool:
    """King Triton: an Effect of his villain aimed at him costs 1 more (paid when aimed)."""
    c = f.get("card")
    return bool(CARD[h].key == "king_triton" and c and CARD[c].type == "Effect" and not CARD[c].fate)


def _hero_moves(s: VState, f: dict[str, Any], st: dict[str, Any]) -> list[str]:
    p = f["who"]
    P = s.players[p]
    out = []
    for h in heroes(P):
        if _triton_tax(s, f, h) and P["power"] < 1:
            continue
        loc = P["cards"][h]["loc"]
        if P["locked"][loc]:
            continue
        if st.get("from") == "this_location" and loc != _this_loc(s, f):
            continue
        if any(hero_loc_ok(s, p, h, x, play=False) for x in _dests(s, p, st["to"], loc, f)):
            out.append(h)
    return out


@op("move_hero")
def op_move_hero(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    x = f["x"]
    if st.get("which") == "each_hero":
        todo = x.setdefault("todo", [h for h in heroes(P) if not P["locked"][P["cards"][h]["loc"]]])
        while todo:
            h = todo[0]
            if h not in P["cards"] or not [d for d in adjacent(P, P["cards"][h]["loc"])
                                            if hero_loc_ok(s, p, h, d, play=False)]:
                todo.pop(0)
                continue
            ans = f.pop("ans", None)
            if ans is None:
                return Choice(f["by"], "move_each", f"Move {_label(s, p, h)}?",
                              [opt("stay", "Leave it", h, "effect")]
                              + [opt(f"to {d}", f"To {locname(s, p, d)}", h, "effect")
                                 for d in adjacent(P, P["cards"][h]["loc"]) if hero_loc_ok(s, p, h, d, play=False)])
            todo.pop(0)
            if ans != "stay":
                push(s, {"k": "moveto", "who": p, "by": f["by"], "card": h, "dests": [int(ans.split()[1])]})
                return REPEAT
        return None
    pool = _hero_moves(s, f, st)
    if not pool:
        return None
    ans = _ask(f, f["by"], "move_hero", "Move which Hero?",
               [opt(f"hero {h}", f"Move {_label(s, p, h)}", h, "effect") for h in pool], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans == "skip":
        return None
    h = ans.split()[1]
    if _triton_tax(s, f, h):
        P["power"] -= 1
        ev(s, "power", "Aiming at King Triton costs 1 more Power.", seat=p)
    push(s, {"k": "moveto", "who": p, "by": f["by"], "card": h, "ask": True,
             "dests": _dests(s, p, st["to"], P["cards"][h]["loc"], f)})
    return AGAIN


def _ally_pool(s: VState, f: dict[str, Any], st: dict[str, Any]) -> list[str]:
    p = f["who"]
    P = s.players[p]
    if st.get("which") == "self":
        c = f["card"]
        return [c] if c in P["cards"] and not P["locked"][P["cards"][c]["loc"]] else []
    return [a for a in allies(P) if not P["locked"][P["cards"][a]["loc"]]
            and _dests(s, p, st["to"], P["cards"][a]["loc"], f)]


@op("move_ally")
def op_move_ally(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    x = f["x"]
    if st.get("from") == "each_adjacent_location_one_ally":  # King Hubert
        here = _this_loc(s, f)
        if here is None or P["locked"][here]:
            return None
        todo = x.setdefault("todo", adjacent(P, here))
        while todo:
            loc = todo[0]
            pool = [a for a in allies(P) if P["cards"][a]["loc"] == loc]
            if not pool:
                todo.pop(0)
                continue
            ans = _ask(f, f["by"], "pull", f"Pull an Ally from {locname(s, p, loc)}?",
                       [opt(f"pull {a}", f"Pull {CARD[a].name}", a, "effect") for a in pool], True)
            if isinstance(ans, Choice):
                return ans
            todo.pop(0)
            if ans != "skip":
                from .acts import relocate
                relocate(s, p, ans.split()[1], here)
                ev(s, "move", f"{CARD[ans.split()[1]].name} is pulled to {locname(s, p, here)}.", seat=p)
        return None
    pool = _ally_pool(s, f, st)
    if not pool:
        return None
    if st.get("which") == "self":
        c = pool[0]
        if f["x"].get("ally") is None:
            f["x"]["ally"] = c
    else:
        ans = _ask(f, f["by"], "move_ally", "Move which Ally?",
                   [opt(f"ally {a}", f"Move {_label(s, p, a)}", a, "effect") for a in pool], _optional(st, f))
        if isinstance(ans, Choice):
            return ans
        if ans == "skip":
            return None
        c = ans.split()[1]
    dests = _dests(s, p, st["to"], P["cards"][c]["loc"], f)
    if not dests:
        return None
    frame = {"k": "moveto", "who": p, "by": f["by"], "card": c, "dests": dests, "ask": True}
    if st.get("with") == "one_unattached_item_here":  # Iago carries an Item along
        loc = P["cards"][c]["loc"]
        items = [i for i, r in P["cards"].items() if r["loc"] == loc and r["on"] is None and r["side"] == "v"
                 and CARD[i].type == "Item"]
        if items:
            ans = _ask(f, f["by"], "carry", "Carry an Item along?",
                       [opt(f"carry {i}", f"Carry {CARD[i].name}", i, "effect") for i in items], True)
            if isinstance(ans, Choice):
                return ans
            if ans != "skip":
                frame["also"] = ans.split()[1]
    nxt = f["steps"][f["i"] + 1] if f["i"] + 1 < len(f["steps"]) else {}
    if nxt.get("op") == "modify_strength" and nxt.get("target") == "moved_ally":
        frame["boost"] = int(nxt["amount"])
    f["loc"] = None
    f["moved"] = c
    push(s, frame)
    return AGAIN


@op("move_item")
def op_move_item(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    here = _this_loc(s, f)
    if here is None or P["locked"][here]:
        return None
    pool = [i for i, r in P["cards"].items() if r["on"] is None and r["side"] == "v" and CARD[i].type == "Item"
            and not P["locked"][r["loc"]] and r["loc"] != here]
    if not pool:
        return None
    ans = _ask(f, f["by"], "move_item", "Pull which Item?",
               [opt(f"item {i}", f"Pull {_label(s, p, i)}", i, "effect") for i in pool], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        from .acts import relocate
        relocate(s, p, ans.split()[1], here)
        ev(s, "move", f"{CARD[ans.split()[1]].name} is pulled to {locname(s, p, here)}.", seat=p)
    return None


@op("move_mover")
def op_move_mover(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    dests = [x for x in unlocked(P) if x != P["mover"]]
    if not dests:
        return None
    ans = _ask(f, f["by"], "mover", f"Move {P['name']}'s mover?",
               [opt(f"mover {x}", f"To {locname(s, p, x)}", None, "effect") for x in dests], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        move_mover(s, p, int(ans.split()[1]))
    return None


@op("modify_strength")
def op_modify_strength(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    """Only the temporary ones run as steps: Giant Hourglass (Aye, Aye, Sir! rides on its move)."""
    if st.get("target") == "heroes_at_this_location" and st.get("duration") == "end_of_turn":
        loc = _this_loc(s, f)
        s.tf.setdefault("hg", []).append([f["who"], loc, int(st["amount"])])
        ev(s, "modify", f"Heroes at {locname(s, f['who'], loc)} get {st['amount']} Strength this turn.",
             seat=f["who"])
    return None


# -- performing actions -------------------------------------------------------------------------


@op("perform_action")
def op_perform(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    if st.get("action") == "vanquish":
        push(s, {"k": "vanq", "who": p, "h": None, "sel": [],
                 "keep": st.get("modifier") == "allies_not_discarded"})
        return AGAIN
    where = st.get("where")
    if where == "raven_new_location":
        locs = [P["cards"][f["card"]]["loc"]] if f.get("card") in P["cards"] else []
    elif where == "location_adjacent_to_mover":
        locs = [x for x in (P["mover"] - 1, P["mover"] + 1) if 0 <= x < 4]
    else:
        raise GameDataError(f"villainous: unknown perform_action place {where!r}")
    exclude = set(st.get("exclude", []))
    choices: dict[str, tuple[str, int]] = {}
    for loc in locs:
        if P["locked"][loc] and not st.get("ignore_lock"):
            continue
        for _key, a, n, _cov in slots(s, p, loc):
            if a in exclude or not _usable(s, p, a):
                continue
            choices.setdefault(f"do {a} {n}", (a, n))
    if not choices:
        return None
    ans = _ask(f, p, "granted_action", "Take which action?",
               [opt(k, _action_label(a, n), None, a) for k, (a, n) in choices.items()], True)
    if isinstance(ans, Choice):
        return ans
    if ans == "skip":
        return None
    a, n = choices[ans]
    start_action(s, p, a, n)
    return AGAIN


def _action_label(a: str, n: int) -> str:
    return {"gain_power": f"Gain {n} Power", "play_card": "Play a card", "activate": "Activate",
            "fate": "Fate", "move_item_ally": "Move an Item or Ally", "move_hero": "Move a Hero",
            "vanquish": "Vanquish", "discard": "Discard cards"}[a]


def _usable(s: VState, p: int, a: str) -> bool:
    if a in ("gain_power", "fate"):
        return True
    if a == "discard":
        return bool(s.players[p]["hand"])
    return bool(card_options(s, p, a))


# -- Fate decks: reveal, look, find, play from discard -------------------------------------------


def _target_seat(s: VState, f: dict[str, Any], deck: str) -> int:
    if deck.startswith("active_player"):
        return s.turn
    return f["who"]


@op("reveal_top")
def op_reveal_top(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    deck = st["deck"]
    p = _target_seat(s, f, deck)
    P = s.players[p]
    n = int(st["n"])
    if deck == "own_villain":  # Take the Shot
        got = take_villain(s, p, n)
        s.revealed.extend(got)
        f["revealed"] = got
        ev(s, "reveal", f"{P['name']} reveals {', '.join(CARD[c].name for c in got) or 'nothing'}.",
             seat=p, cards=list(got))
        return None
    got = take_fate(s, p, n)
    if not got:
        return None
    c = got[0]
    s.revealed.append(c)
    ev(s, "reveal", f"{CARD[c].name} is revealed from {P['name']}'s Fate deck.", seat=p, cards=[c])
    if CARD[c].key == "peter_pan":
        push(s, {"k": "pfate", "who": p, "by": f["by"], "card": c, "forced": True})
        return AGAIN
    then = st.get("then")
    if then == "play_if_hero_else_return_to_top" and CARD[c].type != "Hero":
        s.revealed.remove(c)
        P["fdeck"].append(c)
        ev(s, "return", f"{CARD[c].name} goes back on top of the Fate deck.", seat=p)
        return None
    push(s, {"k": "pfate", "who": p, "by": f["by"], "card": c})
    return AGAIN


@op("reveal_until")
def op_reveal_until(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    x = f["x"]
    if "shown" not in x:
        deck = st["deck"]
        fate = deck == "own_fate"
        shown: list[str] = []
        match = None
        limit = len(P["fdeck"]) + len(P["fdiscard"]) if fate else len(P["deck"]) + len(P["discard"])
        for _ in range(limit):
            got = take_fate(s, p, 1) if fate else take_villain(s, p, 1)
            if not got:
                break
            c = got[0]
            shown.append(c)
            s.revealed.append(c)
            if CARD[c].key == "peter_pan" or _matches(c, st["match"]):
                match = c
                break
        x["shown"] = shown
        x["match"] = match
        ev(s, "reveal", f"{P['name']} reveals {', '.join(CARD[c].name for c in shown) or 'nothing'}.",
             seat=p, cards=list(shown))
    shown, match = x["shown"], x["match"]
    then = st["then"]
    if match is not None and then == "play_or_discard_matched_discard_rest" and CARD[match].key != "peter_pan":
        ans = _ask(f, f["by"], "confirm", f"Play {CARD[match].name} in your realm?",
                   [opt("yes", f"Play {CARD[match].name}", match, "effect"),
                    opt("no", "Discard it", match, "effect")], False)
        if isinstance(ans, Choice):
            return ans
        if ans == "no":
            match = None
    for c in shown:
        if c == match:
            continue
        if c in s.revealed:
            s.revealed.remove(c)
            (P["fdiscard"] if CARD[c].fate else P["discard"]).append(c)
    if match is None:
        return None
    if then == "matched_to_hand_rest_to_discard":
        s.revealed.remove(match)
        P["hand"].append(match)
        ev(s, "retrieve", f"{P['name']} keeps {CARD[match].name}.", seat=p, card=match)
        return None
    push(s, {"k": "pfate", "who": p, "by": p, "card": match, "forced": CARD[match].key == "peter_pan"})
    return AGAIN


@op("look_at_top")
def op_look(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    x = f["x"]
    if "cards" not in x:
        got = take_fate(s, p, int(st["n"]))
        x["cards"] = got
        s.looking = list(got)
        s.look_seat = p
        ev(s, "look", f"{P['name']} looks at the top {count(len(got), 'Fate card')}.", seat=p)
        ev(s, "looked", f"You see {', '.join(CARD[c].name for c in got)}.", to=[p], cards=list(got))
    got = x["cards"]
    if not got:
        return None
    opts = [opt("discard", "Discard them all", None, "effect")]
    if len(got) == 1:
        opts.append(opt(f"keep {got[0]}", f"Put {CARD[got[0]].name} back", None, "effect"))
    else:
        a, b = got[0], got[1]
        opts.append(opt(f"keep {a} {b}", f"Back with {CARD[a].name} on top", None, "effect"))
        opts.append(opt(f"keep {b} {a}", f"Back with {CARD[b].name} on top", None, "effect"))
    ans = f.pop("ans", None)
    if ans is None:
        return Choice(p, "look", "What to do with the cards you looked at?", opts)
    s.looking = []
    s.look_seat = -1
    if ans == "discard":
        P["fdiscard"].extend(got)
        ev(s, "discard", f"{P['name']} discards {', '.join(CARD[c].name for c in got)} from the Fate deck.",
             seat=p, cards=list(got))
    else:
        order = ans.split()[1:]
        for c in reversed(order):
            P["fdeck"].append(c)  # the first named ends on top
        ev(s, "return", f"{P['name']} puts the cards back.", seat=p)
    return None


def find_hero(s: VState, p: int, key: str) -> str | None:
    """Find a Hero for find-and-play (§10, R47); returns it held in ``revealed`` or ``None``."""
    P = s.players[p]
    for c in list(P["cards"]):
        if CARD[c].key == key and P["cards"][c]["on"] is None:
            for a in attached(P, c):
                discard_from_realm(s, p, a, "its Hero was found")
            if P["cards"][c].get("pw"):
                ev(s, "power", "Parked Power returns to the supply.", seat=p)
            del P["cards"][c]
            s.revealed.append(c)
            return c
    for pile in (P["fdiscard"], P["fdeck"]):
        for c in pile:
            if CARD[c].key == key:
                pile.remove(c)
                if pile is P["fdeck"]:
                    shuffle(s, P["fdeck"])
                s.revealed.append(c)
                return c
    return None


@op("find_and_play")
def op_find(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    key = {"Genie": "genie", "King Triton": "king_triton", "Robin Hood": "robin_hood",
           "Alice": "alice"}.get(st["card"])
    if key is None:
        raise GameDataError(f"villainous: find_and_play of unknown card {st['card']!r}")
    to = st["to"]
    if to in ("this_location", "same_location"):
        loc = _this_loc(s, f)
    elif to in villain(P).loc_names:
        loc = villain(P).loc_names.index(to)
    else:
        loc = None
    c = find_hero(s, p, key)
    if c is None:
        ev(s, "find", f"{st['card']} is nowhere to be found.", seat=p)
        return None
    ev(s, "find", f"{st['card']} is found.", seat=p, card=c)
    f["found"] = c
    push(s, {"k": "pfate", "who": p, "by": f["by"], "card": c, "loc": loc})
    return AGAIN


@op("attach")
def op_attach(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    """As a step only the Trident's: attach itself to King Triton once he is found."""
    p = f["who"]
    P = s.players[p]
    c = f["card"]
    host = f.get("found")
    if st.get("what") != "self" or host is None or host not in P["cards"] or c not in P["cards"]:
        return None
    P["cards"][c].update(loc=P["cards"][host]["loc"], side="h", on=host)
    ev(s, "attach", f"{CARD[host].name} takes hold of {CARD[c].name}.", seat=p, card=c, host=host)
    return None


@op("play_from_discard")
def op_play_from_discard(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    loc = P["mover"] if st["to"] == "owner_mover_location" else None
    pool = [c for c in P["fdiscard"] if _matches(c, st["filter"])
            and (hero_locs(s, p, c) if loc is None else (not P["locked"][loc] and hero_loc_ok(s, p, c, loc, play=True)))]
    if not pool:
        return None
    ans = _ask(f, f["by"], "from_discard", "Play which Hero from the Fate discard?",
               [opt(f"hero {c}", f"Play {CARD[c].name}", c, "effect") for c in dict.fromkeys(pool)], False)
    if isinstance(ans, Choice):
        return ans
    c = ans.split()[1]
    P["fdiscard"].remove(c)
    s.revealed.append(c)
    push(s, {"k": "pfate", "who": p, "by": f["by"], "card": c, "loc": loc})
    return AGAIN


@op("play_from_hand_free")
def op_play_free(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    pool = [c for c in P["hand"] if CARD[c].type == st["type"]]
    if not pool:
        return None
    ans = _ask(f, p, "free_play", "Play which Ally for free?",
               [opt(f"free {c}", f"Play {CARD[c].name} free", c, "effect") for c in pool], False)
    if isinstance(ans, Choice):
        return ans
    push(s, {"k": "play", "who": p, "card": ans.split()[1], "free": True})
    return AGAIN


@op("attach_from_discard")
def op_attach_from_discard(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    c = f["card"]
    if c not in P["cards"] or P["locked"][P["cards"][c]["loc"]]:
        return None
    pool = [i for i in dict.fromkeys(P["fdiscard"]) if CARD[i].type == "Item"]
    if not pool:
        return None
    ans = _ask(f, f["by"], "attach", f"Attach an Item to {CARD[c].name}?",
               [opt(f"item {i}", f"Attach {CARD[i].name}", i, "effect") for i in pool], True)
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        i = ans.split()[1]
        P["fdiscard"].remove(i)
        place(s, p, i, P["cards"][c]["loc"], "h", on=c)
        ev(s, "attach", f"{CARD[i].name} is attached to {CARD[c].name}.", seat=p, card=i)
    return None


@op("reattach")
def op_reattach(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    c = f["card"]
    if c not in P["cards"]:
        return None
    pool = [i for i, r in P["cards"].items() if CARD[i].key.startswith("binding_contract") and r["on"]
            and r["on"] != c and not P["locked"][r["loc"]]]
    if not pool:
        return None
    ans = _ask(f, f["by"], "reattach", "Take which Binding Contract?",
               [opt(f"item {i}", f"Take {CARD[i].name} from {CARD[P['cards'][i]['on']].name}", i, "effect")
                for i in pool], True)
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        i = ans.split()[1]
        P["cards"][i].update(on=c, loc=P["cards"][c]["loc"])
        ev(s, "attach", f"{CARD[c].name} takes {CARD[i].name}.", seat=p, card=i)
    return None


@op("steal_item")
def op_steal(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    c = f["card"]
    if c not in P["cards"] or P["locked"][P["cards"][c]["loc"]]:
        return None
    loc = P["cards"][c]["loc"]
    pool = [i for i, r in P["cards"].items() if r["loc"] == loc and CARD[i].type == "Item" and not CARD[i].fate
            and not r.get("stolen") and not (r["side"] == "h")]
    if not pool:
        return None
    ans = _ask(f, f["by"], "steal", f"Let {CARD[c].name} steal an Item?",
               [opt(f"item {i}", f"Steal {CARD[i].name}", i, "effect") for i in pool], True)
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        i = ans.split()[1]
        for a in attached(P, i):
            discard_from_realm(s, p, a)
        P["cards"][i].update(on=c, side="h", stolen=True)
        ev(s, "steal", f"{CARD[c].name} steals {CARD[i].name}.", seat=p, card=i)
    return None


@op("store_power_on_hero")
def op_store(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    x = f["x"]
    most = min(int(st["amount"]), P["power"])
    if st.get("target") == "self":
        h = f["card"] if f["card"] in P["cards"] else None
        if h is None or most <= 0:
            return None
        x["h"] = h
    elif "h" not in x:
        pool = [h for h in heroes(P) if not P["locked"][P["cards"][h]["loc"]]]
        if not pool or most <= 0:
            return None
        ans = _ask(f, f["by"], "store", "Park Power on which Hero?",
                   [opt(f"hero {h}", f"On {_label(s, p, h)}", h, "effect") for h in pool], False)
        if isinstance(ans, Choice):
            return ans
        x["h"] = ans.split()[1]
        return REPEAT
    h = x["h"]
    # "up to": the fating player picks how much (R45); the most first, it keeps Prince John furthest
    # from 20 Power. Nothing to ask when he has no Power (or only one amount is possible).
    amounts = list(range(most, -1 if st.get("up_to") and st.get("target") != "self" else 0, -1))
    if not amounts:
        return None
    if len(amounts) == 1 and not _optional(st, f):
        n = amounts[0]
    else:
        ans = _ask(f, f["by"], "park", f"Park how much of {P['name']}'s Power on {CARD[h].name}?",
                   [opt(f"park {k}", f"Park {k} Power" + (" (the most: furthest from his 20)" if k == most else ""),
                        h, "effect") for k in amounts], _optional(st, f))
        if isinstance(ans, Choice):
            return ans
        if ans == "skip":
            return None
        n = int(ans.split()[1])
    if n <= 0:
        return None
    P["power"] -= n
    P["cards"][h]["pw"] = P["cards"][h].get("pw", 0) + n
    ev(s, "park", f"{n} of {P['name']}'s Power is parked on {CARD[h].name}.", seat=p, amount=n)
    return None


# -- choices and conditions inside effects ----------------------------------------------------


@op("choose_one")
def op_choose(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    options = [(i, o) for i, o in enumerate(st["options"]) if doable_steps(s, p, f["by"], f.get("card"), [o])]
    if not options:
        return None
    ans = f.pop("ans", None)
    if ans is None:
        return Choice(f["by"], "choose_one", "Choose one",
                      [opt(f"option {i}", _describe(o), f.get("card"), "effect") for i, o in options])
    o = st["options"][int(ans.split()[1])]
    push(s, {**f, "steps": [o], "i": 0, "x": {}})
    return AGAIN


def _describe(o: dict[str, Any]) -> str:
    if o["op"] == "reveal_until":
        m = o["match"]
        return f"Look for an {m}" if isinstance(m, str) else "Look for a card"
    return {"shrink": "Shrink a Hero", "unenlarge": "Return an enlarged Hero to normal",
            "enlarge": "Enlarge a Hero", "unshrink": "Return a shrunken Hero to normal"}.get(o["op"], o["op"])


def _alice(s: VState, p: int) -> bool:
    P = s.players[p]
    return any(P["cards"][a]["side"] == "h" for a in in_realm(P, "alice"))


@op("if_else")
def op_if_else(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    if st["if"] != "Alice in owner realm":
        raise GameDataError(f"villainous: unknown test {st['if']!r}")
    branch = st["then"] if _alice(s, f["who"]) else st["else"]
    push(s, {**f, "steps": [branch], "i": 0, "x": {}})
    return AGAIN


# -- Queen of Hearts ------------------------------------------------------------------------------


def _guards(P: Any, wicket: bool) -> list[str]:
    return [c for c, r in P["cards"].items() if CARD[c].name.startswith("Card Guard") and r["side"] == "v"
            and bool(r.get("w")) == wicket and not P["locked"][r["loc"]]]


def _dodo_blocks(P: Any, c: str) -> bool:
    loc = P["cards"][c]["loc"]
    return any(P["cards"][d]["loc"] == loc and P["cards"][d]["side"] == "h" for d in in_realm(P, "dodo"))


def flip(s: VState, p: int, c: str) -> None:
    P = s.players[p]
    r = P["cards"][c]
    if r.get("w"):
        r.pop("w")
        ev(s, "wicket", f"{CARD[c].name} stands up as a Card Guard again.", seat=p, card=c)
    else:
        r["w"] = True
        ev(s, "wicket", f"{CARD[c].name} bends into a Wicket.", seat=p, card=c)


@op("toggle_wicket")
def op_toggle(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    c = f["card"]
    if c in P["cards"] and (P["cards"][c].get("w") or not _dodo_blocks(P, c)):
        flip(s, p, c)
    return None


@op("convert")
def op_convert(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    x = f["x"]
    left = x.setdefault("left", int(st["count"]))
    to_wicket = st["to"] == "Wicket"
    ans = f.pop("ans", None)
    if ans is not None:
        if ans == "skip":
            return None
        flip(s, p, ans.split()[1])
        x["left"] = left = left - 1
    if left <= 0:
        return None
    pool = [c for c in _guards(P, not to_wicket) if not (to_wicket and _dodo_blocks(P, c))]
    if not pool:
        return None
    return Choice(f["by"], "convert", f"Turn up to {left} more into {st['to']}s",
                  [opt(f"flip {c}", f"Flip {_label(s, p, c)}", c, "effect") for c in pool]
                  + [opt("skip", "Stop", None, "effect")])


def _size_pool(s: VState, p: int, name: str) -> list[str]:
    P = s.players[p]
    out = []
    for h in heroes(P):
        r = P["cards"][h]
        if P["locked"][r["loc"]]:
            continue
        sz = r.get("sz")
        if name == "shrink":
            ok = sz != "s" and "cannot_be_shrunk" not in RESTRICT.get(CARD[h].key, ())
        elif name == "enlarge":
            ok = sz != "e"
        elif name == "unshrink":
            ok = sz == "s"
        else:
            ok = sz == "e"
        if ok:
            out.append(h)
    return out


def _resize(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    x = f["x"]
    name = st["op"]
    left = x.setdefault("left", int(st.get("count", 1)))
    ans = f.pop("ans", None)
    if x.get("h") and ans is not None:  # the slot answer for a shrink / enlarge
        h = x.pop("h")
        r = P["cards"][h]
        if name == "shrink":
            r.update(sz="s", slot=int(ans.split()[1]))
            r.pop("spill", None)
        else:
            loc_, slot_ = (int(v) for v in ans.split()[1:3])
            r.update(sz="e", spill=[loc_, slot_], eby=f["by"])  # the enlarger also places a moved spill
            r.pop("slot", None)
        ev(s, "size", f"{CARD[h].name} is {'shrunk' if name == 'shrink' else 'enlarged'}.", seat=p, card=h)
        x["left"] = left = left - 1
        ans = None
    elif ans is not None:
        if ans == "skip":
            return None
        h = ans.split()[1]
        r = P["cards"][h]
        if name in ("unshrink", "unenlarge"):
            for k in ("sz", "slot", "spill", "eby"):
                r.pop(k, None)
            ev(s, "size", f"{CARD[h].name} returns to normal size.", seat=p, card=h)
            x["left"] = left = left - 1
        else:
            x["h"] = h
            top = villain(P).top[r["loc"]]
            if name == "shrink":
                opts = [opt(f"slot {i}", f"It covers {_action_label(a, n)} only", h, "effect")
                        for i, (a, n) in enumerate(top)] or [opt("slot 0", "It covers nothing here", h, "effect")]
            else:
                opts = [opt(f"spill {adj} {i}", f"It also covers {_action_label(a, n)} at {locname(s, p, adj)}",
                            h, "effect")
                        for adj in (r["loc"] - 1, r["loc"] + 1) if 0 <= adj < 4
                        for i, (a, n) in enumerate(villain(P).top[adj])]
                if not opts:
                    opts = [opt(f"spill {max(0, r['loc'] - 1)} 0", "No spill-over", h, "effect")]
            return Choice(f["by"], "size_slot", "Choose the covered action", opts)
    if left <= 0:
        return None
    pool = _size_pool(s, p, name)
    if not pool:
        return None
    return Choice(f["by"], "resize", f"{name.capitalize()} which Hero?",
                  [opt(f"hero {h}", f"{name.capitalize()} {_label(s, p, h)}", h, "effect") for h in pool]
                  + ([opt("skip", "Stop", None, "effect")] if st.get("up_to") else []))


for _name in ("shrink", "enlarge", "unshrink", "unenlarge"):
    OPS[_name] = _resize


@op("win_check")
def op_win_check(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    """Take the Shot (R28): revealed costs (Conditions and X count 0) against all Wickets."""
    p = f["who"]
    P = s.players[p]
    shown = f.get("revealed", [])
    total = sum(CARD[c].cost if isinstance(CARD[c].cost, int) else 0 for c in shown)
    wickets = sum(strength(s, p, c) for c, r in P["cards"].items() if r.get("w"))
    ev(s, "shot", f"Take the Shot: revealed costs {total} against Wicket Strength {wickets}.", seat=p,
         total=total, wickets=wickets)
    if total < wickets and wickets_everywhere(P):
        for c in shown:
            if c in s.revealed:
                s.revealed.remove(c)
                P["discard"].append(c)
        win(s, p, "Take the Shot succeeded")
    return None


def wickets_everywhere(P: Any) -> bool:
    return all(any(r.get("w") and r["loc"] == loc for r in P["cards"].values()) for loc in range(4))


# -- resolvability (R12) ----------------------------------------------------------------------


CHECKED_OPS = frozenset({
    "defeat_hero", "discard_card", "move_hero", "move_ally", "retrieve_from_discard", "play_from_discard",
    "play_from_hand_free", "store_power_on_hero", "choose_one", "if_else", "shrink", "enlarge", "unshrink",
    "unenlarge", "perform_action", "reveal_top", "reveal_until", "convert", "toggle_wicket"})
"""The ops ``doable_steps`` may find undoable; any other step is always doable."""


def _needs_check(steps: Any) -> bool:
    """Could ``doable_steps`` answer no for these steps (a mandatory step of a checked op)?"""
    return any(st.get("op") in CHECKED_OPS and not (st.get("optional") or st.get("up_to") or st.get("optional_each"))
               for st in steps)


NEEDS_CHECK: dict[tuple[str, str], bool] = {
    (c, trigger): _needs_check(d.steps(trigger)) for c, d in CARD.items() for trigger in ("on_play", "condition")}
"""(instance id, trigger) -> whether R12 must be checked for that card's steps (load time)."""
WICKET_REQUIRED = frozenset(c for c, d in CARD.items() if any(
    e.get("requires") == "wicket_at_each_location" for e in d.by_trigger.get("on_play", ())))


def doable(s: VState, p: int, by: int, c: str) -> bool:
    d = CARD[c]
    if c in WICKET_REQUIRED and not wickets_everywhere(s.players[p]):
        return False
    trigger = "on_play" if d.type != "Condition" else "condition"
    if not NEEDS_CHECK[c, trigger]:
        return True  # no mandatory step that could be impossible
    return doable_steps(s, p, by, c, d.steps(trigger))


def doable_steps(s: VState, p: int, by: int, c: str | None, steps: list[dict[str, Any]]) -> bool:
    """Can the mandatory parts of these steps be done now (R12)?"""
    P = s.players[p]
    f = {"who": p, "by": by, "card": c, "steps": steps, "i": 0, "x": {}}
    for st in steps:
        name = st["op"]
        if st.get("optional") or st.get("up_to") or st.get("optional_each"):
            continue
        if name == "defeat_hero":
            if not _defeat_pool(s, f, st):
                return False
        elif name == "discard_card" and st.get("which") != "revealed_cards":
            if not _discard_pool(s, f, st):
                return False
        elif name == "move_hero" and st.get("which") != "each_hero":
            if not _hero_moves(s, f, st):
                return False
        elif name == "move_ally":
            if not _ally_pool(s, f, st):
                return False
        elif name == "retrieve_from_discard":
            if not any(_matches(x, st["filter"]) for x in P["discard"]):
                return False
        elif name == "play_from_discard":
            loc = P["mover"] if st["to"] == "owner_mover_location" else None
            if not any(_matches(x, st["filter"]) and (hero_locs(s, p, x) if loc is None else
                       (not P["locked"][loc] and hero_loc_ok(s, p, x, loc, play=True))) for x in P["fdiscard"]):
                return False
        elif name == "play_from_hand_free":
            if not any(CARD[x].type == st["type"] for x in P["hand"]):
                return False
        elif name == "store_power_on_hero" and st.get("target") != "self":
            if not [h for h in heroes(P) if not P["locked"][P["cards"][h]["loc"]]]:
                return False
        elif name == "choose_one":
            if not any(doable_steps(s, p, by, c, [o]) for o in st["options"]):
                return False
        elif name == "if_else":
            if not doable_steps(s, p, by, c, [st["then"] if _alice(s, p) else st["else"]]):
                return False
        elif name in ("shrink", "enlarge", "unshrink", "unenlarge"):
            if not _size_pool(s, p, name):
                return False
        elif name == "perform_action":
            if st.get("action") == "vanquish":
                if any(x["op"] == "move_ally" for x in steps[:steps.index(st)]):
                    if not (defeat_targets(s, p) and allies(P)):  # Set a Trap: the move may set it up
                        return False
                elif not vanquishable(s, p):
                    return False
        elif name == "reveal_top" and st["deck"].startswith("active_player"):
            T = s.players[s.turn]
            if not T["fdeck"] and not T["fdiscard"]:
                return False
        elif name == "reveal_until" and st["deck"] == "own_fate":
            if not P["fdeck"] and not P["fdiscard"]:
                return False
        elif name == "convert":
            if not _guards(P, st["from"] == "Wicket"):
                return False
        elif name == "toggle_wicket":
            if c and c in P["cards"] and not P["cards"][c].get("w") and _dodo_blocks(P, c):
                return False
        elif name == "move_item":
            pass
    return True


def movable(s: VState, p: int) -> list[str]:
    return movable_cards(s, p)


__all__ = ["OPS", "PASSIVE", "doable", "doable_steps", "flip", "wickets_everywhere", "covered",
           "fate_playable", "find_hero", "take_villain", "draw_cards", "vanquishable"]
