"""Headless bot-versus-bot games: for balance figures, benchmarks and the ``simulate`` command.

Results are a pure function of (game, seats, options, seeds): two runs with the same arguments give
the same report apart from the fields under ``timing``.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from . import games
from .engine import Match, Seat


class SimulationError(ValueError):
    """Bad arguments for a simulation (unknown game, bot, player count, option)."""


def _seat_kinds(spec: Any, players: int, bots: list[str]) -> list[str]:
    kinds = ["random"] * players
    for item in bots:
        key, sep, value = item.partition("=")
        if sep:
            if not (key.isascii() and key.isdigit()) or not 1 <= int(key) <= players:
                raise SimulationError(f"--bot seat {key!r} must be from 1 to {players}")
            kinds[int(key) - 1] = value
        else:
            kinds = [item] * players
    for kind in kinds:
        if kind not in spec.bots:
            raise SimulationError(f"{spec.title} has no {kind!r} bot (bots: {', '.join(sorted(spec.bots))})")
    return kinds


def run_simulation(game_id: str, n_games: int, players: int | None, bots: list[str], seed: int,
                   variants: dict[str, str], *, progress: bool = False) -> dict[str, Any]:
    try:
        spec = games.spec(game_id)
        game = games.game(game_id)
        count = players if players is not None else spec.min_players
        spec.check_players(count)
        options = spec.resolve_options(variants)
    except ValueError as exc:
        raise SimulationError(str(exc)) from None
    kinds = _seat_kinds(spec, count, bots)
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    lengths: list[int] = []
    unfinished = 0
    start = time.perf_counter()
    bar = None
    if progress:
        from rich.console import Console
        from rich.progress import Progress

        bar = Progress(transient=True, console=Console(stderr=True))
        bar.start()
        task = bar.add_task(f"{spec.title}", total=n_games)
    try:
        for i in range(n_games):
            seats = [Seat(f"{kind} {s + 1}", kind) for s, kind in enumerate(kinds)]
            match = Match.start(game, seats, options, seed=seed + i)
            while match.decision() is not None and len(match.actions) < spec.max_steps:
                match.bot_step()
            result = match.result()
            lengths.append(len(match.actions))
            if result is None:
                unfinished += 1
            else:
                reasons[result.reason] += 1
                for w in result.winners:
                    wins[w] += 1
            if bar is not None:
                bar.advance(task)
    finally:
        if bar is not None:
            bar.stop()
    elapsed = time.perf_counter() - start
    actions = sum(lengths)
    return {
        "game": game_id,
        "players": count,
        "bots": kinds,
        "options": options,
        "games": n_games,
        "seed": seed,
        "unfinished": unfinished,
        "wins_by_seat": {str(s + 1): wins.get(s, 0) for s in range(count)},
        "win_rate_by_seat": {str(s + 1): round(wins.get(s, 0) / n_games, 4) for s in range(count)},
        "end_reasons": dict(sorted(reasons.items())),
        "mean_length": round(actions / n_games, 2),
        "timing": {
            "seconds": round(elapsed, 3),
            "games_per_s": round(n_games / elapsed, 2) if elapsed else None,
            "actions_per_s": round(actions / elapsed, 1) if elapsed else None,
        },
    }


def print_report(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    t = report["timing"]
    console.print(f"[bold]{report['game']}[/] · {report['games']} games · {report['players']} seats "
                  f"({', '.join(report['bots'])}) · seed {report['seed']}")
    console.print(f"{t['games_per_s']} games/s · {t['actions_per_s']} actions/s · "
                  f"mean length {report['mean_length']} actions · unfinished {report['unfinished']}")
    table = Table("seat", "bot", "wins", "win rate")
    for seat, wins in report["wins_by_seat"].items():
        table.add_row(seat, report["bots"][int(seat) - 1], str(wins), f"{report['win_rate_by_seat'][seat]:.1%}")
    console.print(table)
    for reason, count in report["end_reasons"].items():
        console.print(f"  {count:>5} × {reason}")
