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

from .cards import info


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
        pot = sum(len(u["cards"]) + len(u["supports"]) for u in view["arena"])
        event = self._useful_event(view, actions)
        if event and (not attacks or len(view["hand"]) <= 4):
            return event
        if attacks:
            best = min(attacks, key=lambda a: value(card_of(a)))
            cost = value(card_of(best))
            if cost >= 16 and pot <= 2 and len(view["hand"]) > 3:
                return withdraw
            return best
        if fuses and pot >= 3:
            return min(fuses, key=lambda a: value(card_of(a)) + value(str(a.target)))
        return withdraw

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
        events = of(actions, "event")
        return events[0] if events else next(iter(of(actions, "pass")), None)

    def _counter(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        pending = view.get("pending_event")
        passing = next(iter(of(actions, "pass")), None)
        if pending in ("se-suspende-la-batalla", "cementerio-cosmico") and any(
                p["owns_active"] and p["seat"] == view["you"] for p in view["players"]):
            return next(iter(of(actions, "cancel")), passing)
        return passing

    def _enter_cost(self, view: dict[str, Any], actions: list[Action]) -> Action | None:
        return next(iter(of(actions, "done")), None)

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
