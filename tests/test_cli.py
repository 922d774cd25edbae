"""The ``tabletop`` command: help everywhere, one-line errors with exit status 2, saves, verify,
simulate, and the app started with exactly the match that was asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from tabletop import games
from tabletop.cli import app
from tabletop.engine import Match, Seat
from tabletop.engine.saves import save
from tabletop.engine.state import to_plain

runner = CliRunner()
COMMANDS = {"new", "resume", "saves", "verify", "games", "simulate"}


def invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), env=env)


def one_line_error(result: Any, *expected: str) -> str:
    """Exit status 2, nothing on stdout, exactly one line on stderr, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    assert result.stdout == ""
    err = result.stderr
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    assert err.startswith("tabletop: ") and "Traceback" not in err
    for part in expected:
        assert part in err, (part, err)
    return err


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Replace the app's ``run`` with a recorder: the list of apps the CLI would have run."""
    from tabletop.ui.app import TabletopApp

    apps: list[Any] = []
    monkeypatch.setattr(TabletopApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the CLI starts the app."""
    from tabletop.ui.app import TabletopApp

    def run(self: Any, *args: Any, **kwargs: Any) -> None:
        pytest.fail("the app was started although the command should have stopped before it")

    monkeypatch.setattr(TabletopApp, "run", run)


def saved_match(folder: Path, name: str = "game.json", seed: int = 5, steps: int = 3, **kwargs: Any) -> tuple[Match, Path]:
    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {}, seed=seed)
    for _ in range(steps):
        ids = [a.id for a in match.legal()]
        match.play(ids[0])
    for key, value in kwargs.items():
        setattr(match, key, value)
    return match, save(match, folder / name)


# -- help -----------------------------------------------------------------------------------------
def command_names() -> set[str]:
    return set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def test_every_command_is_there() -> None:
    assert COMMANDS <= command_names()


def test_root_help() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout and "--saves-dir" in result.stdout
    for name in COMMANDS:
        assert name in result.stdout


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_on_every_command(name: str, no_app: None) -> None:
    result = invoke(name, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage" in result.stdout and name in result.stdout and "--help" in result.stdout


def test_help_on_commands_found_by_introspection(no_app: None) -> None:
    for name in command_names():
        assert invoke(name, "--help").exit_code == 0, name


# -- games ----------------------------------------------------------------------------------------
def test_games_lists_the_registered_games_with_bots_and_variants() -> None:
    result = invoke("games")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("highcard "))
    assert "High Card (2-3 players) — kernel test game" in lines[first]
    assert "bots: highest, random" in lines[first + 1]
    assert "--variant hand=<int>  Hand size (default 3)" in lines[first + 2]
    assert "--variant dice=<bool>  Allow the bonus roll (default True)" in lines[first + 3]
    for gid in games.specs():
        assert any(line.startswith(f"{gid} ") for line in lines), gid


# -- new: bad input -------------------------------------------------------------------------------
def test_unknown_game(no_app: None) -> None:
    one_line_error(invoke("new", "chess"), "unknown game 'chess'", "highcard")


@pytest.mark.parametrize("players", ["0", "1", "4", "-1", "99"])
def test_bad_player_count(players: str, no_app: None) -> None:
    one_line_error(invoke("new", "highcard", "--players", players), "High Card is for 2–3 players", f"not {players}")


def test_more_names_than_players(no_app: None) -> None:
    one_line_error(invoke("new", "highcard", "-p", "2", "-n", "A", "-n", "B", "-n", "C"), "3 names given for 2 players")


def test_names_alone_set_the_player_count_and_too_many_are_refused(no_app: None) -> None:
    one_line_error(invoke("new", "highcard", "-n", "A", "-n", "B", "-n", "C", "-n", "D"), "not 4")


@pytest.mark.parametrize("name", [" ", "", "x" * 41])
def test_bad_names(name: str, no_app: None) -> None:
    one_line_error(invoke("new", "highcard", "-n", name), "seat 1: a name must have 1 to 40 characters")


@pytest.mark.parametrize(("bot", "expected"), [
    ("3=random", "--bot seat '3' must be a seat number from 1 to 2"),
    ("0=random", "--bot seat '0'"),
    ("x=random", "--bot seat 'x'"),
    ("-1=random", "--bot seat '-1'"),
    ("²=random", "--bot seat '²'"),
    ("1=genius", "High Card has no 'genius' bot (bots: highest, random)"),
    ("1=human", "no 'human' bot"),
    ("1", "--bot '1' must look like KEY=VALUE"),
    ("=random", "must look like KEY=VALUE"),
    ("1=", "must look like KEY=VALUE"),
])
def test_bad_bot(bot: str, expected: str, no_app: None) -> None:
    one_line_error(invoke("new", "highcard", "--bot", bot), expected)


@pytest.mark.parametrize(("variant", "expected"), [
    ("hand=9", "option hand must be between 1 and 4"),
    ("hand=x", "option hand takes a whole number, not 'x'"),
    ("dice=maybe", "option dice takes yes or no, not 'maybe'"),
    ("colour=red", "highcard has no option 'colour' (options: hand, dice)"),
    ("hand", "--variant 'hand' must look like KEY=VALUE"),
    ("=3", "must look like KEY=VALUE"),
])
def test_bad_variant(variant: str, expected: str, no_app: None) -> None:
    one_line_error(invoke("new", "highcard", "--variant", variant), expected)


def test_bad_seed_is_a_usage_error(no_app: None) -> None:
    result = invoke("new", "highcard", "--seed", "abc")
    assert result.exit_code == 2 and "Traceback" not in result.output


# -- new: the app gets the right match ------------------------------------------------------------
def test_new_opens_the_app_on_the_requested_match(opened: list[Any], saves_dir: Path) -> None:
    result = invoke("new", "highcard", "--players", "3", "--name", "Ana", "-n", "Bea", "--bot", "3=highest",
                    "--seed", "42", "--variant", "hand=2", "-v", "dice=no")
    assert result.exit_code == 0, result.output
    [tabletop_app] = opened
    match, path = tabletop_app.initial
    assert match.seats == [Seat("Ana"), Seat("Bea"), Seat("Bot 3", "highest")]
    assert match.options == {"hand": 2, "dice": False}
    assert match.seed == 42 and match.actions == []
    expected = Match.start(games.game("highcard"), match.seats, {"hand": 2, "dice": False}, seed=42)
    assert to_plain(match.state) == to_plain(expected.state)
    assert path.parent == saves_dir.resolve() and path.name.startswith("highcard-") and path.suffix == ".json"
    assert Path(tabletop_app.saves_dir) == saves_dir
    assert tabletop_app.ascii_only is False


def test_new_with_defaults(opened: list[Any], saves_dir: Path) -> None:
    result = invoke("--ascii", "new", "highcard")
    assert result.exit_code == 0, result.output
    [tabletop_app] = opened
    match, _ = tabletop_app.initial
    assert [s.name for s in match.seats] == ["Ana", "Luis"] and not any(s.is_bot for s in match.seats)
    assert match.options == {"hand": 3, "dice": True}
    assert isinstance(match.seed, int)
    assert tabletop_app.ascii_only is True


def test_new_honours_saves_dir_over_the_environment(opened: list[Any], saves_dir: Path, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere"
    result = invoke("--saves-dir", str(other), "new", "highcard", "--seed", "1")
    assert result.exit_code == 0, result.output
    _, path = opened[0].initial
    assert path.parent == other.resolve()


def test_no_command_opens_the_main_menu(opened: list[Any], saves_dir: Path) -> None:
    result = invoke()
    assert result.exit_code == 0, result.output
    [tabletop_app] = opened
    assert tabletop_app.initial == (None, None)


# -- resume ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("content", [b"{not json", b"", b'{"format": "tabletop-save", "ver', b"[]"])
def test_resume_of_a_corrupt_file_stops_before_the_app(content: bytes, saves_dir: Path, no_app: None) -> None:
    path = saves_dir / "bad.json"
    path.write_bytes(content)
    one_line_error(invoke("resume", str(path)), str(path))


def test_resume_of_a_tampered_save_stops_before_the_app(saves_dir: Path, no_app: None) -> None:
    _, path = saved_match(saves_dir)
    doc = json.loads(path.read_text())
    doc["state"]["players"][1]["score"] += 5
    path.write_text(json.dumps(doc))
    one_line_error(invoke("resume", str(path)), "does not match its own action log")


def test_resume_of_a_missing_file(saves_dir: Path, no_app: None) -> None:
    one_line_error(invoke("resume", str(saves_dir / "nope.json")), "no such save file")


def test_resume_with_no_saves(saves_dir: Path, no_app: None) -> None:
    one_line_error(invoke("resume"), "no game to resume in", str(saves_dir))


def test_resume_with_only_unusable_saves(saves_dir: Path, no_app: None) -> None:
    (saves_dir / "broken.json").write_text("{")
    match = Match.start(games.game("highcard"), [Seat("A", "random"), Seat("B", "random")], {}, seed=3)
    while match.bot_to_move():
        match.bot_step()
    save(match, saves_dir / "finished.json")
    one_line_error(invoke("resume"), "no game to resume")


def test_resume_opens_the_most_recent_unfinished_save(saves_dir: Path, opened: list[Any]) -> None:
    saved_match(saves_dir, "old.json", seed=1, updated=1_700_000_000.0)
    newest, path = saved_match(saves_dir, "new.json", seed=2, steps=4, updated=1_800_000_000.0)
    (saves_dir / "garbage.json").write_text("nope")
    result = invoke("resume")
    assert result.exit_code == 0, result.output
    [tabletop_app] = opened
    match, opened_path = tabletop_app.initial
    assert opened_path == path
    assert match.actions == newest.actions and to_plain(match.state) == to_plain(newest.state)


def test_resume_a_given_file(saves_dir: Path, opened: list[Any], tmp_path: Path) -> None:
    original, path = saved_match(tmp_path, "mine.json", seed=9)
    result = invoke("resume", str(path))
    assert result.exit_code == 0, result.output
    match, opened_path = opened[0].initial
    assert opened_path == path and match.seed == 9 and match.actions == original.actions


# -- saves ----------------------------------------------------------------------------------------
@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")


def test_saves_on_an_empty_folder(saves_dir: Path, wide: None) -> None:
    result = invoke("saves")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"No saves in {saves_dir}.", "(folder from TABLETOP_SAVES)"]


def test_saves_on_a_folder_that_does_not_exist(tmp_path: Path, wide: None) -> None:
    result = invoke("--saves-dir", str(tmp_path / "missing"), "saves")
    assert result.exit_code == 0 and "No saves in" in result.stdout


def test_saves_lists_games_and_unreadable_files(saves_dir: Path, wide: None) -> None:
    match, _ = saved_match(saves_dir, "first.json", steps=4)
    (saves_dir / "broken.json").write_text('{"format": "tabletop-save", "version": 7}')
    result = invoke("saves")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"Saves in {saves_dir}" in out
    assert "High Card" in out and "Ana, Luis" in out and match.summary() in out and "first.json" in out
    assert "broken.json" in out and "newer Tabletop" in out


def test_saves_dir_option_and_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, wide: None) -> None:
    by_env, by_flag = tmp_path / "env", tmp_path / "flag"
    by_env.mkdir()
    by_flag.mkdir()
    saved_match(by_env, "from-env.json")
    saved_match(by_flag, "from-flag.json")
    monkeypatch.setenv("TABLETOP_SAVES", str(by_env))
    out = invoke("saves").stdout
    assert "from-env.json" in out and "from-flag.json" not in out
    out = invoke("--saves-dir", str(by_flag), "saves").stdout
    assert "from-flag.json" in out and "from-env.json" not in out
    monkeypatch.delenv("TABLETOP_SAVES")
    out = invoke("saves", env={"TABLETOP_SAVES": str(by_flag)}).stdout
    assert "from-flag.json" in out


def test_saves_survives_a_save_with_an_impossible_date(saves_dir: Path, wide: None) -> None:
    (saves_dir / "odd.json").write_text('{"format": "tabletop-save", "version": 1, "game": "highcard", "updated": 1e300}')
    result = invoke("saves")
    assert result.exit_code == 0, (result.output, result.exception)
    assert "odd.json" in result.stdout


def test_saves_and_resume_survive_a_dangling_symlink(saves_dir: Path, wide: None, no_app: None) -> None:
    (saves_dir / "gone.json").symlink_to(saves_dir / "deleted.json")
    result = invoke("saves")
    assert result.exit_code == 0, (result.output, result.exception)
    assert "gone.json" in result.stdout and "no such save file" in result.stdout
    one_line_error(invoke("resume"), "no game to resume")


def test_saves_prints_names_and_paths_literally(tmp_path: Path, wide: None) -> None:
    folder = tmp_path / "[saves]"
    folder.mkdir()
    match = Match.start(games.game("highcard"), [Seat("[/]"), Seat("[bold]Luis")], {}, seed=1)
    save(match, folder / "[x].json")
    result = invoke("--saves-dir", str(folder), "saves")
    assert result.exit_code == 0, (result.output, result.exception)
    assert "[/], [bold]Luis" in result.stdout and "[x].json" in result.stdout
    empty = tmp_path / "[empty]"
    result = invoke("--saves-dir", str(empty), "saves")
    assert result.exit_code == 0 and f"No saves in {empty}." in result.stdout


# -- verify ---------------------------------------------------------------------------------------
def test_verify_a_good_save(tmp_path: Path) -> None:
    match, path = saved_match(tmp_path, steps=5)
    result = invoke("verify", str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"{path}: consistent — High Card, 5 actions, {match.summary()}"


@pytest.mark.parametrize("tamper", [
    lambda d: d["state"]["players"][0].update(score=d["state"]["players"][0]["score"] + 1),
    lambda d: d["actions"].append("bogus"),
    lambda d: d.update(seed=d["seed"] + 1),
    lambda d: d.update(version=99),
])
def test_verify_a_tampered_save(tmp_path: Path, tamper: Any) -> None:
    _, path = saved_match(tmp_path, steps=5)
    doc = json.loads(path.read_text())
    tamper(doc)
    path.write_text(json.dumps(doc))
    one_line_error(invoke("verify", str(path)), str(path))


def test_verify_needs_a_file() -> None:
    assert invoke("verify").exit_code == 2


# -- simulate -------------------------------------------------------------------------------------
def simulate_json(*args: str) -> dict[str, Any]:
    result = invoke("simulate", "highcard", "--games", "5", "--json", *args)
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.stdout)


def test_simulate_json_is_reproducible_apart_from_timing() -> None:
    first, second = simulate_json("--seed", "7"), simulate_json("--seed", "7")
    assert set(first["timing"]) == {"seconds", "jobs", "games_per_s", "actions_per_s"}
    first.pop("timing")
    second.pop("timing")
    assert first == second
    assert first["game"] == "highcard" and first["games"] == 5 and first["seed"] == 7
    assert first["players"] == 2 and first["bots"] == ["random", "random"]
    assert first["options"] == {"hand": 3, "dice": True}
    assert first["unfinished"] == 0 and sum(first["end_reasons"].values()) == 5
    assert sum(first["wins_by_seat"].values()) >= 5


def test_simulate_bots_players_and_variants() -> None:
    report = simulate_json("-p", "3", "--bot", "highest", "--bot", "2=random", "-v", "hand=1")
    assert report["players"] == 3 and report["bots"] == ["highest", "random", "highest"]
    assert report["options"] == {"hand": 1, "dice": True}
    assert report["mean_length"] > 0


def test_simulate_depends_on_the_seed() -> None:
    runs = {json.dumps({k: v for k, v in simulate_json("--seed", str(s)).items() if k not in ("timing", "seed")})
            for s in (0, 100, 200, 300)}
    assert len(runs) > 1


@pytest.mark.parametrize(("args", "expected"), [
    (["chess"], "unknown game 'chess'"),
    (["highcard", "-p", "0"], "High Card is for 2–3 players, not 0"),
    (["highcard", "-p", "4"], "not 4"),
    (["highcard", "--bot", "genius"], "no 'genius' bot"),
    (["highcard", "--bot", "3=random"], "--bot seat '3'"),
    (["highcard", "--bot", "²=random"], "--bot seat '²'"),
    (["highcard", "-v", "hand=0"], "option hand must be between 1 and 4"),
    (["highcard", "-v", "hand"], "must look like KEY=VALUE"),
])
def test_simulate_bad_arguments(args: list[str], expected: str) -> None:
    one_line_error(invoke("simulate", *args, "--games", "1", "--json"), expected)


def test_simulate_needs_at_least_one_game() -> None:
    assert invoke("simulate", "highcard", "--games", "0").exit_code == 2


# -- the installed command ------------------------------------------------------------------------
def tabletop(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "tabletop"
    if not script.exists():
        pytest.skip("the tabletop command is not installed next to this Python")
    env = {**os.environ, "TABLETOP_SAVES": str(tmp_path / "saves"), "COLUMNS": "200"}
    return subprocess.run([str(script), *args], capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)


@pytest.mark.parametrize("args", [
    ["new", "no-such-game"],
    ["simulate", "no-such-game"],
    ["verify", "missing.json"],
    ["resume"],
    ["resume", "missing.json"],
])
def test_installed_command_exit_status_2_with_one_line(args: list[str], tmp_path: Path) -> None:
    done = tabletop(*args, tmp_path=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("tabletop: "), done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_installed_command_verify_and_saves(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "x.json").write_text("{")
    done = tabletop("verify", "saves/x.json", tmp_path=tmp_path)
    assert done.returncode == 2 and "truncated" in done.stderr
    done = tabletop("saves", tmp_path=tmp_path)
    assert done.returncode == 0 and "x.json" in done.stdout


def test_main_turns_ctrl_c_into_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.cli as cli

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "command", lambda: interrupted)  # main runs the (translated) command
    with pytest.raises(SystemExit) as info:
        cli.main()
    assert info.value.code == 130


# -- issue #10: hostile saves ---------------------------------------------------------------------
CORPUS = Path(__file__).resolve().parent / "data" / "corrupt_saves"
CORPUS_FILES = sorted(CORPUS.glob("*.json"))
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402


def no_terminal_controls(text: str) -> None:
    from tabletop.engine.safe_text import has_unsafe

    assert not has_unsafe(text.replace("\n", "")), repr(text)


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_verify_and_resume_refuse_every_corpus_file_in_one_line(path: Path, no_app: None) -> None:
    for command in ("verify", "resume"):
        err = one_line_error(invoke(command, str(path)), str(path))
        no_terminal_controls(err)


def test_verify_and_resume_refuse_special_files_in_one_line(tmp_path: Path, no_app: None) -> None:
    made = make_corpus.special_files(tmp_path)
    assert len(made) >= 8
    for path in made:
        for command in ("verify", "resume"):
            one_line_error(invoke(command, str(path)), str(path))


def test_saves_over_good_saves_and_60_corrupt_files_lists_the_good_ones(saves_dir: Path, wide: None) -> None:
    good = [saved_match(saves_dir, f"good{i}.json", seed=i, steps=i + 1) for i in range(3)]
    for path in CORPUS_FILES:
        (saves_dir / path.name).write_bytes(path.read_bytes())
    special = [p for p in make_corpus.special_files(saves_dir) if p.name.endswith(".json")]
    listed = len(CORPUS_FILES) + len(special)
    assert listed >= 60
    result = invoke("saves")
    assert result.exit_code == 0, (result.output, result.exception)
    out = result.stdout
    no_terminal_controls(out)
    for match, path in good:
        assert path.name in out and match.summary() in out
    import re

    found = re.search(r"(\d+) of (\d+) files cannot be resumed", out)
    assert found is not None, out
    assert (int(found[1]), int(found[2])) == (listed, listed + 3)  # every corrupt file is marked


def test_saves_shows_hostile_fields_escaped(saves_dir: Path, wide: None) -> None:
    def hostile(name: str, field: str, value: Any, seat: str = "Ana") -> Path:
        _, path = saved_match(saves_dir, name)
        doc = json.loads(path.read_text())
        doc[field] = value
        doc["seats"][0]["name"] = seat
        path.write_text(json.dumps(doc))
        return path

    title = hostile("a.json", "title", "\x1b[2J\x1b[HT")
    hostile("b.json", "summary", "\x1b]52;c;cm0=\x07")
    hostile("c.json", "comment", "", seat="[bold red]Ana")
    hostile("d.json", "comment", "", seat="Ana\x1b[0m")
    (saves_dir / "\x1b[31mred.json").write_text("{")
    result = invoke("saves")
    assert result.exit_code == 0, result.output
    out = result.stdout
    no_terminal_controls(out)
    assert "\\x1b[2J\\x1b[HT" in out  # the title column, escaped
    assert "\\x1b]52;c;cm0=\\x07" in out  # quoted in the reason, escaped
    assert "[bold red]Ana" in out  # markup shown literally
    assert "Ana\\x1b[0m" in out and "\\x1b[31mred.json" in out
    one_line_error(invoke("verify", str(title)), "its title")


def test_saves_on_a_folder_that_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    one_line_error(invoke("--saves-dir", str(tmp_path / "file"), "saves"), "not a folder")
    one_line_error(invoke("--saves-dir", str(tmp_path / "file"), "resume"), "not a folder")


def test_saves_on_an_unreadable_folder(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads every folder")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0)
    try:
        one_line_error(invoke("--saves-dir", str(folder), "saves"), "cannot be read")
    finally:
        folder.chmod(0o755)


def test_resume_skips_a_newer_broken_save_for_the_latest_that_loads(saves_dir: Path, opened: list[Any]) -> None:
    older, path = saved_match(saves_dir, "older.json", seed=1, updated=1_700_000_000.0)
    _, newer = saved_match(saves_dir, "newer.json", seed=2, updated=1_800_000_000.0)
    doc = json.loads(newer.read_text())
    doc["state"]["players"][0]["score"] += 3  # the listing cannot see it, the load can
    newer.write_text(json.dumps(doc))
    (saves_dir / "deep.json").write_bytes((CORPUS / "nesting_deep_arrays.json").read_bytes())
    result = invoke("resume")
    assert result.exit_code == 0, result.output
    match, opened_path = opened[0].initial
    assert opened_path == path and match.actions == older.actions


def test_resume_with_only_broken_saves_says_how_many_were_skipped(saves_dir: Path, no_app: None) -> None:
    for name in ("number_seed_4301_digits.json", "state_score_raised.json"):
        (saves_dir / name).write_bytes((CORPUS / name).read_bytes())
    one_line_error(invoke("resume"), "no game to resume", "2 unreadable files skipped")


@pytest.mark.parametrize("name", ["\x1b[2JAna", "An\x07a", "\u202eAna"])
def test_new_refuses_names_with_control_characters(name: str, no_app: None) -> None:
    err = one_line_error(invoke("new", "highcard", "--name", name), "control characters")
    no_terminal_controls(err)


def test_stale_temp_files_are_cleaned_by_the_listing(saves_dir: Path, wide: None) -> None:
    stale = saves_dir / ".g.json.abc.tmp"
    stale.write_bytes(b"x")
    os.utime(stale, (1_600_000_000, 1_600_000_000))
    assert invoke("saves").exit_code == 0
    assert not stale.exists()
