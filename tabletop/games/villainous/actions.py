"""The eight board actions (§5) as frames: play a card, activate, fate, move an Item or Ally,
move a Hero, vanquish, discard, gain Power; plus the shared "play a Fate card" flow (§8).

A screen selects the action symbol first (``Action.group``), then the card (``Action.card``), then
the target the follow-up decision offers.
"""

from __future__ import annotations

from typing import Any

from .acts import (
    defeat,
    discard_from_realm,
    fate_item_hosts,
    gain,
    loc_t,
    locname,
    move_hero,
    nm,
    place,
    play_hero,
    relocate,
    take_fate,
    to_pile,
    triggered,
)
from .board import (
    ALLY_LIKE,
    CARD,
    COST_VILLAINS,
    I_COST,
    REACH,
    activation_cost,
    adjacent,
    allies,
    attached,
    cost,
    hero_loc_ok,
    heroes,
    in_realm,
    is_ally,
    loose_items,
    restricted,
    strength,
    unlocked,
    villain,
)
from .flow import (
    AGAIN,
    DONE,
    Choice,
    Opt,
    Plain,
    card_of,
    ev,
    fx,
    handler,
    kept_opt,
    kept_prompt,
    loc_of,
    m,
    opt,
    picked,
    push,
    seat_of,
)
from .hooks import (
    BINDS,
    EVENT_ABILITY,
    FIRST_ATTACHED,
    FIRST_SELF,
    FORCED_ON_REVEAL,
    FORCED_TO,
    ITEM_PAYERS,
    KEEPS_AFTER_VANQUISH,
    NEEDS_TWO,
    NOT_VANQUISHED_BY,
    ONLY_TO,
    PRIORITY_VILLAINS,
    SHIELD_VILLAINS,
    SHIELDS,
    TAKES_ALLYS_PLACE,
    WHEN,
)
from .state import VState

# -- vanquish -----------------------------------------------------------------------------------


def item_payers(P: Any) -> list[str]:
    """The cards in this realm that may be discarded to pay for an Item (Never Land Map)."""
    if len(ITEM_PAYERS) == 1:
        return in_realm(P, ITEM_PAYERS[0])
    return [c for k in ITEM_PAYERS for c in in_realm(P, k)]


def defeatable(s: VState, p: int, h: str) -> bool:
    P = s.players[p]
    r = P["cards"][h]
    if P["locked"][r["loc"]]:
        return False
    if P["villain"] not in SHIELD_VILLAINS:
        return True  # realm isolation: no Clever Disguise can be attached here
    return not any(a in SHIELDS for a in attached(P, h))


def priority(s: VState, p: int, cands: list[str]) -> list[str]:
    """Carpet / Taunt: those Heroes must be defeated first (R39)."""
    P = s.players[p]
    if P["villain"] not in PRIORITY_VILLAINS:
        return cands  # realm isolation: neither Carpet nor Taunt can be here
    prio = [h for h in heroes(P) if h in FIRST_SELF or any(a in FIRST_ATTACHED for a in attached(P, h))]
    if not prio:
        return cands
    return [h for h in cands if h in prio]


def defeat_targets(s: VState, p: int, max_strength: int | None = None, loc: int | None = None) -> list[str]:
    P = s.players[p]
    out = [h for h in heroes(P) if defeatable(s, p, h)
           and (loc is None or P["cards"][h]["loc"] == loc)
           and (max_strength is None or strength(s, p, h) <= max_strength)]
    return priority(s, p, out)


