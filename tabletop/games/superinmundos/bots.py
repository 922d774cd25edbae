"""Bots. ``HeuristicBot`` plays from its view only (plus the public card data).

Its plan: open with the weakest combatant; attack with the weakest card that still wins, without
spending a support unless it must; answer an attack with a support or an event only when that
changes the outcome in its favour; retract rather than give cards away; keep strong cards and
withdraw early from a battle with little loot in it when only a strong card could win.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, Decision
from tabletop.engine.rng import Rng

from .cards import has_advantage, info


def value(card: str) -> float:
    ci = info(card)
    if ci.kind == "event":
        return 6.0
    return ci.total + ci.stars + (2 if ci.support else 0)


FALLBACKS = ("pass", "done", "keep", "no_boost", "go", "retract")
"""Verbs of the answers that keep things as they are, in the order a bot falls back on them."""


def of(actions: list[Action], *verbs: str) -> list[Action]:
    return [a for a in actions if a.verb in verbs]


def card_of(a: Action) -> str:
    assert a.card is not None, a.id
    return a.card


def pot_of(view: dict[str, Any]) -> int:
    """Cards in the arena: the loot the battle's winner takes (§12)."""
    return sum(len(u["cards"]) + len(u["supports"]) for u in view["arena"])


def estimate(cards: list[str], view: dict[str, Any]) -> tuple[int, int]:
    """Attack and Power of ``cards`` fused against the active unit, from printed stats doubled by
    advantage over any of its components (§7.1, S37); supports and abilities left out."""
    if not view["arena"]:
        return 0, 0
    defenders = [info(c) for c in view["arena"][-1]["cards"]]
    att = pw = 0
    for c in cards:
        ci = info(c)
        k = 2 if any(has_advantage(ci, d) for d in defenders) else 1
        att += ci.a * k
        pw += ci.p * k
    return att, pw


def beats(cards: list[str], view: dict[str, Any]) -> bool:
    """Would these cards (one, or two fused) beat the active unit's numbers on screen (§7.2)?"""
    beat = view.get("to_beat") or {}
    if not beat or not cards:
        return False
    att, pw = estimate(cards, view)
    return att > beat.get("defense", 0) or pw > beat.get("power", 0)


