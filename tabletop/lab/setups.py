"""What a simulation plays: the game, the bot of each seat, the options; and ``--vs`` changes.

A ``Setup`` is built once from the command line, validated against the game's spec, and sent to
the worker processes (it is small and picklable). ``--vs`` items describe a second setup, the first
with some changes, so that one run plays every seed under both and can pair the results:

- ``bot=KIND``           every seat plays the KIND bot;
- ``bot:SEAT=KIND``      seat SEAT (1 = first) plays the KIND bot;
- ``option:KEY=VALUE``   game option KEY is VALUE (``variant:KEY=VALUE`` is the same).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from .. import games

VS_SYNTAX = "bot=KIND, bot:SEAT=KIND or option:KEY=VALUE"


class SimulationError(ValueError):
    """Bad arguments for a simulation (unknown game, bot, player count, option, --vs item)."""


@dataclass(frozen=True)
class Setup:
    game_id: str
    kinds: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    label: str = "A"
    think_ms: float | None = None
    """CPU milliseconds per decision for the search bots (``None``: their default budget)."""
    alternate: bool = False
    """Play every seed once per rotation of the seats' bot kinds (``--alternate``), so that every
    kind plays every seat equally often on the same seeds."""

    @property
    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def arranged(self, shift: int) -> tuple[str, ...]:
        """The bot kinds rotated ``shift`` seats: seat ``s`` plays the kind of seat ``s - shift``."""
        n = len(self.kinds)
        return tuple(self.kinds[(s - shift) % n] for s in range(n))

    @property
    def period(self) -> int:
        """How many distinct rotations the kinds have (1 when every seat plays the same bot)."""
        return next(r for r in range(1, len(self.kinds) + 1) if self.arranged(r) == self.kinds)


def arrangements(setups: tuple[Setup, ...]) -> int:
    """Seat arrangements each seed is played in: 1, or with ``--alternate`` the least common
    multiple of the setups' periods (a divisor of the seat count), so that the n-th arrangement of
    A and of B are the same rotation and can be paired, and every kind plays every seat equally."""
    if not setups[0].alternate:
        return 1
    return math.lcm(*(s.period for s in setups))


def _spec(game_id: str) -> Any:
    try:
        return games.spec(game_id)
    except ValueError as exc:
        raise SimulationError(str(exc)) from None


def _check_kind(spec: Any, kind: str) -> str:
    if kind not in spec.bots:
        raise SimulationError(f"{spec.title} has no {kind!r} bot (bots: {', '.join(sorted(spec.bots))})")
    return kind


def _seat(key: str, players: int, what: str) -> int:
    if not (key.isascii() and key.isdigit()) or not 1 <= int(key) <= players:
        raise SimulationError(f"{what} seat {key!r} must be from 1 to {players}")
    return int(key) - 1


def build_setup(game_id: str, players: int | None, bots: list[str], variants: dict[str, str]) -> Setup:
    """The first setup from ``--players``, ``--bot`` (KIND for every seat, or SEAT=KIND) and ``--variant``."""
    spec = _spec(game_id)
    count = players if players is not None else spec.min_players
    try:
        spec.check_players(count)
        options = spec.resolve_options(variants)
    except ValueError as exc:
        raise SimulationError(str(exc)) from None
    kinds = ["random"] * count
    for item in bots:
        key, sep, value = item.partition("=")
        if sep:
            kinds[_seat(key, count, "--bot")] = value
        else:
            kinds = [item] * count
    for kind in kinds:
        _check_kind(spec, kind)
    return Setup(game_id, tuple(kinds), tuple(options.items()))


def apply_vs(base: Setup, items: list[str]) -> Setup:
    """The second setup: ``base`` with the ``--vs`` changes (see the module docstring)."""
    spec = _spec(base.game_id)
    kinds = list(base.kinds)
    given: dict[str, str] = {}
    for item in items:
        head, sep, value = item.partition("=")
        what, colon, key = head.partition(":")
        what, key, value = what.strip(), key.strip(), value.strip()
        if not sep or not value:
            raise SimulationError(f"--vs {item!r} must be {VS_SYNTAX}")
        if what == "bot" and not colon:
            kinds = [_check_kind(spec, value)] * len(kinds)
        elif what == "bot" and key:
            kinds[_seat(key, len(kinds), "--vs bot:")] = _check_kind(spec, value)
        elif what in ("option", "variant") and key:
            given[key] = value
        else:
            raise SimulationError(f"--vs {item!r} must be {VS_SYNTAX}")
    try:
        parsed = spec.resolve_options(given)
    except ValueError as exc:
        raise SimulationError(f"--vs: {exc}") from None
    options = {**base.option_dict, **{k: parsed[k] for k in given}}
    other = replace(base, kinds=tuple(kinds), options=tuple(options.items()), label=", ".join(items))
    if other.kinds == base.kinds and other.options == base.options:
        raise SimulationError(f"--vs {' '.join(items)!r} changes nothing: both sides would play the same games")
    return other
