"""Balance-lab figures read from a finished Villainous game (no rule changes, no Rich).

Per seat, the villain it was dealt; per game, the cards each villain played from hand (``play``
and ``cond`` actions name the card instance, ``<villain>.<card>#<copy>``), counted once per game,
and whether that villain won.
"""

from __future__ import annotations

from typing import Any

from .board import CARD, LIB

PLAYED = ("play ", "cond ")


def seat_groups(state: Any) -> dict[str, list[str]]:
    return {"villain": [LIB.villains[p["villain"]].name for p in state.players]}


def card_tally(state: Any, actions: list[str], winners: tuple[int, ...]) -> list[tuple[str, bool]]:
    """``(villain: card, its villain won)`` for each distinct card a villain played this game."""
    seat_of = {p["villain"]: i for i, p in enumerate(state.players)}
    played: dict[str, bool] = {}
    for action in actions:
        if not action.startswith(PLAYED):
            continue
        card_id = action.split(" ", 1)[1]
        card = CARD.get(card_id)
        if card is None or card.villain not in seat_of:
            continue
        label = f"{LIB.villains[card.villain].name}: {card.name}"
        played[label] = seat_of[card.villain] in winners
    return sorted(played.items())


CARD_TALLY_TITLE = "Cards played by the winners"
CARD_TALLY_RATE = "its villain won when played"
