"""The balance report as one self-contained HTML page, for sharing.

It draws ``figures.sections`` (the same rows as the terminal and the same numbers as ``--json``)
as tables with an inline SVG bar per row and an SVG histogram of game lengths. Everything is in
the one file: inline CSS and SVG, no script, no font or stylesheet from elsewhere.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from .figures import Bar, Section, header, sections, verdict

BAR_W, BAR_H = 220, 16
HIST_W, HIST_H = 640, 170

CSS = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { font-size: 1.1em; margin: 1.6em 0 .4em; }
p.meta { margin: .1em 0; color: #555; } p.verdict { font-weight: bold; background: #fff6d5; padding: .5em; }
table { border-collapse: collapse; } th, td { padding: .15em .7em; border-bottom: 1px solid #e4e4e4; }
th { text-align: right; background: #f5f5f5; } th:first-child, td:first-child { text-align: left; }
td { text-align: right; font-variant-numeric: tabular-nums; } td.chart { padding: 0 .4em; }
p.note { color: #666; font-size: .9em; margin: .3em 0; }
svg text { font: 11px system-ui, sans-serif; fill: #444; }
"""


def bar_svg(bar: Bar, label: str) -> str:
    """A rate from 0 to 1 (interval shaded, whisker), or a difference around a middle line."""
    def x(v: float) -> float:
        return round(((v + 1) / 2 if bar.signed else v) * BAR_W, 2)

    parts = [f'<svg class="bar" width="{BAR_W}" height="{BAR_H}" viewBox="0 0 {BAR_W} {BAR_H}" role="img">',
             f"<title>{escape(label)}</title>",
             f'<rect class="track" x="0" y="2" width="{BAR_W}" height="{BAR_H - 4}" fill="#f0f0f0"/>']
    if bar.interval:
        lo, hi = x(bar.interval[0]), x(bar.interval[1])
        parts.append(f'<rect class="interval" x="{lo}" y="2" width="{max(0.5, hi - lo)}" height="{BAR_H - 4}" fill="#c9d8ef"/>')
    start, end = sorted((x(0), x(bar.value)))
    colour = "#c0392b" if bar.signed and bar.value < 0 else "#2e7d32"
    parts.append(f'<rect class="value" x="{start}" y="5" width="{max(0.5, end - start)}" height="{BAR_H - 10}" '
                 f'fill="{colour}"/>')
    if bar.interval:
        lo, hi = x(bar.interval[0]), x(bar.interval[1])
        mid = BAR_H / 2
        parts.append(f'<line class="whisker" x1="{lo}" y1="{mid}" x2="{hi}" y2="{mid}" stroke="#1f3b73" stroke-width="1.5"/>')
    if bar.signed:
        parts.append(f'<line x1="{x(0)}" y1="0" x2="{x(0)}" y2="{BAR_H}" stroke="#333"/>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_svg(bins: list[tuple[int, int, int]], title: str) -> str:
    top = max((n for _, _, n in bins), default=0) or 1
    left, bottom, plot_h = 40, 22, HIST_H - 32
    width = (HIST_W - left - 10) / max(1, len(bins))
    parts = [f'<svg class="histogram" width="{HIST_W}" height="{HIST_H}" viewBox="0 0 {HIST_W} {HIST_H}" role="img">',
             f"<title>{escape(title)}</title>",
             f'<line x1="{left}" y1="{HIST_H - bottom}" x2="{HIST_W - 10}" y2="{HIST_H - bottom}" stroke="#888"/>',
             f'<text x="{left - 4}" y="{HIST_H - bottom - plot_h + 8}" text-anchor="end">{top}</text>',
             f'<text x="{left - 4}" y="{HIST_H - bottom}" text-anchor="end">0</text>']
    for i, (low, high, n) in enumerate(bins):
        h = round(plot_h * n / top, 2)
        x = round(left + i * width + 1, 2)
        label = f"{low}–{high} actions: {n} games" if low != high else f"{low} actions: {n} games"
        parts.append(f'<rect class="bin" x="{x}" y="{round(HIST_H - bottom - h, 2)}" width="{round(max(1.0, width - 2), 2)}" '
                     f'height="{h}" fill="#4a7bb7"><title>{escape(label)}</title></rect>')
    if bins:
        parts.append(f'<text x="{left}" y="{HIST_H - 6}">{bins[0][0]}</text>')
        parts.append(f'<text x="{HIST_W - 10}" y="{HIST_H - 6}" text-anchor="end">{bins[-1][1]} actions</text>')
    parts.append("</svg>")
    return "".join(parts)


def section_html(s: Section) -> str:
    with_bars = any(b is not None for b in s.bars)
    out = [f"<section><h2>{escape(s.title)}</h2>"]
    if s.histogram:
        out.append(histogram_svg(s.histogram, s.title))
    out.append("<table><thead><tr>" + "".join(f"<th>{escape(c)}</th>" for c in s.columns)
               + ("<th></th>" if with_bars else "") + "</tr></thead><tbody>")
    for row, bar in zip(s.rows, s.bars, strict=True):
        cells = "".join(f"<td>{escape(c)}</td>" for c in row)
        if with_bars:
            chart = bar_svg(bar, " · ".join(row)) if bar is not None else ""
            cells += f'<td class="chart">{chart}</td>'
        out.append(f"<tr>{cells}</tr>")
    out.append("</tbody></table>")
    if s.note:
        out.append(f'<p class="note">{escape(s.note)}</p>')
    out.append("</section>")
    return "".join(out)


def page(report: dict[str, Any]) -> str:
    lines = header(report)
    body = [f"<h1>{escape(lines[0])}</h1>"] + [f'<p class="meta">{escape(line)}</p>' for line in lines[1:]]
    line = verdict(report)
    if line:
        body.append(f'<p class="verdict">{escape(line)}</p>')
    body += [section_html(s) for s in sections(report)]
    title = f"Tabletop balance report: {report.get('title', report['game'])}"
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_page(report: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(page(report), encoding="utf-8")