def vanq_allies(s: VState, p: int, h: str) -> list[str]:
    P = s.players[p]
    rec = P["cards"][h]
    hloc = rec["loc"]
    locs = {hloc}
    if rec.get("sz") == "e" and rec.get("spill") and not P["locked"][rec["spill"][0]]:
        locs.add(rec["spill"][0])
    barred = NOT_VANQUISHED_BY.get(h, ())
    out = []
    for a, r in P["cards"].items():
        if not is_ally(a, r) or r.get("w"):
            continue
        k = CARD[a].key if not r.get("hyp") else ""
        ok = r["loc"] in locs or (k in REACH and abs(r["loc"] - hloc) == 1 and not P["locked"][r["loc"]])
        if not ok:
            continue
        if barred and CARD[a].key in barred:
            continue
        out.append(a)
    return out


def vanq_ok(s: VState, p: int, h: str, chosen: list[str]) -> bool:
    if not chosen:
        return False
    need = 2 if h in NEEDS_TWO else 1
    if len(chosen) < need:
        return False
    return sum(max(0, strength(s, p, a)) for a in chosen) >= strength(s, p, h)


def vanquishable(s: VState, p: int) -> list[str]:
    # no Ally that could take part (Wickets never do): nothing can be vanquished, skip the pricing
    for a, r in s.players[p]["cards"].items():
        if r["side"] == "v" and r["on"] is None and a in ALLY_LIKE and not r.get("w"):
            break
    else:
        return []
    return [h for h in defeat_targets(s, p) if vanq_ok(s, p, h, vanq_allies(s, p, h))]


