"""CPU per cursor key on each game's screen, run in a fresh interpreter per game and cursor.

The seat at the keyboard is human, the others heuristic bots (so no curtain interrupts); the game
is played on by bots until the human must decide. Then, on each cursor a player moves (``CURSORS``:
the widget the screen focuses first, and the others a game has, such as Mount Gram's table), keys
move the cursor and nothing is played: ``left``/``right`` alternate on the first cursor, after six
``right`` (it moves to and fro over the board); a sweep (``down`` half the keys, then ``up``) walks a cursor over
every place it can reach, across its zones. Printed: CPU and wall milliseconds per key.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CURSORS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "superinmundos": (("decision", "#decision", "sweep:down,up"), ("hand", "#hand", "sweep:down,up"),
                      ("stack", "#stack", "sweep:down,up")),
    "villainous": (("symbols", "#realm", "sweep:down,up"), ("hand", "#hand", "alternate:left,right")),
    "msx_cards": (("decision", "#decision", "sweep:down,up"),),
    "mount_gram": (("table", "#table", "sweep:down,up"), ("decision", "#decision", "sweep:down,up")),
}
"""Per game, the cursors besides the first focused one: (name, CSS selector focused, keys). The
choices list (``#decision``) moves with ↑/↓; a hand grid, a stack, a realm's symbols, a table of
zones too; a row of cards with ←/→. The log only scrolls: it is no cursor."""

DEFAULT_CURSOR = ("first", "", "alternate:left,right")
"""The widget the screen focuses first, ``right``/``left`` alternating (every game)."""

GAME_KEYS = r"""
import asyncio, sys, time, tempfile
from pathlib import Path
from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen

game_id, players, keys = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
selector, pattern = (sys.argv[4], sys.argv[5]) if len(sys.argv) > 5 else ("", "alternate:left,right")
how, pair = pattern.split(":")
first, second = pair.split(",")

def key(i):
    if how == "sweep":  # over every place the cursor reaches, then back
        return first if i < keys // 2 else second
    return second if i % 2 else first

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
        if selector:
            widget = app.screen.query_one(selector)
            widget.focus()
            await pilot.pause()
            if app.focused is not widget:
                sys.exit(f"{selector} cannot take the focus")
        for _ in range(6):
            await pilot.press(first if selector else "right")
        await pilot.pause()
        c0, w0 = time.process_time(), time.perf_counter()
        for i in range(keys):
            await pilot.press(key(i))
        await pilot.pause()
        print((time.process_time() - c0) / keys * 1000, (time.perf_counter() - w0) / keys * 1000)

asyncio.run(main())
"""


def key_ms(game_id: str, players: int, keys: int = 100, cursor: tuple[str, str, str] = DEFAULT_CURSOR,
           root: Path = ROOT) -> tuple[float, float]:
    """(CPU ms, wall ms) per cursor key on the game's screen, on this cursor, run from ``root`` (this
    checkout unless told)."""
    _, selector, pattern = cursor
    out = subprocess.run([sys.executable, "-c", GAME_KEYS, game_id, str(players), str(keys), selector, pattern],
                         capture_output=True, text=True, check=True, cwd=root)
    cpu, wall = out.stdout.split()[-2:]
    return float(cpu), float(wall)


def cursors(game_id: str) -> tuple[tuple[str, str, str], ...]:
    """Every cursor of the game's screen the keys benchmark presses keys on."""
    return (DEFAULT_CURSOR, *CURSORS.get(game_id, ()))
