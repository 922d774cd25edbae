"""The balance report in the terminal, and the progress bar of a run: the lab's only Rich module.

It draws ``figures.sections`` as Rich tables with a bar per row (the 95 % interval shaded behind
the bar) and game lengths as a sparkline, so the terminal shows exactly what ``--json`` and the HTML
page show.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from .figures import Bar, Section, header, sections, verdict

BAR_WIDTH = 24
SPARKS = "▁▂▃▄▅▆▇█"


@contextmanager
def progress_bar(title: str, total: int) -> Iterator[Callable[[int], None]]:
    """A bar on stderr over all the games of all jobs; yields ``advance(games)``.

    No refresh thread (``auto_refresh=False``): the bar is redrawn as results arrive, and the
    parent stays single-threaded while worker processes are forked."""
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TextColumn("eta"), TimeRemainingColumn(), console=Console(stderr=True), transient=True,
                   auto_refresh=False)
    task = bar.add_task(title, total=total)
    bar.start()

    def advance(games: int) -> None:
        bar.update(task, advance=games)
        bar.refresh()

    try:
        yield advance
    finally:
        bar.stop()


def bar_text(bar: Bar, width: int = BAR_WIDTH) -> Text:
    """A horizontal bar: the rate filled, its interval shaded; a difference grows from the middle."""
    text = Text()
    low, high = bar.interval if bar.interval else (bar.value, bar.value)
    for i in range(width):
        if bar.signed:
            x = -1 + 2 * (i + 0.5) / width
            filled = (0 <= x <= bar.value) or (bar.value <= x <= 0)
        else:
            x = (i + 0.5) / width
            filled = x <= bar.value
        shaded = low <= x <= high
        char = "█" if filled else ("│" if bar.signed and abs(x) < 1 / width else " ")
        style = ("green" if not bar.signed or bar.value >= 0 else "red") if filled else ""
        if shaded:
            style = f"{style} on grey30".strip()
        text.append(char, style=style)
    return text


def sparkline(bins: list[tuple[int, int, int]]) -> Text:
    top = max((n for _, _, n in bins), default=0)
    text = Text()
    for _, _, n in bins:
        text.append(" " if not n else SPARKS[min(len(SPARKS) - 1, (n * len(SPARKS) - 1) // top)], style="cyan")
    return text


def section_table(s: Section, bar_width: int = BAR_WIDTH) -> Table:
    table = Table(title=Text(s.title, style="bold"), title_justify="left", caption=Text(s.note) if s.note else None,
                  caption_justify="left")
    for i, column in enumerate(s.columns):
        # figures never wrap or get cut; only the first column (names) may wrap
        table.add_column(Text(column), justify="left" if i == 0 else "right", no_wrap=i > 0)
    with_bars = any(b is not None for b in s.bars)
    if with_bars:
        table.add_column("", no_wrap=True, min_width=bar_width)
    for row, bar in zip(s.rows, s.bars, strict=True):
        cells: list[Any] = [Text(c) for c in row]
        if with_bars:
            cells.append(bar_text(bar, bar_width) if bar is not None else Text(""))
        table.add_row(*cells)
    return table


def draw(report: dict[str, Any], console: Console) -> None:
    for i, line in enumerate(header(report)):
        console.print(Text(line, style="bold" if i == 0 else ""))
    line = verdict(report)
    if line:
        console.print(Text(line, style="bold yellow"))
    bar_width = BAR_WIDTH if console.width >= 120 else 12
    for s in sections(report):
        console.print()
        console.print(section_table(s, bar_width))
        if s.histogram:
            spark = sparkline(s.histogram)
            first, last = s.histogram[0][0], s.histogram[-1][1]
            console.print(Text.assemble(f"  {first} ", spark, f" {last}  "),
                          Text(f"({len(s.histogram)} bins of {s.histogram[0][1] - first + 1} actions)", style="dim"))


def print_report(report: dict[str, Any], width: int | None = None) -> None:
    draw(report, Console(width=width))


def report_text(report: dict[str, Any], width: int = 160) -> str:
    """The terminal report as plain text (tests compare its figures with the JSON)."""
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    draw(report, console)
    return console.export_text()
