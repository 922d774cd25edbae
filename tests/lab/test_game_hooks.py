"""Each game's ``stats`` module read against real bot games: what it reports must agree with the
state and the log it reads from."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.lab.hooks import hooks_for
from tabletop.lab.runner import play_one
from tabletop.lab.setups import build_setup


def finished(game_id: str, players: int, seed: int, kind: str = "random", **options: Any) -> Match:
    match = Match.start(games.game(game_id), [Seat(f"b{i}", kind) for i in range(players)], options, seed=seed)
    while match.decision() is not None:
        match.bot_step()
    assert match.result() is not None
    return match


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {}), (4, {"teams": True}), (3, {"mixed": 12})])
def test_superinmundos_top_card_belongs_to_the_battle_winner(players: int, options: dict[str, Any]) -> None:
    from tabletop.games.superinmundos import stats

    total = 0
    for seed in range(3):
        match = finished("superinmundos", players, seed, **options)
        pairs = stats.top_owner_checks(match.state)
        battles = sum(p["battles_won"] for p in match.state.players)
        assert len(pairs) == battles
        assert all(owner == winner for owner, winner in pairs), pairs
        tally = stats.card_tally(match.state, match.actions, match.result().winners)
        decided = [card for card, won in tally if won]
        assert len(decided) >= battles  # one card on top per battle won, more for a fusion
        total += battles
    assert total > 0


def test_villainous_cards_played_by_the_winner() -> None:
    match = finished("villainous", 4, 3, "heuristic")
    winner = match.result().winners[0]
    hooks = hooks_for("villainous")
    villains = hooks.seat_groups(match.state)["villain"]
    assert len(villains) == 4 and len(set(villains)) == 4
    tally = hooks.card_tally(match.state, match.actions, match.result().winners)
    assert any(won for _, won in tally) and any(not won for _, won in tally)
    for label, won in tally:
        assert won == label.startswith(villains[winner] + ": "), label
    assert len({label for label, _ in tally}) == len(tally)  # once per game


def test_msx_fighters_and_capsules_of_the_run() -> None:
    hooks = hooks_for("msx_cards")
    for seed in range(6):
        match = finished("msx_cards", 1, seed, "heuristic")
        won = bool(match.result().winners)
        tally = hooks.card_tally(match.state, match.actions, match.result().winners)
        assert any(label.startswith("fighter ") for label, _ in tally)
        assert all(decided == won for _, decided in tally)
        fighters = {e["card"] for e in match.state.log if e["k"] == "fighter" and e["side"] == 0}
        assert len([label for label, _ in tally if label.startswith("fighter ")]) == len(fighters)
        assert hooks.seat_groups(match.state) == {"mission": ["Liberation"]}


def test_msx_versus_counts_both_sides() -> None:
    match = finished("msx_cards", 2, 1, versus=True, mission="quick")
    tally = hooks_for("msx_cards").card_tally(match.state, match.actions, match.result().winners)
    assert {won for _, won in tally} == {True, False}


MSX_KEYS = {"mission complete", "three of your fighters fell in one World", "the Boss defeated your fighter in the duel",
            "your fighter failed to damage the Boss in the duel", "your pool is empty and you have no fighter left"}


def test_msx_end_reasons_fold_into_a_few_kinds() -> None:
    setup = build_setup("msx_cards", 1, ["random"], {"mission": "quick"})
    hooks = hooks_for("msx_cards")
    keys = {play_one(setup, seed, hooks).reason for seed in range(40)}
    assert keys <= MSX_KEYS and len(keys) >= 2


def test_mount_gram_reasons_keep_the_score_apart_and_decks_per_seat() -> None:
    setup = build_setup("mount_gram", 2, ["random"], {})
    hooks = hooks_for("mount_gram")
    records = [play_one(setup, seed, hooks) for seed in range(12)]
    reasons = {r.reason for r in records}
    assert not any("score" in key or any(ch.isdigit() for ch in key) for key in reasons), reasons
    assert len(reasons) <= 3
    assert len({r.top_score for r in records}) > 1  # the score varies, the reason does not
    assert all(dict(r.groups) == {"deck": ("Leadership", "Tactics")} for r in records)


def test_a_game_without_a_stats_module_gets_the_generic_figures() -> None:
    hooks = hooks_for("highcard")
    assert hooks.seat_groups is None and hooks.card_tally is None
    assert hooks.reason_key("highest card (9)") == "highest card (#)"
