"""MSX Cards for the search bot: nothing on the table is hidden, the future is.

Every card and die on the table is public (``hidden_info=False``); what a seat cannot know is
what comes next: the enemies the World will send, the draft's three cards, every die. All of it is
drawn inside ``apply`` from the state's generator, so a determinization is a copy with that
generator reseeded. The log stays whole: it holds nothing private, and the rules number capsule
effect groups by its length.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine.determinize import keyed_chance, reseed
from tabletop.engine.rng import Rng
from tabletop.engine.search import PairedRefiningSearchBot, SearchBot

from .state import ENEMY, PLAYER, MsxState


def determinize(game: Any, state: MsxState, seat: int, rng: Rng) -> MsxState:
    """A copy of ``state`` whose chance to come is resampled, drawn by where it falls in the run
    (``keyed``: common random numbers) so that two answers played from one sample meet the same
    enemies, drafts and dice. The generator is reseeded too: nothing of the real stream is kept."""
    d: MsxState = game.clone(state)
    reseed(d, rng)
    if KEYED and not state.versus:
        d.crn = keyed_chance(rng)
    return d


KEYED = True
"""Solo determinizations draw their chance by where it falls (``keyed``); False: from one stream.
Not in versus: there it measured worse (search vs heuristic, seeds 0-29 alternated: 27/60, as the
player seat 3/30, against 113/200 and 30% before; too few games to say why), so versus keeps the
single stream until a larger run says otherwise. Solo, seeds 5000-5079: 39/80 against 29/80."""


P_BATTLE = 0.75
"""A fresh battle's chance for your side, before anything is known of it."""
P_BOSS = 0.8
"""A Boss duel's chance, before it starts."""
P_WORLD = 0.82
"""A whole later World's chance (three battles and the Boss)."""


def _reach(wins: int, losses: int, first: float) -> float:
    """Chance of ``wins`` victories before ``losses`` defeats, the first battle won with ``first``
    and every later one with ``P_BATTLE``."""
    table: dict[tuple[int, int], float] = {}

    def f(k: int, m: int, p: float) -> float:
        if k <= 0:
            return 1.0
        if m <= 0:
            return 0.0
        key = (k, m)
        if p == P_BATTLE and key in table:
            return table[key]
        v = p * f(k - 1, m, P_BATTLE) + (1 - p) * f(k, m - 1, P_BATTLE)
        if p == P_BATTLE:
            table[key] = v
        return v

    return f(wins, losses, first)


SLOPE = 0.9
"""How sharply a battle's chance follows the matchup: one turn of survival more than the enemy
is worth about 70%."""


def battle_chance(s: MsxState) -> float:
    """Your fighter's chance in the battle under way, from the two fighters' *effective* Attack and
    Defense now (capsule effects and abilities included, §7.1) and their Vitality: how many of its
    attacks each survives (the heuristic's ``matchup``) mapped through a logistic curve. Counting
    Vitality alone rated a fighter who deals 8 a turn the same as one who deals 1."""
    from .bots import matchup
    from .cards import catalogue
    from .combat import attack_value, defense_value, world

    def fighter(side: int) -> dict[str, Any]:
        f = s.fighters[side]
        assert f is not None
        c = catalogue().cards[f["card"]]
        return {"id": c["id"], "race": c["race"], "attack": c["attack"], "defense": c["defense"],
                "attack_now": attack_value(s, side)[0], "defense_now": defense_value(s, side)[0],
                "vitality": max(0, f["vit"]), "ability": c["ability"]}

    me, them = fighter(PLAYER), fighter(ENEMY)
    if them["vitality"] <= 0:
        return 1.0
    if me["vitality"] <= 0:
        return 0.0
    m = matchup(world(s)["die"], me, them)
    return _logistic(m)


def duel_chance(s: MsxState) -> float:
    """A Boss duel under way: its exact odds from the step reached (``odds.duel_win``, no more
    capsules), as the heuristic computes them."""
    from .bots import duel_win
    from .cards import catalogue
    from .combat import world

    duel, mine = s.duel, s.fighters[PLAYER]
    assert duel is not None
    if mine is None or mine["vit"] <= 0:
        return 0.0
    if duel["step"] > 8:
        return 1.0
    entries = catalogue().bosses[duel["boss"]][duel["set"]]
    taken = any(str(r).startswith("took") for r in duel["results"])
    return duel_win(mine["card"], mine["vit"], world(s)["die"], entries, start=duel["step"], first_taken=taken)


