"""A battle's exact odds for the heuristic bot: the two fighters' attacks as damage distributions
(§7, abilities and capsule effects included), walked by :func:`odds.battle_outcome`. Only stats
from the seat's view and the public catalogue; no event is modelled (5-10% per action, §10.2).

Why: the logistic ``bots.matchup`` score rated every capsule by one turn's mean damage and every
draft by turns survived; a battle is won by the attack that lands first, which the dice decide.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.kept import Kept

from .cards import catalogue
from .odds import battle_outcome, convolve, damage_dist, first_chance

INF = 10**6
"""The end position of a BATTLE-long effect."""
SPAN = {"INSTANT": -1, "ACTION": 0, "TURN": 1, "TWO_TURNS": 3, "BATTLE": INF}
"""How many actions after the one it was used in a capsule's effects last (§8.3)."""

Effect = tuple[str, str, int, int]
"""(user "me" | "opp", capsule id, first action position, last action position)."""


def ability_of(f: dict[str, Any]) -> dict[str, Any]:
    return f.get("ability") or {}


def _applies(ab: dict[str, Any], other: dict[str, Any]) -> bool:
    return ab.get("vs_race") in (None, other["race"])


def printed_stats(f: dict[str, Any], other: dict[str, Any]) -> tuple[int, int]:
    """A fresh fighter's effective Attack and Defense against ``other`` with no capsule running
    (§7.1: the ALTER abilities, "set" first, the holder's own before the opponent's, then "add")."""
    out = []
    for stat, kind in (("attack", "ATTACK_ALTER"), ("defense", "DEFENSE_ALTER")):
        value = f[stat]
        alters = []
        for holder in (f, other):
            ab = ability_of(holder)
            if ab.get("kind") != kind or (ab["target"] == "self") != (holder is f):
                continue
            if ab.get("race") is not None and ab["race"] != f["race"]:
                continue
            alters.append(ab)
        for ab in alters:
            if ab["mode"] == "set":
                value = ab["value"]
        for ab in alters:
            if ab["mode"] == "add":
                value += ab["value"]
        out.append(max(0, value) if stat == "attack" else min(0, value))
    return out[0], out[1]


def stats_now(f: dict[str, Any], other: dict[str, Any]) -> tuple[int, int]:
    """The view's effective stats when it shows them (a fighter on the board), else the printed ones."""
    if "attack_now" in f:
        return f["attack_now"], f["defense_now"]
    return printed_stats(f, other)


def brake(f: dict[str, Any]) -> int:
    ab = ability_of(f)
    return ab["amount"] if ab.get("kind") == "CAPSULE_BRAKE" else 0


def toward_zero(n: int, b: int) -> int:
    return max(0, n - b) if n >= 0 else min(0, n + b)


def attack_dist(die: int, att: dict[str, Any], dfn: dict[str, Any], mods: dict[str, int], first: bool
                ) -> tuple[float, ...]:
    """One action's damage from ``att`` on ``dfn`` (§7 steps 1-9) under the running capsule effects
    ``mods`` (kind -> amount, already braked), ``first``: the first attack ``dfn`` takes."""
    a, _ = stats_now(att, dfn)
    _, d = stats_now(dfn, att)
    if "ATTACK_MOD" in mods:
        a = max(0, att["attack"] + mods["ATTACK_MOD"])
    if "DEFENSE_SET" in mods:
        d = min(0, mods["DEFENSE_SET"] + mods.get("DEFENSE_MOD", 0))
    elif "DEFENSE_MOD" in mods:
        d = min(0, dfn["defense"] + mods["DEFENSE_MOD"])
    if "IGNORE_DEFENSE" in mods:
        d = 0
    ab_a, ab_d = ability_of(att), ability_of(dfn)
    inc = ab_a["amount"] if ab_a.get("kind") == "DAMAGE_INCREASED" and _applies(ab_a, dfn) else 0
    red = ab_d["amount"] if ab_d.get("kind") == "DAMAGE_REDUCED" and _applies(ab_d, att) else 0
    halve = (ab_d.get("kind") == "ATTACK_SPLIT" and _applies(ab_d, att)) or "DAMAGE_TAKEN_HALVED" in mods
    null_low = ab_d["value"] if ab_d.get("kind") == "ATTACK_NULLIFIED" and ab_d["trigger"] == "natural_at_most" else 0
    nullify = "NULLIFY_ATTACKS" in mods or (first and ab_d.get("kind") == "ATTACK_NULLIFIED"
                                             and ab_d["trigger"] == "first_attack")
    one = damage_dist(die, a, d, best2="BEST_OF_TWO" in mods, null_at_most=null_low, nullify=nullify,
                      double="DAMAGE_DEALT_DOUBLED" in mods, inc=inc + mods.get("DAMAGE_DEALT_MOD", 0), halve=halve,
                      red=red + mods.get("DAMAGE_TAKEN_MOD", 0))
    if "EXTRA_ATTACK" in mods:
        again = attack_dist(die, att, dfn, {k: v for k, v in mods.items() if k != "EXTRA_ATTACK"}, False)
        return convolve(one, again)
    return one


