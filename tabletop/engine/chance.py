"""Dice, shuffles and draws of lots through the state's own generator.

Every function here advances ``state.rng`` and bumps ``state.reveals`` (an undo barrier), and the
dice are logged, so that a roll is both reproducible and visible to the players.
"""

from __future__ import annotations

from typing import Any, MutableSequence, TypeVar

from .msg import Msg
from .rng import DICE, below
from .state import BaseState, emit

T = TypeVar("T")


def randbelow(state: BaseState, n: int) -> int:
    """A uniform integer in ``[0, n)`` drawn from the state (not logged)."""
    state.rng, value = below(state.rng, n)
    state.reveals += 1
    return value


def choice(state: BaseState, items: list[T]) -> T:
    """One item chosen uniformly (not logged)."""
    return items[randbelow(state, len(items))]


def shuffle(state: BaseState, items: MutableSequence[T]) -> None:
    """Fisher–Yates in place, with the state's generator."""
    rng = state.rng
    for i in range(len(items) - 1, 0, -1):
        rng, j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    state.rng = rng
    state.reveals += 1


def roll(state: BaseState, sides: int, why: Msg | str, *, seat: int | None = None, log: bool = True,
         **data: Any) -> int:
    """Roll one die of ``sides`` faces (d4 d6 d8 d10 d12 d20) for a stated reason and log it as a
    ``roll`` event, which the dice panel shows."""
    if sides not in DICE:
        raise ValueError(f"no d{sides} in this box (dice: {DICE})")
    value = randbelow(state, sides) + 1
    if log:
        emit(state, "roll", m="roll" if seat is None else "roll_by", die=sides, value=value,
             why=why, seat=seat, **data)
    return value
