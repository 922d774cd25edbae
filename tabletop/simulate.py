"""Headless bot-versus-bot games: for balance figures, benchmarks and the ``simulate`` command.

Results are a pure function of (game, seats, options, seeds): two runs with the same arguments give
the same report apart from the fields under ``timing``, whatever the number of jobs. The work is
done by ``tabletop.lab`` (runner, tallies, statistics); the terminal report and its progress bar
are in ``tabletop.lab.render`` (the only module that uses Rich), the HTML page in ``tabletop.lab.page``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import games
from .lab.hooks import hooks_for
from .lab.runner import Progress, default_jobs, run
from .lab.setups import SimulationError, apply_vs, arrangements, build_setup

__all__ = ["SimulationError", "run_simulation", "print_report", "write_html", "default_jobs"]


def run_simulation(game_id: str, n_games: int, players: int | None, bots: list[str], seed: int,
                   variants: dict[str, str], *, progress: bool | Progress = False, jobs: int = 1,
                   vs: list[str] | None = None, vs_seat: int = 1, think_ms: float | None = None,
                   alternate: bool = False) -> dict[str, Any]:
    """Play ``n_games`` seeded games (seed, seed+1, ...) and return the report as plain JSON data.

    ``progress``: True for a Rich bar on stderr, or a callback given the games just finished.
    ``vs``: changes for a second setup played on the same seeds (see ``tabletop.lab.setups``);
    ``vs_seat`` (1 = first) is the seat whose paired difference of win rates the report leads with.
    ``think_ms``: CPU milliseconds per decision for search bots (their choices then depend on the
    machine's speed, so two runs may differ slightly).
    ``alternate``: play every seed once per rotation of the seats' bot kinds (a duel: once each way
    round), so every kind plays every seat equally; ``games`` is then seeds × arrangements, and
    ``wins_by_kind`` (always there) is the figure to read.
    """
    if think_ms is not None and think_ms <= 0:
        raise SimulationError("--think-ms must be a positive number of milliseconds")
    base = replace(build_setup(game_id, players, bots, variants), think_ms=think_ms, alternate=alternate)
    setups = (base,) if not vs else (base, apply_vs(base, vs))
    seats = len(base.kinds)
    if not 1 <= vs_seat <= seats:
        raise SimulationError(f"--vs-seat must be from 1 to {seats}")
    hooks = hooks_for(game_id)
    spec = games.spec(game_id)
    count = arrangements(setups)
    if progress is True:
        from .lab.render import progress_bar

        with progress_bar(spec.title, n_games * len(setups) * count) as advance:
            tallies, paired, elapsed = run(setups, n_games, seed, jobs, advance)
    else:
        tallies, paired, elapsed = run(setups, n_games, seed, jobs, progress or None)
    played = n_games * len(setups) * count
    actions = sum(sum(v * k for v, k in t.lengths.items()) for t in tallies)
    report: dict[str, Any] = {
        "game": game_id,
        "title": spec.title,
        "players": seats,
        "bots": list(base.kinds),
        "options": base.option_dict,
        "games": n_games * count,
        "seeds": n_games,
        "arrangements": count,
        "seed": seed,
        "think_ms": think_ms,
        **tallies[0].figures(hooks.tally_title, hooks.tally_rate),
        "timing": {
            "seconds": round(elapsed, 3),
            "jobs": jobs,
            "games_per_s": round(played / elapsed, 2) if elapsed else None,
            "actions_per_s": round(actions / elapsed, 1) if elapsed else None,
        },
    }
    if paired is not None:
        other = setups[1]
        by_seat = paired.figures()
        report["vs"] = {
            "changes": list(vs or []),
            "bots": list(other.kinds),
            "options": other.option_dict,
            **tallies[1].figures(hooks.tally_title, hooks.tally_rate),
            "paired_seat": vs_seat,
            "paired": by_seat[str(vs_seat)],
            "paired_by_seat": by_seat,
        }
    return report


def print_report(report: dict[str, Any], width: int | None = None) -> None:
    """The report drawn in the terminal (Rich tables, bars and a length sparkline)."""
    from .lab.render import print_report as draw

    draw(report, width=width)


def write_html(report: dict[str, Any], path: Any) -> None:
    """The same report as one self-contained HTML page (inline SVG charts, no scripts)."""
    from .lab.page import write_page

    write_page(report, path)
