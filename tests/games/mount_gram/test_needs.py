"""Issue #15 (speed): the listing of plays skips an event in hand whose Actions' finders need a
fact that does not hold (``ops.need_of``, ``CardFacts.needs``, ``ops.need_holds``). The skip must
never change a listing: at every step of seeded random games, at every player count, a finder
whose need is not met finds nothing, and the plays listed with the pre-check are those listed
without it, in the same order."""

from __future__ import annotations

import copy
import dataclasses
from types import MappingProxyType
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.rng import Rng
from tabletop.games.mount_gram import effects as fx
from tabletop.games.mount_gram.ops import FIND, NEEDS, need_holds, need_of


def _states(players: int, seeds: range, steps: int = 400):
    game = games.game("mount_gram")
    options = game.spec.resolve_options({})
    for seed in seeds:
        s = game.setup([Seat(f"P{i + 1}", "human") for i in range(players)], options, seed)
        rng = Rng(seed)
        for _ in range(steps):
            if game.decision(s) is None:
                break
            yield game, s
            legal = game.legal_actions(s)
            game.apply(s, legal[rng.below(len(legal))].id)


def test_card_facts_needs_are_the_needs_of_every_action() -> None:
    game = games.game("mount_gram")
    for key, card in game.db.items():
        found = {need_of(ab) for ab in card.has("action")}
        if key in game.facts.needs:
            assert card.type == "event" and found == {game.facts.needs[key]}, key
            assert game.facts.needs[key] in NEEDS
        else:
            assert card.type != "event" or len(found) != 1 or found == {""}, key
    assert game.facts.needs, "the default card pool has events with a need (Rain of Arrows, Sneak Attack...)"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_finder_whose_need_does_not_hold_finds_nothing(players: int) -> None:
    unmet = 0
    for game, s in _states(players, range(6)):
        for seat, pl in enumerate(s.players):
            if pl["out"]:
                continue
            for c in pl["hand"]:
                card = game.defs[c]
                for ab in card.has("action"):
                    need = need_of(ab)
                    if need and not need_holds(game, s, seat, need):
                        unmet += 1
                        assert FIND[ab["op"]](game, s, seat, c, ab, {}) == [], (c, need, s.step)
    assert unmet > 100  # the pre-check is exercised, not vacuous


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_listing_with_the_pre_check_is_the_listing_without_it(players: int) -> None:
    def aids(g: Any, s: Any, seat: int, f: dict[str, Any]) -> list[str]:
        return [p.aid for p in fx._plays(g, s, seat, f)]

    nonempty = 0
    for game, s in _states(players, range(6)):
        plain = copy.copy(game)
        plain.facts = dataclasses.replace(game.facts, needs=MappingProxyType({}))
        for seat in range(len(s.players)):
            for w in ("any", "plan"):
                f = {"t": "win", "g": "", "w": w, "ev": "", "ctx": {}, "i": 0, "passes": 0}
                got = aids(game, s, seat, f)
                assert got == aids(plain, s, seat, f), (seat, w, s.step)
                nonempty += bool(got)
    assert nonempty > 30
