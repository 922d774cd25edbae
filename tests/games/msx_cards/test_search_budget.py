"""The MSX search bot's default budget: at most a fixed number of paired samples per decision, so a
bot game replays exactly, well inside the 1 s a decision may take (issue #16), with the heuristic's
answer kept unless another beats it on the same dice by more than its noise
(``PairedRefiningSearchBot``); answers plainly no better than the heuristic's are dropped after a
few samples, so a decision whose answers all come out the same costs only those; no playouts in a
Boss duel, where the heuristic's odds are exact."""

from __future__ import annotations

import time

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.engine.search import DEFAULT_CPU_MS, DEFAULT_WALL_MS, PairedRefiningSearchBot
from tabletop.games.msx_cards import search as S

GAME = games.game("msx_cards")


def first_choice_state(seed: int = 5) -> Match:
    m = Match.start(GAME, [Seat("h", "heuristic")], {}, seed=seed)
    while m.decision() is not None and len(m.legal()) < 2:
        m.bot_step()
    assert m.decision() is not None
    return m


def test_the_default_is_a_paired_bot_with_a_sample_budget() -> None:
    bot = S.search_bot()
    assert isinstance(bot, PairedRefiningSearchBot) and bot.prior == "heuristic" and bot.rollout == "heuristic"
    assert bot.per_option == S.SAMPLES and bot.iterations is None
    assert bot.prune == S.PRUNE and bot.min_samples == S.MIN_SAMPLES
    assert bot.think_ms is not None and bot.think_ms <= DEFAULT_CPU_MS
    assert bot.wall_ms is not None and bot.wall_ms <= DEFAULT_WALL_MS


def test_a_decision_replays_exactly_and_stays_under_a_second() -> None:
    m = first_choice_state()
    answers = []
    for _ in range(2):
        bot = S.search_bot()
        bot.wall_ms = None  # a loaded test machine must not cut the playouts short
        start = time.perf_counter()
        answers.append(bot.choose(GAME, {}, m.decision(), m.legal(), Rng(9), state=m.state))
        assert time.perf_counter() - start < 20.0  # CPU-bound, and the machine may be loaded
        assert bot.paired is not None and S.MIN_SAMPLES <= bot.paired.samples <= S.SAMPLES * len(m.legal())
    assert answers[0] == answers[1]


def test_answers_that_all_score_the_same_cost_only_the_first_samples() -> None:
    """A decision whose answers come out equal on every sample (here: a flat evaluation and no
    playout) is settled after ``MIN_SAMPLES`` samples, not the whole budget, and keeps the
    heuristic's answer."""
    m = first_choice_state()
    bot = S.MsxSearchBot(S.determinize, lambda game, s: [0.5], per_option=S.SAMPLES, depth=0, rollout="heuristic",
                         prior="heuristic", z=1.0, margin=0.0, prune=S.PRUNE, min_samples=S.MIN_SAMPLES)
    bot.wall_ms = None
    answer = bot.choose(GAME, {}, m.decision(), m.legal(), Rng(9), state=m.state)
    assert bot.paired is not None and bot.paired.samples == S.MIN_SAMPLES
    heuristic = GAME.spec.bots["heuristic"]().choose(GAME, GAME.view(m.state, 0), m.decision(), m.legal(), Rng(9))
    assert answer == heuristic


def boss_act_state(seed: int = 5) -> Match:
    m = Match.start(GAME, [Seat("h", "heuristic")], {}, seed=seed)
    while m.decision() is not None:
        if m.decision().kind == "act" and m.state.mode == "boss" and len(m.legal()) > 1:
            return m
        m.bot_step()
    raise AssertionError("no Boss step with a capsule to use")


def test_r30_a_boss_step_is_the_heuristics_exact_answer_without_playouts() -> None:
    m = boss_act_state()
    bot = S.search_bot()
    answer = bot.choose(GAME, {}, m.decision(), m.legal(), Rng(9), state=m.state)
    heuristic = GAME.spec.bots["heuristic"]().choose(GAME, GAME.view(m.state, 0), m.decision(), m.legal(), Rng(9))
    assert answer == heuristic and bot.paired is None
