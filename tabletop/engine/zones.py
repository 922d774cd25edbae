"""Helpers for the card zones every game has: decks, hands, discard piles.

Zones are plain lists of card ids held in the state; the top of a deck is the *end* of its list
(``pop()`` is O(1)). These helpers keep draws and reshuffles uniform and logged.
"""

from __future__ import annotations

from .chance import shuffle
from .state import BaseState, emit


def draw(state: BaseState, deck: list[str], n: int = 1, *, discard: list[str] | None = None,
         reshuffle: bool = False) -> list[str]:
    """Take up to ``n`` cards from the top of ``deck``.

    When the deck runs out and ``reshuffle`` is set, the ``discard`` pile is shuffled to form a
    new deck (logged); otherwise fewer cards than asked may come back. Every draw is an undo
    barrier because it reveals a card to its drawer.
    """
    out: list[str] = []
    for _ in range(n):
        if not deck:
            if reshuffle and discard:
                reshuffle_into(state, discard, deck)
            else:
                break
        out.append(deck.pop())
    if out:
        state.reveals += 1
    return out


def reshuffle_into(state: BaseState, discard: list[str], deck: list[str]) -> None:
    """Move every card of ``discard`` into ``deck`` (beneath what is there) and shuffle the deck."""
    deck[:0] = discard
    discard.clear()
    shuffle(state, deck)
    emit(state, "reshuffle", size=len(deck))


def move(card: str, source: list[str], target: list[str]) -> None:
    """Move one card between zones; ``ValueError`` names the card if it is not in ``source``."""
    try:
        source.remove(card)
    except ValueError:
        raise ValueError(f"card {card!r} is not in the zone it is moved from") from None
    target.append(card)
