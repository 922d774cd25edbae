"""Shell completion for the ``tabletop`` command: game ids, bot kinds, variant keys and values,
and the save files of the saves folder (Typer ``autocompletion`` callbacks).

Typer calls these while the shell waits, so they are quick, quiet (no warnings: whatever they
print becomes a completion) and never raise: a registry or folder that cannot be read simply
offers nothing. Typer keeps only the candidates that start with what was typed.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

import typer

from .text.shell import _, bot_label

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

        return ((gid, _(spec.title)) for gid, spec in games.specs().items())

    return _quietly(build)


def complete_bot(ctx: typer.Context, incomplete: str) -> Candidates:
    """``SEAT=KIND`` for the game already typed; ``simulate`` also takes a bare kind."""

    def build() -> Any:
        spec = _spec(ctx)
        if spec is None:
            return
        kinds = sorted(spec.bots)
        if ctx.info_name == "simulate":
            yield from ((kind, _("{bot} in every seat").format(bot=bot_label(kind))) for kind in kinds)
        for seat in range(1, spec.max_players + 1):
            for kind in kinds:
                yield f"{seat}={kind}", _("seat {n}: {bot}").format(n=seat, bot=bot_label(kind))

    return _quietly(build)


def complete_variant(ctx: typer.Context, incomplete: str) -> Candidates:
    """``KEY=`` for the game's options, then the values a choice or yes/no option takes."""

    def build() -> Any:
        spec = _spec(ctx)
        if spec is None:
            return
        key, sep, _rest = incomplete.partition("=")
        for opt in spec.options:
            if not sep:
                yield f"{opt.key}=", _("{label} (default {default})").format(label=_(opt.label), default=opt.default)
            elif opt.key == key:
                yield from ((f"{opt.key}={value}", _(opt.label)) for value in _values(opt))

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
            from .text.render import summary_of

            label = info.error or f"{info.title} · {info.players} · {summary_of(info)}"
            yield shown, " ".join(label.split())

    return _quietly(build)


COMPLETE_VAR = "_TABLETOP_COMPLETE"


def _split_words(text: str) -> list[str]:
    """``COMP_WORDS`` split as Typer splits it (shell words; an unclosed quote ends the last one)."""
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    words: list[str] = []
    try:
        words.extend(lexer)
    except ValueError:
        words.append(lexer.token)
    return words


def rejoin_bash_words(environ: MutableMapping[str, str]) -> Callable[[str], str] | None:
    """Make bash's completion of ``KEY=VALUE`` words work; None when there is nothing to mend.

    bash splits the word being completed at ``=`` (it is in ``COMP_WORDBREAKS``): for
    ``--bot 2=h`` the program receives the words ``2``, ``=``, ``h`` and bash replaces only the
    ``h`` with what it gets back. Typer would see ``2`` as the option's value and ``=`` as a stray
    word, and offer nothing. So the pieces are glued back into the one word Typer expects (in
    ``environ``, before Typer reads it), and the function returned cuts each answer Typer prints
    (``2=heuristic``) down to the part bash replaces (``heuristic``)."""
    if environ.get(COMPLETE_VAR) != "complete_bash":
        return None
    words = _split_words(environ.get("COMP_WORDS", ""))
    try:
        cword = int(environ.get("COMP_CWORD", ""))
    except ValueError:
        return None
    current = words[cword] if 0 <= cword < len(words) else ""
    if current == "=" and cword >= 1:
        start, typed = cword - 1, ""  # "2=": bash replaces the empty text after "="
    elif cword >= 2 and words[cword - 1] == "=" and cword < len(words):
        start, typed = cword - 2, current  # "2=h": bash replaces "h"
    else:
        return None
    while start >= 2 and words[start - 1] == "=":  # "--variant=dice=y": one word for Typer
        start -= 2
    if start < 1:
        return None
    glued = "".join(words[start:cword + 1])
    environ["COMP_WORDS"] = "\n".join([*words[:start], glued, *words[cword + 1:]])
    environ["COMP_CWORD"] = str(start)
    kept = glued[:len(glued) - len(typed)]  # what stays on the command line, up to the last "="
    # what Typer completes: the whole word, or the value of "--option=value"
    offered = glued.partition("=")[2] if glued.startswith("-") else glued
    head = glued[:len(glued) - len(offered)]

    def cut(output: str) -> str:
        answers = (head + line for line in output.splitlines() if line)
        return "".join(f"{answer[len(kept):]}\n" for answer in answers if answer.startswith(kept))

    return cut
