"""Tabletop benchmarks: one command (``make bench``) prints every figure the targets name.

- ``tabletop --help`` wall time (median of several runs) and whether Textual got imported;
- the main menu's first frame, from a fresh interpreter (imports included), headless;
- a late-game save: write time (atomic, fsync included), file size, load time (validate+replay);
- per registered game: random-playout throughput (legal_actions + apply per action) and clone().

Targets (2-core machine): ≥ 20,000 actions/s, clone ≤ 0.1 ms, --help ≤ 160 ms, first frame
≤ 420 ms, autosave ≤ 5 ms and ≤ 200 KB.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop import games  # noqa: E402
from tabletop.engine import Match, Seat  # noqa: E402
from tabletop.engine.rng import Rng  # noqa: E402
from tabletop.engine.saves import load, save  # noqa: E402

BIN = Path(sys.executable).parent


def bench_help(runs: int = 9) -> dict[str, float | bool]:
    exe = BIN / "tabletop"
    cmd = [str(exe), "--help"] if exe.exists() else [sys.executable, "-m", "tabletop", "--help"]
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    probe = subprocess.run(
        [sys.executable, "-c", "import sys\nfrom tabletop.cli import app\n"
         "import typer.testing as tt\ntt.CliRunner().invoke(app, ['--help'])\n"
         "print('textual' in sys.modules)"], capture_output=True, text=True, check=True)
    return {"help_ms_median": round(statistics.median(times) * 1000, 1),
            "help_imports_textual": probe.stdout.strip() == "True"}


FIRST_FRAME = r"""
import time, sys
t0 = time.perf_counter()
import asyncio
from tabletop.ui.app import TabletopApp
from tabletop.ui.menus import MainMenu
async def main():
    app = TabletopApp(saves_dir=sys.argv[1], animate=False)
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, MainMenu):
            await pilot.pause()
        await pilot.pause()
        print(round((time.perf_counter() - t0) * 1000, 1))
asyncio.run(main())
"""


def bench_first_frame(runs: int = 5) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        times = [float(subprocess.run([sys.executable, "-c", FIRST_FRAME, tmp], capture_output=True,
                                      text=True, check=True).stdout.split()[-1]) for _ in range(runs)]
    return {"menu_first_frame_ms_median": statistics.median(times)}


def late_game(game_id: str, players: int, options: dict[str, object], seed: int = 1) -> Match:
    """A game played by random bots to about 90% of its length: a realistic big autosave."""
    game = games.game(game_id)
    seats = [Seat(f"P{i + 1}", "random") for i in range(players)]
    full = Match.start(game, seats, options, seed=seed)
    while full.decision() is not None and len(full.actions) < game.spec.max_steps:
        full.bot_step()
    match = Match.start(game, seats, options, seed=seed)
    for action_id in full.actions[: int(len(full.actions) * 0.9)]:
        match.play(action_id)
    return match


def bench_save(game_id: str, players: int, options: dict[str, object]) -> dict[str, float]:
    match = late_game(game_id, players, options)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "late.json"
        times = []
        for _ in range(20):
            t = time.perf_counter()
            save(match, path)
            times.append(time.perf_counter() - t)
        size = path.stat().st_size
        t = time.perf_counter()
        load(path, games.game)
        load_s = time.perf_counter() - t
    return {"actions": len(match.actions), "save_ms_median": round(statistics.median(times) * 1000, 2),
            "save_kb": round(size / 1024, 1), "load_ms": round(load_s * 1000, 1)}


SETUPS: dict[str, tuple[int, dict[str, object]]] = {
    "superinmundos": (4, {}), "msx_cards": (1, {}), "villainous": (4, {}), "mount_gram": (2, {}),
}
"""The set-up measured per game: a full-length game with default options at a usual table size."""


def bench_setup(spec: object) -> tuple[int, dict[str, object]]:
    """``SETUPS`` for known games; otherwise the largest conformance set-up up to 4 seats."""
    if spec.id in SETUPS:  # type: ignore[attr-defined]
        return SETUPS[spec.id]  # type: ignore[attr-defined]
    setups = spec.conformance_setups()  # type: ignore[attr-defined]
    plain = [(n, o) for n, o in setups if not o and n <= 4] or setups
    return max(plain, key=lambda s: s[0])


def bench_rules(game_id: str, players: int, seconds: float, options: dict[str, object] | None = None,
                ) -> dict[str, float]:
    game = games.game(game_id)
    seats = [Seat(f"P{i + 1}") for i in range(players)]
    options = game.spec.resolve_options(options or {})
    rng = Rng(12345)
    actions = 0
    finished = 0
    clone_times = []
    seed = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    while time.perf_counter() - t0 < seconds:
        state = game.setup(seats, options, seed)
        seed += 1
        steps = 0
        while game.decision(state) is not None and steps < game.spec.max_steps:
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.below(len(legal))].id)
            steps += 1
            if steps % 50 == 0:
                t = time.perf_counter()
                game.clone(state)
                clone_times.append(time.perf_counter() - t)
        actions += steps
        finished += 1
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"actions_per_s": round(actions / elapsed), "actions_per_cpu_s": round(actions / cpu), "games": finished,
            "clone_ms_median": round(statistics.median(clone_times) * 1000, 4) if clone_times else 0.0,
            "clone_ms_max": round(max(clone_times) * 1000, 4) if clone_times else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per game")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", choices=["cli", "ui", "rules"], help="run one part")
    args = parser.parse_args()
    report: dict[str, object] = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]}}
    if args.only in (None, "cli"):
        report["cli"] = bench_help()
    if args.only in (None, "ui"):
        report["ui"] = bench_first_frame()
    if args.only in (None, "rules"):
        for gid, spec in games.specs().items():
            players, options = bench_setup(spec)
            report[gid] = {"players": players, "options": options,
                           **bench_rules(gid, players, args.seconds, options),
                           "late_save": bench_save(gid, players, options)}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for key, value in report.items():
        print(f"{key}: {json.dumps(value)}")


if __name__ == "__main__":
    main()
