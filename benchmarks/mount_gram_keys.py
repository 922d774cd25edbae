"""Mount Gram screen: view builds and decision()/legal_actions() calls per cursor key press and per redraw.

    /work/main/.venv/bin/python -m benchmarks.mount_gram_keys

Counts calls into the game object (not the Match) while a pilot presses arrow keys on the table and
the hand row of a 2-seat game (one human, one heuristic bot), then during one ``refresh_all``.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen


async def main() -> None:
    game = games.game("mount_gram")
    seats = [Seat("Ana"), Seat("Bot1", "heuristic")]
    match = Match.start(game, seats, {}, seed=3)
    while match.bot_to_move():
        match.bot_step()
    counts = {"view": 0, "decision": 0, "legal_actions": 0}
    for name in counts:
        orig = getattr(game, name)
        def wrap(*a, _o=orig, _n=name, **k):
            counts[_n] += 1
            return _o(*a, **k)
        setattr(game, name, wrap)
    tmp = Path(tempfile.mkdtemp())
    app = TabletopApp(saves_dir=tmp, match=match, save_path=tmp / "g.json", animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                break
            await pilot.press("enter")
        for _ in range(6):
            await pilot.press("right")
        await pilot.pause()
        print("setup", dict(counts), type(app.screen).__name__, type(app.focused).__name__)
        for k in counts:
            counts[k] = 0
        keys = 40
        for i in range(keys):
            await pilot.press(("right", "left", "down", "up")[i % 4])
        await pilot.pause()
        print("per key", {k: v / keys for k, v in counts.items()})
        for k in counts:
            counts[k] = 0
        app.screen.refresh_all()
        print("per refresh_all", dict(counts))
        await pilot.press("tab")
        for k in counts:
            counts[k] = 0
        for i in range(keys):
            await pilot.press(("right", "left", "down", "up")[i % 4])
        await pilot.pause()
        print("per key after tab", type(app.focused).__name__, {k: v / keys for k, v in counts.items()})

asyncio.run(main())
