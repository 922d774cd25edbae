"""The set-up reads card data worked out once (``MountGramScenario._mg_decks``,
``scenario._split_deck``) instead of building it for every game: it must be exactly what the
generic construction gives (the same ids in the same order), for every seat, deck and mode."""

from __future__ import annotations

import pytest

from tabletop.engine import Seat
from tabletop.games.mount_gram.cards import SPHERES, key_of
from tabletop.games.mount_gram.rules import MountGram
from tabletop.games.mount_gram.scenario import GATE, _captured_kind, _deck_ids, _split_deck
from tabletop.games.mount_gram.state import MGState


@pytest.mark.parametrize("easy", [False, True])
def test_encounter_deck_and_set_aside_match_the_generic_construction(easy: bool) -> None:
    game = MountGram()
    scen = game.scen
    s = MGState(rng=0)
    s.options = {"easy_mode": easy}
    whole = scen.encounter_deck(s, list(scen._mg_sets["Escape from Mount Gram"]))
    aside = [c for c in whole if key_of(c) in (GATE, "jailor_gornakh")]
    deck, kept_aside = scen._mg_decks[easy]
    assert list(deck) == [c for c in whole if c not in aside]
    assert list(kept_aside) == aside + scen.encounter_deck(s, list(scen._mg_sets["Angmar Orcs"]))
    assert aside, "the Southern Gate and Jailor Gornakh are set aside"


@pytest.mark.parametrize("sphere", SPHERES)
def test_captured_deck_split_matches_the_card_types(sphere: str) -> None:
    game = MountGram()
    for seat in range(game.spec.max_players):
        ids = _deck_ids(seat, sphere)
        captured, rest = _split_deck(seat, sphere)
        assert list(captured) == [c for c in ids if _captured_kind(game.defs[c])]
        assert list(rest) == [c for c in ids if not _captured_kind(game.defs[c])]
        assert captured and rest


def test_a_set_up_state_owns_its_lists() -> None:
    """Each game gets fresh lists: a later game's set-up never sees an earlier game's moves."""
    game = MountGram()
    seats = [Seat("A", "human"), Seat("B", "human")]
    first = game.setup(seats, {}, 1)
    first.encounter.clear()
    first.set_aside.clear()
    for p in first.players:
        p["captured"].clear()
        p["deck"].clear()
    second = game.setup(seats, {}, 1)
    assert second.encounter and second.set_aside
    assert all(p["captured"] and p["deck"] for p in second.players)
