"""The paired search's adaptive sampling and horizon (``engine.search.paired_root``): answers no
better than the favourite stop costing playouts after ``min_samples``, and a ``horizon`` ends a
playout where the game says a natural stretch of play is over (before ``depth``)."""

from __future__ import annotations

from typing import Any

from alias_game import AliasGame

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.engine.search import Budget, bot_policy, paired_root
from tabletop.games.superinmundos import search as si


def _turn() -> tuple[Any, Match]:
    """A Superinmundos decision with several answers, reached by two heuristic bots."""
    g = games.game("superinmundos")
    m = Match.start(g, [Seat("A", "heuristic"), Seat("B", "heuristic")], {}, seed=5)
    while len(m.legal()) < 3:
        m.bot_step()
    return g, m


def test_an_answer_no_better_than_the_favourite_is_dropped_after_min_samples() -> None:
    g, m = _turn()
    d = m.decision()
    first = m.legal()[0].id
    twice = [first, first + " "]  # the same answer twice: a difference of exactly 0 every sample
    kwargs: dict[str, Any] = dict(determinize=si.determinize, evaluate=si.evaluate, budget=Budget(iterations=200),
                                  depth=6, policy=bot_policy(g.spec.bots["heuristic"]()), z=0.0)
    pruned = paired_root(AliasGame(g), m.state, d.seat, twice, first, rng=Rng(4), prune=1.0, min_samples=3, **kwargs)
    assert pruned.samples == 3 and pruned.action == first
    full = paired_root(AliasGame(g), m.state, d.seat, twice, first, rng=Rng(4), **kwargs)
    assert full.samples == 100  # without pruning the whole budget is spent on it


def test_a_horizon_ends_every_playout_with_the_battle_under_way() -> None:
    g, m = _turn()
    d = m.decision()
    start = m.state.rounds_done
    seen: list[tuple[int, int]] = []

    def evaluate(game: Any, s: Any) -> list[float]:
        seen.append((s.rounds_done, len(s.arena)))
        return si.evaluate(game, s)

    ids = [a.id for a in m.legal()]
    paired_root(g, m.state, d.seat, ids, ids[0], determinize=si.determinize, evaluate=evaluate, rng=Rng(2),
                budget=Budget(iterations=3 * len(ids)), depth=1000, policy=bot_policy(g.spec.bots["heuristic"]()),
                horizon=si.battle)
    assert seen and all(done == start + 1 and arena == 0 for done, arena in seen)
