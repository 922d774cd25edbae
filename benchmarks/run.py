"""Tabletop benchmarks: one command (``make bench``) prints every figure the targets name, each as a
ratio to an anchor measured in the same run (``benchmarks/anchors.py``), CPU and wall.

| figure | anchor | target |
|---|---|---|
| random-playout actions per CPU-second, every game at every player count | python-chess random playouts | ≥ 2× |
| the bot-turn path (``Match.bot_step``) | raw ``legal_actions`` + ``apply``, same (bot) seats | within 1.5× |
| ``clone()`` | — | ≤ 0.1 ms |
| CPU per cursor key on each game screen | a one-Static Textual update | ≤ 2× |
| ``tabletop --help`` and a subcommand's ``-h`` | ``import typer`` | ≤ 1.3×, never imports Textual |
| main-menu first frame (empty saves folder, and six saves) | a one-Static app's first frame | ≤ 1.3× |
| autosave on the key path | a synchronous save (write + fsync) | the UI never waits on the disk |
| worst-case save | — | ≤ 200 KB |
| memory of a long simulation | — | flat |

Benchmarks, not timed tests: nothing here fails a build. ``--json`` prints the same for machines;
``--only`` runs one part; ``--repeat N`` repeats the rules part and reports min–max. Start-up,
first-frame and key figures pair each run of ours with an anchor run just before or after it and
report the median ratio with the min–max of the pairs, as the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import anchors  # noqa: E402
import screens  # noqa: E402

from tabletop import games  # noqa: E402
from tabletop.engine import Match, Seat  # noqa: E402
from tabletop.engine.rng import Rng  # noqa: E402
from tabletop.engine.saves import load, save  # noqa: E402

BIN = Path(sys.executable).parent


CLI = "import sys\nfrom tabletop.launch import main\nsys.argv[0] = 'tabletop'\nmain()\n"
"""What the ``tabletop`` script runs, run from this checkout (the installed script may be another's)."""

CLI_PROBE = r"""
import sys
from tabletop.launch import main
sys.argv[:] = ["tabletop", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print("textual" in sys.modules, "pydantic" in sys.modules, file=sys.stderr)
"""


def _wall_ms(cmd: list[str]) -> tuple[float, float]:
    """(wall ms, CPU ms) of a child process, run from the project root."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    wall = (time.perf_counter() - t) * 1000
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000


def _spread(pairs: list[tuple[float, float]]) -> dict[str, float]:
    """Median of the ratios of interleaved (ours, anchor) runs, with their min–max."""
    ratios = [a / b for a, b in pairs if b]
    return {"ratio": round(statistics.median(ratios), 2), "min": round(min(ratios), 2),
            "max": round(max(ratios), 2)}


HELP_CASES = {"--help": ["--help"], "--lang es --help": ["--lang", "es", "--help"], "new -h": ["new", "-h"],
              "simulate -h": ["simulate", "-h"], "verify -h": ["verify", "-h"]}


def bench_help(runs: int = 9) -> dict[str, object]:
    """``tabletop --help`` and subcommand help ÷ ``import typer``, runs interleaved; CPU and wall."""
    out: dict[str, object] = {}
    typer_cmd = [sys.executable, "-c", "import typer"]
    for name, args in HELP_CASES.items():
        wall_pairs, cpu_pairs = [], []
        for _ in range(runs):
            ours = _wall_ms([sys.executable, "-c", CLI, *args])
            anchor = _wall_ms(typer_cmd)
            wall_pairs.append((ours[0], anchor[0]))
            cpu_pairs.append((ours[1], anchor[1]))
        probe = subprocess.run([sys.executable, "-c", CLI_PROBE, *args], capture_output=True, text=True, cwd=ROOT)
        textual, pydantic = (w == "True" for w in probe.stderr.split()[-2:])
        out[name] = {"wall": _spread(wall_pairs), "cpu": _spread(cpu_pairs),
                     "ms_median": round(statistics.median(a for a, _ in wall_pairs), 1),
                     "typer_ms_median": round(statistics.median(b for _, b in wall_pairs), 1),
                     "imports_textual": textual, "imports_pydantic": pydantic}
    return out


FIRST_FRAME = 'MARK = "T A B L E T O P"\n' + anchors.FRAME_PROBE + r"""
import sys
from tabletop.ui.app import TabletopApp
async def main():
    app = TabletopApp(saves_dir=sys.argv[1], animate=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
asyncio.run(main())
"""


def _saves_folder(folder: Path, n: int = 6) -> None:
    """``n`` saves of short bot games: the Recent list of a player who has played before."""
    specs = list(games.specs().items())
    for i in range(n):
        gid, spec = specs[i % len(specs)]
        players, options = bench_setup(spec)
        match = Match.start(games.game(gid), [Seat(f"P{k + 1}", "random") for k in range(players)], options, seed=i)
        for _ in range(30):
            if match.bot_step() is None:
                break
        save(match, folder / f"{gid}-{i}.json")


def bench_first_frame(runs: int = 7) -> dict[str, object]:
    """The main menu's first frame ÷ a one-Static app's, runs interleaved, CPU and wall: with an
    empty saves folder and with six saves (read after the first frame, replayed on a worker)."""
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as full:
        _saves_folder(Path(full))
        for name, folder in (("empty", empty), ("six_saves", full)):
            rows = []
            for _ in range(runs):
                rows.append((anchors.first_frame(FIRST_FRAME, folder), anchors.one_static_first_frame()))
            out[name] = {
                "wall": _spread([(m[0], o[0]) for m, o in rows]), "cpu": _spread([(m[1], o[1]) for m, o in rows]),
                "settled_wall": _spread([(m[2], o[2]) for m, o in rows]),
                "menu_ms_median": round(statistics.median(m[0] for m, _ in rows), 1),
                "one_static_ms_median": round(statistics.median(o[0] for _, o in rows), 1),
                "menu_settled_ms_median": round(statistics.median(m[2] for m, _ in rows), 1),
            }
    return out


def late_game(game_id: str, players: int, options: dict[str, object], seed: int = 1, *,
              rest: bool = False) -> Any:
    """A game played by random bots to about 90% of its length: a realistic big autosave (with
    ``rest``: and the actions of its last tenth, as a pair)."""
    game = games.game(game_id)
    seats = [Seat(f"P{i + 1}", "random") for i in range(players)]
    full = Match.start(game, seats, options, seed=seed)
    while full.decision() is not None and len(full.actions) < game.spec.max_steps:
        full.bot_step()
    match = Match.start(game, seats, options, seed=seed)
    cut = int(len(full.actions) * 0.9)
    for action_id in full.actions[:cut]:
        match.play(action_id)
    return (match, full.actions[cut:]) if rest else match


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


def setups_per_count(spec: object) -> list[tuple[int, dict[str, object]]]:
    """One set-up per player count the game allows: default options, or for a count that needs an
    option (MSX Cards' two-player versus) the first conformance set-up with that count."""
    out: list[tuple[int, dict[str, object]]] = []
    conf = spec.conformance_setups()  # type: ignore[attr-defined]
    for n in range(spec.min_players, spec.max_players + 1):  # type: ignore[attr-defined]
        plain = [(c, o) for c, o in conf if c == n and not o]
        other = [(c, o) for c, o in conf if c == n]
        if plain or other:
            out.append((plain or other)[0])
        else:
            out.append((n, {}))
    return out


class Playouts:
    """Random playouts of one game set-up, resumable in CPU-time slices (for interleaving)."""

    def __init__(self, game_id: str, players: int, options: dict[str, object], *, bot_path: bool = False,
                 bot_seats: bool = False) -> None:
        self.game = games.game(game_id)
        kind = "random" if bot_path or bot_seats else "human"
        self.seats = [Seat(f"P{i + 1}", kind) for i in range(players)]
        self.options = self.game.spec.resolve_options(options)
        self.bot_path = bot_path
        self.rng = Rng(12345)
        self.seed = 0
        self.match: Match | None = None
        self.state = None
        self.steps = 0
        self.clone_times: list[float] = []

    def _new_game(self) -> None:
        self.steps = 0
        if self.bot_path:
            self.match = Match.start(self.game, self.seats, self.options, seed=self.seed)
        else:
            self.state = self.game.setup(self.seats, self.options, self.seed)
        self.seed += 1

    def __call__(self, cpu_seconds: float) -> tuple[int, float, float]:
        game = self.game
        done = 0
        c0, w0 = time.process_time(), time.perf_counter()
        while time.process_time() - c0 < cpu_seconds:
            if self.bot_path:
                if self.match is None or self.match.decision() is None or self.steps >= game.spec.max_steps:
                    self._new_game()
                assert self.match is not None
                for _ in range(50):
                    if self.match.bot_step() is None:
                        break
                    self.steps += 1
                    done += 1
                continue
            if self.state is None or game.decision(self.state) is None or self.steps >= game.spec.max_steps:
                self._new_game()
            state = self.state
            for _ in range(50):
                if game.decision(state) is None:
                    break
                legal = game.legal_actions(state)
                game.apply(state, legal[self.rng.below(len(legal))].id)
                self.steps += 1
                done += 1
            t = time.perf_counter()
            game.clone(state)
            self.clone_times.append(time.perf_counter() - t)
        return done, time.process_time() - c0, time.perf_counter() - w0


def bench_rules(game_id: str, players: int, options: dict[str, object], *, slices: int, slice_s: float,
                ) -> dict[str, object]:
    """Rules throughput against python-chess, the bot path against the raw path, clone()."""
    raw = Playouts(game_id, players, options)
    rules = anchors.interleaved(raw, slices=slices, slice_s=slice_s)
    bot = Playouts(game_id, players, options, bot_path=True)
    c_bot = anchors.interleaved(bot, slices=max(2, slices // 2), slice_s=slice_s)
    # The bot path's overhead is judged against raw apply on the *same* seats: a game with human
    # seats stops at prompts bots are never asked (Superinmundos' pass windows), a different mix.
    raw_bots = Playouts(game_id, players, options, bot_seats=True)
    c_raw_bots = anchors.interleaved(raw_bots, slices=max(2, slices // 2), slice_s=slice_s)
    clones = raw.clone_times
    return {
        "players": players, "options": options,
        "actions_per_cpu_s": rules["per_cpu_s"], "chess_plies_per_cpu_s": rules["chess_plies_per_cpu_s"],
        "vs_chess_cpu": rules["ratio_cpu"], "vs_chess_wall": rules["ratio_wall"],
        "vs_chess_cpu_min": rules["ratio_cpu_min"], "vs_chess_cpu_max": rules["ratio_cpu_max"],
        "bot_path_actions_per_cpu_s": c_bot["per_cpu_s"],
        "bot_path_slowdown": round(c_raw_bots["ratio_cpu"] / c_bot["ratio_cpu"], 2) if c_bot["ratio_cpu"] else 0.0,
        "raw_bot_seats_actions_per_cpu_s": c_raw_bots["per_cpu_s"],
        "bot_path_slowdown_vs_human_seats": round(rules["ratio_cpu"] / c_bot["ratio_cpu"], 2) if c_bot["ratio_cpu"] else 0.0,
        "bot_path_slowdown_wall": round(c_raw_bots["ratio_wall"] / c_bot["ratio_wall"], 2) if c_bot["ratio_wall"] else 0.0,
        "clone_ms_median": round(statistics.median(clones) * 1000, 4) if clones else 0.0,
        "clone_ms_max": round(max(clones) * 1000, 4) if clones else 0.0,
    }


def bench_keys(runs: int = 3) -> dict[str, object]:
    """CPU (and wall) per cursor key on each game screen ÷ per update of a one-Static app, on every
    cursor a player moves (``screens.cursors``: Mount Gram's table as well as its hand); each run
    is paired with an anchor run just before it. A game's figure is its dearest cursor's (the
    target holds on every cursor); each cursor's is under ``cursors``."""
    out: dict[str, object] = {}
    anchor_runs: list[tuple[float, float]] = []
    for gid, spec in games.specs().items():
        players = min(2, spec.max_players)
        rows: dict[str, dict[str, object]] = {}
        for cursor in screens.cursors(gid):
            pairs = []
            for _ in range(runs):
                anchor = anchors.one_static_key_ms()
                anchor_runs.append(anchor)
                pairs.append((screens.key_ms(gid, players, cursor=cursor), anchor))
            rows[cursor[0]] = {
                "players": players,
                "cpu": _spread([(g[0], a[0]) for g, a in pairs]), "wall": _spread([(g[1], a[1]) for g, a in pairs]),
                "key_cpu_ms_median": round(statistics.median(g[0] for g, _ in pairs), 3),
                "key_wall_ms_median": round(statistics.median(g[1] for g, _ in pairs), 3),
                "one_static_cpu_ms_median": round(statistics.median(a[0] for _, a in pairs), 3)}
        dearest = max(rows, key=lambda name: rows[name]["cpu"]["ratio"])  # type: ignore[index]
        out[gid] = {**rows[dearest], "cursor": dearest, "cursors": rows}
    out["one_static_key_cpu_ms"] = round(statistics.median(a[0] for a in anchor_runs), 3) if anchor_runs else 0.0
    return out


def bench_autosave(game_id: str, players: int, options: dict[str, object], actions: int = 40) -> dict[str, float]:
    """What an action's autosave costs the key path now (encode the document, hand it to the
    writer thread) beside what a synchronous save cost it (encode, write, fsync, rename), on the
    last tenth of a long game."""
    from tabletop.engine.autosave import DocumentEncoder, WriteBehind

    match, rest = late_game(game_id, players, options, rest=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "late.json"
        writer, encoder = WriteBehind(), DocumentEncoder()
        writer.submit(path, encoder.encode(match))  # a screen's first autosave encodes it all once
        writer.flush()
        key_cpu, key_wall = [], []
        for action_id in rest[:actions]:
            match.play(action_id)
            c, w = time.process_time(), time.perf_counter()
            writer.submit(path, encoder.encode(match))
            key_cpu.append(time.process_time() - c)
            key_wall.append(time.perf_counter() - w)
        writer.flush()
        sync_cpu, sync_wall = [], []
        for _ in range(10):
            c, w = time.process_time(), time.perf_counter()
            save(match, path)
            sync_cpu.append(time.process_time() - c)
            sync_wall.append(time.perf_counter() - w)
    med = statistics.median
    return {"actions": len(key_wall), "key_path_ms_median": round(med(key_wall) * 1000, 3),
            "key_path_ms_max": round(max(key_wall) * 1000, 3), "key_path_cpu_ms_median": round(med(key_cpu) * 1000, 3),
            "sync_save_ms_median": round(med(sync_wall) * 1000, 3), "sync_save_cpu_ms_median": round(med(sync_cpu) * 1000, 3),
            "key_path_vs_sync_wall": round(med(key_wall) / med(sync_wall), 3)}


def bench_startup(runs: int = 7) -> dict[str, object]:
    """``--help`` and subcommand help ÷ ``import typer``; the menu's first frame ÷ a one-Static
    app's. Fresh interpreters, ours and the anchor interleaved run by run."""
    return {"help": bench_help(runs), "first_frame": bench_first_frame(runs)}


MEMORY = r"""
import resource, sys
from tabletop import games
from tabletop.engine import Match, Seat
def rss_kb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * (resource.getpagesize() // 1024)
game_id, players, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = games.game(game_id)
seats = [Seat(f"P{i}", "heuristic") for i in range(players)]
marks = []
for seed in range(n):
    m = Match.start(game, seats, {}, seed=seed)
    while m.bot_step() is not None and len(m.actions) < game.spec.max_steps:
        pass
    if seed + 1 in (n // 4, n):
        marks.append(rss_kb())
print(marks[0], marks[1])
"""


def bench_memory(games_n: int = 200, only: str | None = None) -> dict[str, object]:
    """Resident memory after a quarter and after all of a long heuristic simulation, per game."""
    out: dict[str, object] = {}
    for gid, spec in games.specs().items():
        if only and gid != only:
            continue
        players = 2 if spec.max_players >= 2 and gid != "msx_cards" else 1
        res = subprocess.run([sys.executable, "-c", MEMORY, gid, str(players), str(games_n)], capture_output=True,
                             text=True, check=True, cwd=ROOT)
        first, last = (int(x) for x in res.stdout.split())
        out[gid] = {"games": games_n, "rss_kb_at_quarter": first, "rss_kb_at_end": last,
                    "growth_kb_per_100_games": round((last - first) / (games_n * 0.75) * 100)}
    return out


REPEATED = ("vs_chess_cpu", "vs_chess_wall", "bot_path_slowdown", "bot_path_slowdown_wall")


def repeated(runs: list[dict[str, object]]) -> dict[str, object]:
    """The first run's figures, the repeated ones replaced by their median over ``runs`` with
    ``<name>_runs`` listing every run (``--repeat``)."""
    row = dict(runs[0])
    for key in REPEATED:
        values = [float(r[key]) for r in runs]  # type: ignore[arg-type]
        row[key] = round(statistics.median(values), 3)
        row[f"{key}_runs"] = values
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slices", type=int, default=6, help="interleaved slices per game set-up")
    parser.add_argument("--slice", type=float, default=0.5, help="CPU seconds per slice")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", choices=["startup", "keys", "rules", "saves", "memory"], help="run one part")
    parser.add_argument("--game", help="rules and memory parts: only this game")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rules part: measure each set-up N times and report the min–max of the runs")
    args = parser.parse_args()
    report: dict[str, object] = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                                             "load_avg": os.getloadavg()[0]}}
    if args.only in (None, "startup"):
        report["startup"] = bench_startup()
    if args.only in (None, "keys"):
        report["keys"] = bench_keys()
    if args.only in (None, "rules"):
        rules: dict[str, object] = {}
        for gid, spec in games.specs().items():
            if args.game and gid != args.game:
                continue
            rules[gid] = [repeated([bench_rules(gid, n, o, slices=args.slices, slice_s=args.slice)
                                    for _ in range(max(1, args.repeat))])
                          for n, o in setups_per_count(spec)]
        report["rules"] = rules
    if args.only in (None, "saves"):
        report["saves"] = {gid: bench_save(gid, *bench_setup(spec)) for gid, spec in games.specs().items()}
        report["saves"]["villainous_6p"] = bench_save("villainous", 6, {})  # type: ignore[index]
        report["autosave"] = {gid: bench_autosave(gid, *bench_setup(spec)) for gid, spec in games.specs().items()}
        report["autosave"]["villainous_6p"] = bench_autosave("villainous", 6, {})  # type: ignore[index]
    if args.only in (None, "memory"):
        report["memory"] = bench_memory(only=args.game)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print_table(report)


def print_table(report: dict[str, object]) -> None:
    """The figures of the targets table, one line each, with the target beside them."""
    print(f"machine: {json.dumps(report['machine'])}")
    if "startup" in report:
        st = report["startup"]
        for name, h in st["help"].items():  # type: ignore[index]
            print(f"tabletop {name:<17} ÷ import typer {h['cpu']['ratio']:>5}× CPU (min–max {h['cpu']['min']}–"
                  f"{h['cpu']['max']}), {h['wall']['ratio']}× wall ({h['wall']['min']}–{h['wall']['max']})  (≤ 1.3×)  "
                  f"{h['ms_median']} ms vs {h['typer_ms_median']} ms; imports Textual: {h['imports_textual']}, "
                  f"pydantic: {h['imports_pydantic']}")
        for name, f in st["first_frame"].items():  # type: ignore[index]
            print(f"menu first frame ({name:<9}) ÷ one Static {f['wall']['ratio']:>5}× wall (min–max {f['wall']['min']}–"
                  f"{f['wall']['max']}), {f['cpu']['ratio']}× CPU ({f['cpu']['min']}–{f['cpu']['max']})  (≤ 1.3×)  "
                  f"{f['menu_ms_median']} ms vs {f['one_static_ms_median']} ms; settled {f['menu_settled_ms_median']} ms "
                  f"({f['settled_wall']['ratio']}×)")
    if "keys" in report:
        keys = report["keys"]
        print(f"one-Static app: {keys['one_static_key_cpu_ms']} ms CPU per key")  # type: ignore[index]
        for gid, k in keys.items():  # type: ignore[union-attr]
            if isinstance(k, dict):
                print(f"key ÷ one-Static {gid:<14}{k['cpu']['ratio']:>6}× CPU (min–max {k['cpu']['min']}–{k['cpu']['max']}), "
                      f"{k['wall']['ratio']}× wall ({k['wall']['min']}–{k['wall']['max']})  (≤ 2×)  "
                      f"{k['key_cpu_ms_median']} ms CPU vs {k['one_static_cpu_ms_median']} ms, {k['players']}p"
                      f" ({k['cursor']} cursor, the dearest)")
                for name, c in k["cursors"].items():
                    print(f"  {name:<8} cursor {c['cpu']['ratio']:>6}× CPU (min–max {c['cpu']['min']}–{c['cpu']['max']}), "
                          f"{c['key_cpu_ms_median']} ms CPU vs {c['one_static_cpu_ms_median']} ms")
    if "rules" in report:
        for gid, rows in report["rules"].items():  # type: ignore[union-attr]
            for r in rows:
                runs = r.get("vs_chess_cpu_runs", [])
                spread = f"runs {min(runs)}–{max(runs)}" if len(runs) > 1 else \
                    f"slices {r['vs_chess_cpu_min']}–{r['vs_chess_cpu_max']}"
                bot_runs = r.get("bot_path_slowdown_runs", [])
                bot_spread = f" (runs {min(bot_runs)}–{max(bot_runs)})" if len(bot_runs) > 1 else ""
                print(f"rules ÷ chess {gid:<14} {r['players']}p {r['vs_chess_cpu']:>6}× CPU, {r['vs_chess_wall']}× wall "
                      f"(≥ 2×; {spread})")
                print(f"  bot path {gid:<14} {r['players']}p {r['bot_path_actions_per_cpu_s']} actions/CPU-s beside raw "
                      f"{r.get('raw_bot_seats_actions_per_cpu_s', r['actions_per_cpu_s'])} (same seats): "
                      f"{r['bot_path_slowdown']}× slower CPU{bot_spread}, "
                      f"{r['bot_path_slowdown_wall']}× wall (≤ 1.5×); clone {r['clone_ms_median']} ms "
                      f"max {r['clone_ms_max']} (≤ 0.1)")
    if "saves" in report:
        for gid, sv in report["saves"].items():  # type: ignore[union-attr]
            print(f"late save {gid:<16} {sv['save_kb']} KB (≤ 200), write {sv['save_ms_median']} ms, load {sv['load_ms']} ms")
    if "autosave" in report:
        for gid, a in report["autosave"].items():  # type: ignore[union-attr]
            print(f"autosave on the key path {gid:<14} {a['key_path_ms_median']} ms (max {a['key_path_ms_max']}; "
                  f"{a['key_path_cpu_ms_median']} ms CPU) beside {a['sync_save_ms_median']} ms for a synchronous save: "
                  f"{a['key_path_vs_sync_wall']}× (the disk is written by a thread)")
    if "memory" in report:
        for gid, m in report["memory"].items():  # type: ignore[union-attr]
            print(f"memory {gid:<18} {m['growth_kb_per_100_games']:+} KB per 100 games (flat); RSS "
                  f"{m['rss_kb_at_quarter']} KB after {m['games'] // 4} games, {m['rss_kb_at_end']} KB after {m['games']}")


if __name__ == "__main__":
    main()
