"""Set-ups for the Superinmundos rule tests: a table with chosen hands, loot and deck top.

``table`` starts a real game (no hand swap unless asked), puts every dealt card back into the
deck, hands out the cards a test names, and restarts round 1, so the flow reaches the first real
decision exactly as in play.
"""

from __future__ import annotations

from typing import Any

from scenario import Scenario

from tabletop.engine.msg import Msg
from tabletop.games.superinmundos import flow
from tabletop.games.superinmundos.state import SuperState
from tabletop.text.render import for_match


def en(sc: Scenario, value: Msg | dict[str, Any]) -> str:
    """A message or a log event in English, rendered strictly as the table renders it."""
    words = for_match(sc.match, lang="en", strict=True)
    return words.text(value) if isinstance(value, Msg) else words.event(value)


def en_all(sc: Scenario, messages: list[dict[str, Any]]) -> list[str]:
    """Messages of a view (plain form: arithmetic lines, "to beat" notes) in English."""
    words = for_match(sc.match, lang="en", strict=True)
    return [words.text(Msg.from_plain(m)) for m in messages]


def take(s: SuperState, card: str) -> None:
    for zone in [s.deck, s.discard, *(p["hand"] for p in s.players), *s.piles]:
        if card in zone:
            zone.remove(card)
            return
    raise AssertionError(f"{card} is nowhere to be taken from")


def table(players: int = 2, hands: dict[int, list[str]] | None = None, *, start: int = 0,
          options: dict[str, Any] | None = None, loot: dict[int, list[str]] | None = None,
          top: list[str] | None = None, discard: list[str] | None = None, seed: int = 1) -> Scenario:
    # Rule tests script every answer of all-human tables; asking only holders keeps them about the
    # rule under test (test_asking covers the default, private policy).
    opts = {"first": start + 1, "no_swap": True, "holders_only": True}
    opts.update(options or {})
    sc = Scenario("superinmundos", players, opts, seed)
    s = sc.state
    for p in s.players:
        s.deck.extend(p["hand"])
        p["hand"] = []
    for pile in s.piles:
        s.deck.extend(pile)
        pile.clear()
    for seat, cards in (hands or {}).items():
        for c in cards:
            take(s, c)
            s.players[seat]["hand"].append(c)
    for seat, cards in (loot or {}).items():
        for c in cards:
            take(s, c)
            s.piles[s.players[seat]["team"]].append(c)
    for c in discard or []:
        take(s, c)
        s.discard.append(c)
    for c in top or []:  # the last one named ends on top
        take(s, c)
        s.deck.append(c)
    s.round = 0
    s.rounds_done = 0
    s.start = start
    flow.begin_round(s)
    return sc


def ids(sc: Scenario, prefix: str = "") -> list[str]:
    return [a for a in sc.legal() if a.startswith(prefix)]


def seat(sc: Scenario) -> int:
    d = sc.decision()
    assert d is not None
    return d.seat


def kind(sc: Scenario) -> str:
    d = sc.decision()
    return "over" if d is None else d.kind


FILLER = ["neut13", "neut18", "neut01"]
"""Weak neutral cards with no ability and no support, to pad a hand."""


def to_open(sc: Scenario) -> None:
    """Pass through swap offers and round-start windows up to the opening decision."""
    while kind(sc) in ("swap", "round_start", "counter"):
        sc.play("keep" if kind(sc) == "swap" else "pass")
