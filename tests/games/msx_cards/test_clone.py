"""``MsxCards.clone`` copies by the fields' shapes (``state.COPIERS``): it must equal the engine's
deep copy and share no list or dict with the original, in battles, duels and between them."""

from __future__ import annotations

from tabletop import games
from tests.games.clone_check import check_clone, played_states


def test_clone_equals_the_deep_copy_and_shares_no_container() -> None:
    game = games.game("msx_cards")
    states = played_states(game, [(1, {}), (2, {"versus": True}), (1, {"classic": True})], every=3, seeds=8)
    assert {"act", "draft"} <= {s.phase for s in states}
    assert any(s.duel is not None for s in states) and any(s.effects for s in states)
    assert any(s.last_attack is not None for s in states)
    for state in states:
        check_clone(game, state)


def test_a_change_to_the_clone_never_reaches_the_original() -> None:
    game = games.game("msx_cards")
    state = next(s for s in played_states(game, [(1, {})], every=3, seeds=8)
                 if s.last_attack is not None and s.fighters[0] is not None)
    before = repr(vars(state))
    twin = game.clone(state)
    twin.fighters[0]["used"].append("x")
    twin.fighters[0]["vit"] = -99
    twin.last_attack["steps"].append({"k": "x"})
    twin.pool.append("x")
    twin.effects.append({"cap": "x", "src": 0, "on": 0, "kind": "x", "n": 1, "until": 1})
    twin.log.append({"k": "x"})
    assert repr(vars(state)) == before
