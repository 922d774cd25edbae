"""Issue #12: the game object holds no cache. Whatever the rules keep for speed is card data
worked out at construction (never changed afterwards) or lives per thread and per state, so two
matches, or two threads, playing with one ``MountGram`` object share nothing a move changes."""

from __future__ import annotations

import threading
from typing import Any

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.mount_gram.rules import MountGram


def _snapshot(game: MountGram) -> dict[str, Any]:
    """Every attribute of the game object, with containers copied (to see them change)."""
    out: dict[str, Any] = {}
    for name, value in vars(game).items():
        out[name] = dict(value) if isinstance(value, dict) else value
    return out


def _play(game: Any, seed: int, players: int = 2) -> list[str]:
    match = Match.start(game, [Seat(f"P{i}", "random") for i in range(players)], {}, seed=seed)
    while match.bot_step() is not None and len(match.actions) < 400:
        pass
    return list(match.actions)


def test_playing_changes_nothing_on_the_game_object() -> None:
    game = MountGram()
    before = _snapshot(game)
    for seed in range(3):
        _play(game, seed)
    after = _snapshot(game)
    assert after.keys() == before.keys()
    for name, value in before.items():
        assert after[name] == value if isinstance(value, dict) else after[name] is value, name
    assert not any(isinstance(v, (list, set)) for v in vars(game).values())


def test_two_threads_on_one_game_object_play_as_alone() -> None:
    game = games.game("mount_gram")
    alone = {seed: _play(game, seed) for seed in (7, 8)}
    got: dict[int, list[str]] = {}

    def run(seed: int) -> None:
        for _ in range(3):  # interleave as much as the scheduler will
            got[seed] = _play(game, seed)

    threads = [threading.Thread(target=run, args=(seed,)) for seed in (7, 8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == alone


def test_interleaved_matches_on_one_game_object_play_as_alone() -> None:
    game = games.game("mount_gram")
    alone = [_play(game, seed) for seed in (3, 4)]
    a, b = (Match.start(game, [Seat("A", "random"), Seat("B", "random")], {}, seed=seed) for seed in (3, 4))
    live = [a, b]
    while live:  # one move of each in turn, as _play plays each alone
        live = [m for m in live if m.bot_step() is not None and len(m.actions) < 400]
    assert [list(a.actions), list(b.actions)] == alone
