"""Hints (issue #18): a legal action, and never one that depends on what the seat cannot see."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.hints import suggest
from tabletop.engine.state import from_plain, to_plain
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


def swapped(game: Any, state: Any, a: str, b: str) -> Any:
    """The state with card ids ``a`` and ``b`` trading places everywhere."""
    text = json.dumps(to_plain(state))
    text = text.replace(f'"{a}"', "\0").replace(f'"{b}"', f'"{a}"').replace("\0", f'"{b}"')
    return from_plain(game.state_type, json.loads(text))


@pytest.mark.parametrize("game_id", list(SETUPS))
def test_the_hint_is_a_legal_action_with_a_reason_in_both_languages(game_id: str) -> None:
    for match in positions(game_id, range(3), 12):
        hint = suggest(match, 0)
        assert hint is not None
        assert hint.action.id in {a.id for a in match.legal()}
        for lang in ("en", "es"):
            words = Renderer(game_id, [s.name for s in match.seats], lang=lang,
                             card_title=lambda c, g=match.game: g.face(c).title)
            assert len(words.text(hint.reason)) > 10
    assert suggest(positions(game_id, range(1), 12)[0], 1 if SETUPS[game_id][0] > 1 else 5) is None


@pytest.mark.parametrize("game_id", ["superinmundos", "villainous", "mount_gram"])
def test_same_view_different_hidden_cards_same_hint(game_id: str) -> None:
    game = games.game(game_id)
    tried = 0
    for match in positions(game_id, range(4), 20):
        hidden = sorted(game.secrets(match.state, 0))
        if len(hidden) < 2:
            continue
        view = game.view(match.state, 0)
        for a, b in ((hidden[0], hidden[-1]), (hidden[1], hidden[len(hidden) // 2])):
            other = Match(game=game, seats=match.seats, options=match.options, seed=match.seed,
                          state=swapped(game, match.state, a, b), actions=list(match.actions))
            if game.view(other.state, 0) != view:
                continue  # the swap showed (a card's type is public): not the same view
            tried += 1
            assert suggest(other, 0).action.id == suggest(match, 0).action.id, (a, b)
    assert tried >= 2, "no position hid two cards the seat could not tell apart"
