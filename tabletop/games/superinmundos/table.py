"""Seat order, hands and the log: small helpers that every rules module shares.

Kept apart so that ``effects`` and ``flow`` can both use them without importing each other.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import emit

from .cards import info
from .state import SuperState, Unit


def cname(card: str) -> str:
    """The card data's own name (the balance lab's English report; tables name cards by id)."""
    return info(card).name


def unit_msg(unit: Unit | list[str]) -> dict[str, Any]:
    """A unit's cards as a message (plain form, as a log event keeps it): "Magucio", or
    "Magucio + B22" for a fused unit."""
    cards = unit if isinstance(unit, list) else unit["cards"]
    if len(cards) == 1:
        return {"k": "unit.one", "card": cards[0]}
    return {"k": "unit.fused", "card": cards[0], "rest": unit_msg(cards[1:])}


def team(s: SuperState, seat: int) -> int:
    return s.players[seat]["team"]


def hand_of(s: SuperState, seat: int) -> list[str]:
    """The hand a seat plays from: its own, or the shared one while Cementerio Cósmico lasts (S36)."""
    if s.cemetery is not None:
        return s.cemetery["shared"]
    return s.players[seat]["hand"]


def active_owner(s: SuperState) -> int | None:
    return s.arena[-1]["owner"] if s.arena else None


def next_eligible(s: SuperState, after: int, owner: int | None) -> int | None:
    """The next seat in seat order after ``after`` that is not eliminated and not on the team of
    ``owner`` (S1, S17); ``after`` itself comes last, so in 2 players a failed attacker goes again."""
    n = len(s.players)
    owner_team = None if owner is None else s.players[owner]["team"]
    for k in range(1, n + 1):
        seat = (after + k) % n
        if seat in s.eliminated:
            continue
        if owner_team is not None and s.players[seat]["team"] == owner_team:
            continue
        return seat
    return None


def battle_decided(s: SuperState) -> bool:
    """S20: every player outside the active unit's owner's team is eliminated."""
    owner = active_owner(s)
    if owner is None:
        return False
    t = s.players[owner]["team"]
    return all(seat in s.eliminated for seat in range(len(s.players)) if s.players[seat]["team"] != t)


def eliminate(s: SuperState, seat: int, why: str) -> None:
    """``why``: the reason's key, ``why.<why>`` in the catalogs."""
    if seat not in s.eliminated:
        s.eliminated.append(seat)
        emit(s, "eliminated", seat=seat, why={"k": "why." + why})


say = emit
"""A public log event: ``say(s, kind, **data)`` (``m`` names the sentence when one kind has
several). The engine's ``emit`` itself, not a wrapper: the rules log thousands of events a second."""


def tell(s: SuperState, seats: list[int], kind: str, **data: Any) -> None:
    """A private log event: only ``seats`` read it (and learn the cards it names)."""
    emit(s, kind, to=sorted(set(seats)), **data)
