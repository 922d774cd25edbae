"""Primitive changes to a realm: draw, gain, place, move, discard, defeat, play a Hero.

Each primitive keeps the card records consistent (attachments travel with their host) and fires
the triggers the event causes, either at once (no choice involved) or by pushing frames that
resolve before the next step (R44: the card the event is about first).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.chance import shuffle
from tabletop.engine.zones import draw

from .board import CARD, IS_HERO, LIB, attached, gain_amount, heroes_at, in_realm, strength
from .flow import AGAIN, DONE, Choice, card_of, ev, extra_of, fx, handler, loc_of, m, opt, picked, push, win
from .hooks import (
    BACK_TO_FATE_DECK,
    DEFEAT_OBJECTIVE,
    DISCARD_WHY,
    EVENT_ABILITY,
    MOVER_ENTERS,
    OUTLIVES_ITS_ALLY,
    PLAYED_HERE,
    RETURNS_ON_HOST_DEFEAT,
    WHEN,
    does,
)
from .state import VState

_LOC_NAMES = {k: v.loc_names for k, v in LIB.villains.items()}


def term_of(name: str) -> str:
    """The vocabulary key of a location's name (``"Ursula's Lair"`` -> ``"ursulas_lair"``): the
    catalogs name it as ``term.<key>`` in each language."""
    return "".join(ch if ch.isalnum() else "_" for ch in name.lower().replace("'", "")).strip("_")


LOC_TERMS = {k: [term_of(n) for n in names] for k, names in _LOC_NAMES.items()}


def nm(s: VState, p: int) -> dict[str, Any]:
    """A player as a villain (``P1 (Maleficent)``): the message arguments ``seat`` and
    ``villain_term``, spread into an event or a message."""
    return {"seat": p, "villain_term": s.players[p]["villain"]}


def locname(s: VState, p: int, loc: int) -> str:
    """The English name of one of ``p``'s locations (the rules compare names from the card data)."""
    return _LOC_NAMES[s.players[p]["villain"]][loc]


def loc_t(s: VState, p: int, loc: int) -> str:
    """The vocabulary key of one of ``p``'s locations, for a message argument ``..._term``."""
    return LOC_TERMS[s.players[p]["villain"]][loc]


def draw_cards(s: VState, p: int, n: int) -> list[str]:
    """Draw from the Villain deck, reshuffling the discard when it runs out (R4)."""
    P = s.players[p]
    got = draw(s, P["deck"], n, discard=P["discard"], reshuffle=True)
    P["hand"].extend(got)
    if got:
        ev(s, "draw", seat=p, n=len(got))
        ev(s, "drew", to=[p], cards=list(got))
    return got


def take_fate(s: VState, p: int, n: int) -> list[str]:
    """Take up to ``n`` cards off the Fate deck (reshuffling its discard when empty, R4)."""
    P = s.players[p]
    return draw(s, P["fdeck"], n, discard=P["fdiscard"], reshuffle=True)


def take_villain(s: VState, p: int, n: int) -> list[str]:
    P = s.players[p]
    return draw(s, P["deck"], n, discard=P["discard"], reshuffle=True)


def gain(s: VState, p: int, n: int, card: str | None = None, action: bool = False) -> int:
    """One separate Power gain (Robin Hood reduces each, R36), for a ``card`` or by the Gain Power
    ``action``."""
    P = s.players[p]
    got = gain_amount(P, n)
    P["power"] += got
    if card:
        ev(s, "power", "gain_card", seat=p, n=got, card=card)
    elif action:
        ev(s, "power", "gain_action", seat=p, n=got)
    else:
        ev(s, "power", "gain", seat=p, n=got)
    return got


def lose(s: VState, p: int, n: int) -> int:
    P = s.players[p]
    lost = min(n, P["power"])
    P["power"] -= lost
    ev(s, "power", "lose", seat=p, n=lost)
    return lost


def place(s: VState, p: int, cid: str, loc: int, side: str, on: str | None = None, **flags: Any) -> None:
    rec: dict[str, Any] = {"loc": loc, "side": side, "on": on}
    rec.update(flags)
    s.players[p]["cards"][cid] = rec


