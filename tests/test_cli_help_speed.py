"""A subcommand's help is as light as the root's (issue #15): no pydantic, no Textual, and the
shortcut for options left unset (``tabletop.typer_lean``) answers exactly as Typer would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from tabletop import typer_lean
from tabletop.cli import app

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import sys
from tabletop.cli import main
sys.argv[:] = ["tabletop", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    code = exc.code
print("textual" in sys.modules, "pydantic" in sys.modules, code, file=sys.stderr)
"""


@pytest.mark.parametrize("args", [["--help"], ["new", "-h"], ["simulate", "-h"], ["verify", "--help"]])
def test_help_imports_neither_pydantic_nor_textual(args: list[str]) -> None:
    run = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, timeout=60)
    textual, pydantic, code = run.stderr.split()[-3:]
    assert (textual, pydantic, code) == ("False", "False", "0")
    assert run.stdout.startswith("Usage: tabletop")


def test_given_values_are_still_checked_and_missing_ones_still_reported() -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["new", "highcard", "--players", "lots"])
    assert bad.exit_code == 2 and "Invalid value for '--players'" in bad.output
    missing = runner.invoke(app, ["verify"])
    assert missing.exit_code == 2 and "Missing argument" in missing.output


def _params() -> list[tuple[Any, Any]]:
    root = typer.main.get_command(app)
    out = [(root, p) for p in root.params]
    for cmd in root.commands.values():  # type: ignore[attr-defined]
        out += [(cmd, p) for p in cmd.params]
    return out


def _outcome(fn: Any, param: Any, ctx: Any) -> Any:
    try:
        return ("value", fn(param, ctx, None))
    except Exception as exc:  # a required value missing
        return ("error", type(exc).__name__)


def test_an_unset_value_gives_what_typer_itself_gives() -> None:
    assert typer_lean.install()
    cls = type(_params()[0][1]).__mro__[1]
    typer_own = cls.process_value.__wrapped__
    compared = 0
    for command, param in _params():
        if param.name == "help" or getattr(param, "is_eager", False):
            continue  # help and --version exit by their callbacks when set; unset they return as below
        ctx = command.make_context(command.name, [], resilient_parsing=True) if not param.required else None
        if ctx is None:
            ctx = typer.Context(command)

        assert _outcome(cls.process_value, param, ctx) == _outcome(typer_own, param, ctx), param.name
        compared += 1
    assert compared > 20
