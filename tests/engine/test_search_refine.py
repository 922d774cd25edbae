"""The refining search bot (``engine.search.RefiningSearchBot``, the ``search`` kind of
Superinmundos, Villainous and Mount Gram): the heuristic's answer stands unless the search's
better mean clears the margin plus the sampling noise of the fewer-visited of the two."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.engine.search import RefiningSearchBot

GAMES = ["superinmundos", "villainous", "mount_gram"]


def _search(game_id: str) -> Any:
    return importlib.import_module(f"tabletop.games.{game_id}.search")


def _decisions(game_id: str, n: int = 4) -> Iterator[tuple[Any, Match]]:
    g = games.game(game_id)
    m = Match.start(g, [Seat("A", "heuristic"), Seat("B", "heuristic")], {}, seed=11)
    found = 0
    for k in range(600):
        if m.decision() is None or found >= n:
            break
        if k % 5 == 4 and len(m.legal()) > 2:
            found += 1
            yield g, m
        m.bot_step()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_factory_is_the_refining_bot_with_heuristic_playouts(game_id: str) -> None:
    bot = _search(game_id).search_bot()
    assert isinstance(bot, RefiningSearchBot) and bot.prior == "heuristic" and bot.rollout == "heuristic"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_noisy_search_never_overrules_the_heuristic(game_id: str) -> None:
    """With an enormous noise allowance the heuristic's answer is always the one played."""
    s = _search(game_id)
    seen = 0
    for g, m in _decisions(game_id):
        d = m.decision()
        bot = RefiningSearchBot(s.determinize, s.evaluate, think_ms=None, wall_ms=None, iterations=12,
                                prior="heuristic", margin=0.0, spread=100.0, depth=4)
        choice = bot.choose(g, {}, d, m.legal(), Rng(3), state=m.state)
        heuristic = g.spec.bots["heuristic"]()
        assert bot.last is not None and choice in bot.last.visits
        rng = Rng(3)  # the bot's own draws: the determinization's seed, then the heuristic's
        det = s.determinize(g, m.state, d.seat, Rng(rng.below(1 << 62)))
        assert choice == heuristic.choose(g, g.view(det, d.seat), d, m.legal(), Rng(rng.below(1 << 62)))
        seen += 1
    assert seen > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_with_no_allowance_the_search_plays_its_best_mean(game_id: str) -> None:
    s = _search(game_id)
    seen = 0
    for g, m in _decisions(game_id):
        d = m.decision()
        bot = RefiningSearchBot(s.determinize, s.evaluate, think_ms=None, wall_ms=None, iterations=12,
                                prior="heuristic", margin=-1.0, spread=0.0, depth=4)
        choice = bot.choose(g, {}, d, m.legal(), Rng(3), state=m.state)
        assert bot.last is not None and choice == bot.last.action
        seen += 1
    assert seen > 0