@handler("vanq")
def h_vanq(s: VState, f: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    ans = f.pop("ans", None)
    if f.get("h") is None:
        targets = vanquishable(s, p)
        if not targets:
            return DONE
        if ans is None:
            return Choice(p, "vanquish_target", m("ask.vanquish_target"),
                          [opt(f"vanquish {h}", m("act.vanquish", card=h, n=strength(s, p, h)), h,
                               "vanquish", "vanquish") for h in targets])
        f["h"] = card_of(picked(f))
        return AGAIN
    h = f["h"]
    if ans is not None:
        if ans == "confirm":
            return _resolve_vanquish(s, f)
        f["sel"].append(card_of(picked(f)))
    pool = [a for a in vanq_allies(s, p, h) if a not in f["sel"]]
    opts = [opt(f"with {a}", m("act.use_ally", card=a, n=strength(s, p, a)), a, "vanquish", "with") for a in pool]
    if vanq_ok(s, p, h, f["sel"]):
        total = sum(max(0, strength(s, p, a)) for a in f["sel"])
        opts.insert(0, opt("confirm", m("act.vanquish_with", card=h, n=total), h, "vanquish", "confirm",
                           amount=total))
    return Choice(p, "vanquish_allies", m("ask.vanquish_allies", card=h, n=strength(s, p, h)), opts)
    del P


def _resolve_vanquish(s: VState, f: dict[str, Any]) -> Any:
    p, h, sel = f["who"], f["h"], f["sel"]
    P = s.players[p]
    ev(s, "vanquish", seat=p, card=h, cards=list(sel))
    # R44: Golden Arrow waits beneath the defeated Hero's own ability (which ``defeat`` pushes on top)
    seen = WHEN["attached_ally_used_to_defeat_hero"]
    triggered(s, p, [[CARD[g].key, g, EVENT_ABILITY[CARD[g].key][1]["amount"]] for a in sel for g in attached(P, a)
                     if g in seen])
    defeat(s, p, h, by_vanquish=True)
    if s.phase != "play":
        return DONE
    if not f.get("keep"):
        for a in sel:
            if a not in P["cards"]:
                continue
            if a in KEEPS_AFTER_VANQUISH and not P["cards"][a].get("hyp"):
                continue
            bows = [b for b in attached(P, a) if b in TAKES_ALLYS_PLACE]
            if bows:
                discard_from_realm(s, p, bows[0], "instead_of_its_ally")
                continue
            discard_from_realm(s, p, a, "used_to_vanquish")
    return DONE


# -- playing cards ------------------------------------------------------------------------------


def discount(s: VState, p: int) -> int:
    """The most any card could be discounted now (a cheap bound before pricing each place)."""
    if s.players[p]["villain"] not in COST_VILLAINS:
        return 0
    total = 0
    for c in s.players[p]["cards"]:
        for _scope, amt, _cond in I_COST.get(c, ()):
            if amt < 0:
                total -= amt
    return total


def _local_costs(P: Any) -> bool:
    """Is any cost modifier tied to the location a card is played to (Razoul, Sword of Truth)?"""
    if P["villain"] not in COST_VILLAINS:
        return False
    return any(scope.endswith("to this location") for x in P["cards"] for scope, _a, _c in I_COST.get(x, ()))


def attach_target(d: Any) -> str | None:
    for e in d.by_trigger.get("on_play", ()):
        for st in e.get("steps", [e]):
            if st.get("op") == "attach" and st.get("to") in ("ally", "ally_or_wicket", "hero",
                                                               "hero_with_no_attached_items"):
                return st["to"]
    return None


ATTACH_TO: dict[str, str | None] = {c: attach_target(d) for c, d in CARD.items()}
"""instance id -> ``attach_target`` of its card (computed once at load time)."""


Dest = tuple[str, Plain, int, "int | None", "str | None", bool, str]
"""A place to play a card: ``(id, label, cost, location, host or target, pay with the Map, verb)``."""

_DOABLE: list[Any] = []


def _doable() -> Any:
    """``ops.doable``, imported on first use (``ops`` imports this module)."""
    if not _DOABLE:
        from .ops import doable
        _DOABLE.append(doable)
    return _DOABLE[0]


def play_dests(s: VState, p: int, c: str, free: bool = False, first: bool = False,
               ctx: tuple[int, bool] | None = None) -> list[Dest]:
    """Where ``c`` may be played now: ``(id, label, cost, loc, host/target, pay with the Map, verb)``."""
    P = s.players[p]
    d = CARD[c]
    power = P["power"]
    disc, local = ctx if ctx is not None else (discount(s, p), _local_costs(P))
    if not free and isinstance(d.cost, int) and d.cost - disc > power \
            and not (d.type == "Item" and item_payers(P)):
        return []
    doable = _doable()
    out: list[Dest] = []
    maps = item_payers(P) if d.type == "Item" else []
    to = ATTACH_TO[c]

    def add(verb: str, aid: str, label: Plain, k: int, loc: int | None, host: str | None) -> None:
        k = 0 if free else k
        if k <= power:
            out.append((aid, m("act.dest_cost", where=label, n=k), k, loc, host, False, verb))
        if maps and not free and k > 0:
            out.append((aid + " map", m("act.dest_map", where=label), 0, loc, host, True, verb))

    if d.type in ("Ally", "Curse") or (d.type == "Item" and to is None and c not in BINDS):
        names = villain(P).loc_names
        only = ONLY_TO.get(d.key)
        if first and not local and isinstance(d.cost, int) and d.cost <= power:
            # only location-bound modifiers raise a cost: the printed cost is an upper bound here
            for loc in unlocked(P):
                if d.type == "Curse" and restricted(P, "curses_cannot_be_played_to_this_location", loc):
                    continue
                if only is not None and names[loc] != only:
                    continue
                return [(f"at {loc}", m("act.nothing"), d.cost, loc, None, False, "at")]
            return []
        flat = None if local else cost(s, p, c)
        for loc in unlocked(P):
            if d.type == "Curse" and restricted(P, "curses_cannot_be_played_to_this_location", loc):
                continue
            if only is not None and names[loc] != only:
                continue
            add("at", f"at {loc}", m("act.to_loc", loc_term=loc_t(s, p, loc)),
                cost(s, p, c, loc) if flat is None else flat, loc, None)
            if first and out:
                return out
    elif d.type == "Item" and c in BINDS:
        for h in heroes(P):
            r = P["cards"][h]
            if P["locked"][r["loc"]] or locname(s, p, r["loc"]) == d.target_location:
                continue
            add("on", f"on {h}", m("act.onto", card=h), cost(s, p, c, None, h), r["loc"], h)
            if first and out:
                return out
    elif d.type == "Item":
        for a in allies(P):
            r = P["cards"][a]
            if P["locked"][r["loc"]]:
                continue
            add("on", f"on {a}", m("act.onto_at", card=a, loc_term=loc_t(s, p, r["loc"])),
                cost(s, p, c, r["loc"]), r["loc"], a)
            if first and out:
                return out
    elif d.type == "Effect":
        if restricted(P, "owner_cannot_play_effects"):
            return []
        if d.cost == "X":
            for h in defeat_targets(s, p):
                add("target", f"target {h}", m("act.on", card=h), cost(s, p, c, None, h), None, h)
                if first and out:
                    return out
        elif doable(s, p, p, c):
            add("go", "go", m("act.resolve"), cost(s, p, c), None, None)
    return out


_PLAYING: list[Any] = [None, -1, None]
"""The play frame that asked where last, the step it asked at and the places it judged (as
``turn._MENU``): its answer comes one step later to the same frame with nothing changed in between,
so the place chosen is found among those instead of judging every place again."""


@handler("play")
def h_play(s: VState, f: dict[str, Any]) -> Any:
    """Play a card from hand: choose where, pay, put it in play, fire its abilities."""
    p, c = f["who"], f["card"]
    P = s.players[p]
    if _PLAYING[0] is f and _PLAYING[1] == s.step - 1 and "ans" in f:
        dests = _PLAYING[2]  # the answer to the places judged one step ago: nothing changed since
    else:
        dests = play_dests(s, p, c, f.get("free", False))
    _PLAYING[0] = None
    if not dests or c not in P["hand"]:
        return DONE
    ans = f.pop("ans", None)
    if ans is None:
        if len(dests) == 1 and dests[0][0] == "go":
            ans = "go"
        else:
            _PLAYING[0], _PLAYING[1], _PLAYING[2] = f, s.step, dests
            v = P["villain"]
            return Choice(p, "play_where", kept_prompt(("play_where", c), lambda: m("ask.play_where", card=c)),
                          [kept_opt(("dest", c, v, x[0], x[2], x[3], x[4], x[5], x[6]),
                                    lambda x=x: opt(x[0], x[1], c, "play_card", x[6], target=x[4], location=x[3],
                                                    amount=x[2], map=x[5])) for x in dests])
    dest = next(x for x in dests if x[0] == ans)
    _aid, _label, k, loc, host, use_map, _verb = dest
    d = CARD[c]
    P["hand"].remove(c)
    if use_map:
        the_map = item_payers(P)[0]
        discard_from_realm(s, p, the_map, "paid_for_an_item")
    else:
        P["power"] -= k
    if host:
        ev(s, "play", "play_onto", seat=p, card=c, host_card=host, n=k)
    elif loc is not None:
        ev(s, "play", "play_to", seat=p, card=c, loc_term=loc_t(s, p, loc), n=k)
    else:
        ev(s, "play", seat=p, card=c, n=k)
    if d.type == "Effect":
        s.resolving.append(c)
        push(s, {"k": "tidy", "who": p, "card": c})
        steps = d.steps("on_play")
        if d.cost == "X":
            fx(s, p, p, c, steps, target=host)
        else:
            fx(s, p, p, c, steps)
        return DONE
    if host is not None:
        place(s, p, c, P["cards"][host]["loc"], P["cards"][host]["side"], on=host)
    else:
        place(s, p, c, loc, "v")
    if d.type == "Ally":
        push(s, {"k": "here", "who": p, "loc": loc, "kind": "ally"})
    steps = [st for st in d.steps("on_play") if not (st["op"] == "attach" and host is not None)]
    fx(s, p, p, c, steps)
    return DONE


@handler("tidy")
def h_tidy(s: VState, f: dict[str, Any]) -> Any:
    """A resolved Effect goes to its owner's discard pile."""
    if f["card"] in s.resolving:
        s.resolving.remove(f["card"])
        to_pile(s, f["who"], f["card"])
    return DONE


@handler("here")
def h_here(s: VState, f: dict[str, Any]) -> Any:
    from .acts import here_triggers
    here_triggers(s, f)
    return DONE


# -- Fate ---------------------------------------------------------------------------------------


def fate_playable(s: VState, p: int, by: int, c: str, loc: int | None = None) -> bool:
    from .ops import doable
    d = CARD[c]
    if d.type == "Hero":
        if loc is not None:
            return True
        return bool(hero_locs(s, p, c))
    if d.type == "Item":
        return bool(fate_item_hosts(s, p, c))
    return doable(s, p, by, c)


def hero_locs(s: VState, p: int, c: str) -> list[int]:
    P = s.players[p]
    return [loc for loc in unlocked(P) if hero_loc_ok(s, p, c, loc, play=True)]


@handler("fate")
def h_fate(s: VState, f: dict[str, Any]) -> Any:
    """The Fate action (§8): reveal two, Peter Pan override, pick one to play, discard the other."""
    v, by = f["who"], f["by"]
    V = s.players[v]
    ans = f.pop("ans", None)
    if f.get("st", 0) == 0:
        ev(s, "fate", seat=by, victim_seat=v)
        if V["dragon"]:
            for _ in range(V["dragon"]):
                gain(s, v, 3, "dragon_form")
        got = take_fate(s, v, 2)
        s.revealed.extend(got)
        f["cards"] = got
        f["st"] = 1
        if got:
            ev(s, "reveal", "fate_two", seat=v, cards=list(got))
        pans = [c for c in got if c in FORCED_ON_REVEAL]
        if pans:
            for c in got:
                if c not in pans:
                    s.revealed.remove(c)
                    V["fdiscard"].append(c)
            push(s, {"k": "pfate", "who": v, "by": by, "card": pans[0], "forced": True})
            return DONE
        return AGAIN
    cards = [c for c in f["cards"] if c in s.revealed]
    playable = [c for c in cards if fate_playable(s, v, by, c)]
    if not playable:
        for c in cards:
            s.revealed.remove(c)
            V["fdiscard"].append(c)
        if cards:
            ev(s, "fate_discard", seat=v)
        return DONE
    if ans is None:
        return Choice(by, "fate_pick", kept_prompt(("fate_pick", v), lambda: m("ask.fate_pick", seat=v)),
                      [kept_opt(("pick", c, v), lambda c=c: opt(f"pick {c}", m("act.play", card=c), c, "fate", "pick",
                                                               seat=v)) for c in playable])
    pick = card_of(picked(f))
    for c in cards:
        if c != pick:
            s.revealed.remove(c)
            V["fdiscard"].append(c)
    push(s, {"k": "pfate", "who": v, "by": by, "card": pick})
    return DONE


@handler("pfate")
def h_pfate(s: VState, f: dict[str, Any]) -> Any:
    """Play a Fate card (held in ``revealed``) into realm ``who``, ``by`` choosing (§8.5, R16)."""
    p, by, c = f["who"], f["by"], f["card"]
    P = s.players[p]
    d = CARD[c]
    if c not in s.revealed:
        return DONE
    ans = f.pop("ans", None)
    if f.get("forced"):
        s.revealed.remove(c)
        names, to = villain(P).loc_names, FORCED_TO[c]
        loc = names.index(to) if to in names else 3
        ev(s, "peter", seat=p, card=c)
        play_hero(s, p, c, loc, by)
        return DONE
    if not fate_playable(s, p, by, c, f.get("loc")):
        s.revealed.remove(c)
        P["fdiscard"].append(c)
        ev(s, "discard", "unplayable", seat=p, card=c)
        return DONE
    if d.type == "Hero":
        if f.get("loc") is not None:
            s.revealed.remove(c)
            play_hero(s, p, c, f["loc"], by)
            return DONE
        locs = hero_locs(s, p, c)
        if ans is None:
            return Choice(by, "hero_where", kept_prompt(("hero_where", c, p),
                                                        lambda: m("ask.hero_where", card=c, n=d.strength, seat=p)),
                          [kept_opt(("hero_at", c, P["villain"], loc, p),
                                    lambda loc=loc: opt(f"at {loc}", m("act.card_to", card=c, loc_term=loc_t(s, p, loc)),
                                                        c, "fate", "at", location=loc, seat=p)) for loc in locs])
        s.revealed.remove(c)
        play_hero(s, p, c, loc_of(picked(f)), by)
        return DONE
    if d.type == "Item":
        hosts = fate_item_hosts(s, p, c)
        if ans is None:
            return Choice(by, "item_host", m("ask.item_host", card=c),
                          [opt(f"on {h}", m("act.card_onto", card=c, host_card=h), h, "fate", "on", target=c)
                           for h in hosts])
        h = card_of(picked(f))
        s.revealed.remove(c)
        place(s, p, c, P["cards"][h]["loc"], "h", on=h)
        ev(s, "attach", seat=p, card=c, host_card=h)
        fx(s, p, by, c, [st for st in d.steps("on_play") if st["op"] != "attach"])
        return DONE
    s.revealed.remove(c)
    s.resolving.append(c)
    ev(s, "effect", seat=p, card=c)
    push(s, {"k": "tidy", "who": p, "card": c})
    fx(s, p, by, c, d.steps("on_play"))
    return DONE


# -- moving, activating, discarding ---------------------------------------------------------


def movable_cards(s: VState, p: int) -> list[str]:
    """What Move an Item or Ally may move (R14): Allies, unattached Items, Curses, unlocked."""
    P = s.players[p]
    if restricted(P, "owner_cannot_take_move_item_ally_action") or restricted(P, "owner_cannot_move_allies_or_items"):
        return []
    out = []
    for c in allies(P) + loose_items(P):
        loc = P["cards"][c]["loc"]
        if not P["locked"][loc] and adjacent(P, loc):
            out.append(c)
    return out


def movable_heroes(s: VState, p: int) -> list[str]:
    P = s.players[p]
    out = []
    for h in heroes(P):
        loc = P["cards"][h]["loc"]
        if not P["locked"][loc] and any(hero_loc_ok(s, p, h, x, play=False) for x in adjacent(P, loc)):
            out.append(h)
    return out


@handler("moveto")
def h_moveto(s: VState, f: dict[str, Any]) -> Any:
    """Move one card (Hero or Ally/Item) to a destination chosen from ``dests``."""
    p, c = f["who"], f["card"]
    P = s.players[p]
    if c not in P["cards"]:
        return DONE
    dests = [x for x in f["dests"] if not P["locked"][x]]
    hero = P["cards"][c]["side"] == "h" and P["cards"][c]["on"] is None
    if hero:
        dests = [x for x in dests if hero_loc_ok(s, p, c, x, play=False)]
    if not dests:
        return DONE
    ans = f.pop("ans", None)
    if ans is None:
        if len(dests) == 1 and not f.get("ask"):
            loc = dests[0]
        else:
            return Choice(f["by"], "move_where", kept_prompt(("move_where", c), lambda: m("ask.move_where", card=c)),
                          [kept_opt(("to", c, P["villain"], x, f.get("group", "move"), p),
                                    lambda x=x: opt(f"to {x}", m("act.card_to", card=c, loc_term=loc_t(s, p, x)), c,
                                                    f.get("group", "move"), "to", location=x, seat=p))
                           for x in dests])
    else:
        loc = loc_of(picked(f))
    if hero:
        move_hero(s, p, c, loc)
    else:
        also = f.get("also") if f.get("also") in P["cards"] else None
        relocate(s, p, c, loc)
        if also is not None:  # Iago carries an Item along: the log says so
            relocate(s, p, also, loc)
        if also is not None:
            ev(s, "move", "move_with", seat=p, card=c, loc_term=loc_t(s, p, loc), with_card=also)
        else:
            ev(s, "move", seat=p, card=c, loc_term=loc_t(s, p, loc))
        if f.get("boost"):
            s.tf.setdefault("boost", {})[c] = s.tf.get("boost", {}).get(c, 0) + f["boost"]
    return DONE


def activatable(s: VState, p: int) -> list[str]:
    P = s.players[p]
    out = []
    for c, r in P["cards"].items():
        d = CARD[c]
        if "activated" not in d.by_trigger or r.get("stolen") or P["locked"][r["loc"]]:
            continue
        if d.type == "Hero":
            continue
        if activation_cost(s, p, c) > P["power"]:
            continue
        from .ops import doable_steps
        if not doable_steps(s, p, p, c, d.steps("activated")):
            continue
        out.append(c)
    return out


def activate(s: VState, p: int, c: str) -> None:
    P = s.players[p]
    k = activation_cost(s, p, c)
    P["power"] -= k
    ev(s, "activate", seat=p, card=c, n=k)
    fx(s, p, p, c, CARD[c].steps("activated"))


@handler("disc")
def h_disc(s: VState, f: dict[str, Any]) -> Any:
    """Discard any number of cards, one at a time, then ``done`` (§5.8)."""
    p = f["who"]
    P = s.players[p]
    ans = f.pop("ans", None)
    if ans == "done" or not P["hand"]:
        if f.get("n"):
            ev(s, "discard", "discard_n", seat=p, n=f["n"])
        return DONE
    if ans is not None:
        c = card_of(picked(f))
        P["hand"].remove(c)
        P["discard"].append(c)
        f["n"] = f.get("n", 0) + 1
        ev(s, "discarded", seat=p, card=c)
    if not P["hand"]:
        return AGAIN
    opts = [_STOP_DISCARDING]
    opts += [kept_opt(("drop", c), lambda c=c: opt(f"drop {c}", m("act.discard", card=c), c, "discard", "drop"))
             for c in P["hand"]]
    return Choice(p, "discard", kept_prompt("discard", lambda: m("ask.discard_any")), opts)


_STOP_DISCARDING = kept_opt("done", lambda: opt("done", m("act.stop_discarding"), None, "discard", "done"))


def start_action(s: VState, p: int, action: str, amount: int) -> None:
    """Begin an action: push what it needs (used by the menu and by granted actions)."""
    if action == "gain_power":
        gain(s, p, amount, action=True)
    elif action == "discard":
        push(s, {"k": "disc", "who": p})
    elif action == "vanquish":
        push(s, {"k": "vanq", "who": p, "h": None, "sel": []})
    elif action == "fate":
        push(s, {"k": "pickfate", "who": p})
    else:
        push(s, {"k": "pickcard", "who": p, "action": action})


def card_options(s: VState, p: int, action: str) -> list[Opt]:
    """Options for an action that needs a card: the menu's second level."""
    P = s.players[p]
    if action == "play_card":
        ctx = (discount(s, p), _local_costs(P))
        power = P["power"] + ctx[0]
        out = []
        seen: dict[str, bool] = {}  # card key -> playable: copies of a card in hand answer alike
        for c in P["hand"]:
            d = CARD[c]
            if d.type == "Condition":
                continue
            k = d.cost
            # too dear even at the biggest discount (play_dests's own first test, without the call)
            if k.__class__ is int and k > power and d.type != "Item":
                continue
            ok = seen.get(d.key)
            if ok is None:
                ok = seen[d.key] = bool(play_dests(s, p, c, first=True, ctx=ctx))
            if ok:
                out.append(kept_opt(("play", c), lambda c=c: opt(f"play {c}", m("act.play", card=c), c, "play_card",
                                                                 "play")))
        return out
    if action == "activate":
        out = []
        for c in activatable(s, p):
            k = activation_cost(s, p, c)
            out.append(kept_opt(("activate", c, k), lambda c=c, k=k: opt(f"activate {c}", m("act.activate", card=c, n=k),
                                                                       c, "activate", "activate", amount=k)))
        return out
    if action == "move_item_ally":
        return [opt(f"move {c}", m("act.move_from", card=c, loc_term=loc_t(s, p, P["cards"][c]["loc"])), c,
                    "move_item_ally", "move", location=P["cards"][c]["loc"]) for c in movable_cards(s, p)]
    if action == "move_hero":
        return [opt(f"movehero {h}", m("act.move_from", card=h, loc_term=loc_t(s, p, P["cards"][h]["loc"])), h,
                    "move_hero", "movehero", location=P["cards"][h]["loc"]) for h in movable_heroes(s, p)]
    if action == "vanquish":
        out = []
        for h in vanquishable(s, p):
            n = strength(s, p, h)
            out.append(kept_opt(("vanquish", h, n), lambda h=h, n=n: opt(f"vanquish {h}", m("act.vanquish", card=h, n=n),
                                                                       h, "vanquish", "vanquish")))
        return out
    if action == "fate":
        return [kept_opt(("fate", q, s.players[q]["villain"]),
                         lambda q=q: opt(f"fate {q}", m("act.fate", **nm(s, q)), None, "fate", "fate", seat=q))
                for q in range(len(s.players)) if q != p]
    return []


def begin_card_action(s: VState, p: int, record: Opt) -> None:
    """Push the frame for a second-level option (``play X``, ``move X``, ``fate 2``...), from the
    chosen option record's fields."""
    P = s.players[p]
    verb = record[1]["@"][0]
    arg = card_of(record)
    if verb == "play":
        push(s, {"k": "play", "who": p, "card": arg})
    elif verb == "activate":
        activate(s, p, arg)
    elif verb == "move":
        push(s, {"k": "moveto", "who": p, "by": p, "card": arg, "dests": adjacent(P, P["cards"][arg]["loc"]),
                 "group": "move_item_ally"})
    elif verb == "movehero":
        push(s, {"k": "moveto", "who": p, "by": p, "card": arg, "dests": adjacent(P, P["cards"][arg]["loc"]),
                 "group": "move_hero"})
    elif verb == "vanquish":
        push(s, {"k": "vanq", "who": p, "h": arg, "sel": []})
    elif verb == "fate":
        push(s, {"k": "fate", "who": seat_of(record), "by": p})


@handler("pickcard")
def h_pickcard(s: VState, f: dict[str, Any]) -> Any:
    """A granted action that needs a card (Raven, Grow Giant): choose it, or take nothing."""
    p = f["who"]
    ans = f.pop("ans", None)
    if ans is None:
        opts = card_options(s, p, f["action"])
        if not opts:
            return DONE
        return Choice(p, "pick", m("ask.pick_card"), opts + [opt("none", m("act.do_nothing"), None, f["action"], "none")])
    if ans != "none":
        begin_card_action(s, p, picked(f))
    return DONE


@handler("pickfate")
def h_pickfate(s: VState, f: dict[str, Any]) -> Any:
    p = f["who"]
    ans = f.pop("ans", None)
    if ans is None:
        return Choice(p, "pick", m("ask.fate_rival"), card_options(s, p, "fate"))
    begin_card_action(s, p, picked(f))
    return DONE


def all_unlocked(s: VState, p: int) -> list[int]:
    return unlocked(s.players[p])


__all__ = ["defeat_targets", "play_dests", "start_action", "card_options", "begin_card_action",
           "movable_cards", "movable_heroes", "vanquishable", "activatable", "all_unlocked"]
