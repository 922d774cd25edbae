"""Mount Gram benchmarks: random-playout throughput, clone time, and a heuristic-bot simulation.

    .venv/bin/python benchmarks/mount_gram_sim.py [--games 200] [--players 2] [--random 300]

Throughput counts ``legal_actions`` + ``apply`` per step of random playouts of the real scenario
(set-up excluded, CPU time of this process so that a busy machine does not skew it); clone is
timed on mid-game states; the simulation plays the heuristic bot in
every seat and reports the win rate, how far the games got and why they ended.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.engine import Match, Seat  # noqa: E402
from tabletop.engine.bots import RandomBot, bot_rng  # noqa: E402
from tabletop.games.mount_gram.bots import HeuristicBot  # noqa: E402
from tabletop.games.mount_gram.rules import MountGram  # noqa: E402


def throughput(game: MountGram, games: int, players: int) -> tuple[float, list]:
    bot = RandomBot()
    steps, elapsed, samples = 0, 0.0, []
    for seed in range(games):
        m = Match.start(game, [Seat(f"P{i + 1}") for i in range(players)], {}, seed=seed)
        s = m.state
        t0 = time.process_time()
        while (d := game.decision(s)) is not None:
            acts = game.legal_actions(s)
            game.apply(s, bot.choose(game, None, d, acts, bot_rng(seed, s.step, d.seat)))
            steps += 1
            if steps % 97 == 0:
                samples.append(game.clone(s))
        elapsed += time.process_time() - t0
    return steps / elapsed, samples


def clone_time(game: MountGram, samples: list) -> float:
    t0 = time.process_time()
    reps = 0
    for _ in range(20):
        for st in samples:
            game.clone(st)
            reps += 1
    return (time.process_time() - t0) / max(reps, 1) * 1000


def simulate(game: MountGram, games: int, players: int) -> dict:
    bot = HeuristicBot()
    outcomes: Counter[str] = Counter()
    stage3 = 0
    rounds = []
    t0 = time.process_time()
    for seed in range(games):
        m = Match.start(game, [Seat(f"P{i + 1}") for i in range(players)], {}, seed=seed)
        s = m.state
        while (d := game.decision(s)) is not None:
            acts = game.legal_actions(s)
            game.apply(s, bot.choose(game, game.view(s, d.seat), d, acts, bot_rng(seed, s.step, d.seat)))
        outcomes[s.reason if s.outcome == "lost" else "won"] += 1
        rounds.append(s.round)
        stage3 += any(e["k"] == "stage" and "stage 3" in e["t"] for e in s.log)
    return {"games": games, "won": outcomes["won"], "outcomes": dict(outcomes),
            "reached stage 3": stage3, "mean rounds": statistics.mean(rounds),
            "seconds": time.process_time() - t0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--random", type=int, default=300)
    args = ap.parse_args()
    game = MountGram()
    for n in (1, 2, 4):
        rate, samples = throughput(game, args.random, n)
        print(f"random playouts, {n} player(s): {rate:,.0f} actions/s; "
              f"clone {clone_time(game, samples):.4f} ms")
    sim = simulate(game, args.games, args.players)
    print(f"heuristic, {args.players} players, {sim['games']} games: won {sim['won']} "
          f"({100 * sim['won'] / sim['games']:.1f}%), reached stage 3 in {sim['reached stage 3']}, "
          f"mean {sim['mean rounds']:.1f} rounds, {sim['seconds']:.1f} s")
    print("endings:", sim["outcomes"])


if __name__ == "__main__":
    main()