OFFENSIVE = {"DEFENSE_MOD", "DAMAGE_DEALT_MOD", "DAMAGE_DEALT_DOUBLED", "IGNORE_DEFENSE", "BEST_OF_TWO",
             "EXTRA_ATTACK"}
DEFENSIVE = {"DEFENSE_SET", "DAMAGE_TAKEN_MOD", "DAMAGE_TAKEN_HALVED", "NULLIFY_ATTACKS"}


def _mods(attacker: str, pos: int, effects: list[Effect], me: dict[str, Any], opp: dict[str, Any]
          ) -> dict[str, int]:
    """The capsule effects touching an attack by ``attacker`` at action ``pos``: the attacker's
    offensive ones and the defender's defensive ones (an ATTACK_MOD by its target: self or foe)."""
    out: dict[str, int] = {}
    for user, cap, start, end in effects:
        if not start <= pos <= end:
            continue
        b = brake(opp if user == "me" else me)
        for x in catalogue().capsules[cap]["effects"]:
            k = x["kind"]
            n = toward_zero(x.get("amount", x.get("value", 0)), b)
            if k == "ATTACK_MOD":
                if (x["target"] == "self") == (user == attacker):
                    out[k] = out.get(k, 0) + n
            elif (k in OFFENSIVE) == (user == attacker) and k in OFFENSIVE | DEFENSIVE:
                out[k] = out.get(k, 0) + n
    return out


def _amounts(x: dict[str, Any], b: int) -> list[tuple[int, float]]:
    """A HEAL or HARM amount (fixed or dice) as (value, chance) pairs, braked (§8.6)."""
    if "amount" in x:
        return [(toward_zero(x["amount"], b), 1.0)]
    spec = x["dice"]
    plus = int(spec.split("+")[1]) if "+" in spec else 0
    n, sides = (int(v) for v in spec.split("+")[0].split("d"))
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for s, p in dist.items():
            for r in range(1, sides + 1):
                nxt[s + r] = nxt.get(s + r, 0.0) + p / sides
        dist = nxt
    return [(toward_zero(s + plus, b), p) for s, p in sorted(dist.items())]


_OUTCOMES: Kept[tuple[Any, ...], tuple[float, float]] = Kept(512)
"""Battle outcomes by pairing, Vitality and effects (two generations, up to 1024 held). Small on
purpose: an outcome is a few look-ups in ``odds.alive_after``'s curves, which are kept, so this
table saves little; at 8192 a generation it filled for ~150 games of a long simulation and held
~6 MB (issue #15, memory), while 200 heuristic games take the same CPU at 512 or 8192."""


def _key(f: dict[str, Any]) -> tuple[Any, ...]:
    return f["id"], f["vitality"], f.get("attack_now"), f.get("defense_now")


def outcome(die: int, me: dict[str, Any], opp: dict[str, Any], effects: list[Effect], my_first: bool = True,
            fresh: bool = False) -> tuple[float, float]:
    """(P(I win), E[my Vitality left]) from my action now (position 0; the opponent acts at odd
    positions), with the capsule ``effects`` in play. ``fresh``: the battle is about to start (each
    fighter's first-attack nullifier still armed, surprise attacks to come). Remembered (bounded):
    the same pairings at the same Vitality come back across games."""
    key = (die, _key(me), _key(opp), tuple(effects), my_first, fresh)
    found = _OUTCOMES.get(key)
    if found is None:
        found = _OUTCOMES.keep(key, _outcome(die, me, opp, effects, my_first, fresh))
    return found


