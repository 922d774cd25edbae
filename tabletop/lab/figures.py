"""The report laid out once, as sections of rows of text plus the numbers their charts draw.

Both the terminal report (``render``, Rich) and the HTML page (``page``) draw these sections and
nothing else, so they cannot disagree with each other, and every cell is formatted here from the
JSON report, so neither can disagree with ``--json``. Pure: no I/O, no Rich.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def span(interval: list[float]) -> str:
    return f"{interval[0] * 100:.1f}–{interval[1] * 100:.1f}%"


def points(x: float) -> str:
    """A difference of rates in percentage points, signed."""
    return f"{x * 100:+.1f} pts"


def signed(x: float) -> str:
    return f"{x * 100:+.1f}"


def score(s: dict[str, float] | None) -> str:
    if not s:
        return "—"
    if s["min"] == s["max"]:
        return f"{s['mean']:g}"
    return f"{s['mean']:g} ({s['min']:g}–{s['max']:g})"


@dataclass
class Bar:
    """A rate to draw from 0 to 1 (``interval`` as a whisker), or a difference from -1 to 1."""

    value: float
    interval: tuple[float, float] | None = None
    signed: bool = False


@dataclass
class Section:
    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    bars: list[Bar | None] = field(default_factory=list)
    note: str = ""
    histogram: list[tuple[int, int, int]] | None = None
    """Game lengths: ``(low, high, games)`` bins, drawn as a sparkline / an SVG bar chart."""


def header(report: dict[str, Any]) -> list[str]:
    t = report["timing"]
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items()) or "defaults"
    seeds = report.get("seeds", report["games"])
    turns = report.get("arrangements", 1)
    played = f"{seeds} seeds × {turns} seat arrangements = " if turns > 1 else ""
    lines = [
        f"{report.get('title', report['game'])} · {played}{report['games']} games · {report['players']} "
        f"seat{'s' if report['players'] != 1 else ''} "
        f"({', '.join(report['bots'])}{', rotated' if turns > 1 else ''}) · seeds {report['seed']}–{report['seed'] + seeds - 1}",
        f"options: {options}",
        f"{t['seconds']} s on {t.get('jobs', 1)} job(s) · {t['games_per_s']} games/s · {t['actions_per_s']} actions/s"
        f" · unfinished {report['unfinished']} · no winner {report.get('no_winner', 0)}",
    ]
    if "vs" in report:
        vs = report["vs"]
        lines.append(f"B = A with {', '.join(vs['changes'])}: bots ({', '.join(vs['bots'])}), same seeds")
    return lines


def _seats(r: dict[str, Any], title: str) -> Section:
    s = Section(title, ["seat", "bot", "wins", "win rate", "95% CI"])
    rotated = r.get("arrangements", 1) > 1
    for seat, wins in r["wins_by_seat"].items():
        interval = r["win_interval_by_seat"][seat]
        bot = "rotated" if rotated else r["bots"][int(seat) - 1]
        s.rows.append([seat, bot, str(wins), pct(r["win_rate_by_seat"][seat]), span(interval)])
        s.bars.append(Bar(r["win_rate_by_seat"][seat], (interval[0], interval[1])))
    return s


def _kinds(r: dict[str, Any], suffix: str) -> list[Section]:
    """Wins by bot kind, overall and seat by seat: shown when more than one kind plays."""
    table = r.get("wins_by_kind") or {}
    if len(table) < 2:
        return []
    s = Section(f"Wins by bot kind{suffix}", ["bot", "seat", "seats", "wins", "win rate", "95% CI"],
                note="seats: seat-games the kind played (a game counts once per seat it held); "
                     "with --alternate every kind holds every seat equally often")
    for kind, row in sorted(table.items(), key=lambda kv: (-kv[1]["win_rate"], kv[0])):
        by_seat = r.get("wins_by_kind_and_seat", {}).get(kind, {})
        for seat, cell in [("all", row), *by_seat.items()]:
            s.rows.append([kind, seat, str(cell["seats"]), str(cell["wins"]), pct(cell["win_rate"]),
                           span(cell["interval"])])
            s.bars.append(Bar(cell["win_rate"], tuple(cell["interval"])))  # type: ignore[arg-type]
    return [s]


def _groups(r: dict[str, Any], suffix: str) -> list[Section]:
    out = []
    for dim, table in r.get("groups", {}).items():
        s = Section(f"Win rate by {dim}{suffix}", [dim, "seats", "wins", "win rate", "95% CI"])
        for label, row in sorted(table.items(), key=lambda kv: (-kv[1]["win_rate"], kv[0])):
            s.rows.append([label, str(row["seats"]), str(row["wins"]), pct(row["win_rate"]), span(row["interval"])])
            s.bars.append(Bar(row["win_rate"], tuple(row["interval"])))  # type: ignore[arg-type]
        out.append(s)
    return out


def _lengths(r: dict[str, Any], suffix: str) -> Section:
    lengths = r["lengths"]
    s = Section(f"Game length in actions{suffix}", ["min", "median", "mean", "max"],
                histogram=[(b[0], b[1], b[2]) for b in lengths["histogram"]])
    s.rows.append([f"{lengths['min']:g}", f"{lengths['median']:g}", f"{lengths['mean']:g}", f"{lengths['max']:g}"])
    s.bars.append(None)
    return s


def _reasons(r: dict[str, Any], suffix: str) -> Section:
    finished = sum(r["end_reasons"].values())
    s = Section(f"End reasons{suffix}", ["reason", "games", "share", "score"],
                note="numbers are taken out of the reasons (#); score: the top score of those games, "
                     "mean (min–max)")
    scores = r.get("end_reason_scores", {})
    for reason, n in sorted(r["end_reasons"].items(), key=lambda kv: (-kv[1], kv[0])):
        share = n / finished if finished else 0.0
        s.rows.append([reason, str(n), pct(share), score(scores.get(reason))])
        s.bars.append(Bar(share))
    return s


def _cards(r: dict[str, Any], suffix: str) -> list[Section]:
    d = r.get("deciding_cards")
    if not d:
        return []
    s = Section(f"{d['title']}{suffix}", ["card", "decided", "chances", "rate", "95% CI"],
                note=f"rate: {d['rate_label']}; the {len(d['cards'])} cards that decided most often, "
                     f"of {d['distinct']} seen")
    for c in d["cards"]:
        s.rows.append([c["card"], str(c["decided"]), str(c["chances"]), pct(c["rate"]), span(c["interval"])])
        s.bars.append(Bar(c["rate"], tuple(c["interval"])))  # type: ignore[arg-type]
    return [s]


def _paired(report: dict[str, Any]) -> Section:
    vs = report["vs"]
    chosen = str(vs["paired_seat"])
    s = Section("A vs B, paired by seed: win rate difference (A − B)",
                ["seat", "A", "B", "A−B (pts)", "95% CI (pts)", "A only", "B only"],
                note=f"seat {chosen} first (--vs-seat); A only / B only: seeds the seat won in one setup only; "
                     "Newcombe's interval for paired rates")
    order = [chosen] + [k for k in vs["paired_by_seat"] if k != chosen]
    for seat in order:
        p = vs["paired_by_seat"][seat]
        lo, hi = p["interval"]
        s.rows.append([seat, pct(p["a"]), pct(p["b"]), signed(p["difference"]), f"{signed(lo)} to {signed(hi)}",
                       str(p["table"]["only_a"]), str(p["table"]["only_b"])])
        s.bars.append(Bar(p["difference"], (lo, hi), signed=True))
    return s


def verdict(report: dict[str, Any]) -> str | None:
    """One sentence on the paired difference of the chosen seat."""
    if "vs" not in report:
        return None
    vs = report["vs"]
    p = vs["paired"]
    lo, hi = p["interval"]
    seat = vs["paired_seat"]
    if lo > 0 or hi < 0:
        word = "more" if lo > 0 else "less"
        claim = f"seat {seat} wins {word} often with A than with B ({', '.join(vs['changes'])})"
    else:
        claim = f"no difference shown for seat {seat}: the interval includes 0"
    over = (f"{report['games']} paired games" if report.get("arrangements", 1) > 1
            else f"{report['games']} seeds")
    return (f"Seat {seat}: A {pct(p['a'])} vs B {pct(p['b'])}, difference {points(p['difference'])} "
            f"(95% {points(lo)} to {points(hi)}) over {over}: {claim}.")


def sections(report: dict[str, Any]) -> list[Section]:
    """Every section of the report, in the order drawn."""
    a = " (A)" if "vs" in report else ""
    out = [_seats(report, f"Wins by seat{a}")]
    out += _kinds(report, a)
    out += _groups(report, a)
    out.append(_lengths(report, a))
    out.append(_reasons(report, a))
    out += _cards(report, a)
    if "vs" in report:
        vs = {**report["vs"], "games": report["games"], "arrangements": report.get("arrangements", 1)}
        out.insert(0, _paired(report))
        out.append(_seats(vs, f"Wins by seat (B: {', '.join(vs['changes'])})"))
        out += _kinds(vs, " (B)")
        out += _groups(vs, " (B)")
        out.append(_lengths(vs, " (B)"))
        out.append(_reasons(vs, " (B)"))
        out += _cards(vs, " (B)")
    return out
