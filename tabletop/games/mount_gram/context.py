"""What the rules need from the game object: a typed context instead of ``g: Any``.

Every rules function takes ``g: Rules`` (the ``MountGram`` game object satisfies it) and the
state ``s``. ``g`` holds only what is the same for every match played with it: the card data,
the scenario, the effect and encounter modules, and ``caches`` of facts derived from the card
data. Nothing about one state lives on it except in bounded caches (``Caches``), so a long
``simulate`` keeps a flat memory (issue #15).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from .cards import CardDef, DefTable
    from .scenario import QuestScenario

K = TypeVar("K")
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """A dict that forgets its oldest entries past ``limit``: a cache keyed by something of a
    state (a hand, a play) stays useful within a game and bounded across thousands of games."""

    __slots__ = ("limit", "data", "get")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.data: OrderedDict[K, V] = OrderedDict()
        self.get = self.data.get
        """The lookup, the dict's own (no Python call on the hot path)."""

    def put(self, key: K, value: V) -> V:
        data = self.data
        data[key] = value
        if len(data) > self.limit:
            data.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self.data)


@dataclass
class Caches:
    """Facts derived from the card data (``usable``, ``responders``, ``any_player``: bounded by the
    card pool) and bounded caches keyed by parts of a state (``hand_cands``, ``actions``)."""

    usable: dict[tuple[str, str, str], tuple[dict[str, Any], ...]] = field(default_factory=dict)
    responders: dict[str, set[str]] | None = None
    any_player: frozenset[str] | None = None
    hand_cands: Bounded[Any, Any] = field(default_factory=lambda: Bounded(2048))
    actions: Bounded[Any, Any] = field(default_factory=lambda: Bounded(4096))


class Rules(Protocol):
    """The game object as the rules see it."""

    db: dict[str, CardDef]
    defs: DefTable
    scen: QuestScenario
    fx: ModuleType
    enc: ModuleType
    caches: Caches
