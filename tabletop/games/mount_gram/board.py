"""Board queries and state changes shared by every phase: groups, current stats, damage, threat,
progress, cards entering and leaving play, capture and rescue, elimination.

Every function takes the game object ``g`` (for card data and the scenario) and the state ``s``.
Rules are written for several groups (separate staging areas) from the start (spec §6.6); a
normal game simply has one group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import emit
from tabletop.engine.msg import Msg

from .cards import CardDef, key_of, owner_of
from .context import Rules
from .state import Group, MGState

if TYPE_CHECKING:
    pass

REC_DEFAULTS: dict[str, Any] = {"dmg": 0, "res": 0, "prog": 0, "ex": False, "com": False, "att": [],
                                "cap": [], "sh": [], "up": [], "ctl": -1, "g": "", "on": "",
                                "time": 0}


def new_rec(**kw: Any) -> dict[str, Any]:
    """A fresh record of a card entering play: ``REC_DEFAULTS`` with new lists, then ``kw``.
    Written out as a display (same keys, same order: ``tests/games/mount_gram`` checks it),
    since every card that enters play builds one."""
    rec = {"dmg": 0, "res": 0, "prog": 0, "ex": False, "com": False, "att": [], "cap": [], "sh": [], "up": [],
           "ctl": -1, "g": "", "on": "", "time": 0}
    if kw:
        rec.update(kw)
    return rec


def d(g: Rules, cid: str) -> CardDef:
    """The card data of an instance id (memoised per game: ids repeat across games)."""
    return g.defs[cid]


def name(g: Rules, cid: str) -> str:
    return g.db[key_of(cid)].name


# -- groups ------------------------------------------------------------------------------------
def turn_order(s: MGState) -> list[int]:
    """All non-eliminated seats, from the first player clockwise."""
    players = s.players
    n = len(players)
    first = s.first
    return [(first + i) % n for i in range(n) if not players[(first + i) % n]["out"]]


def group(s: MGState, gid: str) -> Group | None:
    for grp in s.groups:
        if grp["id"] == gid:
            return grp
    return None


def group_of(s: MGState, seat: int) -> Group:
    for grp in s.groups:
        if seat in grp["members"]:
            return grp
    return s.groups[0]


def members(s: MGState, grp: Group) -> list[int]:
    """The group's players in turn order (its first member is the group's first player)."""
    mine = grp["members"]
    players = s.players
    if len(mine) == 1:
        return [] if players[mine[0]]["out"] else [mine[0]]
    n, first = len(players), s.first
    # the seats from the first player on, those of the group still playing: the order of
    # ``sorted(mine, key=(p - first) % n)`` without a key call per seat (a hot path)
    return [p for p in (*range(first, n), *range(first)) if p in mine and not players[p]["out"]]


def groups_in_order(s: MGState) -> list[Group]:
    groups = s.groups
    if len(groups) == 1:
        return [groups[0]] if groups[0]["members"] else []
    # A group's rank is its earliest player still in, counted from the first player: the seat's
    # distance ``(p - first) % n`` orders seats as their place in ``turn_order`` does, without
    # building it (this runs at every phase). Ranks differ between groups (no seat is in two),
    # else the index decides, so the dicts themselves are never compared.
    players = s.players
    n, first = len(players), s.first
    keyed = []
    for i, x in enumerate(groups):
        if x["members"]:
            best = 99  # a group whose players are all out goes last
            for p in x["members"]:
                if not players[p]["out"]:
                    r = (p - first) % n
                    if r < best:
                        best = r
            keyed.append((best, i, x))
    keyed.sort()
    return [x for _, _, x in keyed]


def group_of_card(s: MGState, cid: str) -> Group | None:
    rec = s.cards.get(cid)
    if rec is None:
        return None
    if rec["on"]:
        return group_of_card(s, rec["on"])
    if rec["g"]:
        return group(s, rec["g"])
    if rec["ctl"] >= 0:
        return group_of(s, rec["ctl"])
    return None


def same_group(s: MGState, a: int, b: int) -> bool:
    return group_of(s, a) is group_of(s, b)


# -- what is where -----------------------------------------------------------------------------
def heroes(g: Rules, s: MGState, seat: int) -> list[str]:
    return [c for c in s.players[seat]["chars"] if g.defs[c].type == "hero"]


def allies(g: Rules, s: MGState, seat: int) -> list[str]:
    return [c for c in s.players[seat]["chars"] if g.defs[c].type == "ally"]


def group_chars(s: MGState, grp: Group) -> list[str]:
    return [c for p in grp["members"] for c in s.players[p]["chars"]]


def group_enemies(g: Rules, s: MGState, grp: Group) -> list[str]:
    """Enemies in the group's staging area and engaged with its players."""
    out = [c for c in grp["staging"] if g.defs[c].type == "enemy"]
    for p in grp["members"]:
        out.extend(s.players[p]["engaged"])
    return out


