"""Balance-lab figures read from a finished Superinmundos game (no rule changes, no Rich).

The card that "decides" a battle is the one on top of the arena when the battle is won (§6.5): the
active unit's cards. It is read back from the public log, where every change of the top is an
event: ``open`` (the first combatant), ``win`` (the attacker that beat the top goes on top),
``dissolve`` (a temporary fusion leaves one chosen card on top); ``counter``, ``retract`` and
``set_aside`` leave the defender where it is, and ``battle_won`` / ``suspended`` end the battle.
"""

from __future__ import annotations

from typing import Any

from .table import cname

TOP_EVENTS = frozenset({"open", "win"})


def card_tally(state: Any, actions: list[str], winners: tuple[int, ...]) -> list[tuple[str, bool]]:
    """One ``(card name, decided)`` per time a card went on top of the arena: ``decided`` when it
    was still there as the battle was won. A fusion on top counts once for each of its cards."""
    out: list[tuple[str, bool]] = []
    top: list[str] = []

    def flush(decided: bool) -> None:
        out.extend((cname(c), decided) for c in top)
        top.clear()

    for event in state.log:
        kind = event["k"]
        if kind in TOP_EVENTS:
            flush(False)
            top.extend(event["cards"])
        elif kind == "dissolve":
            top[:] = [event["card"]]  # the same placement as the ``win`` before it
        elif kind == "battle_won":
            flush(True)
        elif kind in ("suspended", "game_over"):
            flush(False)
    return out


def top_owner_checks(state: Any) -> list[tuple[int, int]]:
    """For tests: ``(seat that put the top unit there, seat the log says won the battle)`` for
    every battle won, which must agree if the top is tracked right."""
    pairs: list[tuple[int, int]] = []
    owner = -1
    for event in state.log:
        if event["k"] in TOP_EVENTS or event["k"] == "dissolve":
            owner = event["seat"]
        elif event["k"] == "battle_won":
            pairs.append((owner, event["seat"]))
    return pairs


CARD_TALLY_TITLE = "Cards on top when a battle is won"
CARD_TALLY_RATE = "held on top to win the battle"
