"""The search engine (ISMCTS on the raw rules) and every game's determinization.

Engine tests use the kernel's High Card; the generic part plays seeded games of the four games
and checks, for many mid-game states and each seat, that a determinization shows that seat exactly
what it saw (same view, same set of cards it cannot see), keeps the invariants, and plays on to
the end from the acting seat's decision.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

import pytest
from kernel_game import SPEC, HighCard, HighCardState

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.determinize import private_log, resample, reseed
from tabletop.engine.rng import Rng
from tabletop.engine.search import Budget, SearchBot, ismcts


def hc_determinize(game: Any, state: HighCardState, seat: int, rng: Rng) -> HighCardState:
    hidden = game.secrets(state, seat)
    d: HighCardState = game.clone(state)
    resample([d.deck, *(p["hand"] for i, p in enumerate(d.players) if i != seat)], hidden, rng)
    private_log(d, seat)
    reseed(d, rng)
    return d


def hc_evaluate(game: Any, s: HighCardState) -> list[float]:
    total = sum(p["score"] for p in s.players) or 1
    return [p["score"] / total for p in s.players]


def hc_match(seed: int = 3, steps: int = 5) -> Match:
    game = HighCard()
    game.spec = SPEC
    match = Match.start(game, [Seat("A", "random"), Seat("B", "random")], seed=seed)
    for _ in range(steps):
        match.bot_step()
    while len(match.legal()) < 2:
        match.bot_step()
    return match


def test_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        Budget()


def test_iteration_budget_is_exact_and_the_state_is_untouched() -> None:
    match = hc_match()
    before = repr(vars(match.state))
    d = match.decision()
    assert d is not None
    res = ismcts(match.game, match.state, d.seat, determinize=hc_determinize, evaluate=hc_evaluate,
                 rng=Rng(1), budget=Budget(iterations=57))
    assert res.iterations == 57
    assert sum(res.visits.values()) == 57
    assert res.action in {a.id for a in match.legal()}
    assert repr(vars(match.state)) == before


def test_time_budget_stops_the_search() -> None:
    match = hc_match()
    d = match.decision()
    assert d is not None
    for budget in (Budget(cpu_ms=60), Budget(wall_ms=60)):
        start = time.perf_counter()
        res = ismcts(match.game, match.state, d.seat, determinize=hc_determinize, evaluate=hc_evaluate,
                     rng=Rng(1), budget=budget)
        assert res.iterations >= 1
        assert time.perf_counter() - start < 2.0


def test_same_seed_same_search_and_another_seed_may_differ() -> None:
    match = hc_match()
    d = match.decision()
    assert d is not None
    runs = [ismcts(match.game, match.state, d.seat, determinize=hc_determinize, evaluate=hc_evaluate,
                   rng=Rng(seed), budget=Budget(iterations=80)) for seed in (5, 5, 6)]
    assert runs[0].visits == runs[1].visits and runs[0].means == runs[1].means
    assert runs[0].action == runs[1].action
    assert (runs[0].visits, runs[0].means) != (runs[2].visits, runs[2].means)


def test_one_legal_action_is_answered_at_once_and_the_state_is_needed() -> None:
    match = hc_match()
    d = match.decision()
    assert d is not None
    bot = SearchBot(hc_determinize, hc_evaluate, iterations=10)
    only = match.legal()[:1]
    assert bot.choose(match.game, {}, d, only, Rng(0)) == only[0].id
    assert bot.last is None
    with pytest.raises(TypeError):
        bot.choose(match.game, {}, d, match.legal(), Rng(0))


def test_match_hands_the_state_to_a_search_bot_and_games_replay() -> None:
    spec = SPEC.__class__(**{**SPEC.__dict__, "bots": {
        **SPEC.bots, "search": lambda: SearchBot(hc_determinize, hc_evaluate, iterations=20, think_ms=None)}})
    played = []
    for _ in range(2):
        game = HighCard()
        game.spec = spec
        match = Match.start(game, [Seat("A", "search"), Seat("B", "random")], seed=11)
        while match.decision() is not None:
            match.bot_step()
        played.append(list(match.actions))
        assert match.replayed_state().step == match.state.step
    assert played[0] == played[1]


def test_resample_keeps_counts_and_seen_cards_and_ignores_where_hidden_cards_were() -> None:
    a = [["x1", "h1", "h2"], ["h3", "y"], ["h4"]]
    b = [["x1", "h4", "h3"], ["h2", "y"], ["h1"]]  # same slots, the hidden cards elsewhere
    hidden = {"h1", "h2", "h3", "h4"}
    resample(a, hidden, Rng(9))
    resample(b, hidden, Rng(9))
    assert a == b
    assert a[0][0] == "x1" and a[1][1] == "y" and [len(z) for z in a] == [3, 2, 1]
    assert sorted(a[0][1:] + a[1][:1] + a[2]) == ["h1", "h2", "h3", "h4"]
    mixed = [["p1.a", "e.b", "p1.c"], ["e.d"]]
    resample(mixed, {"p1.a", "e.b", "p1.c", "e.d"}, Rng(2), kind=lambda c: c.split(".")[0])
    assert mixed[0][1].startswith("e.") and mixed[1][0].startswith("e.") and mixed[0][0].startswith("p1.")


# -- every game ------------------------------------------------------------------------------------

SETUPS = [
    ("superinmundos", 2, {}), ("superinmundos", 4, {}), ("superinmundos", 3, {"mixed": 12}),
    ("superinmundos", 4, {"teams": True}),
    ("villainous", 2, {}), ("villainous", 3, {}),
    ("msx_cards", 1, {}), ("msx_cards", 2, {"versus": True, "mission": "quick"}),
    ("mount_gram", 1, {}), ("mount_gram", 2, {}), ("mount_gram", 3, {"open_hands": True}),
]


def mid_game_states(game_id: str, players: int, options: dict[str, Any], seeds: range,
                    every: int = 23, limit: int = 500) -> Any:
    """(match, step) at every ``every`` actions of seeded heuristic-bot games."""
    game = games.game(game_id)
    for seed in seeds:
        match = Match.start(game, [Seat(f"P{i}", "heuristic") for i in range(players)], options, seed=seed)
        for k in range(limit):
            if match.decision() is None:
                break
            if k % every == every - 1:
                yield match
            match.bot_step()


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS)
def test_determinization_shows_each_seat_what_it_saw_and_plays_on(game_id: str, players: int,
                                                                  options: dict[str, Any]) -> None:
    game = games.game(game_id)
    mod = importlib.import_module(f"tabletop.games.{game_id}.search")
    rng = Rng(4)
    checked = 0
    for match in mid_game_states(game_id, players, options, range(3)):
        state = match.state
        acting = match.decision().seat
        for seat in range(players):
            before = repr(vars(state))
            det = mod.determinize(game, state, seat, rng)
            assert repr(vars(state)) == before, "determinize changed the real state"
            assert det is not state
            assert game.view(det, seat) == game.view(state, seat)
            assert game.secrets(det, seat) == game.secrets(state, seat)
            assert game.invariants(det) == []
            values = mod.evaluate(game, det)
            assert len(values) >= 1 and all(0.0 <= v <= 1.0 for v in values)
            if seat == acting:
                assert game.decision(det) == game.decision(state)
                assert [a.id for a in game.legal_actions(det)] == [a.id for a in match.legal()]
                for _ in range(game.spec.max_steps):
                    if game.decision(det) is None:
                        break
                    actions = game.legal_actions(det)
                    game.apply(det, actions[rng.below(len(actions))].id)
                assert game.result(det) is not None
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game_id", ["superinmundos", "villainous", "msx_cards", "mount_gram"])
def test_every_game_registers_the_search_bot(game_id: str) -> None:
    spec = games.spec(game_id)
    assert "search" in spec.bots
    bot = spec.bots["search"]()
    assert isinstance(bot, SearchBot) and bot.uses_state
    assert bot.think_ms is not None and bot.think_ms <= 1000 and bot.wall_ms is not None and bot.wall_ms <= 1000


def test_a_prior_bot_answer_stands_unless_the_search_finds_better_by_the_margin() -> None:
    match = hc_match(steps=2)
    d = match.decision()
    assert d is not None
    actions = match.legal()
    highest = SPEC.bots["highest"]().choose(match.game, match.view(d.seat), d, actions, Rng(0))
    trusting = SearchBot(hc_determinize, hc_evaluate, iterations=60, think_ms=None, prior="highest", margin=1.0)
    assert trusting.choose(match.game, {}, d, actions, Rng(3), state=match.state) == highest
    plain = SearchBot(hc_determinize, hc_evaluate, iterations=60, think_ms=None, prior="highest", margin=-1.0)
    choice = plain.choose(match.game, {}, d, actions, Rng(3), state=match.state)
    assert plain.last is not None and choice == plain.last.action


def test_per_option_scales_the_iterations_with_the_legal_actions_and_iterations_caps_them() -> None:
    match = hc_match()
    d = match.decision()
    assert d is not None
    legal = match.legal()
    scaled = SearchBot(hc_determinize, hc_evaluate, think_ms=None, wall_ms=None, per_option=4)
    scaled.choose(match.game, {}, d, legal, Rng(2), state=match.state)
    assert scaled.last is not None and scaled.last.iterations == 4 * len(legal)
    two = SearchBot(hc_determinize, hc_evaluate, think_ms=None, wall_ms=None, per_option=4)
    two.choose(match.game, {}, d, legal[:2], Rng(2), state=match.state)
    assert two.last is not None and two.last.iterations == 8
    capped = SearchBot(hc_determinize, hc_evaluate, think_ms=None, wall_ms=None, per_option=4, iterations=5)
    capped.choose(match.game, {}, d, legal, Rng(2), state=match.state)
    assert capped.last is not None and capped.last.iterations == min(5, 4 * len(legal))
    assert SearchBot(hc_determinize, hc_evaluate, per_option=3).budget(7) == Budget(21, 400.0, 1000.0)


@pytest.mark.parametrize("game_id", ["superinmundos", "villainous"])
def test_the_default_search_thinks_by_iterations_under_the_time_caps(game_id: str) -> None:
    """The factory's default is an iteration budget per legal action, so the same decision searched
    twice with the same seed gives the same answer and statistics; the CPU and wall caps of the
    app stay in place (the old default was a time budget only)."""
    bot = importlib.import_module(f"tabletop.games.{game_id}.search").search_bot()
    assert bot.per_option and bot.think_ms is not None and bot.wall_ms is not None and bot.wall_ms <= 1000
    game = games.game(game_id)
    match = Match.start(game, [Seat("A", "heuristic"), Seat("B", "heuristic")], {}, seed=5)
    while len(match.legal()) < 3:
        match.bot_step()
    d = match.decision()
    assert d is not None
    runs = []
    for _ in range(2):
        b = importlib.import_module(f"tabletop.games.{game_id}.search").search_bot()
        b.think_ms = b.wall_ms = None
        b.choose(game, {}, d, match.legal(), Rng(9), state=match.state)
        assert b.paired is not None
        runs.append((b.paired.samples, b.paired.advantage, b.paired.error))
    assert runs[0] == runs[1] and runs[0][0] == bot.per_option
