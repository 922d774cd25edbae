"""Memory of a long balance-lab run: resident set size of the parent and of the workers, sampled
as the chunks come back, so that growth over the run would show.

    .venv/bin/python benchmarks/lab_rss.py [--game superinmundos] [--games 4000] [--players 4] [--jobs 2]

Prints the parent's RSS and the sum over live workers at 10 points of the run, then the growth of
the parent from the first tenth to the end (workers are replaced every MAX_CHUNKS_PER_WORKER chunks).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.lab.runner import default_jobs  # noqa: E402
from tabletop.simulate import run_simulation  # noqa: E402


def rss_kib(pid: str | int = "self") -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="superinmundos")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    args = parser.parse_args()
    done, samples, marks = 0, [], iter(range(1, 11))
    mark = next(marks)

    def sample(games: int) -> None:
        nonlocal done, mark
        done += games
        if done * 10 >= mark * args.games:
            workers = [rss_kib(p.pid) for p in multiprocessing.active_children()]
            samples.append((done, rss_kib(), sum(workers), len(workers)))
            mark = next(marks, 11)

    report = run_simulation(args.game, args.games, args.players, [], 0, {}, progress=sample, jobs=args.jobs)
    print(f"{args.game}: {args.games} games, {args.players} players, {args.jobs} job(s), "
          f"{report['timing']['seconds']} s")
    print(f"{'games':>7} {'parent MiB':>11} {'workers MiB':>12} {'workers':>8}")
    for games, parent, workers, n in samples:
        print(f"{games:>7} {parent / 1024:>11.1f} {workers / 1024:>12.1f} {n:>8}")
    if len(samples) >= 2:
        print(f"parent growth from the first tenth to the end: {(samples[-1][1] - samples[0][1]) / 1024:+.1f} MiB")


if __name__ == "__main__":
    main()
