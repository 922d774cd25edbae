"""The no-leak check of the search bots, shared by every game's ``test_search_determinize``.

Two states that give a seat the same view but hide different cards (two hidden cards swapped
between zones the seat cannot see) must give that seat the same determinizations and so the same
search choice with the same seed: nothing the seat cannot see may reach the search.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.engine.state import to_plain

Swap = Callable[[Any, Any, int], bool]
"""Changes a state in place so that the seat's view stays the same; False if it cannot here."""


def decisions(game_id: str, players: int, options: dict[str, Any], seeds: range, every: int = 7,
              limit: int = 400) -> Iterator[Match]:
    """Seeded heuristic games, stopped now and then at a decision with several answers."""
    game = games.game(game_id)
    for seed in seeds:
        match = Match.start(game, [Seat(f"P{i}", "heuristic") for i in range(players)], options, seed=seed)
        for k in range(limit):
            d = match.decision()
            if d is None:
                break
            if k % every == every - 1 and len(match.legal()) > 1:
                yield match
            match.bot_step()


def check_no_leak(game_id: str, players: int, options: dict[str, Any], swap: Swap, *, want: int = 3,
                  seeds: range = range(6), iterations: int = 30) -> int:
    """For states where ``swap`` applies: same view, same determinization, same search choice."""
    game = games.game(game_id)
    mod = importlib.import_module(f"tabletop.games.{game_id}.search")
    bot_kind = game.spec.bots["search"]
    done = 0
    for match in decisions(game_id, players, options, seeds):
        a = match.state
        seat = match.decision().seat
        b = game.clone(a)
        if not swap(game, b, seat):
            continue
        assert to_plain(a) != to_plain(b), "the swap changed nothing"
        assert game.view(a, seat) == game.view(b, seat), "the swap is visible to the seat"
        da = mod.determinize(game, a, seat, Rng(77))
        db = mod.determinize(game, b, seat, Rng(77))
        assert to_plain(da) == to_plain(db), "a determinization depends on where hidden cards are"
        picks = []
        for state in (a, b):
            bot = bot_kind()
            bot.iterations, bot.think_ms, bot.wall_ms = iterations, None, None
            d = game.decision(state)
            picks.append((bot.choose(game, {}, d, game.legal_actions(state), Rng(5), state=state),
                          bot.last.visits if bot.last else None))
        assert picks[0] == picks[1]
        done += 1
        if done >= want:
            break
    assert done >= want, f"only {done} states where the swap applies"
    return done
