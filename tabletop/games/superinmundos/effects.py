"""The interpreter of the closed effect vocabulary (§18.3, README in the card folder).

Abilities and events are data; this module gives each effect kind its meaning, one handler per
kind in the engine's op registry (``OPS``), which the card loader asks to check every kind the
cards use. Choices an effect
needs (which player, which element, which unit) are made in the action that plays the card, so
resolving never stops half-way for input (§9: effects resolve fully, one at a time).
"""

from __future__ import annotations

from typing import Any, Callable

from tabletop.engine.chance import randbelow, shuffle
from tabletop.engine.msg import Msg, msg
from tabletop.engine.registry import Registry
from tabletop.engine.zones import draw

from .cards import ELEMENTS, info
from .combat import cond_ok, loot_count
from .state import SuperState, Unit
from .table import hand_of, next_eligible, say, team, tell, unit_msg

Handler = Callable[[SuperState, dict[str, Any], int, str, "Unit | None", "str | None"], None]
"""``(state, effect, owner, source card, unit, choice)``: resolves one effect of ``source``."""

OPS: Registry[Handler] = Registry("Superinmundos effect")
"""One handler per effect kind resolved here; loading the cards checks every kind they use."""

PASSIVE = frozenset({
    # passive keywords, read by combat.py and flow.py
    "FORCE_ADVANTAGE", "NEGATE_ELEMENT", "IMMUNE_TO_MODE", "WINS_TIES", "IMMUNE_BELOW_STARS",
    "EXTRA_SUPPORT_SLOTS", "CANNOT_BE_SUPPORTED", "ALLOW_FUSION",
    # resolved by the counter window in flow.py
    "CANCEL_EVENT",
})
"""Kinds the rules read directly, without a handler."""


def gain_cards(s: SuperState, seat: int, cards: list[str], why: Msg) -> None:
    """Cards into a seat's hand: private, unless the hand is the public shared one."""
    if not cards:
        return
    hand_of(s, seat).extend(cards)
    if s.cemetery is not None:
        say(s, "draw", m="draw_shared", seat=seat, cards=cards, why=why)
    else:
        say(s, "draw", seat=seat, n=len(cards), why=why)
        tell(s, [seat], "drawn", seat=seat, cards=cards, why=why)


def do_effect(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None = None,
              arg: str | None = None) -> None:
    """Resolve one effect for ``owner`` (the player who controls the card ``source``)."""
    handler = OPS.get(eff["effect"])
    if handler is None:  # pragma: no cover - the card check at load admits no other kind
        raise ValueError(f"effect {eff['effect']} has no resolution here")
    handler(s, eff, owner, source, unit, arg)


@OPS.op("MODIFY_STAT")
def _modify(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None, arg: str | None) -> None:
    target = unit
    if eff["target"] == "CHOSEN_UNIT":
        target = s.attacker if arg == "attacker" else (s.arena[-1] if s.arena else None)
    if target is None:
        return
    target["mods"].append({"stat": eff["stat"], "amount": eff["amount"], "dur": eff.get("duration", "THIS_COMBAT")})
    say(s, "modify", m="modify_up" if eff["amount"] > 0 else "modify_down", card=source, amount=eff["amount"],
        n=abs(eff["amount"]), stat_term=eff["stat"], unit=unit_msg(target))


@OPS.op("DRAW")
def _draw(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None, arg: str | None) -> None:
    gain_cards(s, owner, draw(s, s.deck, eff["n"]), msg("why.draw", card=source))


@OPS.op("REVEAL_HAND")
def _reveal(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None, arg: str | None) -> None:
    victim = next_eligible(s, owner, owner)
    if victim is None or s.cemetery is not None:
        return
    hand = list(s.players[victim]["hand"])
    say(s, "reveal", seat=victim, to_seat=owner, source_card=source)
    tell(s, [owner, victim], "revealed", m="revealed" if hand else "revealed_empty", seat=victim, cards=hand)


