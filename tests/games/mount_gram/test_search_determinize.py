"""Mount Gram search bot: two encounter cards swapped in the deck, or a partner's hand card
swapped with his deck, change nothing the searching seat can see, so nothing of its search."""

from __future__ import annotations

from typing import Any

import pytest
from search_leak import check_no_leak


def swap_encounter(game: Any, s: Any, seat: int) -> bool:
    hidden = game.secrets(s, seat)
    deck = [k for k, c in enumerate(s.encounter) if c in hidden]
    keys = {s.encounter[k].rsplit(".", 1)[0] for k in deck}
    if len(keys) < 2:
        return False
    first = deck[0]
    other = next(k for k in deck if s.encounter[k].rsplit(".", 1)[0] != s.encounter[first].rsplit(".", 1)[0])
    s.encounter[first], s.encounter[other] = s.encounter[other], s.encounter[first]
    return True


def swap_partner_hand(game: Any, s: Any, seat: int) -> bool:
    hidden = game.secrets(s, seat)
    for i, p in enumerate(s.players):
        hand = [k for k, c in enumerate(p["hand"]) if c in hidden]
        deck = [k for k, c in enumerate(p["deck"]) if c in hidden]
        if i != seat and hand and deck:
            h, d = hand[0], deck[-1]
            if game.defs[p["hand"][h]].type == game.defs[p["deck"][d]].type == "event":
                p["hand"][h], p["deck"][d] = p["deck"][d], p["hand"][h]
                return True
    return False


@pytest.mark.parametrize(("players", "swap"), [(1, swap_encounter), (2, swap_encounter), (2, swap_partner_hand)])
def test_search_choice_ignores_hidden_cards(players: int, swap: Any) -> None:
    check_no_leak("mount_gram", players, {}, swap)
