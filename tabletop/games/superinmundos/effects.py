"""The interpreter of the closed effect vocabulary (§18.3, README in the card folder).

Abilities and events are data; this module gives each effect kind its meaning. Choices an effect
needs (which player, which element, which unit) are made in the action that plays the card, so
resolving never stops half-way for input (§9: effects resolve fully, one at a time).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.chance import randbelow, shuffle
from tabletop.engine.zones import draw

from .cards import ELEMENTS, info
from .combat import cond_ok
from .state import SuperState, Unit
from .table import cname, hand_of, name, next_eligible, say, team, tell

IMPLEMENTED = frozenset({
    # passive keywords, read by combat.py and flow.py
    "FORCE_ADVANTAGE", "NEGATE_ELEMENT", "IMMUNE_TO_MODE", "WINS_TIES", "IMMUNE_BELOW_STARS",
    "EXTRA_SUPPORT_SLOTS", "CANNOT_BE_SUPPORTED", "ALLOW_FUSION",
    # resolved here
    "MODIFY_STAT", "REVEAL_HAND", "DRAW", "PEEK_DECK", "LOOT_GAIN", "SEARCH_DECK",
    "END_BATTLE_NO_WINNER", "SHARED_HAND_FROM_DISCARD", "FUSE_PERSISTENT", "LOOT_STEAL",
    "RECOVER_FROM_DISCARD", "TAKE_FROM_HAND", "DISCARD_FROM_HAND",
    # resolved by the counter window in flow.py
    "CANCEL_EVENT",
})


def n_cards(n: int) -> str:
    """ "1 card", "3 cards": the count with its noun in the right number."""
    return f"{n} card{'s' if n != 1 else ''}"


def gain_cards(s: SuperState, seat: int, cards: list[str], why: str) -> None:
    """Cards into a seat's hand: private, unless the hand is the public shared one."""
    if not cards:
        return
    hand_of(s, seat).extend(cards)
    names = ", ".join(cname(c) for c in cards)
    if s.cemetery is not None:
        say(s, "draw", f"{name(s, seat)} adds {names} to the shared hand ({why}).", seat=seat, cards=cards)
    else:
        say(s, "draw", f"{name(s, seat)} takes {n_cards(len(cards))} into hand ({why}).", seat=seat, n=len(cards))
        tell(s, [seat], "drawn", f"You take {names} ({why}).", seat=seat, cards=cards)


