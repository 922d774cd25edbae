"""One registry for a game's effect ops (and frame kinds): named handlers with a coverage check.

Card abilities are data: each names an op from a closed vocabulary. A game registers one handler
per op; loading the card data asks the registry to ``check`` every op the data uses, so a card
that names an op nobody implements is refused at load (a ``GameDataError`` naming the card), and
``unused`` lists handlers no card uses (dead rules code, or a vocabulary entry to document).
Villainous, Mount Gram and Superinmundos each dispatched their ops their own way; this is the
one way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

from .core import GameDataError

H = TypeVar("H")


class Registry(Generic[H]):
    """``ops = Registry[OpFn]("villainous op")``; ``@ops.op("gain")`` registers a handler."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._handlers: dict[str, H] = {}

    def op(self, name: str) -> Callable[[H], H]:
        def register(handler: H) -> H:
            self.add(name, handler)
            return handler

        return register

    def add(self, name: str, handler: H) -> None:
        if name in self._handlers:
            raise ValueError(f"{self.what} {name!r} is registered twice")
        self._handlers[name] = handler

    def __getitem__(self, name: str) -> H:
        return self._handlers[name]

    def __contains__(self, name: object) -> bool:
        return name in self._handlers

    def __iter__(self) -> Iterator[str]:
        return iter(self._handlers)

    def __len__(self) -> int:
        return len(self._handlers)

    def get(self, name: str) -> H | None:
        return self._handlers.get(name)

    def names(self) -> set[str]:
        return set(self._handlers)

    def check(self, used: Iterable[tuple[str, str]], passive: Iterable[str] = ()) -> None:
        """Refuse data that names an op without a handler: ``used`` is (where, op) pairs, e.g.
        (card id, op); ``passive`` ops are read by the rules directly and need no handler."""
        known = self.names() | set(passive)
        for where, name in used:
            if name not in known:
                raise GameDataError(f"{where}: unknown {self.what} {name!r}")

    def unused(self, used: Iterable[str]) -> set[str]:
        """Handlers that no data uses."""
        return self.names() - set(used)

    def undocumented(self, doc: str, passive: Iterable[str] = ()) -> set[str]:
        """Handlers (and ``passive`` ops) that the vocabulary's documentation ``doc`` never names
        as a code span (`` `name` ``): an op the rules implement but the data's readers cannot
        look up."""
        named = set(re.findall(r"`([^`\s]+)`", doc))
        return (self.names() | set(passive)) - named
