"""``clone`` (issue #15): a deep copy as exact as ``engine.state.clone``'s marshal round trip, made
by copying only what can change in place (``rules.clone_state``)."""

from __future__ import annotations

import json
from dataclasses import fields

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.rng import Rng
from tabletop.engine.state import clone as marshal_clone
from tabletop.games.villainous import rules
from tabletop.games.villainous.state import Player, VState

SCALARS = {"rng", "reveals", "step", "phase", "turn", "round", "winner", "look_seat", "always_ask", "holders_only",
           "round_limit"}


def test_every_field_has_a_way_to_be_copied() -> None:
    """A field added to the state must be placed in one of the lists (or be a scalar)."""
    copied = (set(rules._STATE_LISTS) | set(rules._STATE_NESTED) | set(rules._STATE_SHARED) | set(rules._STATE_LOG)
              | {"players"})
    assert {f.name for f in fields(VState)} == copied | SCALARS
    assert set(Player.__annotations__) == set(rules._PLAYER_LISTS) | {
        "cards", "name", "villain", "power", "mover", "vanish", "dragon"}


def _dump(s: VState) -> str:
    return json.dumps({**vars(s), "log": list(s.log)}, sort_keys=True)


def test_a_clone_is_equal_and_independent_at_every_step() -> None:
    g = games.game("villainous")
    rng = Rng(7)
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        s = g.setup([Seat(f"P{i}", "random") for i in range(players)], g.spec.resolve_options({}), seed)
        for _ in range(250):
            if g.decision(s) is None:
                break
            before = _dump(s)
            c = g.clone(s)
            assert _dump(c) == before == _dump(marshal_clone(s))
            for _ in range(3):  # the copy plays on; the original must not move
                if g.decision(c) is None:
                    break
                legal = g.legal_actions(c)
                g.apply(c, legal[rng.below(len(legal))].id)
            assert _dump(s) == before
            theirs = list(c.log)
            legal = g.legal_actions(s)
            g.apply(s, legal[rng.below(len(legal))].id)
            assert list(c.log) == theirs  # the log is shared (EventLog): the original's news stay its own


def test_a_clone_shares_no_player_list_or_card_record() -> None:
    """``_copy_player`` writes its fields out one by one: each of ``_PLAYER_LISTS`` and every card
    record is a new object in the copy (a shared one would let the copy's play reach the original)."""
    g = games.game("villainous")
    rng = Rng(3)
    s = g.setup([Seat(f"P{i}", "random") for i in range(5)], g.spec.resolve_options({}), 4)
    for _ in range(400):
        if g.decision(s) is None:
            break
        legal = g.legal_actions(s)
        g.apply(s, legal[rng.below(len(legal))].id)
    c = g.clone(s)
    assert sum(len(P["cards"]) for P in s.players) > 10
    for P, Q in zip(s.players, c.players, strict=True):
        assert P == Q and P is not Q and list(P) == list(Q)
        for k in rules._PLAYER_LISTS:
            assert Q[k] is not P[k]  # type: ignore[literal-required]
        assert Q["cards"] is not P["cards"]
        for cid, r in P["cards"].items():
            assert Q["cards"][cid] == r and Q["cards"][cid] is not r
