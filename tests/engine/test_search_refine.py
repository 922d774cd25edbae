"""The refining search bot (``engine.search.RefiningSearchBot``, the ``search`` kind of
Superinmundos, Villainous and Mount Gram): the heuristic's answer stands unless the search's
better mean clears the margin plus the sampling noise of the fewer-visited of the two."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest
from alias_game import AliasGame

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.engine.search import Budget, PairedRefiningSearchBot, RefiningSearchBot, bot_policy, paired_root

GAMES = ["superinmundos", "villainous", "mount_gram"]
PAIRED = ["superinmundos", "villainous"]
"""Their ``search`` kind compares the root answers on common random numbers (``paired_root``)."""


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
    kind = PairedRefiningSearchBot if game_id in PAIRED else RefiningSearchBot
    assert isinstance(bot, kind) and bot.prior == "heuristic" and bot.rollout == "heuristic"


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


@pytest.mark.parametrize("game_id", PAIRED)
def test_paired_answers_share_the_draw_so_equal_answers_show_no_difference(game_id: str) -> None:
    """Every answer of a sample is played from the same determinization with the same chance: the
    same answer listed twice differs by exactly 0 on every sample (independent playouts, the old
    tree search, would give it a noisy difference), and the favourite then stands even with no
    allowance at all."""
    s = _search(game_id)
    seen = 0
    for g, m in _decisions(game_id):
        d = m.decision()
        ids = [a.id for a in m.legal()]
        twice = [ids[0], ids[0] + " "]  # a second name for the same answer
        game = AliasGame(g)
        res = paired_root(game, m.state, d.seat, twice, ids[0], determinize=s.determinize, evaluate=s.evaluate,
                          rng=Rng(4), budget=Budget(iterations=8), depth=6,
                          policy=bot_policy(g.spec.bots["heuristic"]()), z=0.0, margin=0.0)
        assert res.samples == 4 and res.advantage == {twice[1]: 0.0} and res.error == {twice[1]: 0.0}
        assert res.action == ids[0]
        seen += 1
    assert seen > 0


@pytest.mark.parametrize("game_id", PAIRED)
def test_paired_bot_keeps_the_heuristic_unless_an_answer_clears_the_noise(game_id: str) -> None:
    s = _search(game_id)
    seen = 0
    for g, m in _decisions(game_id):
        d = m.decision()
        legal = m.legal()
        never = PairedRefiningSearchBot(s.determinize, s.evaluate, think_ms=None, wall_ms=None, per_option=2,
                                        prior="heuristic", rollout="heuristic", margin=0.0, z=1e9, depth=4)
        choice = never.choose(g, {}, d, legal, Rng(3), state=m.state)
        rng = Rng(3)  # the bot's own draws: the determinization's seed, then the heuristic's
        det = s.determinize(g, m.state, d.seat, Rng(rng.below(1 << 62)))
        favourite = g.spec.bots["heuristic"]().choose(g, g.view(det, d.seat), d, legal, Rng(rng.below(1 << 62)))
        assert choice == favourite and never.paired is not None and never.paired.samples == 2
        eager = PairedRefiningSearchBot(s.determinize, s.evaluate, think_ms=None, wall_ms=None, per_option=2,
                                        prior="heuristic", rollout="heuristic", margin=0.0, z=0.0, depth=4)
        pick = eager.choose(g, {}, d, legal, Rng(3), state=m.state)
        assert eager.paired is not None
        best = max(eager.paired.advantage.values(), default=0.0)
        assert pick == favourite if best <= 0 else eager.paired.advantage[pick] == best
        seen += 1
    assert seen > 0


