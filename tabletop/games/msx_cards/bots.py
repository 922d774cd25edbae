"""Bots for MSX Cards. ``random`` is the kernel's RandomBot; ``heuristic`` is the policy used for
balance: drafts and battle capsules weighed by a battle's exact odds (:mod:`.battles`: the chance
of winning plus the Vitality kept, the solo enemy's d6 answer averaged in), Boss choices and
capsules by exact duel odds (:mod:`.odds`). It reads only its seat's view (plus the public card catalogue).
"""

from __future__ import annotations

from array import array
from typing import Any

from tabletop.engine import Action, Decision
from tabletop.engine.kept import Kept

from . import battles
from .cards import catalogue
from .odds import SPAN, _mine, boss_damage, damage_dist, mean, wound_chance
from .odds import duel_win as _exact_duel_win

_ENTRIES: dict[int, tuple[list[dict[str, Any]], tuple[tuple[str, int], ...]]] = {}


def _entries_key(entries: list[dict[str, Any]]) -> tuple[tuple[str, int], ...]:
    """A Boss set's steps as a key, built once per set (the catalogue's lists live as long as the
    process; the list itself is kept so that its id is never reused)."""
    found = _ENTRIES.get(id(entries))
    if found is None or found[0] is not entries:
        found = _ENTRIES[id(entries)] = (entries, tuple((e["role"], e["value"]) for e in entries))
    return found[1]


_TOTALS: Kept[tuple[Any, ...], tuple[float, "array[float]"]] = Kept(16384)
"""Boss duels' damage tables, by card, die, Boss set, step and capsule (two generations: a
long simulation meets a few thousand often and many once; up to 32768 are held)."""
_DUELS: Kept[tuple[Any, ...], float] = Kept(4096)
"""Exact duel odds with a HEAL or REVIVE capsule, by their arguments."""


def _totals(card_id: str, die: int, entries: list[dict[str, Any]], start: int, capsule: str | None, at: int,
            first_taken: bool) -> tuple[float, "array[float]"]:
    """For a duel without a HEAL or REVIVE capsule: the chance of wounding the Boss at each of
    your steps, and the cumulative distribution of the damage the Boss deals in all its steps.
    Damage only adds up, so you survive exactly when the total stays below your Vitality: one
    table answers the duel for every Vitality (``odds.duel_win`` walks each Vitality's states)."""
    key = (card_id, die, _entries_key(entries), start, capsule, at, first_taken)
    found = _TOTALS.get(key)
    if found is not None:
        return found
    c = catalogue().cards[card_id]
    mine = _mine(c)
    cap = catalogue().capsules[capsule] if capsule else None
    span = SPAN[cap["duration"]] if cap else 0
    effects = cap["effects"] if cap else []
    win = 1.0
    total: list[float] = [1.0]
    first = not first_taken
    for t in range(start, 9):
        e = entries[t - 1]
        on = cap is not None and at <= t <= at + span
        mods = {x["kind"]: x for x in effects} if on else {}
        if e["role"] == "defense":
            win *= wound_chance(die, c, e, mine, mods)
        else:
            dist = boss_damage(die, c, e, mine, mods, first)
            first = False
            nxt = [0.0] * (len(total) + len(dist) - 1)
            for i, p in enumerate(total):
                if p:
                    for k, q in enumerate(dist):
                        nxt[i + k] += p * q
            total = nxt
    cdf, run = [], 0.0
    for p in total:
        run += p
        cdf.append(run)
    return _TOTALS.keep(key, (win, array("d", cdf)))  # packed: a quarter of a tuple's bytes


def duel_win(card_id: str, vit: int, die: int, entries: list[dict[str, Any]], start: int = 1,
             capsule: str | None = None, at: int = 0, first_taken: bool = False) -> float:
    """``odds.duel_win``, the same number, faster: the heuristic asks for the same duels again and
    again (every card of the pool at every Boss choice, every capsule at every step of a Boss
    draft), and the search plays the heuristic in its playouts. Without a HEAL or REVIVE capsule
    it reads ``_totals``; with one, the exact walk is remembered by its arguments."""
    kinds = {x["kind"] for x in catalogue().capsules[capsule]["effects"]} if capsule else set()
    if not kinds & {"HEAL", "REVIVE"}:
        win, cdf = _totals(card_id, die, entries, start, capsule, at, first_taken)
        if vit < 1:  # as the exact walk: a fighter at 0 only "survives" a duel with no Boss attack left
            return win if all(e["role"] == "defense" for e in entries[start - 1:]) else 0.0
        return win * cdf[min(vit - 1, len(cdf) - 1)]
    key = (card_id, vit, die, _entries_key(entries), start, capsule, at, first_taken)
    found = _DUELS.get(key)
    if found is None:
        found = _DUELS.keep(key, _exact_duel_win(card_id, vit, die, entries, start=start, capsule=capsule, at=at,
                                                 first_taken=first_taken))
    return found


