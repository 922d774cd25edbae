"""The package as a stranger gets it: build the wheel, check its metadata, install it into a fresh
virtual environment outside the checkout, and play from there — which also proves an installed
``tabletop`` keeps its saves in the user data folder, not in ``./saves`` of wherever it starts.

Offline by design: the build uses the hatchling of the running environment when it has one
(the ``test`` extra installs it), the wheel is installed with ``--no-deps``, and the fresh
environment borrows the running environment's dependencies through a ``.pth`` file instead of
downloading them.
"""

from __future__ import annotations

import email
import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

import tabletop

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str | Path, timeout: float = 120, **kwargs: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=timeout, **kwargs)  # type: ignore[call-overload]
    assert done.returncode == 0, (args, done.stdout[-3000:], done.stderr[-3000:])
    return done  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    # with hatchling at hand, build with it; without, pip fetches the backend from PyPI
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", *isolation, "-w", out, ROOT, timeout=300)
    [built] = out.glob("tabletop-*.whl")
    return built


def metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        [name] = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(archive.read(name))


def test_the_wheel_carries_the_one_version_and_the_metadata(wheel: Path) -> None:
    meta = metadata(wheel)
    assert meta["Name"] == "tabletop" and meta["Version"] == tabletop.__version__
    assert wheel.name.startswith(f"tabletop-{tabletop.__version__}-")
    assert meta["License-Expression"] == "MIT" and meta["License-File"] == "LICENSE"
    classifiers = meta.get_all("Classifier") or []
    assert "Environment :: Console" in classifiers and "Topic :: Games/Entertainment :: Board Games" in classifiers
    requires = " ".join(meta.get_all("Requires-Dist") or [])
    for dependency in ("textual", "rich", "typer", "platformdirs"):
        assert dependency in requires, dependency
    assert meta["Requires-Python"] == ">=3.11"


def test_the_declared_classifiers_are_known_ones() -> None:
    from trove_classifiers import classifiers as known

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["classifiers"]
    assert declared and set(declared) <= known


def test_the_classifiers_claim_nothing_untrue() -> None:
    """Textual draws with its own terminal driver, not curses; "Typing :: Typed" would need a
    ``py.typed`` marker (PEP 561), which the package does not ship."""
    declared = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["classifiers"])
    assert "Environment :: Console :: Curses" not in declared
    assert ("Typing :: Typed" in declared) == (ROOT / "tabletop" / "py.typed").exists()


def test_the_wheel_holds_the_code_the_cards_the_rules_and_the_licence(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert "tabletop/cli.py" in names and "tabletop/settings.py" in names and "tabletop/ui/palette.py" in names
    assert any(n.startswith("tabletop/_assets/cards/") for n in names)
    assert any(n.startswith("tabletop/_docs/games/") and n.endswith(".md") for n in names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith(("tests/", "saves/")) for n in names)


def test_licence_and_changelog_are_there() -> None:
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License") and "Permission is hereby granted, free of charge" in licence
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert "Keep a Changelog" in changelog and "## [Unreleased]" in changelog
    assert f"## [{tabletop.__version__}]" in changelog or "## [Unreleased]" in changelog


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with only the wheel installed; dependencies borrowed from this environment."""
    venv = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip())
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "_borrowed_dependencies.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index", wheel,
        timeout=300)
    return venv


def outside(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder outside the checkout and an environment whose home folders are all under tmp_path."""
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "PYTHON", "XDG_"))}
    env.update(HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), COLUMNS="200")
    return cwd, env


def test_the_installed_command_plays_from_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    cwd, env = outside(tmp_path)
    bin_dir = installed / ("Scripts" if os.name == "nt" else "bin")
    command = bin_dir / "tabletop"
    where = run(bin_dir / "python", "-c", "import tabletop; print(tabletop.__file__)", cwd=cwd, env=env).stdout
    assert Path(where.strip()).is_relative_to(installed)  # the wheel's copy, not the checkout's

    assert run(command, "--version", cwd=cwd, env=env).stdout == f"tabletop {tabletop.__version__}\n"
    listing = run(command, "games", cwd=cwd, env=env).stdout
    for gid in ("superinmundos", "villainous", "msx_cards", "mount_gram"):
        assert any(line.startswith(f"{gid} ") for line in listing.splitlines()), gid
    assert "highcard" not in listing  # the test game is not in the wheel

    report = json.loads(run(command, "simulate", "msx_cards", "--games", "3", "--seed", "1", "--json",
                            cwd=cwd, env=env).stdout)
    assert report["games"] == 3 and report["unfinished"] == 0

    saves = run(command, "saves", cwd=cwd, env=env).stdout.splitlines()
    data_saves = tmp_path / "data" / "tabletop" / "saves"
    assert saves == [f"No saves in {data_saves}.", "(folder from the user data folder)"]
    settings = run(command, "settings", cwd=cwd, env=env).stdout.splitlines()
    assert settings[0] == f"{tmp_path / 'config' / 'tabletop' / 'settings.toml'} (not written yet: defaults)"
    assert not (cwd / "saves").exists() and list(cwd.iterdir()) == []


def test_the_installed_package_finds_its_rules_summaries(installed: Path, tmp_path: Path) -> None:
    cwd, env = outside(tmp_path)
    code = ("from tabletop import games\nfrom tabletop.ui.help import rules_text\n"
            "print(all(rules_text(s.rules_file) for s in games.specs().values()))")
    assert run(installed / "bin" / "python", "-c", code, cwd=cwd, env=env).stdout.strip() == "True"
