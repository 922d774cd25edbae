"""Issue #15 (speed): two memos of actions must give what they stand in for, at every step of
seeded random games at every player count.

* An ask frame's actions are known when the frame is built (``flow.ask_frame``): the memo that
  ``ask_actions`` reads starts with them instead of rebuilding them from the stored plain
  options. They must be the actions ``option_action`` reads back from those options, field by
  field and label by label (the same ``repr``, as saves and replays see it).
* ``apply`` looks the chosen id up among the actions ``legal_actions`` last listed for the same
  question (``rules._listed``): it must find the very action ``find_action`` finds, for every
  legal id, and nothing once the state has moved on."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Action, Seat
from tabletop.engine.rng import Rng
from tabletop.games.mount_gram import flow
from tabletop.games.mount_gram.rules import _listed


def _fields(a: Action) -> tuple[Any, ...]:
    return (a.id, repr(a.label), a.card, a.group, a.verb, a.target, a.location, a.seat, a.amount, a.extra)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ask_frames_and_listed_actions_match_their_full_reading(players: int) -> None:
    game = games.game("mount_gram")
    options = game.spec.resolve_options({})
    asks = listed = 0
    for seed in range(8):
        s = game.setup([Seat(f"P{i + 1}", "human") for i in range(players)], options, seed)
        rng = Rng(seed + 99)
        for _ in range(600):
            if game.decision(s) is None:
                break
            f = s.stack[-1]
            if f["t"] == "ask":
                memo = [_fields(a) for a in flow.ask_actions(f)]
                assert memo == [_fields(flow.option_action(o)) for o in f["opts"]]
                asks += 1
            legal = game.legal_actions(s)
            for a in legal:
                found = _listed(s, a.id)
                assert found is not None and _fields(found) == _fields(game.find_action(s, a.id))
                listed += 1
            assert _listed(s, "no such action") is None
            choice = legal[rng.below(len(legal))].id
            game.apply(s, choice)
            assert _listed(s, choice) is None  # the state moved on: a new question, not yet listed
    assert asks and listed
