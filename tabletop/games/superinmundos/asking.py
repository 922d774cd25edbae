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

from typing import Callable

from .cards import _TABLE as T
from .combat import free_slot, wins, with_support
from .effects import event_args
from .state import SuperState, Unit


def hidden_cards(s: SuperState) -> list[str]:
    """The cards no player can see on the table: the deck, the hands and the loot piles."""
    out = list(s.deck)
    for p in s.players:
        out += p["hand"]
    for pile in s.piles:
        out += pile
    return out


def ask(s: SuperState, seat: int, holds: Callable[[], bool], could: Callable[[], bool]) -> bool:
    """Is ``seat`` asked? ``holds``: it has a playable answer; ``could``: public facts allow one."""
    if s.prompt_all:
        return True
    if s.holders_only or not s.humans or not s.humans[seat]:
        return holds()
    return could()


def _can_hold(s: SuperState, seat: int) -> bool:
    return seat not in s.eliminated and s.cemetery is None and bool(s.players[seat]["hand"])


def could_play_event(s: SuperState, seat: int, kind: str) -> bool:
    """A window (round start, reaction): an unseen event with this timing would be playable."""
    if not _can_hold(s, seat):
        return False
    seen: set[str] = set()
    for card in hidden_cards(s):
        ci = T[card]
        if ci.kind != "event" or ci.id in seen:
            continue
        seen.add(ci.id)
        if event_args(s, seat, card, kind):
            return True
    return False


def could_counter(s: SuperState, seat: int) -> bool:
    """The counter window (S47): an unseen ``CANCEL_EVENT`` card exists."""
    return _can_hold(s, seat) and any("CANCEL_EVENT" in T[c].effect_kinds for c in hidden_cards(s))


def could_support(s: SuperState, seat: int, boost: bool, penalty: bool) -> bool:
    """An unseen boost (if ``boost``) or penalty (if ``penalty``) support exists."""
    if not _can_hold(s, seat):
        return False
    for card in hidden_cards(s):
        sp = T[card].support
        if sp is not None and ((boost and sp[1] > 0) or (penalty and sp[1] < 0)):
            return True
    return False


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


def _verdict(s: SuperState, attacker: Unit, defender: Unit, modal: bool) -> tuple[str, tuple[str, ...]]:
    """Who would win the combat now, and in which modes when a card's ability depends on it."""
    modes = wins(s, attacker, defender, "attacking")
    if modes:
        return "attacker", tuple(modes) if modal else ()
    modes = wins(s, defender, attacker, "defending")
    if modes:
        return "defender", tuple(modes) if modal else ()
    return "stalemate", ()


def _modal(unit: Unit) -> bool:
    return any(ab["condition"] is not None and ab["condition"].get("kind") == "MODE"
               for c in unit["cards"] for ab in T[c].triggers.get("ON_WIN", ()))


def _rank(verdict: tuple[str, tuple[str, ...]], side: str | None) -> int:
    if side is None:
        return 0
    return {side: 2, "stalemate": 1}.get(verdict[0], 0)


def reaction_helps(s: SuperState, seat: int) -> bool:
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
    mine = s.players[seat]["team"]
    side = ("attacker" if s.players[attacker["owner"]]["team"] == mine
            else "defender" if s.players[defender["owner"]]["team"] == mine else None)
    modal = _modal(attacker) or _modal(defender)
    base = _verdict(s, attacker, defender, modal)
    seen: set[str] = set()
    for card in hidden_cards(s):
        ci = T[card]
        if ci.kind != "event" or ci.timing != "REACTION" or ci.id in seen or "CANCEL_EVENT" in ci.effect_kinds:
            continue
        seen.add(ci.id)
        mods = [e for e in ci.effects if e["effect"] == "MODIFY_STAT"]
        if len(mods) != len(ci.effects):
            return True  # an effect beyond the combat's numbers: always worth the window
        for target in ("attacker", "defender"):
            unit = attacker if target == "attacker" else defender
            changed: Unit = dict(unit)  # type: ignore[assignment]
            changed["mods"] = unit["mods"] + [{"stat": e["stat"], "amount": e["amount"], "dur": "THIS_COMBAT"}
                                              for e in mods]
            pair = (changed, defender) if target == "attacker" else (attacker, changed)
            new = _verdict(s, pair[0], pair[1], modal)
            if new != base and _rank(new, side) >= _rank(base, side):
                return True
    return False


def response_helps(s: SuperState) -> bool:
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
    if _verdict(s, attacker, defender, False)[0] != "attacker":
        return True
    tried: set[tuple[str, int]] = set()
    for card in hidden_cards(s):
        sp = T[card].support
        if sp is None or sp in tried:
            continue
        tried.add(sp)
        stat, amount = sp
        unit = defender if amount > 0 else attacker
        for comp in unit["cards"]:
            if not free_slot(unit, comp):
                continue
            if amount < 0:
                return True  # a penalty stays on the winner, weaker for the next attack
            for st in (("attack", "defense", "power") if stat == "any" else (stat,)):
                changed = with_support(unit, card, comp, st, owner)
                pair = (attacker, changed) if amount > 0 else (changed, defender)
                if _verdict(s, pair[0], pair[1], False)[0] != "attacker":
                    return True
    return False
