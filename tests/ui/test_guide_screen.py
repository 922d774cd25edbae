"""Guided first games on the real screen: the lesson bar, Enter to go on, a nudge for a wrong
choice (nothing played), the asked-for action moves the lesson on (issue #18)."""

from __future__ import annotations

from pathlib import Path

from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.guide_screen import guide_screen

from .screen_text import visible_text


async def settle(pilot, app, screen: GameScreen, rounds: int = 60) -> None:  # type: ignore[no-untyped-def]
    """Let the bots move until the learner must act (or nothing changes)."""
    for _ in range(rounds):
        await pilot.pause()
        decision = screen.match.decision()
        if decision is not None and decision.seat == screen.guide_run.guide.learner and app.screen is screen:
            return


async def open_lesson(pilot, app: TabletopApp, game_id: str) -> GameScreen:  # type: ignore[no-untyped-def]
    """The lesson of ``game_id`` pushed on the app, standing at the learner's first decision."""
    await pilot.pause()
    screen = guide_screen(app, game_id)
    assert screen is not None
    await app.push_screen(screen)
    await settle(pilot, app, screen)
    return screen


async def test_superinmundos_lesson_on_the_real_screen(tmp_path: Path) -> None:
    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_lesson(pilot, app, "superinmundos")
        text = visible_text(app)
        assert "Lesson 1 of 15" in text and "Welcome to Superinmundos" in text
        await pilot.press("enter")  # the welcome only explains: Enter goes on
        await pilot.pause()
        assert screen.guide_run.index == 1
        assert "Lesson 2 of 15" in visible_text(app)
        steps_before = len(screen.match.actions)
        assert not screen.act("swap")  # not what the lesson asks: a nudge, nothing played
        await pilot.pause()
        assert len(screen.match.actions) == steps_before and screen.guide_run.index == 1
        assert any("this lesson asks for something else" in n.message for n in app._notifications)
        assert screen.act("keep")
        await settle(pilot, app, screen)
        assert screen.guide_run.index == 2 and screen.match.actions[steps_before] == "keep"


async def test_leaving_the_lesson_frees_every_choice(tmp_path: Path) -> None:
    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_lesson(pilot, app, "superinmundos")
        await pilot.press("enter")
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert "playing freely" in visible_text(app)
        assert screen.act("swap")  # any legal choice now


async def test_learn_to_play_from_the_main_menu(tmp_path: Path) -> None:
    from tabletop.ui.guide_screen import GuideMode
    from tabletop.ui.menus import LearnIndex

    app = TabletopApp(saves_dir=tmp_path, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Learn to play" in visible_text(app)
        app.push_screen(LearnIndex())
        await pilot.pause()
        text = visible_text(app)
        assert all(title in text for title in ("Superinmundos", "Villainous", "MSX Cards", "Mount Gram"))
        await pilot.press("enter")  # the first game's lesson
        for _ in range(20):
            await pilot.pause()
        assert isinstance(app.screen, GuideMode)
        assert "Lesson 1 of" in visible_text(app)