def do_effect(s: SuperState, eff: dict[str, Any], owner: int, source: str, unit: Unit | None = None,
              arg: str | None = None) -> None:
    """Resolve one effect for ``owner`` (the player who controls the card ``source``)."""
    kind = eff["effect"]
    src = cname(source)
    if kind == "MODIFY_STAT":
        target = unit
        if eff["target"] == "CHOSEN_UNIT":
            target = s.attacker if arg == "attacker" else (s.arena[-1] if s.arena else None)
        if target is None:
            return
        target["mods"].append({"stat": eff["stat"], "amount": eff["amount"], "dur": eff.get("duration", "THIS_COMBAT")})
        stat = "every stat" if eff["stat"] == "all" else eff["stat"].capitalize()
        say(s, "modify", f"{src}: {eff['amount']:+d} {stat} for {' + '.join(cname(c) for c in target['cards'])}.",
            card=source, amount=eff["amount"], stat=eff["stat"])
    elif kind == "DRAW":
        gain_cards(s, owner, draw(s, s.deck, eff["n"]), f"{src}'s draw")
    elif kind == "REVEAL_HAND":
        victim = next_eligible(s, owner, owner)
        if victim is None or s.cemetery is not None:
            return
        hand = list(s.players[victim]["hand"])
        say(s, "reveal", f"{name(s, victim)} shows their hand to {name(s, owner)} ({src}).", seat=victim, to_seat=owner)
        tell(s, [owner, victim], "revealed",
             f"{name(s, victim)}'s hand: {', '.join(cname(c) for c in hand) or 'empty'}.", seat=victim, cards=hand)
    elif kind == "PEEK_DECK":
        top = s.deck[-eff["n"]:][::-1]
        s.reveals += 1
        say(s, "peek", f"{name(s, owner)} looks at the top {n_cards(len(top))} of the deck ({src}).", seat=owner)
        tell(s, [owner], "peeked", f"Top of the deck, first to last: {', '.join(cname(c) for c in top) or 'nothing'}; "
             "they go back in the same order.", seat=owner, cards=top)
    elif kind == "LOOT_GAIN":
        got = draw(s, s.deck, eff["n"])
        s.piles[team(s, owner)].extend(got)
        say(s, "loot_gain", f"{name(s, owner)} puts {n_cards(len(got))} from the deck face down on their loot ({src}).",
            seat=owner, n=len(got))
    elif kind == "SEARCH_DECK":
        element = arg or ""
        found = None
        for i in range(len(s.deck) - 1, -1, -1):
            ci = info(s.deck[i])
            if ci.kind == "combatant" and ci.element == element:
                found = s.deck.pop(i)
                break
        shuffle(s, s.deck)
        say(s, "search", f"{name(s, owner)} searches the deck for a {element} combatant "
            f"({'found one' if found else 'none left'}) and shuffles it ({src}).", seat=owner, element=element)
        if found:
            gain_cards(s, owner, [found], f"{src}'s search")
    elif kind == "RECOVER_FROM_DISCARD":
        for i in range(len(s.discard) - 1, -1, -1):
            if info(s.discard[i]).kind == "combatant":
                card = s.discard.pop(i)
                hand_of(s, owner).append(card)
                say(s, "recover", f"{name(s, owner)} takes {cname(card)} back from the discard pile ({src}).",
                    seat=owner, card=card)
                break
    elif kind in ("TAKE_FROM_HAND", "DISCARD_FROM_HAND"):
        victim = int(arg or 0)
        hand = s.players[victim]["hand"]
        if not hand or s.cemetery is not None:
            return
        card = hand.pop(randbelow(s, len(hand)))
        if kind == "DISCARD_FROM_HAND":
            s.discard.append(card)
            say(s, "discard", f"{name(s, victim)} discards {cname(card)} at random ({src}).", seat=victim, card=card)
        else:
            s.players[owner]["hand"].append(card)
            say(s, "steal", f"{name(s, owner)} takes a random card from {name(s, victim)}'s hand ({src}).",
                seat=owner, victim=victim)
            tell(s, [owner, victim], "stolen", f"The card taken is {cname(card)}.", card=card)
    elif kind == "LOOT_STEAL":
        victim = int(arg or 0)
        pile = s.piles[team(s, victim)]
        got = [pile.pop() for _ in range(min(eff["n"], len(pile)))]
        s.piles[team(s, owner)].extend(got)
        say(s, "loot_steal", f"{name(s, owner)} takes {n_cards(len(got))} from the top of {name(s, victim)}'s loot ({src}).",
            seat=owner, victim=victim, n=len(got))
    elif kind == "FUSE_PERSISTENT":
        s.fusion_turn = True
        say(s, "fusion_on", f"{name(s, owner)} may attack with two fused combatants this turn ({src}).", seat=owner)
    elif kind == "SHARED_HAND_FROM_DISCARD":
        s.cemetery = {"card": source, "shared": s.discard}
        s.discard = []
        say(s, "cemetery", f"{src}: every hand is set aside; the discard pile ({len(s.cemetery['shared'])} cards) "
            "is now one shared hand that follows the turn.", card=source, cards=list(s.cemetery["shared"]))
    elif kind == "END_BATTLE_NO_WINNER":
        from .flow import suspend_battle  # flow imports this module; the call is rare

        suspend_battle(s, owner, source)
    else:  # pragma: no cover - the schema admits no other kind; CANCEL_EVENT is flow's
        raise ValueError(f"effect {kind} has no resolution here")


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
    from .combat import loot_count

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
    say(s, "pay", f"{name(s, owner)} pays {len(paid)} loot ({', '.join(cname(c) for c in paid)}) "
        f"for {cname(cid)}'s ability.", seat=owner, card=cid, cards=paid)
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