@OPS.op("PEEK_DECK")
def _peek(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None, arg: str | None) -> None:
    top = s.deck[-eff["n"]:][::-1]
    s.reveals += 1
    say(s, "peek", seat=owner, n=len(top), source_card=source)
    tell(s, [owner], "peeked", m="peeked" if top else "peeked_empty", seat=owner, cards=top)


@OPS.op("LOOT_GAIN")
def _loot_gain(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None,
               arg: str | None) -> None:
    got = draw(s, s.deck, eff["n"])
    s.piles[team(s, owner)].extend(got)
    say(s, "loot_gain", seat=owner, n=len(got), source_card=source)


@OPS.op("SEARCH_DECK")
def _search(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None, arg: str | None) -> None:
    element = arg or ""
    found = None
    for i in range(len(s.deck) - 1, -1, -1):
        ci = info(s.deck[i])
        if ci.kind == "combatant" and ci.element == element:
            found = s.deck.pop(i)
            break
    shuffle(s, s.deck)
    say(s, "search", m="search_found" if found else "search_none", seat=owner, element_term=element,
        source_card=source)
    if found:
        gain_cards(s, owner, [found], msg("why.search", card=source))


@OPS.op("RECOVER_FROM_DISCARD")
def _recover(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None,
             arg: str | None) -> None:
    for i in range(len(s.discard) - 1, -1, -1):
        if info(s.discard[i]).kind == "combatant":
            card = s.discard.pop(i)
            hand_of(s, owner).append(card)
            say(s, "recover", seat=owner, card=card, source_card=source)
            break


def _from_hand(s: SuperState, owner: int, source: str, arg: str | None, discard: bool) -> None:
    victim = int(arg or 0)
    hand = s.players[victim]["hand"]
    if not hand or s.cemetery is not None:
        return
    card = hand.pop(randbelow(s, len(hand)))
    if discard:
        s.discard.append(card)
        say(s, "discard", seat=victim, card=card, source_card=source)
    else:
        s.players[owner]["hand"].append(card)
        say(s, "steal", seat=owner, victim_seat=victim, source_card=source)
        tell(s, [owner, victim], "stolen", card=card)


@OPS.op("TAKE_FROM_HAND")
def _take(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None, arg: str | None) -> None:
    _from_hand(s, owner, source, arg, discard=False)


@OPS.op("DISCARD_FROM_HAND")
def _discard(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None, arg: str | None) -> None:
    _from_hand(s, owner, source, arg, discard=True)


@OPS.op("LOOT_STEAL")
def _loot_steal(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None,
                arg: str | None) -> None:
    victim = int(arg or 0)
    pile = s.piles[team(s, victim)]
    got = [pile.pop() for _ in range(min(eff["n"], len(pile)))]
    s.piles[team(s, owner)].extend(got)
    say(s, "loot_steal", seat=owner, victim_seat=victim, n=len(got), source_card=source)


@OPS.op("FUSE_PERSISTENT")
def _fuse(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None, arg: str | None) -> None:
    s.fusion_turn = True
    say(s, "fusion_on", seat=owner, source_card=source)


@OPS.op("SHARED_HAND_FROM_DISCARD")
def _cemetery(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None,
              arg: str | None) -> None:
    s.cemetery = {"card": source, "shared": s.discard}
    s.discard = []
    say(s, "cemetery", card=source, cards=list(s.cemetery["shared"]), n=len(s.cemetery["shared"]))


@OPS.op("END_BATTLE_NO_WINNER")
def _suspend(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None,
             arg: str | None) -> None:
    from .flow import suspend_battle  # flow imports this module; the call is rare

    suspend_battle(s, owner, source)


IMPLEMENTED = frozenset(OPS.names() | PASSIVE)
"""Every effect kind the rules give a meaning to (handlers here, plus the passive ones)."""


