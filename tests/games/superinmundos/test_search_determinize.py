"""Superinmundos search bot: a card swapped between another hand and the deck changes nothing
the searching seat can see, so it changes nothing of its search (no hidden card leaks)."""

from __future__ import annotations

from typing import Any

import pytest
from search_leak import check_no_leak


def swap_hand_and_deck(game: Any, s: Any, seat: int) -> bool:
    hidden = game.secrets(s, seat)
    for i, p in enumerate(s.players):
        if i == seat:
            continue
        mine = [k for k, c in enumerate(p["hand"]) if c in hidden]
        deck = [k for k, c in enumerate(s.deck) if c in hidden]
        if mine and deck:
            h, d = mine[0], deck[-1]
            p["hand"][h], s.deck[d] = s.deck[d], p["hand"][h]
            return True
    return False


def swap_pile_and_hand(game: Any, s: Any, seat: int) -> bool:
    hidden = game.secrets(s, seat)
    for i, p in enumerate(s.players):
        pile = s.piles[p["team"]]
        hand = [k for k, c in enumerate(p["hand"]) if c in hidden]
        loot = [k for k, c in enumerate(pile) if c in hidden]
        if i != seat and hand and loot:
            p["hand"][hand[0]], pile[loot[0]] = pile[loot[0]], p["hand"][hand[0]]
            return True
    return False


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {})])
def test_search_choice_ignores_hidden_cards_hand_and_deck(players: int, options: dict[str, Any]) -> None:
    check_no_leak("superinmundos", players, options, swap_hand_and_deck)


def test_search_choice_ignores_hidden_cards_loot_and_hand() -> None:
    check_no_leak("superinmundos", 2, {"starting_loot": 3}, swap_pile_and_hand)
