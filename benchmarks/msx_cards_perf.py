"""MSX Cards performance: random-playout throughput (legal_actions + apply per step) and clone time.

Times are CPU time of this process (time.process_time), so a busy machine does not skew them.

    .venv/bin/python benchmarks/msx_cards_perf.py [seconds]

Targets (docs/KERNEL.md): >= 20,000 actions/s, clone <= 0.1 ms.
"""

from __future__ import annotations

import sys
import time

from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.games import game as get_game


def steps_only(seconds: float, options: dict) -> float:
    """Actions per second counting only legal_actions + apply (set-up excluded)."""
    g = get_game("msx_cards")
    rng = Rng(11)
    total_t = 0.0
    actions = 0
    seed = 0
    while total_t < seconds:
        seats = [Seat("A"), Seat("B")] if options.get("versus") else [Seat("A")]
        s = Match.start(g, seats, options, seed=seed).state
        seed += 1
        t0 = time.process_time()
        n = 0
        while g.decision(s) is not None:
            legal = g.legal_actions(s)
            g.apply(s, legal[rng.below(len(legal))].id)
            n += 1
        total_t += time.process_time() - t0
        actions += n
    return actions / total_t


def clone_ms() -> float:
    g = get_game("msx_cards")
    m = Match.start(g, [Seat("A")], {}, seed=5)
    rng = Rng(3)
    for _ in range(40):  # a mid-game state with a long log
        if m.decision() is None:
            break
        legal = m.legal()
        m.play(legal[rng.below(len(legal))].id)
    n = 20000
    t0 = time.process_time()
    for _ in range(n):
        g.clone(m.state)
    return (time.process_time() - t0) / n * 1000


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for options in ({"mission": "standard"}, {"mission": "quick", "classic": True},
                    {"mission": "quick", "versus": True}):
        print(f"{options}: {steps_only(seconds, options):,.0f} actions/s (legal_actions + apply)")
    print(f"clone: {clone_ms():.4f} ms")


if __name__ == "__main__":
    main()