def relocate(s: VState, p: int, cid: str, loc: int) -> None:
    """Move a card and everything under it (re-inserted: it joins behind others, R8)."""
    cards = s.players[p]["cards"]
    rec = cards.pop(cid)
    rec["loc"] = loc
    cards[cid] = rec
    for a in attached(s.players[p], cid):
        relocate(s, p, a, loc)


def to_pile(s: VState, p: int, cid: str) -> None:
    """A card leaving play goes to its own pile (§10): villain cards / fate cards of the owner."""
    P = s.players[p]
    (P["fdiscard"] if CARD[cid].fate else P["discard"]).append(cid)


def discard_from_realm(s: VState, p: int, cid: str, why: str | None = None, by: str | None = None) -> None:
    """Discard a card in play with its attachments (never a defeat, R15); ``why`` is a reason
    (a vocabulary key), ``by`` the card whose ability discards it."""
    P = s.players[p]
    rec = P["cards"].get(cid)
    if rec is None:
        return
    for a in attached(P, cid):
        discard_from_realm(s, p, a)
    del P["cards"][cid]
    to_pile(s, p, cid)
    d = CARD[cid]
    if by:
        ev(s, "discard", "from_realm_by", seat=p, card=cid, by_card=by)
    elif why:
        ev(s, "discard", "from_realm_why", seat=p, card=cid, why_term=why)
    else:
        ev(s, "discard", "from_realm", seat=p, card=cid)
    if rec.get("pw"):
        ev(s, "power", "parked_returns", n=rec["pw"], card=cid)
    if d.type == "Ally" and d.by_trigger.get("on_discarded_from_realm"):
        fx(s, p, p, cid, d.steps("on_discarded_from_realm"))


def defeat(s: VState, p: int, hero: str, *, hyp: bool = False, by_vanquish: bool = False) -> None:
    """Defeat a Hero (R15): objectives, attachments, parked Power, triggers."""
    P = s.players[p]
    rec = P["cards"][hero]
    loc = rec["loc"]
    d = CARD[hero]
    st = strength(s, p, hero)
    ev(s, "defeat", "hypnotized" if hyp else None, seat=p, card=hero, n=st, loc_term=loc_t(s, p, loc))
    aim = DEFEAT_OBJECTIVE.get(P["villain"])
    if aim is not None and d.name == aim[0] and locname(s, p, loc) == aim[1]:
        win(s, p, m("why.pan_at_jolly_roger"))
        return
    for a in attached(P, hero):
        ra = P["cards"][a]
        da = CARD[a]
        if a in RETURNS_ON_HOST_DEFEAT:
            ra.update(side="v", on=None)
            ev(s, "return", "trident", seat=p)
        elif ra.get("stolen"):
            if any(e.get("op") == "attach" and e.get("to") == "ally" for e in da.effects):
                discard_from_realm(s, p, a, "stolen_item_needs_ally")
            else:
                ra.update(side="v", on=None)
                ra.pop("stolen", None)
                ev(s, "return", "stolen", seat=p, card=a)
        else:
            discard_from_realm(s, p, a)
    if rec.get("pw"):
        P["power"] += rec["pw"]
        ev(s, "power", "take_back", seat=p, n=rec["pw"])
    del P["cards"][hero]
    if hyp:
        place(s, p, hero, loc, "v", hyp=True)
    elif hero in BACK_TO_FATE_DECK:
        P["fdeck"].append(hero)
        shuffle(s, P["fdeck"])
        ev(s, "shuffle", "back", seat=p, card=hero)
    else:
        P["fdiscard"].append(hero)
    if p == s.turn:
        s.tf.setdefault("defeats", []).append(st)
    here = WHEN["hero_at_this_location_defeated"]
    wheels = [[CARD[c].key, c, max(0, st - 1)] for c, r in P["cards"].items()
              if c in here and r["loc"] == loc and not r.get("stolen")]
    triggered(s, p, wheels)  # pushed first: the defeated Hero's own ability (pushed next) resolves first
    if "on_defeated" in d.by_trigger and not hyp:
        steps = [x for x in d.steps("on_defeated") if x["op"] not in ("return_stolen_item", "shuffle_into_deck")]
        fx(s, p, p, hero, steps, loc=loc)
    elif "on_defeated" in d.by_trigger and hyp:
        steps = [x for x in d.steps("on_defeated") if x["op"] == "find_and_play"]
        fx(s, p, p, hero, steps, loc=loc)


