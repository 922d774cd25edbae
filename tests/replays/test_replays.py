"""Behaviour identity: the recorded seeded games replay to the same legal actions and results.

See ``record.py``: the corpus fixes, step by step, who acts and which action ids are legal, and the
winners and scores at the end. Structured actions, structured events and speed work must keep it.
"""

from __future__ import annotations

import hashlib

import pytest

from .record import cases, load, path_for, step_digest

GAMES = ["superinmundos", "villainous", "msx_cards", "mount_gram"]


@pytest.mark.parametrize("game_id", GAMES)
def test_recorded_games_replay_identically(game_id: str) -> None:
    from tabletop import games
    from tabletop.engine import Seat
    from tabletop.engine.rng import seed_state

    if not path_for(game_id).exists():
        pytest.fail(f"no corpus for {game_id}: run `python -m tests.replays.record {game_id}`")
    game = games.game(game_id)
    recorded = load(game_id)
    assert len(recorded) == len(cases(game_id))
    for rec in recorded:
        seats = [Seat(f"P{i + 1}", rec["bot"]) for i in range(rec["players"])]
        state = game.setup(seats, game.spec.resolve_options(rec["options"]), seed_state(rec["seed"]))
        digest = hashlib.sha256()
        for action_id in rec["actions"]:
            decision = game.decision(state)
            assert decision is not None, f"seed {rec['seed']}: the game ended before {action_id!r}"
            step_digest(digest, decision.seat, [a.id for a in game.legal_actions(state)])
            game.apply(state, action_id)
        where = f"{game_id} {rec['players']}p {rec['options']} seed {rec['seed']}"
        assert digest.hexdigest() == rec["digest"], f"{where}: legal actions or acting seats differ"
        result = game.result(state)
        if rec["winners"] is None:
            assert result is None, where
        else:
            assert result is not None, f"{where}: the game no longer ends"
            assert list(result.winners) == rec["winners"], where
            assert list(result.scores) == rec["scores"], where
