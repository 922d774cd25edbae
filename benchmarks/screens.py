"""CPU per cursor key on each game's screen, run in a fresh interpreter per game.

The seat at the keyboard is human, the others heuristic bots (so no curtain interrupts); the game
is played on by bots until the human must decide, then ``right``/``left`` alternate: the cursor
moves over the board, nothing is played. Printed: CPU and wall milliseconds per key.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAME_KEYS = r"""
import asyncio, sys, time, tempfile
from pathlib import Path
from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen

game_id, players, keys = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

async def main():
    game = games.game(game_id)
    seats = [Seat("Ana")] + [Seat(f"Bot{i}", "heuristic") for i in range(1, players)]
    options = {"versus": True} if game_id == "msx_cards" and players == 2 else {}
    match = Match.start(game, seats, options, seed=3)
    while match.bot_to_move():
        match.bot_step()
    tmp = Path(tempfile.mkdtemp())
    app = TabletopApp(saves_dir=tmp, match=match, save_path=tmp / "g.json", animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                break
            await pilot.press("enter")  # a curtain on open
        for _ in range(6):
            await pilot.press("right")
        await pilot.pause()
        c0, w0 = time.process_time(), time.perf_counter()
        for i in range(keys):
            await pilot.press("right" if i % 2 else "left")
        await pilot.pause()
        print((time.process_time() - c0) / keys * 1000, (time.perf_counter() - w0) / keys * 1000)

asyncio.run(main())
"""


def key_ms(game_id: str, players: int, keys: int = 100) -> tuple[float, float]:
    """(CPU ms, wall ms) per cursor key on the game's screen, run from this checkout."""
    out = subprocess.run([sys.executable, "-c", GAME_KEYS, game_id, str(players), str(keys)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    cpu, wall = out.stdout.split()[-2:]
    return float(cpu), float(wall)