def group_locations(g: Rules, s: MGState, grp: Group) -> list[str]:
    out = [c for c in grp["staging"] if g.defs[c].type == "location"]
    if grp["active"]:
        out.append(grp["active"])
    return out


def engaged_with(s: MGState, enemy: str) -> int:
    rec = s.cards.get(enemy)
    return -1 if rec is None or rec["g"] else rec["ctl"]


def unique_in_play(g: Rules, s: MGState, title: str) -> bool:
    defs = g.defs
    return any(defs[c].name == title for c in s.cards)


# -- stats -------------------------------------------------------------------------------------
def _mods(s: MGState, cid: str, stat: str) -> int:
    total = 0
    for m in s.mods:
        if m.get("c") == cid and m["st"] == stat:
            total += m["d"]
    return total


def traits(g: Rules, s: MGState, cid: str) -> tuple[str, ...]:
    base = g.defs[cid].traits
    rec = s.cards.get(cid)
    if rec and rec["att"]:
        extra = tuple(ab["trait"] for a in rec["att"] for ab in g.defs[a].has("passive")
                      if ab["op"] == "gain_trait")
        return base + extra
    return base


def is_orc(g: Rules, cid: str) -> bool:
    card = g.defs[cid]
    return card.type == "enemy" and "Orc" in card.traits


def _attachment_bonus(g: Rules, s: MGState, rec: dict[str, Any], stat: str, cid: str) -> int:
    total = 0
    for a in rec["att"]:
        for ab in g.defs[a].has("passive"):
            if ab["op"] == "modify" and stat in ab["stats"]:
                total += ab["stats"][stat]
                if ab.get("dwarf_bonus") and "Dwarf" in g.defs[cid].traits:
                    total += ab["dwarf_bonus"]
    return total


NONE: frozenset[str] = frozenset()


def _enemy_bonus(g: Rules, s: MGState, cid: str, stat: str) -> int:
    """Encounter passives that raise enemies: Orc Ambush, Southern Gate, Sound the Alarm!."""
    total = 0
    orc = is_orc(g, cid)
    if orc:
        # only the titles with such a passive are read (``CardFacts.passive_by_op``)
        defs = g.defs
        by_op = g.facts.passive_by_op
        boosters = by_op.get("orcs_bonus", NONE)
        while_active = by_op.get("orcs_attack_while_active", NONE)
        for grp in s.groups:
            for c in grp["staging"]:
                if defs[c].key in boosters:
                    for ab in defs[c].has("passive"):
                        if ab["op"] == "orcs_bonus" and stat in ab["stats"]:
                            total += ab["stats"][stat]
            act = grp["active"]
            if act and stat == "atk" and defs[act].key in while_active:
                for ab in defs[act].has("passive"):
                    if ab["op"] == "orcs_attack_while_active":
                        total += ab["amount"]
    if s.mods:
        grp = group_of_card(s, cid)
        gid = grp["id"] if grp else ""
        for m in s.mods:
            if m.get("grp") == gid and m["st"] == stat:
                total += m["d"]
    return total


