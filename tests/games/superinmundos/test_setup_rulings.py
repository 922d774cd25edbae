"""Rulings about seats, dealing, rounds and the end of the game (S1-S4, S27-S31, S39-S41, S44)."""

from __future__ import annotations

import pytest
from scenario import Scenario

from tabletop.engine import IllegalAction, Match, Seat
from tabletop.engine.chance import shuffle
from tabletop.engine.rng import seed_state
from tabletop.games import game
from tabletop.games.superinmundos.rules import build_deck
from tabletop.games.superinmundos.state import SuperState

from .helpers import en, ids, kind, seat, table, to_open


def test_S1_turn_order_is_increasing_seat_index_wrapping() -> None:
    sc = table(3, {0: ["neut17"], 1: ["neut18"], 2: ["neut11"]}, start=1)
    assert seat(sc) == 1 and kind(sc) == "open"
    sc.play("open neut18")
    assert seat(sc) == 2 and kind(sc) == "turn"
    sc.play("withdraw")
    assert seat(sc) == 0 and kind(sc) == "turn"


def test_S2_starting_player_is_random_or_chosen() -> None:
    starts = {Scenario("superinmundos", 4, {"no_swap": True}, seed=n).state.start for n in range(24)}
    assert len(starts) > 1 and starts <= {0, 1, 2, 3}
    assert Scenario("superinmundos", 4, {"first": 3, "no_swap": True}).state.start == 2


def test_S3_deal_one_at_a_time_from_the_next_seat_ending_with_the_dealer() -> None:
    sc = Scenario("superinmundos", 3, {"first": 2, "no_swap": True}, seed=5)
    mirror = SuperState(rng=seed_state(5))
    deck = build_deck({})
    shuffle(mirror, deck)
    hands: list[list[str]] = [[], [], []]
    for _ in range(7):
        for s in (2, 0, 1):
            hands[s].append(deck.pop())
    assert [p["hand"] for p in sc.state.players] == hands
    assert sc.state.dealer == 1


def test_S4_hand_size_seven_or_five_and_no_refill_mid_round() -> None:
    assert all(len(p["hand"]) == 7 for p in Scenario("superinmundos", 3, {"no_swap": True}).state.players)
    assert all(len(p["hand"]) == 5 for p in Scenario("superinmundos", 3, {"hand5": True}).state.players)
    sc = table(2, {0: ["neut18", "neut01"], 1: ["neut11", "neut17"]})
    sc.play("open neut18")
    assert len(sc.state.players[0]["hand"]) == 1


def test_S27_winner_refills_every_hand_in_seat_order_from_the_new_starter() -> None:
    sc = table(3, {0: ["neut18", "neut01"], 1: ["neut17"], 2: ["neut11"]})
    sc.play("open neut18", "withdraw", "withdraw")
    s = sc.state
    assert sc.last("refill")["seat"] == 0
    assert s.start == 1 and s.dealer == 0
    after = s.log.index(sc.last("refill"))
    dealt = [e["seat"] for e in s.log[after:] if e["k"] == "dealt"]
    assert dealt == [1, 2, 0]
    assert all(len(p["hand"]) == 7 for p in s.players)


def test_S28_game_ends_when_the_deck_cannot_refill_every_hand() -> None:
    sc = table(2, {0: ["neut18", "neut01"], 1: ["neut17"]})
    s = sc.state
    s.discard.extend(s.deck[5:])
    del s.deck[5:]
    sc.play("open neut18", "withdraw")
    assert s.over and s.end_reason == {"k": "end.deck", "deck": len(s.deck), "need": s.end_reason["need"]}
    assert "cannot refill" in en(sc, sc.match.result().reason)  # type: ignore[union-attr, arg-type]
    assert len(s.players[1]["hand"]) == 1 and len(s.deck) == 5


@pytest.mark.parametrize(("options", "limit"), [({}, 5), ({"quick": True}, 3)])
def test_S29_five_rounds_or_three_in_a_quick_game(options: dict, limit: int) -> None:
    sc = table(2, {0: ["neut18", "neut01"], 1: ["neut17"]}, options=options)
    s = sc.state
    assert s.round_limit == limit
    s.rounds_done = limit - 2
    sc.play("open neut18", "withdraw")
    assert not s.over and s.rounds_done == limit - 1
    to_open(sc)
    sc.play(ids(sc, "open ")[0])
    while not s.over:
        sc.play("withdraw")
    assert s.rounds_done == limit and s.end_reason == {"k": "end.rounds", "n": limit}


