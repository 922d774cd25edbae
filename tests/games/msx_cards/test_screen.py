"""The MSX Cards screen driven by keys through Pilot: a battle with the dice arithmetic on screen,
a capsule by keys, save/quit/resume mid-battle, the versus seats, the Pentagon and best-runs cards,
the end of a run (recorded in the best-runs table), ASCII mode and the 100x30 minimum."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui.screen_text import visible_text

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.saves import load
from tabletop.games.msx_cards import records
from tabletop.games.msx_cards.screen import BestRuns, MsxScreen, PentagonDetail, RunOver, WorldIntro
from tabletop.ui import app as app_module
from tabletop.ui.app import TabletopApp, screen_class
from tabletop.ui.menus import MainMenu
from tabletop.ui.widgets import Curtain

from .helpers import say


@pytest.fixture(autouse=True)
def msx_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Open MSX Cards on its own screen whatever the spec says (the spec line lands last)."""
    real = app_module.screen_class
    monkeypatch.setattr(app_module, "screen_class",
                        lambda spec: MsxScreen if spec.id == "msx_cards" else real(spec))


def new_match(seats: tuple[str, ...] = ("Ana",), seed: int = 4, **options: Any) -> Match:
    opts = {"mission": "quick", **options}
    return Match.start(games.game("msx_cards"), [Seat(n) for n in seats], opts, seed=seed)


def make_app(tmp_path: Path, match: Match, **kw: Any) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json", animate=False,
                       bot_delay=0, **kw)


def board(app: TabletopApp) -> MsxScreen:
    return next(s for s in app.screen_stack if isinstance(s, MsxScreen))


async def settle(pilot: Any, app: TabletopApp) -> None:
    """Close World intro cards until the board is on top."""
    await pilot.pause()
    for _ in range(5):
        if isinstance(app.screen, WorldIntro):
            await pilot.press("enter")
            await pilot.pause()
    assert isinstance(app.screen, MsxScreen)


async def to_action(pilot: Any, app: TabletopApp, seat: int = 0) -> None:
    """Draft the first fighter offered (key 1) until ``seat`` has an action."""
    match = board(app).match
    for _ in range(10):
        await settle(pilot, app)
        d = match.decision()
        assert d is not None
        if d.kind == "act" and d.seat == seat:
            return
        await pilot.press("1" if d.kind in ("draft", "boss_choice") else "r")
        await pilot.pause()
    raise AssertionError(f"no action for seat {seat}: {match.decision()}")


def last_attack_by(match: Match, side: int) -> dict[str, Any]:
    return [e for e in match.view(0)["log"] if e.get("k") == "attack" and e.get("by") == side][-1]


async def test_battle_by_keyboard_shows_the_dice_and_the_arithmetic(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WorldIntro)
        text = visible_text(app)
        assert "World 1" in text and "attack die" in text and "d8" in text
        await pilot.press("enter")
        await pilot.pause()
        assert match.decision().kind == "draft"
        assert "Draft" in visible_text(app)
        await to_action(pilot, app)
        text = visible_text(app)
        assert "victories 0/3" in text and "losses 0/3" in text and "World 1/3" in text and "(d8)" in text
        assert "Vitality" in text and "Pentagon" in text and "r1" in text
        before = len([e for e in match.view(0)["log"] if e.get("k") == "attack" and e.get("by") == 0])
        await pilot.press("r")
        await pilot.pause()
        after = [e for e in match.view(0)["log"] if e.get("k") == "attack" and e.get("by") == 0]
        assert len(after) == before + 1
        mine = after[-1]
        text = visible_text(app)
        assert f"d{mine['die']} {mine['natural']}" in text          # the die and its reason
        assert any(s.startswith("+ Attack") for s in say(mine["steps"]))
        assert next(s for s in say(mine["steps"]) if s.startswith("+ Attack")) in text   # the arithmetic
        assert f"damage {mine['damage']}" in text
        assert "Dice" in text


