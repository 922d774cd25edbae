"""Choices the rules leave to a player (spec §5.3 "Choices belong to players", §5.9).

Each function here turns a place where the engine used to decide into a Decision: which heroes
pay a cost, which defender takes the damage of a multi-defender attack, which Restricted
attachment goes, where a card put into play free is attached, which enemy a search finds, the
order of the rest of a deck search and the order of simultaneous Forced effects. A choice with
one legal answer is never asked; the recommended answer is the first option and its label says
why, so Enter (and the heuristic bot) accepts it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Callable

from tabletop.engine import Action, emit
from tabletop.engine.chance import shuffle
from tabletop.engine.msg import Msg, msg

from . import board as B
from .cards import CardDef, owner_of
from .context import Rules
from .flow import Frame, Ran, ask, ask_frame, continuation, done, frame, noted, push, recommended
from .state import Group, MGState

Split = dict[str, int]


# -- paying costs (§5.2) -----------------------------------------------------------------------
def pay_sources(g: Rules, s: MGState, seat: int, sphere: str) -> list[str]:
    """The seat's heroes whose resources may pay for a card of ``sphere`` (any for Neutral)."""
    hs = B.heroes(g, s, seat)
    if sphere == "Neutral":
        return hs
    return [h for h in hs if sphere in B.icons(g, s, h)]


def _keeps_own(g: Rules, hero: str) -> bool:
    """A hero whose own ability spends his resources (Aragorn, Glorfindel): pay from him last."""
    return any(ab.get("cost", {}).get("pay_self") for ab in g.defs[hero].abilities)


def pay_splits(g: Rules, s: MGState, seat: int, card: CardDef, n: int) -> list[Split]:
    """Every legal way to pay ``n`` for ``card``, the recommended one first: heroes whose own
    abilities spend resources pay last, then the fullest pools first. Thicket of Spears takes 1
    from each of three different heroes."""
    cards = s.cards
    src = [h for h in pay_sources(g, s, seat, card.sphere) if cards[h]["res"] > 0]
    src.sort(key=lambda h: (_keeps_own(g, h), -cards[h]["res"]))
    if card.key == "thicket_of_spears":
        return [{h: 1 for h in trio} for trio in combinations(src, 3)]
    if n <= 0:
        return [{}]
    best: Split = {}
    left = n
    for h in src:
        take = min(left, cards[h]["res"])
        if take:
            best[h] = take
            left -= take
    if left:
        return []
    out = [best]

    def fill(i: int, left: int, acc: Split) -> None:
        if left == 0:
            if acc != best:
                out.append(dict(acc))
            return
        if i == len(src):
            return
        h = src[i]
        room = sum(cards[x]["res"] for x in src[i + 1:])
        for take in range(min(left, cards[h]["res"]), -1, -1):
            if left - take > room:
                break
            if take:
                acc[h] = take
            fill(i + 1, left - take, acc)
            acc.pop(h, None)

    fill(0, n, {})
    return out


def split_id(split: Split) -> str:
    return "pay " + ",".join(f"{h}={k}" for h, k in split.items())


def split_label(g: Rules, split: Split) -> Msg:
    """"Pay 2 from Aragorn, 1 from Théodred": one part per hero, joined as the text does."""
    parts = [msg("act.pay_part", n=k, card=h) for h, k in split.items()]
    label = parts[0] if parts else msg("act.pay_nothing")
    for part in parts[1:]:
        label = msg("act.pay_more", base=label, part=part)
    return msg("act.pay", parts=label)


def _pay_reason(g: Rules, s: MGState, seat: int, best: Split, card: CardDef) -> Msg:
    kept = [h for h in pay_sources(g, s, seat, card.sphere) if _keeps_own(g, h) and h not in best
            and s.cards[h]["res"] > 0]
    if kept:
        return msg("why.keeps_resources", cards=kept)
    return msg("why.fullest_pools")


def split_action(g: Rules, split: Split, label: Msg | None = None) -> Action:
    """One way to pay: the id lists ``hero=amount`` pairs; the split itself rides in ``extra``."""
    return Action(split_id(split), label or split_label(g, split), verb="pay",
                  extra=(("split", tuple(split.items())),))


def pay_options(g: Rules, s: MGState, seat: int, card: CardDef, splits: list[Split]) -> list[Action]:
    why = _pay_reason(g, s, seat, splits[0], card)
    out = [split_action(g, splits[0], recommended(split_label(g, splits[0]), why))]
    out += [split_action(g, sp) for sp in splits[1:]]
    return out


def split_of(a: Action) -> Split:
    """The split a ``pay`` action carries."""
    return {h: int(k) for h, k in a.get("split", ())}


