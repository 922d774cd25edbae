"""The lab's statistics against values worked out by hand or published."""

from __future__ import annotations

import pytest

from tabletop.lab import stats


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (0, 10, 0.0, 0.2775),     # one bound exact at 0 %
    (10, 10, 0.7225, 1.0),
    (5, 10, 0.2366, 0.7634),
    (45, 100, 0.3561, 0.5476),
])
def test_wilson_interval(k: int, n: int, low: float, high: float) -> None:
    got = stats.wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_without_trials_is_the_whole_range_and_bad_counts_raise() -> None:
    assert stats.wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        stats.wilson(3, 2)


def test_paired_difference_matches_newcombe_method_10() -> None:
    # Newcombe (1998), paired example a = 36, b = 12, c = 2, d = 0: 0.2 (0.0569 to 0.3404)
    diff, low, high = stats.paired_difference(stats.Paired(36, 12, 2, 0))
    assert diff == pytest.approx(0.2)
    assert (low, high) == pytest.approx((0.0569, 0.3404), abs=5e-5)


def test_paired_difference_of_identical_outcomes_is_zero_with_an_interval_around_it() -> None:
    diff, low, high = stats.paired_difference(stats.Paired(both=7, neither=13))
    assert diff == 0.0 and low < 0 < high
    assert stats.paired_difference(stats.Paired()) == (0.0, -1.0, 1.0)


def test_paired_table_counts_each_seed_once() -> None:
    t = stats.Paired()
    for a, b in [(True, True), (True, False), (False, True), (False, False), (True, False)]:
        t = t.add(a, b)
    assert (t.both, t.only_a, t.only_b, t.neither, t.n) == (1, 2, 1, 1, 5)


def test_histogram_bins_cover_every_value_once() -> None:
    counts = {3: 2, 4: 1, 10: 5, 57: 1}
    bins = stats.histogram(counts, bins=10)
    assert sum(n for _, _, n in bins) == 9
    assert bins[0][0] == 3 and bins[-1][1] >= 57
    assert all(b[1] + 1 == c[0] for b, c in zip(bins, bins[1:], strict=False))
    assert len({b[1] - b[0] for b in bins}) == 1
    assert stats.histogram({}) == []
    assert stats.histogram({5: 3}) == [(5, 5, 3)]


def test_summary_median_of_odd_and_even_samples() -> None:
    assert stats.summary({1: 1, 2: 1, 9: 1}) == {"min": 1, "median": 2, "mean": 4.0, "max": 9}
    assert stats.summary({1: 2, 3: 2})["median"] == 2


@pytest.mark.parametrize(("reason", "key"), [
    ("every player is eliminated (score 25)", "every player is eliminated"),
    ("every player is eliminated (score -3)", "every player is eliminated"),
    ("round limit (100) reached: no winner", "round limit (#) reached: no winner"),
    ("the deck (4 cards) cannot refill every hand (9 needed)", "the deck (# cards) cannot refill every hand (# needed)"),
    ("mission complete", "mission complete"),
    ("", "(no reason given)"),
])
def test_reason_key_takes_the_numbers_out(reason: str, key: str) -> None:
    assert stats.reason_key(reason) == key