def move_mover(s: VState, p: int, loc: int) -> None:
    """Move the mover; "mover enters here" triggers fire on every entry (R22)."""
    P = s.players[p]
    P["mover"] = loc
    ev(s, "mover", seat=p, loc_term=loc_t(s, p, loc))
    items = []
    for c, r in P["cards"].items():
        # a Hypnotized Hero has no ability (Tick Tock); a villain card's fires wherever it is attached
        if r["loc"] == loc and c in MOVER_ENTERS and (c not in IS_HERO or r["side"] == "h"):
            items.append([CARD[c].key, c, 0])
    triggered(s, p, items)


TRIGGER_TEXT = {key: does(key) for key in EVENT_ABILITY}
"""What each event-triggered ability of ``triggered`` does, for the order prompt (a message key
``act.does_<this>``), from the ability its card declares."""


def triggered(s: VState, p: int, items: list[list[Any]]) -> None:
    """R44 (2): the abilities one event triggers besides that of the card it is about, ``[card key,
    instance, amount]`` each. They resolve in the order the realm's owner ``p`` chooses, asked only
    when it can matter (two different abilities): an ``order`` frame resolves them one by one."""
    if items:
        push(s, {"k": "order", "who": p, "items": items})


def fire(s: VState, p: int, item: list[Any]) -> None:
    """Resolve one event-triggered ability (see ``triggered``)."""
    key, c, n = item
    P = s.players[p]
    trigger, ability = EVENT_ABILITY[key]
    op = ability["op"]
    if op == "discard_self":
        discard_from_realm(s, p, c, DISCARD_WHY[trigger])
    elif op == "lose_power":
        lose(s, p, ability["amount"])
    elif op == "discard_hand":
        for h in list(P["hand"]):
            P["hand"].remove(h)
            P["discard"].append(h)
        ev(s, "discard", "hand_by", seat=p, by_card=c)
    elif op == "gain_power":
        amount = ability["amount"]
        gain(s, p, amount if isinstance(amount, int) else n, c)


@handler("order")
def h_order(s: VState, f: dict[str, Any]) -> Any:
    p = f["who"]
    P = s.players[p]
    # a card that left play meanwhile no longer fires, except Golden Arrow: it fires for the defeat
    # it saw, though its Ally was discarded by that Vanquish
    items = [it for it in f["items"]
             if it[0] in OUTLIVES_ITS_ALLY or (it[1] in P["cards"] and not P["cards"][it[1]].get("stolen"))]
    f["items"] = items
    if not items:
        return DONE
    ans = f.pop("ans", None)
    if ans is not None:
        chosen = card_of(picked(f))
        pick = next(it for it in items if it[1] == chosen)
    elif len({it[0] for it in items}) > 1:
        opts = [opt(f"first {it[1]}", m("act.first_in_play_order" if k == 0 else "act.first", card=it[1],
                                       does=m("act.does_" + TRIGGER_TEXT[it[0]], card=it[1])),
                    it[1], "order", "first", play_order=k == 0) for k, it in enumerate(items)]
        return Choice(p, "order", m("ask.order", seat=p), opts)
    else:
        pick = items[0]  # the same ability each time: the order cannot matter
    items.remove(pick)
    fire(s, p, pick)
    return DONE if not items else AGAIN


