"""Villainous measurements: random-playout throughput, clone time, and a heuristic simulation.

    .venv/bin/python benchmarks/villainous_sim.py [--games 200] [--players 4]

Throughput counts ``legal_actions`` + ``apply`` per step of uniformly random play (the kernel's
target is 20,000 actions/s); clone time is the mean of ``game.clone`` on mid-game states (target
0.1 ms); the simulation plays heuristic bots against each other and reports how games ended.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop import games  # noqa: E402
from tabletop.engine import Match, Seat  # noqa: E402
from tabletop.engine.rng import Rng, seed_state  # noqa: E402


def throughput(game, players: int, n_games: int, clock=time.perf_counter) -> tuple[float, list]:  # type: ignore[no-untyped-def]
    """Steps per second of random play; ``clock`` may be CPU time (``time.process_time``), which a
    busy machine disturbs less than wall time."""
    steps = 0
    samples = []
    elapsed = 0.0
    for seed in range(n_games):
        s = game.setup([Seat(f"P{i}") for i in range(players)], game.spec.resolve_options({}), seed_state(seed))
        rng = Rng(seed)
        t0 = clock()
        while game.decision(s) is not None:
            acts = game.legal_actions(s)
            game.apply(s, acts[rng.below(len(acts))].id)
            steps += 1
            if steps % 97 == 0:
                elapsed += clock() - t0
                samples.append(game.clone(s))
                t0 = clock()
        elapsed += clock() - t0
    return steps / elapsed, samples


def clone_time(game, samples: list, clock=time.perf_counter) -> float:  # type: ignore[no-untyped-def]
    t0 = clock()
    for s in samples:
        for _ in range(20):
            game.clone(s)
    return (clock() - t0) / (20 * len(samples)) * 1000


def simulate(game, n_games: int, players: int) -> dict:  # type: ignore[no-untyped-def]
    reasons: Counter[str] = Counter()
    villains: Counter[str] = Counter()
    rounds, actions = [], []
    t0 = time.perf_counter()
    for seed in range(n_games):
        m = Match.start(game, [Seat(f"H{i}", "heuristic") for i in range(players)], {}, seed=10_000 + seed)
        while m.decision() is not None:
            m.bot_step()
            if len(m.actions) > game.spec.max_steps:
                raise SystemExit(f"seed {10_000 + seed}: stalled after {len(m.actions)} actions")
        r = m.result()
        assert r is not None
        reasons["no winner" if not r.winners else "won"] += 1
        if r.winners:
            villains[m.state.players[r.winners[0]]["villain"]] += 1
        rounds.append(m.state.round)
        actions.append(len(m.actions))
    return {"games": n_games, "ended": sum(reasons.values()), "outcomes": dict(reasons),
            "winners_by_villain": dict(villains), "mean_rounds": statistics.mean(rounds),
            "max_rounds": max(rounds), "mean_actions": statistics.mean(actions),
            "seconds": round(time.perf_counter() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--random-games", type=int, default=20)
    args = ap.parse_args()
    game = games.game("villainous")
    rate, samples = throughput(game, args.players, args.random_games)
    cpu_rate, _ = throughput(game, args.players, args.random_games, time.process_time)
    print(f"random playouts ({args.players} players): {rate:,.0f} actions/s wall, "
          f"{cpu_rate:,.0f} actions per CPU second")
    print(f"clone: {clone_time(game, samples):.4f} ms wall, "
          f"{clone_time(game, samples, time.process_time):.4f} ms CPU (mean of {len(samples)} mid-game states)")
    if args.games:
        print("heuristic simulation:", simulate(game, args.games, args.players))


if __name__ == "__main__":
    main()
