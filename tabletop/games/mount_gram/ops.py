"""The player-card ops of the effect vocabulary: for each op a *finder* (the legal target
lists, as action tokens) and a *resolver*, registered together in ``OPS`` (the engine's op
``Registry``); ``effects`` lists and executes plays with them. Targets never leave the acting
player's group (§6.6, R-24).
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from tabletop.engine import Action, emit
from tabletop.engine.chance import shuffle
from tabletop.engine.msg import msg
from tabletop.engine.registry import Registry
from tabletop.engine.zones import draw

from . import board as B
from .cards import key_of, owner_of
from .choices import order_rest
from .context import Rules
from .flow import ask_frame, attacked_key, continuation, push
from .state import MGState

Ctx = dict[str, Any]
Targets = list[list[str]]
PASSIVE_OPS = frozenset({"gain_trait", "modify", "extra_icon", "modify_vs_orc", "cannot_attack",
               "attack_per_damage", "damage_revealed_enemies", "attack_staging_alone",
               "discard_self"})
"""Ops with no handler: read by the rules where they matter (board stats, attacks, the end of
the round); valid only as ``passive`` and ``forced`` abilities."""


# -- helpers -----------------------------------------------------------------------------------
def ptok(seat: int) -> str:
    return f"p{seat}"


def seat_of(tok: str) -> int:
    return int(tok[1:])


def grp_members(s: MGState, seat: int) -> list[int]:
    """The seat's group's players in turn order (``B.members`` of ``B.group_of``)."""
    for grp in s.groups:
        mine = grp["members"]
        if seat in mine:
            if len(mine) == 1:
                return [] if s.players[seat]["out"] else [seat]
            return B.members(s, grp)
    return B.members(s, s.groups[0])


def ready_chars(s: MGState, seat: int) -> list[str]:
    return [c for c in s.players[seat]["chars"] if not s.cards[c]["ex"]]


def staging_attacker(g: Rules, cid: str) -> bool:
    return any(ab["op"] == "attack_staging_alone" for ab in g.defs[cid].has("passive"))


# -- what a finder needs (the listing's pre-check) ---------------------------------------------
NEEDS = ("engaged", "quick", "exh_hero", "exh_ally", "ally_hand")
"""The facts an Action's finder may need before it can find any target (``need_of``):
a player of the group engaged with an enemy; the acting player engaged, or controlling a
character that may attack the staging area alone (Quick Strike); an exhausted hero, an exhausted
ally in the group; an ally in the acting player's hand."""


def need_of(ab: dict[str, Any]) -> str:
    """The one fact (``NEEDS``) without which the finder of the Action ``ab`` surely finds no
    target, or "" when it has none worth testing. Read by the listing of plays (``effects``)
    to skip an event in hand without calling its finder; each entry restates a finder's first
    test, and ``tests/games/mount_gram/test_needs.py`` checks at every step of random games that
    a finder whose need does not hold (``need_holds``) finds nothing."""
    op, tgt = ab["op"], ab.get("target")
    if op == "no_attack" or (op == "damage" and tgt == "player_enemies"):
        return "engaged"  # t_no_attack, t_damage: the enemies engaged in the group
    if op == "quick_strike":
        return "quick"  # t_quick: an enemy engaged with him, or one in staging for a staging attacker
    if op == "ready" and tgt not in ("self", "attached"):
        return "exh_ally" if tgt == "ally" else "exh_hero"  # t_ready: an exhausted one to ready
    if op == "sneak_ally":
        return "ally_hand"  # t_sneak: an ally in hand
    return ""


