"""Pure statistics for the balance lab: intervals, histograms, reason keys.

No I/O and no randomness here, so every figure the report shows can be checked by hand and by tests.
The intervals are the ones a balance discussion needs with small samples: Wilson's score interval
for one win rate (it never leaves [0, 1] and behaves at 0 % and 100 %), and Newcombe's interval for
the difference of two *paired* win rates (the same seeds played twice), which is much narrower than
treating the two runs as independent when most seeds end the same way.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion; ``(0.0, 1.0)`` when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # p == 0 or p == 1 make one bound exact; rounding must not push it past the observed rate
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True, slots=True)
class Paired:
    """A 2×2 table of paired outcomes: ``both`` won in A and in B, ``only_a``, ``only_b``, ``neither``."""

    both: int = 0
    only_a: int = 0
    only_b: int = 0
    neither: int = 0

    @property
    def n(self) -> int:
        return self.both + self.only_a + self.only_b + self.neither

    def add(self, won_a: bool, won_b: bool) -> "Paired":
        return Paired(self.both + (won_a and won_b), self.only_a + (won_a and not won_b),
                      self.only_b + (won_b and not won_a), self.neither + (not won_a and not won_b))


def paired_difference(t: Paired, z: float = Z95) -> tuple[float, float, float]:
    """Rate in A minus rate in B with Newcombe's (1998, method 10) interval, built from the two
    Wilson intervals and the correlation of the paired outcomes. Returns (difference, low, high)."""
    n = t.n
    if n == 0:
        return 0.0, -1.0, 1.0
    p1, p2 = (t.both + t.only_a) / n, (t.both + t.only_b) / n
    l1, u1 = wilson(t.both + t.only_a, n, z)
    l2, u2 = wilson(t.both + t.only_b, n, z)
    a, b, c, d = t.both, t.only_a, t.only_b, t.neither
    denominator = (a + b) * (c + d) * (a + c) * (b + d)
    phi = (a * d - b * c) / math.sqrt(denominator) if denominator else 0.0
    delta = p1 - p2
    down = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    up = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    low, high = delta - math.sqrt(max(0.0, down)), delta + math.sqrt(max(0.0, up))
    return delta, max(-1.0, min(delta, low)), min(1.0, max(delta, high))


def histogram(counts: Mapping[int, int], bins: int = 20) -> list[tuple[int, int, int]]:
    """Equal-width bins over the integer values seen: ``(low, high, games)``, both ends inclusive.

    Bins are whole numbers wide so that every value falls in exactly one bin and the games add up."""
    if not counts:
        return []
    low, high = min(counts), max(counts)
    width = max(1, math.ceil((high - low + 1) / bins))
    out = []
    start = low
    while start <= high:
        end = start + width - 1
        out.append((start, end, sum(n for v, n in counts.items() if start <= v <= end)))
        start = end + 1
    return out


def summary(counts: Mapping[int, int]) -> dict[str, float]:
    """Minimum, median, mean and maximum of values given as value -> how many times."""
    total = sum(counts.values())
    if not total:
        return {"min": 0, "median": 0, "mean": 0.0, "max": 0}
    values = sorted(counts)
    mean = sum(v * n for v, n in counts.items()) / total

    def nth(k: int) -> int:  # the k-th value (0-based) of the sorted sample
        seen = 0
        for v in values:
            seen += counts[v]
            if k < seen:
                return v
        return values[-1]  # pragma: no cover - k < total

    median = nth(total // 2) if total % 2 else (nth(total // 2 - 1) + nth(total // 2)) / 2
    return {"min": values[0], "median": median, "mean": round(mean, 2), "max": values[-1]}


def score_summary(values: Iterable[float]) -> dict[str, float]:
    """Mean, minimum and maximum of some scores (zeros when there are none)."""
    vs = list(values)
    if not vs:
        return {"mean": 0.0, "min": 0.0, "max": 0.0}
    return {"mean": round(sum(vs) / len(vs), 2), "min": min(vs), "max": max(vs)}


_SCORE = re.compile(r"\s*\(score -?\d+(?:\.\d+)?\)")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def reason_key(reason: str) -> str:
    """An end reason with its numbers taken out, so that "every player is eliminated (score 25)"
    and "... (score 27)" count as one reason: a "(score N)" part is dropped (the score is a figure of
    its own in the report) and any other number becomes ``#``."""
    return _NUMBER.sub("#", _SCORE.sub("", reason)).strip() or "(no reason given)"
