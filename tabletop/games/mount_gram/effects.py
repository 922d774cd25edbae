"""Player-card effects: the interpreter of the ability vocabulary in
``assets/cards/mount_gram/README.md``.

A *play* is one concrete thing a player may do now: play a card from hand (``play <card> ...``)
or use an ability of a card he controls (``use <card> ...``), with its targets as further tokens.
``plays`` lists them for a window (action window, planning, or a trigger window answering one
event); ``execute`` pays the costs and resolves the op. Every op in ``OPS`` (module ``ops``, the
engine's op registry) has a target finder and a resolver; the card loader refuses a card whose
op is neither registered there nor in ``PASSIVE_OPS``.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from tabletop.engine import Action, IllegalAction, emit
from tabletop.engine.msg import Msg, msg

from . import board as B
from .cards import CardDef, key_of, response_clause
from .choices import apply_split, check_restricted, pay_options, pay_splits, split_of
from .context import Rules
from .flow import ask_frame, continuation, push, window
from .ops import (
    FIND,
    OPS,
    PASSIVE_OPS,
    Ctx,
    chars_of_group,
    engaged_in_group,
    locations_of,
    need_holds,
    staging_attacker,
    t_put_self,
)
from .state import MGState

__all__ = ["OPS", "PASSIVE_OPS", "Play", "response_clause", "actions", "available", "execute", "forget", "plays",
           "resolve_attack", "staging_attacker", "trigger"]


class Play:
    """One concrete play; its label is written only when a list is shown (``text``)."""

    __slots__ = ("aid", "kind", "label", "card", "ab", "tokens", "hand", "x", "verb")

    def __init__(self, aid: str, kind: str, card: str, ab: dict[str, Any] | None,
                 tokens: list[str], hand: bool, x: int = 0, verb: str = "play") -> None:
        self.aid, self.kind, self.card, self.ab = aid, kind, card, ab
        self.label: Msg | None = None
        self.tokens, self.hand, self.x, self.verb = tokens, hand, x, verb

    def text(self, g: Rules, s: MGState | None = None) -> Msg:
        """The label (see ``_label``), written only when asked for."""
        if self.label is None:
            self.label = self.action(g, s).label  # type: ignore[assignment]
        assert isinstance(self.label, Msg)
        return self.label

    def action(self, g: Rules, s: MGState | None = None) -> Action:
        """The play as an action: verb ``play`` / ``use``, the card, its first card target and
        seat target, X (of an X-cost card) as ``amount`` and every token in ``extra``, labelled
        (``_label``). An action is immutable and a function of these plain values and the card's
        data, so ``_action`` builds each once (a pure cache keyed by them, not on any object)."""
        card = g.defs[self.card]
        does = card.key if self.ab is not None and self.ab.get("trigger") == "response" and card.does else ""
        return _action(self.aid, self.kind, self.card, tuple(self.tokens), self.hand, self.verb, self.x,
                       card.cost, card.x_cost, does)


@lru_cache(maxsize=8192)
def _action(aid: str, kind: str, card: str, tokens: tuple[str, ...], hand: bool, verb: str, x: int,
            cost: int, x_cost: bool, does: str) -> Action:
    target = next((t for t in tokens if "." in t), None)
    seat = next((int(t[1:]) for t in tokens if t[:1] == "p" and t[1:].isdigit()), None)
    return Action(aid, _label(kind, card, tokens, x, cost, x_cost, does), card=card,
                  group="play" if hand else "ability", verb=verb,
                  target=target, seat=seat, amount=x if x_cost else None,
                  extra=(("tokens", tokens),))


def _label(kind: str, c: str, tokens: tuple[str, ...], x: int, cost: int, x_cost: bool, does: str) -> Msg:
    """A play's label: an ally with its cost, an attachment and its host, a revived card and X,
    a card put into play; else the card, its targets, X, and for a response what it does
    (``resp.<key>``, ``does``). Every label is a function of the id, the kind and the card."""
    if kind == "ally":
        return msg("act.play_ally", card=c, cost=cost)
    if kind == "attach":
        return msg("act.attach", card=c, host_card=tokens[0])
    if kind == "revive":
        return msg("act.revive", card=c, target_card=tokens[0], x=x)
    if kind:
        return msg("act.put_self", card=c)
    label = msg("act.play_card", card=c)
    if tokens:
        label = msg("act.play_on", base=label, targets=_describe(list(tokens)))
    if x_cost:
        label = msg("act.play_x", base=label, x=x)
    if does:
        label = msg("act.play_does", base=label, does=msg("resp." + does))
    return label


# -- costs and limits --------------------------------------------------------------------------
def _limit_key(ab: dict[str, Any], src: str, seat: int) -> str:
    lim = ab.get("limit", "")
    if lim == "round_per_player":
        return ":".join(("r", key_of(src), str(seat)))
    if lim == "phase3":
        return "ph:" + src
    return "r:" + src if lim else ""


def _limit_ok(s: MGState, ab: dict[str, Any], src: str, seat: int) -> bool:
    key = _limit_key(ab, src, seat)
    if not key:
        return True
    return s.used.get(key, 0) < (3 if ab["limit"] == "phase3" else 1)


def _ability_cost_ok(g: Rules, s: MGState, src: str, ab: dict[str, Any]) -> bool:
    cost = ab.get("cost", {})
    rec = s.cards[src]
    if cost.get("exhaust_self") and rec["ex"]:
        return False
    if cost.get("pay_self") and rec["res"] < cost["pay_self"]:
        return False
    return True


def _pay_ability(g: Rules, s: MGState, seat: int, src: str, ab: dict[str, Any], tok: list[str]) -> None:
    cost = ab.get("cost", {})
    if src in s.cards:
        if cost.get("exhaust_self"):
            s.cards[src]["ex"] = True
        if cost.get("pay_self"):
            s.cards[src]["res"] -= cost["pay_self"]
    if cost.get("discard") and tok:
        c = tok[-1]
        s.players[seat]["hand"].remove(c)
        s.players[seat]["discard"].append(c)
    key = _limit_key(ab, src, seat)
    if key:
        s.used[key] = s.used.get(key, 0) + 1


# -- listing plays -----------------------------------------------------------------------------
def _window_ok(s: MGState, ab: dict[str, Any], f: dict[str, Any]) -> bool:
    ev = f.get("ev", "")
    if ab["trigger"] == "response":
        return bool(ev) and ab.get("event") == ev
    if ab["trigger"] != "action" or ev:
        return False
    w = ab.get("window")
    return not w or w == s.phase


class Memo(threading.local):
    """The plays listed while one state stands still, per thread (the bot's ``legal_actions``,
    ``apply``'s legality check and ``execute`` all ask the same question). It holds the state it
    was filled for (by identity, with its step and log length) and each seat's frame, so a list
    is never handed to another state, another frame or another thread; ``forget`` and
    ``flow.advance`` empty it whenever the engine is about to change the state."""

    def __init__(self) -> None:
        self.state: MGState | None = None
        self.step = -1
        self.n = -1
        self.plays: dict[int, tuple[dict[str, Any], list[Play]]] = {}


MEMO = Memo()
NO_NEEDS: dict[str, str] = {}
"""A trigger window's needs: none is tested (``CardFacts.needs`` are about Actions only)."""


def forget() -> None:
    """Drop memoised plays: called whenever the engine is about to change the state."""
    found = MEMO.plays
    if found:
        found.clear()


def plays(g: Rules, s: MGState, seat: int, f: dict[str, Any]) -> list[Play]:
    """The plays of ``seat`` in frame ``f``, memoised while the state stands still (``Memo``)."""
    memo = MEMO
    found = memo.plays
    if found:
        if memo.state is not s or memo.step != s.step or memo.n != len(s.log):
            found.clear()
        else:
            hit = found.get(seat)
            if hit is not None and hit[0] is f:
                return hit[1]
    if not found:  # (re)filled for this state as it stands
        memo.state, memo.step, memo.n = s, s.step, len(s.log)
    out = _plays(g, s, seat, f)
    found[seat] = (f, out)
    return out


def _plays(g: Rules, s: MGState, seat: int, f: dict[str, Any]) -> list[Play]:
    """Every play of ``seat`` in window ``f``, in a stable order: cards in hand (first copy of a
    title only), then abilities of his cards in play, then of his attachments on other players'
    characters. The hot path of a random game: card data comes precomputed (``CardDef.usable``) and
    resources are counted only when a card in hand needs them."""
    out: list[Play] = []
    pl = s.players[seat]
    if pl["out"]:
        return out
    ctx = f.get("ctx", {})
    ev = f.get("ev", "")
    phase = s.phase
    defs = g.defs
    cards = s.cards
    hand = pl["hand"]
    if hand:
        # the cards of the hand that may give plays here, in hand order, the first copy of a title
        # only (copies offer the same plays): events with an ability for this window, and in
        # planning allies and attachments; in a trigger window only cards responding to its event
        planning = not ev and f.get("w") == "plan"
        wanted = g.facts.responders.get(ev, frozenset()) if ev else None
        needs = NO_NEEDS if ev else g.facts.needs  # in an action window: what each event's finder needs
        met: dict[str, bool] = {}  # ``need_holds`` of each need met so far
        seen: set[str] = set()
        funds: dict[str, tuple[int, int, int]] = {}
        for c in hand:
            card = defs[c]
            if card.type == "event":
                if not card.active:
                    continue  # (before the copy test: every copy of a title is skipped alike)
                key = card.key
                if (wanted is not None and key not in wanted) or key in seen:
                    continue
                seen.add(key)
                abl = card.responses.get(ev, ()) if ev else card.actions_in.get(phase, card.actions_any)  # usable
                if not abl:
                    continue
                need = needs.get(key)
                if need is not None:
                    holds = met.get(need)
                    if holds is None:
                        holds = met[need] = need_holds(g, s, seat, need)
                    if not holds:
                        continue  # its finders would find nothing (``ops.need_of``)
                sphere = card.sphere
                row = funds.get(sphere)
                if row is None:
                    row = funds[sphere] = _fund_row(g, s, seat, sphere)
                if row[0]:
                    _event_plays(g, s, seat, c, card, abl, ctx, out, row)
                continue
            if not planning or card.type == "hero":
                continue
            key = card.key
            if (wanted is not None and key not in wanted) or key in seen:
                continue
            seen.add(key)
            sphere = card.sphere
            row = funds.get(sphere)
            if row is None:
                row = funds[sphere] = _fund_row(g, s, seat, sphere)
            if (card.unique and B.unique_in_play(g, s, card.name)) or not _affords(card, card.cost, row):
                continue
            if card.type == "ally":
                out.append(Play(f"play {c}", "ally", c, None, [], True))
            else:
                for t in attach_targets(g, s, seat, card):
                    out.append(Play(f"play {c} {t}", "attach", c, None, [t], True))
    sources = []
    chars = pl["chars"]
    for ch in chars:
        if defs[ch].active:
            sources.append(ch)
        att = cards[ch]["att"]
        if att:
            for a in att:
                if cards[a]["ctl"] == seat and defs[a].active:
                    sources.append(a)
    shared = g.facts.any_player
    players = s.players
    for p in B.group_of(s, seat)["members"]:
        if p != seat:
            for ch in players[p]["chars"]:
                if not ev and defs[ch].key in shared:
                    sources.append(ch)  # Éowyn: each player may trigger her action (FAQ)
                for a in cards[ch]["att"]:
                    if cards[a]["ctl"] == seat and defs[a].active:
                        sources.append(a)
    if sources:
        used = f.get("used", ())
        for c in sources:
            card = defs[c]
            abl = card.responses.get(ev, ()) if ev else card.actions_in.get(phase, card.actions_any)  # usable
            if not abl:
                continue
            rec = cards[c]
            for ab in abl:
                if ev:
                    if ab["op"] == "put_self_into_play" or c in used:
                        continue
                    if ab.get("self") and ctx.get("c") != c and "atk" not in ctx:
                        continue
                if "limit" in ab and not _limit_ok(s, ab, c, seat):
                    continue
                cost = ab.get("cost")
                if cost and ((cost.get("exhaust_self") and rec["ex"]) or
                             (cost.get("pay_self") and rec["res"] < cost["pay_self"])):
                    continue
                if rec["on"] and cards[rec["on"]]["ctl"] != seat and rec["ctl"] != seat:
                    continue
                if rec["ctl"] != seat and not rec["on"] and not ab.get("any_player"):
                    continue
                for t in FIND[ab["op"]](g, s, seat, c, ab, ctx):
                    tail = " ".join(t)
                    out.append(Play(f"use {c} {tail}" if tail else f"use {c}", "", c, ab, t, False, verb="use"))
    if ev == "dwarf_hero_left" and ctx.get("p") == seat:
        for c in pl["hand"]:
            for ab in g.defs[c].has("response"):
                if ab["op"] == "put_self_into_play" and t_put_self(g, s, seat, c, ab, ctx):
                    out.append(Play(f"use {c}", "put_self", c, ab, [], True, verb="use"))
    return out


def _fund_row(g: Rules, s: MGState, seat: int, sphere: str) -> tuple[int, int, int]:
    """What ``seat`` can pay for a card of ``sphere``: (matching heroes, resources among them,
    heroes with at least one). Every hero matches "Neutral"; Celebrían's Stone adds an icon."""
    heroes = total = with_res = 0
    cards = s.cards
    defs = g.defs
    neutral = sphere == "Neutral"
    for h in s.players[seat]["chars"]:
        cd = defs[h]
        if cd.type != "hero":
            continue
        rec = cards[h]
        if rec["att"]:
            k = (B.icons(g, s, h) + ("Neutral",)).count(sphere)
        else:
            k = (cd.sphere == sphere) + neutral
        if k:
            res = rec["res"]
            heroes += k
            total += res * k
            with_res += (res > 0) * k
    return heroes, total, with_res


def _affords(card: CardDef, n: int, row: tuple[int, int, int]) -> bool:
    """Whether a card of cost ``n`` can be paid with the funds ``row`` of its sphere."""
    heroes, total, with_res = row
    if not heroes:
        return False
    if card.key == "thicket_of_spears":
        return with_res >= 3
    return total >= n


def _event_plays(g: Rules, s: MGState, seat: int, c: str, card: CardDef, abl: tuple[dict[str, Any], ...],
                 ctx: Ctx, out: list[Play], row: tuple[int, int, int]) -> None:
    """The plays of event ``c`` for its abilities ``abl`` that fit the window; ``row`` is the
    funds of its sphere (``_fund_row``, at least one matching hero)."""
    _, total, with_res = row
    thicket = card.key == "thicket_of_spears"
    if not card.x_cost:
        x = card.cost
        if not ((with_res >= 3) if thicket else (total >= x)):
            return  # the same for each of its abilities: none can be paid
        for ab in abl:
            for t in FIND[ab["op"]](g, s, seat, c, ab, ctx):  # no finder reads X (only search_top's resolver)
                tail = " ".join(t)
                out.append(Play(f"play {c} {tail}" if tail else f"play {c}", "", c, ab, t, True, x))
        return
    for ab in abl:
        finder = FIND[ab["op"]]
        if total < 1 or (thicket and with_res < 3):
            continue
        found = finder(g, s, seat, c, ab, ctx)  # the same targets whatever X is
        for x in range(1, total + 1):
            if ab["op"] == "revive":
                for t in found:
                    if g.defs[t[0]].cost == x:
                        out.append(Play(f"play {c} {t[0]}", "revive",
                                        c, ab, t, True, x))
                continue
            for t in found:
                tail = " ".join(t)
                aid = f"play {c}{(' ' + tail) if tail else ''} x{x}"
                out.append(Play(aid, "", c, ab, t, True, x))


def _token(t: str) -> Msg:
    """One target token in words: a seat (``p1``), a card id, or a word of the vocabulary."""
    if t[:1] == "p" and t[1:].isdigit():
        return msg("w.seat", seat=int(t[1:]))
    if "." in t:
        return msg("w.card", card=t)
    return msg("w.term", term="tok_" + t)


def _describe(tokens: list[str]) -> Msg:
    """The targets of a play, joined by commas."""
    out = _token(tokens[0])
    for t in tokens[1:]:
        out = msg("w.comma", base=out, part=_token(t))
    return out


def attach_targets(g: Rules, s: MGState, seat: int, card: CardDef) -> list[str]:
    kind = card.attach_to
    if kind in ("hero", "character"):
        return chars_of_group(g, s, seat, "hero" if kind == "hero" else "")
    if kind == "location":
        return locations_of(g, s, seat)
    return engaged_in_group(s, seat)


def _maybe(g: Rules, s: MGState, seat: int, f: dict[str, Any]) -> bool:
    """A cheap, conservative test run before listing plays: False only when the seat surely has
    nothing to do here (no card whose trigger fits this window, or no resources for any event)."""
    pl = s.players[seat]
    if pl["out"]:
        return False
    ev = f.get("ev", "")
    phase = s.phase
    cards = s.cards
    defs = g.defs
    if ev:
        keys = g.facts.responders.get(ev, frozenset())
        if any(key_of(c) in keys for c in pl["hand"]):
            return True
    else:
        hand = pl["hand"]
        if hand:
            if f.get("w") == "plan" and any(defs[c].type in ("ally", "attachment") for c in hand):
                return True
            money = -1
            for c in hand:
                card = defs[c]
                if card.type == "event" and card.active and card.usable(ev, phase):
                    if money < 0:
                        money = sum(cards[h]["res"] for h in pl["chars"] if defs[h].type == "hero")
                    if card.cost <= money:
                        return True
    for ch in pl["chars"]:
        card = defs[ch]
        if card.active:
            for ab in card.usable(ev, phase):
                if _limit_ok(s, ab, ch, seat) and _ability_cost_ok(g, s, ch, ab):
                    return True
        for c in cards[ch]["att"]:
            card = defs[c]
            if card.active and cards[c]["ctl"] == seat:
                for ab in card.usable(ev, phase):
                    if _limit_ok(s, ab, c, seat) and _ability_cost_ok(g, s, c, ab):
                        return True
    shared = g.facts.any_player if not ev else ()
    return any((cards[a]["ctl"] == seat and defs[a].active)
               for p in B.group_of(s, seat)["members"] if p != seat
               for ch in s.players[p]["chars"] for a in cards[ch]["att"]) or any(
        defs[ch].key in shared for p in B.group_of(s, seat)["members"] if p != seat
        for ch in s.players[p]["chars"])


def available(g: Rules, s: MGState, seat: int, f: dict[str, Any]) -> bool:
    """Whether ``seat`` is asked in window ``f``: he has a play, and ``_maybe`` agrees (always
    so for the card pool; kept as the gate it has always been). ``_maybe`` rarely says no, so
    the plays come first (they are needed anyway when the seat is asked)."""
    return bool(plays(g, s, seat, f)) and _maybe(g, s, seat, f)


def actions(g: Rules, s: MGState, seat: int, f: dict[str, Any]) -> list[Action]:
    """The plays as actions, labelled."""
    return [p.action(g, s) for p in plays(g, s, seat, f)]


def quick_action(g: Rules, s: MGState, seat: int, f: dict[str, Any], aid: str) -> Action | None:
    """The listed play with this id (``apply``'s fast path: no list of actions is built)."""
    for p in plays(g, s, seat, f):
        if p.aid == aid:
            return p.action(g, s)
    return None


def execute(g: Rules, s: MGState, seat: int, f: dict[str, Any], aid: str) -> None:
    """Carry out a listed play. A card played from hand is paid first; when several splits of
    the cost between his heroes are legal the player chooses one (§5.2, §5.3), the recommended
    split first, and the play resumes from the ``pay`` continuation."""
    for p in plays(g, s, seat, f):
        if p.aid == aid:
            break
    else:
        raise IllegalAction(f"{aid!r} is not a legal play now")
    card = g.defs[p.card]
    ctx = dict(f.get("ctx", {}), x=p.x)
    if f.get("ev"):
        f.setdefault("used", []).append(p.card)
    ab_index = -1 if p.ab is None else next(i for i, a in enumerate(card.abilities) if a is p.ab)
    if p.hand and (p.ab is None or card.type == "event"):
        n = p.x if card.x_cost else card.cost
        splits = pay_splits(g, s, seat, card, n)
        if len(splits) > 1:
            push(s, ask_frame(seat, "pay", msg("ask.pay", seat=seat, n=n, card=p.card),
                              pay_options(g, s, seat, card, splits),
                              {"seat": seat, "c": p.card, "ab": ab_index, "tok": list(p.tokens), "ctx": ctx},
                              kind="pay"))
            return
        if splits:
            apply_split(g, s, splits[0])
    _resolve(g, s, seat, p.card, ab_index, list(p.tokens), ctx, p.hand)


@continuation("pay")
def _paid(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    apply_split(g, s, split_of(a))
    _resolve(g, s, ctx["seat"], ctx["c"], ctx["ab"], ctx["tok"], ctx["ctx"], True)


def _resolve(g: Rules, s: MGState, seat: int, cid: str, ab_index: int, tokens: list[str], ctx: Ctx,
             hand: bool) -> None:
    """The play once paid: an ally enters play, an attachment attaches (a third Restricted one
    makes its controller discard one), an event resolves, an ability pays its own cost."""
    card = g.defs[cid]
    pl = s.players[seat]
    if hand and ab_index < 0:
        pl["hand"].remove(cid)
        if card.type == "ally":
            emit(s, "play", m="plays", seat=seat, card=cid)
            B.put_char_into_play(g, s, cid, seat)
            if cid in s.cards and card.has("response"):
                trigger(g, s, "played", {"c": cid, "p": seat}, B.group_of(s, seat))
        else:
            host = tokens[0]
            emit(s, "play", m="play_attach", seat=seat, card=cid, host_card=host)
            B.attach(g, s, cid, host, seat)
            if card.restricted:
                check_restricted(g, s, host)
        return
    ab = card.abilities[ab_index]
    if hand and card.type == "event":
        pl["hand"].remove(cid)
        s.limbo.append(cid)
        emit(s, "play", m="plays", seat=seat, card=cid)
        OPS[ab["op"]].resolve(g, s, seat, cid, ab, tokens, ctx)
        s.limbo.remove(cid)
        if ab.get("remove_after"):
            s.removed.append(cid)  # Will of the West (FAQ): removed from the game once resolved
            emit(s, "removed", card=cid)
        else:
            pl["discard"].append(cid)  # an event is discarded once resolved
        return
    _pay_ability(g, s, seat, cid, ab, tokens)
    emit(s, "ability", seat=seat, card=cid)
    OPS[ab["op"]].resolve(g, s, seat, cid, ab, tokens, ctx)


# -- triggers and hooks used by the flow -------------------------------------------------------
def trigger(g: Rules, s: MGState, ev: str, ctx: Ctx, grp: Any, w: str = "trigger") -> None:
    """Open a trigger window for ``ev`` in the group if anybody there holds a response to it:
    an event in hand (Brok Ironfist too, for his own trigger) or a card in play."""
    if grp is None or s.outcome:
        return
    keys = g.facts.responders.get(ev)
    if not keys:
        return
    defs = g.defs
    cards = s.cards
    for p in grp["members"]:
        pl = s.players[p]
        for c in pl["hand"]:
            card = defs[c]
            if card.key in keys and card.type in ("event", "ally"):
                push(s, window(grp["id"], w, ev, ctx))
                return
        chars = pl["chars"]
        for c in chars:
            if defs[c].key in keys:
                push(s, window(grp["id"], w, ev, ctx))
                return
        for c in chars:
            for a in cards[c]["att"]:
                if defs[a].key in keys:
                    push(s, window(grp["id"], w, ev, ctx))
                    return


def on_enemy_revealed(g: Rules, s: MGState, enemy: str, grp: Any) -> None:
    """Thalin: while committed, each revealed enemy takes 1 damage."""
    for c in B.group_chars(s, grp):
        if s.cards[c]["com"]:
            for ab in g.defs[c].has("passive"):
                if ab["op"] == "damage_revealed_enemies" and enemy in s.cards:
                    B.deal_damage(g, s, enemy, ab["amount"], msg("why.from_card", card=c))


def resolve_attack(g: Rules, s: MGState, seat: int, attackers: list[str], enemy: str) -> None:
    attackers = [c for c in attackers if c in s.cards]
    if enemy not in s.cards or not attackers:
        return
    orc = B.is_orc(g, enemy)
    strength = 0
    staging = bool(s.cards[enemy]["g"])
    for c in attackers:
        strength += B.atk(g, s, c)
        for a in s.cards[c]["att"]:
            for ab in g.defs[a].has("passive"):
                if ab["op"] == "modify_vs_orc" and orc:
                    strength += ab["stats"]["atk"]
        if staging:
            for ab in g.defs[c].has("passive"):
                if ab["op"] == "attack_staging_alone":
                    strength += ab["amount"]
    dmg = max(0, strength - B.defense(g, s, enemy))
    emit(s, "player_attack", cards=attackers, card=enemy, strength=strength, damage=dmg)
    grp = B.group_of(s, seat)
    if B.deal_damage(g, s, enemy, dmg):
        trigger(g, s, "enemy_destroyed", {"atk": attackers, "p": seat}, grp)
