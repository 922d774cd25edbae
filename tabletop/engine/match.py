"""A game being played: the rules, the seats, the options, the seed and the actions taken.

``Match`` is what the UI drives, what bots play and what a save stores. It adds to the bare rules
the things a session needs: bot turns, undo within a turn, replay from the seed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, RandomBot, bot_rng
from .core import Action, Decision, Game, Result, Seat, View
from .rng import seed_state


@dataclass
class _UndoPoint:
    state: Any
    actions: int
    seat: int


@dataclass
class Match:
    game: Game[Any]
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    state: Any = None
    actions: list[str] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    hints: dict[int, int] = field(default_factory=dict)
    """Hints each seat asked for (by seat index): the result screen tells; saves keep it."""
    _undo: list[_UndoPoint] = field(default_factory=list, repr=False)
    _bots: dict[int, Bot] = field(default_factory=dict, repr=False)

    @classmethod
    def start(cls, game: Game[Any], seats: list[Seat], options: dict[str, Any] | None = None,
              seed: int | None = None) -> "Match":
        """Validate seats and options against the spec, then set the game up."""
        spec = game.spec
        spec.check_players(len(seats))
        for seat in seats:
            if seat.is_bot and seat.kind not in spec.bots:
                kinds = ", ".join(sorted(spec.bots)) or "none"
                raise ValueError(f"{spec.title} has no {seat.kind!r} bot (bots: {kinds})")
        resolved = spec.resolve_options(options)
        if seed is None:
            seed = time.time_ns() & 0xFFFFFFFF
        match = cls(game=game, seats=list(seats), options=resolved, seed=seed)
        match.state = game.setup(match.seats, resolved, seed_state(seed))
        return match

    # -- reading ------------------------------------------------------------------------------
    def decision(self) -> Decision | None:
        return self.game.decision(self.state)

    def legal(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def view(self, seat: int | None) -> View:
        return self.game.view(self.state, seat)

    def summary(self) -> str:
        return self.game.summary(self.state)

    # -- acting -------------------------------------------------------------------------------
    def play(self, action_id: str) -> None:
        """Apply one action (``IllegalAction`` if not legal) and keep the undo points right."""
        decision = self.game.decision(self.state)
        before = self.game.clone(self.state)
        turn = self.game.turn_key(self.state)
        try:
            self.game.apply(self.state, action_id)
        except BaseException:
            # a refused (or failing) action never leaves a half-changed state behind
            self.state = before
            raise
        self.actions.append(action_id)
        self.updated = time.time()
        human = decision is not None and not self.seats[decision.seat].is_bot
        same_turn = self.game.turn_key(self.state) == turn
        revealed = self.state.reveals != before.reveals
        if human and same_turn and not revealed:
            # undo belongs to the seat acting now: once another seat must answer (even within
            # the same turn), the actions before are no longer the current seat's to take back
            after = self.game.decision(self.state)
            same_seat = after is not None and after.seat == decision.seat
        else:
            same_seat = False
        if same_seat:
            assert decision is not None
            self._undo.append(_UndoPoint(before, len(self.actions) - 1, decision.seat))
        else:
            self._undo.clear()

    def can_undo(self) -> bool:
        return bool(self._undo)

    def forget_undo(self) -> None:
        """An undo barrier from outside the rules: the table showed a private card to another
        seat, and what that seat has seen cannot be taken back."""
        self._undo.clear()

    def undo(self) -> bool:
        """Take back the last action of the current seat's turn, if no information was revealed
        since. Undo points are exact clones taken before each action, so this equals replaying
        the log without that action."""
        if not self._undo:
            return False
        point = self._undo.pop()
        self.state = point.state
        del self.actions[point.actions:]
        self.updated = time.time()
        return True

    # -- bots ---------------------------------------------------------------------------------
    def bot(self, seat: int) -> Bot | None:
        kind = self.seats[seat].kind
        if kind == "human":
            return None
        if seat not in self._bots:
            factory = self.game.spec.bots.get(kind, RandomBot)
            self._bots[seat] = factory()
        return self._bots[seat]

    def bot_to_move(self) -> bool:
        decision = self.decision()
        return decision is not None and self.seats[decision.seat].is_bot

    def bot_step(self, *, as_kind: str | None = None) -> str | None:
        """If a bot must act, let it choose and play; return the action id (else ``None``).

        This is the path every bot game and simulation runs once per action, so it does only what
        the raw rules loop does (decision, legal actions, apply) plus the bot's own choice: the bot
        is looked up once per seat, and the legality check is one pass over the actions."""
        game, state = self.game, self.state
        decision = game.decision(state)
        if decision is None:
            return None
        if as_kind is None:
            bot = self._bots.get(decision.seat)
            if bot is None:
                bot = self.bot(decision.seat)
                if bot is None:
                    return None
        else:
            bot = game.spec.bots.get(as_kind, RandomBot)()
        actions = game.legal_actions(state)
        # a bot that declares it ignores the view (the random bot) is not handed one: building a
        # view per action was most of the bot path's cost over the raw rules
        view = game.view(state, decision.seat) if getattr(bot, "uses_view", True) else {}
        rng = bot_rng(self.seed, state.step, decision.seat)
        if getattr(bot, "uses_state", False):
            # a search bot determinizes the state (``tabletop.engine.search``): it keeps only what
            # that seat may see and resamples the rest, so it is handed the state, not a view
            action_id = bot.choose(game, view, decision, actions, rng, state=state)
        else:
            action_id = bot.choose(game, view, decision, actions, rng)
        for action in actions:
            if action.id == action_id:
                self._play_bot(action_id)
                break
        else:
            self.play(action_id)  # refused with the rules' reason, state untouched
        return action_id

    def _play_bot(self, action_id: str) -> None:
        """Apply a legal bot action without the undo clone ``play`` takes.

        A bot's action can never be undone (undo belongs to the human seat acting now), so the
        clone is needed only if ``apply`` fails half-way, a bug; then the state is rebuilt by
        replaying the log, which is exact, instead of paying a clone on every bot action."""
        try:
            self.game.apply(self.state, action_id)
        except BaseException:
            self.state = self.replayed_state()
            raise
        self.actions.append(action_id)
        self.updated = time.time()
        self._undo.clear()

    # -- replay -------------------------------------------------------------------------------
    def replayed_state(self) -> Any:
        """The state rebuilt from the seed and the action log (``IllegalAction`` if it breaks)."""
        state = self.game.setup(self.seats, self.options, seed_state(self.seed))
        for action_id in self.actions:
            self.game.apply(state, action_id)
        return state
