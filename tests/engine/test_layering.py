"""Imports only go downwards (cli -> ui -> games -> engine): the rules never import Textual or
Rich, and the command line starts without loading Textual."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop

PACKAGE = Path(tabletop.__file__).resolve().parent
UI_LIBRARIES = ("textual", "rich")
# what each layer must never import (besides Textual and Rich)
UPWARD = {"engine": ("tabletop.games", "tabletop.ui", "tabletop.cli", "tabletop.simulate"),
          "games": ("tabletop.ui", "tabletop.cli", "tabletop.simulate")}


def is_screen_module(path: Path) -> bool:
    return path.name in ("screen.py", "widgets.py") or "widgets" in path.parts[:-1]


def rules_modules() -> list[Path]:
    out = []
    for layer in ("engine", "games"):
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            if not is_screen_module(path.relative_to(PACKAGE)):
                out.append(path)
    return out


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """Every module a source imports (absolute names; relative imports resolved), with line numbers,
    including ``importlib.import_module("...")`` and ``__import__("...")`` with a literal name."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((node.lineno, target))
            found.extend((node.lineno, f"{target}.{alias.name}") for alias in node.names)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    layer = module.split(".")[1] if module.count(".") >= 1 else ""
    forbidden = UI_LIBRARIES + UPWARD.get(layer, ())
    bad = []
    for line, name in imported_names(source, module, is_package):
        for prefix in forbidden:
            if name == prefix or name.startswith(prefix + "."):
                bad.append(f"{module}:{line} imports {name}")
    return bad


def test_the_walk_finds_the_rules_modules() -> None:
    names = {module_name(p) for p in rules_modules()}
    assert {"tabletop.engine.core", "tabletop.engine.saves", "tabletop.engine.match", "tabletop.games"} <= names
    assert not any(n.endswith(".screen") or ".widgets" in n for n in names)


def test_no_rules_module_imports_textual_rich_or_a_layer_above() -> None:
    problems = []
    for path in rules_modules():
        source = path.read_text(encoding="utf-8")
        problems += violations(source, module_name(path), path.name == "__init__.py")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("source", [
    "import textual",
    "import rich.console",
    "from textual.widgets import Static",
    "from rich import print",
    "if True:\n    from textual.app import App",
    "def f():\n    import rich\n",
    "import importlib\nimportlib.import_module('textual.app')",
    "__import__('rich.table')",
    "from tabletop.ui import app",
    "from ...ui.widgets import card_view",
    "from ... import cli",
])
def test_the_checker_catches_forbidden_imports(source: str) -> None:
    assert violations(source, "tabletop.games.somegame.rules")


@pytest.mark.parametrize(("source", "module"), [
    ("from .. import games", "tabletop.engine.saves"),
    ("from ..games import spec", "tabletop.engine.match"),
    ("import tabletop.simulate", "tabletop.engine.core"),
])
def test_the_checker_catches_the_engine_reaching_up(source: str, module: str) -> None:
    assert violations(source, module)


@pytest.mark.parametrize("source", [
    "from tabletop.engine import emit",
    "from ...engine.chance import roll",
    "from .cards import catalogue",
    "import textualize_helpers",
    "from richard import x",
    "from typing import TYPE_CHECKING",
])
def test_the_checker_allows_downward_imports(source: str) -> None:
    assert violations(source, "tabletop.games.somegame.rules") == []


def test_screen_modules_are_exempt() -> None:
    assert is_screen_module(Path("games/x/screen.py"))
    assert is_screen_module(Path("games/x/widgets.py"))
    assert is_screen_module(Path("games/x/widgets/board.py"))
    assert not is_screen_module(Path("games/x/rules.py"))


# -- at run time ----------------------------------------------------------------------------------
def loaded_after(code: str) -> list[str]:
    """Top-level packages of ``textual``/``rich`` present in sys.modules after running ``code``."""
    probe = (f"{code}\nimport json, sys\n"
             "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich'})))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                          cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_cli_does_not_load_textual() -> None:
    assert "textual" not in loaded_after("import tabletop.cli")


def test_importing_the_engine_loads_neither_textual_nor_rich() -> None:
    modules = sorted(p.stem for p in (PACKAGE / "engine").glob("*.py") if p.stem != "__init__")
    code = "import tabletop.engine\n" + "\n".join(f"import tabletop.engine.{m}" for m in modules)
    assert loaded_after(code) == []


def test_cli_help_in_process_does_not_load_textual() -> None:
    code = ("from tabletop.cli import app\n"
            "try:\n    app(['--help'], prog_name='tabletop')\nexcept SystemExit as e:\n    assert e.code == 0, e.code\n")
    assert "textual" not in loaded_after(code)


def installed_command() -> Path:
    script = Path(sys.executable).parent / "tabletop"
    if not script.exists():
        pytest.skip("the tabletop command is not installed next to this Python")
    return script


def imported_by_command(*args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    done = subprocess.run([str(installed_command()), *args], capture_output=True, text=True, timeout=60,
                          env=env, cwd=PACKAGE.parent)
    modules = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:")}
    return done, modules


def test_tabletop_help_runs_without_importing_textual() -> None:
    done, modules = imported_by_command("--help")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Usage" in done.stdout and "resume" in done.stdout
    assert "tabletop.help_fast" in modules  # the probe really saw the imports
    assert not {m for m in modules if m.split(".")[0] in ("textual", "typer")}  # a stored page


def test_tabletop_help_through_typer_does_not_import_textual() -> None:
    """The same request answered by Typer (a narrow terminal, where Click wraps differently)."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1", "COLUMNS": "60"}
    done = subprocess.run([str(installed_command()), "--help"], capture_output=True, text=True, timeout=60,
                          env=env, cwd=PACKAGE.parent)
    modules = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
               if line.startswith("import time:")}
    assert done.returncode == 0 and "Usage" in done.stdout
    assert "tabletop.cli" in modules and "typer" in modules
    assert not {m for m in modules if m.split(".")[0] == "textual"}
