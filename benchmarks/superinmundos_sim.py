"""Superinmundos measurements: random-playout throughput, clone time, and a bot tournament.

    .venv/bin/python benchmarks/superinmundos_sim.py [--games 500] [--playouts 300]

Throughput counts one ``legal_actions`` + one ``apply`` per step of seeded random playouts, timed
in process CPU time (a busy machine inflates wall time, not the work done). The
tournament seats one heuristic bot against three random bots (rotating the heuristic seat) and
prints its win rate plus a per-card table built from the logs: how often each combatant entered
the arena, how often it was the unit on top when the battle was won, and how often the player
who put it in went on to win the game.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from typing import Any

from tabletop.engine import Seat
from tabletop.engine.bots import bot_rng
from tabletop.engine.rng import Rng, seed_state
from tabletop.games import game
from tabletop.games.superinmundos.bots import HeuristicBot
from tabletop.games.superinmundos.cards import info


def throughput(players: int, playouts: int) -> float:
    g = game("superinmundos")
    rng = Rng(7)
    steps = 0
    elapsed = 0.0
    options = g.spec.resolve_options({})
    for seed in range(playouts):
        state = g.setup([Seat(f"P{i}") for i in range(players)], options, seed_state(seed))
        t = time.process_time()
        while True:
            actions = g.legal_actions(state)
            if not actions:
                break
            g.apply(state, rng.choice(actions).id)
            steps += 1
        elapsed += time.process_time() - t
    return steps / elapsed


def clone_ms() -> float:
    g = game("superinmundos")
    state = g.setup([Seat(f"P{i}") for i in range(4)], g.spec.resolve_options({}), seed_state(3))
    rng = Rng(1)
    for _ in range(60):
        actions = g.legal_actions(state)
        if not actions:
            break
        g.apply(state, rng.choice(actions).id)
    n = 20000
    t = time.perf_counter()
    for _ in range(n):
        g.clone(state)
    return (time.perf_counter() - t) / n * 1000


def tournament(games: int) -> tuple[float, float, dict[str, dict[str, float]]]:
    g = game("superinmundos")
    bot = HeuristicBot()
    options = g.spec.resolve_options({})
    sole = shared = 0
    played: dict[str, int] = defaultdict(int)
    top: dict[str, int] = defaultdict(int)
    won_game: dict[str, int] = defaultdict(int)
    for seed in range(games):
        hero = seed % 4
        state = g.setup([Seat(f"P{i}") for i in range(4)], options, seed_state(10_000 + seed))
        while (decision := g.decision(state)) is not None:
            actions = g.legal_actions(state)
            rng = bot_rng(seed, state.step, decision.seat)
            if decision.seat == hero:
                choice = bot.choose(g, g.view(state, decision.seat), decision, actions, rng)
            else:
                choice = rng.choice(actions).id
            g.apply(state, choice)
        result = g.result(state)
        assert result is not None
        if hero in result.winners:
            shared += 1
            sole += len(result.winners) == 1
        active: list[str] = []
        plays: list[tuple[str, int]] = []
        for e in state.log:
            k = e["k"]
            if k in ("open", "attack"):
                for c in e["cards"]:
                    played[c] += 1
                    plays.append((c, e["seat"]))
                if k == "open":
                    active = list(e["cards"])
            elif k == "win":
                active = list(e["cards"])
            elif k == "dissolve":
                active = [e["card"]]
            elif k == "battle_won":
                for c in active:
                    top[c] += 1
        for c, seat in plays:
            if seat in result.winners:
                won_game[c] += 1
    table = {c: {"played": played[c], "top": top[c] / played[c], "game": won_game[c] / played[c]}
             for c in played}
    return sole / games, shared / games, table


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--playouts", type=int, default=300)
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    for n in (2, 3, 4):
        out[f"actions_per_s_{n}p"] = throughput(n, args.playouts)
        print(f"random playouts, {n} players: {out[f'actions_per_s_{n}p']:,.0f} actions/s")
    out["clone_ms"] = clone_ms()
    print(f"clone: {out['clone_ms']:.4f} ms")
    t = time.perf_counter()
    sole, shared, table = tournament(args.games)
    print(f"heuristic vs 3 random, {args.games} 4-player games ({time.perf_counter() - t:.0f} s): "
          f"wins {sole:.1%} outright, {shared:.1%} including shared wins (baseline 25%)")
    rows = sorted(table.items(), key=lambda kv: kv[1]["top"], reverse=True)
    print(f"{'card':28} {'el':9} {'st':>2} {'A/D/P':>7} {'played':>6} {'on top at win':>13} {'player won game':>15}")
    for cid, r in rows:
        ci = info(cid)
        stats = f"{ci.stats['attack']}/{ci.stats['defense']}/{ci.stats['power']}"
        print(f"{ci.name:28} {ci.element:9} {ci.stars:>2} {stats:>7} {r['played']:>6} {r['top']:>13.1%} {r['game']:>15.1%}")
    out.update(heuristic_sole=sole, heuristic_shared=shared, cards=table)
    return out


if __name__ == "__main__":
    main()
