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
from tabletop.engine.registry import Registry

from .actions import card_options, defeat_targets, fate_playable, hero_locs, movable_cards, start_action, vanquishable
from .acts import defeat, discard_from_realm, draw_cards, gain, loc_t, lose, move_mover, place, take_fate, take_villain
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
    restricted,
    slots,
    strength,
    unlocked,
    villain,
)
from .flow import (
    AGAIN,
    DONE,
    REPEAT,
    Choice,
    Opt,
    Plain,
    amount_of,
    card_of,
    ev,
    extra_of,
    handler,
    loc_of,
    m,
    opt,
    picked,
    preset,
    push,
    win,
)
from .hooks import BINDS, FORCED_ON_REVEAL, TARGET_TAX, key_named
from .state import VState

OpFn = Callable[[VState, dict[str, Any], dict[str, Any]], Any]
OPS: Registry[OpFn] = Registry("villainous op")
"""One handler per op that runs as a step; the card data's ops are checked against it at load
(``check_ops``), so a card naming an op nobody implements is refused with its id."""
PASSIVE = {"add_action_symbol", "alternative_cost", "discard_this_instead_of_attached_ally",
           "end_of_turn_hand_target", "modify_activation_cost", "modify_cost", "modify_power_gain",
           "not_discarded_when_used_to_vanquish", "pay_to_discard_this", "perform_covered_action",
           "restrict", "vanquish_reach", "reveal_hand_until_this_defeated", "return_stolen_item",
           "return_to_villain_side_same_location", "shuffle_into_deck", "defeat_attached_hero",
           "discard_self", "discard_hand", "forced_play", "convert_hero_to_ally"}
"""Ops whose meaning lives in the board queries or the primitives (static / replacement /
trigger bodies handled where the event happens); as a step they do nothing more."""


op = OPS.op


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
            res = OPS[name](s, f, st)  # every op of the data has a handler (checked at load)
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


def _ask(f: dict[str, Any], seat: int, kind: str, prompt: Plain, opts: list[Opt], optional: bool,
         group: str = "effect") -> Any:
    ans = f.pop("ans", None)
    if ans is not None:
        return ans
    if optional:
        opts = opts + [opt("skip", m("act.do_nothing"), None, group, "skip")]
    return Choice(seat, kind, prompt, opts)


def _label(s: VState, p: int, c: str) -> Plain:
    """A card and where it is (``Razoul at Oasis``), as a message."""
    r = s.players[p]["cards"].get(c)
    if r:
        return m("act.card_at", card=c, loc_term=loc_t(s, p, r["loc"]))
    return m("act.card_name", card=c)


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
    gain(s, p, amount(s, p, c, rec, st["amount"]), c or None)
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
        c = card_of(picked(f))
        P["hand"].remove(c)
        P["discard"].append(c)
        ev(s, "discarded", seat=p, card=c)
        x["left"] = left = left - 1
    if left <= 0 or not P["hand"]:
        return None
    return Choice(p, "discard", m("ask.discard_more", n=left),
                  [opt(f"drop {c}", m("act.discard", card=c), c, "discard", "drop") for c in P["hand"]])


