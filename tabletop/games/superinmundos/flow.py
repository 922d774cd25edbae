"""The flow of a game: rounds, the opening, attack turns, combats, windows, loot, the end.

Each function moves the state forward until a player must choose something, then sets
``state.phase`` and returns. Steps in which nobody has a real choice (a window nobody can play
in, a single winning mode, an unaffordable ability) are passed through at once, like the table
would. Who is asked in a window, a response or a pre-emptive support is decided by ``asking``:
a human seat whenever public facts allow an answer (so a prompt tells nobody what is held), a
bot only when it holds one.
"""

from __future__ import annotations

import weakref
from typing import Any

from tabletop.engine.chance import shuffle
from tabletop.engine.msg import msg
from tabletop.engine.zones import draw

from .asking import (
    ask,
    could_counter,
    could_play_event,
    could_preempt,
    could_respond,
    could_support,
    reaction_helps,
    response_helps,
)
from .cards import _TABLE as T
from .cards import base_id, info
from .combat import (
    DEFENDS,
    SI,
    Numbers,
    attach,
    boosts_in,
    effective_numbers,
    free_slot,
    legal_completions,
    new_unit,
    penalties_in,
    support_stats,
    wins,
    wins_with_numbers,
)
from .effects import do_effect, event_args, paid_abilities, pay_and_resolve, run_trigger
from .state import SuperState, Unit
from .table import active_owner, battle_decided, eliminate, hand_of, next_eligible, say, team, tell, unit_msg

