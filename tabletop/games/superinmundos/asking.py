"""Who is asked to answer a window (§10.2 hot-seat design): a prompt must not tell who holds what.

At one screen, the curtain going to a rival (or not) is seen by everybody. If only players holding
a playable card were asked, that alone would tell the table who holds a reaction, a counter or a
support. So by default a human seat is asked whenever it *could* answer judging by public facts
only: it is still in the battle, it holds cards, and a card that would answer is somewhere nobody
can see (the deck, a hand, a loot pile) and would be playable now. Two tables that differ only in
hidden cards therefore ask the same seats in the same order. A seat that really holds a playable
card always passes this test, so nobody loses a choice.

Bots' windows stay private (asked only when holding something): nobody watches a bot's curtain,
and bot-only games keep their speed. Options change the default: ``prompt_all`` asks everyone
every time, ``holders_only`` asks only holders (fewer prompts; a prompt then tells who holds one).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Callable

from .cards import _TABLE as T
from .cards import CardInfo, all_cards
from .combat import SI, Numbers, _comp_parts, _match, _sum, free_slot
from .effects import event_args
from .state import SuperState, Unit


def hidden_set(s: SuperState) -> set[str]:
    """The cards no player can see on the table: the deck, the hands and the loot piles. The
    questions below ask "is some copy of this card unseen?": the few cards that could answer are
    looked up in this set instead of walking every hidden card."""
    hidden = set(s.deck)
    hidden.update(*[p["hand"] for p in s.players], *s.piles)  # in place: ``union`` would copy the set
    return hidden


def any_hidden(s: SuperState, ids: frozenset[str]) -> bool:
    """``not hidden_set(s).isdisjoint(ids)`` without building the set: each hidden place is
    scanned at C speed and the scan stops at the first card of ``ids`` (a single question asked
    once, as a support or counter prompt asks it, does not pay for the whole set)."""
    if not ids.isdisjoint(s.deck):
        return True
    for p in s.players:
        if not ids.isdisjoint(p["hand"]):
            return True
    for pile in s.piles:
        if not ids.isdisjoint(pile):
            return True
    return False


@cache
def _copies() -> dict[str, tuple[CardInfo, tuple[str, ...]]]:
    """Each printed card id -> its data and every physical id it may have in a game (``x``, ``x#2``),
    in card-file order."""
    cards = all_cards()
    return {cid: (ci, tuple(k for k in (cid, cid + "#2") if k in T)) for cid, ci in cards.items()}


@cache
def _event_candidates(kind: str) -> tuple[tuple[CardInfo, tuple[str, ...]], ...]:
    """The events ``event_args`` may offer in a window of ``kind`` (its timing and cancel tests
    come first there): no other event can make ``could_play_event`` true."""
    timing = {"round_start": "ROUND_START", "reaction": "REACTION", "open": "TURN", "turn": "TURN"}.get(kind)
    out = []
    for ci, ids in _copies().values():
        if ci.kind != "event":
            continue
        cancel = "CANCEL_EVENT" in ci.effect_kinds
        if (kind == "counter" and cancel) or (not cancel and timing is not None and ci.timing == timing):
            out.append((ci, ids))
    return tuple(out)


@cache
def _ids_where(what: str) -> frozenset[str]:
    """Physical ids of the cancelling events (``"cancel"``), boost or penalty supports."""
    out: set[str] = set()
    for ci, ids in _copies().values():
        sp = ci.support
        if ((what == "cancel" and "CANCEL_EVENT" in ci.effect_kinds)
                or (what == "boost" and sp is not None and sp[1] > 0)
                or (what == "penalty" and sp is not None and sp[1] < 0)):
            out.update(ids)
    return frozenset(out)


@cache
def _supports() -> tuple[tuple[tuple[str, int], frozenset[str]], ...]:
    """Each distinct support (stat, amount) and the physical ids of the cards that give it: what a
    support does to a combat depends on those two numbers only."""
    out: dict[tuple[str, int], set[str]] = {}
    for ci, ids in _copies().values():
        if ci.support is not None:
            out.setdefault(ci.support, set()).update(ids)
    return tuple((sp, frozenset(ids)) for sp, ids in out.items())


@cache
def _boost_ladder(stat: int) -> tuple[tuple[int, frozenset[str]], ...]:
    """The boosts that can raise stat ``stat`` (1 Defense, 2 Power; "any" boosts included) as
    (amount, physical ids), largest amount first: ``response_helps`` only needs the largest unseen."""
    name = ("attack", "defense", "power")[stat]
    amounts: dict[int, set[str]] = {}
    for (st, amount), ids in _supports():
        if amount > 0 and st in (name, "any"):
            amounts.setdefault(amount, set()).update(ids)
    return tuple((amount, frozenset(amounts[amount])) for amount in sorted(amounts, reverse=True))


@cache
def _reaction_events() -> tuple[tuple[tuple[str, ...], tuple[int, int, int] | None], ...]:
    """The reaction events that change a combat (not the counters): each one's physical ids and,
    when all its effects are stat modifiers, what they add to the chosen unit's [attack, defense,
    power] (``None``: an effect beyond the numbers)."""
    out = []
    for ci, ids in _copies().values():
        if ci.kind != "event" or ci.timing != "REACTION" or "CANCEL_EVENT" in ci.effect_kinds:
            continue
        mods = [e for e in ci.effects if e["effect"] == "MODIFY_STAT"]
        delta = None
        if len(mods) == len(ci.effects):
            d = [0, 0, 0]
            for e in mods:
                for i in ((0, 1, 2) if e["stat"] == "all" else (SI[e["stat"]],)):
                    d[i] += e["amount"]
            delta = (d[0], d[1], d[2])
        out.append((ids, delta))
    return tuple(out)


def ask(s: SuperState, seat: int, holds: Callable[[], bool], could: Callable[[], bool]) -> bool:
    """Is ``seat`` asked? ``holds``: it has a playable answer; ``could``: public facts allow one."""
    if s.prompt_all:
        return True
    if s.holders_only or not s.humans or not s.humans[seat]:
        return holds()
    return could()


def _can_hold(s: SuperState, seat: int) -> bool:
    return seat not in s.eliminated and s.cemetery is None and bool(s.players[seat]["hand"])


Memo = dict[str, Any]
"""What one pass over the seats of a window works out once for all of them (the state does not
change while seats are only being considered): the hidden cards (``"hidden"``), the combat's
numbers (``"fight"``), the reaction outcomes (``"reaction"``) and ``reaction_helps``' answer for
each side (``_HELPS``). A memo lives while no card moves
and no unit changes: one window's questions, the passes that follow them (``flow.window_pass``),
and the response question with the reaction window opened right after it (``flow.settle_response``)."""


def _hidden(s: SuperState, memo: Memo | None) -> set[str]:
    if memo is None:
        return hidden_set(s)
    found = memo.get("hidden")
    if found is None:
        found = memo["hidden"] = hidden_set(s)
    return found  # type: ignore[no-any-return]


def could_play_event(s: SuperState, seat: int, kind: str, memo: Memo | None = None) -> bool:
    """A window (round start, reaction): an unseen event with this timing would be playable."""
    if not _can_hold(s, seat):
        return False
    hidden = _hidden(s, memo)
    for ci, ids in _event_candidates(kind):
        if not hidden.isdisjoint(ids) and event_args(s, seat, ci.id, kind):
            return True
    return False


def could_counter(s: SuperState, seat: int) -> bool:
    """The counter window (S47): an unseen ``CANCEL_EVENT`` card exists."""
    return _can_hold(s, seat) and any_hidden(s, _ids_where("cancel"))


def could_support(s: SuperState, seat: int, boost: bool, penalty: bool) -> bool:
    """An unseen boost (if ``boost``) or penalty (if ``penalty``) support exists."""
    if not _can_hold(s, seat):
        return False
    return (boost and any_hidden(s, _ids_where("boost"))) or (penalty and any_hidden(s, _ids_where("penalty")))


def could_respond(s: SuperState) -> bool:
    """The response window (§6.4 step 3): the defender's owner could support, penalise or pay."""
    assert s.attacker is not None
    defender, attacker = s.arena[-1], s.attacker
    owner = defender["owner"]
    if s.cemetery is not None:
        return False
    if any(T[c].paid_active for c in defender["cards"]) and s.piles[s.players[owner]["team"]]:
        return True
    boost = any(free_slot(defender, c) for c in defender["cards"])
    penalty = any(free_slot(attacker, c) for c in attacker["cards"])
    return (boost or penalty) and could_support(s, owner, boost, penalty)


