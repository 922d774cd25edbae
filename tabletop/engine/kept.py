"""A bounded memo in two generations, for what rules and bots remember across games (Villainous's
built actions, MSX's odds tables).

A table that is emptied when full drops what a simulation keeps meeting along with what it met
once, and one bounded in the hundreds of thousands of entries grows for thousands of games before
it levels off: a long ``simulate`` then looks like a leak. Two generations keep what comes back and
level off within a few dozen games at a known size.
"""

from __future__ import annotations

from typing import Generic, Hashable, TypeVar

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


class Kept(Generic[_K, _V]):
    """Values by key in two generations: a look-up tries the young one, then the old one (and
    brings what it finds back to the young); when the young one is full it becomes the old one and
    the oldest is dropped. At most ``2 * limit`` entries are held."""

    __slots__ = ("young", "old", "limit")

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a kept table needs room for at least one entry, got {limit}")
        self.young: dict[_K, _V] = {}
        self.old: dict[_K, _V] = {}
        self.limit = limit

    def get(self, key: _K) -> _V | None:
        value = self.young.get(key)
        if value is None:
            value = self.old.get(key)
            if value is not None:
                self.keep(key, value)
        return value

    def keep(self, key: _K, value: _V) -> _V:
        young = self.young
        if len(young) >= self.limit:
            self.old = young
            self.young = young = {}
        young[key] = value
        return value

    def clear(self) -> None:
        self.young, self.old = {}, {}

    def __len__(self) -> int:
        return len(self.young) + len(self.old)
