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


class HeuristicBot:
    def choose(self, game: Any, view: dict[str, Any], decision: Decision, actions: list[Action], rng: Rng) -> str:
        ids = [a.id for a in actions]
        kind = decision.kind
        pick = getattr(self, f"_{kind}", None)
        if pick is not None:
            choice = pick(view, ids)
            if choice in ids:
                return choice
        for fallback in ("pass", "done", "keep", "no boost", "go", "retract"):
            if fallback in ids:
                return fallback
        return next((i for i in ids if not i.startswith("ask")), ids[0])

    # -- per decision kind ------------------------------------------------------------------
    def _swap(self, view: dict[str, Any], ids: list[str]) -> str:
        hand = [c["id"] for c in view["hand"]]
        combatants = [c for c in hand if info(c).kind == "combatant"]
        strength = sum(info(c).total for c in combatants) / max(1, len(combatants))
        return "swap" if len(combatants) < 3 or strength < 6.5 else "keep"

    def _open(self, view: dict[str, Any], ids: list[str]) -> str:
        opens = [i for i in ids if i.startswith("open ")]
        if not opens:
            return self._useful_event(view, ids) or "withdraw"
        return min(opens, key=lambda i: value(i.split()[1]))

    def _turn(self, view: dict[str, Any], ids: list[str]) -> str:
        attacks = [i for i in ids if i.startswith("attack ")]
        fuses = [i for i in ids if i.startswith("fuse ")]
        pot = sum(len(u["cards"]) + len(u["supports"]) for u in view["arena"])
        event = self._useful_event(view, ids)
        if event and (not attacks or len(view["hand"]) <= 4):
            return event
        if attacks:
            best = min(attacks, key=lambda i: value(i.split()[1]))
            cost = value(best.split()[1])
            if cost >= 16 and pot <= 2 and len(view["hand"]) > 3:
                return "withdraw"
            return best
        if fuses and pot >= 3:
            return min(fuses, key=lambda i: value(i.split()[1]) + value(i.split()[2]))
        return "withdraw"

    def _useful_event(self, view: dict[str, Any], ids: list[str]) -> str | None:
        me = view["you"]
        for i in ids:
            if not i.startswith("event "):
                continue
            parts = i.split()
            card = parts[1]
            kinds = {e["effect"] for e in info(card).effects}
            if kinds & {"DRAW", "SEARCH_DECK", "RECOVER_FROM_DISCARD"} and len(view["hand"]) <= 4:
                return i
            if kinds & {"TAKE_FROM_HAND", "DISCARD_FROM_HAND"}:
                target = int(parts[2]) - 1
                biggest = max(view["players"], key=lambda p: (p["hand"] if p["seat"] != me else -1))
                if biggest["seat"] == target:
                    return i
            if "END_BATTLE_NO_WINNER" in kinds:
                pot = sum(len(u["cards"]) for u in view["arena"])
                if pot >= 5 and not any(p["owns_active"] for p in view["players"] if p["seat"] == me):
                    return i
        return None

    def _declare(self, view: dict[str, Any], ids: list[str]) -> str:
        prev = view.get("previews", {})
        if "go" in ids:
            return "go"
        winning = [i for i in ids if prev.get(i) == "attacker wins"] or ids
        return min(winning, key=lambda i: value(i.split()[1]) if len(i.split()) > 1 else 0)

    def _response(self, view: dict[str, Any], ids: list[str]) -> str:
        prev = view.get("previews", {})
        if prev.get("done") == "attacker wins":
            for good in ("defender wins", "stalemate"):
                options = [i for i in ids if prev.get(i) == good]
                if options:
                    return min(options, key=lambda i: value(i.split()[1]))
            activations = [i for i in ids if i.startswith("activate ")]
            if activations:
                return activations[0]
        return "done"

    def _reaction(self, view: dict[str, Any], ids: list[str]) -> str:
        prev = view.get("previews", {})
        me = view["you"]
        attacker = view.get("attacker")
        active = view["arena"][-1] if view["arena"] else None
        if attacker is None or active is None:
            return "pass"
        mine_att = view["players"][attacker["owner"]]["team"] == view["players"][me]["team"]
        mine_def = view["players"][active["owner"]]["team"] == view["players"][me]["team"]
        want = "attacker wins" if mine_att else "defender wins" if mine_def else None
        if want is None or prev.get("pass") == want:
            return "pass"
        for i in ids:
            if prev.get(i) == want:
                return i
        return "pass"

    def _round_start(self, view: dict[str, Any], ids: list[str]) -> str:
        events = [i for i in ids if i.startswith("event ")]
        return events[0] if events else "pass"

    def _counter(self, view: dict[str, Any], ids: list[str]) -> str:
        pending = view.get("pending_event")
        if pending in ("se-suspende-la-batalla", "cementerio-cosmico") and any(
                p["owns_active"] and p["seat"] == view["you"] for p in view["players"]):
            return next((i for i in ids if i.startswith("cancel ")), "pass")
        return "pass"

    def _enter_cost(self, view: dict[str, Any], ids: list[str]) -> str:
        return "done"

    def _mode(self, view: dict[str, Any], ids: list[str]) -> str:
        return ids[0]  # the rules list the mode that fires a win ability first

    def _counter_mode(self, view: dict[str, Any], ids: list[str]) -> str:
        return ids[0]

    def _top(self, view: dict[str, Any], ids: list[str]) -> str:
        tops = [i for i in ids if i.startswith("top ")]
        return max(tops, key=lambda i: info(i.split()[1]).stats["defense"] + info(i.split()[1]).stats["power"])

    def _preempt(self, view: dict[str, Any], ids: list[str]) -> str:
        boosts = [i for i in ids if i.startswith("boost ")]
        cheap = [i for i in boosts if info(i.split()[1]).stars <= 2]
        return cheap[0] if cheap else "no boost"

    def _plan(self, view: dict[str, Any], ids: list[str]) -> str:
        """A pre-emptive support settled before the combat: as ``_preempt`` would after it."""
        boosts = [i for i in ids if i.startswith("plan ") and i not in ("plan none", "plan later")]
        cheap = [i for i in boosts if info(i.split()[1]).stars <= 2]
        return cheap[0] if cheap else "plan none"

    def _stalemate(self, view: dict[str, Any], ids: list[str]) -> str:
        return "retract"
