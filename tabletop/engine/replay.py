"""A recorded match as a story to step through: the state after any number of its actions.

A save holds the seed and every action, so the state after step ``i`` is the setup replayed
through the first ``i`` actions. ``Replay`` builds those states forward, keeps a checkpoint every
``checkpoint_every`` steps for good and the states of recently visited stretches in a bounded
cache, so moving one step back or forth is a dictionary lookup and a jump anywhere costs at most
one stretch of ``apply`` calls — without holding thousands of full states for a long game.

Pure rules layer: no Textual, no Rich. The states it returns are shared with its cache, so a
caller must only read them (views, decisions, summaries), never ``apply`` to them.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from .core import Action, Decision, Game, IllegalAction, Seat
from .match import Match
from .msg import Text
from .rng import seed_state
from .state import Event, visible_log


@dataclass(frozen=True)
class StepInfo:
    """The action that leads from step ``index`` to ``index + 1``: who chose, asked what, chose what."""

    index: int
    seat: int
    prompt: Text
    action_id: str
    label: Text


class Replay:
    """The states of one recorded match, rebuilt from its seed and action list on demand."""

    def __init__(self, game: Game[Any], seats: list[Seat], options: dict[str, Any], seed: int,
                 actions: list[str], *, checkpoint_every: int = 32, keep: int = 256) -> None:
        if checkpoint_every < 1 or keep < checkpoint_every:
            raise ValueError("need checkpoint_every >= 1 and keep >= checkpoint_every")
        self.game = game
        self.seats = list(seats)
        self.options = dict(options)
        self.seed = seed
        self.actions = list(actions)
        self.every = checkpoint_every
        self.keep = keep
        self._checkpoints: dict[int, Any] = {0: game.setup(self.seats, self.options, seed_state(seed))}
        self._recent: OrderedDict[int, Any] = OrderedDict()
        self._log_len: dict[int, int] = {0: len(self._checkpoints[0].log)}
        self.applied = 0
        """How many ``apply`` calls were made so far (lets tests check the cache does its job)."""

    @classmethod
    def of(cls, match: Match, **kwargs: Any) -> "Replay":
        return cls(match.game, match.seats, match.options, match.seed, match.actions, **kwargs)

    def __len__(self) -> int:
        """The number of actions: the steps run from 0 (the setup) to ``len(self)`` (now)."""
        return len(self.actions)

    # -- states -------------------------------------------------------------------------------
    def state_at(self, step: int) -> Any:
        """The state after the first ``step`` actions (``IndexError`` outside 0..len)."""
        if not 0 <= step <= len(self.actions):
            raise IndexError(f"step {step} is outside 0..{len(self.actions)}")
        if step in self._checkpoints:
            return self._checkpoints[step]
        if step in self._recent:
            self._recent.move_to_end(step)
            return self._recent[step]
        base = max(s for s in self._checkpoints if s <= step)
        # start from the nearest state already built at or below ``step`` within this stretch
        start = max((s for s in self._recent if base < s < step), default=base)
        state = self.game.clone(self.state_at(start))
        for i in range(start, step):
            try:
                self.game.apply(state, self.actions[i])
            except IllegalAction as exc:
                raise IllegalAction(f"action {i + 1} ({self.actions[i]!r}) does not replay: {exc}") from None
            self.applied += 1
            self._remember(i + 1, self.game.clone(state) if i + 1 < step else state)
        return state

    def _remember(self, step: int, state: Any) -> None:
        self._log_len[step] = len(state.log)
        if step % self.every == 0:
            self._checkpoints[step] = state
            return
        self._recent[step] = state
        self._recent.move_to_end(step)
        while len(self._recent) > self.keep:
            self._recent.popitem(last=False)

    # -- reading a step -----------------------------------------------------------------------
    def log_start(self, step: int) -> int:
        """Index in ``state_at(step).log`` of the first event written by the action of ``step``
        (the one leading from ``step - 1``); for step 0, the setup's first event."""
        if step <= 0:
            return 0
        if step - 1 not in self._log_len:
            self.state_at(step - 1)
        return self._log_len[step - 1]

    def new_events(self, step: int, seat: int | None) -> tuple[list[Event], int]:
        """The events ``seat`` may read at ``step`` and how many of them (at the end) are new
        with this step: what a log should highlight."""
        state = self.state_at(step)
        start = self.log_start(step)
        events = visible_log(state, seat)
        fresh = visible_log(_Tail(state.log[start:]), seat)  # type: ignore[arg-type]
        return events, len(fresh)

    def decision_at(self, step: int) -> Decision | None:
        return self.game.decision(self.state_at(step))

    def next_step(self, step: int) -> StepInfo | None:
        """The action taken from ``step`` (``None`` at the end of the record)."""
        if step >= len(self.actions):
            return None
        state = self.state_at(step)
        decision = self.game.decision(state)
        action_id = self.actions[step]
        label = action_id
        try:
            found: Action = self.game.find_action(state, action_id)
            label = found.label
        except IllegalAction:
            pass
        return StepInfo(step, decision.seat if decision else -1, decision.prompt if decision else "",
                        action_id, label)

    def match_at(self, step: int) -> Match:
        """A read-only ``Match`` standing at ``step``: the object game screens draw from."""
        return Match(game=self.game, seats=self.seats, options=self.options, seed=self.seed,
                     state=self.state_at(step), actions=self.actions[:step])


class _Tail:
    """Just enough of a state for ``visible_log``: a list of events."""

    def __init__(self, log: list[Event]) -> None:
        self.log = log
