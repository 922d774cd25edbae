"""Running tallies of game records and the figures drawn from them (pure: no I/O, no Rich).

A tally keeps counters only (wins per seat, games per length, per reason, per label, per card), so
it stays small over any number of games; ``figures`` turns it into the JSON-ready dict that the
terminal report and the HTML page both draw, so all three always show the same numbers.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from . import stats

if TYPE_CHECKING:
    from .runner import Record

TOP_CARDS = 12
"""Cards listed under "cards that decide a win"."""


def _rate(hits: int, n: int) -> tuple[float, list[float]]:
    """A proportion and its Wilson 95 % interval, rounded for the report."""
    low, high = stats.wilson(hits, n)
    return (round(hits / n, 4) if n else 0.0), [round(low, 4), round(high, 4)]


def _group_row(row: list[int]) -> dict[str, Any]:
    rate, interval = _rate(row[1], row[0])
    return {"seats": row[0], "wins": row[1], "win_rate": rate, "interval": interval}


def _card_row(card: str, row: list[int]) -> dict[str, Any]:
    rate, interval = _rate(row[1], row[0])
    return {"card": card, "chances": row[0], "decided": row[1], "rate": rate, "interval": interval}


class _Score:
    __slots__ = ("n", "total", "low", "high")

    def __init__(self) -> None:
        self.n, self.total, self.low, self.high = 0, 0.0, float("inf"), float("-inf")

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.low, self.high = min(self.low, value), max(self.high, value)

    def figures(self) -> dict[str, float] | None:
        if not self.n:
            return None
        return {"mean": round(self.total / self.n, 2), "min": self.low, "max": self.high}


class Tally:
    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.unfinished = 0
        self.no_winner = 0
        self.wins: Counter[int] = Counter()
        self.reasons: Counter[str] = Counter()
        self.scores: dict[str, _Score] = {}
        self.lengths: Counter[int] = Counter()
        self.groups: dict[str, dict[str, list[int]]] = {}
        self.cards: dict[str, list[int]] = {}
        self.kinds: dict[str, list[int]] = {}
        """Bot kind -> [seat-games, wins]: a game counts once for every seat the kind played."""
        self.kind_seats: dict[tuple[str, int], list[int]] = {}

    def add(self, r: "Record") -> None:
        self.games += 1
        self.lengths[r.length] += 1
        for seat, kind in enumerate(r.kinds):
            won = r.finished and seat in r.winners
            for row in (self.kinds.setdefault(kind, [0, 0]), self.kind_seats.setdefault((kind, seat), [0, 0])):
                row[0] += 1
                row[1] += won
        if not r.finished:
            self.unfinished += 1
            return
        if not r.winners:
            self.no_winner += 1
        for w in r.winners:
            self.wins[w] += 1
        self.reasons[r.reason] += 1
        if r.top_score is not None:
            self.scores.setdefault(r.reason, _Score()).add(r.top_score)
        for dim, labels in r.groups:
            table = self.groups.setdefault(dim, {})
            for seat, label in enumerate(labels):
                row = table.setdefault(label, [0, 0])
                row[0] += 1
                row[1] += seat in r.winners
        for card, decided in r.cards:
            row = self.cards.setdefault(card, [0, 0])
            row[0] += 1
            row[1] += decided

    def figures(self, tally_title: str, tally_rate: str) -> dict[str, Any]:
        """Everything the reports show, by seat, group, length, reason and card."""
        n = self.games
        seats = [str(s + 1) for s in range(self.players)]
        total_length = sum(v * k for v, k in self.lengths.items())
        cards = sorted(self.cards.items(), key=lambda kv: (-kv[1][1], -kv[1][1] / kv[1][0], kv[0]))
        return {
            "unfinished": self.unfinished,
            "no_winner": self.no_winner,
            "wins_by_seat": {s: self.wins.get(int(s) - 1, 0) for s in seats},
            "win_rate_by_seat": {s: round(self.wins.get(int(s) - 1, 0) / n, 4) for s in seats},
            "win_interval_by_seat": {s: [round(x, 4) for x in stats.wilson(self.wins.get(int(s) - 1, 0), n)]
                                     for s in seats},
            "end_reasons": dict(sorted(self.reasons.items())),
            "end_reason_scores": {k: self.scores[k].figures() for k in sorted(self.scores)},
            "mean_length": round(total_length / n, 2),
            "lengths": {**stats.summary(self.lengths),
                        "histogram": [list(b) for b in stats.histogram(self.lengths)]},
            "groups": {dim: {label: _group_row(row) for label, row in sorted(table.items())}
                       for dim, table in sorted(self.groups.items())},
            "wins_by_kind": {kind: _group_row(row) for kind, row in sorted(self.kinds.items())},
            "wins_by_kind_and_seat": {
                kind: {str(seat + 1): _group_row(row) for (k, seat), row in sorted(self.kind_seats.items()) if k == kind}
                for kind in sorted(self.kinds)},
            "deciding_cards": {
                "title": tally_title, "rate_label": tally_rate, "distinct": len(self.cards),
                "cards": [_card_row(card, row) for card, row in cards[:TOP_CARDS]],
            } if self.cards else None,
        }


class PairedTally:
    """For each seat, the 2×2 table of (won with setup A, won with setup B) over the same seeds."""

    def __init__(self, players: int) -> None:
        self.tables = [stats.Paired() for _ in range(players)]

    def add(self, a: "Record", b: "Record") -> None:
        for seat in range(len(self.tables)):
            self.tables[seat] = self.tables[seat].add(seat in a.winners, seat in b.winners)

    def figures(self) -> dict[str, Any]:
        out = {}
        for seat, t in enumerate(self.tables):
            diff, low, high = stats.paired_difference(t)
            out[str(seat + 1)] = {
                "a": round((t.both + t.only_a) / t.n, 4) if t.n else 0.0,
                "b": round((t.both + t.only_b) / t.n, 4) if t.n else 0.0,
                "difference": round(diff, 4), "interval": [round(low, 4), round(high, 4)],
                "table": {"both": t.both, "only_a": t.only_a, "only_b": t.only_b, "neither": t.neither},
            }
        return out
