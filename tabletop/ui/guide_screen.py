"""Guided first games on the real screen: the game's own board with a lesson bar above it.

``guide_class`` mixes ``GuideMode`` in front of a game's screen class (as replays mix
``ReplayMode``), so the lesson is played with the real rules and the real board. The bar shows the
current step: the rule it teaches (its number in the rules summary) and what to do. A step that
only explains waits for Enter; a step that asks for an action lets only that action through, and
any other choice gets a friendly nudge that names the one asked for (nothing is played, so
nothing is lost). ``ctrl+l`` leaves the lesson and plays on freely; after the last step the game
goes on normally. The guide itself is data: ``tabletop.games.<game>.guide.GUIDE``
(``engine.guide``).
"""

from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ..engine.guide import Guide, GuideRun
from ..engine.msg import msg
from .app import TabletopApp, screen_class

if TYPE_CHECKING:
    from .game_screen import GameScreen

GUIDE_BINDINGS = [
    Binding("enter", "guide_next", "next", priority=True),
    Binding("ctrl+l", "guide_leave", "leave the lesson"),
]


def guide_for(game_id: str) -> Guide | None:
    """The guided game of ``game_id``, if it has one."""
    try:
        module = importlib.import_module(f"tabletop.games.{game_id}.guide")
    except ImportError:
        return None
    guide = getattr(module, "GUIDE", None)
    return guide if isinstance(guide, Guide) else None


class GuideMode:
    """Mixed in front of a game's screen class; see the module docstring."""

    guide_run: GuideRun
    GUIDE_CSS = "GameScreen #guide { height: auto; max-height: 6; padding: 0 1; background: $accent-darken-2; }"

    def setup_guide(self: Any, guide: Guide) -> None:
        self.guide_run = GuideRun(guide)
        self._guide_free = False

    def on_mount(self: Any) -> None:
        # (Textual runs every class's on_mount, this one first: no super() call)
        self.mount(Static(id="guide"), after=self.query_one("#ask"))

    def curtain_enabled(self: Any) -> bool:
        return False  # one learner against bots: nobody else is at the keyboard

    # -- keys -------------------------------------------------------------------------------------
    def check_action(self: Any, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "guide_next":
            # Enter belongs to the board and the choices unless the lesson waits for it
            step = None if self._guide_free else self.guide_run.current
            return step is not None and step.expect is None and not self._curtain_up
        if action == "guide_leave":
            return not self._guide_free and not self.guide_run.done
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_guide_next(self: Any) -> None:
        if self.guide_run.read():
            self.refresh_all()

    def action_guide_leave(self: Any) -> None:
        self._guide_free = True
        self.notify(self.words.text(msg("guide.left")), title=self.words.text(msg("guide.title")))
        self.refresh_all()

    def act(self: Any, action_id: str) -> bool:
        if self._guide_free or self.guide_run.done:
            return super().act(action_id)  # type: ignore[misc]
        action = next((a for a in self.match.legal() if a.id == action_id), None)
        if action is None:
            return super().act(action_id)  # type: ignore[misc]  (refused with the rules' reason)
        step = self.guide_run.current
        if not self.guide_run.allows(action):
            wanted = self.guide_run.wanted(self.match.legal())
            if step is not None and step.expect is None:
                nudge = msg("guide.nudge_read")
            elif wanted is not None:
                nudge = msg("guide.nudge", wanted=wanted.label)
            else:
                nudge = msg("guide.nudge_wait")
            self.notify(self.words.text(nudge), title=self.words.text(msg("guide.title")))
            return False
        played = super().act(action_id)  # type: ignore[misc]
        if played:
            self.guide_run.took(action)
            self.refresh_all()
        return bool(played)

    # -- drawing ----------------------------------------------------------------------------------
    def refresh_all(self: Any) -> None:
        super().refresh_all()  # type: ignore[misc]
        if self.is_mounted and self.query("#guide"):
            self.query_one("#guide", Static).update(self.guide_line())

    def guide_line(self: Any) -> Text:
        run: GuideRun = self.guide_run
        words = self.words
        total = len(run.guide.steps)
        if self._guide_free:
            return Text(words.text(msg("guide.free")), style="italic")
        step = run.current
        if step is None:
            return Text(words.text(msg("guide.done", steps=total)), style="bold")
        text = Text()
        rule = words.template(f"rule.{step.rule}") or step.rule
        text.append(words.text(msg("guide.step", n=run.index + 1, steps=total, rule=rule)) + " ",
                    style="bold")
        text.append(words.text(step.say))
        if step.expect is None:
            text.append("  " + words.text(msg("guide.enter")), style="bold yellow")
        else:
            wanted = run.wanted(self.match.legal())
            if wanted is not None and self.match.decision() is not None:
                text.append("  " + words.text(msg("guide.do", wanted=wanted.label)), style="bold yellow")
        return text


_CLASSES: dict[type, type] = {}


def guide_class(base: "type[GameScreen]") -> "type[GameScreen]":
    if base not in _CLASSES:
        _CLASSES[base] = type(f"Guided{base.__name__}", (GuideMode, base), {
            "BINDINGS": GUIDE_BINDINGS,
            "DEFAULT_CSS": GuideMode.GUIDE_CSS,
            "_BASE_PATH": inspect.getfile(base),
            "__doc__": f"{base.__name__} with a lesson bar: a guided first game.",
        })
    return _CLASSES[base]


def guide_screen(app: TabletopApp, game_id: str) -> "GameScreen | None":
    """The guided game of ``game_id`` on its own screen (``None``: the game has no guide)."""
    from .. import games

    guide = guide_for(game_id)
    if guide is None:
        return None
    game = games.game(game_id)
    match = guide.start(game)
    screen = guide_class(screen_class(game.spec))(match, None, ascii_only=app.ascii_only,
                                                  animate=app.animate, bot_delay=app.bot_delay)
    screen.setup_guide(guide)  # type: ignore[attr-defined]
    return screen
