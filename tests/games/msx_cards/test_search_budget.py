"""The MSX search bot's default budget: a fixed number of playouts per decision, so a bot game
replays exactly, well inside the 1 s a decision may take (issue #16), with the heuristic's
answer kept unless the search beats it by more than its noise (``RefiningSearchBot``)."""

from __future__ import annotations

import time

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.engine.search import DEFAULT_WALL_MS, RefiningSearchBot
from tabletop.games.msx_cards import search as S

GAME = games.game("msx_cards")


def first_choice_state(seed: int = 5) -> Match:
    m = Match.start(GAME, [Seat("h", "heuristic")], {}, seed=seed)
    while m.decision() is not None and len(m.legal()) < 2:
        m.bot_step()
    assert m.decision() is not None
    return m


def test_the_default_is_a_refining_bot_with_an_iteration_budget() -> None:
    bot = S.search_bot()
    assert isinstance(bot, RefiningSearchBot) and bot.prior == "heuristic"
    assert bot.iterations == S.ITERATIONS and bot.wall_ms is not None and bot.wall_ms <= DEFAULT_WALL_MS


def test_a_decision_replays_exactly_and_stays_under_a_second() -> None:
    m = first_choice_state()
    answers = []
    for _ in range(2):
        bot = S.search_bot()
        bot.wall_ms = None  # a loaded test machine must not cut the playouts short
        start = time.perf_counter()
        answers.append(bot.choose(GAME, {}, m.decision(), m.legal(), Rng(9), state=m.state))
        assert time.perf_counter() - start < 20.0  # CPU-bound, and the machine may be loaded
        assert bot.last is not None and bot.last.iterations == S.ITERATIONS
    assert answers[0] == answers[1]