def wp(g: Rules, s: MGState, cid: str) -> int:
    rec = s.cards[cid]
    return max(0, g.defs[cid].wp + _attachment_bonus(g, s, rec, "wp", cid) + _mods(s, cid, "wp"))


def atk(g: Rules, s: MGState, cid: str) -> int:
    card = g.defs[cid]
    rec = s.cards[cid]
    value = card.atk + _mods(s, cid, "atk")
    if card.type == "enemy":
        if card.x_attack:
            value += g.scen.x_value(g, s, cid)
        value += _enemy_bonus(g, s, cid, "atk")
    else:
        value += _attachment_bonus(g, s, rec, "atk", cid)
        for ab in card.has("passive"):
            if ab["op"] == "attack_per_damage":
                value += rec["dmg"]
    return max(0, value)


def defense(g: Rules, s: MGState, cid: str) -> int:
    card = g.defs[cid]
    value = card.defense + _mods(s, cid, "def") + _attachment_bonus(g, s, s.cards[cid], "def", cid)
    if card.type == "enemy":
        value += _enemy_bonus(g, s, cid, "def")
    return max(0, value)


def hp(g: Rules, s: MGState, cid: str) -> int:
    return max(0, g.defs[cid].hp + _attachment_bonus(g, s, s.cards[cid], "hp", cid) + _mods(s, cid, "hp"))


def threat_of(g: Rules, s: MGState, cid: str) -> int:
    """Current threat of an enemy or location (0 while a "no threat" effect is on it)."""
    card = g.defs[cid]
    for m in s.mods:
        if m.get("c") == cid and m["st"] == "nothreat":
            return 0
    value = card.threat + _attachment_bonus(g, s, s.cards[cid], "threat", cid)
    if card.x_threat:
        value += g.scen.x_value(g, s, cid)
    if card.type == "enemy":
        value += _enemy_bonus(g, s, cid, "threat")
    return max(0, value)


def engagement_of(g: Rules, s: MGState, cid: str) -> int:
    return max(0, g.defs[cid].engagement + _enemy_bonus(g, s, cid, "eng"))


def staging_threat(g: Rules, s: MGState, grp: Group) -> int:
    return sum(threat_of(g, s, c) for c in grp["staging"] if g.defs[c].type in ("enemy", "location"))


def committed_wp(g: Rules, s: MGState, grp: Group) -> int:
    return sum(wp(g, s, c) for c in group_chars(s, grp) if s.cards[c]["com"])


def icons(g: Rules, s: MGState, hero: str) -> tuple[str, ...]:
    """Resource icons of a hero: its sphere, plus Celebrían's Stone's Spirit icon on Aragorn."""
    card = g.defs[hero]
    out = (card.sphere,)
    for a in s.cards[hero]["att"]:
        for ab in g.defs[a].has("passive"):
            if ab["op"] == "extra_icon" and (not ab.get("only") or ab["only"] == card.key):
                out += (ab["sphere"],)
    return out


# -- threat and elimination --------------------------------------------------------------------
def raise_threat(g: Rules, s: MGState, seat: int, n: int, why: Msg | None = None) -> None:
    """``why`` is a message that reads after the sentence (" (quest failed)")."""
    p = s.players[seat]
    if p["out"] or n == 0:
        return
    p["threat"] = max(0, p["threat"] + n)
    kind = "threat_up" if n > 0 else "threat_down"
    if why is None:
        emit(s, "threat", m=kind, seat=seat, delta=n, by=abs(n), threat=p["threat"])
    else:
        emit(s, "threat", m=kind + "_why", seat=seat, delta=n, by=abs(n), threat=p["threat"], why=why)
    if p["threat"] >= 50:
        eliminate(g, s, seat, "threat_50")


