"""Exact odds for one attack and for a whole Boss duel, used by the heuristic bot and the balance
benchmark. Pure arithmetic on stats (no state, no RNG), following §7's step order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import catalogue

SPAN = {"INSTANT": 0, "ACTION": 0, "TURN": 1, "TWO_TURNS": 3, "BATTLE": 8}


@lru_cache(maxsize=65536)
def damage_dist(die: int, a: int, d: int, best2: bool = False, null_at_most: int = 0, nullify: bool = False,
                double: bool = False, inc: int = 0, halve: bool = False, red: int = 0) -> tuple[float, ...]:
    """P(damage == k) for k = 0.. of one attack with effective Attack ``a`` against Defense ``d``."""
    probs: dict[int, float] = {}
    for r in range(1, die + 1):
        p = (2 * r - 1) / (die * die) if best2 else 1 / die
        if nullify or r <= null_at_most:
            dmg = 0
        else:
            raw = r + max(0, a) + min(0, d)
            if raw <= 0:
                dmg = 0
            else:
                raw = raw * 2 if double else raw
                raw += inc
                raw = raw // 2 if halve else raw
                dmg = max(0, raw - red)
        probs[dmg] = probs.get(dmg, 0.0) + p
    top = max(probs)
    return tuple(probs.get(k, 0.0) for k in range(top + 1))


def mean(dist: tuple[float, ...]) -> float:
    return sum(k * p for k, p in enumerate(dist))


def hit(dist: tuple[float, ...]) -> float:
    return 1.0 - dist[0]


def _mine(c: dict[str, Any]) -> dict[str, int]:
    """The parts of a card's ability that work in a Boss duel (R31), as numbers."""
    ab = c["ability"] or {}
    k = ab.get("kind")
    out = {"inc": 0, "red": 0, "halve": 0, "null_at_most": 0, "null_first": 0, "atk": 0, "def": 0,
           "boss_atk": 0, "boss_def": 0}
    if k == "DAMAGE_INCREASED" and ab.get("vs_race") is None:
        out["inc"] = ab["amount"]
    elif k == "DAMAGE_REDUCED" and ab.get("vs_race") is None:
        out["red"] = ab["amount"]
    elif k == "ATTACK_SPLIT" and ab.get("vs_race") is None:
        out["halve"] = 1
    elif k == "ATTACK_NULLIFIED":
        if ab["trigger"] == "natural_at_most":
            out["null_at_most"] = ab["value"]
        else:
            out["null_first"] = 1
    elif k == "ATTACK_ALTER" and ab["mode"] == "add" and ab.get("race") is None:
        out["atk" if ab["target"] == "self" else "boss_atk"] = ab["value"]
    elif k == "DEFENSE_ALTER" and ab["mode"] == "add" and ab.get("race") is None:
        out["def" if ab["target"] == "self" else "boss_def"] = ab["value"]
    return out


def wound_chance(die: int, c: dict[str, Any], e: dict[str, Any], mine: dict[str, int],
                 mods: dict[str, dict[str, Any]]) -> float:
    """The chance that card ``c`` wounds the Boss at its defense step ``e`` (§11), with the card's
    own duel abilities ``mine`` (``_mine``) and the capsule effects running, ``mods`` (by kind)."""
    a = c["attack"] + mine["atk"]
    if "ATTACK_MOD" in mods and mods["ATTACK_MOD"]["target"] == "self":
        a = c["attack"] + mods["ATTACK_MOD"]["amount"]
    d = min(0, e["value"] + mine["boss_def"])
    if "DEFENSE_MOD" in mods:
        d = min(0, e["value"] + mods["DEFENSE_MOD"]["amount"])
    if "IGNORE_DEFENSE" in mods:
        d = 0
    p = hit(damage_dist(die, a, d, best2="BEST_OF_TWO" in mods, inc=mine["inc"]))
    if "EXTRA_ATTACK" in mods:
        p = 1 - (1 - p) ** 2
    return p


def boss_damage(die: int, c: dict[str, Any], e: dict[str, Any], mine: dict[str, int],
                mods: dict[str, dict[str, Any]], first: bool) -> tuple[float, ...]:
    """The distribution of the damage the Boss's attack step ``e`` deals card ``c`` (§11);
    ``first``: no attack has reached the card yet in this duel (a first-hit nullifier)."""
    a = e["value"] + mine["boss_atk"]
    if "ATTACK_MOD" in mods and mods["ATTACK_MOD"]["target"] == "opponent":
        a = e["value"] + mods["ATTACK_MOD"]["amount"]
    d = min(0, c["defense"] + mine["def"])
    if "DEFENSE_SET" in mods:
        d = mods["DEFENSE_SET"]["value"]
    red = mine["red"] + (mods["DAMAGE_TAKEN_MOD"]["amount"] if "DAMAGE_TAKEN_MOD" in mods else 0)
    return damage_dist(die, a, d, null_at_most=mine["null_at_most"],
                       nullify="NULLIFY_ATTACKS" in mods or (first and mine["null_first"] == 1),
                       halve=bool(mine["halve"]) or "DAMAGE_TAKEN_HALVED" in mods, red=red)


def duel_win(card_id: str, vit: int, die: int, entries: list[dict[str, Any]], start: int = 1,
             capsule: str | None = None, at: int = 0, first_taken: bool = False) -> float:
    """P(you win the duel) from step ``start`` with ``vit`` Vitality, if ``capsule`` is used at your
    step ``at`` (0: never). Effects follow §11 (durations in steps)."""
    data = catalogue()
    c = data.cards[card_id]
    mine = _mine(c)
    cap = data.capsules[capsule] if capsule else None
    span = SPAN[cap["duration"]] if cap else 0
    effects = cap["effects"] if cap else []
    win = 1.0
    states: dict[tuple[int, bool], float] = {(vit, False): 1.0}
    first = not first_taken
    for t in range(start, 9):
        e = entries[t - 1]
        on = cap is not None and at <= t <= at + span
        mods = {x["kind"]: x for x in effects} if on else {}
        if on and t == at:
            for x in effects:
                if x["kind"] == "HEAL":
                    gain = x.get("amount") or 7
                    states = {(v + gain, r): p for (v, r), p in states.items()}
                if x["kind"] == "REVIVE":
                    states = {(v, True): p for (v, _r), p in states.items()}
        if e["role"] == "defense":
            win *= wound_chance(die, c, e, mine, mods)
        else:
            dist = boss_damage(die, c, e, mine, mods, first)
            first = False
            nxt: dict[tuple[int, bool], float] = {}
            for (v, r), p in states.items():
                for k, q in enumerate(dist):
                    if q == 0.0:
                        continue
                    nv, nr = v - k, r
                    if nv <= 0:
                        if not r:
                            continue
                        nv, nr = 8, False
                    key = (nv, nr)
                    nxt[key] = nxt.get(key, 0.0) + p * q
            states = nxt
        if win == 0.0:
            return 0.0
    return win * sum(states.values())
