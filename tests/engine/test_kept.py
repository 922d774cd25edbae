"""``engine.kept.Kept``: the two-generation memo the MSX odds tables use, so a long simulation's
memory levels off (issue #15, memory)."""

from __future__ import annotations

import pytest

from tabletop.engine.kept import Kept


def test_kept_holds_at_most_two_generations_and_keeps_what_comes_back() -> None:
    kept: Kept[int, str] = Kept(3)
    for i in range(3):
        kept.keep(i, str(i))
    assert kept.get(0) == "0"  # young: found where it is
    kept.keep(3, "3")  # young full: it becomes the old one
    assert len(kept) == 4 and kept.young == {3: "3"}
    assert kept.get(1) == "1"  # found in the old one, brought back to the young
    assert 1 in kept.young
    for i in range(10, 20):
        kept.keep(i, str(i))
    assert len(kept) <= 6
    assert kept.get(2) is None  # met once, long ago: dropped
    kept.clear()
    assert len(kept) == 0


def test_kept_refuses_a_table_with_no_room() -> None:
    with pytest.raises(ValueError):
        Kept(0)