def need_holds(g: Rules, s: MGState, seat: int, need: str) -> bool:
    """Whether the fact ``need`` (``NEEDS``) holds for ``seat`` now, read as the finders read
    the group (``grp_members``: its players still in) and his hand. Plain loops: this runs for
    nearly every listing of plays, where each generator step would be one more call."""
    players = s.players
    defs = g.defs
    if need == "engaged":
        for p in grp_members(s, seat):
            if players[p]["engaged"]:
                return True
        return False
    pl = players[seat]
    if need == "quick":
        if pl["engaged"]:
            return True
        attackers = g.facts.staging_attackers
        for c in pl["chars"]:
            if defs[c].key in attackers:
                return True
        return False
    if need == "ally_hand":
        for c in pl["hand"]:
            if defs[c].type == "ally":
                return True
        return False
    kind = "hero" if need == "exh_hero" else "ally"
    cards = s.cards
    for p in grp_members(s, seat):
        for c in players[p]["chars"]:
            if cards[c]["ex"] and defs[c].type == kind:
                return True
    return False


def met_needs(g: Rules, s: MGState, seat: int) -> set[str]:
    """The ``NEEDS`` that hold for ``seat`` now (``need_holds`` of each)."""
    return {need for need in NEEDS if need_holds(g, s, seat, need)}


# -- target finders (one per op) ---------------------------------------------------------------
def chars_of_group(g: Rules, s: MGState, seat: int, kind: str = "") -> list[str]:
    """The characters of the seat's group (of one type if ``kind``), players in turn order."""
    defs = g.defs
    players = s.players
    if not kind:
        return [c for p in grp_members(s, seat) for c in players[p]["chars"]]
    return [c for p in grp_members(s, seat) for c in players[p]["chars"] if defs[c].type == kind]


def locations_of(g: Rules, s: MGState, seat: int) -> list[str]:
    return [c for c in B.group_locations(g, s, B.group_of(s, seat)) if not g.defs[c].immune]


def engaged_in_group(s: MGState, seat: int) -> list[str]:
    return [e for p in grp_members(s, seat) for e in s.players[p]["engaged"]]