async def test_moving_the_capsule_cursor_asks_the_rules_nothing(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: a UI-local change redraws from the cached view: no view build, no decision or legal
    actions asked, per cursor key (it used to be 2 views and 8 decisions per arrow key)."""
    from tabletop.games.msx_cards.rules import MsxCards

    calls = {"view": 0, "decision": 0, "legal_actions": 0}
    for name in calls:
        real = getattr(MsxCards, name)

        def counted(self: Any, *args: Any, _real: Any = real, _name: str = name) -> Any:
            calls[_name] += 1
            return _real(self, *args)

        monkeypatch.setattr(MsxCards, name, counted)
    match = new_match(seed=5)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_action(pilot, app)
        await pilot.press("c")
        await pilot.pause()
        for key in ("right", "left", "right", "escape"):
            before = dict(calls)
            shown = visible_text(app)
            await pilot.press(key)
            await pilot.pause()
            assert calls == before, f"{key}: {calls} after {before}"
            assert visible_text(app) != shown  # the cursor did move on screen


async def test_capsule_by_keys(tmp_path: Path) -> None:
    match = new_match(seed=5)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_action(pilot, app)
        lit = [a.get("capsule") for a in match.legal() if a.verb == "capsule"]
        assert lit, "a fresh fighter's button is green and it has a lit capsule"
        await pilot.press("c")
        await pilot.pause()
        screen = board(app)
        assert screen._cap_armed and screen._cap == lit[0]
        assert f"[{lit[0]}]" in visible_text(app)
        await pilot.press("right")
        await pilot.pause()
        chosen = lit[1 % len(lit)]
        assert f"[{chosen}]" in visible_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not screen._cap_armed and f"[{chosen}]" not in visible_text(app)
        await pilot.press("c")
        await pilot.pause()
        chosen = screen._cap
        enemy = match.view(0)["enemy"]["id"]
        await pilot.press("c")
        await pilot.pause()
        view = match.view(0)
        assert any(e.get("k") == "capsule" and e.get("capsule") == chosen and e.get("side") == 0 for e in view["log"])
        if view["enemy"] is not None and view["enemy"]["id"] == enemy and view["you"] is not None:
            assert view["you"]["button"] == "red"
            assert "button ○ red" in visible_text(app)


async def test_save_quit_resume_mid_battle_keeps_the_counters(tmp_path: Path) -> None:
    match = new_match(seed=6)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_action(pilot, app)
        for _ in range(3):
            await to_action(pilot, app)
            await pilot.press("r")
            await pilot.pause()
        await to_action(pilot, app)
        before = match.view(0)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    resumed = load(tmp_path / "g.json", games.game)
    assert resumed.view(0) == before
    app2 = make_app(tmp_path, resumed)
    async with app2.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app2)
        assert board(app2).match.view(0) == before
        text = visible_text(app2)
        you, enemy = before["you"], before["enemy"]
        assert f"victories {before['victories']}/3 · losses {before['losses']}/3" in text
        assert f"{you['vitality']}/{you['max_vitality']}" in text
        assert f"{enemy['vitality']}/{enemy['max_vitality']}" in text
        assert f"Turn {before['turn']}/30" in text
        played = len(resumed.actions)
        await pilot.press("r")
        await pilot.pause()
        assert len(resumed.actions) == played + 1  # the resumed battle goes on by keys


async def test_versus_passes_between_seats(tmp_path: Path) -> None:
    match = new_match(("Ana", "Bo"), seed=3, versus=True)
    app = make_app(tmp_path, match)
    curtains = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(12):
            if isinstance(app.screen, Curtain):
                curtains += 1
                assert "Pass the keyboard" in visible_text(app)
                await pilot.press("enter")
                await pilot.pause()
                continue
            await settle(pilot, app)
            d = match.decision()
            if d is not None and d.seat == 1:
                break
            await pilot.press("1" if d.kind in ("draft", "boss_choice") else "r")
            await pilot.pause()
        d = match.decision()
        assert d is not None and d.seat == 1 and d.kind == "act"
        if match.game.spec.hidden_info:
            assert curtains >= 1
        else:
            assert curtains == 0 and not any(isinstance(s, Curtain) for s in app.screen_stack)
        screen = board(app)
        assert screen.viewer == 1
        text = visible_text(app)
        assert "Enemy · Bo" in text and "Bo: your action" in text
        # The enemy seat uses its capsule by keys.
        lit = [a.get("capsule") for a in match.legal() if a.verb == "capsule"]
        if lit:
            await pilot.press("c")
            await pilot.pause()
            assert f"[{lit[0]}]" in visible_text(app)
            await pilot.press("c")
            await pilot.pause()
            assert any(e.get("k") == "capsule" and e.get("side") == 1 and e.get("capsule") == lit[0]
                       for e in match.view(0)["log"])
        else:
            await pilot.press("r")
            await pilot.pause()
            assert last_attack_by(match, 1)


async def test_pentagon_and_best_runs_cards(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_action(pilot, app)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PentagonDetail)
        text = visible_text(app)
        assert "ring 1" in text and "ring 4" in text and "sector" in text and "dark" in text
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, MsxScreen)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BestRuns)
        assert "No runs recorded yet" in visible_text(app)
        await pilot.press("escape")
        await pilot.pause()
        records.record_run(tmp_path, "quick", "Zed", 2)
        await pilot.press("b")
        await pilot.pause()
        text = visible_text(app)
        assert "Zed" in text and "Quick Load" in text
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, MsxScreen)


def _one_before_the_end(seed: int) -> tuple[Match, str]:
    """A solo run one action before its end (played by the heuristic bot), and that action."""
    full = new_match(seed=seed)
    while full.decision() is not None:
        full.bot_step(as_kind="heuristic")
    last = full.actions[-1]
    match = new_match(seed=seed)
    for action in full.actions[:-1]:
        match.play(action if isinstance(action, str) else action[-1])
    return match, last if isinstance(last, str) else last[-1]


async def test_end_of_the_run_is_recorded_in_the_best_runs(tmp_path: Path) -> None:
    match, last = _one_before_the_end(seed=2)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        board(app).act(last)
        await pilot.pause()
        assert isinstance(app.screen, RunOver)
        text = visible_text(app)
        assert ("GAME OVER" in text) or ("MISSION COMPLETE" in text)
        assert "Worlds freed" in text and "Ana" in text
        table = records.best_runs(tmp_path, "quick")
        assert len(table) == 1 and table[0]["name"] == "Ana" and table[0]["worlds"] == match.view(0)["cleared"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_ascii_and_the_smallest_terminal(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_action(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        text = visible_text(app)
        assert "needs at least" not in text
        assert "Vitality" in text and "victories" in text and "Dice" in text
        board_text = "\n".join(line[:66] for line in text.splitlines()[1:-1])
        for glyph in "█░▓●○◆★▸−×":
            assert glyph not in board_text, glyph


def _at_a_boss_step() -> Match:
    """A solo run (heuristic bot) stopped where you attack the Boss in a duel."""
    for seed in range(1, 9):
        match = new_match(seed=seed)
        while match.decision() is not None:
            v = match.view(0)
            if v["mode"] == "boss" and match.decision().kind == "act":
                return match
            match.bot_step(as_kind="heuristic")
    raise AssertionError("no Boss duel reached in 8 seeds")


async def test_boss_duel_shows_the_track(tmp_path: Path) -> None:
    match = _at_a_boss_step()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        boss = match.view(0)["boss"]
        text = visible_text(app)
        assert f"Boss · {boss['name']}" in text and f"{boss['set'].upper()} set" in text
        assert all(f"T{t}" in text for t in range(1, 9))
        assert f"Boss duel T{boss['step']}/8" in text
        step = boss["step"]
        await pilot.press("r")
        await pilot.pause()
        after = match.view(0)
        if after["phase"] == "over":
            assert isinstance(app.screen, RunOver)
        elif after["boss"] is not None:  # the duel goes on: this step has its result on the track
            result = after["boss"]["track"][step - 1]["result"]
            assert result["outcome"] == "hit" and f"✔{result['amount']}" in visible_text(app)
        else:
            assert after["phase"] == "extra"


def test_the_spec_names_this_screen() -> None:
    assert screen_class(games.game("msx_cards").spec) is MsxScreen
