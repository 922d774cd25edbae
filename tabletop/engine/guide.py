"""Guided first games: a fixed seed, a short scripted opening, one rule explained per step.

A guide is data. It names the set-up (players, which seats are bots, options, seed) and a list of
steps; each step explains one rule (its number in ``docs/games/<game>.md``) with a message and
either waits for the player to press Enter (``expect is None``: read, then go on) or waits for one
action, described by the fields it must have (``verb``, ``card``...; or its ``id``). Because the
seed and the bots are fixed, the script meets the same cards every time; a guide test plays each
guide by its own instructions to check it stays on rails. The rules layer is untouched: the guide
only filters which of the legal actions the player is steered to, and after the last step the
game goes on normally.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .core import Action, Game, Seat
from .match import Match
from .msg import Msg, msg


@dataclass(frozen=True, slots=True)
class Step:
    rule: str
    """The rule number this step teaches (``"R3"``, ``"§4.2"``), as the rules summary numbers it."""
    say: Msg
    """What the player reads (a key of the game's ``<game>-guide`` catalog)."""
    expect: tuple[tuple[str, Any], ...] | None = None
    """The fields of the action to take (``(("verb", "attack"), ("card", "earth04"))``); ``None``:
    nothing to do but read and press Enter."""

    def matches(self, action: Action) -> bool:
        return self.expect is not None and all(getattr(action, k, None) == v for k, v in self.expect)


@dataclass(frozen=True)
class Guide:
    game_id: str
    seats: tuple[Seat, ...]
    seed: int
    steps: tuple[Step, ...]
    options: dict[str, Any] = field(default_factory=dict)
    learner: int = 0
    """The seat the newcomer plays; every other seat is a bot."""

    def start(self, game: Game[Any]) -> Match:
        return Match.start(game, list(self.seats), dict(self.options), seed=self.seed)


def step(rule: str, key: str, say: dict[str, Any] | None = None, **expect: Any) -> Step:
    """``step("R7", "guide.attack", {"card": "earth04"}, verb="attack", card="earth04")``: the
    text's key and arguments (card ids are named in the table's language), then the action."""
    return Step(rule, msg(key, **(say or {})), tuple(expect.items()) or None)


class GuideRun:
    """Where a guided game stands: the current step, and what to do with an action or Enter."""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide
        self.index = 0

    @property
    def done(self) -> bool:
        return self.index >= len(self.guide.steps)

    @property
    def current(self) -> Step | None:
        return None if self.done else self.guide.steps[self.index]

    def wanted(self, actions: list[Action]) -> Action | None:
        """The legal action the current step asks for (``None`` if it asks for none now)."""
        cur = self.current
        if cur is None or cur.expect is None:
            return None
        return next((a for a in actions if cur.matches(a)), None)

    def read(self) -> bool:
        """Enter on a step that only explains: go on. False if the step waits for an action."""
        cur = self.current
        if cur is None or cur.expect is not None:
            return False
        self.index += 1
        return True

    def allows(self, action: Action) -> bool:
        """May the learner take ``action`` now? Anything once the script is over; during it, only
        what the step asks for (a step that only explains must be read first)."""
        cur = self.current
        return cur is None or cur.matches(action)

    def took(self, action: Action) -> None:
        cur = self.current
        if cur is not None and cur.matches(action):
            self.index += 1


def play_by_the_book(game: Game[Any], guide: Guide, max_bot_steps: int = 5000) -> Match:
    """Follow the guide's own instructions (what its test and a newcomer do): bots play their
    turns, Enter on every explanation, the asked-for action on every other step. ``AssertionError``
    names the step whose action is not legal when it is reached (the script is off the rails)."""
    match = guide.start(game)
    run = GuideRun(guide)
    bot_steps = 0
    while not run.done:
        if run.read():
            continue
        decision = match.decision()
        assert decision is not None, f"the game ended before step {run.index + 1} ({run.current})"
        if decision.seat != guide.learner:
            match.bot_step()
            bot_steps += 1
            assert bot_steps < max_bot_steps, "the bots never hand the turn back"
            continue
        action = run.wanted(match.legal())
        legal = [a.id for a in match.legal()]
        assert action is not None, f"step {run.index + 1} ({run.current}) asks for no legal action; legal: {legal}"
        twins = [a.id for a in match.legal() if a.label == action.label]
        assert twins[0] == action.id, (
            f"step {run.index + 1} asks for {action.id!r}, but {twins[0]!r} reads the same and comes first: "
            "a newcomer would pick that one")
        match.play(action.id)
        run.took(action)
    return match
