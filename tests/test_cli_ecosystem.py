"""The ``tabletop`` command's conventions: ``--version``, ``-h``, the settings file reaching the
app, the saves-folder rule, ``tabletop settings``, and shell completion of games, bots, variants
and save files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from test_cli import saved_match
from typer.testing import CliRunner

import tabletop
from tabletop import completion
from tabletop.cli import app
from tabletop.settings import Settings, load, save

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), env=env)


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    from tabletop.ui.app import TabletopApp

    apps: list[Any] = []
    monkeypatch.setattr(TabletopApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


@pytest.fixture
def no_saves_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No TABLETOP_SAVES, a private user data folder, and a current folder that is no checkout."""
    monkeypatch.delenv("TABLETOP_SAVES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("COLUMNS", "300")
    here = tmp_path / "somewhere"
    here.mkdir()
    monkeypatch.chdir(here)
    return here


# -- version and -h -------------------------------------------------------------------------------
def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0 and result.stdout == f"tabletop {tabletop.__version__}\n"


def test_version_is_written_once() -> None:
    """pyproject.toml reads it from tabletop/__init__.py (hatch's dynamic version)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "tabletop/__init__.py"
    assert tabletop.__version__.count(".") == 2


@pytest.mark.parametrize("name", ["", "new", "resume", "saves", "verify", "games", "simulate", "settings"])
def test_dash_h_is_help(name: str) -> None:
    args = [name, "-h"] if name else ["-h"]
    short, long = invoke(*args), invoke(*args[:-1], "--help")
    assert short.exit_code == 0 and "Usage" in short.stdout and short.stdout == long.stdout


def test_version_and_help_do_not_load_textual() -> None:
    probe = ("import sys\nfrom tabletop.cli import app\n"
             "for args in (['--version'], ['-h'], ['settings', '-h']):\n"
             "    try:\n        app(args, prog_name='tabletop')\n"
             "    except SystemExit as e:\n        assert e.code == 0, e.code\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


# -- the settings reach the app -------------------------------------------------------------------
def test_the_app_gets_the_settings(config_dir: Path, opened: list[Any], saves_dir: Path) -> None:
    wanted = Settings(language="es", theme="nord", ascii=True, animations=False, bot_think_time=0, curtain=False)
    save(config_dir / "settings.toml", wanted)
    result = invoke()
    assert result.exit_code == 0, result.output
    [tabletop_app] = opened
    assert tabletop_app.settings == wanted and tabletop_app.settings_path == config_dir / "settings.toml"
    assert tabletop_app.ascii_only is True and tabletop_app.animate is False and tabletop_app.bot_delay == 0
    assert tabletop_app.language == "es" and tabletop_app.curtain_default is False
    assert tabletop_app.theme == "nord"


def test_the_ascii_flags_win_over_the_setting(config_dir: Path, opened: list[Any], saves_dir: Path) -> None:
    save(config_dir / "settings.toml", Settings(ascii=True))
    assert invoke("--no-ascii").exit_code == 0
    save(config_dir / "settings.toml", Settings(ascii=False))
    assert invoke("--ascii").exit_code == 0
    assert [a.ascii_only for a in opened] == [False, True]


def test_a_corrupt_settings_file_is_one_warning_line(config_dir: Path, opened: list[Any], saves_dir: Path) -> None:
    (config_dir / "settings.toml").write_text("theme = [unclosed")
    result = invoke("new", "highcard")
    assert result.exit_code == 0, result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("tabletop: warning: settings file ")
    assert "using the defaults" in result.stderr and "Traceback" not in result.stderr
    [tabletop_app] = opened
    assert tabletop_app.settings == Settings() and "using the defaults" in tabletop_app.settings_warning


def test_headless_commands_do_not_read_the_settings(config_dir: Path) -> None:
    (config_dir / "settings.toml").write_text("{{{")
    result = invoke("simulate", "highcard", "--games", "1", "--json")
    assert result.exit_code == 0 and result.stderr == "" and json.loads(result.stdout)["games"] == 1


def test_settings_command(config_dir: Path, saves_dir: Path) -> None:
    result = invoke("settings")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{config_dir / 'settings.toml'} (not written yet: defaults)"
    assert '  language = ""' in lines and "  curtain = true" in lines
    assert lines[-1] == f"saves folder: {saves_dir} (TABLETOP_SAVES)"
    save(config_dir / "settings.toml", Settings(bot_think_time=1.5))
    lines = invoke("settings").stdout.splitlines()
    assert lines[0] == str(config_dir / "settings.toml") and "  bot_think_time = 1.5" in lines


# -- the saves folder -----------------------------------------------------------------------------
def test_outside_a_checkout_the_saves_go_to_the_user_data_folder(no_saves_env: Path) -> None:
    from tabletop import paths

    result = invoke("saves")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"No saves in {paths.data_dir() / 'saves'}.",
                                          "(folder from the user data folder)"]
    assert str(no_saves_env) not in str(paths.data_dir())


def test_in_a_checkout_the_saves_are_its_saves_folder(no_saves_env: Path) -> None:
    (no_saves_env / "pyproject.toml").write_text('[project]\nname = "tabletop"\n')
    (no_saves_env / "saves").mkdir()
    saved_match(no_saves_env / "saves", "here.json")
    result = invoke("saves")
    assert result.exit_code == 0, result.output
    assert "here.json" in result.stdout
    assert result.stdout.splitlines()[-1] == "(folder from the checkout's saves folder)"


def test_the_setting_chooses_the_saves_folder(no_saves_env: Path, config_dir: Path, tmp_path: Path,
                                              opened: list[Any]) -> None:
    chosen = tmp_path / "chosen"
    save(config_dir / "settings.toml", Settings(saves_dir=str(chosen)))
    result = invoke("saves")
    assert result.stdout.splitlines() == [f"No saves in {chosen}.",
                                          f"(folder from saves_dir in {config_dir / 'settings.toml'})"]
    assert invoke("new", "highcard").exit_code == 0
    assert opened[0].saves_dir == chosen and opened[0].initial[1].parent == chosen.resolve()
    result = invoke("saves", env={"TABLETOP_SAVES": str(tmp_path / "env")})
    assert result.stdout.splitlines()[-1] == "(folder from TABLETOP_SAVES)"
    result = invoke("--saves-dir", str(tmp_path / "flag"), "saves", env={"TABLETOP_SAVES": str(tmp_path / "env")})
    assert result.stdout.splitlines() == [f"No saves in {tmp_path / 'flag'}.", "(folder from --saves-dir)"]


def test_resume_reads_the_folder_the_rule_chose(no_saves_env: Path, opened: list[Any]) -> None:
    from tabletop import paths

    _, path = saved_match(paths.data_dir() / "saves", "mine.json")
    assert invoke("resume").exit_code == 0
    assert opened[0].initial[1] == path


# -- completion -----------------------------------------------------------------------------------
def context(command: str = "new", **params: Any) -> typer.Context:
    group = typer.main.get_command(app)
    root = typer.Context(group, info_name="tabletop")
    root.params = {"saves_dir": None}
    ctx = typer.Context(group.commands[command], parent=root, info_name=command)  # type: ignore[attr-defined]
    ctx.params = params
    return ctx


def test_complete_game_ids() -> None:
    offered = dict(completion.complete_game(""))
    assert offered["highcard"] == "High Card"
    assert {"superinmundos", "villainous", "msx_cards", "mount_gram"} <= set(offered)


def test_complete_variant_keys_then_values() -> None:
    ctx = context(game="highcard")
    assert completion.complete_variant(ctx, "") == [("hand=", "Hand size (default 3)"),
                                                    ("dice=", "Allow the bonus roll (default True)")]
    assert [v for v, _ in completion.complete_variant(ctx, "dice=")] == ["dice=yes", "dice=no"]
    assert [v for v, _ in completion.complete_variant(ctx, "hand=")] == ["hand=1", "hand=2", "hand=3", "hand=4"]
    assert completion.complete_variant(context(game="chess"), "") == []
    assert completion.complete_variant(context(), "") == []


def test_complete_choice_variants_of_a_real_game() -> None:
    from tabletop import games

    for gid, spec in games.specs().items():
        for opt in spec.options:
            if opt.kind == "choice":
                values = [v for v, _ in completion.complete_variant(context(game=gid), f"{opt.key}=")]
                assert values == [f"{opt.key}={c}" for c in opt.choices]


def test_complete_bots() -> None:
    new = [v for v, _ in completion.complete_bot(context(game="highcard"), "")]
    assert new == [f"{seat}={kind}" for seat in (1, 2, 3) for kind in ("highest", "random")]
    simulate = [v for v, _ in completion.complete_bot(context("simulate", game="highcard"), "")]
    assert simulate[:2] == ["highest", "random"] and "3=random" in simulate


def test_complete_save_files(saves_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved_match(saves_dir, "first.json")
    (saves_dir / "broken.json").write_text("{")
    monkeypatch.chdir(saves_dir.parent)
    offered = dict(completion.complete_save(context("resume"), ""))
    assert offered["saves/first.json"] == "High Card · Ana, Luis · " + saved_match(saves_dir, "x.json")[0].summary()
    assert "saves/broken.json" in offered and "\n" not in "".join(offered.values())
    elsewhere = saves_dir.parent / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert str(saves_dir / "first.json") in dict(completion.complete_save(context("verify"), ""))


def test_completion_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop import games

    def broken() -> None:
        raise RuntimeError("registry exploded")

    monkeypatch.setattr(games, "specs", broken)
    assert completion.complete_game("") == [] and completion.complete_variant(context(game="x"), "") == []


def bash_complete(words: str, env: dict[str, str] | None = None) -> list[str]:
    """What bash would offer for ``words`` (the word being completed is the last, maybe empty)."""
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    result = runner.invoke(app, [], prog_name="tabletop", env={
        "_TABLETOP_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword), **(env or {})})
    assert result.exit_code == 0, (result.output, result.exception)
    return [line for line in result.stdout.splitlines() if line]


def test_completion_through_the_shell_mechanism(saves_dir: Path, tmp_path: Path) -> None:
    assert bash_complete("tabletop ne") == ["new"]
    assert "highcard" in bash_complete("tabletop new ") and "superinmundos" in bash_complete("tabletop simulate su")
    assert bash_complete("tabletop new highcard --variant ") == ["hand=", "dice="]
    assert bash_complete("tabletop new highcard -p 2 --variant d") == ["dice="]
    assert bash_complete("tabletop new highcard --variant dice=") == ["dice=yes", "dice=no"]
    assert bash_complete("tabletop simulate highcard --bot r") == ["random"]
    assert bash_complete("tabletop new highcard --bot 2=h") == ["2=highest"]
    saved_match(saves_dir, "here.json")
    assert bash_complete("tabletop resume ") == [str(saves_dir / "here.json")]
    other = tmp_path / "other"
    saved_match(other, "there.json")
    assert bash_complete(f"tabletop --saves-dir {other} verify ") == [str(other / "there.json")]


def test_completion_of_the_real_command(tmp_path: Path) -> None:
    """The environment variable a shell's completion script sets, on a real process."""
    env = {**os.environ, "_TABLETOP_COMPLETE": "complete_bash", "COMP_WORDS": "tabletop new superinmundos -v ",
           "COMP_CWORD": "4", "TABLETOP_SAVES": str(tmp_path)}
    code = "import sys\nfrom tabletop.cli import app\napp(prog_name='tabletop')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    from tabletop import games

    assert done.stdout.split() == [f"{opt.key}=" for opt in games.spec("superinmundos").options]


def test_the_settings_are_not_written_by_the_command(config_dir: Path, saves_dir: Path) -> None:
    for args in (["settings"], ["saves"], ["games"]):
        invoke(*args)
    assert not (config_dir / "settings.toml").exists() and load(config_dir / "settings.toml").warning is None


def bash_splits_at_equals(line: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What the real program prints for ``line`` (cursor at its end) as bash hands it over: bash
    splits words at ``=`` too (``COMP_WORDBREAKS``), so ``--bot 2=h`` arrives as ``2``, ``=``, ``h``,
    joined by newlines, and bash replaces only the text after the last ``=`` with each answer."""
    import re

    from tabletop import cli

    def never(*args: object) -> None:
        raise AssertionError("the app was started instead of completing")

    words = [w for w in re.split(r"\s+|(=)", line) if w]
    cword = len(words) if line.endswith(" ") else len(words) - 1
    # the program name the installed script has (under pytest, Typer would guess "python -m pytest")
    monkeypatch.setattr(cli, "command", lambda: lambda: app(prog_name="tabletop"))
    monkeypatch.setattr(cli, "_run_app", never)
    for key, value in {"_TABLETOP_COMPLETE": "complete_bash", "COMP_WORDS": "\n".join(words),
                       "COMP_CWORD": str(cword)}.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(SystemExit) as exited:
        cli.main()
    assert exited.value.code in (0, None)
    return capsys.readouterr().out.split()


def test_bash_completes_after_an_equals_sign(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    complete = lambda line: bash_splits_at_equals(line, monkeypatch, capsys)  # noqa: E731
    assert complete("tabletop new highcard --variant dice=") == ["yes", "no"]
    assert complete("tabletop new highcard --variant dice=y") == ["yes"]
    assert complete("tabletop new highcard --bot 2=") == ["highest", "random"]
    assert complete("tabletop new highcard -b 2=h") == ["highest"]
    assert complete("tabletop new highcard --variant=d") == ["dice="]
    assert complete("tabletop new highcard --variant=dice=n") == ["no"]
    # words without an "=" are left as they are
    assert complete("tabletop new highcard --variant ") == ["hand=", "dice="]
    assert complete("tabletop ne") == ["new"]


def test_replay_completes_save_files(saves_dir: Path) -> None:
    saved_match(saves_dir, "story.json")
    assert bash_complete("tabletop replay ") == [str(saves_dir / "story.json")]
