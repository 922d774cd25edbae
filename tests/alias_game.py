"""A game wrapper for search tests: one answer listed twice under two names."""

from __future__ import annotations

from typing import Any


class AliasGame:
    """A game whose action ``"<id> "`` is another name for ``"<id>"``: listing an answer twice
    lets a test check that the search finds exactly no difference between the two."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.spec = game.spec

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def apply(self, s: Any, action: str) -> None:
        self.game.apply(s, action.rstrip())
