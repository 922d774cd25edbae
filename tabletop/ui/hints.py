"""The hint key on every game screen: the bot's choice for the seat at the keyboard, and why.

The hint is worked out in a thread on a copy of the match, so the screen stays responsive and a
slow search never blocks a key; if the game moved on meanwhile, the stale hint is dropped. It is
shown, never played (``engine.hints``). The setting ``hints`` turns the key off; the number of
hints each seat asked for is kept in the match (and its save) for the result screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.hints import Hint, suggest
from ..engine.match import Match
from ..engine.msg import msg

if TYPE_CHECKING:
    from .game_screen import GameScreen


def ask_hint(screen: "GameScreen") -> bool:
    """Start working out a hint for the seat on screen; False (with a message) if none is due."""
    words = screen.words
    title = words.text(msg("hint.title"))
    settings = getattr(screen.app, "settings", None)
    if settings is not None and not getattr(settings, "hints", True):
        screen.notify(words.text(msg("hint.off")), title=title)
        return False
    match = screen.match
    decision = match.decision()
    seat = screen.viewer
    if decision is None or seat is None or decision.seat != seat or screen.READ_ONLY or screen._curtain_up:
        screen.notify(words.text(msg("hint.not_now")), title=title)
        return False
    copy = Match(game=match.game, seats=match.seats, options=match.options, seed=match.seed,
                 state=match.game.clone(match.state), actions=list(match.actions))
    step = match.state.step
    screen.notify(words.text(msg("hint.thinking")), title=title, timeout=2)

    def work() -> None:
        try:
            hint = suggest(copy, seat)
        except Exception as exc:  # noqa: BLE001 - a failing bot must not take the table down
            screen.app.call_from_thread(screen.notify, f"{type(exc).__name__}: {exc}", title=title,
                                        severity="error")
            return
        screen.app.call_from_thread(show_hint, screen, hint, step, seat)

    screen.run_worker(work, thread=True, group="hint", exclusive=True, exit_on_error=False)
    return True


def show_hint(screen: "GameScreen", hint: Hint | None, step: int, seat: int) -> None:
    """Show a finished hint, unless the game has moved on since it was asked for."""
    if hint is None or not screen.is_attached or screen.match.state.step != step or screen.viewer != seat:
        return
    match: Any = screen.match
    match.hints[seat] = match.hints.get(seat, 0) + 1
    words = screen.words
    screen.last_hint = hint
    screen.notify(words.text(msg("hint.line", wanted=hint.action.label, reason=hint.reason)),
                  title=words.text(msg("hint.title")), timeout=15)
