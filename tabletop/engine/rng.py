"""Deterministic randomness that lives inside a game state.

Every chance event of every game (dice, shuffles, a random starting player) comes from here, so a
game is fully described by its seed and the actions taken, and replays identically on any Python
version. The generator is SplitMix64: its whole state is one 64-bit integer, which serialises as a
plain JSON number and clones for free.
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
DICE = (4, 6, 8, 10, 12, 20)

T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state (any int is accepted, reduced to 64 bits)."""
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state`` once; return ``(new_state, output)`` (SplitMix64, Vigna 2015)."""
    state = (state + GOLDEN_GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """An unbiased integer in ``[0, n)`` by rejection sampling; returns ``(new_state, value)``."""
    if n <= 0:
        raise ValueError(f"below() needs a positive bound, got {n}")
    if n > 1 << 64:
        # no 64-bit output could ever be accepted: refuse rather than loop forever
        raise ValueError(f"below() bound {n} is larger than 2**64")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        # ``next_u64`` written out: every die, shuffle and draw of every game comes through here
        state = (state + GOLDEN_GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out = z ^ (z >> 31)
        if out < limit:
            return state, out % n


class Rng:
    """A mutable view of a generator state, for code that draws many numbers in a row.

    Game code usually goes through :mod:`tabletop.engine.chance`, which reads and writes the
    state's ``rng`` field; ``Rng`` is for bots and tools that own their generator.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def below(self, n: int) -> int:
        self.state, value = below(self.state, n)
        return value

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
