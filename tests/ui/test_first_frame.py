"""The main menu's first frame waits for nothing but itself (issue #15): no game, rules kernel,
saves folder or other screen is imported before it; the key bar and the Recent list follow."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.saves import save
from tabletop.ui.app import TabletopApp
from tabletop.ui.menus import MainMenu
from tabletop.ui.widgets.footer import Footer

from .screen_text import visible_text

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, sys
from tabletop.ui.app import TabletopApp
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("tabletop", "pydantic")))))
"""


def test_the_app_module_imports_no_game_no_saves_and_no_other_screen() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = set(json.loads(out.stdout))
    for heavy in ("tabletop.games", "tabletop.engine", "tabletop.engine.saves", "tabletop.ui.menus",
                  "tabletop.ui.game_screen", "tabletop.ui.widgets.log_view", "pydantic"):
        assert heavy not in loaded, heavy
    assert "tabletop.ui.main_menu" in loaded


async def test_the_key_bar_and_the_recent_list_follow_the_first_frame(tmp_path: Path) -> None:
    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {}, seed=3)
    save(match, tmp_path / "one.json")
    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and app.screen_stack == [app.screen]
        assert len(app.screen.query(Footer)) == 1
        for _ in range(40):  # the list is redrawn once the worker's replay is back
            text = visible_text(app)
            if "High Card" in text:
                break
            await pilot.pause(0.05)
        assert "High Card · Ana, Luis" in text, text
        assert "quit" in text, text
        await pilot.press("down", "down", "enter")  # the menu answers: Saved games
        await pilot.pause()
        assert not isinstance(app.screen, MainMenu)
