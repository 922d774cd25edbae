"""``tabletop --help`` (and ``tabletop <command> -h``) without importing Typer.

Why: a help request is the one command people run to look around, and importing Typer alone
costs more than everything else it does. The help pages are Typer's own output, rendered once per
language by ``python -m tabletop.help_fast --write`` into ``help_pages.py`` (a plain dict, cheap to
import) and printed from there when the command line is nothing but a help request. A test
renders every page through Typer again and fails if one differs by a byte, so a page can never
go stale; ``make messages`` rewrites them with the catalogs.

The shortcut is taken only where the stored page is exactly what Typer would print:

* the words are ``[--lang L] [COMMAND] (-h | --help)`` and nothing else, with a known command and
  a valid language (a bad one goes to Typer, which explains it);
* the program is called ``tabletop`` (``python -m tabletop`` prints another usage line);
* the terminal is at least 80 columns wide (Click wraps help to ``min(columns, 80) - 2``);
* no shell completion is being asked (``_TABLETOP_COMPLETE``), and ``TABLETOP_TYPER_HELP`` is not
  set (the switch the page writer and its test use to reach Typer).

Anything else returns None and the command line goes to Typer as before.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence

HELP_FLAGS = ("-h", "--help")
TYPER_SWITCH = "TABLETOP_TYPER_HELP"
"""Set (to anything) to send help requests to Typer: how the pages are rendered and checked."""
COMPLETE_VAR = "_TABLETOP_COMPLETE"
MIN_COLUMNS = 80
"""Click's help width is ``max(min(columns, 80) - 2, 50)``: the same 78 for every width from 80 up."""
PROGRAM = "tabletop"


def terminal_columns(environ: Mapping[str, str]) -> int:
    """The terminal's width as ``shutil.get_terminal_size()`` (which Click asks) computes it:
    ``COLUMNS`` if it is a positive number, else the width of ``sys.__stdout__``, else 80.
    Written out because importing ``shutil`` costs more than the whole page."""
    try:
        columns = int(environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


def request(words: Sequence[str]) -> tuple[str | None, str] | None:
    """``(--lang value or None, command or "")`` if ``words`` (after the program name) ask for
    one help page and nothing else; None otherwise."""
    rest = list(words)
    lang: str | None = None
    if rest and rest[0].startswith("--lang="):
        lang = rest.pop(0).partition("=")[2]
    elif len(rest) >= 2 and rest[0] == "--lang":
        lang = rest[1]
        rest = rest[2:]
    if not rest or rest[-1] not in HELP_FLAGS:
        return None
    if len(rest) == 1:
        return lang, ""
    if len(rest) == 2 and not rest[0].startswith("-"):
        return lang, rest[0]
    return None


def remembered_language() -> str | None:
    """The ``language`` of the settings file, read quietly (a bad file warns later, once)."""
    from . import paths, settings

    return settings.load(paths.settings_file()).settings.language or None


def page(argv: Sequence[str], environ: Mapping[str, str]) -> str | None:
    """The help page ``argv`` asks for, exactly as Typer prints it; None if Typer must answer."""
    if TYPER_SWITCH in environ or COMPLETE_VAR in environ or len(argv) < 2:
        return None
    if os.path.basename(argv[0]) != PROGRAM:
        return None
    asked = request(argv[1:])
    if asked is None:
        return None
    explicit, command = asked
    from .text.language import LANGUAGES, detect

    if explicit is not None and explicit.strip().lower() not in LANGUAGES:
        return None  # Typer refuses it in one line, in the language it would have used
    from .help_pages import PAGES

    decided = explicit or environ.get("TABLETOP_LANG", "").strip().lower() in LANGUAGES
    pages = PAGES.get(detect(explicit, environ, setting=None if decided else remembered_language()))
    if pages is None or command not in pages:
        return None
    if terminal_columns(environ) < MIN_COLUMNS:
        return None
    return pages[command]


def answer() -> bool:
    """Print the page if this command line is a plain help request (the CLI then exits 0)."""
    text = page(sys.argv, os.environ)
    if text is None:
        return False
    sys.stdout.write(text)
    sys.stdout.flush()
    return True


def render(lang: str, command: str, python: str | None = None) -> str:
    """Typer's help page for ``command`` ("" for the top level) in ``lang``, from a fresh
    interpreter exactly as the ``tabletop`` script runs it (80 columns, fast path off)."""
    import subprocess

    code = ("import sys\nfrom tabletop.cli import main\nsys.argv[0] = 'tabletop'\nmain()\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "LC_", "LANG"))}
    env.update({"COLUMNS": "80", TYPER_SWITCH: "1", "PYTHONIOENCODING": "utf-8"})
    args = ["--lang", lang, *([command] if command else []), "--help"]
    done = subprocess.run([python or sys.executable, "-c", code, *args], capture_output=True, env=env,
                          check=True)
    return done.stdout.decode("utf-8")


def commands() -> list[str]:
    """The top-level commands of the CLI, in the order Typer lists them."""
    from .cli import command

    return list(command().commands)  # type: ignore[attr-defined]


def module_text(pages: dict[str, dict[str, str]]) -> str:
    """The source of ``help_pages.py`` holding ``pages``."""
    lines = ['"""Typer\'s help pages, per language and command ("" = the top level): written by',
             '``python -m tabletop.help_fast --write``, checked by ``tests/test_help_fast.py``; do not edit."""',
             "", "PAGES: dict[str, dict[str, str]] = {"]
    for lang, by_command in pages.items():
        lines.append(f"    {lang!r}: {{")
        for command, text in by_command.items():
            lines.append(f"        {command!r}: (")  # one source line per printed line: readable diffs
            lines.extend(f"            {line!r}" for line in text.splitlines(keepends=True))
            lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def rendered_pages() -> dict[str, dict[str, str]]:
    from .text.language import LANGUAGES

    names = ["", *commands()]
    return {lang: {name: render(lang, name) for name in names} for lang in LANGUAGES}


def main() -> None:
    from pathlib import Path

    target = Path(__file__).with_name("help_pages.py")
    text = module_text(rendered_pages())
    if "--check" in sys.argv[1:]:
        if target.read_text(encoding="utf-8") != text:
            sys.exit(f"{target.name} is out of date: run python -m tabletop.help_fast --write")
        return
    if "--write" in sys.argv[1:]:
        target.write_text(text, encoding="utf-8")
        return
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
