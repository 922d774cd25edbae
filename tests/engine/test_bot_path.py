"""The fast bot path (no undo clone, no view for a bot that ignores it) plays exactly what the full
path does: same action ids, same final state, for seeded bot games of every game."""

from __future__ import annotations

import json

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.bots import bot_rng
from tabletop.engine.state import to_plain


def to_json(state: object) -> str:
    """A snapshot of the state as text (``to_plain`` shares the state's lists)."""
    return json.dumps(to_plain(state), sort_keys=True)  # type: ignore[arg-type]


def full_path_actions(game_id: str, players: int, options: dict[str, object], seed: int, kind: str,
                      limit: int) -> tuple[list[str], object]:
    """The bot path as it was: a view per action and ``Match.play`` with its undo clone."""
    game = games.game(game_id)
    match = Match.start(game, [Seat(f"P{i}", kind) for i in range(players)], options, seed=seed)
    while (decision := match.decision()) is not None and len(match.actions) < limit:
        bot = match.bot(decision.seat)
        assert bot is not None
        view = match.view(decision.seat)
        action_id = bot.choose(game, view, decision, match.legal(), bot_rng(match.seed, match.state.step, decision.seat))
        match.play(action_id)
    return match.actions, to_json(match.state)


@pytest.mark.parametrize("game_id", sorted(games.specs()))
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bot_step_is_behaviour_identical_to_the_full_path(game_id: str, kind: str) -> None:
    spec = games.spec(game_id)
    if kind not in spec.bots:
        kind = "random"  # the kernel's test game has no heuristic: its random bot still runs
    for players, options in spec.conformance_setups()[:2]:
        for seed in (1, 2):
            limit = 400
            expected, state = full_path_actions(game_id, players, options, seed, kind, limit)
            match = Match.start(games.game(game_id), [Seat(f"P{i}", kind) for i in range(players)], options, seed=seed)
            while match.decision() is not None and len(match.actions) < limit:
                match.bot_step()
            assert match.actions == expected
            assert to_json(match.state) == state


def test_a_failing_bot_action_leaves_the_state_as_the_log_says() -> None:
    """If ``apply`` raises half-way on the fast path, the state is rebuilt from the log."""
    game = games.game("superinmundos")
    match = Match.start(game, [Seat("A", "random"), Seat("B", "random")], {}, seed=5)
    for _ in range(10):
        match.bot_step()
    before = to_json(match.state)
    real_apply = game.apply

    calls: list[str] = []

    def broken(state: object, action_id: str) -> None:
        real_apply(state, action_id)
        calls.append(action_id)
        if len(calls) == 1:  # the bot's action fails after changing the state; the replay works
            raise RuntimeError("a bug after the change")

    game.apply = broken  # type: ignore[method-assign]
    try:
        with pytest.raises(RuntimeError):
            match.bot_step()
    finally:
        del game.apply
    assert to_json(match.state) == before and len(match.actions) == 10
