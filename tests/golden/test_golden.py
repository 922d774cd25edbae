"""Replays each stored golden playthrough and diffs it against the stored text."""

from __future__ import annotations

import difflib

import pytest

from .playthrough import DATA, available, case_name, render


@pytest.mark.parametrize("case", available(), ids=lambda c: case_name(*c))
def test_golden_playthrough_unchanged(case: tuple) -> None:
    path = DATA / case_name(*case)
    if not path.exists():
        pytest.fail(f"no golden file {path.name}: run `python -m tests.golden.playthrough` and review it")
    expected = path.read_text(encoding="utf-8")
    actual = render(*case)
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                 "stored", "now", n=1))[:60])
        pytest.fail(f"behaviour changed in {path.name} (regenerate if intended):\n{diff}")
