"""Scenario helpers for Villainous: a table with chosen villains, cards put where a test needs them.

``@covers("razoul", ...)`` marks the card keys whose effect a test exercises; the card-coverage
test reads these marks from the test sources and fails for any card no test exercises.
"""

from __future__ import annotations

from typing import Any, Callable

from scenario import Scenario

from tabletop.engine.msg import Msg
from tabletop.engine.rng import seed_state
from tabletop.games.villainous.board import CARD, strength
from tabletop.games.villainous.faces import face
from tabletop.games.villainous.flow import run
from tabletop.games.villainous.rules import new_state
from tabletop.games.villainous.turn import next_turn
from tabletop.text.render import Renderer


def covers(*keys: str) -> Callable[[Any], Any]:
    def deco(fn: Any) -> Any:
        return fn
    return deco


def table(*villains: str, seed: int = 1, **options: Any) -> Scenario:
    """A started game with these villains in seat order (seat 1 first)."""
    sc = Scenario("villainous", players=len(villains), options=options, seed=seed)
    names = [f"P{i + 1}" for i in range(len(villains))]
    sc.match.state = new_state(names, list(villains), sc.match.options, seed_state(seed))
    sc.match.actions.clear()
    return sc


def take(sc: Scenario, seat: int, key: str) -> str:
    """Pull one copy of a card (by key) out of whatever zone holds it."""
    s = sc.state
    P = s.players[seat]
    prefix = f"{P['villain']}.{key}#"
    for zone in (P["deck"], P["hand"], P["discard"], P["fdeck"], P["fdiscard"]):
        for c in zone:
            if c.startswith(prefix):
                zone.remove(c)
                return c
    raise AssertionError(f"no free copy of {key} for seat {seat}")


def hand(sc: Scenario, seat: int, *keys: str, clear: bool = False) -> list[str]:
    P = sc.state.players[seat]
    if clear:
        P["deck"].extend(P["hand"])
        P["hand"].clear()
    out = [take(sc, seat, k) for k in keys]
    P["hand"].extend(out)
    return out


def put(sc: Scenario, seat: int, key: str, loc: int, on: str | None = None, **flags: Any) -> str:
    """Put a card in play: Heroes on the hero side, the rest on the villain side (or on a host)."""
    c = take(sc, seat, key)
    P = sc.state.players[seat]
    side = "h" if CARD[c].type == "Hero" else "v"
    if on is not None:
        side = P["cards"][on]["side"]
        loc = P["cards"][on]["loc"]
    P["cards"][c] = {"loc": loc, "side": side, "on": on, **flags}
    return c


def top_fate(sc: Scenario, seat: int, *keys: str) -> list[str]:
    """Stack the Fate deck: the first key ends on top."""
    P = sc.state.players[seat]
    cards = [take(sc, seat, k) for k in keys]
    for c in reversed(cards):
        P["fdeck"].append(c)
    return cards


def top_deck(sc: Scenario, seat: int, *keys: str) -> list[str]:
    P = sc.state.players[seat]
    cards = [take(sc, seat, k) for k in keys]
    for c in reversed(cards):
        P["deck"].append(c)
    return cards


def menu(sc: Scenario, seat: int = 0, loc: int = 0, power: int | None = None) -> Scenario:
    """Jump to ``seat``'s action step with the mover at ``loc`` (nothing used yet)."""
    s = sc.state
    s.turn = seat
    P = s.players[seat]
    P["mover"] = loc
    if power is not None:
        P["power"] = power
    s.used = []
    s.tf = {"conds": [], "defeats": [], "bm": []}
    s.stack = [{"k": "turn", "st": 4}, {"k": "menu"}]
    s.pending = None
    run(s, next_turn)
    return sc


def start_turn(sc: Scenario, seat: int) -> Scenario:
    """Begin ``seat``'s turn from its very first step."""
    s = sc.state
    s.turn = seat
    s.stack = []
    s.pending = None
    run(s, next_turn)
    return sc


def power(sc: Scenario, seat: int) -> int:
    return sc.state.players[seat]["power"]


def st(sc: Scenario, seat: int, cid: str) -> int:
    return strength(sc.state, seat, cid)


def where(sc: Scenario, seat: int, cid: str) -> str:
    """``"play"`` with location, or the zone name holding ``cid``."""
    P = sc.state.players[seat]
    if cid in P["cards"]:
        return f"loc{P['cards'][cid]['loc']}"
    for z in ("hand", "deck", "discard", "fdeck", "fdiscard"):
        if cid in P[z]:
            return z
    return "?"


def decide(sc: Scenario) -> tuple[int, str]:
    d = sc.decision()
    return d.seat, d.kind


def passes(sc: Scenario) -> Scenario:
    """Answer ``pass`` while a condition window asks."""
    while sc.decision() is not None and sc.decision().kind == "condition":
        sc.play("pass")
    return sc


def words(sc: Scenario) -> Renderer:
    """The table's English renderer (strict: a text without a template fails the test)."""
    return Renderer("villainous", [P["name"] for P in sc.state.players], lang="en",
                    card_title=lambda c: face(c).title, strict=True)


def said(sc: Scenario, kind: str) -> list[str]:
    """The English sentences of the log's events of one kind."""
    w = words(sc)
    return [w.event(e) for e in sc.state.log if e["k"] == kind]


def label(sc: Scenario, value: Any) -> str:
    """A label or prompt (a ``Msg`` or the state's plain form of one) in English."""
    if not isinstance(value, Msg):  # an option's label in the state also carries its fields ("@")
        value = Msg.from_plain({k: v for k, v in value.items() if k != "@"})
    return words(sc).text(value)
