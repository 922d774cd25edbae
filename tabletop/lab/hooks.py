"""The per-game figures of the balance lab, found in ``tabletop/games/<id>/stats.py`` if it exists.

A game's ``stats`` module is optional and made of small pure functions that read a *finished* game
(its state, its action log, its winners); none of them changes the rules. It may define:

- ``seat_groups(state) -> {dimension: [label per seat]}``: e.g. the villain of each seat, for
  per-villain win rates;
- ``card_tally(state, actions, winners) -> [(card label, decided)]``: the cards that had a chance
  to decide a win and whether they did; with ``CARD_TALLY_TITLE`` / ``CARD_TALLY_RATE`` to say so;
- ``reason_key(reason) -> str | None``: an end reason folded into a kind, where taking the numbers
  out (``stats.reason_key``) is not enough (reasons that name cards);
- ``message_reason_key(reason) -> str | None``: the same from the reason's message (a ``Msg``: its
  key says the kind, no English is parsed), tried first.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from . import stats


@dataclass(frozen=True)
class Hooks:
    seat_groups: Callable[[Any], dict[str, list[str]]] | None = None
    card_tally: Callable[[Any, list[str], tuple[int, ...]], list[tuple[str, bool]]] | None = None
    game_reason_key: Callable[[str], str | None] | None = None
    game_message_reason_key: Callable[[Any], str | None] | None = None
    tally_title: str = "Cards that decide a win"
    tally_rate: str = "decided a win"

    def reason_key(self, reason: str, message: Any = None) -> str:
        """``reason`` in English; ``message``, the reason as the rules gave it (a ``Msg``), if known."""
        if message is not None and self.game_message_reason_key is not None:
            found = self.game_message_reason_key(message)
            if found is not None:
                return found
        key = self.game_reason_key(reason) if self.game_reason_key is not None else None
        return key if key is not None else stats.reason_key(reason)


def hooks_for(game_id: str) -> Hooks:
    """The hooks of a game (no ``stats`` module, e.g. a test game: none, the generic figures only)."""
    name = f"tabletop.games.{game_id}.stats"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return Hooks()
        raise
    return Hooks(
        seat_groups=getattr(module, "seat_groups", None),
        card_tally=getattr(module, "card_tally", None),
        game_reason_key=getattr(module, "reason_key", None),
        game_message_reason_key=getattr(module, "message_reason_key", None),
        tally_title=getattr(module, "CARD_TALLY_TITLE", Hooks.tally_title),
        tally_rate=getattr(module, "CARD_TALLY_RATE", Hooks.tally_rate),
    )
