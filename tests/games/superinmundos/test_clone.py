"""``Superinmundos.clone`` copies by the fields' shapes (``state.COPIERS``): it must equal the
engine's deep copy and share no list or dict with the original, in every kind of state."""

from __future__ import annotations

from tabletop import games
from tests.games.clone_check import check_clone, played_states


def test_clone_equals_the_deep_copy_and_shares_no_container() -> None:
    game = games.game("superinmundos")
    states = played_states(game, [(2, {}), (3, {"mixed": 12}), (4, {"teams": True}), (6, {})])
    phases = {s.phase for s in states}
    assert {"turn", "reaction", "response", "open"} <= phases, phases
    assert any(s.attacker is not None for s in states) and any(s.window is not None for s in states)
    for state in states:
        check_clone(game, state)


def test_a_change_to_the_clone_never_reaches_the_original() -> None:
    game = games.game("superinmundos")
    state = next(s for s in played_states(game, [(3, {})]) if s.attacker is not None and s.arena)
    before = repr(vars(state))
    twin = game.clone(state)
    twin.players[0]["hand"].append("x")
    twin.arena[-1]["supports"].append({"card": "x", "on": "x", "stat": "attack", "amount": 1, "by": 0})
    twin.arena[-1]["cards"].append("x")
    twin.attacker["mods"].append({"stat": "all", "amount": 1, "dur": "THIS_COMBAT"})
    twin.piles[0].append("x")
    twin.deck.pop()
    twin.log.append({"k": "x"})
    assert repr(vars(state)) == before
