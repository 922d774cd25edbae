"""The shortcuts the rules take for speed (issue #15) give exactly what the plain computation gives.

Each shortcut rests on an invariant; each test checks it against a from-scratch recomputation at
many states of seeded random games (every player count, the variants that change who is asked).
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import games
from tabletop.engine import IllegalAction, Seat
from tabletop.engine.rng import Rng
from tabletop.games.superinmundos import asking
from tabletop.games.superinmundos.state import SuperState

GAME = games.game("superinmundos")
SETUPS: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {"mixed": 8}), (4, {"teams": True}), (5, {}), (6, {})]


def walk(players: int, options: dict[str, Any], seed: int, steps: int = 400) -> list[SuperState]:
    """Every state of one seeded random game of human seats (cloned), up to ``steps`` actions."""
    seats = [Seat(f"P{i + 1}") for i in range(players)]
    s = GAME.setup(seats, GAME.spec.resolve_options(options), seed)
    rng = Rng(seed)
    out = [GAME.clone(s)]
    while GAME.decision(s) is not None and s.step < steps:
        legal = GAME.legal_actions(s)
        GAME.apply(s, legal[rng.below(len(legal))].id)
        out.append(GAME.clone(s))
    return out


@pytest.fixture(scope="module")
def states() -> list[SuperState]:
    return [st for players, options in SETUPS for seed in range(2) for st in walk(players, options, seed)]


def test_any_hidden_is_the_hidden_set_question(states: list[SuperState]) -> None:
    """``any_hidden(s, ids)`` == ``not hidden_set(s).isdisjoint(ids)`` for every id set asked."""
    asked = [asking._ids_where(w) for w in ("cancel", "boost", "penalty")] + [ids for _sp, ids in asking._supports()]
    for s in states:
        hidden = asking.hidden_set(s)
        for ids in asked:
            assert asking.any_hidden(s, ids) == (not hidden.isdisjoint(ids))


def test_apply_reuses_the_moves_only_on_the_same_unchanged_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The moves remembered by ``legal_actions`` serve ``apply`` on that very state object with its
    stamp unchanged; a clone (another object) or a changed stamp has them rebuilt."""
    game = type(GAME)()
    built: list[int] = []
    plain_moves = game.moves
    monkeypatch.setattr(game, "moves", lambda s, want=None: built.append(s.step) or plain_moves(s, want))
    s = game.setup([Seat("A"), Seat("B")], GAME.spec.resolve_options({}), 3)
    first = game.legal_actions(s)[0].id
    assert len(built) == 1
    game.apply(s, first)
    assert len(built) == 1, "the same unchanged state: the remembered moves are used"
    nxt = game.legal_actions(s)[0].id
    twin = game.clone(s)
    game.apply(twin, nxt)
    assert len(built) == 3, "a clone is another object: its moves are built again"
    game.legal_actions(s)
    s.rng ^= 1  # any change of the stamp (here the RNG) has the moves built again
    game.apply(s, nxt)
    assert len(built) == 5
    game.apply(s, game.legal_actions(s)[0].id)
    with pytest.raises(IllegalAction):
        game.apply(s, "no such move")


def test_a_kept_memo_equals_the_questions_worked_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whenever a window pass or the defender's "done" reuses the memo of the question it answers
    (``flow._kept``), its hidden cards, combat numbers and reaction outcomes are what the state
    gives from scratch at that moment (the answer moved no card and changed no unit)."""
    from tabletop.games.superinmundos import flow

    plain_kept = flow._kept
    reused = [0]

    def checked(s: SuperState) -> dict[str, Any] | None:
        memo = plain_kept(s)
        if memo is None:
            return None
        reused[0] += 1
        if "hidden" in memo:
            assert memo["hidden"] == asking.hidden_set(s)
        if "fight" in memo:
            assert s.attacker is not None
            fresh = asking._Combat(s, s.attacker, s.arena[-1])
            assert all(getattr(memo["fight"], k) == getattr(fresh, k) for k in asking._Combat.__slots__)
        if "reaction" in memo:
            assert s.attacker is not None
            assert memo["reaction"] == asking._reaction_outcomes(s, s.attacker, s.arena[-1], None)
        return memo

    monkeypatch.setattr(flow, "_kept", checked)
    for players, options in SETUPS:
        for seed in range(3):
            walk(players, options, seed, steps=600)
    assert reused[0] > 200


def test_the_caches_of_a_long_run_stay_bounded(states: list[SuperState]) -> None:
    """The card-data caches have a fixed size or a limit (a long simulation must not grow them), and
    what they hold is what a fresh computation gives: the lone pairings' ``_Match`` and pair data,
    and the actions, whose ids and labels depend only on their keys."""
    from tabletop.games.superinmundos import combat, rules
    from tabletop.games.superinmundos.cards import _TABLE as T

    for s in states:
        if s.arena and GAME.decision(s) is not None:
            GAME.legal_actions(s)
    assert len(rules._ACTIONS) <= rules._ACTIONS_LIMIT
    assert len(combat._BARE) <= combat._BARE_LIMIT
    assert sum(1 for k in combat._PAIRS if len(k) > 1) <= combat._FUSED_LIMIT
    assert len(combat._FORMS) <= 32
    combatants = {ci for ci in T.values() if ci.kind == "combatant"}
    for yi, pairs in combat._PAIRS.items():
        if len(yi) == 1:
            assert set(pairs) >= combatants
        for ci, (m, xa, xp, key) in list(pairs.items())[:20]:
            fresh = combat._Match((ci,), yi)
            assert (m.blocked, m.imm_a, m.imm_p, m.tie_a, m.tie_p) == (
                fresh.blocked, fresh.imm_a, fresh.imm_p, fresh.tie_a, fresh.tie_p)
            doubled = any(o in ci.adv for o in yi)
            assert (xa, xp) == ((ci.vals2 if doubled else ci.vals)[0], (ci.vals2 if doubled else ci.vals)[2])
            assert key == tuple(ci in o.adv for o in yi)