def test_S30_tie_break_is_battles_won_then_shared() -> None:
    g = game("superinmundos")
    sc = table(3, {0: ["neut18"]})
    s = sc.state
    s.piles = [["a", "b"], ["c", "d"], ["e"]]
    s.players[0]["battles_won"], s.players[1]["battles_won"] = 1, 2
    s.over, s.end_reason = True, {"k": "end.rounds", "n": 5}
    assert g.result(s).winners == (1,)
    s.players[0]["battles_won"] = 2
    assert g.result(s).winners == (0, 1)


def test_S31_hand_swap_once_per_game_with_a_full_hand() -> None:
    sc = table(2, {0: ["neut18", "neut01", "neut13", "neut17", "neut11", "neut19", "neut20"],
                   1: ["b22", "magucio"]}, options={"no_swap": False})
    s = sc.state
    assert kind(sc) == "swap" and seat(sc) == 0 and s.queue == [0]
    deck_size = len(s.deck)
    sc.play("swap")
    assert s.players[0]["swap_used"] and len(s.players[0]["hand"]) == 7 and len(s.deck) == deck_size
    to_open(sc)
    sc.play(ids(sc, "open ")[0])
    sc.play("withdraw")
    assert s.round == 2 and len(s.players[0]["hand"]) == 7
    assert 0 not in s.queue  # refilled to 7, but the swap is spent


def test_S39_variants_teams_share_a_pile_and_decks_shrink() -> None:
    assert len(build_deck({"no_neutrals": True})) == 86
    assert len(build_deck({"no_events": True})) == 94
    assert len(build_deck({"no_neutrals": True, "no_events": True})) == 72
    sc = table(4, {0: ["neut18"], 1: ["neut17"], 3: ["neut11"]}, options={"teams": True})
    s = sc.state
    assert len(s.piles) == 2 and [p["team"] for p in s.players] == [0, 1, 0, 1]
    sc.play("open neut18", "withdraw", "withdraw")
    assert s.piles[0] and sc.view(2)["players"][0]["loot"] == len(s.piles[0])
    with pytest.raises(ValueError):
        Scenario("superinmundos", 3, {"teams": True})


def test_S40_two_to_six_players() -> None:
    sc = Scenario("superinmundos", 6, {"no_swap": True})
    assert sum(len(p["hand"]) for p in sc.state.players) == 42
    with pytest.raises(ValueError):
        Match.start(game("superinmundos"), [Seat(f"P{i}") for i in range(7)], {})


def test_S41_illegal_moves_are_refused_so_no_cheating_penalty() -> None:
    sc = table(2, {0: ["neut18"], 1: ["neut17"]})
    assert "not legal" in sc.illegal("attack neut17")
    with pytest.raises(IllegalAction):
        sc.game.apply(sc.state, "open neut17")


def test_S44_no_opener_is_eliminated_and_nobody_opening_ends_the_round() -> None:
    sc = table(2, {0: ["event02"], 1: ["neut18", "neut01"]})
    assert sc.last("eliminated")["seat"] == 0 and seat(sc) == 1 and kind(sc) == "open"
    sc.play("open neut18")
    assert sc.state.piles[1] == ["neut18"]  # everyone else was already out
    sc = table(3, {0: ["event02"], 1: ["event03"], 2: []}, start=1)
    s = sc.state
    assert sc.events("no_opener") and s.rounds_done == 1
    assert s.start == 2 and s.dealer == 1 and not any(s.piles)


def test_S5_the_opener_needs_no_beating_may_play_turn_events_first_and_cannot_decline() -> None:
    sc = table(2, {0: ["neut18", "event06"], 1: ["neut11"]})
    assert kind(sc) == "open" and set(sc.legal()) >= {"open neut18", "event event06"}
    assert "withdraw" not in sc.legal()
    sc.play("event event06")
    assert kind(sc) == "open" and len(sc.state.players[0]["hand"]) == 3
    sc.play("open neut18")
    assert sc.state.arena[-1]["cards"] == ["neut18"]