def could_preempt(s: SuperState, owner: int) -> bool:
    """The pre-emptive support (S12): the active unit has a free slot and an unseen boost exists."""
    unit = s.arena[-1]
    return any(free_slot(unit, c) for c in unit["cards"]) and could_support(s, owner, True, False)


class _Combat:
    """Both units' numbers in the current combat, split (``combat._comp_parts``) so that a change
    nobody can see yet (a reaction's unit modifier, one more support) is tried by arithmetic.

    No condition of an ability depends on supports or modifiers, and both only add to a unit's
    sums before its floor (S9, S45), so the verdict of a changed combat is exactly what
    ``combat.wins`` would say of the changed units, both ways round, as ``_verdict`` has it."""

    __slots__ = ("ac", "am", "ad", "da", "dc", "dm")

    def __init__(self, s: SuperState, attacker: Unit, defender: Unit) -> None:
        ai = tuple([T[c] for c in attacker["cards"]])
        di = tuple([T[c] for c in defender["cards"]])
        self.ad, self.da = _match(ai, di), _match(di, ai)
        self.ac, self.am = _comp_parts(s, attacker["cards"], attacker["supports"], attacker["mods"],
                                       attacker["owner"], ai, di, defender["owner"], "attacking")
        self.dc, self.dm = _comp_parts(s, defender["cards"], defender["supports"], defender["mods"],
                                       defender["owner"], di, ai, attacker["owner"], "defending")

    def verdict(self, modal: bool, a_mods: tuple[int, int, int] | None = None,
                d_mods: tuple[int, int, int] | None = None, a_extra: tuple[int, int, int] | None = None,
                d_extra: tuple[int, int, int] | None = None) -> tuple[str, tuple[str, ...]]:
        """``_verdict`` with unit modifiers added (``*_mods``: [attack, defense, power]) or one
        more support (``*_extra``: component, stat index, amount) on either side."""
        am, dm = self.am, self.dm
        if a_mods is not None:
            am = [am[0] + a_mods[0], am[1] + a_mods[1], am[2] + a_mods[2]]
        if d_mods is not None:
            dm = [dm[0] + d_mods[0], dm[1] + d_mods[1], dm[2] + d_mods[2]]
        xa, xd, xp = _sum(self.ac, am, a_extra)
        ya, yd, yp = _sum(self.dc, dm, d_extra)
        modes = self.ad.modes(xa, xp, yd, yp)
        if modes:
            return "attacker", tuple(modes) if modal else ()
        modes = self.da.modes(ya, yp, xd, xp)
        if modes:
            return "defender", tuple(modes) if modal else ()
        return "stalemate", ()


    def wins_with_numbers(self, counter: bool = False) -> tuple[list[str], Numbers | None]:
        """``combat.wins_with_numbers`` of the attacker (of the defender's counter-attack if
        ``counter``) in this very combat, from the parts already worked out."""
        xn = _sum(self.ac, self.am)
        yn = _sum(self.dc, self.dm)
        a, d = (xn[0], xn[1], xn[2]), (yn[0], yn[1], yn[2])
        if counter:
            modes = self.da.modes(d[0], d[2], a[1], a[2])
            return modes, ((d, a) if modes else None)
        modes = self.ad.modes(a[0], a[2], d[1], d[2])
        return modes, ((a, d) if modes else None)


