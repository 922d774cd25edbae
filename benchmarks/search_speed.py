"""Search bot speed: ISMCTS iterations per CPU-second, per game, on seeded mid-game states.

Run from the project root: ``python -m benchmarks.search_speed [--ms 1000] [--states 4]``.
Each state is reached by heuristic bots from a seed (a few dozen actions in); the search then
runs for ``--ms`` CPU milliseconds of this thread at the acting seat.
"""

from __future__ import annotations

import argparse
import importlib

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.engine.search import Budget, ismcts

SETUPS = (("superinmundos", 2, {}), ("villainous", 2, {}), ("msx_cards", 1, {}),
          ("msx_cards", 2, {"versus": True}), ("mount_gram", 2, {}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ms", type=float, default=1000.0, help="CPU milliseconds per search")
    ap.add_argument("--states", type=int, default=4, help="mid-game states per game")
    args = ap.parse_args()
    for game_id, players, options in SETUPS:
        game = games.game(game_id)
        mod = importlib.import_module(f"tabletop.games.{game_id}.search")
        iters = 0.0
        secs = 0.0
        for seed in range(args.states):
            match = Match.start(game, [Seat(f"P{i}", "heuristic") for i in range(players)], options, seed=seed)
            for _ in range(40 + 17 * seed):
                if match.decision() is None:
                    break
                match.bot_step()
            while (d := match.decision()) is not None and len(match.legal()) < 2:
                match.bot_step()
            if d is None:
                continue
            res = ismcts(game, match.state, d.seat, determinize=mod.determinize, evaluate=mod.evaluate,
                         rng=Rng(seed), budget=Budget(cpu_ms=args.ms))
            iters += res.iterations
            secs += args.ms / 1000
        label = f"{game_id} {players}p" + (" versus" if options.get("versus") else "")
        print(f"{label:<22} {iters / secs:8.0f} iterations per CPU-second")


if __name__ == "__main__":
    main()
