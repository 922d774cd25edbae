"""The heuristic's exact battle model (``odds.alive_after``, ``odds.first_chance``,
``odds.battle_outcome``, ``battles.outcome``) against brute force and Monte-Carlo runs of small
battles (§6.2 initiative, §6.3 surprise attacks, §6.4 alternation, §7 damage, §8.3 durations)."""

from __future__ import annotations

import random

from tabletop.games.msx_cards import battles, odds
from tabletop.games.msx_cards.bots import as_fighter


def _draw(rnd: random.Random, dist: tuple[float, ...]) -> int:
    x, run = rnd.random(), 0.0
    for k, p in enumerate(dist):
        run += p
        if x < run:
            return k
    return len(dist) - 1


def test_s7_alive_after_equals_the_step_by_step_walk() -> None:
    """The totals' table (one per damage distribution) gives the walk's numbers for any Vitality
    and any prefix of special attacks."""
    rnd = random.Random(3)
    for _ in range(200):
        dists = tuple(odds.damage_dist(rnd.choice([8, 12, 20]), rnd.randint(0, 8), rnd.randint(-8, 0),
                                       inc=rnd.randint(0, 3), halve=rnd.random() < 0.2) for _ in range(rnd.randint(1, 3)))
        vit = rnd.randint(1, 140)
        fast, walk = odds.alive_after(dists, vit), odds._walk(dists, vit, 0, odds.TURN_LIMIT + 1)
        n = min(len(fast[0]), len(walk[0]))
        assert all(abs(a - b) < 1e-7 for a, b in zip(fast[0][:n], walk[0][:n], strict=True))
        assert all(abs(a - b) < 1e-6 for a, b in zip(fast[1][:n], walk[1][:n], strict=True))
        assert max((*fast[0][n:], *walk[0][n:], 0.0)) < 1e-8


def test_s8_8_alive_after_with_a_revive_matches_monte_carlo() -> None:
    """CONT.: the first fall leaves the fighter at 8; checked against 40 000 simulated runs."""
    dist = odds.damage_dist(8, 4, -3)
    alive, worth = odds.alive_after((dist,), 12, revive=8)
    rnd = random.Random(5)
    runs, counts, left = 40000, [0] * 8, [0.0] * 8
    for _ in range(runs):
        vit, armed = 12, True
        for n in range(1, 8):
            vit -= _draw(rnd, dist)
            if vit <= 0 and armed:
                vit, armed = 8, False
            if vit > 0:
                counts[n] += 1
                left[n] += vit
    for n in range(1, 8):
        assert abs(alive[n] - counts[n] / runs) < 0.012, n
        assert abs(worth[n] - left[n] / runs) < 0.15, n


def test_r6_first_chance_matches_rolled_initiative() -> None:
    """d6 each, +1 for strictly higher Resistance, INITIATIVE_BONUS added, ties rolled again."""
    rnd = random.Random(11)
    for mine, theirs, bonus in ((2, 2, 0), (3, 1, 0), (1, 4, 1), (2, 2, 2)):
        wins = 0
        for _ in range(30000):
            while True:
                a = rnd.randint(1, 6) + bonus + (1 if mine > theirs else 0)
                b = rnd.randint(1, 6) + (1 if theirs > mine else 0)
                if a != b:
                    break
            wins += a > b
        assert abs(odds.first_chance(mine, theirs, bonus) - wins / 30000) < 0.012


def _battle(rnd: random.Random, mine: tuple[float, ...], theirs: tuple[float, ...], my_vit: int, opp_vit: int,
            first: bool, surprise: bool) -> bool:
    """One battle played out attack by attack (§6.3, §6.4); True when I win."""
    if surprise and first:
        opp_vit -= _draw(rnd, mine)
        if opp_vit <= 0:
            return True
    me_now = first
    for _turn in range(odds.TURN_LIMIT):
        for _ in range(2):
            if me_now:
                opp_vit -= _draw(rnd, mine)
                if opp_vit <= 0:
                    return True
            else:
                my_vit -= _draw(rnd, theirs)
                if my_vit <= 0:
                    return False
            me_now = not me_now
    return False


def test_s6_4_battle_outcome_matches_monte_carlo() -> None:
    rnd = random.Random(2)
    mine, theirs = odds.damage_dist(8, 5, -3), odds.damage_dist(8, 6, -4)
    for first, surprise in ((True, False), (False, False), (True, True)):
        want = sum(_battle(rnd, mine, theirs, 20, 24, first, surprise) for _ in range(30000)) / 30000
        got = odds.battle_outcome((mine,), (theirs,), 20, 24, first, my_surprise=surprise)[0]
        assert abs(got - want) < 0.012, (first, surprise)


def test_s8_3_capsule_durations_touch_the_right_attacks() -> None:
    """A TURN defensive capsule covers the opponent's next attack only, an ACTION offensive one my
    attack now only, SHIELD (TWO_TURNS) the opponent's next two attacks."""
    me, opp = as_fighter("babaliba"), as_fighter("army-moves")
    base_mine = battles.attack_dist(12, me, opp, {}, False)
    base_theirs = battles.attack_dist(12, opp, me, {}, False)
    vits = me["vitality"], opp["vitality"]

    def same(a: tuple[float, float], b: tuple[float, float]) -> bool:
        return abs(a[0] - b[0]) < 1e-12 and abs(a[1] - b[1]) < 1e-9

    plain = battles.outcome(12, me, opp, [])
    assert 0.3 < plain[0] < 0.7
    jump = battles.outcome(12, me, opp, [("me", "JUMP", 0, 1)])
    assert same(jump, odds.battle_outcome((base_mine,), ((1.0,), base_theirs), *vits, True))
    crit = battles.outcome(12, me, opp, [("me", "CRIT", 0, 0)])
    doubled = battles.attack_dist(12, me, opp, {"DAMAGE_DEALT_DOUBLED": 0}, False)
    assert same(crit, odds.battle_outcome((doubled, base_mine), (base_theirs,), *vits, True))
    shield = battles.outcome(12, me, opp, [("me", "SHIELD", 0, 3)])
    cut = battles.attack_dist(12, opp, me, {"DAMAGE_TAKEN_MOD": 6}, False)
    assert same(shield, odds.battle_outcome((base_mine,), (cut, cut, base_theirs), *vits, True))
    assert jump[0] > plain[0] and crit[0] > plain[0] and shield[0] > plain[0]


def test_s8_8_dice_amounts_are_full_distributions() -> None:
    """HERB's 2d6 and BOMB's 1d6+2 as (value, chance) pairs; a brake of 3 takes 3 off each (§8.6)."""
    herb = battles._amounts({"kind": "HEAL", "dice": "2d6"}, 0)
    assert [v for v, _ in herb] == list(range(2, 13)) and abs(sum(p for _, p in herb) - 1) < 1e-12
    assert abs(dict(herb)[7] - 6 / 36) < 1e-12
    bomb = battles._amounts({"kind": "HARM", "dice": "1d6+2"}, 3)
    assert [v for v, _ in bomb] == [0, 1, 2, 3, 4, 5] and abs(sum(p for _, p in bomb) - 1) < 1e-12
