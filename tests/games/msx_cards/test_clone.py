"""``MsxCards.clone`` copies by the fields' shapes (``state.COPIERS``): it must equal the engine's
deep copy and share no list or dict with the original, in battles, duels and between them."""

from __future__ import annotations

import json

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.rng import Rng
from tabletop.games.msx_cards.state import KEPT
from tests.games.clone_check import check_clone, played_states


def test_clone_equals_the_deep_copy_and_shares_no_container() -> None:
    game = games.game("msx_cards")
    states = played_states(game, [(1, {}), (2, {"versus": True}), (1, {"classic": True})], every=3, seeds=8)
    assert {"act", "draft"} <= {s.phase for s in states}
    assert any(s.duel is not None for s in states) and any(s.effects for s in states)
    assert any(s.last_attack is not None for s in states)
    for state in states:
        check_clone(game, state, KEPT)


def test_a_change_to_the_clone_never_reaches_the_original() -> None:
    game = games.game("msx_cards")
    state = next(s for s in played_states(game, [(1, {})], every=3, seeds=8)
                 if s.last_attack is not None and s.fighters[0] is not None)
    before = repr(vars(state))
    twin = game.clone(state)
    twin.fighters[0]["used"].append("x")
    twin.fighters[0]["vit"] = -99
    twin.last_attack = {"k": "x"}
    twin.pool.append("x")
    twin.effects.append({"cap": "x", "src": 0, "on": 0, "kind": "x", "n": 1, "until": 1})
    twin.log.append({"k": "x"})
    assert repr(vars(state)) == before


def test_the_kept_records_are_replaced_never_edited_in_place() -> None:
    """The clone shares ``KEPT`` records (``engine.state.kept``): that is exact only while no rule
    edits one after setting it. Along seeded games, a record still held at a later step (the same
    object) must read as it did when it was first seen."""
    game = games.game("msx_cards")
    checked = 0
    for players, options in [(1, {}), (2, {"versus": True}), (1, {"classic": True})]:
        for seed in range(6):
            state = game.setup([Seat(f"P{i + 1}") for i in range(players)], game.spec.resolve_options(options), seed)
            rng = Rng(seed)
            seen: dict[str, tuple[object, str]] = {}
            while game.decision(state) is not None:
                legal = game.legal_actions(state)
                game.apply(state, legal[rng.below(len(legal))].id)
                for name in KEPT:
                    record = getattr(state, name)
                    snapshot = json.dumps(record, sort_keys=True)
                    before = seen.get(name)
                    if before is not None and before[0] is record:
                        assert before[1] == snapshot, f"{name} edited in place at step {state.step}"
                        checked += 1
                    else:
                        seen[name] = (record, snapshot)
    assert checked > 100