def _outcome(die: int, me: dict[str, Any], opp: dict[str, Any], effects: list[Effect], my_first: bool,
             fresh: bool) -> tuple[float, float]:
    last = max([e[3] for e in effects if e[3] < INF] + [0])
    mine, theirs = [], []
    p0 = 0 if my_first else 1
    for k in range(last // 2 + 2):
        mine.append(attack_dist(die, me, opp, _mods("me", p0 + 2 * k, effects, me, opp), fresh and k == 0))
        theirs.append(attack_dist(die, opp, me, _mods("opp", 1 - p0 + 2 * k, effects, me, opp), fresh and k == 0))
    my_vits, opp_vits = [(me["vitality"], 1.0)], [(opp["vitality"], 1.0)]
    revive = {"me": 0, "opp": 0}
    for user, cap, _start, _end in effects:
        b = brake(opp if user == "me" else me)
        for x in catalogue().capsules[cap]["effects"]:
            if x["kind"] in ("HEAL", "HARM"):
                heal_me = (x["kind"] == "HEAL") == (user == "me")
                sign = 1 if x["kind"] == "HEAL" else -1
                pairs = _amounts(x, b)
                if heal_me:
                    my_vits = [(v + sign * n, p * q) for v, p in my_vits for n, q in pairs]
                else:
                    opp_vits = [(v + sign * n, p * q) for v, p in opp_vits for n, q in pairs]
            elif x["kind"] == "REVIVE":
                revive[user] = max(1, toward_zero(x["value"], b))
    surprise = fresh and ability_of(me).get("kind") == "SURPRISE_ATTACK"
    opp_surprise = fresh and ability_of(opp).get("kind") == "SURPRISE_ATTACK"
    win = left = 0.0
    t_mine, t_theirs = tuple(mine), tuple(theirs)
    for mv, p in my_vits:
        for ov, q in opp_vits:
            w, lv = battle_outcome(t_mine, t_theirs, mv, ov, my_first, my_revive=revive["me"],
                                   opp_revive=revive["opp"], my_surprise=surprise, opp_surprise=opp_surprise)
            win += p * q * w
            left += p * q * lv
    return win, left


def initiative(me: dict[str, Any], opp: dict[str, Any]) -> float:
    """P(I hold the initiative when a battle starts, §6.2)."""
    def bonus(f: dict[str, Any]) -> int:
        ab = ability_of(f)
        return ab["amount"] if ab.get("kind") == "INITIATIVE_BONUS" else 0
    return first_chance(me["resistance"], opp["resistance"], bonus(me), bonus(opp))


def fresh_battle(die: int, me: dict[str, Any], opp: dict[str, Any]) -> tuple[float, float]:
    """(P(win), E[Vitality left]) of a battle about to start, no capsules, over the initiative."""
    q = initiative(me, opp)
    a = outcome(die, me, opp, [], True, fresh=True)
    b = outcome(die, me, opp, [], False, fresh=True)
    return q * a[0] + (1 - q) * b[0], q * a[1] + (1 - q) * b[1]


def lit_capsules(f: dict[str, Any]) -> list[str]:
    return catalogue().cards[f["id"]]["caps"]


def pointless(cap: str, user: dict[str, Any], target: dict[str, Any], target_effects: list[Effect]) -> bool:
    """§8.8's "pointless for the enemy" conditions, as far as this model sees them."""
    cond = catalogue().capsules[cap].get("pointless_if")
    if cond == "opponent_has_no_active_capsule":
        return not any(e[3] >= 1 for e in target_effects)
    if cond == "opponent_defense_zero":
        return stats_now(target, user)[1] >= 0
    if cond == "opponent_has_no_alter_on_me":
        ab = ability_of(target)
        return not (ab.get("kind", "").endswith("_ALTER") and ab.get("target") == "opponent")
    return False


def with_reply(die: int, me: dict[str, Any], opp: dict[str, Any], cap: str, reply: bool) -> tuple[float, float]:
    """(P(win), E[Vitality left]) if I use ``cap`` now; with ``reply`` (solo, R13) the enemy answers
    at its next action with a capsule drawn by d6, uniform over its lit ones (R14)."""
    mine: list[Effect] = [("me", cap, 0, SPAN[catalogue().capsules[cap]["duration"]])]
    if not reply:
        return outcome(die, me, opp, mine)
    caps = lit_capsules(opp)
    win = left = 0.0
    for c in caps:
        if pointless(c, opp, me, mine):
            w, lv = outcome(die, me, opp, mine)
        elif catalogue().capsules[c]["effects"][0]["kind"] == "CANCEL_OPPONENT_CAPSULE":
            w, lv = outcome(die, me, opp, [("me", cap, 0, 0)])
        else:
            w, lv = outcome(die, me, opp, [*mine, ("opp", c, 1, 1 + SPAN[catalogue().capsules[c]["duration"]])])
        win += w / len(caps)
        left += lv / len(caps)
    return win, left