def apply_split(g: Rules, s: MGState, split: Split) -> None:
    for h, k in split.items():
        if h in s.cards:
            s.cards[h]["res"] -= min(k, s.cards[h]["res"])


# -- Restricted (§5.3) -------------------------------------------------------------------------
def check_restricted(g: Rules, s: MGState, host: str) -> None:
    """A third Restricted attachment: its controller discards one of the three, of his choice."""
    if host not in s.cards:
        return
    restricted = [a for a in s.cards[host]["att"] if g.defs[a].restricted]
    if len(restricted) <= 2:
        return
    rec = s.cards[host]
    hp = B.hp(g, s, host)

    def kills(a: str) -> bool:
        loss = sum(ab["stats"].get("hp", 0) for ab in g.defs[a].has("passive") if ab["op"] == "modify")
        return loss > 0 and rec["dmg"] >= hp - loss

    ranked = sorted(restricted, key=lambda a: (kills(a), g.defs[a].cost))
    opts = []
    for i, a in enumerate(ranked):
        label = msg("act.discard", card=a)
        if i == 0:
            label = recommended(label, msg("why.cheapest_alive") if not kills(a) else msg("why.cheapest_any_kills"))
        elif kills(a):
            label = noted(label, msg("note.destroys", card=host))
        opts.append(Action(f"discard {a}", label, card=a, verb="discard"))
    push(s, ask_frame(rec["ctl"], "restricted", msg("ask.restricted", card=host), opts, {"host": host},
                      kind="discard_restricted"))


@continuation("restricted")
def _restricted(g: Rules, s: MGState, ctx: dict[str, Any], act: Action) -> None:
    a = act.card
    if a in s.cards:
        emit(s, "discard", m="discard_restricted", card=a)
        B.leave_play(g, s, a, "discard")


# -- where a card put into play free goes (R-5, R-33) -------------------------------------------
def free_attach_targets(g: Rules, s: MGState, owner: int, cid: str) -> list[str]:
    """The legal hosts for an attachment put into play under its owner's control."""
    kind = g.defs[cid].attach_to
    if kind == "hero":
        return B.heroes(g, s, owner)
    if kind == "character":
        return list(s.players[owner]["chars"])
    if kind == "engaged_enemy":
        return list(s.players[owner]["engaged"])
    return [c for c in B.group_locations(g, s, B.group_of(s, owner)) if not g.defs[c].immune]


def _host_rank(g: Rules, s: MGState, cid: str, host: str) -> tuple[int, ...]:
    """Smaller is better: the enemy that hits hardest for an enemy attachment (Forest Snare);
    for a character, the one that gains most from what the card gives, not crowding Restricted."""
    card = g.defs[cid]
    hcard = g.defs[host]
    if hcard.type == "enemy":
        return (-B.atk(g, s, host),)
    full = card.restricted and sum(g.defs[a].restricted for a in s.cards[host]["att"]) >= 2
    gain = 0
    for ab in card.has("passive"):
        if ab["op"] == "modify":
            st = ab["stats"]
            gain += st.get("atk", 0) * B.atk(g, s, host) + st.get("wp", 0) * B.wp(g, s, host)
            gain += st.get("def", 0) * B.defense(g, s, host) + st.get("hp", 0) * (1 + s.cards[host]["dmg"])
            if ab.get("dwarf_bonus") and "Dwarf" in hcard.traits:
                gain += 10
        elif ab["op"] == "extra_icon" and ab.get("only") == hcard.key:
            gain += 10
    return (int(full), -gain)


def _host_reason(g: Rules, host: str) -> Msg:
    return msg("why.attacks_hardest") if g.defs[host].type == "enemy" else msg("why.gains_most")


def put_free(g: Rules, s: MGState, cid: str) -> None:
    """Put a captured or rescued card into play for free under its owner's control; an
    attachment with several legal hosts asks its owner where it goes."""
    owner = owner_of(cid)
    card = g.defs[cid]
    emit(s, "play", m="put_into_play", card=cid, seat=owner)
    if card.type in ("hero", "ally"):
        B.put_char_into_play(g, s, cid, owner, trigger=card.type == "ally")
        return
    hosts = free_attach_targets(g, s, owner, cid)
    if not hosts:
        B.to_zone(g, s, cid, "discard")
        return
    if len(hosts) == 1:
        _attach_free(g, s, cid, hosts[0], owner)
        return
    hosts.sort(key=lambda h: _host_rank(g, s, cid, h))
    opts = []
    for i, h in enumerate(hosts):
        label = msg("act.attach", card=cid, host_card=h)
        opts.append(Action(f"on {h}", recommended(label, _host_reason(g, h)) if i == 0 else label, card=h,
                           verb="on"))
    s.limbo.append(cid)
    push(s, ask_frame(owner, "free_attach", msg("ask.free_attach", card=cid), opts, {"c": cid}, kind="attach_to"))


