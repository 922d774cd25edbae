"""English counts read right: "1 card", "2 cards", never "card(s)"."""

from __future__ import annotations

from pathlib import Path

from tabletop.engine.words import count


def test_count_singular_and_plural() -> None:
    assert count(1, "card") == "1 card"
    assert count(0, "card") == "0 cards"
    assert count(3, "time counter") == "3 time counters"
    assert count(2, "more card", "more cards") == "2 more cards"


def test_no_rules_module_writes_a_parenthesised_plural() -> None:
    root = Path(__file__).resolve().parents[2] / "tabletop"
    offenders = [f"{p.relative_to(root)}:{i}" for p in root.rglob("*.py")
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if any(f" {w}(s)" in line for w in ("card", "resource", "player", "counter", "round"))]
    assert not offenders, offenders
