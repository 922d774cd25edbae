"""Replay stepping: how long the End key and each ← take on whole heuristic-bot games.

    .venv/bin/python benchmarks/replay_steps.py [--seed 1]

``End`` builds every state once from the seed; stepping back all the way then reads states built
on the way (checkpoints plus the bounded cache of ``engine.replay.Replay``). Times are CPU time of
this process (time.process_time), so a busy machine does not skew them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop import games  # noqa: E402
from tabletop.engine import Match, Seat  # noqa: E402
from tabletop.engine.replay import Replay  # noqa: E402

CASES = [("villainous", 3), ("superinmundos", 4), ("mount_gram", 2), ("msx_cards", 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game_id, players in CASES:
        match = Match.start(games.game(game_id), [Seat(f"P{i + 1}", "heuristic") for i in range(players)], {},
                            seed=args.seed)
        while match.decision() is not None and len(match.actions) < games.spec(game_id).max_steps:
            match.bot_step()
        replay = Replay.of(match)
        start = time.process_time()
        replay.state_at(len(replay))
        end_ms = (time.process_time() - start) * 1000
        worst = 0.0
        start = time.process_time()
        for step in range(len(replay) - 1, -1, -1):
            one = time.process_time()
            replay.state_at(step)
            worst = max(worst, time.process_time() - one)
        back = (time.process_time() - start) * 1000 / max(1, len(replay))
        print(f"{game_id:<14} {len(replay):>5} actions · End {end_ms:6.1f} ms · ← avg {back:.2f} ms, "
              f"worst {worst * 1000:.1f} ms")


if __name__ == "__main__":
    main()
