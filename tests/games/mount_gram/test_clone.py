"""``MountGram.clone`` (issue #15): a deep copy of the plain-data state, faster than the engine's
``marshal`` round trip, equal to it and sharing no mutable object with the original."""

from __future__ import annotations

import typing
from typing import Any

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.rng import Rng
from tabletop.engine.state import clone as engine_clone
from tabletop.games.mount_gram import board as B
from tabletop.games.mount_gram import state as S


def _containers(value: Any, out: dict[int, Any]) -> None:
    if isinstance(value, (list, dict)):
        out[id(value)] = value
        for v in value.values() if isinstance(value, dict) else value:
            _containers(v, out)


def _states() -> list[Any]:
    game = games.game("mount_gram")
    rng = Rng(5)
    found = []
    for players in (1, 2, 4):
        for seed in range(6):
            s = game.setup([Seat(f"P{i}", "random") for i in range(players)], {}, seed)
            for _ in range(rng.below(120)):
                if game.decision(s) is None:
                    break
                legal = game.legal_actions(s)
                game.apply(s, legal[rng.below(len(legal))].id)
            found.append(s)
    return found


def test_clone_equals_the_engine_copy_and_shares_nothing_mutable() -> None:
    game = games.game("mount_gram")
    for s in _states():
        copy = game.clone(s)
        assert type(copy) is type(s) and vars(copy) == vars(engine_clone(s))
        mine: dict[int, Any] = {}
        _containers({k: v for k, v in vars(s).items() if k != "log"}, mine)
        theirs: dict[int, Any] = {}
        _containers({k: v for k, v in vars(copy).items() if k != "log"}, theirs)
        assert not mine.keys() & theirs.keys()
        assert copy.log is not s.log and copy.log == s.log
        if game.decision(s) is not None:  # the copy plays on alone
            game.apply(copy, game.legal_actions(copy)[0].id)
            assert vars(s) != vars(copy)


def test_a_new_record_is_the_defaults_with_fresh_lists() -> None:
    """``board.new_rec`` writes the defaults out for speed: the same keys in the same order."""
    a, b = B.new_rec(), B.new_rec(ctl=2)
    assert list(a) == list(B.REC_DEFAULTS) and a == B.REC_DEFAULTS and b == {**B.REC_DEFAULTS, "ctl": 2}
    assert all(a[k] is not b[k] and a[k] is not B.REC_DEFAULTS[k] for k in S.REC_LISTS)


def test_clone_knows_every_list_field_of_the_schema() -> None:
    assert S.REC_LISTS == tuple(k for k, v in B.REC_DEFAULTS.items() if isinstance(v, list))
    for schema, lists in ((S.Player, S.PLAYER_LISTS), (S.Group, S.GROUP_LISTS)):
        hints = typing.get_type_hints(schema)
        assert lists == tuple(k for k, t in hints.items() if typing.get_origin(t) is list)
    hints = typing.get_type_hints(S.MGState)
    zones = tuple(k for k, t in hints.items() if t == list[str])
    assert set(S.ZONES) == set(zones)