def eliminate(g: Rules, s: MGState, seat: int, why: str) -> None:
    """``why`` names the reason: ``term.out_<why>`` ("threat reached 50")."""
    p = s.players[seat]
    if p["out"]:
        return
    p["out"] = True
    emit(s, "eliminated", seat=seat, why_term="out_" + why)
    grp = group_of(s, seat)
    g.scen.on_eliminated(g, s, seat)
    alone = grp["members"] == [seat]
    if alone and len(s.groups) > 1:
        # §6.10: alone in a private area: the whole area's encounter cards are discarded.
        for e in list(p["engaged"]) + list(grp["staging"]) + ([grp["active"]] if grp["active"] else []):
            if e in s.cards:
                leave_play(g, s, e, "discard")
        if grp["quest"] in s.cards:
            leave_play(g, s, grp["quest"], "removed")
    else:
        for e in list(p["engaged"]):
            disengage_to_staging(g, s, e, grp)
    for c in list(p["chars"]):
        if c in s.cards:
            leave_play(g, s, c, "discard", quiet=True)
    for cid in [c for c, r in s.cards.items() if r["ctl"] == seat and r["on"]]:
        if cid in s.cards:
            leave_play(g, s, cid, "discard", quiet=True)
    grp["members"] = [m for m in grp["members"] if m != seat]
    if not grp["members"]:
        s.groups.remove(grp)
    if all(q["out"] for q in s.players):
        end(s, "lost", Msg("end.all_eliminated"))
        return
    if s.first == seat:
        order = turn_order(s)
        if order:
            s.first = order[0]


def end(s: MGState, outcome: str, reason: Msg) -> None:
    """The game ends; ``reason`` (a message) is kept in its plain form for the result."""
    if s.outcome:
        return
    s.outcome = outcome
    s.reason = reason.plain()
    s.stack.clear()
    emit(s, "end", m="end_" + outcome, outcome=outcome, reason=reason)


# -- resources ---------------------------------------------------------------------------------
def add_resources(g: Rules, s: MGState, hero: str, n: int) -> None:
    if hero in s.cards and n > 0:
        s.cards[hero]["res"] += n


# -- damage, healing, destruction --------------------------------------------------------------
def deal_damage(g: Rules, s: MGState, cid: str, n: int, why: Msg | None = None) -> bool:
    """Place damage; returns True if the card was destroyed. ``why`` reads after the sentence."""
    if n <= 0 or cid not in s.cards:
        return False
    rec = s.cards[cid]
    rec["dmg"] += n
    if why is None:
        emit(s, "damage", card=cid, amount=n)
    else:
        emit(s, "damage", m="damage_why", card=cid, amount=n, why=why)
    card = g.defs[cid]
    if card.character and card.has("response"):
        g.fx.trigger(g, s, "damaged", {"c": cid, "n": n, "p": rec["ctl"]}, group_of_card(s, cid))
    if rec["dmg"] >= hp(g, s, cid):
        destroy(g, s, cid)
        return True
    return False


def heal(g: Rules, s: MGState, cid: str, n: int) -> int:
    rec = s.cards.get(cid)
    if rec is None:
        return 0
    healed = min(n, rec["dmg"])
    rec["dmg"] -= healed
    if healed:
        emit(s, "heal", card=cid, amount=healed)
    return healed


def destroy(g: Rules, s: MGState, cid: str) -> None:
    card = g.defs[cid]
    emit(s, "destroyed", card=cid, ctype=card.type)
    grp = group_of_card(s, cid)
    if card.type == "enemy":
        leave_play(g, s, cid, "victory" if card.victory else "discard")
        return
    seat = s.cards[cid]["ctl"]
    leave_play(g, s, cid, "discard")
    g.fx.trigger(g, s, "character_destroyed", {"c": cid, "p": seat}, grp)


