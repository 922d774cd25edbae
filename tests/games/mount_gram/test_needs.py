"""Issue #15 (speed): facts worked out once from the card data, checked against the cards and
against the code they stand in for. The listing of plays skips an event in hand whose Actions'
finders need a fact that does not hold (``ops.need_of``, ``CardFacts.needs``,
``ops.need_holds``). The skip must never change a listing: at every step of seeded random games,
at every player count, a finder whose need is not met finds nothing, and the plays listed with
the pre-check are those listed without it, in the same order."""

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


def _groups_in_order_by_turn_order(s: Any) -> list[Any]:
    """``board.groups_in_order`` as it was written before (issue #15): each group ranked by its
    earliest player's place in ``turn_order``, out players last."""
    from tabletop.games.mount_gram import board as B

    rank = {p: i for i, p in enumerate(B.turn_order(s))}
    keyed = []
    for i, x in enumerate(s.groups):
        if x["members"]:
            keyed.append((min([rank.get(p, 99) for p in x["members"]] + [99]), i, x))
    keyed.sort(key=lambda k: (k[0], k[1]))
    return [x for _, _, x in keyed]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_groups_in_order_is_the_turn_order_ranking(players: int) -> None:
    from tabletop.games.mount_gram import board as B

    for _, s in _states(players, range(4)):
        assert B.groups_in_order(s) == _groups_in_order_by_turn_order(s)
        for first in range(players):  # every first player, with the groups as they stand
            s2 = copy.copy(s)
            s2.first = first
            assert [g["id"] for g in B.groups_in_order(s2)] == [g["id"] for g in _groups_in_order_by_turn_order(s2)]


def test_card_facts_by_op_are_the_cards_abilities() -> None:
    game = games.game("mount_gram")
    for trigger, by_op in (("passive", game.facts.passive_by_op), ("forced", game.facts.forced_by_op)):
        for key, card in game.db.items():
            ops = {ab["op"] for ab in card.has(trigger)}
            assert {op for op, keys in by_op.items() if key in keys} == ops, (trigger, key)
    assert game.facts.staging_attackers == game.facts.passive_by_op.get("attack_staging_alone", frozenset())