def t_ready(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    tgt = ab["target"]
    if tgt == "self":
        return [[]] if s.cards[src]["ex"] else []
    if tgt == "attached":
        host = s.cards[src]["on"]
        return [[]] if s.cards[host]["ex"] else []
    kind = "ally" if tgt == "ally" else "hero"
    cards = s.cards
    cands = [c for c in chars_of_group(g, s, seat, kind) if cards[c]["ex"]]
    if not cands:
        return []  # nobody to ready (so no pair either)
    if ab.get("cost", {}).get("exhaust_own_hero"):
        mine = [h for h in B.heroes(g, s, seat) if not s.cards[h]["ex"]]
        return [[a, b] for a in mine for b in cands if a != b]
    return [[c] for c in cands]


def r_ready(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    tgt = ab["target"]
    cid = src if tgt == "self" else s.cards[src]["on"] if tgt == "attached" else tok[-1]
    if len(tok) == 2:
        s.cards[tok[0]]["ex"] = True
    if cid in s.cards:
        s.cards[cid]["ex"] = False
        emit(s, "ready", card=cid)


def t_add_resources(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    tgt = ab["target"]
    if tgt == "committed_hero":
        return [[h] for h in chars_of_group(g, s, seat, "hero") if s.cards[h]["com"]]
    if tgt == "self":
        return [[]] if ctx.get("c") == src else []
    return [[]]


def r_add_resources(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    tgt = ab["target"]
    hero = tok[0] if tok else src if tgt == "self" else s.cards[src]["on"]
    n = ctx.get("n", 0) if ab["amount"] == "damage_taken" else ab["amount"]
    B.add_resources(g, s, hero, n)
    emit(s, "resources", card=hero, amount=n)


def t_progress(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    tgt = ab["target"]
    grp = B.group_of(s, seat)
    if tgt == "location":
        return [[c] for c in locations_of(g, s, seat)]
    if tgt == "active_location":
        act = grp["active"]
        return [[]] if act and not g.defs[act].immune else []
    if tgt == "each_staging_location":
        return [[]] if any(g.defs[c].type == "location" for c in grp["staging"]) else []
    if tgt == "ctx_location":
        c = ctx.get("c", "")
        if c not in s.cards or g.defs[c].immune:
            return []
        if ab.get("cost", {}).get("exhaust_own_spirit"):
            return [[x] for x in ready_chars(s, seat) if g.defs[x].sphere == "Spirit"]
        return [[]]
    if ab.get("self") and "atk" in ctx:
        return [[]] if src in ctx["atk"] else []
    if ab.get("attached") and "atk" in ctx:
        return [[]] if s.cards[src]["on"] in ctx["atk"] else []
    return [[]]


def r_progress(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    tgt = ab["target"]
    grp = B.group_of(s, seat)
    n = ab["amount"]
    if tgt == "location":
        B.place_on_location(g, s, tok[0], n)
    elif tgt == "active_location":
        if grp["active"]:
            B.place_on_location(g, s, grp["active"], n)
    elif tgt == "each_staging_location":
        for c in [c for c in grp["staging"] if g.defs[c].type == "location" and not g.defs[c].immune]:
            B.place_on_location(g, s, c, n)
    elif tgt == "ctx_location":
        if tok:
            s.cards[tok[0]]["ex"] = True
        B.place_on_location(g, s, ctx["c"], n)
    else:
        g.scen.effect_progress(g, s, grp, n)


def t_damage(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    tgt = ab["target"]
    if tgt == "each_orc":
        return [[]]
    if tgt == "attacker":
        if ab.get("self") and ctx.get("c") != src:
            return []
        return [[]] if ctx.get("e") in s.cards else []
    if tgt == "player_enemies":
        players = [p for p in grp_members(s, seat) if s.players[p]["engaged"]]
        if not players:
            return []  # no enemy engaged in the group
        rangers = [c for c in ready_chars(s, seat) if g.defs[c].ranged]
        return [[r, ptok(p)] for r in rangers for p in players]
    return []


def r_damage(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    tgt = ab["target"]
    n = ab["amount"]
    if tgt == "each_orc":
        for e in [e for e in B.group_enemies(g, s, B.group_of(s, seat)) if B.is_orc(g, e)]:
            B.deal_damage(g, s, e, n)
    elif tgt == "attacker":
        B.deal_damage(g, s, ctx["e"], n)
    else:
        s.cards[tok[0]]["ex"] = True
        for e in list(s.players[seat_of(tok[1])]["engaged"]):
            B.deal_damage(g, s, e, n)


def t_heal(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    tgt = ab["target"]
    if tgt == "attached":
        return [[]] if s.cards[s.cards[src]["on"]]["dmg"] else []
    if tgt == "player_heroes":
        return [[ptok(p)] for p in grp_members(s, seat)
                if any(s.cards[h]["dmg"] for h in B.heroes(g, s, p))]
    kind = "hero" if tgt == "hero" else ""
    return [[c] for c in chars_of_group(g, s, seat, kind) if s.cards[c]["dmg"]]


def r_heal(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    tgt = ab["target"]
    n = ab["amount"]
    if tgt == "attached":
        B.heal(g, s, s.cards[src]["on"], n)
    elif tgt == "player_heroes":
        for h in B.heroes(g, s, seat_of(tok[0])):
            B.heal(g, s, h, n)
    else:
        B.heal(g, s, tok[0], n)


def t_player(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    if ab.get("target") == "ctx_player":
        return [[]] if ctx.get("p", -1) >= 0 and not s.players[ctx["p"]]["out"] else []
    return [[ptok(p)] for p in grp_members(s, seat)]


def r_draw(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    who = seat_of(tok[0]) if tok else ctx["p"]
    got = draw(s, s.players[who]["deck"], ab["amount"])
    s.players[who]["hand"].extend(got)
    emit(s, "draw", seat=who, amount=len(got))


def t_boost(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    tgt = ab["target"]
    base: Targets
    if tgt == "self":
        base = [[]]
    elif tgt == "player_characters":
        base = [[ptok(p)] for p in grp_members(s, seat) if s.players[p]["chars"]]
    else:
        base = [[c] for c in chars_of_group(g, s, seat)]
    if ab.get("cost", {}).get("discard"):
        # one option per title in hand: discarding either copy comes to the same (Éowyn)
        seen: set[str] = set()
        hand = [h for h in s.players[seat]["hand"] if h != src and not (key_of(h) in seen or seen.add(key_of(h)))]
        return [t + [h] for t in base for h in hand]
    return base


def _boost(s: MGState, cid: str, stats: dict[str, int]) -> None:
    for st, dv in stats.items():
        s.mods.append({"c": cid, "st": st, "d": dv, "until": "phase"})


def r_boost(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    tgt = ab["target"]
    if ab.get("cost", {}).get("discard"):
        tok = tok[:-1]
    if tgt == "self":
        cids = [src]
    elif tgt == "player_characters":
        cids = list(s.players[seat_of(tok[0])]["chars"])
    else:
        cids = [tok[0]]
    for c in cids:
        _boost(s, c, ab["stats"])
    parts = [msg("w.bonus" if n >= 0 else "w.malus", n=abs(n), stat_term="stat_" + k) for k, n in dict(ab["stats"]).items()]
    stats = parts[0]
    for part in parts[1:]:
        stats = msg("w.comma", base=stats, part=part)
    emit(s, "boost", cards=cids, stats=stats)


def t_boost_choice(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[o, h] for o in ab["options"] for h in s.players[seat]["hand"]]


def r_boost_choice(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    host = s.cards[src]["on"]
    _boost(s, host, {tok[0]: 1})
    emit(s, "boost", m="boost_one", card=host, stat_term="tok_" + tok[0])


def t_none(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[]]


def r_boost_all(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    for c in chars_of_group(g, s, seat):
        _boost(s, c, ab["stats"])
        if ab["trait"] in B.traits(g, s, c):
            _boost(s, c, ab["trait_stats"])
    emit(s, "boost", m="boost_all")


def t_engage_enemy(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    if ctx.get("c") != src:
        return []
    grp = B.group_of(s, seat)
    out = [e for e in grp["staging"] if g.defs[e].type == "enemy"]
    out += [e for p in grp_members(s, seat) if p != seat for e in s.players[p]["engaged"]]
    return [[e] for e in out]


def r_engage_enemy(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    B.engage(g, s, tok[0], seat)


def t_self_enters(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[]] if ctx.get("c") == src else []


def t_put_self(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    if ctx.get("p") != seat or B.unique_in_play(g, s, g.defs[src].name):
        return []
    return [[]]


def r_put_self(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    s.players[seat]["hand"].remove(src)
    emit(s, "play", m="puts_into_play", seat=seat, card=src)
    B.put_char_into_play(g, s, src, seat)


def r_beorn(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    s.mods.append({"c": src, "st": "atk", "d": ab["amount"], "until": "phase"})
    s.mods.append({"c": src, "st": "shuffle_back", "d": 0, "until": "phase"})
    emit(s, "boost", m="boost_beorn", card=src, n=ab["amount"])


def t_give_self(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    if s.players[seat]["threat"] < ab["amount"]:
        return []
    return [[ptok(p)] for p in grp_members(s, seat) if p != seat]


def r_give_self(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    to = seat_of(tok[0])
    B.raise_threat(g, s, seat, -ab["amount"])
    s.players[seat]["chars"].remove(src)
    s.players[to]["chars"].append(src)
    s.cards[src]["ctl"] = to
    emit(s, "control", card=src, seat=to)
    B.raise_threat(g, s, to, ab["amount"])


def t_recover_attachment(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    if ctx.get("c") != src:
        return []
    out = []
    for p in grp_members(s, seat):
        if any(g.defs[c].type == "attachment" for c in s.players[p]["discard"]):
            out.append([ptok(p)])
    return out


def r_recover_attachment(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    pile = s.players[seat_of(tok[0])]["discard"]
    for c in reversed(pile):
        if g.defs[c].type == "attachment":
            pile.remove(c)
            s.players[owner_of(c)]["hand"].append(c)
            emit(s, "recover", card=c, seat=owner_of(c))
            return


def t_peek_encounter(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[]] if s.encounter else []


def r_peek_encounter(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    top = s.encounter[-1]
    s.peeks[str(seat)] = top
    emit(s, "peek", seat=seat, card=top, to=[seat])
    if ab.get("bottom"):
        push(s, ask_frame(seat, "peek_bottom", msg("ask.peek_bottom"),
                          [Action("top", msg("act.leave_on_top", card=top), verb="top"),
                           Action("bottom", msg("act.move_to_bottom", card=top), verb="bottom")], {}))


@continuation("peek_bottom")
def _peek_bottom(g: Rules, s: MGState, ctx: Ctx, a: Action) -> None:
    if a.verb == "bottom" and s.encounter:
        s.encounter.insert(0, s.encounter.pop())
        emit(s, "bottom")


def t_discard_condition(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    if ctx.get("c") != src:
        return []
    grp = B.group_of(s, seat)
    return [[c] for c, r in s.cards.items() if r["on"] and "Condition" in g.defs[c].traits
            and B.group_of_card(s, c) is grp]


def r_discard_condition(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    B.leave_play(g, s, tok[0], "discard")


def t_gandalf(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    if ctx.get("c") != src:
        return []
    enemies = B.group_enemies(g, s, B.group_of(s, seat))
    return [["draw"], ["threat"]] + [[e] for e in enemies]


def r_gandalf(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    if tok[0] == "draw":
        r_draw(g, s, seat, src, {"amount": ab["draw"]}, [ptok(seat)], ctx)
    elif tok[0] == "threat":
        B.raise_threat(g, s, seat, -ab["threat"])
    else:
        B.deal_damage(g, s, tok[0], ab["damage"])


def t_cancel_replace(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    c = ctx.get("c", "")
    fi = ctx.get("fi", -1)
    if not c or g.defs[c].type != "treachery" or not (0 <= fi < len(s.stack)):
        return []
    return [[]] if not s.stack[fi].get("replaced") else []


def r_cancel_replace(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    f = s.stack[ctx["fi"]]
    f["replaced"] = True
    f["cancel"] = True
    if ctx["c"] in s.limbo:
        s.limbo.remove(ctx["c"])
        s.enc_discard.append(ctx["c"])
    emit(s, "cancel", m="cancel_replace", card=src, cancelled_card=ctx["c"])
    s.stack.insert(ctx["fi"], {"t": "reveal", "g": f["g"], "pc": 0})
    s.stack[-1]["passes"] = 99  # the window closes: the card it answered is gone


def t_cancel_wr(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    fi = ctx.get("fi", -1)
    if not (0 <= fi < len(s.stack)) or s.stack[fi].get("cancel"):
        return []
    c = ctx.get("c", "")
    return [[]] if g.defs[c].has("when_revealed") or g.defs[c].type == "treachery" else []


def r_cancel_wr(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    s.stack[ctx["fi"]]["cancel"] = True
    emit(s, "cancel", m="cancel_wr", card=ctx["c"])


def t_cancel_shadow(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    fi = ctx.get("fi", -1)
    return [[]] if 0 <= fi < len(s.stack) and not s.stack[fi].get("cancel") else []


def r_cancel_shadow(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    s.stack[ctx["fi"]]["cancel"] = True


def t_peek_shadow(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    ctl = s.cards[src]["ctl"]
    return [[e] for e in s.players[ctl]["engaged"] if s.cards[e]["sh"]
            and s.peeks.get(str(seat)) != s.cards[e]["sh"][0]]


def r_peek_shadow(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    card = s.cards[tok[0]]["sh"][0]
    s.peeks[str(seat)] = card
    emit(s, "peek", m="peek_shadow", seat=seat, card=tok[0], shadow_card=card, to=[seat])


def r_ready_all(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    for c in chars_of_group(g, s, seat):
        s.cards[c]["ex"] = False
    emit(s, "ready", m="ready_all")


def t_sneak(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[c] for c in s.players[seat]["hand"] if g.defs[c].type == "ally"
            and not (g.defs[c].unique and B.unique_in_play(g, s, g.defs[c].name))]


def r_sneak(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    ally = tok[0]
    s.players[seat]["hand"].remove(ally)
    emit(s, "play", m="sneak", seat=seat, card=ally)
    B.put_char_into_play(g, s, ally, seat)
    if ally in s.cards:
        s.mods.append({"c": ally, "st": "return_hand", "d": 0, "until": "phase"})


def t_no_attack(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    if ab["target"] == "engaged_enemy":
        return [[e] for e in engaged_in_group(s, seat)]
    return [[ptok(p)] for p in grp_members(s, seat) if s.players[p]["engaged"]]


def r_no_attack(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    enemies = [tok[0]] if ab["target"] == "engaged_enemy" else list(s.players[seat_of(tok[0])]["engaged"])
    for e in enemies:
        s.mods.append({"c": e, "st": "noatk", "d": 0, "until": "phase"})
    emit(s, "noattack", cards=enemies)


def t_quick(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    out = []
    grp = B.group_of(s, seat)
    for c in ready_chars(s, seat):
        for e in s.players[seat]["engaged"]:
            out.append([c, e])
        if staging_attacker(g, c):
            out += [[c, e] for e in grp["staging"] if g.defs[e].type == "enemy"]
    return out


def r_quick(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    s.cards[tok[0]]["ex"] = True
    s.used[attacked_key(tok[1], seat)] = 1
    push(s, {"t": "patk", "p": seat, "pc": 3, "done": [tok[1]], "e": tok[1], "atk": [tok[0]],
             "ri": 0, "quick": True})


def r_multi(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    s.mods.append({"p": seat_of(tok[0]), "st": "multidef", "d": 0, "until": "phase"})
    emit(s, "multidefend", seat=seat_of(tok[0]))


def t_lower(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[ptok(p)] for p in grp_members(s, seat)] + [["all"]]


def r_lower(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    if tok[0] == "all":
        for p in grp_members(s, seat):
            B.raise_threat(g, s, p, -ab["each"])
    else:
        B.raise_threat(g, s, seat_of(tok[0]), -ab["one"])


def t_shuffle_discard(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[ptok(p)] for p in grp_members(s, seat) if s.players[p]["discard"]]


def r_shuffle_discard(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    pl = s.players[seat_of(tok[0])]
    pl["deck"].extend(pl["discard"])
    pl["discard"].clear()
    shuffle(s, pl["deck"])
    emit(s, "shuffle", seat=seat_of(tok[0]))


def t_revive(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    out = []
    for p in grp_members(s, seat):
        for c in s.players[p]["discard"]:
            cd = g.defs[c]
            if cd.type == ab["type"] and not (cd.unique and B.unique_in_play(g, s, cd.name)):
                out.append([c])
    return out


def r_revive(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    c = tok[0]
    owner = owner_of(c)
    s.players[owner]["discard"].remove(c)
    to = seat if ab["type"] == "ally" else owner
    emit(s, "play", m="revived", card=c, seat=to)
    B.put_char_into_play(g, s, c, to)


def t_return_enemy(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[e] for e in engaged_in_group(s, seat)]


def r_return_enemy(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    B.disengage_to_staging(g, s, tok[0], B.group_of(s, seat))
    emit(s, "return", card=tok[0])


def t_recover_sphere(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[c] for c in s.players[seat]["discard"] if g.defs[c].sphere == ab["sphere"]]


def r_recover_sphere(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    s.players[seat]["discard"].remove(tok[0])
    s.players[seat]["hand"].append(tok[0])
    emit(s, "recover", card=tok[0], seat=seat)


def t_no_threat(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    grp = B.group_of(s, seat)
    return [[c] for c in grp["staging"] if g.defs[c].type == ab["type"] and not g.defs[c].immune]


def r_no_threat(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    s.mods.append({"c": tok[0], "st": "nothreat", "d": 0, "until": "phase"})
    emit(s, "nothreat", card=tok[0])


def t_search_top(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], ctx: Ctx) -> Targets:
    return [[ptok(p)] for p in grp_members(s, seat) if s.players[p]["deck"]]


def r_search_top(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str], ctx: Ctx) -> None:
    who = seat_of(tok[0])
    x = ctx.get("x", 0)
    top = s.players[who]["deck"][-x:] if x else []
    if not top:
        return
    s.reveals += 1
    ctx2 = {"p": who, "seat": seat, "top": list(reversed(top))}
    opts = [Action(f"take {c}", msg("act.into_hand", card=c), target=c, verb="take") for c in reversed(top)]
    if len({g.defs[c].key for c in top}) == 1:  # one card (or copies of one): nothing to choose
        _search_top(g, s, ctx2, opts[0])
        return
    push(s, ask_frame(seat, "search_top", msg("ask.search_top"), opts, ctx2))


@continuation("search_top")
def _search_top(g: Rules, s: MGState, ctx: Ctx, a: Action) -> None:
    c = a.target or ""
    s.players[ctx["p"]]["deck"].remove(c)
    s.players[owner_of(c)]["hand"].append(c)
    emit(s, "search", seat=ctx["p"])
    rest = [x for x in ctx.get("top", []) if x != c]
    order_rest(g, s, ctx.get("seat", ctx["p"]), ctx["p"], rest)  # the rest back on top, in his order


Finder = Callable[..., Targets]
Resolver = Callable[..., None]


class Op(NamedTuple):
    """One op's handler: ``find`` lists its legal target token lists for a play, ``resolve``
    carries it out with the chosen tokens."""

    find: Finder
    resolve: Resolver


OPS: Registry[Op] = Registry("Mount Gram op")
"""The player-card ops with a handler; the card loader checks every action and response ability
against it (``cards.check_abilities``), so a card naming an op nobody implements is refused."""
for _name, _find, _resolve in (
    ("ready", t_ready, r_ready), ("add_resources", t_add_resources, r_add_resources),
    ("progress", t_progress, r_progress), ("damage", t_damage, r_damage), ("heal", t_heal, r_heal),
    ("draw", t_player, r_draw), ("boost", t_boost, r_boost),
    ("boost_choice", t_boost_choice, r_boost_choice), ("boost_all", t_none, r_boost_all),
    ("engage_enemy", t_engage_enemy, r_engage_enemy), ("put_self_into_play", t_put_self, r_put_self),
    ("beorn_rage", t_none, r_beorn), ("give_self", t_give_self, r_give_self),
    ("recover_attachment", t_recover_attachment, r_recover_attachment),
    ("peek_encounter", t_peek_encounter, r_peek_encounter),
    ("discard_condition", t_discard_condition, r_discard_condition),
    ("gandalf_choice", t_gandalf, r_gandalf), ("cancel_and_replace", t_cancel_replace, r_cancel_replace),
    ("cancel_when_revealed", t_cancel_wr, r_cancel_wr), ("cancel_shadow", t_cancel_shadow, r_cancel_shadow),
    ("peek_shadow", t_peek_shadow, r_peek_shadow), ("ready_all", t_none, r_ready_all),
    ("sneak_ally", t_sneak, r_sneak), ("no_attack", t_no_attack, r_no_attack),
    ("quick_strike", t_quick, r_quick), ("multi_defend", t_player, r_multi),
    ("lower_threat_choice", t_lower, r_lower), ("shuffle_discard", t_shuffle_discard, r_shuffle_discard),
    ("revive", t_revive, r_revive), ("return_enemy", t_return_enemy, r_return_enemy),
    ("recover_sphere", t_recover_sphere, r_recover_sphere), ("no_threat", t_no_threat, r_no_threat),
    ("search_top", t_search_top, r_search_top),
):
    OPS.add(_name, Op(_find, _resolve))

FIND: dict[str, Finder] = {name: OPS[name].find for name in OPS}
"""Each op's finder by name, a plain dict for the listing's hot loop (``OPS[name].find``)."""