class HeuristicBot:
    """Reads the actions' fields (verb, card, target, seat), never their ids' wording."""

    def choose(self, game: Any, view: dict[str, Any], decision: Decision, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        kind = decision.kind
        pick = getattr(self, f"_{kind}", None)
        if pick is not None:
            choice = pick(view, actions)
            if choice is not None and choice.id in ids:
                return choice.id
        for verb in FALLBACKS:
            found = of(actions, verb)
            if found:
                return found[0].id
        return next((a.id for a in actions if a.verb != "ask"), ids[0])

    # -- per decision kind ------------------------------------------------------------------
    def _swap(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        hand = [c["id"] for c in view["hand"]]
        combatants = [c for c in hand if info(c).kind == "combatant"]
        strength = sum(info(c).total for c in combatants) / max(1, len(combatants))
        want = "swap" if len(combatants) < 3 or strength < 6.5 else "keep"
        return next(iter(of(actions, want)), None)

    def _open(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        opens = of(actions, "open")
        if not opens:
            return self._useful_event(view, actions) or next(iter(of(actions, "withdraw")), None)
        return min(opens, key=lambda a: value(card_of(a)))

    def _turn(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        attacks = of(actions, "attack")
        fuses = of(actions, "fuse")
        withdraw = next(iter(of(actions, "withdraw")), None)
        pot = pot_of(view)
        event = self._useful_event(view, actions)
        if event and (not attacks or len(view["hand"]) <= 4):
            return event
        best = min(attacks, key=lambda a: value(card_of(a))) if attacks else None
        cost = value(card_of(best)) if best is not None else None
        lasting = self._lasting_event(view, actions, cost, pot)
        if lasting is not None:
            return lasting
        if best is not None and cost is not None:
            if self._keep_for_later(view, cost, pot):
                return withdraw
            return best
        if fuses:  # no single card wins: a fused pair beats handing the arena over
            return min(fuses, key=lambda a: value(card_of(a)) + value(str(a.target)))
        return withdraw

    def _lasting_event(self, view: dict[str, Any], actions: list[Action], cost: float | None,
                       pot: int) -> Action | None:
        """The two events that change how this turn is fought (§10.3):

        * Fusión de poderes when no single card of the hand beats the active unit but two
          together would (S38): better than withdrawing and leaving the arena to the owner;
        * Cementerio Cósmico when the hand can only win with a dear card (or not at all) and the
          discard pile, which becomes the shared hand, holds a combatant that wins (S36): the
          battle is then fought with the pile's cards and the hand is kept."""
        hand = [c["id"] for c in view["hand"] if c["kind"] == "combatant"]
        for a in of(actions, "event"):
            card = card_of(a)
            kinds = {e["effect"] for e in info(card).effects}
            if "FUSE_PERSISTENT" in kinds and cost is None and pot >= 1:
                pairs = [(x, y) for i, x in enumerate(hand) for y in hand[i + 1:]]
                if any(beats([x, y], view) for x, y in pairs):
                    return a
            if "SHARED_HAND_FROM_DISCARD" in kinds and (cost is None and pot >= 1 or pot >= 2 and cost >= 12):
                pile = [c for c in view["discard"] if info(c).kind == "combatant"]
                if any(beats([c], view) for c in pile):
                    return a
        return None

    @staticmethod
    def _keep_for_later(view: dict[str, Any], cost: float, pot: int) -> bool:
        """Withdraw rather than win this combat with a card worth more than the arena: with many
        rivals still to attack, a unit rarely holds, so the card would end as someone else's
        loot; the hand refills each round anyway, and a battle everyone fights to the last card
        empties the deck before the last round (S28)."""
        me = view["you"]
        my_team = view["players"][me]["team"]
        rivals = sum(1 for p in view["players"] if p["team"] != my_team and not p["eliminated"])
        if cost >= 16 and pot <= 2 and len(view["hand"]) > 3:
            return True
        return rivals >= 2 and pot <= 1 + rivals and cost >= 10 + 2 * min(pot, 3)

    def _useful_event(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        me = view["you"]
        for a in of(actions, "event"):
            card = card_of(a)
            kinds = {e["effect"] for e in info(card).effects}
            if kinds & {"DRAW", "SEARCH_DECK", "RECOVER_FROM_DISCARD"} and len(view["hand"]) <= 4:
                return a
            if kinds & {"TAKE_FROM_HAND", "DISCARD_FROM_HAND"}:
                biggest = max(view["players"], key=lambda p: (p["hand"] if p["seat"] != me else -1))
                if biggest["seat"] == a.seat:
                    return a
            if "END_BATTLE_NO_WINNER" in kinds:
                pot = sum(len(u["cards"]) for u in view["arena"])
                if pot >= 5 and not any(p["owns_active"] for p in view["players"] if p["seat"] == me):
                    return a
        return None

    def _declare(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        prev = view.get("previews", {})
        go = of(actions, "go")
        if go:
            return go[0]
        winning = [a for a in actions if prev.get(a.id) == "attacker"] or actions
        return min(winning, key=lambda a: value(a.card) if a.card else 0)

    def _response(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        prev = view.get("previews", {})
        if prev.get("done") == "attacker":
            for good in ("defender", "stalemate"):
                options = [a for a in actions if prev.get(a.id) == good]
                if options:
                    return min(options, key=lambda a: value(card_of(a)))
            activations = of(actions, "activate")
            if activations:
                return activations[0]
        return next(iter(of(actions, "done")), None)

    def _reaction(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        prev = view.get("previews", {})
        me = view["you"]
        attacker = view.get("attacker")
        active = view["arena"][-1] if view["arena"] else None
        passing = next(iter(of(actions, "pass")), None)
        if attacker is None or active is None:
            return passing
        mine_att = view["players"][attacker["owner"]]["team"] == view["players"][me]["team"]
        mine_def = view["players"][active["owner"]]["team"] == view["players"][me]["team"]
        want = "attacker" if mine_att else "defender" if mine_def else None
        if want is None or prev.get("pass") == want:
            return passing
        for a in actions:
            if prev.get(a.id) == want:
                return a
        return passing

    def _round_start(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        """Round-start events (§10.1): loot from the deck, or a steal from the pile of the rival
        who has won the most battles (the rules offer only piles that are there, S22)."""
        events = of(actions, "event")
        if not events:
            return next(iter(of(actions, "pass")), None)
        won = {p["seat"]: p["battles_won"] for p in view["players"]}
        return max(events, key=lambda a: (won.get(a.seat, -1) if a.seat is not None else -1, -events.index(a)))

    def _counter(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        pending = view.get("pending_event")
        passing = next(iter(of(actions, "pass")), None)
        if pending in ("se-suspende-la-batalla", "cementerio-cosmico") and any(
                p["owns_active"] and p["seat"] == view["you"] for p in view["players"]):
            return next(iter(of(actions, "cancel")), passing)
        return passing

    def _enter_cost(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        """Pay loot for an entering card's boost (S24) when the combat is close and the arena is
        worth more than the loot paid: a winning margin of 2 or less is what one support or
        Reaction event of the defender's side overturns."""
        done = next(iter(of(actions, "done")), None)
        attacker = view.get("attacker")
        if attacker is None or not view["arena"]:
            return done
        beat = view["arena"][-1]["stats"]  # the defender's, against this attacker (doubling in)
        me = view["players"][view["you"]]
        loot = me.get("loot") or 0
        st = attacker["stats"]
        margin = max(st["attack"] - beat.get("defense", 0), st["power"] - beat.get("power", 0))
        pot = pot_of(view) + len(attacker["cards"])
        for a in of(actions, "pay"):
            paid = info(card_of(a)).paid_enter
            n = paid[0].get("cost", 1) if paid else 1
            boosts = {e.get("stat") for ab in paid for e in ab["effects"] if e["effect"] == "MODIFY_STAT"}
            useful = bool(boosts & {"attack", "power", "all"})
            if useful and margin <= 2 and pot >= 2 * n and loot >= n:
                return a
        return done

    def _mode(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        return actions[0]  # the rules list the mode that fires a win ability first

    def _counter_mode(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        return actions[0]

    def _top(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        tops = of(actions, "top")
        return max(tops, key=lambda a: info(card_of(a)).stats["defense"] + info(card_of(a)).stats["power"])

    def _preempt(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        cheap = [a for a in of(actions, "boost") if info(card_of(a)).stars <= 2]
        return cheap[0] if cheap else next(iter(of(actions, "no_boost")), None)

    def _plan(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        """A pre-emptive support settled before the combat: as ``_preempt`` would after it."""
        cheap = [a for a in of(actions, "plan") if info(card_of(a)).stars <= 2]
        return cheap[0] if cheap else next(iter(of(actions, "plan_none")), None)

    def _stalemate(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        return next(iter(of(actions, "retract")), None)