def _fight(s: SuperState, attacker: Unit, defender: Unit, memo: Memo | None) -> _Combat:
    """The current combat's ``_Combat``, shared through ``memo`` (its units do not change while a
    memo lives: see ``Memo``)."""
    if memo is None:
        return _Combat(s, attacker, defender)
    found = memo.get("fight")
    if found is None:
        found = memo["fight"] = _Combat(s, attacker, defender)
    return found  # type: ignore[no-any-return]


def _verdict(s: SuperState, attacker: Unit, defender: Unit, modal: bool) -> tuple[str, tuple[str, ...]]:
    """Who would win the combat now, and in which modes when a card's ability depends on it:
    ``combat.wins`` of the attacker, else of the defender (its counter-attack), else a stalemate."""
    return _Combat(s, attacker, defender).verdict(modal)


def _modal(unit: Unit) -> bool:
    return any(ab["condition"] is not None and ab["condition"].get("kind") == "MODE"
               for c in unit["cards"] for ab in T[c].triggers.get("ON_WIN", ()))


def _rank(verdict: tuple[str, tuple[str, ...]], side: str | None) -> int:
    if side is None:
        return 0
    return {side: 2, "stalemate": 1}.get(verdict[0], 0)


def _reaction_outcomes(s: SuperState, attacker: Unit, defender: Unit, memo: Memo | None
                       ) -> tuple[tuple[str, tuple[str, ...]], list[tuple[str, tuple[str, ...]]]] | None:
    """The combat's verdict now and under each unseen reaction's modifiers (on the attacker,
    then on the defender); ``None`` when an unseen reaction does more than modify numbers."""
    if memo is not None and "reaction" in memo:
        return memo["reaction"]  # type: ignore[no-any-return]
    modal = _modal(attacker) or _modal(defender)
    hidden = _hidden(s, memo)
    fight: _Combat | None = None
    base: tuple[str, tuple[str, ...]] = ("", ())
    news: list[tuple[str, tuple[str, ...]]] = []
    found: Any = None
    for ids, delta in _reaction_events():
        if hidden.isdisjoint(ids):
            continue
        if delta is None:
            break  # an effect beyond the combat's numbers: always worth the window
        if fight is None:
            fight = _fight(s, attacker, defender, memo)
            base = fight.verdict(modal)
        news.append(fight.verdict(modal, a_mods=delta))
        news.append(fight.verdict(modal, d_mods=delta))
    else:
        found = (base, news)
    if memo is not None:
        memo["reaction"] = found
    return found  # type: ignore[no-any-return]