def _inc(me: dict[str, Any], opp: dict[str, Any]) -> int:
    ab = me.get("ability") or {}
    if ab.get("kind") == "DAMAGE_INCREASED" and ab.get("vs_race") in (None, opp["race"]):
        return ab["amount"]
    return 0


def _red(me: dict[str, Any], opp: dict[str, Any]) -> tuple[int, bool]:
    ab = me.get("ability") or {}
    if ab.get("kind") == "DAMAGE_REDUCED" and ab.get("vs_race") in (None, opp["race"]):
        return ab["amount"], False
    if ab.get("kind") == "ATTACK_SPLIT" and ab.get("vs_race") in (None, opp["race"]):
        return 0, True
    return 0, False


def _stats(f: dict[str, Any]) -> tuple[int, int]:
    return f.get("attack_now", f["attack"]), f.get("defense_now", f["defense"])


def dealt(die: int, me: dict[str, Any], opp: dict[str, Any], **kw: Any) -> tuple[float, ...]:
    """Damage distribution of ``me`` attacking ``opp`` (keyword overrides: a, d, ...)."""
    a, _ = _stats(me)
    _, d = _stats(opp)
    red, halve = _red(opp, me)
    args = {"a": a, "d": d, "inc": _inc(me, opp), "red": red, "halve": halve}
    args.update(kw)
    return damage_dist(die, args.pop("a"), args.pop("d"), **args)


def matchup(die: int, me: dict[str, Any], opp: dict[str, Any]) -> float:
    """Turns I survive minus turns the opponent survives (bigger is better)."""
    e_out = max(0.3, mean(dealt(die, me, opp)))
    e_in = max(0.3, mean(dealt(die, opp, me)))
    return me["vitality"] / e_in - opp["vitality"] / e_out


def as_fighter(card_id: str, vit: int | None = None) -> dict[str, Any]:
    c = catalogue().cards[card_id]
    return {"id": c["id"], "race": c["race"], "attack": c["attack"], "defense": c["defense"],
            "vitality": c["vitality"] if vit is None else vit, "ability": c["ability"],
            "resistance": c["resistance"]}


LEFT_WEIGHT = 0.01
"""What one point of Vitality kept after a won battle is worth, in battle-win chance: the survivor
carries it into the next battle and the Boss duel (R10)."""
MARGIN = 0.0
"""How much a capsule must beat plain attacking by (win chance plus kept Vitality)."""