@op("retrieve_from_discard")
def op_retrieve(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    cands = [c for c in dict.fromkeys(P["discard"]) if _matches(c, st["filter"])]
    if not cands:
        return None
    ans = _ask(f, p, "retrieve", m("ask.retrieve"),
               [opt(f"take {c}", m("act.take", card=c), c, "effect", "take") for c in cands], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        c = card_of(picked(f))
        P["discard"].remove(c)
        P["hand"].append(c)
        ev(s, "retrieve", seat=p, card=c)
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
    ans = _ask(f, f["by"], "confirm", m("ask.shuffle_discard", seat=p),
               [opt("yes", m("act.shuffle_in"), None, "effect", "yes")], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans == "yes":
        P["deck"].extend(P["discard"])
        P["discard"].clear()
        shuffle(s, P["deck"])
        ev(s, "shuffle", seat=p)
    return None


@op("grant")
def op_grant(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    s.players[f["who"]]["vanish"] = True
    ev(s, "grant", seat=f["who"])
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
    ev(s, "unlock", seat=p, loc_term=loc_t(s, p, loc))
    return None


@op("move_lock_token")
def op_lock(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    names = villain(P).loc_names
    a, b = (names.index(x) for x in st["choices"])
    if _optional(st, f):
        ans = _ask(f, f["by"], "confirm", m("ask.shift_lock"), [opt("yes", m("act.shift_it"), None, "effect", "yes")],
                   True)
        if isinstance(ans, Choice):
            return ans
        if ans != "yes":
            return None
    now = a if P["locked"][a] else b
    other = b if now == a else a
    P["locked"][now] = False
    P["locked"][other] = True
    ev(s, "lock", seat=p, loc_term=loc_t(s, p, other))
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
    def option(h: str) -> Opt:
        return opt(f"defeat {h}", m("act.defeat", what=_label(s, p, h), n=strength(s, p, h)), h, "effect", "defeat")

    if len(pool) == 1 and "ans" not in f:  # one Hero (Hypnotize's chosen target): nothing to ask
        preset(f, option(pool[0]))
    ans = _ask(f, f["by"], "defeat", m("ask.defeat"), [option(h) for h in pool], False)
    if isinstance(ans, Choice):
        return ans
    nxt = f["steps"][f["i"] + 1] if f["i"] + 1 < len(f["steps"]) else {}
    defeat(s, p, card_of(picked(f)), hyp=nxt.get("op") == "convert_hero_to_ally")
    return None


def _discard_pool(s: VState, f: dict[str, Any], st: dict[str, Any]) -> list[str]:
    p = f["who"]
    P = s.players[p]
    where = st.get("where", "your_realm")
    types = st.get("type")
    types = [types] if isinstance(types, str) else types
    out = []
    at_hero = _hero_locs(P, st["of"]) if where == "hero_location" else []
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
        if where == "hero_location" and r["loc"] not in at_hero:
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
        ev(s, "discard", "revealed", seat=p)
        return None
    pool = _discard_pool(s, f, st)
    if not pool:
        return None
    if st.get("count") == "all":
        ans = _ask(f, f["by"], "confirm", m("ask.discard_all", what=[_label(s, p, c) for c in pool]),
                   [opt("yes", m("act.discard_all"), None, "effect", "yes")], _optional(st, f))
        if isinstance(ans, Choice):
            return ans
        if ans == "yes":
            for c in pool:
                discard_from_realm(s, p, c, by=f.get("card") or None)
        return None
    ans = _ask(f, f["by"], "discard_card", m("ask.discard_card"),
               [opt(f"discard {c}", m("act.discard_what", what=_label(s, p, c)), c, "effect", "discard")
                for c in pool], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        discard_from_realm(s, p, card_of(picked(f)), by=f.get("card") or None)
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


def _triton_tax(s: VState, f: dict[str, Any], h: str) -> int:
    """King Triton: an Effect of his villain aimed at him costs more (paid when aimed)."""
    c = f.get("card")
    tax = TARGET_TAX.get(h, 0)
    return tax if tax and c and CARD[c].type == "Effect" and not CARD[c].fate else 0


def _hero_moves(s: VState, f: dict[str, Any], st: dict[str, Any]) -> list[str]:
    p = f["who"]
    P = s.players[p]
    out = []
    for h in heroes(P):
        if P["power"] < _triton_tax(s, f, h):
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
                return Choice(f["by"], "move_each", m("ask.move_each", what=_label(s, p, h)),
                              [opt("stay", m("act.leave_it"), h, "effect", "stay")]
                              + [opt(f"to {d}", m("act.to", loc_term=loc_t(s, p, d)), h, "effect", "to", location=d, seat=p)
                                 for d in adjacent(P, P["cards"][h]["loc"]) if hero_loc_ok(s, p, h, d, play=False)])
            todo.pop(0)
            if ans != "stay":
                push(s, {"k": "moveto", "who": p, "by": f["by"], "card": h, "dests": [loc_of(picked(f))]})
                return REPEAT
        return None
    pool = _hero_moves(s, f, st)
    if not pool:
        return None
    ans = _ask(f, f["by"], "move_hero", m("ask.move_hero"),
               [opt(f"hero {h}", m("act.move", what=_label(s, p, h)), h, "effect", "hero") for h in pool],
               _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans == "skip":
        return None
    h = card_of(picked(f))
    tax = _triton_tax(s, f, h)
    if tax:
        P["power"] -= tax
        ev(s, "power", "aim_tax", seat=p, card=h)
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
            ans = _ask(f, f["by"], "pull", m("ask.pull_ally", loc_term=loc_t(s, p, loc)),
                       [opt(f"pull {a}", m("act.pull", card=a), a, "effect", "pull") for a in pool], True)
            if isinstance(ans, Choice):
                return ans
            todo.pop(0)
            if ans != "skip":
                from .acts import relocate
                pulled = card_of(picked(f))
                relocate(s, p, pulled, here)
                ev(s, "move", "pulled", seat=p, card=pulled, loc_term=loc_t(s, p, here))
        return None
    pool = _ally_pool(s, f, st)
    if not pool:
        return None
    if st.get("which") == "self":
        c = pool[0]
        if f["x"].get("ally") is None:
            f["x"]["ally"] = c
    else:
        ans = _ask(f, f["by"], "move_ally", m("ask.move_ally"),
                   [opt(f"ally {a}", m("act.move", what=_label(s, p, a)), a, "effect", "ally") for a in pool],
                   _optional(st, f))
        if isinstance(ans, Choice):
            return ans
        if ans == "skip":
            return None
        c = card_of(picked(f))
    dests = _dests(s, p, st["to"], P["cards"][c]["loc"], f)
    if not dests:
        return None
    frame = {"k": "moveto", "who": p, "by": f["by"], "card": c, "dests": dests, "ask": True}
    if st.get("with") == "one_unattached_item_here":  # Iago carries an Item along
        loc = P["cards"][c]["loc"]
        items = [i for i, r in P["cards"].items() if r["loc"] == loc and r["on"] is None and r["side"] == "v"
                 and CARD[i].type == "Item"]
        if items:
            ans = _ask(f, f["by"], "carry", m("ask.carry"),
                       [opt(f"carry {i}", m("act.carry", card=i), i, "effect", "carry") for i in items], True)
            if isinstance(ans, Choice):
                return ans
            if ans != "skip":
                frame["also"] = card_of(picked(f))
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
    ans = _ask(f, f["by"], "move_item", m("ask.pull_item"),
               [opt(f"item {i}", m("act.pull_what", what=_label(s, p, i)), i, "effect", "item") for i in pool],
               _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        from .acts import relocate
        pulled = card_of(picked(f))
        relocate(s, p, pulled, here)
        ev(s, "move", "pulled", seat=p, card=pulled, loc_term=loc_t(s, p, here))
    return None


@op("move_mover")
def op_move_mover(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    dests = [x for x in unlocked(P) if x != P["mover"]]
    if not dests:
        return None
    ans = _ask(f, f["by"], "mover", m("ask.move_mover", seat=p),
               [opt(f"mover {x}", m("act.to", loc_term=loc_t(s, p, x)), None, "effect", "mover", location=x)
                for x in dests], _optional(st, f))
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        move_mover(s, p, loc_of(picked(f)))
    return None


@op("modify_strength")
def op_modify_strength(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    """Only the temporary ones run as steps: Giant Hourglass (Aye, Aye, Sir! rides on its move)."""
    if st.get("target") == "heroes_at_this_location" and st.get("duration") == "end_of_turn":
        loc = _this_loc(s, f)
        s.tf.setdefault("hg", []).append([f["who"], loc, int(st["amount"])])
        ev(s, "modify", seat=f["who"], loc_term=loc_t(s, f["who"], loc), n=int(st["amount"]))
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
    ans = _ask(f, p, "granted_action", m("ask.granted_action"),
               [opt(k, _action_label(a, n), None, a, "do", amount=n, action=a) for k, (a, n) in choices.items()],
               True)
    if isinstance(ans, Choice):
        return ans
    if ans == "skip":
        return None
    record = picked(f)
    start_action(s, p, extra_of(record, "action"), amount_of(record))
    return AGAIN


def _action_label(a: str, n: int) -> Plain:
    """An action symbol as words (``Gain 2 Power``, ``Move a Hero``)."""
    return m("act.symbol_gain", n=n) if a == "gain_power" else m("act.symbol", term="do_" + a)


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
        ev(s, "reveal", "reveals" if got else "reveals_nothing", seat=p, cards=list(got))
        return None
    got = take_fate(s, p, n)
    if not got:
        return None
    c = got[0]
    s.revealed.append(c)
    ev(s, "reveal", "fate_top", seat=p, card=c)
    if c in FORCED_ON_REVEAL:
        push(s, {"k": "pfate", "who": p, "by": f["by"], "card": c, "forced": True})
        return AGAIN
    then = st.get("then")
    if then == "play_if_hero_else_return_to_top" and CARD[c].type != "Hero":
        s.revealed.remove(c)
        P["fdeck"].append(c)
        ev(s, "return", "fate_top_back", seat=p, card=c)
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
            if c in FORCED_ON_REVEAL or _matches(c, st["match"]):
                match = c
                break
        x["shown"] = shown
        x["match"] = match
        ev(s, "reveal", "reveals" if shown else "reveals_nothing", seat=p, cards=list(shown))
    shown, match = x["shown"], x["match"]
    then = st["then"]
    if match is not None and then == "play_or_discard_matched_discard_rest" and match not in FORCED_ON_REVEAL:
        ans = _ask(f, f["by"], "confirm", m("ask.play_in_realm", card=match),
                   [opt("yes", m("act.play", card=match), match, "effect", "yes"),
                    opt("no", m("act.discard_it"), match, "effect", "no")], False)
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
        ev(s, "retrieve", "keeps", seat=p, card=match)
        return None
    push(s, {"k": "pfate", "who": p, "by": p, "card": match, "forced": match in FORCED_ON_REVEAL})
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
        ev(s, "look", seat=p, n=len(got))
        ev(s, "looked", to=[p], cards=list(got))
    got = x["cards"]
    if not got:
        return None
    opts = [opt("discard", m("act.discard_all"), None, "effect", "discard")]
    if len(got) == 1:
        opts.append(opt(f"keep {got[0]}", m("act.put_back", card=got[0]), None, "effect", "keep", order=[got[0]]))
    else:
        a, b = got[0], got[1]
        opts.append(opt(f"keep {a} {b}", m("act.back_on_top", card=a), None, "effect", "keep", order=[a, b]))
        opts.append(opt(f"keep {b} {a}", m("act.back_on_top", card=b), None, "effect", "keep", order=[b, a]))
    ans = f.pop("ans", None)
    if ans is None:
        return Choice(p, "look", m("ask.look"), opts)
    s.looking = []
    s.look_seat = -1
    if ans == "discard":
        P["fdiscard"].extend(got)
        ev(s, "discard", "fate_cards", seat=p, cards=list(got))
    else:
        order = extra_of(picked(f), "order")
        for c in reversed(order):
            P["fdeck"].append(c)  # the first named ends on top
        ev(s, "return", "put_back", seat=p)
    return None


def find_hero(s: VState, p: int, key: str) -> str | None:
    """Find a Hero for find-and-play (§10, R47); returns it held in ``revealed`` or ``None``."""
    P = s.players[p]
    for c in list(P["cards"]):
        if CARD[c].key == key and P["cards"][c]["on"] is None:
            for a in attached(P, c):
                discard_from_realm(s, p, a, "its_hero_was_found")
            if P["cards"][c].get("pw"):
                ev(s, "power", "parked_back", seat=p)
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


KEY_BY_NAME = {(d.villain, d.name): d.key for d in CARD.values()}
"""(villain, card name) -> card key: the card data names the cards its effects find."""


@op("find_and_play")
def op_find(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    key = KEY_BY_NAME.get((P["villain"], st["card"]))  # the data names the Hero (checked at load)
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
        ev(s, "find", "nowhere", seat=p, card=key)
        return None
    ev(s, "find", seat=p, card=c)
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
    ev(s, "attach", "takes_hold", seat=p, card=c, host_card=host)
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
    ans = _ask(f, f["by"], "from_discard", m("ask.from_discard"),
               [opt(f"hero {c}", m("act.play", card=c), c, "effect", "hero") for c in dict.fromkeys(pool)], False)
    if isinstance(ans, Choice):
        return ans
    c = card_of(picked(f))
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
    ans = _ask(f, p, "free_play", m("ask.free_play"),
               [opt(f"free {c}", m("act.play_free", card=c), c, "effect", "free") for c in pool], False)
    if isinstance(ans, Choice):
        return ans
    push(s, {"k": "play", "who": p, "card": card_of(picked(f)), "free": True})
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
    ans = _ask(f, f["by"], "attach", m("ask.attach_item", card=c),
               [opt(f"item {i}", m("act.attach", card=i), i, "effect", "item", target=c) for i in pool], True)
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        i = card_of(picked(f))
        P["fdiscard"].remove(i)
        place(s, p, i, P["cards"][c]["loc"], "h", on=c)
        ev(s, "attach", seat=p, card=i, host_card=c)
    return None


@op("reattach")
def op_reattach(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    c = f["card"]
    if c not in P["cards"]:
        return None
    pool = [i for i, r in P["cards"].items() if i in BINDS and r["on"]
            and r["on"] != c and not P["locked"][r["loc"]]]
    if not pool:
        return None
    ans = _ask(f, f["by"], "reattach", m("ask.reattach"),
               [opt(f"item {i}", m("act.take_from", card=i, host_card=P["cards"][i]["on"]), i, "effect", "item",
                    target=P["cards"][i]["on"]) for i in pool], True)
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        i = card_of(picked(f))
        P["cards"][i].update(on=c, loc=P["cards"][c]["loc"])
        ev(s, "attach", "takes", seat=p, card=i, host_card=c)
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
    ans = _ask(f, f["by"], "steal", m("ask.steal", card=c),
               [opt(f"item {i}", m("act.steal", card=i), i, "effect", "item") for i in pool], True)
    if isinstance(ans, Choice):
        return ans
    if ans != "skip":
        i = card_of(picked(f))
        for a in attached(P, i):
            discard_from_realm(s, p, a)
        P["cards"][i].update(on=c, side="h", stolen=True)
        ev(s, "steal", seat=p, card=i, host_card=c)
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
        ans = _ask(f, f["by"], "store", m("ask.store"),
                   [opt(f"hero {h}", m("act.on_what", what=_label(s, p, h)), h, "effect", "hero") for h in pool],
                   False)
        if isinstance(ans, Choice):
            return ans
        x["h"] = card_of(picked(f))
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
        ans = _ask(f, f["by"], "park", m("ask.park", seat=p, card=h),
                   [opt(f"park {k}", m("act.park_most" if k == most else "act.park", n=k), h, "effect", "park",
                        amount=k) for k in amounts], _optional(st, f))
        if isinstance(ans, Choice):
            return ans
        if ans == "skip":
            return None
        n = amount_of(picked(f))
    if n <= 0:
        return None
    P["power"] -= n
    P["cards"][h]["pw"] = P["cards"][h].get("pw", 0) + n
    ev(s, "park", seat=p, n=n, card=h)
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
        return Choice(f["by"], "choose_one", m("ask.choose_one"),
                      [opt(f"option {i}", _describe(o), f.get("card"), "effect", "option", index=i)
                       for i, o in options])
    o = st["options"][extra_of(picked(f), "index")]
    push(s, {**f, "steps": [o], "i": 0, "x": {}})
    return AGAIN


def _describe(o: dict[str, Any]) -> Plain:
    """One option of a ``choose_one`` as words (the ops the card data offers there)."""
    if o["op"] == "reveal_until":
        match = o["match"]
        return m("act.look_for", term="type_" + match.lower()) if isinstance(match, str) else m("act.look_for_card")
    if o["op"] in ("shrink", "unenlarge", "enlarge", "unshrink"):
        return m("act.choose_" + o["op"])
    raise GameDataError(f"villainous: choose_one offers an op with no words: {o['op']!r}")


def _hero_locs(P: Any, name: str) -> list[int]:
    """Where the Hero named ``name`` of this realm's villain stands (hero side), if in play."""
    key = key_named(P["villain"], name)
    return [P["cards"][a]["loc"] for a in in_realm(P, key) if P["cards"][a]["side"] == "h"] if key else []


def _holds(s: VState, p: int, st: dict[str, Any]) -> bool:
    """An ``if_else`` test (``cards.IF_TESTS``): is the named Hero in the owner's realm?"""
    if st["if"] != "hero_in_owner_realm":
        raise GameDataError(f"villainous: unknown test {st['if']!r}")
    return bool(_hero_locs(s.players[p], st["card"]))


@op("if_else")
def op_if_else(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    branch = st["then"] if _holds(s, f["who"], st) else st["else"]
    push(s, {**f, "steps": [branch], "i": 0, "x": {}})
    return AGAIN


# -- Queen of Hearts ------------------------------------------------------------------------------


def _guards(P: Any, wicket: bool) -> list[str]:
    return [c for c, r in P["cards"].items() if CARD[c].name.startswith("Card Guard") and r["side"] == "v"
            and bool(r.get("w")) == wicket and not P["locked"][r["loc"]]]


def _dodo_blocks(P: Any, c: str) -> bool:
    return restricted(P, "card_guards_at_this_location_cannot_become_wickets", P["cards"][c]["loc"])


def flip(s: VState, p: int, c: str) -> None:
    P = s.players[p]
    r = P["cards"][c]
    if r.get("w"):
        r.pop("w")
        ev(s, "wicket", "stands_up", seat=p, card=c)
    else:
        r["w"] = True
        ev(s, "wicket", seat=p, card=c)


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
        flip(s, p, card_of(picked(f)))
        x["left"] = left = left - 1
    if left <= 0:
        return None
    pool = [c for c in _guards(P, not to_wicket) if not (to_wicket and _dodo_blocks(P, c))]
    if not pool:
        return None
    return Choice(f["by"], "convert", m("ask.convert_wicket" if to_wicket else "ask.convert_guard", n=left),
                  [opt(f"flip {c}", m("act.flip", what=_label(s, p, c)), c, "effect", "flip") for c in pool]
                  + [opt("skip", m("act.stop"), None, "effect", "skip")])


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
        record = picked(f)
        if name == "shrink":
            r.update(sz="s", slot=extra_of(record, "slot"))
            r.pop("spill", None)
        else:
            r.update(sz="e", spill=[loc_of(record), extra_of(record, "slot")], eby=f["by"])  # the enlarger also
            r.pop("slot", None)  # places a moved spill
        ev(s, "size", "shrunk" if name == "shrink" else "enlarged", seat=p, card=h)
        x["left"] = left = left - 1
        ans = None
    elif ans is not None:
        if ans == "skip":
            return None
        h = card_of(picked(f))
        r = P["cards"][h]
        if name in ("unshrink", "unenlarge"):
            for k in ("sz", "slot", "spill", "eby"):
                r.pop(k, None)
            ev(s, "size", "normal", seat=p, card=h)
            x["left"] = left = left - 1
        else:
            x["h"] = h
            top = villain(P).top[r["loc"]]
            if name == "shrink":
                opts = [opt(f"slot {i}", m("act.covers_only", what=_action_label(a, n)), h, "effect", "slot", slot=i)
                        for i, (a, n) in enumerate(top)] or [opt("slot 0", m("act.covers_nothing"), h, "effect",
                                                                 "slot", slot=0)]
            else:
                opts = [opt(f"spill {adj} {i}", m("act.also_covers", what=_action_label(a, n),
                                                  loc_term=loc_t(s, p, adj)), h, "effect", "spill", location=adj,
                            slot=i)
                        for adj in (r["loc"] - 1, r["loc"] + 1) if 0 <= adj < 4
                        for i, (a, n) in enumerate(villain(P).top[adj])]
                if not opts:
                    opts = [opt(f"spill {max(0, r['loc'] - 1)} 0", m("act.no_spill"), h, "effect", "spill",
                                location=max(0, r["loc"] - 1), slot=0)]
            return Choice(f["by"], "size_slot", m("ask.size_slot"), opts)
    if left <= 0:
        return None
    pool = _size_pool(s, p, name)
    if not pool:
        return None
    return Choice(f["by"], "resize", m("ask.resize_" + name),
                  [opt(f"hero {h}", m("act.resize_" + name, what=_label(s, p, h)), h, "effect", "hero") for h in pool]
                  + ([opt("skip", m("act.stop"), None, "effect", "skip")] if st.get("up_to") else []))


for _name in ("shrink", "enlarge", "unshrink", "unenlarge"):
    OPS.add(_name, _resize)


@op("win_check")
def op_win_check(s: VState, f: dict[str, Any], st: dict[str, Any]) -> Any:
    """Take the Shot (R28): revealed costs (Conditions and X count 0) against all Wickets."""
    p = f["who"]
    P = s.players[p]
    shown = f.get("revealed", [])
    total = sum(CARD[c].cost if isinstance(CARD[c].cost, int) else 0 for c in shown)
    wickets = sum(strength(s, p, c) for c, r in P["cards"].items() if r.get("w"))
    ev(s, "shot", seat=p, total=total, wickets=wickets)
    if total < wickets and wickets_everywhere(P):
        for c in shown:
            if c in s.revealed:
                s.revealed.remove(c)
                P["discard"].append(c)
        win(s, p, m("why.shot"))
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
            if not doable_steps(s, p, by, c, [st["then"] if _holds(s, p, st) else st["else"]]):
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


def check_ops(cards: Any) -> None:
    """The coverage check of the card data (``CardDef``s): every op a card names has a handler or
    is passive, and so does every op of the closed vocabulary; a miss is a ``GameDataError``
    naming the card. Run when the rules load, right after the cards."""
    from .cards import OPS as VOCAB
    OPS.check((("villainous/" + d.villain + ".json: card " + repr(d.key), name) for d in cards
               for name in sorted(d.ops)), PASSIVE)
    OPS.check((("villainous card vocabulary", name) for name in sorted(VOCAB)), PASSIVE)


check_ops(CARD.values())


__all__ = ["OPS", "PASSIVE", "check_ops", "doable", "doable_steps", "flip", "wickets_everywhere", "covered",
           "fate_playable", "find_hero", "take_villain", "draw_cards", "vanquishable"]
