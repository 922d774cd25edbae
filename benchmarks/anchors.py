"""Reference workloads every figure of ``make bench`` is divided by, measured in the same run.

A figure in absolute units ("18,500 actions/s") says as much about the machine as about the code;
a ratio to a well-known workload measured seconds earlier on the same machine does not. The
anchors:

- python-chess random playouts (plies per CPU-second): the rules-throughput anchor. Rules and
  anchor are interleaved in short slices, so a machine that gets busier half-way affects both.
- a one-``Static`` Textual app: the anchor for the cost of a key press and of a first frame.
- ``import typer`` in a fresh interpreter: the anchor for ``tabletop --help``.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import chess

ROOT = Path(__file__).resolve().parent.parent
"""The checkout whose code the child processes run (``-c`` scripts import from their folder)."""


def chess_playouts(cpu_seconds: float, rnd: random.Random) -> tuple[int, float, float]:
    """Random chess games (at most 300 plies each) for about ``cpu_seconds`` of CPU time.

    Returns (plies, cpu seconds, wall seconds). Each ply lists the legal moves and pushes one, the
    same work a random playout of our games does (``legal_actions`` + ``apply``)."""
    plies = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while time.process_time() - c0 < cpu_seconds:
        board = chess.Board()
        for _ in range(300):
            if board.is_game_over(claim_draw=False):
                break
            moves = list(board.legal_moves)
            board.push(moves[rnd.randrange(len(moves))])
            plies += 1
    return plies, time.process_time() - c0, time.perf_counter() - w0


def interleaved(work: Callable[[float], tuple[int, float, float]], *, slices: int, slice_s: float,
                seed: int = 7) -> dict[str, float]:
    """Alternate ``slices`` slices of ``work`` and of chess playouts; the ratio of their rates.

    ``work(cpu_seconds)`` returns (units, cpu, wall) like :func:`chess_playouts`. The result holds
    the ratio over all slices (CPU and wall) and the min–max of the per-slice CPU ratios."""
    rnd = random.Random(seed)
    totals = {"units": 0, "cpu": 0.0, "wall": 0.0, "c_units": 0, "c_cpu": 0.0, "c_wall": 0.0}
    per_slice: list[float] = []
    for _ in range(slices):
        c_units, c_cpu, c_wall = chess_playouts(slice_s, rnd)
        units, cpu, wall = work(slice_s)
        totals["units"] += units
        totals["cpu"] += cpu
        totals["wall"] += wall
        totals["c_units"] += c_units
        totals["c_cpu"] += c_cpu
        totals["c_wall"] += c_wall
        if c_units and cpu:
            per_slice.append((units / cpu) / (c_units / c_cpu))
    rate_cpu = totals["units"] / totals["cpu"] if totals["cpu"] else 0.0
    rate_wall = totals["units"] / totals["wall"] if totals["wall"] else 0.0
    chess_cpu = totals["c_units"] / totals["c_cpu"] if totals["c_cpu"] else 0.0
    chess_wall = totals["c_units"] / totals["c_wall"] if totals["c_wall"] else 0.0
    return {
        "per_cpu_s": round(rate_cpu), "chess_plies_per_cpu_s": round(chess_cpu),
        "ratio_cpu": round(rate_cpu / chess_cpu, 3) if chess_cpu else 0.0,
        "ratio_wall": round(rate_wall / chess_wall, 3) if chess_wall else 0.0,
        "ratio_cpu_min": round(min(per_slice), 3) if per_slice else 0.0,
        "ratio_cpu_max": round(max(per_slice), 3) if per_slice else 0.0,
    }


ONE_STATIC_KEYS = r"""
import asyncio, sys, time
from textual.app import App
from textual.widgets import Static
class One(App):
    BINDINGS = [("right", "bump(1)"), ("left", "bump(-1)")]
    n = 0
    def compose(self):
        yield Static("0", id="s")
    def action_bump(self, d):
        self.n += d
        self.query_one("#s", Static).update(f"cursor at {self.n}")
async def main(keys):
    app = One()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(5):
            await pilot.press("right")
        await pilot.pause()
        c0, w0 = time.process_time(), time.perf_counter()
        for i in range(keys):
            await pilot.press("right" if i % 2 else "left")
        await pilot.pause()
        print((time.process_time() - c0) / keys * 1000, (time.perf_counter() - w0) / keys * 1000)
asyncio.run(main(int(sys.argv[1])))
"""

FRAME_PROBE = r"""
import time
T0, C0 = time.perf_counter(), time.process_time()
import asyncio
from textual.app import App
FIRST = []
_display = App._display
def _probe(self, screen, renderable):
    # the first frame handed to the terminal that shows MARK: the moment a person sees the screen
    if renderable is not None and not FIRST and hasattr(renderable, "render_segments"):
        t, c = time.perf_counter(), time.process_time()
        if MARK in "".join(renderable.render_segments(self.console)):
            FIRST.append((t, c))
    return _display(self, screen, renderable)
App._display = _probe
async def settle(pilot):
    while not FIRST:
        await pilot.pause()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    t, c = FIRST[0]
    print(round((t - T0) * 1000, 1), round((c - C0) * 1000, 1), round((time.perf_counter() - T0) * 1000, 1))
"""
"""Prelude of a first-frame script: it defines ``MARK`` first, then runs its app and awaits
``settle(pilot)``, which prints wall ms and CPU ms to the first frame showing ``MARK`` (from the
script's first line, so the interpreter's own start-up is left out of both apps alike) and wall ms
until the app is idle (deferred work done)."""

ONE_STATIC_FIRST_FRAME = 'MARK = "Tabletop"\n' + FRAME_PROBE + r"""
from textual.widgets import Static
class One(App):
    def compose(self):
        yield Static("Tabletop")
async def main():
    app = One()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
asyncio.run(main())
"""


def first_frame(script: str, *args: str) -> tuple[float, float, float]:
    """(wall ms, CPU ms) to the first frame, and wall ms until idle, of a ``FRAME_PROBE`` script."""
    out = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, check=True,
                         cwd=ROOT)
    wall, cpu, idle = (float(x) for x in out.stdout.split()[-3:])
    return wall, cpu, idle


def one_static_key_ms(keys: int = 200) -> tuple[float, float]:
    """(CPU ms, wall ms) per key press in a one-Static app (each key updates the Static)."""
    out = subprocess.run([sys.executable, "-c", ONE_STATIC_KEYS, str(keys)], capture_output=True, text=True,
                         check=True)
    cpu, wall = out.stdout.split()[-2:]
    return float(cpu), float(wall)


def one_static_first_frame() -> tuple[float, float, float]:
    return first_frame(ONE_STATIC_FIRST_FRAME)


def import_typer_ms() -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import typer"], check=True, capture_output=True)
    return (time.perf_counter() - t) * 1000


if __name__ == "__main__":  # a quick look at the anchors alone
    print(chess_playouts(1.0, random.Random(1)))
    print(one_static_key_ms(50))
