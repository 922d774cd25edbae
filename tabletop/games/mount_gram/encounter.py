"""Encounter-card effects: when revealed, shadow, forced and response abilities, travel costs.

The ops here are the encounter half of the vocabulary in ``assets/cards/mount_gram/README.md``.
Scope words follow §6.6: "each player" is each player of the group where the card is.
"""

from __future__ import annotations

from typing import Any, Callable

from tabletop.engine import Action, emit
from tabletop.engine.chance import randbelow, shuffle
from tabletop.engine.msg import msg
from tabletop.engine.registry import Registry

from . import board as B
from .cards import owner_of
from .choices import forced_effect, forced_frame, free_attach_targets, put_free, search_frame
from .context import Rules
from .flow import ask_frame, continuation, enemy_attack, push
from .state import Group, MGState

Ab = dict[str, Any]


# -- when revealed -----------------------------------------------------------------------------
def wr_raise_threat(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    for p in B.members(s, grp):
        B.raise_threat(g, s, p, ab["amount"], msg("why.card", card=cid))


def wr_damage_exhausted(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    for c in [c for c in B.group_chars(s, grp) if s.cards[c]["ex"]]:
        B.deal_damage(g, s, c, ab["amount"])


def enter_play_staging(g: Rules, s: MGState, cid: str, grp: Group) -> None:
    """A card searched or put into play (not revealed, R-45): Capture fires (R-36), nothing else."""
    B.enter_staging(g, s, cid, grp)
    emit(s, "enter", card=cid)
    if g.defs[cid].capture:
        B.capture_top(g, s, cid, B.members(s, grp), g.defs[cid].capture)


def wr_sound_the_alarm(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    s.mods.append({"grp": grp["id"], "st": "eng", "d": -ab["engagement"], "until": "round"})
    s.mods.append({"grp": grp["id"], "st": "atk", "d": ab["attack"], "until": "round"})
    emit(s, "alarm", eng=ab["engagement"], atk=ab["attack"])
    if not B.group_enemies(g, s, grp) and B.members(s, grp):
        push(s, search_frame(grp, B.members(s, grp)[:1], "", engage=False, src=cid))


def wr_feeble(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    frames = []
    for p in B.members(s, grp):
        ex = [c for c in s.players[p]["chars"] if s.cards[c]["ex"]]
        opts = []
        if ex:
            opts.append(Action("damage", msg("act.feeble_damage"), verb="damage"))
        if any(s.cards[c]["com"] for c in ex):
            opts.append(Action("unquest", msg("act.feeble_unquest"), verb="unquest"))
        if len(opts) == 1:
            _feeble(g, s, {"p": p}, opts[0])
        elif opts:
            frames.append(ask_frame(p, "feeble", msg("ask.choose_one", card=cid), opts, {"p": p}))
    push(s, *frames)


@continuation("feeble")
def _feeble(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    ex = [c for c in s.players[ctx["p"]]["chars"] if s.cards[c]["ex"]]
    for c in ex:
        if a.verb == "damage":
            B.deal_damage(g, s, c, 1)
        elif c in s.cards:
            s.cards[c]["com"] = False
    emit(s, "feeble", seat=ctx["p"], choice_term="feeble_" + a.verb)


def _hosts(g: Rules, s: MGState, grp: Group) -> list[str]:
    """Encounter cards in play in the group that have a threat value (R-12)."""
    out = [c for c in grp["staging"] if g.defs[c].type in ("enemy", "location")]
    if grp["active"]:
        out.append(grp["active"])
    out += [e for p in grp["members"] for e in s.players[p]["engaged"]]
    return out


def wr_captives(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    frames = []
    hosts = _hosts(g, s, grp)
    if not hosts:
        return
    top = max(B.threat_of(g, s, h) for h in hosts)
    tied = [h for h in hosts if B.threat_of(g, s, h) == top]
    for p in B.members(s, grp):
        opts = [Action(f"capture {a} {h}", msg("act.captured_under", card=a, host_card=h), card=a, target=h,
                       verb="capture")
                for a in B.allies(g, s, p) for h in tied]
        if len(opts) == 1:  # one ally and one host: nothing to choose
            _captives(g, s, {"p": p}, opts[0])
        elif opts:
            frames.append(ask_frame(p, "captives", msg("ask.captives", card=cid), opts, {"p": p}))
    push(s, *frames)


@continuation("captives")
def _captives(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    B.capture_from_play(g, s, a.card or "", a.target or "")


def _printed_cost(g: Rules, s: MGState, cid: str) -> int:
    card = g.defs[cid]
    if card.type == "hero":
        return card.threat_cost if s.options.get("interrogation_hero_cost") == "threat_cost" else 0
    return card.cost


def wr_interrogation(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    missing = False
    for p in B.members(s, grp):
        deck = s.players[p]["captured"]
        if not deck:
            missing = True
            continue
        c = deck.pop()
        s.players[p]["discard"].append(c)
        emit(s, "discard", m="discard_captured", seat=p, card=c)
        B.raise_threat(g, s, p, _printed_cost(g, s, c))
    if missing:
        emit(s, "doomed", card=cid, n=2)
        for p in B.members(s, grp):
            B.raise_threat(g, s, p, 2, msg("why.doomed", n=2))


def wr_angmar_orc(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    opts = [Action(f"discard {a}", msg("act.discard", card=a), card=a, verb="discard") for p in B.members(s, grp)
            for a in B.allies(g, s, p)]
    if s.encounter or s.enc_discard:
        opts.append(Action("reveal", msg("act.reveal_more"), verb="reveal"))
    if len(opts) == 1:
        _angmar_orc(g, s, {"g": grp["id"]}, opts[0])
    elif opts:
        push(s, ask_frame(B.members(s, grp)[0], "angmar_orc", msg("ask.choose_one", card=cid), opts,
                          {"g": grp["id"]}))


@continuation("angmar_orc")
def _angmar_orc(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    if a.verb == "reveal":
        push(s, {"t": "reveal", "g": ctx["g"], "pc": 0})
    elif a.card:
        emit(s, "discard", card=a.card)
        B.leave_play(g, s, a.card, "discard")


def wr_orc_ambush(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    """Each player of the group gets an Orc enemy engaged with him; "each player searches", so
    each picks his own (R-18, §5.9 "each player ... each for himself"), in turn order, then the
    deck is shuffled."""
    push(s, search_frame(grp, B.members(s, grp), "Orc", engage=True, src=cid, own=True))


WhenRevealed = Callable[[Rules, MGState, Group, str, Ab, dict[str, Any]], None]
WHEN_REVEALED: Registry[WhenRevealed] = Registry("Mount Gram when-revealed op")
"""The when-revealed ops (``(g, s, group, card, ability, reveal frame)``), checked by the card
loader against every ``when_revealed`` ability."""
for _name, _fn in (
    ("raise_threat", wr_raise_threat), ("damage_exhausted", wr_damage_exhausted),
    ("sound_the_alarm", wr_sound_the_alarm), ("feeble_and_weary", wr_feeble), ("captives", wr_captives),
    ("interrogation", wr_interrogation), ("angmar_orc_choice", wr_angmar_orc),
    ("orc_ambush", wr_orc_ambush),
):
    WHEN_REVEALED.add(_name, _fn)


def when_revealed(g: Rules, s: MGState, grp: Group, cid: str, ab: Ab, f: dict[str, Any]) -> None:
    WHEN_REVEALED[ab["op"]](g, s, grp, cid, ab, f)


# -- shadows -----------------------------------------------------------------------------------
def _bonus(s: MGState, enemy: str, n: int) -> None:
    s.mods.append({"c": enemy, "st": "atk", "d": n, "until": "attack"})


def sh_attack_bonus(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    _bonus(s, f["e"], ab["amount"])


def sh_tormentor(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    _bonus(s, f["e"], 1 if s.cards[f["e"]]["cap"] else 2)


def sh_patrol(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    _bonus(s, f["e"], 2 if s.players[f["p"]]["threat"] >= 20 else 1)


def sh_marauder(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    _bonus(s, f["e"], len(B.allies(g, s, f["p"])))


def sh_angmar_orc(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    _bonus(s, f["e"], 1)
    f["return_if_ally"] = True


def sh_capture_attachments(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    for c in f["defs"]:
        if c in s.cards:
            for a in list(s.cards[c]["att"]):
                B.capture_from_play(g, s, a, f["e"])


def sh_exhaust(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    ready = [c for c in s.players[f["p"]]["chars"] if not s.cards[c]["ex"]]
    opts = [Action(f"exhaust {c}", msg("act.exhaust", card=c), card=c, verb="exhaust") for c in ready]
    if len(ready) == 1:
        _exhaust(g, s, {}, opts[0])
    elif ready:
        push(s, ask_frame(f["p"], "exhaust", msg("ask.shadow_exhaust"), opts, {}))


@continuation("exhaust")
def _exhaust(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    c = a.card
    if c in s.cards:
        s.cards[c]["ex"] = True
        emit(s, "exhaust", card=c)


def sh_capture_damaged(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    f["capture_damaged"] = True


def sh_interrogation(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    pl = s.players[f["p"]]
    if s.options.get("interrogation_shadow") == "dragncards":
        for _ in range(min(2, len(pl["hand"]))):
            c = pl["hand"].pop(randbelow(s, len(pl["hand"])))
            pl["captured"].append(c)
        shuffle(s, pl["captured"])
        emit(s, "interrogation", seat=f["p"])
        return
    if not pl["hand"]:
        return
    c = pl["hand"].pop(randbelow(s, len(pl["hand"])))
    pl["discard"].append(c)
    emit(s, "discard", m="discard_random", seat=f["p"], card=c)
    B.raise_threat(g, s, f["p"], _printed_cost(g, s, c))


Shadow = Callable[[Rules, MGState, dict[str, Any], Ab], None]
SHADOWS: Registry[Shadow] = Registry("Mount Gram shadow op")
"""The shadow ops (``(g, s, enemy attack frame, ability)``), checked by the card loader against
every ``shadow`` ability."""
for _name, _sh in (
    ("attack_bonus", sh_attack_bonus), ("tormentor_shadow", sh_tormentor), ("patrol_shadow", sh_patrol),
    ("marauder_shadow", sh_marauder), ("angmar_orc_shadow", sh_angmar_orc),
    ("capture_attachments", sh_capture_attachments), ("exhaust_character", sh_exhaust),
    ("capture_damaged_ally", sh_capture_damaged), ("interrogation_shadow", sh_interrogation),
):
    SHADOWS.add(_name, _sh)


def shadow(g: Rules, s: MGState, f: dict[str, Any], ab: Ab) -> None:
    SHADOWS[ab["op"]](g, s, f, ab)


# -- attack damage and after-attack forced effects ----------------------------------------------
def _captures_damaged(g: Rules, s: MGState, f: dict[str, Any]) -> bool:
    if f.get("capture_damaged"):
        return True
    return any(ab["op"] == "capture_damaged_ally" for ab in g.defs[f["e"]].has("forced"))


def captures_target(g: Rules, s: MGState, f: dict[str, Any], target: str) -> bool:
    """Whether damage from this attack would capture ``target`` instead (R-13)."""
    kind = g.defs[target].type
    wide = s.options.get("capture_on_damage_targets") == "character"
    return _captures_damaged(g, s, f) and (kind == "ally" or wide) and f["e"] in s.cards


def attack_damage(g: Rules, s: MGState, f: dict[str, Any], target: str, n: int) -> None:
    if target not in s.cards or n <= 0:
        return
    kind = g.defs[target].type
    if captures_target(g, s, f, target):
        seat = s.cards[target]["ctl"]
        B.capture_from_play(g, s, target, f["e"])
        if kind == "hero" and seat >= 0 and not B.heroes(g, s, seat):
            B.eliminate(g, s, seat, "no_hero")
        return
    if B.deal_damage(g, s, target, n) and kind == "ally":
        f["ally_killed"] = True


def after_attack(g: Rules, s: MGState, f: dict[str, Any]) -> None:
    """The Forced effects of an attack that destroyed an ally (Angmar Marauder, Angmar
    Captain, the Angmar Orc shadow): when two differ, the group's first player orders them."""
    e = f["e"]
    if e not in s.cards or not f.get("ally_killed"):
        return
    grp = B.group_of(s, f["p"])
    back = {"op": "return_enemy", "e": e, "g": grp["id"], "rank": 0,
            "label": msg("act.returns_to_staging", card=e).plain(), "why": msg("why.cannot_attack_again").plain()}
    items = []
    for ab in g.defs[e].has("forced"):
        if ab["op"] == "return_after_ally_kill":
            items.append(back)
        elif ab["op"] == "captain_after_ally_kill" and s.players[f["p"]]["deck"]:
            # with the deck empty it does nothing (§5.9), so no order to ask about
            items.append({"op": "captain", "e": e, "p": f["p"], "rank": 1,
                          "label": msg("act.captain", card=e).plain()})
    if f.get("return_if_ally") and back not in items:
        items.append(back)
    if items:
        push(s, forced_frame(grp["id"], items))


@forced_effect("return_enemy")
def _return_enemy(g: Rules, s: MGState, item: dict[str, Any]) -> None:
    e = item["e"]
    grp = B.group(s, item["g"]) or (B.group_of(s, B.engaged_with(s, e)) if B.engaged_with(s, e) >= 0 else None)
    if e in s.cards and B.engaged_with(s, e) >= 0 and grp is not None:
        B.disengage_to_staging(g, s, e, grp)
        emit(s, "return", card=e)


@forced_effect("captain")
def _captain(g: Rules, s: MGState, item: dict[str, Any]) -> None:
    e, p = item["e"], item["p"]
    deck = s.players[p]["deck"]
    if e not in s.cards or not deck:
        return
    top = deck.pop()
    s.players[p]["discard"].append(top)
    s.reveals += 1
    emit(s, "discard", m="discard_top", card=top, seat=p)
    if g.defs[top].type == "ally" and B.engaged_with(s, e) == p:
        emit(s, "attack_again", card=e)
        push(s, enemy_attack(e, p, immediate=True))


# -- travel ------------------------------------------------------------------------------------
def travel_cost(g: Rules, s: MGState, grp: Group, loc: str, ab: Ab) -> None:
    for p in B.members(s, grp):
        B.raise_threat(g, s, p, ab["amount"], msg("why.travel_to", card=loc))


def after_travel(g: Rules, s: MGState, grp: Group, loc: str) -> None:
    for ab in g.defs[loc].has("forced"):
        if ab["op"] == "threat_at_least":
            for p in B.members(s, grp):
                if s.players[p]["threat"] < ab["value"]:
                    B.raise_threat(g, s, p, ab["value"] - s.players[p]["threat"])
    for ab in g.defs[loc].has("response"):
        if ab["op"] == "prison_cell" and s.cards[loc]["cap"]:
            opts = [Action(f"free {c}", msg("act.put_self", card=c), target=c, verb="free")
                    for c in s.cards[loc]["cap"] if free_play_ok(g, s, c)]
            if opts:
                push(s, ask_frame(B.members(s, grp)[0], "prison_cell", msg("ask.prison_cell", card=loc),
                                  opts + [Action("none", msg("act.leave_captured"), verb="none")], {"host": loc}))


def free_play_ok(g: Rules, s: MGState, cid: str) -> bool:
    """Can this card be put into play for free under its owner's control (R-5, R-33)?"""
    card = g.defs[cid]
    owner = owner_of(cid)
    if owner < 0 or s.players[owner]["out"]:
        return False
    if card.unique and B.unique_in_play(g, s, card.name):
        return False
    if card.type in ("hero", "ally"):
        return True
    if card.type == "attachment":
        return bool(free_attach_targets(g, s, owner, cid))
    return False


@continuation("prison_cell")
def _prison_cell(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    host = ctx["host"]
    if a.verb != "free" or host not in s.cards or a.target is None:
        return
    c = a.target
    s.cards[host]["cap"].remove(c)
    put_free(g, s, c)


@continuation("dungeon_guard")
def _dungeon_guard(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    if a.verb != "free" or a.target is None:
        return
    c = a.target
    owner = owner_of(c)
    if c in s.players[owner]["hand"] and free_play_ok(g, s, c):
        s.players[owner]["hand"].remove(c)
        put_free(g, s, c)
