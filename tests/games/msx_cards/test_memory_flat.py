"""A long heuristic simulation of MSX Cards keeps its memory flat (issue #15, memory): the bots'
memo tables are bounded so that they level off within a few games, not after hundreds."""

from __future__ import annotations

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.msx_cards import battles


def _play(seeds: range) -> None:
    game = games.game("msx_cards")
    for seed in seeds:
        match = Match.start(game, [Seat("P1", "heuristic")], {}, seed=seed)
        while match.bot_step() is not None and len(match.actions) < game.spec.max_steps:
            pass


def test_battle_outcomes_table_stays_small_over_many_games() -> None:
    # eight heuristic games meet ~1,600 distinct battle outcomes: the table must not keep them all
    _play(range(8))
    assert len(battles._OUTCOMES) <= 2 * 512
