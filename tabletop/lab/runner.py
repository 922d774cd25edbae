"""Play many seeded bot games, on every core, and reduce them to small per-game records.

Why it is shaped like this:

- Games are split by seed into chunks of consecutive seeds; a pool of worker processes plays the
  chunks and ``imap`` hands them back *in seed order*, so the tallies are added in the same order
  whatever the number of jobs, and ``--jobs 1`` and ``--jobs N`` give the same report.
- A worker returns a ``Record`` per game (winners, length, end reason key, a few labels and card
  names), never a state, and the parent only keeps running tallies: memory stays flat however many
  games are played. Workers are also replaced every ``MAX_CHUNKS_PER_WORKER`` chunks, so nothing a
  game module caches can pile up over a long run.
- With ``--vs`` every seed is played under both setups in the same task, so the parent pairs the
  two outcomes of a seed as they arrive, without keeping a list of games.
- With ``--alternate`` every seed is also played once per rotation of the seats' bot kinds (a
  2-player duel: once each way round), in the same task; arrangement r of A pairs with
  arrangement r of B. Each record carries the kinds it was played with, for the wins by kind.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, NamedTuple

from .. import games
from ..engine import Match, Seat
from ..text.render import for_match
from .hooks import Hooks, hooks_for
from .setups import Setup, SimulationError, arrangements
from .tally import PairedTally, Tally

MAX_CHUNKS_PER_WORKER = 40
"""Chunks a worker plays before it is replaced by a fresh process."""
MAX_CHUNK = 20
"""Most games in one chunk: small enough for a live progress bar on slow games."""

Progress = Callable[[int], None]
"""Called with the number of games just finished (all setups counted)."""


class Record(NamedTuple):
    """What a worker sends back for one game: small, picklable, no state."""

    finished: bool
    winners: tuple[int, ...]
    top_score: float | None
    reason: str
    length: int
    groups: tuple[tuple[str, tuple[str, ...]], ...]
    cards: tuple[tuple[str, bool], ...]
    kinds: tuple[str, ...] = ()
    """The bot kind of each seat in this game (its seat arrangement)."""


def play_one(setup: Setup, seed: int, hooks: Hooks) -> Record:
    """One whole game, bots on every seat, reduced to its record."""
    game = games.game(setup.game_id)
    seats = [Seat(f"{kind} {s + 1}", kind) for s, kind in enumerate(setup.kinds)]
    match = Match.start(game, seats, setup.option_dict, seed=seed)
    if setup.think_ms is not None:
        for seat in range(len(seats)):
            bot = match.bot(seat)
            if hasattr(bot, "think_ms"):
                # a fixed CPU budget and no wall-clock cap: a loaded machine slows the run down
                # but does not weaken the search
                bot.think_ms, bot.wall_ms = setup.think_ms, None  # type: ignore[union-attr]
    limit = game.spec.max_steps
    while match.decision() is not None and len(match.actions) < limit:
        match.bot_step()
    result = match.result()
    length = len(match.actions)
    if result is None:
        return Record(False, (), None, "", length, (), (), setup.kinds)
    groups = hooks.seat_groups(match.state) if hooks.seat_groups else {}
    cards = hooks.card_tally(match.state, match.actions, result.winners) if hooks.card_tally else []
    return Record(
        finished=True,
        winners=tuple(result.winners),
        top_score=max(result.scores) if result.scores else None,
        reason=hooks.reason_key(for_match(match, lang="en").text(result.reason), result.reason),
        length=length,
        groups=tuple((dim, tuple(labels)) for dim, labels in groups.items()),
        cards=tuple(cards),
        kinds=setup.kinds,
    )


def play_chunk(task: tuple[tuple[Setup, ...], range]) -> list[tuple[Record, ...]]:
    """A worker's task: every seed of the range under every setup, in every seat arrangement
    (setup-major: A's arrangements, then B's)."""
    setups, seeds = task
    hooks = hooks_for(setups[0].game_id)
    count = arrangements(setups)
    played = [replace(setup, kinds=setup.arranged(r)) for setup in setups for r in range(count)]
    return [tuple(play_one(setup, seed, hooks) for setup in played) for seed in seeds]


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def chunks(first: int, n_games: int, jobs: int) -> list[range]:
    """Consecutive seed ranges: about forty per job (an even load and a live progress bar),
    at most ``MAX_CHUNK`` games each."""
    size = max(1, min(MAX_CHUNK, n_games // (jobs * 40) or 1))
    return [range(s, min(s + size, first + n_games)) for s in range(first, first + n_games, size)]


def _context() -> Any:
    # fork keeps what the parent registered (tests register a kernel game) and starts fast;
    # elsewhere (no fork) the default start method is used
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _worker_init() -> None:
    # Ctrl-C is the parent's to handle (it ends the pool): workers never print a traceback for it
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(setups: tuple[Setup, ...], parts: list[range], jobs: int) -> Iterator[list[tuple[Record, ...]]]:
    if jobs <= 1:
        for part in parts:
            yield play_chunk((setups, part))
        return
    pool = _context().Pool(processes=jobs, initializer=_worker_init, maxtasksperchild=MAX_CHUNKS_PER_WORKER)
    try:
        yield from pool.imap(play_chunk, [(setups, part) for part in parts])
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def check_setup(setup: Setup, seed: int) -> None:
    """Start one game in this process, so that a setup the game refuses (say, a versus option for
    one seat) is one clear error before any worker starts."""
    game = games.game(setup.game_id)
    try:
        Match.start(game, [Seat(f"{k} {i + 1}", k) for i, k in enumerate(setup.kinds)], setup.option_dict, seed=seed)
    except ValueError as exc:
        raise SimulationError(f"{setup.label if setup.label != 'A' else game.spec.id}: {exc}") from None


def run(setups: tuple[Setup, ...], n_games: int, seed: int, jobs: int,
        progress: Progress | None = None) -> tuple[list[Tally], PairedTally | None, float]:
    """Play seeds ``seed .. seed + n_games - 1`` under every setup (in every seat arrangement with
    ``--alternate``); the tallies, the pairing of the first two setups (if two) and the wall time
    in seconds."""
    if n_games < 1:
        raise SimulationError("--games must be at least 1")
    if jobs < 1:
        raise SimulationError("--jobs must be at least 1")
    count = arrangements(setups)
    for setup in setups:
        for r in range(count):
            check_setup(replace(setup, kinds=setup.arranged(r)), seed)
    players = len(setups[0].kinds)
    tallies = [Tally(players) for _ in setups]
    paired = PairedTally(players) if len(setups) == 2 else None
    parts = chunks(seed, n_games, jobs)
    jobs = min(jobs, len(parts))
    start = time.perf_counter()
    for batch in _results(setups, parts, jobs):
        for records in batch:
            for i, record in enumerate(records):
                tallies[i // count].add(record)
            if paired is not None:
                for r in range(count):
                    paired.add(records[r], records[count + r])
        if progress is not None:
            progress(len(batch) * len(setups) * count)
    return tallies, paired, time.perf_counter() - start
