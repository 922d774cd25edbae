"""The ``tabletop`` command's help in the table's language.

Typer fixes every help text when the command is declared, in English: the declarations mark them
with ``N_`` (so Babel extracts them) and :func:`localize` translates the built command tree in
place just before it runs, after the language is known (``cli.main`` guesses it from the command
line and the environment before parsing; the eager ``--lang`` option re-does it when given). The
help formatter translates the headings and the few texts Typer and its Click add themselves.

Kept free of Textual and Rich, like the rest of the CLI's start-up path.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

try:  # Typer 0.2x vendors its Click; older Typers use Click itself
    from typer._click.core import Command, Context
    from typer._click.formatting import HelpFormatter
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import Command, Context, HelpFormatter  # type: ignore[assignment,no-redef]

from .text.shell import N_, _

BUILT_IN = (
    N_("Usage: "), N_("OPTIONS"), N_("COMMAND [ARGS]..."), N_("Arguments"), N_("Options"), N_("Commands"),
    N_("required"), N_("default"),
    N_("Show this message and exit."), N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
"""Texts the command's help shows that Typer and Click write themselves (Click's are English only)."""


class LocalFormatter(HelpFormatter):
    """Click's formatter, with its headings and built-in texts in the current language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        args = args.replace("[OPTIONS]", f"[{_('OPTIONS')}]").replace("COMMAND [ARGS]...", _("COMMAND [ARGS]..."))
        super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

    def section(self, name: str) -> Any:
        return super().section(_(name))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl([(term, _local_definition(text)) for term, text in rows], col_max, col_spacing)


def _local_definition(text: str) -> str:
    text = _(text)
    return text.replace("[required]", f"[{_('required')}]").replace("[default: ", f"[{_('default')}: ")


class LocalContext(Context):
    formatter_class = LocalFormatter


def _commands(command: Command) -> Iterator[Command]:
    yield command
    for sub in (getattr(command, "commands", None) or {}).values():  # a group's subcommands
        yield from _commands(sub)


def _translate(obj: Any, attr: str) -> None:
    """``obj.attr`` in the current language; the English text is kept beside it, so a second
    call (another language) starts again from English."""
    memo = f"_tabletop_en_{attr}"
    if not hasattr(obj, memo):
        setattr(obj, memo, getattr(obj, attr, None))
    english = getattr(obj, memo)
    if isinstance(english, str):
        setattr(obj, attr, _(english))


def localize(command: Command, ctx: Context | None = None) -> Command:
    """Translate the help texts of ``command`` and every subcommand, in place; ``ctx`` (a context
    already made, for the eager ``--lang``) gets the translating formatter too."""
    for cmd in _commands(command):
        cmd.context_class = LocalContext
        _translate(cmd, "help")
        _translate(cmd, "short_help")
        for param in cmd.params:
            _translate(param, "help")
    if ctx is not None:
        ctx.formatter_class = LocalFormatter
    return command
