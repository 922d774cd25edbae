"""A long simulation keeps memory flat (issue #15): whatever a game object caches for speed
stays bounded however many games it plays (Mount Gram's hand cache once grew by about 30-70
entries a game, 1 MB per 100 games, up to 50,000 entries, because hands seldom recur across
games)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat

GAMES = 100
BOUND = 2500
"""Entries a game object's caches may hold together: far above what one game needs (Mount Gram:
about 1,700), below what ``GAMES`` games leave behind if a cache keeps every game's keys."""


def cache_sizes(game: Any) -> dict[str, int]:
    return {k: len(v) for k, v in vars(game).items() if isinstance(v, (dict, list, set))}


@pytest.mark.parametrize("game_id", sorted(g for g in games.specs() if g != "highcard"))
def test_a_game_objects_caches_stay_bounded_over_many_games(game_id: str) -> None:
    game = importlib.import_module(f"tabletop.games.{game_id}").load()  # a fresh object: none of the other tests' keys
    spec = game.spec
    players, options = max(spec.conformance_setups(), key=lambda s: s[0] if s[0] <= 2 else 0)
    seats = [Seat(f"P{i}", "random") for i in range(players)]
    most = 0
    for seed in range(GAMES):
        match = Match.start(game, seats, options, seed=seed)
        while match.bot_step() is not None and len(match.actions) < spec.max_steps:
            pass
        if seed == 4 and not cache_sizes(game):
            return  # this game keeps nothing on its game object
        most = max(most, sum(cache_sizes(game).values()))
    assert most < BOUND, cache_sizes(game)
