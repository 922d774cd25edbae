"""The engine's op registry: registration, lookup and the coverage check of card data."""

from __future__ import annotations

import pytest

from tabletop.engine.core import GameDataError
from tabletop.engine.registry import Registry


def test_registry_registers_finds_and_checks_coverage() -> None:
    ops: Registry[object] = Registry("test op")

    @ops.op("gain")
    def gain() -> int:
        return 1

    assert ops["gain"] is gain and "gain" in ops and ops.get("lose") is None
    ops.check([("card a", "gain"), ("card b", "modify")], passive={"modify"})
    with pytest.raises(GameDataError, match="card c: unknown test op 'lose'"):
        ops.check([("card c", "lose")])
    assert ops.unused(["modify"]) == {"gain"}
    with pytest.raises(ValueError, match="twice"):
        ops.add("gain", gain)


def test_registry_lists_its_ops_and_finds_the_undocumented() -> None:
    ops: Registry[int] = Registry("test op")
    ops.add("gain", 1)
    ops.add("lose", 2)
    assert list(ops) == ["gain", "lose"] and len(ops) == 2
    doc = "| `gain` | gain `amount` |\n| `modify` | passive |"
    assert ops.undocumented(doc) == {"lose"}
    assert ops.undocumented(doc, passive={"modify", "restrict"}) == {"lose", "restrict"}
