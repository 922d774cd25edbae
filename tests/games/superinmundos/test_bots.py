"""The heuristic bot plays legal moves from its view only and beats random play."""

from __future__ import annotations

from tabletop.engine import Match, Seat
from tabletop.games import game


def test_heuristic_bot_beats_random_bots() -> None:
    g = game("superinmundos")
    wins = 0
    games = 40
    for seed in range(games):
        seats = [Seat("H", "heuristic"), Seat("R", "random")]
        if seed % 2:
            seats.reverse()
        match = Match.start(g, seats, {"quick": True}, seed=seed)
        while match.bot_step() is not None:
            pass
        result = match.result()
        assert result is not None
        me = [s.name for s in seats].index("H")
        wins += me in result.winners and len(result.winners) == 1
    assert wins / games > 0.6