def explore(g: Rules, s: MGState, loc: str) -> None:
    card = g.defs[loc]
    emit(s, "explored", card=loc)
    leave_play(g, s, loc, "victory" if card.victory else "discard")


# -- entering and leaving play -----------------------------------------------------------------
def enter_staging(g: Rules, s: MGState, cid: str, grp: Group) -> None:
    s.cards[cid] = new_rec(g=grp["id"], time=g.defs[cid].time)
    grp["staging"].append(cid)


def disengage_to_staging(g: Rules, s: MGState, enemy: str, grp: Group) -> None:
    rec = s.cards[enemy]
    seat = rec["ctl"]
    if seat >= 0 and enemy in s.players[seat]["engaged"]:
        s.players[seat]["engaged"].remove(enemy)
    for sh in rec["sh"] + rec["up"]:
        s.enc_discard.append(sh)
    rec["sh"], rec["up"] = [], []
    rec["ctl"] = -1
    rec["g"] = grp["id"]
    grp["staging"].append(enemy)


def engage(g: Rules, s: MGState, enemy: str, seat: int) -> None:
    rec = s.cards[enemy]
    if rec["ctl"] == seat and not rec["g"]:
        return
    old = engaged_with(s, enemy)
    if old >= 0:
        s.players[old]["engaged"].remove(enemy)
    else:
        for grp in s.groups:
            if enemy in grp["staging"]:
                grp["staging"].remove(enemy)
    rec["g"] = ""
    rec["ctl"] = seat
    s.players[seat]["engaged"].append(enemy)
    emit(s, "engage", card=enemy, seat=seat)


def _detach(s: MGState, cid: str) -> None:
    """Take a card out of whatever zone holds it while in play."""
    rec = s.cards[cid]
    if rec["on"]:
        host = s.cards.get(rec["on"])
        if host and cid in host["att"]:
            host["att"].remove(cid)
        return
    if rec["g"]:
        grp = group(s, rec["g"])
        if grp:
            if cid in grp["staging"]:
                grp["staging"].remove(cid)
            if grp["active"] == cid:
                grp["active"] = None
            if grp["side"] == cid:
                grp["side"] = None
        return
    if rec["ctl"] >= 0:
        p = s.players[rec["ctl"]]
        if cid in p["chars"]:
            p["chars"].remove(cid)
        if cid in p["engaged"]:
            p["engaged"].remove(cid)


def to_zone(g: Rules, s: MGState, cid: str, where: str) -> None:
    """Put a card that is out of play into its pile: discard / victory / removed / hand / deck."""
    owner = owner_of(cid)
    if where == "victory":
        s.victory.append(cid)
    elif where == "removed":
        s.removed.append(cid)
    elif owner < 0:
        s.enc_discard.append(cid)
    elif where == "hand":
        s.players[owner]["hand"].append(cid)
    elif where == "deck":
        s.players[owner]["deck"].append(cid)
    else:
        s.players[owner]["discard"].append(cid)


def leave_play(g: Rules, s: MGState, cid: str, where: str, *, quiet: bool = False,
               rescue: bool = True) -> None:
    """Move a card out of play (discard, victory, removed, hand, deck, captured:<host>).

    Its attachments go to their owners' discard piles, its shadow cards to the encounter discard,
    lasting effects on it end, and the cards captured beneath it are rescued (§6.5) unless
    ``rescue`` is off (Stop the Executioners!' expiry discards them instead).
    """
    rec = s.cards.get(cid)
    if rec is None:
        return
    card = g.defs[cid]
    seat = rec["ctl"]
    grp = group_of_card(s, cid)
    _detach(s, cid)
    del s.cards[cid]
    for a in rec["att"]:
        if a in s.cards:
            del s.cards[a]
            to_zone(g, s, a, "discard")
    for sh in rec["sh"] + rec["up"]:
        s.enc_discard.append(sh)
    if s.mods:
        s.mods = [m for m in s.mods if m.get("c") != cid]
    if where.startswith("captured:"):
        s.cards[where[9:]]["cap"].append(cid)
    else:
        to_zone(g, s, cid, where)
    if rec["cap"]:
        if rescue:
            g.scen.rescue(g, s, cid, rec["cap"], grp)
        else:
            for c in rec["cap"]:
                to_zone(g, s, c, "discard")
    if quiet or seat < 0 or grp is None:
        if card.type in ("location", "side_quest", "enemy", "quest"):
            g.scen.after_leave(g, s, cid)
        return
    if card.type == "ally":
        g.fx.trigger(g, s, "ally_left", {"c": cid, "p": seat}, grp)
    elif card.type == "hero":
        if "Dwarf" in card.traits:
            g.fx.trigger(g, s, "dwarf_hero_left", {"c": cid, "p": seat}, grp)
        if not heroes(g, s, seat) and not s.players[seat]["out"]:
            eliminate(g, s, seat, "no_hero")


