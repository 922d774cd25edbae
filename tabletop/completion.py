"""Shell completion for the ``tabletop`` command: game ids, bot kinds, variant keys and values,
and the save files of the saves folder (Typer ``autocompletion`` callbacks).

Typer calls these while the shell waits, so they are quick, quiet (no warnings: whatever they
print becomes a completion) and never raise: a registry or folder that cannot be read simply
offers nothing. Typer keeps only the candidates that start with what was typed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

Candidates = list[tuple[str, str]]


def _quietly(build: Any) -> Candidates:
    try:
        return list(build())
    except Exception:  # completion must never show a traceback in the middle of a command line
        return []


def _spec(ctx: typer.Context) -> Any:
    """The spec of the game named on the command line so far, or None.

    ``ctx.params`` has it, except while an option's value is being completed (``--variant <tab>``):
    the command's arguments then fail to parse and every parameter is None, so the words after the
    command name (kept by the parent group in ``ctx.parent.args``) are searched for a game id."""
    from . import games

    known = games.specs()
    game_id = ctx.params.get("game")
    if not isinstance(game_id, str) and ctx.parent is not None:
        game_id = next((word for word in ctx.parent.args if word in known), None)
    return known.get(game_id) if isinstance(game_id, str) else None


def complete_game(incomplete: str) -> Candidates:
    """Game ids, each with its title."""

    def build() -> Any:
        from . import games

        return ((gid, spec.title) for gid, spec in games.specs().items())

    return _quietly(build)


def complete_bot(ctx: typer.Context, incomplete: str) -> Candidates:
    """``SEAT=KIND`` for the game already typed; ``simulate`` also takes a bare kind."""

    def build() -> Any:
        spec = _spec(ctx)
        if spec is None:
            return
        kinds = sorted(spec.bots)
        if ctx.info_name == "simulate":
            yield from ((kind, f"{kind} bot in every seat") for kind in kinds)
        for seat in range(1, spec.max_players + 1):
            for kind in kinds:
                yield f"{seat}={kind}", f"seat {seat}: {kind} bot"

    return _quietly(build)


def complete_variant(ctx: typer.Context, incomplete: str) -> Candidates:
    """``KEY=`` for the game's options, then the values a choice or yes/no option takes."""

    def build() -> Any:
        spec = _spec(ctx)
        if spec is None:
            return
        key, sep, _ = incomplete.partition("=")
        for opt in spec.options:
            if not sep:
                yield f"{opt.key}=", f"{opt.label} (default {opt.default})"
            elif opt.key == key:
                yield from ((f"{opt.key}={value}", opt.label) for value in _values(opt))

    return _quietly(build)


def _values(opt: Any) -> list[Any]:
    """What an option can be set to: its choices, yes/no, or a short whole-number range."""
    if opt.kind == "choice":
        return list(opt.choices)
    if opt.kind == "bool":
        return ["yes", "no"]
    if opt.minimum is not None and opt.maximum is not None and opt.maximum - opt.minimum < 20:
        return list(range(opt.minimum, opt.maximum + 1))
    return [opt.default]


def _saves_folder(ctx: typer.Context) -> Path:
    from . import paths, settings

    flag = ctx.find_root().params.get("saves_dir")
    setting = settings.load(paths.settings_file()).settings.saves_dir
    return paths.resolve_saves_dir(flag, setting).path


def complete_save(ctx: typer.Context, incomplete: str) -> Candidates:
    """The save files of the saves folder (relative to the current folder when inside it), each
    with its game, players and progress."""

    def build() -> Any:
        from .engine.saves import scan

        cwd = Path.cwd()
        for info in scan(_saves_folder(ctx)):
            path = info.path if info.path.is_absolute() else cwd / info.path
            try:
                shown = str(path.relative_to(cwd))
            except ValueError:
                shown = str(path)
            label = info.error or f"{info.title} · {info.players} · {info.summary}"
            yield shown, " ".join(label.split())

    return _quietly(build)