_HELPS = {"attacker": "helps_attacker", "defender": "helps_defender", None: "helps_third"}
"""The memo key of ``reaction_helps``' answer for a seat on the attacker's side, the defender's,
or neither: the answer depends on the seat only through that side."""


def _side(s: SuperState, seat: int) -> str | None:
    """Is ``seat`` on the attacker's side of the combat, the defender's, or neither?"""
    assert s.attacker is not None
    mine = s.players[seat]["team"]
    if s.players[s.attacker["owner"]]["team"] == mine:
        return "attacker"
    return "defender" if s.players[s.arena[-1]["owner"]]["team"] == mine else None


def reaction_helps(s: SuperState, seat: int, memo: Memo | None = None) -> bool:
    """During a combat: could one reaction event nobody can see change its result (who wins, or
    the mode where a "wins by ..." ability depends on it) in a way ``seat`` could want? The
    attacker's side never wants a worse result than it has, nor the defender's; a third player
    may want any change. A seat for which no reaction could help is not asked: it could only
    spend a card against itself, or for nothing. Outside a combat (after the opening) a reaction
    lasts into the next combat, so it may always help."""
    attacker = s.attacker
    if attacker is None or not s.arena:
        return True
    defender = s.arena[-1]
    side = _side(s, seat)
    key = _HELPS[side]
    if memo is not None:
        found = memo.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
    outcomes = _reaction_outcomes(s, attacker, defender, memo)
    if outcomes is None:
        helps = True
    else:
        base, news = outcomes
        rank = _rank(base, side)
        helps = any(new != base and _rank(new, side) >= rank for new in news)
    if memo is not None:
        memo[key] = helps  # the answer depends on the seat only through its side
    return helps


def response_helps(s: SuperState, memo: Memo | None = None) -> bool:
    """The response window (§6.4 step 3), judged on public facts: is there anything the defender's
    owner could want to do? A paid ability, always; a support, when the combat is not lost anyway
    (a boost on a defender that survives stays on it) or when one support nobody can see could
    turn a lost combat into a stalemate or a counter-attack. A support on a defender that falls
    regardless only adds a card to the loot of the battle, so then nobody is asked."""
    assert s.attacker is not None
    attacker, defender = s.attacker, s.arena[-1]
    owner = defender["owner"]
    if any(T[c].paid_active for c in defender["cards"]) and s.piles[s.players[owner]["team"]]:
        return True
    fight = _fight(s, attacker, defender, memo)
    if fight.verdict(False)[0] != "attacker":
        return True
    # Any unseen penalty would do (it stays on the winner, weaker for the next attack). A support
    # adds to its unit's sum before the floor whichever component carries it, and a higher boost
    # to the defender's Defense or Power never helps the attacker: so the largest unseen boost of
    # each stat decides for all of them (a boost to Attack changes nothing here).
    hidden = _hidden(s, memo)
    if not hidden.isdisjoint(_ids_where("penalty")) and any(free_slot(attacker, c) for c in attacker["cards"]):
        return True
    if not any(free_slot(defender, c) for c in defender["cards"]):
        return False
    for i in (1, 2):
        for amount, ids in _boost_ladder(i):
            if not hidden.isdisjoint(ids):
                if fight.verdict(False, d_extra=(0, i, amount))[0] != "attacker":
                    return True
                break
    return False
