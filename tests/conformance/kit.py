"""The conformance kit: properties every registered game must have, checked by random play.

For each of a game's conformance set-ups it plays seeded random games to the end (a game that does
not end within ``spec.max_steps`` fails), and along the way checks that: a decision always has legal
actions with unique ids; declared invariants hold; the state survives a JSON round trip and a
clone; no seat's view contains a card that seat may not see; replaying the action log from the
seed reproduces the final state; and a save file round-trips.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tabletop.engine import Match, Seat
from tabletop.engine.bots import RandomBot, bot_rng
from tabletop.engine.saves import load, save
from tabletop.engine.state import from_plain, to_plain

TOKEN = re.compile(r"[\w.:#+-]+")


def strings_in(data: Any) -> set[str]:
    """Every token of every string (keys included) in a JSON-like value."""
    out: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
            out.update(TOKEN.findall(item))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return out


def leaks(game: Any, state: Any, players: int) -> list[str]:
    problems = []
    for seat in [None, *range(players)]:
        secret = game.secrets(state, seat)
        if not secret:
            continue
        shown = strings_in(game.view(state, seat)) & secret
        if shown:
            problems.append(f"view for seat {seat} shows hidden {sorted(shown)[:5]}")
    return problems


_VIEW_ADAPTERS: dict[Any, Any] = {}


def check_view(game: Any, view: Any, where: str) -> None:
    """The view is exactly an instance of the game's ``view_type``: validated strictly, it comes
    back unchanged (a missing key, an extra key or a wrong type fails)."""
    from pydantic import TypeAdapter, ValidationError

    adapter = _VIEW_ADAPTERS.get(game.view_type)
    if adapter is None:
        adapter = _VIEW_ADAPTERS[game.view_type] = TypeAdapter(game.view_type)
    try:
        again = adapter.validate_python(view, strict=True)
    except ValidationError as exc:
        raise AssertionError(f"{where}: the view is not a {game.view_type.__name__}: {exc}") from None
    assert again == view, f"{where}: the view has keys its type does not declare"


def play_random_game(game: Any, players: int, options: dict[str, Any], seed: int, *,
                     check_every: int = 7, bot: Any = None, tmp: Path | None = None) -> Match:
    """Play one game with random actions, checking the kit's properties; returns the match."""
    seats = [Seat(f"P{i + 1}") for i in range(players)]
    match = Match.start(game, seats, options, seed=seed)
    chooser = bot or RandomBot()
    spec = game.spec
    while True:
        state = match.state
        decision = game.decision(state)
        if decision is None:
            break
        assert match.state.step < spec.max_steps + 1 and len(match.actions) < spec.max_steps, (
            f"{spec.id}: no end after {spec.max_steps} actions (seed {seed})")
        actions = game.legal_actions(state)
        assert actions, f"{spec.id}: decision {decision} has no legal action (seed {seed})"
        ids = [a.id for a in actions]
        assert len(ids) == len(set(ids)), f"{spec.id}: duplicate action ids {ids}"
        assert 0 <= decision.seat < players, f"{spec.id}: decision for seat {decision.seat}"
        if len(match.actions) % check_every == 0:
            broken = game.invariants(state)
            assert not broken, f"{spec.id} seed {seed} step {len(match.actions)}: {broken}"
            plain = json.loads(json.dumps(to_plain(state)))
            again = from_plain(game.state_type, plain)
            assert to_plain(again) == to_plain(state), f"{spec.id}: JSON round trip changed the state"
            assert to_plain(game.clone(state)) == to_plain(state), f"{spec.id}: clone differs"
            found = leaks(game, state, players)
            assert not found, f"{spec.id} seed {seed} step {len(match.actions)}: {found}"
        view = game.view(state, decision.seat)
        if game.view_type is not None and len(match.actions) % check_every == 0:
            check_view(game, view, f"{spec.id} seed {seed} step {len(match.actions)}")
        choice = chooser.choose(game, view, decision, actions, bot_rng(seed, state.step, decision.seat))
        match.play(choice)
    assert game.result(match.state) is not None, f"{spec.id}: no decision but no result"
    assert not game.invariants(match.state)
    replayed = match.replayed_state()
    assert to_plain(replayed) == to_plain(match.state), f"{spec.id} seed {seed}: replay differs"
    if tmp is not None:
        path = save(match, tmp / f"{spec.id}-{seed}.json")
        again = load(path, lambda gid: game)
        assert to_plain(again.state) == to_plain(match.state)
    return match