def move_hero(s: VState, p: int, hero: str, loc: int) -> None:
    """Move a Hero with its attachments; a Binding Contract naming ``loc`` defeats it (R30)."""
    P = s.players[p]
    relocate(s, p, hero, loc)
    rec = P["cards"][hero]
    ev(s, "move", seat=p, card=hero, loc_term=loc_t(s, p, loc))
    for a in attached(P, hero):
        if CARD[a].target_location == locname(s, p, loc):
            ev(s, "contract", seat=p, card=hero)
            defeat(s, p, hero)
            return
    if rec.get("sz") == "e" and rec.get("spill"):
        spots = spill_spots(s, p, loc)
        rec["spill"] = spots[0] if spots else [loc - 1 if loc > 0 else loc + 1, 0]
        if len(spots) > 1:  # R27: the player who enlarged him chooses the covered action
            push(s, {"k": "respill", "who": p, "card": hero, "by": rec.get("eby", p)})


def spill_spots(s: VState, p: int, loc: int) -> list[list[int]]:
    """The top actions an Enlarged Hero at ``loc`` may also cover: ``[location, slot]`` each."""
    top = LIB.villains[s.players[p]["villain"]].top
    return [[adj, i] for adj in (loc - 1, loc + 1) if 0 <= adj < 4 for i in range(len(top[adj]))]


@handler("respill")
def h_respill(s: VState, f: dict[str, Any]) -> Any:
    """An Enlarged Hero was moved: the enlarging player picks the adjacent action he covers (R27)."""
    p, hero = f["who"], f["card"]
    P = s.players[p]
    rec = P["cards"].get(hero)
    if rec is None or rec.get("sz") != "e":
        return DONE
    ans = f.pop("ans", None)
    if ans is None:
        top = LIB.villains[P["villain"]].top
        spots = spill_spots(s, p, rec["loc"])
        opts = [opt(f"spill {a} {i}", m("act.also_covers_raw", term="do_" + top[a][i][0], loc_term=loc_t(s, p, a)),
                    hero, "effect", "spill", location=a, slot=i) for a, i in spots]
        return Choice(f["by"], "size_slot", m("ask.respill", card=hero), opts)
    rec_ = picked(f)
    rec["spill"] = [loc_of(rec_), extra_of(rec_, "slot")]
    ev(s, "size", "spill", seat=p, card=hero, loc_term=loc_t(s, p, rec["spill"][0]))
    return DONE


def play_hero(s: VState, p: int, hero: str, loc: int, by: int) -> None:
    """Play a Hero to the hero side (it joins behind, R8); its on-play first, then here-triggers."""
    place(s, p, hero, loc, "h")
    ev(s, "hero", seat=p, card=hero, loc_term=loc_t(s, p, loc))
    push(s, {"k": "here", "who": p, "loc": loc, "kind": "hero"})
    d = CARD[hero]
    if d.by_trigger.get("on_play"):
        steps = []
        for e in d.by_trigger["on_play"]:
            if e.get("if") == "played_to_owner_mover_location" and s.players[p]["mover"] != loc:
                continue
            steps.extend(e["steps"] if "steps" in e else [e])
        fx(s, p, by, hero, steps, opt_all=bool(d.by_trigger["on_play"][0].get("optional")))


def fate_item_hosts(s: VState, p: int, card: str) -> list[str]:
    """Heroes a Fate Item may attach to (unlocked locations; Sword of Truth: bare Heroes)."""
    P = s.players[p]
    bare = any(e.get("to") == "hero_with_no_attached_items" for e in CARD[card].effects)
    out = []
    for h in heroes(P):
        if P["locked"][P["cards"][h]["loc"]]:
            continue
        if bare and attached(P, h):
            continue
        out.append(h)
    return out


def heroes(P: Any) -> list[str]:
    return [c for c, r in P["cards"].items() if r["side"] == "h" and r["on"] is None]


def here_triggers(s: VState, f: dict[str, Any]) -> None:
    """Triggers of a card being *played* to a location (Forest of Thorns, Warrant, Dreamless Sleep)."""
    p, loc = f["who"], f["loc"]
    P = s.players[p]
    wanted = PLAYED_HERE[f["kind"]]
    triggered(s, p, [[CARD[c].key, c, 0] for c, r in P["cards"].items()
                     if r["loc"] == loc and not r.get("stolen") and c in wanted])


def count_heroes_at(s: VState, p: int, loc: int) -> int:
    return len(heroes_at(s.players[p], loc))


def has(P: Any, key: str) -> bool:
    return bool(in_realm(P, key))