def run_trigger(s: SuperState, unit: Unit, trigger: str, *, opponent: Unit | None = None,
                role: str | None = None, mode: str | None = None) -> None:
    """Resolve a unit's ``trigger`` abilities, component by component in the order named (§9).
    Paid and optional abilities are not automatic: flow offers them as choices."""
    for cid in list(unit["cards"]):
        for ab in info(cid).triggers.get(trigger, ()):
            if ab["cost"] or ab["optional"]:
                continue
            if not cond_ok(s, ab["condition"], unit["owner"], opponent, role, mode):
                continue
            for eff in ab["effects"]:
                do_effect(s, eff, unit["owner"], cid, unit)


def paid_abilities(s: SuperState, unit: Unit, entering: bool) -> list[tuple[str, dict[str, Any]]]:
    """(card, ability) pairs the unit's owner may pay for now (S24): affordable, once per combat
    per card; optional paid ON_ENTER abilities only as the unit enters, ACTIVATED ones on entering
    or while defending."""
    out: list[tuple[str, dict[str, Any]]] = []
    have = -1
    paid = unit["paid"]
    for cid in unit["cards"]:
        if cid in paid:
            continue
        ci = info(cid)
        costly = ci.paid_enter if entering else ci.paid_active
        if not costly:
            continue
        if have < 0:
            have = loot_count(s, unit["owner"])
        usable = [ab for ab in costly if ab["cost"] <= have]
        if usable:
            out.append((cid, usable[0]))
    return out


def pay_and_resolve(s: SuperState, unit: Unit, cid: str, ability: dict[str, Any]) -> None:
    """Pay a loot cost from the top of the owner's pile to the discard pile, then resolve (S24)."""
    owner = unit["owner"]
    pile = s.piles[team(s, owner)]
    paid = [pile.pop() for _ in range(ability["cost"])]
    s.discard.extend(paid)
    unit["paid"].append(cid)
    say(s, "pay", seat=owner, card=cid, cards=paid, n=len(paid))
    for eff in ability["effects"]:
        do_effect(s, eff, owner, cid, unit)


def event_args(s: SuperState, seat: int, card: str, window: str) -> list[str | None]:
    """The ways ``seat`` may play event ``card`` now ([] if none): a target seat, an element or a
    unit, or ``None`` when the event needs no choice. ``window`` is the phase it is played in."""
    ci = info(card)
    if ci.kind != "event":
        return []
    timing = ci.timing
    if "CANCEL_EVENT" in ci.effect_kinds:
        return [None] if window == "counter" else []
    if window in ("open", "turn"):
        if timing != "TURN":
            return []
    elif window == "reaction":
        if timing != "REACTION":
            return []
    elif window == "round_start":
        if timing != "ROUND_START":
            return []
    else:
        return []
    args: list[str | None] = [None]
    for eff in ci.effects:
        k = eff["effect"]
        if k == "FUSE_PERSISTENT" and (window != "turn" or s.fusion_turn):
            return []
        if k == "SHARED_HAND_FROM_DISCARD" and s.cemetery is not None:
            return []
        if k == "RECOVER_FROM_DISCARD" and not any(info(c).kind == "combatant" for c in s.discard):
            return []
        if k == "SEARCH_DECK":
            if not s.deck:
                return []
            args = [e for e in ELEMENTS]
        if k == "MODIFY_STAT":
            if s.attacker is not None:
                args = ["attacker", "defender"]
            elif s.arena:
                args = ["active"]
            else:
                return []
        if eff.get("target") == "CHOSEN_PLAYER":
            mine = team(s, seat)
            seats = [p for p in range(len(s.players)) if team(s, p) != mine]
            if k in ("TAKE_FROM_HAND", "DISCARD_FROM_HAND"):
                if s.cemetery is not None:
                    return []
                seats = [p for p in seats if s.players[p]["hand"]]
            if k == "LOOT_STEAL":  # nothing to take from an empty pile (its absence is seen at the table)
                seats = [p for p in seats if s.piles[team(s, p)]]
            if not seats:
                return []
            args = [str(p) for p in seats]
    return args