def _logistic(m: float) -> float:
    return 0.03 + 0.94 / (1.0 + math.exp(-SLOPE * m))


_CARRIED: dict[tuple[Any, ...], float] = {}
_DRAFTED: dict[tuple[Any, ...], float] = {}


def carried_chance(s: MsxState) -> float:
    """The next battle's chance for the fighter you keep on the board, with the Vitality it has
    left, against the enemy still to come: the mean over the World's enemies not yet beaten
    (R8) of the matchup's chance. A win that leaves your fighter at 2 Vitality is not worth one
    that leaves it at 30: ``P_BATTLE`` rated them the same."""
    from .bots import as_fighter, matchup
    from .combat import world

    mine = s.fighters[PLAYER]
    assert mine is not None
    w = world(s)
    vit = max(0, mine["vit"]) + s.bonus
    key = (mine["card"], vit, w["id"], tuple(s.beaten))
    found = _CARRIED.get(key)
    if found is None:
        from .cards import catalogue

        foes = [c for c in w["pool"] if c not in s.beaten] or [c for c in catalogue().card_ids if c not in s.beaten]
        me = as_fighter(mine["card"], vit)
        found = sum(_logistic(matchup(w["die"], me, as_fighter(c))) for c in foes) / len(foes)
        if len(_CARRIED) > 50000:
            _CARRIED.clear()
        _CARRIED[key] = found
    return found


def drafted_chance(s: MsxState) -> float:
    """The next battle's chance when you must draft against the enemy still on the board: the
    best of three cards drawn from your pool (R7) against that enemy *with the Vitality it has
    left*, by order statistics over the pool's matchup chances (a wounded survivor is an easy
    battle for whoever comes in next); the best of the three on offer once they are drawn."""
    from .bots import as_fighter, matchup
    from .cards import catalogue
    from .combat import world

    foe = s.fighters[ENEMY]
    assert foe is not None
    offered = s.phase == "draft" and s.draft_for == "battle" and bool(s.draft)
    pool = s.draft if offered else s.pool
    if not pool:
        return 0.0
    w = world(s)
    key = (offered, foe["card"], max(0, foe["vit"]), s.bonus, w["id"], tuple(pool))
    found = _DRAFTED.get(key)
    if found is None:
        data = catalogue().cards
        them = as_fighter(foe["card"], max(1, foe["vit"]))
        found = best_drafted(sorted(_logistic(matchup(w["die"], as_fighter(c, data[c]["vitality"] + s.bonus), them))
                                    for c in pool), offered)
        if len(_DRAFTED) > 50000:
            _DRAFTED.clear()
        _DRAFTED[key] = found
    return found


def best_drafted(vals: list[float], offered: bool) -> float:
    """The value of the card a draft gives, from every candidate's value sorted ascending: the best
    of the three on offer (``offered``), else the expected best of three drawn from the pool (the
    i-th smallest is the best of a draw in C(i, 2) of the C(n, 3) draws)."""
    n = len(vals)
    if offered or n < 3:
        return vals[-1]
    total = n * (n - 1) * (n - 2) / 6
    return sum(v * (i * (i - 1) / 2) / total for i, v in enumerate(vals))


def next_battle_chance(s: MsxState) -> float:
    """The chance of the battle under way or about to start, from whoever is on the board."""
    mine, theirs = s.fighters[PLAYER], s.fighters[ENEMY]
    alive_me = mine is not None and mine["vit"] > 0
    alive_them = theirs is not None and theirs["vit"] > 0
    if s.mode == "battle" and alive_me and alive_them:
        return battle_chance(s)
    if alive_me and not alive_them:
        return carried_chance(s)
    if alive_them and not alive_me:
        return drafted_chance(s)
    return P_BATTLE


E_BONUS = sum(max(a, b) for a in range(1, 21) for b in range(1, 21)) / 400
"""The Bonus screen's expected gain: the best of two d20 (R33)."""
_PROSPECT: dict[tuple[Any, ...], float] = {}