BATTLE_LIMIT = 200
"""S46: a battle ends after the combat of its 200th attack declaration."""


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Seat orders by (table size, first seat): a handful per table size, asked on every window pass."""


def order_from(s: SuperState, first: int) -> tuple[int, ...]:
    """Every seat once, in seat order from ``first``: one shared tuple per (table size, first
    seat), read only (a window asks for it on every pass)."""
    n = len(s.players)
    key = (n, first % n)
    found = _ORDERS.get(key)
    if found is None:
        found = _ORDERS[key] = tuple([(first + k) % n for k in range(n)])
    return found


# -- rounds -------------------------------------------------------------------------------------
def begin_round(s: SuperState) -> None:
    """§5: a fresh battle board, then hand swaps, the round-start window and the battle."""
    s.round += 1
    s.eliminated = []
    s.arena = []
    s.attacker = None
    s.decl = None
    s.retracted = []
    s.declarations = 0
    s.events_closed = False
    s.fusion_turn = False
    s.window = None
    s.pending = None
    s.plan = None
    s.battle_winner = None
    s.answers = {}
    for p in s.players:
        p["asked"] = False
    say(s, "round", round=s.round, limit=s.round_limit, seat=s.start)
    s.queue = [seat for seat in order_from(s, s.start)
               if s.swap_enabled and not s.players[seat]["swap_used"]
               and len(s.players[seat]["hand"]) == s.hand_size]
    settle_swap(s)


def settle_swap(s: SuperState) -> None:
    if s.queue:
        s.phase = "swap"
        return
    open_window(s, "round_start", s.start, "battle")


def swap_hand(s: SuperState, seat: int) -> None:
    """S31: the whole hand into the deck, shuffle, a new full hand; once per game."""
    p = s.players[seat]
    s.deck.extend(p["hand"])
    p["hand"] = []
    shuffle(s, s.deck)
    p["hand"] = draw(s, s.deck, s.hand_size)
    p["swap_used"] = True
    say(s, "swap", seat=seat)
    tell(s, [seat], "dealt", m="dealt_new", seat=seat,
         cards=list(p["hand"]))


def round_end(s: SuperState, next_start: int, dealer: int) -> None:
    """§13: count the round, check the limit and the refill, deal the missing cards."""
    s.rounds_done += 1
    s.phase = "between"
    if s.rounds_done >= s.round_limit:
        finish(s, "end.rounds", n=s.round_limit)
        return
    need = [max(0, s.hand_size - len(p["hand"])) for p in s.players]
    if sum(need) > len(s.deck):
        finish(s, "end.deck", deck=len(s.deck), need=sum(need))
        return
    s.start = next_start
    s.dealer = dealer
    dealt = sum(need)
    say(s, "refill", seat=dealer, n=dealt)
    for seat in order_from(s, next_start):
        if need[seat]:
            got = draw(s, s.deck, need[seat])
            s.players[seat]["hand"].extend(got)
            tell(s, [seat], "dealt", m="dealt_more", seat=seat, cards=got)
    begin_round(s)


def finish(s: SuperState, key: str, **args: Any) -> None:
    """The game ends; ``key`` and ``args`` say why (the result's reason)."""
    s.over = True
    s.phase = "over"
    why = msg(key, **args)
    s.end_reason = why.plain()
    scores = [msg("score", seat=i, n=len(s.piles[team(s, i)])).plain() for i in range(len(s.players))]
    say(s, "game_over", why=why, scores=scores)


# -- windows (§10.1, §10.2) ---------------------------------------------------------------------
TIMING_OF = {"round_start": "ROUND_START", "reaction": "REACTION", "open": "TURN", "turn": "TURN"}
"""The card timing each window accepts: ``event_args`` offers nothing for another timing."""


def window_events(s: SuperState, seat: int, kind: str) -> list[tuple[str, str | None]]:
    if seat in s.eliminated:
        return []
    out = []
    want = TIMING_OF.get(kind)
    for card in hand_of(s, seat):
        ci = T[card]
        if ci.kind == "event" and (want is None or ci.timing == want):
            out.extend((card, arg) for arg in event_args(s, seat, card, kind))
    return out


def open_window(s: SuperState, kind: str, first: int, resume: str, memo: dict[str, Any] | None = None) -> None:
    """``memo``: the ``asking.Memo`` of questions asked just before on this very state, if any."""
    s.window = {"kind": kind, "next": first % len(s.players), "passed": [], "resume": resume, "asker": None}
    continue_window(s, memo)


_KEPT: list[tuple[Any, tuple[int, int, int, int], dict[str, Any]] | None] = [None]
"""The ``asking.Memo`` of the last question asked (a window's, the response's), with a weak
reference to its state and the state's stamp (step, rng, reveals, log length) at that moment."""


def _keep(s: SuperState, memo: dict[str, Any]) -> None:
    """A seat is asked: keep the memo of the questions that led to it for the answer (``_kept``)."""
    _KEPT[0] = (weakref.ref(s), (s.step, s.rng, s.reveals, len(s.log)), memo)


def _kept(s: SuperState) -> dict[str, Any] | None:
    """The kept memo, if the state is exactly the one it was made on, one action later: ``apply``
    counts the step before running the answer, and nothing else ran (rng, reveals and log are
    unchanged). Only answers that move no card and change no unit call this (a window pass, the
    defender's "done"), so the hidden cards and the combat's numbers are still the memo's."""
    kept = _KEPT[0]
    _KEPT[0] = None
    if kept is not None and kept[0]() is s and kept[1] == (s.step - 1, s.rng, s.reveals, len(s.log)):
        return kept[2]
    return None


def continue_window(s: SuperState, memo: dict[str, Any] | None = None) -> None:
    """Ask the next seat that may answer the window, or close it and resume the flow.

    ``memo`` is the work the seats share (the hidden cards, the combat under each unseen reaction):
    nothing changes while seats are only considered, so it is worked out once, and it is kept for
    the pass that follows (see ``window_pass``)."""
    w = s.window
    assert w is not None
    if s.cemetery is None:
        if memo is None:
            memo = {}
        for seat in order_from(s, w["next"]):
            if seat in w["passed"] or seat in s.eliminated:
                continue
            if ask(s, seat, lambda q=seat: bool(window_events(s, q, w["kind"])),
                   lambda q=seat: could_play_event(s, q, w["kind"], memo)) and (
                    w["kind"] != "reaction" or s.prompt_all or reaction_helps(s, seat, memo)):
                w["asker"] = seat
                s.phase = w["kind"]
                _keep(s, memo)
                return
    s.window = None
    if w["resume"] == "resolve":
        resolve_combat(s, memo)  # nobody answered: the memo's combat numbers still hold
    else:
        RESUME[w["resume"]](s)


def window_pass(s: SuperState, seat: int) -> None:
    """A seat passes: it moves no card and changes no unit, so the seats left share the memo of
    the question just answered (``_kept``) instead of working it out again."""
    w = s.window
    assert w is not None
    memo = _kept(s)
    w["passed"].append(seat)
    w["next"] = (seat + 1) % len(s.players)
    continue_window(s, memo)


def evaporates(s: SuperState, seat: int, cards: list[str]) -> bool:
    """S32: a physical copy of a card id already played this game leaves the game unplayed."""
    if not s.mixed:
        return False
    gone = [c for c in cards if any(p != c and base_id(p) == base_id(c) for p in s.played)]
    if not gone:
        for c in cards:
            if c not in s.played:
                s.played.append(c)
        return False
    for c in gone:
        hand_of(s, seat).remove(c)
        s.removed.append(c)
        say(s, "evaporate", seat=seat, card=c)
    return True


def play_event(s: SuperState, seat: int, card: str, arg: str | None, resume: str) -> None:
    """An event leaves the hand, others may counter it (S47), then it resolves at once."""
    if evaporates(s, seat, [card]):  # the play does not count: the same player decides again
        if resume == "window":
            assert s.window is not None
            s.window["next"] = seat
            continue_window(s)
        else:
            after_event(s, resume, seat)
        return
    hand_of(s, seat).remove(card)
    if arg is None:
        say(s, "event", seat=seat, card=card)
    elif arg.isdigit():
        say(s, "event", m="event_on_seat", seat=seat, card=card, target_seat=int(arg))
    elif arg in ("attacker", "defender", "active"):
        say(s, "event", m="event_on_unit", seat=seat, card=card, unit_term=arg)
    else:
        say(s, "event", m="event_element", seat=seat, card=card, element_term=arg)
    left = [p for p in order_from(s, seat + 1) if p != seat and p not in s.eliminated] if s.cemetery is None else []
    s.pending = {"card": card, "by": seat, "arg": arg, "left": left, "resume": resume, "asker": None}
    continue_counter(s)


def counters_in(s: SuperState, seat: int) -> list[str]:
    return [c for c in hand_of(s, seat)
            if "CANCEL_EVENT" in T[c].effect_kinds and event_args(s, seat, c, "counter")]


def continue_counter(s: SuperState) -> None:
    p = s.pending
    assert p is not None
    while p["left"]:
        seat = p["left"][0]
        if ask(s, seat, lambda q=seat: bool(counters_in(s, q)), lambda q=seat: could_counter(s, q)):
            p["asker"] = seat
            s.phase = "counter"
            return
        p["left"].pop(0)
    resolve_pending(s)


def counter_pass(s: SuperState) -> None:
    assert s.pending is not None
    s.pending["left"].pop(0)
    continue_counter(s)


def counter_play(s: SuperState, seat: int, card: str) -> None:
    p = s.pending
    assert p is not None
    if evaporates(s, seat, [card]):
        continue_counter(s)
        return
    hand_of(s, seat).remove(card)
    s.pending = None
    s.discard.extend([p["card"], card])
    say(s, "cancel", seat=seat, card=card, cancelled_card=p["card"])
    after_event(s, p["resume"], p["by"])


def resolve_pending(s: SuperState) -> None:
    p = s.pending
    assert p is not None
    s.pending = None
    card, by, arg = p["card"], p["by"], p["arg"]
    ci = info(card)
    kinds = ci.effect_kinds
    mark = (s.round, s.over)
    if "END_BATTLE_NO_WINNER" in kinds:
        s.discard.append(card)
    for eff in ci.effects:
        do_effect(s, eff, by, card, None, arg)
        if (s.round, s.over) != mark:
            return
    if "SHARED_HAND_FROM_DISCARD" in kinds:
        s.lasting.append(card)
    else:
        s.discard.append(card)
    after_event(s, p["resume"], by)


def after_event(s: SuperState, resume: str, by: int) -> None:
    if resume == "window":
        w = s.window
        assert w is not None
        w["passed"] = []
        w["next"] = (by + 1) % len(s.players)
        continue_window(s)
    elif resume == "open":
        settle_open(s)
    else:
        s.phase = "turn"


# -- the opening (§6.2) -------------------------------------------------------------------------
def start_battle(s: SuperState) -> None:
    s.turn = s.start
    s.events_closed = False
    settle_open(s)


def has_combatant(hand: list[str]) -> bool:
    return any(T[c].kind == "combatant" for c in hand)


def turn_events(s: SuperState, seat: int, phase: str) -> list[tuple[str, str | None]]:
    if s.events_closed:
        return []
    out = []
    want = TIMING_OF.get(phase)
    for card in hand_of(s, seat):
        ci = T[card]
        if ci.kind == "event" and (want is None or ci.timing == want):
            out.extend((card, arg) for arg in event_args(s, seat, card, phase))
    return out


def settle_open(s: SuperState) -> None:
    seat = s.turn
    if has_combatant(hand_of(s, seat)) or turn_events(s, seat, "open"):
        s.phase = "open"
        return
    eliminate(s, seat, "no_combatant")
    next_opener(s)


def next_opener(s: SuperState) -> None:
    for seat in order_from(s, s.turn + 1):
        if seat not in s.eliminated:
            s.turn = seat
            s.events_closed = False
            settle_open(s)
            return
    say(s, "no_opener")
    close_battle_zones(s)
    round_end(s, (s.start + 1) % len(s.players), s.start)


# -- declarations (§6.4) ------------------------------------------------------------------------
_DECLARED: list[tuple[Any, tuple[int, int, int, int], dict[str, Any], list[Any]] | None] = [None]
"""The support choices ``start_declaration`` worked out for the declaration it opened, with a weak
reference to the state, its stamp (step, rng, reveals, log length) and the declaration itself."""


def declare_options(s: SuperState, limit: int | None = None) -> list[tuple[str, str, str, str] | None]:
    """The declaring player's support choices (``None``: no support); with ``limit``, only the
    first ones of an attack's (enough to tell whether there is a choice at all). The full list
    ``start_declaration`` worked out is served again while its state is exactly as it left it
    (nothing ran since: the declare decision's ``legal_actions`` right after)."""
    d = s.decl
    assert d is not None
    kept = _DECLARED[0]
    if (kept is not None and kept[2] is d and kept[0]() is s
            and kept[1] == (s.step, s.rng, s.reveals, len(s.log))):
        return kept[3] if limit is None else kept[3][:limit]
    seat = s.turn
    hand = hand_of(s, seat)
    if d["kind"] == "open":
        unit = new_unit(d["cards"], seat)
        opts: list[tuple[str, str, str, str] | None] = [None]
        for card in boosts_in(hand, d["cards"]):
            for comp in unit["cards"]:
                if free_slot(unit, comp):
                    opts.extend(("boost", card, comp, st) for st in support_stats(card))
        return opts
    return legal_completions(s, seat, hand, d["cards"], d["fused"], limit=limit)


def start_declaration(s: SuperState, kind: str, cards: list[str]) -> None:
    fused = "none"
    if len(cards) > 1:
        fused = "persistent" if s.fusion_turn else "temp"
    s.decl = {"kind": kind, "cards": cards, "fused": fused}
    # the whole list, not just its first two: no work is added (when there is more than "no
    # support" the player is asked, and the declare decision needs all of it: kept for it)
    options = declare_options(s)
    if options == [None]:  # the only answer is "no support": not asked
        commit_declaration(s, None)
    else:
        s.phase = "declare"
        _DECLARED[0] = (weakref.ref(s), (s.step, s.rng, s.reveals, len(s.log)), s.decl, options)


def support_used(s: SuperState, seat: int, card: str, target: Unit, stat: str) -> None:
    amount = info(card).support[1]  # type: ignore[index]
    say(s, "support", m="support_boost" if amount > 0 else "support_penalty", seat=seat, card=card,
        unit=unit_msg(target), stat_term=stat, amount=amount, n=abs(amount))
    for ab in info(card).triggers.get("ON_USED_AS_SUPPORT", ()):
        for eff in ab["effects"]:
            do_effect(s, eff, seat, card, None)


def commit_declaration(s: SuperState, option: tuple[str, str, str, str] | None) -> None:
    d = s.decl
    assert d is not None
    s.decl = None
    seat = s.turn
    cards: list[str] = d["cards"]
    hand = hand_of(s, seat)
    if evaporates(s, seat, cards + ([option[1]] if option else [])):
        s.phase = "open" if d["kind"] == "open" else "turn"
        if d["kind"] == "open":
            settle_open(s)
        return
    for c in cards:
        hand.remove(c)
    if option:
        hand.remove(option[1])
    unit = new_unit(cards, seat, d["fused"])
    if d["kind"] == "open":
        s.arena.append(unit)
        say(s, "open", seat=seat, cards=cards, unit=unit_msg(unit))
        if option:
            attach(unit, option[1], option[2], option[3], seat)
            support_used(s, seat, option[1], unit, option[3])
        run_trigger(s, unit, "ON_ENTER")
        offer_enter_costs(s, unit)
        return
    s.declarations += 1
    s.attacker = unit
    defender = s.arena[-1]
    say(s, "attack", m="attack_fused" if len(cards) > 1 else "attack", seat=seat, cards=cards,
        unit=unit_msg(unit), defender=unit_msg(defender))
    if option:
        target = unit if option[0] == "boost" else defender
        attach(target, option[1], option[2], option[3], seat)
        support_used(s, seat, option[1], target, option[3])
    run_trigger(s, unit, "ON_ENTER", opponent=defender, role="attacking")
    offer_enter_costs(s, unit)


def entering_unit(s: SuperState) -> Unit:
    return s.attacker if s.attacker is not None else s.arena[-1]


def offer_enter_costs(s: SuperState, unit: Unit) -> None:
    if paid_abilities(s, unit, entering=True):
        s.phase = "enter_cost"
        return
    after_enter(s)


def enter_pay(s: SuperState, card: str) -> None:
    unit = entering_unit(s)
    for cid, ab in paid_abilities(s, unit, entering=True):
        if cid == card:
            pay_and_resolve(s, unit, cid, ab)
            break
    offer_enter_costs(s, unit)


def after_enter(s: SuperState) -> None:
    if s.attacker is None:
        open_window(s, "reaction", s.turn + 1, "after_open")
    elif s.plan is None and plan_wanted(s):
        s.plan = {"seat": s.turn, "choice": "asking"}
        s.phase = "plan"
    else:
        start_response(s)


# -- the pre-emptive support, settled in advance (S12, hot seat) --------------------------------
def plan_wanted(s: SuperState) -> bool:
    """Should a human attacker be offered to settle now, while he is at the keyboard, the
    pre-emptive support he would attach if this attack wins? Otherwise the keyboard would come
    back to him after the defender's answer only for that question, and it must come whenever he
    *could* hold a boost (asking only holders would tell). He may still "decide after the combat"
    (then he is asked after it, as S12 has it), with or without a boost in hand, so the curtain
    coming back tells only what he chose. Bots and the other prompting options keep the plain
    S12 moment."""
    a = s.attacker
    assert a is not None
    seat = a["owner"]
    return (not s.prompt_all and not s.holders_only and bool(s.humans) and s.humans[seat]
            and s.cemetery is None and any(free_slot(a, c) for c in a["cards"])
            and could_support(s, seat, True, False))


def plan_options(s: SuperState) -> list[tuple[str, str]]:
    """(boost card, stat) pairs the attacker could plan: boosts in hand (S11: only on his own unit)."""
    out: list[tuple[str, str]] = []
    for card in boosts_in(hand_of(s, s.turn)):
        out.extend((card, st) for st in support_stats(card))
    return out


def set_plan(s: SuperState, choice: str, card: str | None = None, stat: str | None = None) -> None:
    """``choice``: "later" (ask after the combat), "none", or "boost" with ``card`` and ``stat``."""
    assert s.plan is not None
    s.plan.update(choice=choice, card=card, stat=stat)
    start_response(s)


def carry_out_plan(s: SuperState, owner: int) -> bool:
    """After a combat: True if the winner's planned answer settles his pre-emptive support (the
    planned boost is attached if it still can be, on the first component with room)."""
    plan, s.plan = s.plan, None
    if plan is None or plan["seat"] != owner or plan.get("choice") in ("later", "asking"):
        return False
    card, stat = plan.get("card"), plan.get("stat")
    if plan["choice"] == "boost" and card in hand_of(s, owner) and not evaporates(s, owner, [card]):
        unit = s.arena[-1]
        comp = next((c for c in unit["cards"] if free_slot(unit, c)), None)
        if comp is not None:
            hand_of(s, owner).remove(card)
            attach(unit, card, comp, stat, owner)
            support_used(s, owner, card, unit, stat)
    return True


def after_open(s: SuperState) -> None:
    if battle_decided(s):
        end_battle(s)
    else:
        pass_turn(s, s.turn)


# -- the response window (§6.4 step 3) ----------------------------------------------------------
def response_options(s: SuperState) -> list[tuple[str, str, str, str]]:
    """(kind, card, component, stat) supports, and ("activate", card, "", "") paid abilities."""
    if s.cemetery is not None or s.attacker is None or s.decl is None:
        return []
    defender, attacker = s.arena[-1], s.attacker
    owner = defender["owner"]
    hand = s.players[owner]["hand"]
    out: list[tuple[str, str, str, str]] = []
    if not s.decl.get("used"):
        for card in boosts_in(hand):
            for comp in defender["cards"]:
                if free_slot(defender, comp):
                    out.extend(("boost", card, comp, st) for st in support_stats(card))
        for card in penalties_in(hand):
            for comp in attacker["cards"]:
                if free_slot(attacker, comp):
                    out.extend(("penalty", card, comp, st) for st in support_stats(card))
    out.extend(("activate", cid, "", "") for cid, _ in paid_abilities(s, defender, entering=False))
    return out


def start_response(s: SuperState) -> None:
    s.decl = {"kind": "response", "used": False}
    settle_response(s)


def settle_response(s: SuperState) -> None:
    assert s.decl is not None
    first = not s.decl.get("asked")
    owner = s.arena[-1]["owner"]
    memo: dict[str, Any] = {}  # the reaction window right after asks on the same, unchanged state
    if s.cemetery is None and (
            ask(s, owner, lambda: bool(response_options(s)) and response_helps(s, memo),
                lambda: response_helps(s, memo) and could_respond(s)) if first else bool(response_options(s))):
        s.decl["asked"] = True
        s.phase = "response"
        _keep(s, memo)
        return
    s.decl = None
    if s.cemetery is not None:
        resolve_combat(s)
    else:
        open_window(s, "reaction", s.turn + 1, "resolve", memo)


def response_act(s: SuperState, option: tuple[str, str, str, str] | None) -> None:
    """The defender's owner supports, penalises or pays; ``None`` is "done"."""
    assert s.attacker is not None and s.decl is not None
    defender = s.arena[-1]
    owner = defender["owner"]
    if option is None:  # "done" moves nothing: the reaction window shares the response's memo
        s.decl = None
        open_window(s, "reaction", s.turn + 1, "resolve", _kept(s))
        return
    kind, card, comp, stat = option
    if kind == "activate":
        for cid, ab in paid_abilities(s, defender, entering=False):
            if cid == card:
                pay_and_resolve(s, defender, cid, ab)
                break
    else:
        if evaporates(s, owner, [card]):
            settle_response(s)
            return
        s.players[owner]["hand"].remove(card)
        target = defender if kind == "boost" else s.attacker
        attach(target, card, comp, stat, owner)
        support_used(s, owner, card, target, stat)
        s.decl["used"] = True
    settle_response(s)


# -- resolution (§6.4 step 4) -------------------------------------------------------------------
def resolve_combat(s: SuperState, memo: dict[str, Any] | None = None) -> None:
    """The combat's numbers worked out here are the ones a won combat's message names: handed on
    when the win follows at once (nothing changes in between). ``memo``: the ``asking.Memo`` of
    the window just closed on this very state, whose combat parts (if any) are reused."""
    attacker, defender = s.attacker, s.arena[-1]
    assert attacker is not None
    fight = memo.get("fight") if memo else None
    if fight is not None:
        modes, numbers = fight.wins_with_numbers()
    else:
        modes, numbers = wins_with_numbers(s, attacker, defender, "attacking")
    if len(modes) > 1:
        s.phase = "mode"
    elif modes:
        attacker_wins(s, modes[0], numbers)
    elif (counter := fight.wins_with_numbers(True) if fight is not None
          else wins_with_numbers(s, defender, attacker, "defending"))[0]:
        if len(counter[0]) > 1:  # S7: the defender's owner picks the mode of the counter-attack
            s.phase = "counter_mode"
        else:
            defender_wins(s, counter[0][0], counter[1])
    else:
        say(s, "stalemate", cards=attacker["cards"] + defender["cards"], unit=unit_msg(attacker),
            defender=unit_msg(defender))
        s.phase = "stalemate"


def _fight(s: SuperState, x: Unit, y: Unit, mode: str, xrole: str, numbers: Numbers | None = None
           ) -> dict[str, Any]:
    """"Attack 5 beats Defense 3": the numbers of a won combat, as message arguments (``numbers``:
    both units' effective [attack, defense, power] if already worked out on this very state)."""
    if numbers is None:
        ex = effective_numbers(s, x, y, xrole)
        ey = effective_numbers(s, y, x, "defending" if xrole == "attacking" else "attacking")
        return {"stat_term": mode, "value": ex[mode], "against_term": DEFENDS[mode], "against": ey[DEFENDS[mode]]}
    xn, yn = numbers
    return {"stat_term": mode, "value": xn[SI[mode]], "against_term": DEFENDS[mode],
            "against": yn[SI[DEFENDS[mode]]]}


def attacker_wins(s: SuperState, mode: str, numbers: Numbers | None = None) -> None:
    attacker = s.attacker
    assert attacker is not None
    if len(attacker["cards"]) > 1 and attacker["fused"] == "temp":
        s.mode = mode
        s.phase = "top"
        return
    finish_win(s, mode, None, numbers)


def finish_win(s: SuperState, mode: str, top: str | None, numbers: Numbers | None = None) -> None:
    attacker, defender = s.attacker, s.arena[-1]
    assert attacker is not None
    seat = attacker["owner"]
    say(s, "win", seat=seat, mode=mode, cards=attacker["cards"], defeated=defender["cards"],
        unit=unit_msg(attacker), loser=unit_msg(defender), **_fight(s, attacker, defender, mode, "attacking", numbers))
    s.attacker = None
    s.mode = ""
    defender["loose"] = True
    parts: list[tuple[str, Unit]] = []
    if top is not None:
        other = [c for c in attacker["cards"] if c != top]
        top_unit = new_unit([top], seat)
        top_unit["supports"] = [sp for sp in attacker["supports"] if sp["on"] == top]
        top_unit["mods"] = attacker["mods"]
        rest = new_unit(other, seat)
        rest["supports"] = [sp for sp in attacker["supports"] if sp["on"] != top]
        rest["loose"] = True
        s.arena.append(rest)
        s.arena.append(top_unit)
        say(s, "dissolve", seat=seat, card=top, beneath_cards=other)
        parts = [(c, top_unit if c == top else rest) for c in attacker["cards"]]
        winner = top_unit
    else:
        s.arena.append(attacker)
        parts = [(c, attacker) for c in attacker["cards"]]
        winner = attacker
    end_combat(s, new_active=True)
    for cid, unit in parts:
        single: Unit = dict(unit)  # type: ignore[assignment]
        single["cards"] = [cid]
        run_trigger(s, single, "ON_WIN", opponent=defender, role="attacking", mode=mode)
    run_trigger(s, defender, "ON_DEFEATED", opponent=winner, role="defending")
    after_combat(s, winner["owner"])


def mode_choices(s: SuperState, winner: Unit, loser: Unit, role: str) -> list[tuple[str, str]]:
    """The winning modes of ``winner`` as (mode, why): a mode that fires one of its "when it wins
    by ..." abilities comes first, since that is the only thing the choice changes (S7)."""
    modes = wins(s, winner, loser, role)
    out = []
    for mode in modes:
        fired = [cid for cid in winner["cards"] for ab in info(cid).triggers.get("ON_WIN", ())
                 if ab["condition"] is not None and ab["condition"].get("kind") == "MODE"
                 and ab["condition"].get("mode") == mode]
        out.append((mode, " ".join(fired)))
    out.sort(key=lambda m: not m[1])
    return out


def defender_wins(s: SuperState, mode: str, numbers: Numbers | None = None) -> None:
    attacker, defender = s.attacker, s.arena[-1]
    assert attacker is not None
    modes = [mode]
    say(s, "counter", seat=defender["owner"], mode=modes[0], cards=defender["cards"], defeated=attacker["cards"],
        unit=unit_msg(defender), loser=unit_msg(attacker), **_fight(s, defender, attacker, modes[0], "defending", numbers))
    s.attacker = None
    attacker["loose"] = True
    s.arena.insert(len(s.arena) - 1, attacker)
    end_combat(s, new_active=False)
    run_trigger(s, attacker, "ON_DEFEATED", opponent=defender, role="attacking")
    run_trigger(s, defender, "ON_WIN", opponent=attacker, role="defending", mode=modes[0])
    after_combat(s, defender["owner"])


def stalemate(s: SuperState, retract: bool) -> None:
    """S15: retract the attacker to hand (own boosts with it, the opponent's penalties stay as
    loose loot, S13) or set it aside beneath the defender; then declare again or withdraw."""
    attacker = s.attacker
    assert attacker is not None
    seat = attacker["owner"]
    s.attacker = None
    if retract:
        hand = hand_of(s, seat)
        hand.extend(attacker["cards"])
        for sp in attacker["supports"]:
            if sp["by"] == seat:
                hand.append(sp["card"])
            else:
                loose = new_unit([sp["card"]], sp["by"])
                loose["loose"] = True
                s.arena.insert(len(s.arena) - 1, loose)
        s.retracted.extend(attacker["cards"])
        say(s, "retract", seat=seat, cards=attacker["cards"], unit=unit_msg(attacker))
    else:
        attacker["loose"] = True
        s.arena.insert(len(s.arena) - 1, attacker)
        say(s, "set_aside", seat=seat, cards=attacker["cards"], unit=unit_msg(attacker))
    end_combat(s, new_active=False)
    s.plan = None
    if s.declarations >= BATTLE_LIMIT:
        force_end(s)
        return
    s.events_closed = True
    s.phase = "turn"


def end_combat(s: SuperState, new_active: bool) -> None:
    for unit in s.arena:
        if unit["mods"]:
            unit["mods"] = [m for m in unit["mods"] if m["dur"] != "THIS_COMBAT"]
        if unit["paid"]:
            unit["paid"] = []
    if new_active:
        s.retracted = []


def after_combat(s: SuperState, owner: int) -> None:
    if s.declarations >= BATTLE_LIMIT:
        s.plan = None
        force_end(s)
        return
    if carry_out_plan(s, owner):
        pass_turn(s, s.turn)
        return
    if preempt_options(s, owner) or (
            owner not in s.eliminated and s.cemetery is None and ask(s, owner, lambda: False, lambda: could_preempt(s, owner))):
        s.decl = {"kind": "preempt", "seat": owner}
        s.phase = "preempt"
        return
    pass_turn(s, s.turn)


def preempt_options(s: SuperState, owner: int) -> list[tuple[str, str, str, str]]:
    """S12: the owner of the unit left active may attach one boost to it (under Cementerio
    Cósmico only the holder of the shared hand has cards to do it with)."""
    if owner in s.eliminated or not s.arena or (s.cemetery is not None and owner != s.turn):
        return []
    unit = s.arena[-1]
    out = []
    for card in boosts_in(hand_of(s, owner)):
        for comp in unit["cards"]:
            if free_slot(unit, comp):
                out.extend(("boost", card, comp, st) for st in support_stats(card))
    return out


def preempt(s: SuperState, option: tuple[str, str, str, str] | None) -> None:
    assert s.decl is not None
    owner = s.decl["seat"]
    s.decl = None
    if option is not None and not evaporates(s, owner, [option[1]]):
        hand_of(s, owner).remove(option[1])
        attach(s.arena[-1], option[1], option[2], option[3], owner)
        support_used(s, owner, option[1], s.arena[-1], option[3])
    pass_turn(s, s.turn)


# -- turns and the end of a battle (§6.3, §6.5, §12) --------------------------------------------
def pass_turn(s: SuperState, after: int) -> None:
    if battle_decided(s):
        end_battle(s)
        return
    nxt = next_eligible(s, after, active_owner(s))
    if nxt is None:  # pragma: no cover - battle_decided covers it
        end_battle(s)
        return
    s.turn = nxt
    s.events_closed = False
    s.fusion_turn = False
    s.phase = "turn"


def withdraw(s: SuperState, seat: int) -> None:
    eliminate(s, seat, "withdraws")
    pass_turn(s, seat)


def force_end(s: SuperState) -> None:
    owner = active_owner(s)
    assert owner is not None
    say(s, "battle_limit", n=BATTLE_LIMIT)
    for seat in order_from(s, owner + 1):
        if team(s, seat) != team(s, owner):
            eliminate(s, seat, "battle_limit")
    end_battle(s)


def end_battle(s: SuperState) -> None:
    """§6.5, §12: the active unit's owner wins; BATTLE_END triggers; the arena, bottom first,
    goes face down onto the winner's loot (each unit: its cards, then its supports)."""
    active = s.arena[-1]
    winner = active["owner"]
    run_trigger(s, active, "BATTLE_END")
    pile = s.piles[team(s, winner)]
    taken = 0
    for unit in s.arena:
        cards = unit["cards"] + [sp["card"] for sp in unit["supports"]]
        pile.extend(cards)
        taken += len(cards)
    s.arena = []
    s.players[winner]["battles_won"] += 1
    s.battle_winner = winner
    say(s, "battle_won", seat=winner, n=taken)
    close_battle_zones(s)
    round_end(s, s.eliminated[0], winner)


def close_battle_zones(s: SuperState) -> None:
    """S36: the shared hand goes back to being the discard pile, the new pile on top of it, and
    lasting event cards on top of that."""
    if s.cemetery is not None:
        s.discard = s.cemetery["shared"] + s.discard
        s.cemetery = None
        say(s, "cemetery_end")
    s.discard.extend(s.lasting)
    s.lasting = []


def suspend_battle(s: SuperState, by: int, card: str) -> None:
    """S35: no winner; the arena goes to the discard pile; the next player starts, ``by`` deals."""
    for unit in s.arena + ([s.attacker] if s.attacker else []):
        s.discard.extend(unit["cards"] + [sp["card"] for sp in unit["supports"]])
    s.arena = []
    s.attacker = None
    say(s, "suspended", seat=by, card=card)
    close_battle_zones(s)
    round_end(s, (by + 1) % len(s.players), by)


RESUME: dict[str, Any] = {
    "battle": start_battle,
    "after_open": after_open,
    "resolve": resolve_combat,
}
