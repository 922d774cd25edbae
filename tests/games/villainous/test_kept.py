"""Issue #15: the memories of built actions (``engine.kept.Kept``, keyed by the records' bytes) are bounded and keep what recurs.

A long ``simulate`` meets new option lists forever; a memory emptied only when full grew for a
hundred games before leveling. Two generations bound it at ``2 * limit`` entries from early on,
and an entry looked up again survives the turnover (a menu or a pass a game keeps meeting)."""

from __future__ import annotations

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.kept import Kept
from tabletop.engine.rng import Rng
from tabletop.games.villainous import rules


def test_kept_is_bounded_and_keeps_what_is_looked_up_again() -> None:
    kept: Kept[bytes, int] = Kept(3)
    kept.keep(b"hot", 0)
    for i in range(50):
        assert kept.get(b"hot") == 0  # looked up again: brought back to the young generation
        assert kept.get(b"new %d" % i) is None
        kept.keep(b"new %d" % i, i)
        assert len(kept) <= 6
    assert kept.get(b"new 0") is None  # met once, long ago: forgotten
    assert kept.get(b"new 49") == 49


def test_kept_actions_are_the_ones_built_afresh() -> None:
    """Whatever the memories hold after random play, the actions handed out equal freshly built
    ones (the key is the record's bytes: equal bytes, equal record)."""
    g = games.game("villainous")
    rng = Rng(7)
    for seed in range(2):
        s = g.setup([Seat(f"P{i}", "human") for i in range(4)], g.spec.resolve_options({"round_limit": 6}), seed)
        while g.decision(s) is not None:
            legal = g.legal_actions(s)
            assert legal == [rules.to_action(o) for o in s.pending["opts"]]
            g.apply(s, legal[rng.below(len(legal))].id)
    assert 0 < len(rules._BY_RECORD) <= 2 * rules._BY_RECORD.limit
