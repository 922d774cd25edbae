"""Exact odds for one attack and for a whole Boss duel, used by the heuristic bot and the balance
benchmark. Pure arithmetic on stats (no state, no RNG), following §7's step order.
"""

from __future__ import annotations

from array import array
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


TURN_LIMIT = 30
"""R41: a battle ends after its 30th turn (each side attacks at most once a turn, plus surprises)."""
_NEGLIGIBLE = 1e-9


def convolve(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """The damage distribution of two attacks in one action (EXTRA_ATTACK): their sum. Once the
    target is down the second hit does not matter, so the sum answers every survival question."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, p in enumerate(a):
        if p:
            for j, q in enumerate(b):
                out[i + j] += p * q
    return tuple(out)


Table = list["array[float]"]
_FAMILIES: dict[tuple[float, ...], tuple[int, Table, Table]] = {}


def _family(dist: tuple[float, ...], vmax: int) -> tuple[Table, Table]:
    """For repeated attacks with damage ``dist``: ``C[n][t] = P(total of n attacks <= t)`` and
    ``M[n][t] = E[total; total <= t]`` for t < ``vmax`` and n = 0.. until nothing stays below
    ``vmax`` (or the turn limit). One table per distribution answers every Vitality (a few hundred
    distinct distributions occur in a long simulation; the table is kept, bounded)."""
    found = _FAMILIES.get(dist)
    if found is not None and found[0] >= vmax:
        return found[1], found[2]
    steps = [(k, q) for k, q in enumerate(dist) if q]
    pmf = [0.0] * vmax
    pmf[0] = 1.0
    cs: Table = []
    ms: Table = []
    for _n in range(TURN_LIMIT + 2):
        c, m, run, mom = [], [], 0.0, 0.0
        for t, p in enumerate(pmf):
            run += p
            mom += t * p
            c.append(run)
            m.append(mom)
        cs.append(array("d", c))
        ms.append(array("d", m))
        if run < _NEGLIGIBLE:
            break
        nxt = [0.0] * vmax
        for t, p in enumerate(pmf):
            if p:
                for k, q in steps:
                    if t + k < vmax:
                        nxt[t + k] += p * q
        pmf = nxt
    if len(_FAMILIES) > 1500:
        _FAMILIES.clear()
    _FAMILIES[dist] = (vmax, cs, ms)
    return cs, ms


Curve = array  # "array[float]": one float per attack taken
"""``alive_after``'s answers, kept as packed doubles: a long simulation remembers 16384 of them, and
as tuples of float objects they were the bulk of its memory (four times the bytes)."""


@lru_cache(maxsize=16384)
def alive_after(dists: tuple[tuple[float, ...], ...], vit: int, revive: int = 0,
                limit: int = TURN_LIMIT + 1) -> tuple[Curve, Curve]:
    """For a fighter with ``vit`` Vitality taking attacks whose damage distributions are ``dists``
    (the last one repeats for every later attack): ``S[n]``, the chance it still stands after ``n``
    attacks, and ``R[n]``, the expectation of its Vitality then (0 when down), for n = 0..``limit``
    (both end early once nothing stands). With ``revive`` (CONT., §8.8) the first fall leaves it at
    that Vitality instead. Attacks are independent draws, so the totals' distributions answer it
    exactly; it is what makes a whole battle's chance cheap (``battle_win``)."""
    if vit <= 0:
        return (1.0,), (0.0,)
    if revive:
        return _walk(dists, vit, revive, limit)
    vmax = 64
    while vmax < vit:
        vmax *= 2
    cs, ms = _family(dists[-1], vmax)
    pre: tuple[float, ...] = (1.0,)
    alive, worth = [1.0], [float(vit)]
    k = len(dists) - 1
    for n in range(1, limit + 1):
        if n <= k:
            pre = convolve(pre, dists[n - 1])
            s = sum(pre[:vit])
            w = sum((vit - j) * p for j, p in enumerate(pre[:vit]))
        else:
            m = n - k
            if m >= len(cs):
                alive.append(0.0)
                worth.append(0.0)
                break
            c, mo = cs[m], ms[m]
            s = w = 0.0
            for j, p in enumerate(pre[:vit]):
                if p:
                    t = vit - 1 - j
                    s += p * c[t]
                    w += p * ((vit - j) * c[t] - mo[t])
        alive.append(s)
        worth.append(w)
        if s < _NEGLIGIBLE:
            break
    return array("d", alive), array("d", worth)


def _walk(dists: tuple[tuple[float, ...], ...], vit: int, revive: int, limit: int) -> tuple[Curve, Curve]:
    """``alive_after`` by walking the Vitality left attack by attack (needed with a revive)."""
    armed: list[float] = [0.0] * (vit + 1)
    plain: list[float] = [0.0] * (max(vit, revive) + 1)
    (armed if revive else plain)[vit] = 1.0
    alive, worth = [1.0], [float(vit)]
    for n in range(limit):
        dist = dists[min(n, len(dists) - 1)]
        steps = [(k, q) for k, q in enumerate(dist) if q]
        new_plain = [0.0] * len(plain)
        new_armed = [0.0] * len(armed)
        fell = 0.0
        for r, p in enumerate(plain):
            if p:
                for k, q in steps:
                    if r > k:
                        new_plain[r - k] += p * q
        for r, p in enumerate(armed):
            if p:
                for k, q in steps:
                    if r > k:
                        new_armed[r - k] += p * q
                    else:
                        fell += p * q
        if fell:
            new_plain[revive] += fell
        plain, armed = new_plain, new_armed
        s = sum(plain) + sum(armed)
        alive.append(s)
        worth.append(sum(r * p for r, p in enumerate(plain)) + sum(r * p for r, p in enumerate(armed)))
        if s < _NEGLIGIBLE:
            break
    return array("d", alive), array("d", worth)


def first_chance(my_res: int, opp_res: int, my_bonus: int = 0, opp_bonus: int = 0) -> float:
    """P(my side wins the initiative, §6.2/R6): d6 each, +1 for strictly higher Resistance, plus
    INITIATIVE_BONUS; ties are rolled again, so it is P(mine > theirs) / P(no tie)."""
    mine = my_bonus + (1 if my_res > opp_res else 0)
    theirs = opp_bonus + (1 if opp_res > my_res else 0)
    win = lose = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a + mine > b + theirs:
                win += 1
            elif a + mine < b + theirs:
                lose += 1
    return win / (win + lose) if win + lose else 0.5


@lru_cache(maxsize=8)
def _order(first: bool, my_surprise: bool, opp_surprise: bool) -> tuple[bool, ...]:
    """The attacks of a battle in time order (True: mine): surprise attacks (§6.3, the initiative
    holder's first), then one each per turn, the holder first, up to the turn limit (R41)."""
    lead = [first, not first]
    out = [x for x in lead if (my_surprise if x else opp_surprise)]
    for _ in range(TURN_LIMIT):
        out.extend(lead)
    return tuple(out)


def battle_outcome(mine: tuple[tuple[float, ...], ...], theirs: tuple[tuple[float, ...], ...], my_vit: int,
                   opp_vit: int, first: bool, my_revive: int = 0, opp_revive: int = 0,
                   my_surprise: bool = False, opp_surprise: bool = False) -> tuple[float, float]:
    """(P(I win), E[my Vitality left, 0 if I lose]) of a battle with no event, where ``mine`` are
    the damage distributions of my attacks in order (the last repeats), ``theirs`` the opponent's,
    and ``first``: I attack first. I win when my killing attack comes before theirs in the
    timeline; a battle reaching the turn limit counts as lost (rare by §15's bounds)."""
    if opp_vit <= 0:
        return 1.0, float(max(0, my_vit))
    if my_vit <= 0:
        return 0.0, 0.0
    opp_alive, _ = alive_after(mine, opp_vit, opp_revive)
    my_alive, my_worth = alive_after(theirs, my_vit, my_revive)
    win = left = 0.0
    n = c = 0  # my attacks made, their attacks made
    for is_mine in _order(first, my_surprise, opp_surprise):
        if is_mine:
            n += 1
            if n >= len(opp_alive):
                break
            killed = opp_alive[n - 1] - opp_alive[n]
            if c < len(my_alive):
                win += killed * my_alive[c]
                left += killed * my_worth[c]
        else:
            c += 1
            if c >= len(my_alive):
                break
    return win, left


def battle_win(mine: tuple[tuple[float, ...], ...], theirs: tuple[tuple[float, ...], ...], my_vit: int,
               opp_vit: int, first: float, **kw: Any) -> float:
    """P(I win the battle), ``first`` being the chance I hold the initiative (``first_chance``)."""
    p = battle_outcome(mine, theirs, my_vit, opp_vit, True, **kw)[0] if first > 0 else 0.0
    q = battle_outcome(mine, theirs, my_vit, opp_vit, False, **kw)[0] if first < 1 else 0.0
    return first * p + (1 - first) * q
