"""Villainous search bot: a card swapped between another villain's hand and his deck (or two of
a deck's cards swapped) changes nothing the searching seat can see, so nothing of its search."""

from __future__ import annotations

from typing import Any

import pytest
from search_leak import check_no_leak


def swap_hand_and_deck(game: Any, s: Any, seat: int) -> bool:
    hidden = game.secrets(s, seat)
    for i, P in enumerate(s.players):
        hand = [k for k, c in enumerate(P["hand"]) if c in hidden]
        if i != seat and hand and P["deck"]:
            P["hand"][hand[0]], P["deck"][-1] = P["deck"][-1], P["hand"][hand[0]]
            return True
    return False


def swap_own_deck(game: Any, s: Any, seat: int) -> bool:
    deck = s.players[seat]["deck"]
    if len(deck) < 2 or deck[0] == deck[-1]:
        return False
    deck[0], deck[-1] = deck[-1], deck[0]  # nobody knows the order of a deck, its owner included
    return True


@pytest.mark.parametrize(("players", "swap"), [(2, swap_hand_and_deck), (3, swap_hand_and_deck), (2, swap_own_deck)])
def test_search_choice_ignores_hidden_cards(players: int, swap: Any) -> None:
    check_no_leak("villainous", players, {}, swap)


def test_a_fate_card_never_lands_in_a_hand() -> None:
    from search_leak import decisions

    from tabletop import games
    from tabletop.engine.rng import Rng
    from tabletop.games.villainous.board import LIB
    from tabletop.games.villainous.search import determinize

    game = games.game("villainous")
    for n, match in enumerate(decisions("villainous", 3, {}, range(2))):
        seat = match.decision().seat
        d = determinize(game, match.state, seat, Rng(n))
        for P in d.players:
            v = LIB.villains[P["villain"]]
            assert set(P["hand"] + P["deck"]) <= set(v.villain_cards)
            assert set(P["fdeck"]) <= set(v.fate_cards)
