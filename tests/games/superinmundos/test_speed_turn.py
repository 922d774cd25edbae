"""The turn's legality shortcuts and the small shared records of the hot path (issue #15, second
round) give exactly what the plain computation gives, and are really taken.

``legal_units`` answers "may this unit attack now?" for every lone combatant and every fusion of a
turn; it must equal ``legal_completions(..., first_only=True)`` worked out afresh, whatever it kept
from earlier calls.
"""

from __future__ import annotations

import dis
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.rng import Rng
from tabletop.games.superinmundos import combat, effects, flow
from tabletop.games.superinmundos.cards import _TABLE as T
from tabletop.games.superinmundos.state import SuperState
from tabletop.games.superinmundos.table import hand_of

GAME = games.game("superinmundos")
SETUPS: list[tuple[int, dict[str, Any]]] = [(2, {}), (3, {"mixed": 8}), (4, {"teams": True}), (5, {}), (6, {})]


def walk(players: int, options: dict[str, Any], seed: int, steps: int = 500) -> list[SuperState]:
    """Every state of one seeded random game of human seats (cloned), up to ``steps`` actions."""
    s = GAME.setup([Seat(f"P{i + 1}") for i in range(players)], GAME.spec.resolve_options(options), seed)
    rng = Rng(seed)
    out = [GAME.clone(s)]
    while GAME.decision(s) is not None and s.step < steps:
        legal = GAME.legal_actions(s)
        GAME.apply(s, legal[rng.below(len(legal))].id)
        out.append(GAME.clone(s))
    return out


@pytest.fixture(scope="module")
def turns() -> list[SuperState]:
    """The attack turns of the walks: a defender in the arena, the turn player's combatants."""
    return [st for players, options in SETUPS for seed in range(3) for st in walk(players, options, seed)
            if st.phase == "turn" and st.arena]


def _units(s: SuperState) -> tuple[int, list[str], list[list[str]]]:
    seat = s.turn
    hand = hand_of(s, seat)
    combatants = [c for c in hand if T[c].kind == "combatant" and c not in s.retracted]
    pairs = [[a, b] for i, a in enumerate(combatants) for b in combatants[i + 1:]]
    return seat, hand, [[c] for c in combatants] + pairs


def test_legal_units_equals_the_first_completion_worked_out_afresh(turns: list[SuperState]) -> None:
    """Lone cards and fusions, with the kept tables empty and again once they are filled (the
    verdicts kept per defender serve the second pass)."""
    assert len(turns) > 300
    combat._BARE.clear()
    checked = won = 0
    for _ in range(2):
        for s in turns:
            seat, hand, units = _units(s)
            want = [bool(combat.legal_completions(s, seat, hand, cards, "temp" if len(cards) > 1 else "none",
                                                  first_only=True)) for cards in units]
            assert combat.legal_units(s, seat, hand, units) == want
            checked += len(units)
            won += sum(want)
    assert won > 200 and checked - won > 200


def test_seat_orders_are_shared_records() -> None:
    """``order_from`` gives every seat once from ``first`` (any first, reduced to the table), one
    shared tuple per table size and first seat."""
    for n in range(2, 7):
        s = SuperState()
        s.players = [{} for _ in range(n)]  # type: ignore[misc]
        for first in range(-1, 2 * n):
            order = flow.order_from(s, first)
            assert list(order) == [(first + k) % n for k in range(n)]
            assert order is flow.order_from(s, first % n)


def test_paid_abilities_imports_nothing_when_called() -> None:
    """Every entering unit asks for its paid abilities: the function body holds no import
    statement (one costs a module-table look-up on every call)."""
    assert not [i for i in dis.get_instructions(effects.paid_abilities) if i.opname == "IMPORT_NAME"]
