"""Replay: the state after any step of a recorded match, rebuilt from its seed, cached."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import IllegalAction, Match, Seat
from tabletop.engine.replay import Replay
from tabletop.engine.state import to_plain


def plain(state: Any) -> Any:
    return json.loads(json.dumps(to_plain(state)))


def recorded(game_id: str, players: int, seed: int = 1, kind: str = "random") -> tuple[Match, list[Any]]:
    """A bot game played to the end, with a snapshot of the state before and after each action."""
    match = Match.start(games.game(game_id), [Seat(f"P{i + 1}", kind) for i in range(players)], {}, seed=seed)
    snapshots = [plain(match.state)]
    while match.decision() is not None and len(match.actions) < 400:
        match.bot_step()
        snapshots.append(plain(match.state))
    return match, snapshots


@pytest.mark.parametrize("game_id,players", [("highcard", 2), ("superinmundos", 3)])
def test_every_step_equals_the_state_the_game_went_through(game_id: str, players: int) -> None:
    match, snapshots = recorded(game_id, players)
    replay = Replay.of(match, checkpoint_every=4, keep=8)
    assert len(replay) == len(match.actions) == len(snapshots) - 1
    order = list(range(len(replay) + 1))
    # forwards, backwards, then jumps: every path lands on the same states
    for step in order + order[::-1] + order[::7] + [len(replay), 0, len(replay) // 2]:
        assert plain(replay.state_at(step)) == snapshots[step], step


def test_stepping_back_and_forth_reuses_built_states() -> None:
    match, _ = recorded("superinmundos", 3)
    replay = Replay.of(match, checkpoint_every=8, keep=32)
    end = len(replay)
    replay.state_at(end)
    assert replay.applied == end  # built once, forwards
    replay.state_at(end - 1)
    built = replay.applied
    for step in range(end - 1, max(0, end - 8), -1):  # back through the stretch just built
        replay.state_at(step)
        replay.state_at(step + 1)
    assert replay.applied == built


def test_the_cache_stays_bounded() -> None:
    match, _ = recorded("superinmundos", 3)
    replay = Replay.of(match, checkpoint_every=4, keep=8)
    for step in range(len(replay) + 1):
        replay.state_at(step)
    assert len(replay._recent) <= 8
    assert set(replay._checkpoints) == set(range(0, len(replay) + 1, 4))


def test_steps_outside_the_record_are_refused() -> None:
    match, _ = recorded("highcard", 2)
    replay = Replay.of(match)
    with pytest.raises(IndexError):
        replay.state_at(-1)
    with pytest.raises(IndexError):
        replay.state_at(len(replay) + 1)


def test_a_broken_action_list_names_the_step() -> None:
    match, _ = recorded("highcard", 2)
    replay = Replay(match.game, match.seats, match.options, match.seed, match.actions[:2] + ["nonsense"])
    with pytest.raises(IllegalAction, match="action 3 .'nonsense'. does not replay"):
        replay.state_at(3)


def test_new_events_are_those_the_step_wrote_and_the_seat_may_read() -> None:
    match, _ = recorded("highcard", 2)
    replay = Replay.of(match, checkpoint_every=2, keep=4)
    for step in range(1, len(replay) + 1):
        before = replay.state_at(step - 1).log
        after = replay.state_at(step).log
        assert after[: len(before)] == before
        for seat in (None, 0, 1):
            events, fresh = replay.new_events(step, seat)
            wrote = [e for e in after[len(before):] if "to" not in e or (seat is not None and seat in e["to"])]
            assert fresh == len(wrote)
            assert events[len(events) - fresh:] == wrote


def test_next_step_names_the_seat_the_prompt_and_the_label() -> None:
    match, snapshots = recorded("highcard", 2)
    replay = Replay.of(match)
    first = replay.next_step(0)
    assert first is not None
    game = match.game
    start = replay.state_at(0)
    decision = game.decision(start)
    assert (first.seat, first.prompt, first.action_id) == (decision.seat, decision.prompt, match.actions[0])
    assert first.label == game.find_action(start, match.actions[0]).label
    assert replay.next_step(len(replay)) is None


def test_match_at_stands_at_the_step() -> None:
    match, snapshots = recorded("highcard", 2)
    replay = Replay.of(match)
    half = len(replay) // 2
    at = replay.match_at(half)
    assert at.actions == match.actions[:half]
    assert plain(at.state) == snapshots[half]
    assert replay.match_at(len(replay)).result() == match.result()
