"""Balance-lab figures read from a finished MSX Cards run (no rule changes, no Rich).

Per seat, the mission played; per run, the fighters each side brought in and the capsules it used
(``fighter`` and ``capsule`` log events carry the side), each counted once per run, and whether
that side won. End reasons name fighters and Bosses; ``message_reason_key`` folds them into a few kinds by key.
"""

from __future__ import annotations

from typing import Any

from .cards import catalogue

_REASONS = {
    "end.three_fell": "three of your fighters fell in one World",
    "end.boss_won": "the Boss defeated your fighter in the duel",
    "end.boss_missed": "your fighter failed to damage the Boss in the duel",
}
"""End reasons that name a World, fighters or a Boss, by message key; the others (mission complete,
empty pool) have no names and take the generic key."""


def seat_groups(state: Any) -> dict[str, list[str]]:
    name = catalogue().missions[state.mission]["name"]
    return {"mission": [name for _ in state.names]}


def message_reason_key(reason: Any) -> str | None:
    """A run's end reason (its ``Msg``) without names and numbers (``None``: the generic key will do)."""
    return _REASONS.get(getattr(reason, "key", ""))


def card_tally(state: Any, actions: list[str], winners: tuple[int, ...]) -> list[tuple[str, bool]]:
    """``(fighter X / capsule Y, that side won)`` for each distinct fighter or capsule of a side
    that plays (side 0; side 1 only in versus, where a person or bot chooses for the enemy)."""
    sides = (0, 1) if state.versus else (0,)
    cards = catalogue().cards
    used: dict[str, bool] = {}
    for event in state.log:
        side = event.get("side")
        if side not in sides:
            continue
        if event["k"] == "fighter":
            used[f"fighter {cards[event['card']]['name']}"] = side in winners
        elif event["k"] == "capsule":
            used[f"capsule {event['capsule']}"] = side in winners
    return sorted(used.items())


CARD_TALLY_TITLE = "Fighters and capsules of winning runs"
CARD_TALLY_RATE = "runs won when used"
