"""Replays: a save opened as a story to step through, on the game's own screen, read-only.

``replay_screen`` takes the game's screen class (the one ``resume`` opens) and mixes
``ReplayMode`` in front of it, so every board draws a replay exactly as it draws a live game,
from ``self.match`` — whose state is swapped for the state after the chosen step, taken from an
``engine.replay.Replay`` (built forwards from the seed, cached, so ← → is instant). What makes it
read-only: ``READ_ONLY`` (no seat is offered its decision), ``act`` refuses, ``advance`` only
redraws (no bot moves, no curtain between turns, no game-over card), ``autosave`` writes nothing,
and the keys that would act, undo or save are hidden.

The view is a spectator's (public facts only) until a seat is chosen with ``s``; in a game with a
curtain, the curtain goes up for that seat first, as it does between hot-seat players.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..engine import Match
from ..engine.replay import Replay
from ..engine.state import visible_log
from ..text.shell import N_, _
from .app import TabletopApp, screen_class
from .widgets import Curtain, DecisionPanel, LogView

if TYPE_CHECKING:
    from .game_screen import GameScreen

SPECTATOR = "spectator"

REPLAY_BINDINGS = [
    Binding("left", "step(-1)", N_("back"), priority=True),
    Binding("right", "step(1)", N_("forward"), priority=True),
    Binding("home", "jump(0)", N_("start"), priority=True),
    Binding("end", "jump(-1)", N_("end"), priority=True),
    Binding("s", "choose_seat", N_("seat")),
    Binding("q,escape", "leave", N_("back"), priority=True),
]

ACTING = frozenset({
    "save", "undo",  # the shared screen's
    "withdraw", "move_mover", "end_turn", "pass", "roll", "capsule", "capsule_move", "capsule_cancel",
    "done", "back",  # the games' own keys that act (act() refuses them anyway; hidden so none is promised)
})
"""Actions whose keys are hidden in a replay."""

REPLAY_HELP = "".join(row + "\n" for row in (  # rows of the help's key table, translated one by one
    N_("| ← → | one action back / forward (replay) |"),
    N_("| Home / End | the start / the end of the record (replay) |"),
    N_("| s | whose view: the spectator's, or one seat's behind its curtain (replay) |"),
))


class SeatPicker(ModalScreen[str | None]):
    """Whose eyes to watch the replay with: a spectator's, or one seat's."""

    BINDINGS = [Binding("escape", "cancel", N_("cancel"))]
    DEFAULT_CSS = """
    SeatPicker { align: center middle; }
    SeatPicker > Vertical { width: 50; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    SeatPicker OptionList { height: auto; max-height: 12; }
    """

    def __init__(self, names: list[str], current: int | None) -> None:
        super().__init__()
        self.names = names
        self.current = current

    def compose(self) -> ComposeResult:
        options = [Option(_("Spectator (public facts only)"), id=SPECTATOR)]
        options += [Option(f"{i + 1}. {name}", id=f"seat{i}") for i, name in enumerate(self.names)]
        with Vertical():
            yield Static(_("Watch the replay as… (Enter: choose, Esc: cancel)"))
            yield OptionList(*options, id="seats")

    def on_mount(self) -> None:
        seats = self.query_one("#seats", OptionList)
        seats.highlighted = 0 if self.current is None else self.current + 1
        seats.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(str(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayMode:
    """Mixed in before a game's screen class (see ``replay_screen``); ``self`` is that screen."""

    READ_ONLY: ClassVar[bool] = True
    replay: Replay
    step: int

    def setup_replay(self: Any, replay: Replay, step: int) -> None:
        self.replay = replay
        self.step = max(0, min(step, len(replay)))
        self.match.state = replay.state_at(self.step)
        self.match.actions = replay.actions[: self.step]

    async def on_mount(self: Any) -> None:
        await self.mount(Static(id="replay-bar"), after=self.query_one("#title"))

    # -- read-only: nobody acts, nothing is written ---------------------------------------------
    def advance(self: Any) -> None:
        self.refresh_all()

    def act(self: Any, action_id: str) -> bool:
        self.notify(_("A replay only shows the game: ← → step through it."), severity="warning")
        return False

    def autosave(self) -> None:
        return None

    def _maybe_intro(self, view: dict[str, Any]) -> None:
        """MSX Cards greets each new world with a card to dismiss; a replay steps past worlds
        without stopping (the world is named on the board and in the log)."""
        return None

    def check_action(self: Any, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ACTING:
            return False
        if action == "step":
            target = self.step + int(parameters[0])  # type: ignore[call-overload]
            return True if 0 <= target <= len(self.replay) else None
        if action == "jump":
            return True
        return super().check_action(action, parameters)  # type: ignore[misc, no-any-return]

    # -- stepping -------------------------------------------------------------------------------
    def action_step(self: Any, delta: int) -> None:
        self.go_to(self.step + delta)

    def action_jump(self: Any, where: int) -> None:
        self.go_to(len(self.replay) if where < 0 else where)

    def go_to(self: Any, step: int) -> None:
        step = max(0, min(step, len(self.replay)))
        if step == self.step:
            return
        self.step = step
        self.match.state = self.replay.state_at(step)
        self.match.actions = self.replay.actions[:step]
        self.refresh_all()
        self.refresh_bindings()

    # -- whose view ---------------------------------------------------------------------------
    def action_choose_seat(self: Any) -> None:
        def chosen(answer: str | None) -> None:
            if answer is None:
                return
            if answer == SPECTATOR:
                self.viewer = None
                self.refresh_all()
                return
            seat = int(answer.removeprefix("seat"))
            if seat == self.viewer:
                return
            if not self.curtain_enabled():
                self.viewer = seat
                self.refresh_all()
                return
            self.viewer = None  # nothing private of the seat watched so far behind the curtain
            self.refresh_all()
            self.app.clear_notifications()

            def lifted(ready: bool | None) -> None:
                if ready:
                    self.viewer = seat
                self.refresh_all()

            news = visible_log(self.match.state, None, last=1)
            self.app.push_screen(Curtain(self.match.seats[seat].name, self.words.event(news[0]) if news else ""), lifted)

        names = [s.name for s in self.match.seats]
        self.app.push_screen(SeatPicker(names, self.viewer), chosen)

    # -- drawing ------------------------------------------------------------------------------
    def refresh_all(self: Any) -> None:
        super().refresh_all()  # type: ignore[misc]
        if not self.is_mounted or not self.query("#replay-bar"):
            return
        events, fresh = self.replay.new_events(self.step, self.viewer)
        self.query_one("#log", LogView).show(events, highlight=fresh, words=self.words)
        self.query_one("#replay-bar", Static).update(self.replay_line())
        panel = self.query_one("#decision", DecisionPanel)
        panel.show(self.match.decision(), [], self.next_line())

    def replay_line(self: Any) -> Text:
        """The bar under the title: where in the record, whose view, the keys."""
        text = Text()
        text.append(" REPLAY ", style="bold reverse")
        text.append(" " + _("step {n} of {total}").format(n=self.step, total=len(self.replay)), style="bold")
        who = _("spectator") if self.viewer is None else self.match.seats[self.viewer].name
        text.append(" · " + _("view: {who}").format(who=who))
        text.append(" · " + _("←/→ step · Home/End · s: seat · q: back"), style="dim")
        return text

    def next_line(self: Any) -> str:
        """What the record does next. The choice itself is named only where this view may know it:
        in a hidden-information game, a seat's choice may name a card from its hand."""
        info = self.replay.next_step(self.step)
        if info is None:
            return _("End of the record") + (" · " + _("game over") if self.match.result() is not None else "")
        name = self.match.seats[info.seat].name if 0 <= info.seat < len(self.match.seats) else "?"
        if not self.spec.hidden_info or info.seat == self.viewer:
            return _("Next: {name} — {choice}").format(name=name, choice=self.words.text(info.label))
        return _("Next: {name} chooses ({prompt})").format(name=name, prompt=self.words.text(info.prompt))


_CLASSES: dict[type, type] = {}


def replay_class(base: "type[GameScreen]") -> "type[GameScreen]":
    """The game's screen class with ``ReplayMode`` in front (made once per class). Its CSS_PATH
    still resolves beside the game's own module."""
    if base not in _CLASSES:
        _CLASSES[base] = type(f"Replay{base.__name__}", (ReplayMode, base), {
            "BINDINGS": REPLAY_BINDINGS,
            "HELP_KEYS": REPLAY_HELP + base.HELP_KEYS,
            "_BASE_PATH": inspect.getfile(base),
            "__doc__": f"{base.__name__}, read-only, fed the states of a recorded match.",
        })
    return _CLASSES[base]


def replay_screen(match: Match, save_path: Path | None = None, *, step: int = 0, ascii_only: bool = False,
                  animate: bool = False) -> "GameScreen":
    """A replay of ``match`` (a loaded save), standing at ``step`` (default: the setup)."""
    replay = Replay.of(match)
    view = Match(game=match.game, seats=match.seats, options=match.options, seed=match.seed,
                 created=match.created, updated=match.updated)
    view.state = replay.state_at(step)
    screen = replay_class(screen_class(match.game.spec))(view, save_path, ascii_only=ascii_only, animate=animate,
                                                          bot_delay=0)
    screen.setup_replay(replay, step)  # type: ignore[attr-defined]
    return screen


def open_replay(app: TabletopApp, match: Match, save_path: Path | None = None) -> None:
    """Push a replay of ``match`` over whatever ``app`` shows; q comes back to it."""
    app.push_screen(replay_screen(match, save_path, ascii_only=app.ascii_only, animate=False))


class ReplayApp(TabletopApp):
    """``tabletop replay FILE``: the app opened on a replay, the main menu below it."""

    def __init__(self, match: Match, save_path: Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.replay_of = (match, save_path)

    def on_mount(self) -> None:
        # runs before TabletopApp.on_mount (Textual calls each class's handler, the subclass's
        # first); the callback runs once the menu is up, so the replay lands on top of it
        self.call_later(open_replay, self, *self.replay_of)
