"""Runs the conformance kit over every registered game and each of its conformance set-ups.

``TABLETOP_CONFORMANCE_GAMES`` raises the number of random games per set-up (default 12) for a
long soak before a release.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tabletop import games

from .kit import play_random_game

GAMES_PER_SETUP = int(os.environ.get("TABLETOP_CONFORMANCE_GAMES", "12"))

CASES = [
    pytest.param(gid, players, options, id=f"{gid}-{players}p-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "default"))
    for gid, spec in games.specs().items()
    for players, options in spec.conformance_setups()
]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_random_games_end_and_keep_every_property(game_id: str, players: int, options: dict,
                                                  tmp_path: Path) -> None:
    game = games.game(game_id)
    for seed in range(GAMES_PER_SETUP):
        play_random_game(game, players, options, seed=1000 + seed, tmp=tmp_path if seed < 2 else None)
