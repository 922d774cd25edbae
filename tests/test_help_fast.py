"""The help pages answered without Typer (``tabletop.help_fast``) are Typer's, byte for byte,
and the shortcut is taken only where that holds."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import help_fast
from tabletop.help_pages import PAGES

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ("import sys\nsys.argv[0] = 'tabletop'\nfrom tabletop.launch import main\n"
          "try:\n    main()\nfinally:\n    print(json.dumps('typer' in sys.modules), file=sys.stderr)\n")


def run_script(args: list[str], **env: str) -> tuple[str, bool, int]:
    base = {k: v for k, v in __import__("os").environ.items()
            if not k.startswith(("TABLETOP_", "LC_", "LANG", "_TABLETOP"))}
    base.update({"COLUMNS": "100", "PYTHONIOENCODING": "utf-8", **env})
    done = subprocess.run([sys.executable, "-c", "import json\n" + SCRIPT, *args], capture_output=True,
                          env=base, cwd=ROOT, timeout=60)
    return done.stdout.decode("utf-8"), json.loads(done.stderr.decode().strip().splitlines()[-1]), done.returncode


def test_stored_pages_are_what_typer_prints_now() -> None:
    """Every page, both languages, rendered through Typer again: a changed option or catalog
    entry fails here until ``python -m tabletop.help_fast --write`` (``make messages``) is run."""
    assert help_fast.rendered_pages() == PAGES


def test_every_command_has_a_page_in_every_language() -> None:
    assert set(PAGES) == {"en", "es"}
    for pages in PAGES.values():
        assert set(pages) == {"", *help_fast.commands()}


@pytest.mark.parametrize(("args", "lang", "command"), [
    (["--help"], "en", ""), (["-h"], "en", ""), (["--lang", "es", "--help"], "es", ""),
    (["--lang=es", "new", "-h"], "es", "new"), (["simulate", "--help"], "en", "simulate"),
])
def test_a_help_request_is_answered_without_typer(args: list[str], lang: str, command: str) -> None:
    out, typer_loaded, status = run_script(args)
    assert status == 0
    assert out == PAGES[lang][command]
    assert not typer_loaded


def test_the_language_comes_from_the_environment_as_in_typer() -> None:
    out, typer_loaded, _ = run_script(["--help"], TABLETOP_LANG="es")
    assert out == PAGES["es"][""] and not typer_loaded
    out, typer_loaded, _ = run_script(["--help"], LANG="es_ES.UTF-8")
    assert out == PAGES["es"][""] and not typer_loaded


def test_the_settings_language_is_read_when_nothing_else_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(help_fast, "remembered_language", lambda: "es")
    assert help_fast.page(["tabletop", "--help"], {}) == PAGES["es"][""]
    monkeypatch.setattr(help_fast, "remembered_language", lambda: pytest.fail("read the settings file"))
    assert help_fast.page(["tabletop", "--lang", "en", "--help"], {}) == PAGES["en"][""]
    assert help_fast.page(["tabletop", "--help"], {"TABLETOP_LANG": "en"}) == PAGES["en"][""]


@pytest.mark.parametrize(("argv", "environ"), [
    (["tabletop", "--help"], {"COLUMNS": "60"}),  # Click wraps narrower
    (["python -m tabletop", "--help"], {}),  # another usage line
    (["/usr/bin/python3", "--help"], {}),
    (["tabletop", "new", "superinmundos", "-h"], {}),  # more than a help request
    (["tabletop", "--ascii", "--help"], {}),
    (["tabletop", "--lang", "fr", "--help"], {}),  # Typer refuses it in one line
    (["tabletop", "nosuch", "--help"], {}),  # Typer says what is wrong
    (["tabletop", "--help"], {"_TABLETOP_COMPLETE": "complete_bash"}),
    (["tabletop", "--help"], {help_fast.TYPER_SWITCH: "1"}),
    (["tabletop"], {}),
    (["tabletop", "new"], {}),
])
def test_anything_else_goes_to_typer(argv: list[str], environ: dict[str, str]) -> None:
    assert help_fast.page(argv, {"COLUMNS": "100", **environ}) is None


def test_a_bad_language_is_still_refused_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-c", "import json\n" + SCRIPT, "--lang", "fr", "--help"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2
    assert "tabletop: --lang 'fr'" in done.stderr


@pytest.mark.parametrize("columns", ["", "0", "-3", "abc", "79", "80", "200"])
def test_terminal_columns_is_shutils(monkeypatch: pytest.MonkeyPatch, columns: str) -> None:
    if columns:
        monkeypatch.setenv("COLUMNS", columns)
    else:
        monkeypatch.delenv("COLUMNS", raising=False)
    import os

    assert help_fast.terminal_columns(os.environ) == shutil.get_terminal_size().columns
