"""The eight board actions (§5) as frames: play a card, activate, fate, move an Item or Ally,
move a Hero, vanquish, discard, gain Power; plus the shared "play a Fate card" flow (§8).

A screen selects the action symbol first (``Action.group``), then the card (``Action.card``), then
the target the follow-up decision offers.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.words import count

from .acts import (
    defeat,
    discard_from_realm,
    fate_item_hosts,
    gain,
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
    KEY_VILLAINS,
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
from .flow import AGAIN, DONE, Choice, ev, fx, handler, opt, push
from .state import VState

# -- vanquish -----------------------------------------------------------------------------------


def defeatable(s: VState, p: int, h: str) -> bool:
    P = s.players[p]
    r = P["cards"][h]
    if P["locked"][r["loc"]]:
        return False
    if P["villain"] not in KEY_VILLAINS.get("clever_disguise", ()):
        return True  # realm isolation: no Clever Disguise can be attached here
    return not any(CARD[a].key == "clever_disguise" for a in attached(P, h))


_PRIORITY_VILLAINS = KEY_VILLAINS.get("carpet", set()) | KEY_VILLAINS.get("taunt", set())


def priority(s: VState, p: int, cands: list[str]) -> list[str]:
    """Carpet / Taunt: those Heroes must be defeated first (R39)."""
    P = s.players[p]
    if P["villain"] not in _PRIORITY_VILLAINS:
        return cands  # realm isolation: neither Carpet nor Taunt can be here
    prio = [h for h in heroes(P) if CARD[h].key == "carpet"
            or any(CARD[a].key == "taunt" for a in attached(P, h))]
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
    hk = CARD[h].key
    out = []
    for a, r in P["cards"].items():
        if not is_ally(a, r) or r.get("w"):
            continue
        k = CARD[a].key if not r.get("hyp") else ""
        ok = r["loc"] in locs or (k in REACH and abs(r["loc"] - hloc) == 1 and not P["locked"][r["loc"]])
        if not ok:
            continue
        if hk == "sultan" and CARD[a].key == "palace_guard":
            continue
        if hk == "skippy" and CARD[a].key == "wolf_archers":
            continue
        out.append(a)
    return out


def vanq_ok(s: VState, p: int, h: str, chosen: list[str]) -> bool:
    if not chosen:
        return False
    need = 2 if CARD[h].key in ("guards", "lost_boys") else 1
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
            return Choice(p, "vanquish_target", "Vanquish which Hero?",
                          [opt(f"vanquish {h}", f"Vanquish {CARD[h].name} (Strength {strength(s, p, h)})", h,
                               "vanquish") for h in targets])
        f["h"] = ans.split()[1]
        return AGAIN
    h = f["h"]
    if ans is not None:
        if ans == "confirm":
            return _resolve_vanquish(s, f)
        f["sel"].append(ans.split()[1])
    pool = [a for a in vanq_allies(s, p, h) if a not in f["sel"]]
    opts = [opt(f"with {a}", f"Use {CARD[a].name} (Strength {strength(s, p, a)})", a, "vanquish") for a in pool]
    if vanq_ok(s, p, h, f["sel"]):
        total = sum(max(0, strength(s, p, a)) for a in f["sel"])
        opts.insert(0, opt("confirm", f"Vanquish {CARD[h].name} with {total} Strength", h, "vanquish"))
    return Choice(p, "vanquish_allies", f"Choose Allies to vanquish {CARD[h].name} "
                  f"(Strength {strength(s, p, h)})", opts)
    del P


def _resolve_vanquish(s: VState, f: dict[str, Any]) -> Any:
    p, h, sel = f["who"], f["h"], f["sel"]
    P = s.players[p]
    ev(s, "vanquish", f"{nm(s, p)} vanquishes {CARD[h].name} with "
         f"{', '.join(CARD[a].name for a in sel)}.", seat=p, card=h, allies=list(sel))
    # R44: Golden Arrow waits beneath the defeated Hero's own ability (which ``defeat`` pushes on top)
    triggered(s, p, [["golden_arrow", g, 2] for a in sel for g in attached(P, a) if CARD[g].key == "golden_arrow"])
    defeat(s, p, h, by_vanquish=True)
    if s.phase != "play":
        return DONE
    if not f.get("keep"):
        for a in sel:
            if a not in P["cards"]:
                continue
            if CARD[a].key == "tweedle_dee_and_tweedle_dum" and not P["cards"][a].get("hyp"):
                continue
            bows = [b for b in attached(P, a) if CARD[b].key == "bow_and_arrows"]
            if bows:
                discard_from_realm(s, p, bows[0], "instead of its Ally")
                continue
            discard_from_realm(s, p, a, "used to vanquish")
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


_DOABLE: list[Any] = []


def _doable() -> Any:
    """``ops.doable``, imported on first use (``ops`` imports this module)."""
    if not _DOABLE:
        from .ops import doable
        _DOABLE.append(doable)
    return _DOABLE[0]


def play_dests(s: VState, p: int, c: str, free: bool = False, first: bool = False,
               ctx: tuple[int, bool] | None = None) -> list[tuple[str, str, int, int | None, str | None, bool]]:
    """Where ``c`` may be played now: ``(id, label, cost, loc, host/target, pay with the Map)``."""
    P = s.players[p]
    d = CARD[c]
    power = P["power"]
    disc, local = ctx if ctx is not None else (discount(s, p), _local_costs(P))
    if not free and isinstance(d.cost, int) and d.cost - disc > power \
            and not (d.type == "Item" and in_realm(P, "never_land_map")):
        return []
    doable = _doable()
    out: list[tuple[str, str, int, int | None, str | None, bool]] = []
    maps = [m for m in in_realm(P, "never_land_map")] if d.type == "Item" else []
    to = ATTACH_TO[c]

    def add(aid: str, label: str, k: int, loc: int | None, host: str | None) -> None:
        k = 0 if free else k
        if k <= power:
            out.append((aid, f"{label} (cost {k})", k, loc, host, False))
        if maps and not free and k > 0:
            out.append((aid + " map", f"{label} (discard the Never Land Map instead of paying)", 0, loc, host, True))

    if d.type in ("Ally", "Curse") or (d.type == "Item" and to is None and not d.key.startswith("binding")):
        names = villain(P).loc_names
        if first and not local and isinstance(d.cost, int) and d.cost <= power:
            # only location-bound modifiers raise a cost: the printed cost is an upper bound here
            for loc in unlocked(P):
                if d.type == "Curse" and restricted(P, "curses_cannot_be_played_to_this_location", loc):
                    continue
                if d.key == "magic_lamp" and names[loc] != "Cave of Wonders":
                    continue
                return [(f"at {loc}", "", d.cost, loc, None, False)]
            return []
        flat = None if local else cost(s, p, c)
        for loc in unlocked(P):
            if d.type == "Curse" and restricted(P, "curses_cannot_be_played_to_this_location", loc):
                continue
            if d.key == "magic_lamp" and names[loc] != "Cave of Wonders":
                continue
            add(f"at {loc}", f"to {names[loc]}", cost(s, p, c, loc) if flat is None else flat, loc, None)
            if first and out:
                return out
    elif d.type == "Item" and d.key.startswith("binding"):
        for h in heroes(P):
            r = P["cards"][h]
            if P["locked"][r["loc"]] or locname(s, p, r["loc"]) == d.target_location:
                continue
            add(f"on {h}", f"onto {CARD[h].name}", cost(s, p, c, None, h), r["loc"], h)
            if first and out:
                return out
    elif d.type == "Item":
        for a in allies(P):
            r = P["cards"][a]
            if P["locked"][r["loc"]]:
                continue
            add(f"on {a}", f"onto {CARD[a].name} at {locname(s, p, r['loc'])}", cost(s, p, c, r["loc"]),
                r["loc"], a)
            if first and out:
                return out
    elif d.type == "Effect":
        if restricted(P, "owner_cannot_play_effects"):
            return []
        if d.cost == "X":
            for h in defeat_targets(s, p):
                add(f"target {h}", f"on {CARD[h].name}", cost(s, p, c, None, h), None, h)
                if first and out:
                    return out
        elif doable(s, p, p, c):
            add("go", "resolve it", cost(s, p, c), None, None)
    return out


@handler("play")
def h_play(s: VState, f: dict[str, Any]) -> Any:
    """Play a card from hand: choose where, pay, put it in play, fire its abilities."""
    p, c = f["who"], f["card"]
    P = s.players[p]
    dests = play_dests(s, p, c, f.get("free", False))
    if not dests or c not in P["hand"]:
        return DONE
    ans = f.pop("ans", None)
    if ans is None:
        if len(dests) == 1 and dests[0][0] == "go":
            ans = "go"
        else:
            return Choice(p, "play_where", f"Play {CARD[c].name} where?",
                          [opt(x[0], x[1], c, "play_card") for x in dests])
    dest = next(x for x in dests if x[0] == ans)
    _aid, _label, k, loc, host, use_map = dest
    d = CARD[c]
    P["hand"].remove(c)
    if use_map:
        m = in_realm(P, "never_land_map")[0]
        discard_from_realm(s, p, m, "paid for an Item")
    else:
        P["power"] -= k
    ev(s, "play", f"{nm(s, p)} plays {d.name}" + (f" to {locname(s, p, loc)}" if loc is not None and host is None
                                                   else "") + (f" onto {CARD[host].name}" if host else "")
         + f" (paid {k}).", seat=p, card=c, loc=loc)
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
        ev(s, "fate", f"{nm(s, by)} takes a Fate action against {nm(s, v)}.", seat=by, victim=v)
        if V["dragon"]:
            for _ in range(V["dragon"]):
                gain(s, v, 3, "Dragon Form")
        got = take_fate(s, v, 2)
        s.revealed.extend(got)
        f["cards"] = got
        f["st"] = 1
        if got:
            ev(s, "reveal", f"Revealed from {V['name']}'s Fate deck: {', '.join(CARD[c].name for c in got)}.",
                 seat=v, cards=list(got))
        pans = [c for c in got if CARD[c].key == "peter_pan"]
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
            ev(s, "fate_discard", "Neither revealed card can be played; both are discarded.", seat=v)
        return DONE
    if ans is None:
        return Choice(by, "fate_pick", f"Which Fate card to play against {V['name']}?",
                      [opt(f"pick {c}", f"Play {CARD[c].name}", c, "fate") for c in playable])
    pick = ans.split()[1]
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
        loc = villain(P).loc_names.index("Hangman's Tree") if "Hangman's Tree" in villain(P).loc_names else 3
        ev(s, "peter", "Peter Pan flies straight to Hangman's Tree!", seat=p)
        play_hero(s, p, c, loc, by)
        return DONE
    if not fate_playable(s, p, by, c, f.get("loc")):
        s.revealed.remove(c)
        P["fdiscard"].append(c)
        ev(s, "discard", f"{d.name} cannot be played and is discarded.", seat=p, card=c)
        return DONE
    if d.type == "Hero":
        if f.get("loc") is not None:
            s.revealed.remove(c)
            play_hero(s, p, c, f["loc"], by)
            return DONE
        locs = hero_locs(s, p, c)
        if ans is None:
            return Choice(by, "hero_where", f"Play {d.name} (Strength {d.strength}) where in {P['name']}'s realm?",
                          [opt(f"at {loc}", f"{d.name} to {locname(s, p, loc)}", c, "fate") for loc in locs])
        s.revealed.remove(c)
        play_hero(s, p, c, int(ans.split()[1]), by)
        return DONE
    if d.type == "Item":
        hosts = fate_item_hosts(s, p, c)
        if ans is None:
            return Choice(by, "item_host", f"Attach {d.name} to which Hero?",
                          [opt(f"on {h}", f"{d.name} onto {CARD[h].name}", h, "fate") for h in hosts])
        h = ans.split()[1]
        s.revealed.remove(c)
        place(s, p, c, P["cards"][h]["loc"], "h", on=h)
        ev(s, "attach", f"{d.name} is attached to {CARD[h].name}.", seat=p, card=c, host=h)
        fx(s, p, by, c, [st for st in d.steps("on_play") if st["op"] != "attach"])
        return DONE
    s.revealed.remove(c)
    s.resolving.append(c)
    ev(s, "effect", f"{d.name} takes effect in {P['name']}'s realm.", seat=p, card=c)
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
            ans = f"to {dests[0]}"
        else:
            return Choice(f["by"], "move_where", f"Move {CARD[c].name} where?",
                          [opt(f"to {x}", f"{CARD[c].name} to {locname(s, p, x)}", c, f.get("group", "move"))
                           for x in dests])
    loc = int(ans.split()[1])
    if hero:
        move_hero(s, p, c, loc)
    else:
        also = f.get("also") if f.get("also") in P["cards"] else None
        relocate(s, p, c, loc)
        if also is not None:  # Iago carries an Item along: the log says so
            relocate(s, p, also, loc)
        carried = f" with {CARD[also].name}" if also is not None else ""
        ev(s, "move", f"{CARD[c].name} is moved to {locname(s, p, loc)}{carried}.", seat=p, card=c, loc=loc)
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
    ev(s, "activate", f"{nm(s, p)} activates {CARD[c].name} (paid {k}).", seat=p, card=c)
    fx(s, p, p, c, CARD[c].steps("activated"))


@handler("disc")
def h_disc(s: VState, f: dict[str, Any]) -> Any:
    """Discard any number of cards, one at a time, then ``done`` (§5.8)."""
    p = f["who"]
    P = s.players[p]
    ans = f.pop("ans", None)
    if ans == "done" or not P["hand"]:
        if f.get("n"):
            ev(s, "discard", f"{P['name']} discards {count(f['n'], 'card')}.", seat=p)
        return DONE
    if ans is not None:
        c = ans.split()[1]
        P["hand"].remove(c)
        P["discard"].append(c)
        f["n"] = f.get("n", 0) + 1
        ev(s, "discarded", f"{P['name']} discards {CARD[c].name}.", seat=p, card=c)
    if not P["hand"]:
        return AGAIN
    opts = [opt("done", "Stop discarding", None, "discard")]
    opts += [opt(f"drop {c}", f"Discard {CARD[c].name}", c, "discard") for c in P["hand"]]
    return Choice(p, "discard", "Discard cards (any number)", opts)


def start_action(s: VState, p: int, action: str, amount: int) -> None:
    """Begin an action: push what it needs (used by the menu and by granted actions)."""
    if action == "gain_power":
        gain(s, p, amount, "Gain Power")
    elif action == "discard":
        push(s, {"k": "disc", "who": p})
    elif action == "vanquish":
        push(s, {"k": "vanq", "who": p, "h": None, "sel": []})
    elif action == "fate":
        push(s, {"k": "pickfate", "who": p})
    else:
        push(s, {"k": "pickcard", "who": p, "action": action})


def card_options(s: VState, p: int, action: str) -> list[list[Any]]:
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
                out.append(opt(f"play {c}", f"Play {d.name}", c, "play_card"))
        return out
    if action == "activate":
        return [opt(f"activate {c}", f"Activate {CARD[c].name} (cost {activation_cost(s, p, c)})", c, "activate")
                for c in activatable(s, p)]
    if action == "move_item_ally":
        return [opt(f"move {c}", f"Move {CARD[c].name} from {locname(s, p, P['cards'][c]['loc'])}", c,
                    "move_item_ally") for c in movable_cards(s, p)]
    if action == "move_hero":
        return [opt(f"movehero {h}", f"Move {CARD[h].name} from {locname(s, p, P['cards'][h]['loc'])}", h,
                    "move_hero") for h in movable_heroes(s, p)]
    if action == "vanquish":
        return [opt(f"vanquish {h}", f"Vanquish {CARD[h].name} (Strength {strength(s, p, h)})", h, "vanquish")
                for h in vanquishable(s, p)]
    if action == "fate":
        return [opt(f"fate {q}", f"Fate: {nm(s, q)}", None, "fate") for q in range(len(s.players)) if q != p]
    return []


def begin_card_action(s: VState, p: int, aid: str) -> None:
    """Push the frame for a second-level option (``play X``, ``move X``, ``fate 2``...)."""
    P = s.players[p]
    verb, arg = aid.split(" ", 1)
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
        push(s, {"k": "fate", "who": int(arg), "by": p})


@handler("pickcard")
def h_pickcard(s: VState, f: dict[str, Any]) -> Any:
    """A granted action that needs a card (Raven, Grow Giant): choose it, or take nothing."""
    p = f["who"]
    ans = f.pop("ans", None)
    if ans is None:
        opts = card_options(s, p, f["action"])
        if not opts:
            return DONE
        return Choice(p, "pick", "Choose the card", opts + [opt("none", "Do nothing", None, f["action"])])
    if ans != "none":
        begin_card_action(s, p, ans)
    return DONE


@handler("pickfate")
def h_pickfate(s: VState, f: dict[str, Any]) -> Any:
    p = f["who"]
    ans = f.pop("ans", None)
    if ans is None:
        return Choice(p, "pick", "Fate which rival?", card_options(s, p, "fate"))
    begin_card_action(s, p, ans)
    return DONE


def all_unlocked(s: VState, p: int) -> list[int]:
    return unlocked(s.players[p])


__all__ = ["defeat_targets", "play_dests", "start_action", "card_options", "begin_card_action",
           "movable_cards", "movable_heroes", "vanquishable", "activatable", "all_unlocked"]