class HeuristicBot:
    """A sensible player (and a sensible enemy seat in versus)."""

    def __init__(self, left_weight: float = LEFT_WEIGHT, margin: float = MARGIN) -> None:
        self.left_weight = left_weight
        self.margin = margin

    def choose(self, game: Any, view: dict[str, Any], decision: Decision, actions: list[Action],
               rng: Any) -> str:
        if decision.kind == "draft":
            return self._draft(view, {a.card: a.id for a in actions if a.card is not None})
        if decision.kind == "boss_choice":
            return self._boss_choice(view)
        if decision.kind == "act":
            caps = {a.get("capsule"): a.id for a in actions if a.verb == "capsule"}
            attack = next(a.id for a in actions if a.verb == "attack")
            if view["mode"] == "boss":
                return self._boss_act(view, caps, attack)
            return self._battle_act(view, caps, attack, decision.seat)
        return actions[0].id

    # -- drafts ------------------------------------------------------------------------------------------
    def _duel_value(self, view: dict[str, Any], card_id: str, vit: int, with_caps: bool) -> float:
        data = catalogue()
        boss = data.bosses[data.worlds[view["world"]["id"]]["boss"]]
        die = view["world"]["die"]
        best = 0.0
        for entries in (boss["white"], boss["grey"]):
            p = duel_win(card_id, vit, die, entries)
            if with_caps:
                mine = [i + 1 for i, e in enumerate(entries) if e["role"] == "defense"]
                for cap in data.cards[card_id]["caps"]:
                    for at in mine:
                        p = max(p, duel_win(card_id, vit, die, entries, capsule=cap, at=at))
            best += p / 2
        return best

    def _draft(self, view: dict[str, Any], picks: dict[str, str]) -> str:
        cards = list(picks)
        data = catalogue()
        bonus = view["pending_bonus"]
        if any(e["k"] == "draft" and e.get("purpose") == "boss" for e in view["log"][-3:]):
            scores = {c: self._duel_value(view, c, data.cards[c]["vitality"] + bonus, True) for c in cards}
        else:
            scores = {c: self._battle_value(view, as_fighter(c, data.cards[c]["vitality"] + bonus)) for c in cards}
        return picks[max(cards, key=lambda c: scores[c])]

    def _battle_value(self, view: dict[str, Any], me: dict[str, Any]) -> float:
        """A fresh fighter's worth for the battle it enters: its exact chance (no capsules) plus
        ``LEFT_WEIGHT`` per Vitality it expects to keep, against the enemy on the board, or on
        average over the World's enemy pool (public data) when none is there yet."""
        die = view["world"]["die"]
        enemy = view["enemy"]
        if enemy is not None and enemy["vitality"] > 0:
            foe = {k: v for k, v in enemy.items() if k not in ("attack_now", "defense_now")}
            foes = [foe]
        else:
            foes = [as_fighter(c) for c in catalogue().worlds[view["world"]["id"]]["pool"]]
        total = 0.0
        for foe in foes:
            win, left = battles.fresh_battle(die, me, foe)
            total += win + self.left_weight * left
        return total / len(foes)

    def _boss_choice(self, view: dict[str, Any]) -> str:
        me = view["you"]
        bonus = view["pending_bonus"]
        keep = self._duel_value(view, me["id"], me["vitality"] + bonus, False)
        pool = sorted([*view["pool_ids"], me["id"]])
        vals = sorted(self._duel_value(view, c, catalogue().cards[c]["vitality"] + bonus, False) for c in pool)
        n = len(vals)
        if n < 3:
            fresh = max(vals)
        else:
            total = n * (n - 1) * (n - 2) / 6
            fresh = sum(v * ((i * (i - 1) / 2) / total) for i, v in enumerate(vals))
        return "keep" if keep >= fresh else "draft"

    # -- actions -------------------------------------------------------------------------------------------
    def _battle_act(self, view: dict[str, Any], by_cap: dict[str, str], attack: str, seat: int) -> str:
        caps = list(by_cap)
        if not caps:
            return attack
        me, opp = (view["you"], view["enemy"]) if seat == 0 else (view["enemy"], view["you"])
        die = view["world"]["die"]
        reply = not view["versus"] and opp["button"] == "green"
        win, left = battles.outcome(die, me, opp, [])
        best, choice = win + self.left_weight * left + self.margin, attack
        for cap in caps:
            w, lv = battles.with_reply(die, me, opp, cap, reply)
            if w + self.left_weight * lv > best:
                best, choice = w + self.left_weight * lv, by_cap[cap]
        return choice

    def _boss_act(self, view: dict[str, Any], by_cap: dict[str, str], attack: str) -> str:
        caps = list(by_cap)
        if not caps:
            return attack
        boss = view["boss"]
        entries = boss[boss["set"]]
        step = boss["step"]
        me = view["you"]
        die = view["world"]["die"]
        taken = any(t["result"] is not None and t["result"]["outcome"] == "took" for t in boss["track"])
        later = [t for t in range(step + 1, 9) if entries[t - 1]["role"] == "defense"]
        best_now, best_cap = -1.0, caps[0]
        best_later = duel_win(me["id"], me["vitality"], die, entries, start=step, first_taken=taken)
        for cap in caps:
            p = duel_win(me["id"], me["vitality"], die, entries, start=step, capsule=cap, at=step,
                         first_taken=taken)
            if p > best_now:
                best_now, best_cap = p, cap
            for t in later:
                best_later = max(best_later, duel_win(me["id"], me["vitality"], die, entries, start=step,
                                                      capsule=cap, at=t, first_taken=taken))
        return by_cap[best_cap] if best_now >= best_later - 1e-9 else attack