def boss_chance(s: MsxState) -> float:
    """The Boss duel's chance once the World's three victories are in, before it starts: the better
    of keeping the fighter on the board (with the Vitality it has left) and drafting a fresh one
    (best of three from the pool, by order statistics), each by the exact duel odds averaged over
    the two Boss sets, the pending bonus (and the Bonus screen's expected roll) included, as the
    heuristic's Boss choice weighs them. A flat rate here made a win that leaves the fighter at 2
    Vitality worth one that leaves it at 30 in the World's last battle, and let a draft for the
    Boss ignore the Boss."""
    from .bots import duel_win
    from .cards import catalogue
    from .combat import world

    data = catalogue()
    w = world(s)
    boss = data.bosses[w["boss"]]
    bonus = s.bonus + (round(E_BONUS) if s.phase == "bonus" else 0)

    def value(card: str, vit: int) -> float:
        return sum(duel_win(card, vit, w["die"], boss[side]) for side in ("white", "grey")) / 2

    mine = s.fighters[PLAYER]
    offered = s.phase == "draft" and s.draft_for == "boss" and bool(s.draft)
    pool = list(s.draft if offered else s.pool)
    if mine is not None and mine["vit"] > 0 and not offered:
        pool.append(mine["card"])  # sent back, it may be drafted again (§11.1)
    key = (offered, w["id"], bonus, tuple(pool))
    fresh = _PROSPECT.get(key)
    if fresh is None:
        fresh = best_drafted(sorted(value(c, data.cards[c]["vitality"] + bonus) for c in pool) or [0.0], offered)
        if len(_PROSPECT) > 50000:
            _PROSPECT.clear()
        _PROSPECT[key] = fresh
    if mine is not None and mine["vit"] > 0 and not offered:
        return max(fresh, value(mine["card"], mine["vit"] + bonus))
    return fresh


def evaluate(game: Any, s: MsxState) -> list[float]:
    """Your side's chance of completing the Mission, modelled: the battle under way (or the next
    one, from the fighter carried over or the enemy left standing, with their Vitality), the
    World's remaining victories before a third loss, its Boss (once the three victories are in,
    by the exact odds of the fighter you would bring: ``boss_chance``), then every later World at a flat
    rate; a Boss duel under way by its exact odds. The enemy seat of the versus variant gets the
    rest."""
    from .cards import catalogue

    total = len(catalogue().missions[s.mission]["worlds"])
    later = max(0, total - s.world - 1)
    if s.mode == "boss" and s.duel is not None and s.duel.get("set"):
        here = duel_chance(s)
    elif s.wins >= 3:
        here = boss_chance(s)
    else:
        here = _reach(3 - s.wins, 3 - s.losses, next_battle_chance(s)) * P_BOSS
    value = min(1.0, max(0.0, here * P_WORLD ** later))
    return [value, 1.0 - value] if s.versus else [value]


SAMPLES = 16
"""Paired samples per decision at most: each plays every answer still in contention once from the
same determinization with the same dice, ``SAMPLES`` × answers playouts in all (a fixed count: a
bot game replays exactly; the CPU and wall limits of ``engine.search`` stay as caps for a slow
machine). Six samples for every decision let a one-standard-error guard overrule the heuristic on
noise; with ``PRUNE`` most decisions stop after ``MIN_SAMPLES`` and the close ones get the rest."""
PRUNE = 1.0
"""An answer whose mean advantage over the heuristic's is not above 0 by one standard error after
``MIN_SAMPLES`` samples is played no more (``paired_root``'s adaptive sampling): a decision whose
answers come out the same on every sample (a capsule that changes nothing, a draft of equal cards)
costs ``MIN_SAMPLES`` samples, not the whole budget."""
MIN_SAMPLES = 4
DEPTH = 10
"""Decisions a playout runs (the heuristic answering) before ``evaluate`` scores it: about the rest
of a battle, where a capsule or a draft pays off or does not."""


class MsxSearchBot(PairedRefiningSearchBot):
    """The heuristic's answer refined by a paired comparison at the root (``paired_root``), the
    heuristic playing the playouts; except in a Boss duel, where the heuristic's capsule timing
    already *is* the exact best over the dice (``odds.duel_win`` over every later step of use):
    playouts could only add their noise to it, and the CPU goes to the battles and drafts."""

    def choose(self, game: Any, view: Any, decision: Any, actions: list[Any], rng: Rng,
               state: Any = None, stop: Any = None) -> str:
        if len(actions) > 1 and state is not None and decision.kind == "act" and state.mode == "boss":
            bot = game.spec.bots[self.prior]()
            return str(bot.choose(game, game.view(state, decision.seat), decision, actions, rng))
        return super().choose(game, view, decision, actions, rng, state=state, stop=stop)


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory): the heuristic's answer stands unless another
    answer beats it, on the same dice, by more than one standard error (``z=1``)."""
    return MsxSearchBot(determinize, evaluate, per_option=SAMPLES, depth=DEPTH, rollout="heuristic",
                        prior="heuristic", z=1.0, margin=0.0, prune=PRUNE, min_samples=MIN_SAMPLES)