def _attach_free(g: Rules, s: MGState, cid: str, host: str, owner: int) -> None:
    B.attach(g, s, cid, host, owner)
    emit(s, "attach", card=cid, host_card=host)
    check_restricted(g, s, host)


@continuation("free_attach")
def _free_attach(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    cid = ctx["c"]
    if cid in s.limbo:
        s.limbo.remove(cid)
    host = a.card or ""
    if host in s.cards:
        _attach_free(g, s, cid, host, owner_of(cid))
    else:
        B.to_zone(g, s, cid, "discard")


# -- enemy searches: Sound the Alarm!, Orc Ambush (R-16, R-18) ----------------------------------
def _found(g: Rules, s: MGState, trait: str) -> list[str]:
    """One candidate per title and pile (the topmost copy): the deck first, then the discard."""
    out, seen = [], set()
    for pile, where in ((s.encounter, "d"), (s.enc_discard, "x")):
        for c in reversed(pile):
            card = g.defs[c]
            if card.type == "enemy" and (not trait or trait in card.traits) and (card.key, where) not in seen:
                seen.add((card.key, where))
                out.append(c)
    return out


def _enemy_rank(g: Rules, s: MGState, c: str) -> tuple[int, ...]:
    card = g.defs[c]
    return (card.capture > 0, card.atk + card.x_attack * 3, card.threat, card.hp + card.defense,
            c not in s.encounter)


def search_frame(grp: Group, seats: list[int], trait: str, engage: bool, src: str = "",
                 own: bool = False) -> dict[str, Any]:
    """``own``: each listed seat picks his own enemy ("each player searches", Orc Ambush, §5.9);
    otherwise the group's first player picks ("search", no chooser named: Sound the Alarm!)."""
    return {"t": "esearch", "g": grp["id"], "seats": list(seats), "trait": trait, "engage": engage,
            "src": src, "own": own}


@frame("esearch")
class EnemySearch(Frame):
    """Search the encounter deck and discard pile for an enemy, once per listed seat (Orc
    Ambush: engaged with that seat; Sound the Alarm!: into the staging area); the group's first
    player picks among the matches (§5.9 "the players"); the deck is shuffled at the end."""

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        grp = B.group(s, f["g"])
        while grp is not None and f["seats"]:
            seat = f["seats"][0]
            found = _found(g, s, f["trait"])
            if s.players[seat]["out"] or not found:
                f["seats"].pop(0)
                continue
            if len(found) > 1 and B.members(s, grp):
                chooser = seat if f.get("own") else B.members(s, grp)[0]
                if f["engage"]:
                    prompt = msg("ask.search_engaged", src_card=f["src"], seat=seat) if f.get("src") \
                        else msg("ask.search_engaged_plain", seat=seat)
                else:
                    prompt = msg("ask.search_staging", src_card=f["src"]) if f.get("src") \
                        else msg("ask.search_staging_plain")
                return ask(f, chooser, "search", prompt)
            EnemySearch._place(g, s, f, grp, found[0])
            if s.outcome:
                return False
        shuffle(s, s.encounter)
        return done(s, f)

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        found = sorted(_found(g, s, f["trait"]), key=lambda c: _enemy_rank(g, s, c))
        out = []
        for i, c in enumerate(found):
            card = g.defs[c]
            pile = "pile_encounter_deck" if c in s.encounter else "pile_discard"
            label = msg("act.find", card=c, pile_term=pile, threat=card.threat, atk=card.atk)
            if i == 0:
                label = recommended(label, msg("why.weakest_no_capture") if not card.capture
                                    and any(g.defs[x].capture for x in found) else msg("why.weakest"))
            out.append(Action(f"find {c}", label, target=c, verb="find"))
        return out

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        grp = B.group(s, f["g"])
        if grp is not None and a.target:
            EnemySearch._place(g, s, f, grp, a.target)

    @staticmethod
    def _place(g: Rules, s: MGState, f: dict[str, Any], grp: Group, c: str) -> None:
        seat = f["seats"].pop(0)
        (s.encounter if c in s.encounter else s.enc_discard).remove(c)
        if not f["engage"]:
            g.enc.enter_play_staging(g, s, c, grp)
            return
        s.cards[c] = B.new_rec(ctl=seat)
        s.players[seat]["engaged"].append(c)
        emit(s, "engage", m="engage_enters", card=c, seat=seat)
        if g.defs[c].capture:
            B.capture_top(g, s, c, B.members(s, grp), g.defs[c].capture)


# -- the rest of a deck search back on top, in the player's order (Gandalf's Search) ------------
def order_rest(g: Rules, s: MGState, seat: int, deck_of: int, rest: list[str]) -> None:
    """``rest`` (top first) goes back on top of ``deck_of``'s deck in the order ``seat`` picks."""
    if len({g.defs[c].key for c in rest}) < 2:
        return  # one card, or copies of one title: every order is the same (never asked)
    prompt, opts = _order_ask(g, rest, [])
    push(s, ask_frame(seat, "search_order", prompt, opts, {"p": deck_of, "seat": seat, "rest": rest, "top": []},
                      kind="order"))


def _order_ask(g: Rules, rest: list[str], top: list[str]) -> tuple[Msg, list[Action]]:
    opts = [Action("keep", recommended(msg("act.keep_order", order=msg("w.in_order", cards=rest)),
                                       msg("why.as_they_were")), verb="keep")]
    # no card on these options: the deck's cards are named in the labels and shown through the
    # view's ``looking_at``, so the screen's list (Enter: the recommended "keep") has the focus
    # one option per title (copies give the same order), and none that repeats "keep": with two
    # cards left, putting the first next is keeping the order
    seen = {g.defs[rest[0]].key} if len(rest) == 2 else set()
    for c in rest:
        key = g.defs[c].key
        if key not in seen:
            seen.add(key)
            label = msg("act.next_card", card=c)
            opts.append(Action(f"top {c}", noted(label, msg("note.drawn_first")) if not top else label,
                               target=c, verb="top"))
    return msg("ask.search_order"), opts


@continuation("search_order")
def _search_order(g: Rules, s: MGState, ctx: dict[str, Any], a: Action) -> None:
    rest, top = list(ctx["rest"]), list(ctx["top"])
    if a.verb == "keep":
        top += rest
        rest = []
    else:
        c = a.target
        rest.remove(c)
        top.append(c)
    if len({g.defs[c].key for c in rest}) >= 2:
        prompt, opts = _order_ask(g, rest, top)
        push(s, ask_frame(ctx["seat"], "search_order", prompt, opts, dict(ctx, rest=rest, top=top), kind="order"))
        return
    top += rest
    deck = s.players[ctx["p"]]["deck"]
    k = len(top)
    if deck[-k:] and sorted(deck[-k:]) == sorted(top):
        deck[-k:] = list(reversed(top))
        emit(s, "order", seat=ctx["p"], n=k)


# -- simultaneous Forced effects (§5.9) ----------------------------------------------------------
FORCED: dict[str, Callable[[Any, MGState, dict[str, Any]], None]] = {}


def forced_effect(op: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        FORCED[op] = fn
        return fn
    return register


def forced_frame(gid: str, items: list[dict[str, Any]]) -> dict[str, Any]:
    """Forced effects triggered together in group ``gid``; each item is ``{op, label, rank, ...}``
    (smaller rank: the recommended one to resolve first) resolved by ``FORCED[op]``."""
    return {"t": "forced", "g": gid, "items": sorted(items, key=lambda i: i.get("rank", 0))}


@frame("forced")
class ForcedOrder(Frame):
    """Resolve the items one at a time; with two or more left the group's first player picks
    the next (each resolves completely, frames it pushes included, before the next)."""

    @staticmethod
    def run(g: Rules, s: MGState, f: dict[str, Any]) -> Ran:
        items = f["items"]
        if not items or s.outcome:
            return done(s, f)
        grp = B.group(s, f["g"])
        chooser = B.members(s, grp) if grp else []
        if len(items) > 1 and chooser:
            return ask(f, chooser[0], "forced_order", msg("ask.forced_order"))
        item = items.pop(0)
        FORCED[item["op"]](g, s, item)
        return False

    @staticmethod
    def options(g: Rules, s: MGState, f: dict[str, Any]) -> list[Action]:
        out = []
        for i, it in enumerate(f["items"]):
            label = Msg.from_plain(it["label"])
            if i == 0 and it.get("why"):
                label = recommended(label, Msg.from_plain(it["why"]))
            out.append(Action(f"first {i}", label, verb="first", amount=i))
        return out

    @staticmethod
    def answer(g: Rules, s: MGState, f: dict[str, Any], a: Action) -> None:
        item = f["items"].pop(a.amount or 0)
        FORCED[item["op"]](g, s, item)



@forced_effect("discard_self")
def _discard_self(g: Rules, s: MGState, item: dict[str, Any]) -> None:
    """Gandalf (ally): discarded from play at the end of the round."""
    cid = item["c"]
    if cid in s.cards:
        emit(s, "discard", m="discard_end_of_round", card=cid)
        B.leave_play(g, s, cid, "discard")