def put_char_into_play(g: Rules, s: MGState, cid: str, seat: int, *, trigger: bool = True) -> None:
    s.cards[cid] = new_rec(ctl=seat)
    s.players[seat]["chars"].append(cid)
    if trigger and g.defs[cid].has("response"):
        g.fx.trigger(g, s, "enters_play", {"c": cid, "p": seat}, group_of(s, seat))


def attach(g: Rules, s: MGState, cid: str, host: str, seat: int) -> None:
    s.cards[cid] = new_rec(ctl=seat, on=host)
    s.cards[host]["att"].append(cid)


# -- progress ----------------------------------------------------------------------------------
def place_on_location(g: Rules, s: MGState, loc: str, n: int) -> None:
    if n <= 0 or loc not in s.cards:
        return
    rec = s.cards[loc]
    rec["prog"] += n
    emit(s, "progress", card=loc, amount=n)
    if rec["prog"] >= g.defs[loc].qp:
        explore(g, s, loc)


def place_progress(g: Rules, s: MGState, grp: Group, n: int) -> None:
    """Quest progress (§5.10): the active location first, then the current quest."""
    if n <= 0:
        return
    act = grp["active"]
    if act and act in s.cards:
        need = g.defs[act].qp - s.cards[act]["prog"]
        used = min(need, n)
        n -= used
        place_on_location(g, s, act, used)
    if n <= 0 or s.outcome:
        return
    side = grp["side"]
    if side and side in s.cards:
        rec = s.cards[side]
        rec["prog"] = min(g.defs[side].qp, rec["prog"] + n)
        emit(s, "progress", card=side, amount=n)
        if rec["prog"] >= g.defs[side].qp:
            emit(s, "defeated", card=side)
            leave_play(g, s, side, "victory" if g.defs[side].victory else "discard")
        return
    g.scen.quest_progress(g, s, grp, n)


# -- capture -----------------------------------------------------------------------------------
def capture_top(g: Rules, s: MGState, host: str, seats: list[int], n: int) -> None:
    """Capture X (§6.3): each listed player moves the top n of his captured deck under host."""
    if host not in s.cards:
        return
    for seat in seats:
        deck = s.players[seat]["captured"]
        taken = [deck.pop() for _ in range(min(n, len(deck)))]
        s.cards[host]["cap"].extend(taken)
        if taken:
            emit(s, "capture", seat=seat, amount=len(taken), card=host)


def capture_from_play(g: Rules, s: MGState, cid: str, host: str) -> None:
    """A card in play is captured: tokens removed, attachments discarded, then it goes under host.
    Being captured is leaving play, so "after an ally / a Dwarf hero leaves play" responses
    (Valiant Sacrifice, Brok Ironfist) answer it, and a player left without heroes is out."""
    if cid not in s.cards or host not in s.cards:
        return
    emit(s, "capture", m="captured_card", card=cid, host_card=host)
    leave_play(g, s, cid, "captured:" + host)
