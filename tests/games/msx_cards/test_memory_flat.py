"""A long heuristic simulation of MSX Cards keeps its memory flat (issue #15, memory): the bots'
memo tables are bounded so that they level off within a few games, not after hundreds."""

from __future__ import annotations

import json

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.msx_cards import battles, flow


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


def test_pairings_share_their_initiative_messages() -> None:
    # the step messages of roll-offs ("card X rolled 4, total 5", "card X goes first") and the
    # modifier notes are kept once per content for every pairing, not once per pairing
    _play(range(4))
    assert len(flow._ODDS) > 20  # many pairings met
    seen: dict[str, object] = {}
    shared = 0
    for odds in flow._ODDS.values():
        for item in [*odds.shown, odds.p_why, odds.e_why, odds.mod_list, odds.notes]:
            if item is None:
                continue
            key = json.dumps(item, sort_keys=True)
            if seen.setdefault(key, item) is not item:
                raise AssertionError(f"two copies of {key}")
            shared += 1
    assert shared > len(seen)  # the same content met in several pairings, one object
