"""Hints (issue #18): a legal action, and never one that depends on what the seat cannot see."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.hints import suggest
from tabletop.engine.state import to_plain
from tabletop.text.render import Renderer

SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "superinmundos": (2, {}), "villainous": (2, {}), "msx_cards": (1, {"mission": "quick"}),
    "mount_gram": (2, {}),
}


def positions(game_id: str, seeds: range, steps: int) -> list[Match]:
    """Mid-game positions where seat 0 must decide."""
    game = games.game(game_id)
    players, options = SETUPS[game_id]
    out = []
    for seed in seeds:
        match = Match.start(game, [Seat(f"P{i + 1}", "heuristic") for i in range(players)], options, seed=seed)
        while match.decision() is not None and len(match.actions) < steps:
            match.bot_step()
        while match.decision() is not None and match.decision().seat != 0:
            match.bot_step()
        if match.decision() is not None:
            out.append(match)
    return out


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_the_hint_is_a_legal_action_with_a_reason_in_both_languages(game_id: str) -> None:
    for match in positions(game_id, range(3), 12):
        hint = suggest(match, 0, iterations=40)
        assert hint is not None
        assert hint.action.id in {a.id for a in match.legal()}
        for lang in ("en", "es"):
            words = Renderer(game_id, [s.name for s in match.seats], lang=lang,
                             card_title=lambda c, g=match.game: g.face(c).title)
            assert len(words.text(hint.reason)) > 10
    assert suggest(positions(game_id, range(1), 12)[0], 1 if SETUPS[game_id][0] > 1 else 5) is None


SWAPS = {"superinmundos": "swap_hand_and_deck", "villainous": "swap_hand_and_deck",
         "mount_gram": "swap_encounter"}
"""Per game, a change of hidden cards the seat cannot tell apart (the search bots' no-leak tests'
own swaps: a card between another's hand and the deck, two encounter cards)."""


@pytest.mark.parametrize("game_id", list(SWAPS))
def test_same_view_different_hidden_cards_same_hint(game_id: str) -> None:
    import importlib

    swap = getattr(importlib.import_module(f"tests.games.{game_id}.test_search_determinize"), SWAPS[game_id])
    game = games.game(game_id)
    tried = 0
    for match in positions(game_id, range(6), 20):
        other_state = game.clone(match.state)
        if not swap(game, other_state, 0):
            continue
        assert to_plain(other_state) != to_plain(match.state)
        assert game.view(other_state, 0) == game.view(match.state, 0), "the swap shows"
        other = Match(game=game, seats=match.seats, options=match.options, seed=match.seed,
                      state=other_state, actions=list(match.actions))
        assert suggest(other, 0, iterations=40).action.id == suggest(match, 0, iterations=40).action.id
        tried += 1
    assert tried >= 2, "no position where hidden cards could be swapped"
