"""Issue #10: saves that never crash, hang, leak or lose a game.

One test (or one parametrised family) per case of the issue: parse limits (1), one bad file
never breaks a listing (2), special files never block or read without end (3), hostile text
never reaches a terminal raw and metadata is checked (4), save-as knows another game's file (5),
stale temporary files are removed and the folder is fsynced (6). The corrupt corpus is
``tests/data/corrupt_saves`` (regenerate with its ``make_corpus.py``)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine import saves as saves_mod
from tabletop.engine.safe_text import has_unsafe, safe_text
from tabletop.engine.save_reader import MAX_BYTES, MAX_DEPTH, read_bytes
from tabletop.engine.saves import (
    APP_FILES,
    STALE_AFTER,
    SaveError,
    load,
    path_in,
    remove_stale_temps,
    same_game,
    save,
    scan,
)

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "corrupt_saves"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402

CORPUS_FILES = sorted(CORPUS.glob("*.json"))


def make_match(seed: int = 5, steps: int = 3, names: tuple[str, str] = ("Ana", "Luis")) -> Match:
    match = Match.start(games.game("highcard"), [Seat(names[0]), Seat(names[1])], {}, seed=seed)
    for _ in range(steps):
        match.play(match.legal()[0].id)
    return match


def refused(path: Path) -> str:
    with pytest.raises(SaveError) as info:
        load(path, games.game)
    message = str(info.value)
    assert "\n" not in message and "\r" not in message and len(message) < 400, message
    assert not has_unsafe(message.replace(str(path), "")), message  # file contents shown escaped
    return message


def run_with_timeout(fn: Any, seconds: float = 10.0) -> Any:
    """Run ``fn`` in a thread; fail (instead of hanging the suite) if it blocks."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            box["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked (a FIFO or device was opened for reading)"
    if "error" in box:
        raise box["error"]
    return box.get("value")


# -- the corpus -----------------------------------------------------------------------------------
def test_the_corpus_is_large_and_covers_every_kind_of_damage() -> None:
    assert len(CORPUS_FILES) >= 40
    prefixes = {p.name.split("_")[0] for p in CORPUS_FILES}
    assert {"nesting", "number", "encoding", "type", "state", "meta", "text", "damage"} <= prefixes
    assert sorted(p.name for p in CORPUS_FILES) == sorted(make_corpus.CASES)


def test_the_corpus_is_what_the_generator_makes(tmp_path: Path) -> None:
    make_corpus.write_corpus(tmp_path)
    for path in CORPUS_FILES:
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_the_corpus_base_save_is_consistent(tmp_path: Path) -> None:
    path = tmp_path / "base.json"
    path.write_bytes(make_corpus.dumps(make_corpus.base_document()))
    assert load(path, games.game).actions == ["mark c09", "roll", "play"]


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_every_corpus_file_is_refused_in_one_line(path: Path) -> None:
    assert refused(path).startswith(f"{path}: ")


# -- 1. parse limits ------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "reason"), [
    ("nesting_deep_arrays.json", "nested more than"),
    ("nesting_deep_objects.json", "nested more than"),
    ("nesting_just_over_the_limit_in_state.json", "nested more than"),
    ("number_seed_4301_digits.json", "more than 100 digits"),
    ("number_seed_100000_digits.json", "more than 100 digits"),
    ("number_updated_1e400.json", "too large"),
    ("number_updated_nan.json", "NaN"),
    ("number_seed_infinity.json", "Infinity"),
    ("type_duplicate_seed_key.json", "'seed' appears twice"),
    ("encoding_lone_surrogate_in_name.json", "not valid Unicode"),
    ("encoding_utf8_bom.json", "byte-order mark"),
    ("encoding_utf16le_with_bom.json", "not UTF-8"),
])
def test_1_parse_failures_are_one_line_save_errors(name: str, reason: str) -> None:
    assert reason in refused(CORPUS / name)


def test_1_a_real_save_is_far_from_the_limits(tmp_path: Path) -> None:
    path = save(make_match(steps=8), tmp_path / "g.json")
    depth = 0

    def walk(value: Any, d: int) -> None:
        nonlocal depth
        depth = max(depth, d)
        for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
            walk(item, d + 1)

    walk(json.loads(path.read_text()), 1)
    assert depth < MAX_DEPTH // 4


def test_1_pydantic_errors_are_one_line_naming_the_field(tmp_path: Path) -> None:
    path = save(make_match(), tmp_path / "g.json")
    doc = json.loads(path.read_text())
    doc.update(seed="x", actions=7, options=[], created="soon")
    path.write_text(json.dumps(doc))
    message = refused(path)
    assert "field 'options'" in message and "(and 3 more)" in message  # the first in field order


# -- 2. one bad file never breaks a listing -------------------------------------------------------
def test_2_scan_lists_good_saves_beside_every_corrupt_file(tmp_path: Path) -> None:
    good = save(make_match(seed=1), tmp_path / "good.json")
    for path in CORPUS_FILES:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    made = make_corpus.special_files(tmp_path)
    infos = run_with_timeout(lambda: scan(tmp_path))
    by_name = {i.path.name: i for i in infos}
    assert not by_name["good.json"].error and by_name["good.json"].players == "Ana, Luis"
    listed_bad = {i.path.name for i in infos if i.error}
    expected_bad = {p.name for p in made if p.name.endswith(".json")}
    # what scan cannot see without a replay (tampered state) is still listed, readable
    assert expected_bad <= listed_bad
    assert set(by_name) == {good.name} | {p.name for p in CORPUS_FILES} | expected_bad
    for info in infos:
        assert not has_unsafe(info.title + info.players + info.summary + info.error), info
        time.localtime(info.updated)


def test_2_an_unexpected_failure_on_one_file_is_a_label_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save(make_match(), tmp_path / "a.json")
    save(make_match(seed=2), tmp_path / "b.json")
    real = saves_mod._info

    def flaky(path: Path) -> Any:
        if path.name == "a.json":
            raise KeyError("boom")
        return real(path)

    monkeypatch.setattr(saves_mod, "_info", flaky)
    infos = {i.path.name: i for i in scan(tmp_path)}
    assert "unreadable (KeyError)" in infos["a.json"].error and not infos["b.json"].error


def test_2_the_apps_own_files_are_not_saves(tmp_path: Path) -> None:
    from tabletop.games.msx_cards import records

    assert records.FILE in APP_FILES
    records.record_run(tmp_path, "m1", "Ana", 3)
    save(make_match(), tmp_path / "g.json")
    assert [i.path.name for i in scan(tmp_path)] == ["g.json"]
    with pytest.raises(SaveError, match="kept for the app"):
        path_in(tmp_path, "msx_cards_best_runs")


def test_2_a_folder_that_is_a_file_is_one_save_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(SaveError, match="not a folder"):
        scan(tmp_path / "file")
    assert scan(tmp_path / "missing") == []


# -- 3. special files -----------------------------------------------------------------------------
@pytest.fixture
def specials(tmp_path: Path) -> dict[str, Path]:
    return {p.name: p for p in make_corpus.special_files(tmp_path)}


def test_3_special_files_are_refused_without_blocking(specials: dict[str, Path]) -> None:
    assert len(specials) >= 8
    for path in specials.values():
        message = run_with_timeout(lambda path=path: refused(path))
        assert message.startswith(f"{path}: ")


@pytest.mark.parametrize(("name", "reason"), [
    ("special_fifo.json", "named pipe (FIFO)"),
    ("special_folder.json", "is a folder"),
    ("special_link_to_zero.json", "is a device"),
    ("special_link_to_urandom.json", "is a device"),
    ("special_link_to_null.json", "is a device"),
    ("special_socket.json", "is a socket"),
    ("special_dangling_link.json", "no such save file"),
    ("special_loop_a.json", "cannot be read"),
    ("special_sparse_17mb.json", "too large"),
])
def test_3_each_special_file_has_its_reason(specials: dict[str, Path], name: str, reason: str) -> None:
    if name not in specials:
        pytest.skip(f"{name} cannot be made here")
    assert reason in run_with_timeout(lambda: refused(specials[name]))


def test_3_a_device_is_never_opened(specials: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Any] = []
    real = os.open
    monkeypatch.setattr(saves_mod.os, "open", lambda p, *a, **k: opened.append(p) or real(p, *a, **k))
    for name in ("special_fifo.json", "special_link_to_zero.json", "special_socket.json"):
        if name in specials:
            refused(specials[name])
    assert opened == []


def test_3_the_read_stops_at_the_cap_whatever_stat_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "grows.json"
    path.write_bytes(b"{" + b" " * 5000 + b"}")
    with pytest.raises(SaveError, match="too large"):
        read_bytes(path, limit=1000)
    assert len(read_bytes(path, limit=10_000)) == 5002
    assert MAX_BYTES == 16 * 1024 * 1024


def test_3_a_fifo_swapped_in_after_the_stat_does_not_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "swap.json"
    os.mkfifo(fifo)
    regular = os.stat(make_corpus.__file__)
    real_stat = os.stat
    monkeypatch.setattr(saves_mod.os, "stat", lambda p, *a, **k: regular if Path(p) == fifo else real_stat(p, *a, **k))
    message = run_with_timeout(lambda: refused(fifo))
    assert "named pipe" in message


# -- 4. text that reaches a terminal --------------------------------------------------------------
@pytest.mark.parametrize(("raw", "shown"), [
    ("\x1b[2J\x1b[H", "\\x1b[2J\\x1b[H"),
    ("\x1b]52;c;ZWNobw==\x07", "\\x1b]52;c;ZWNobw==\\x07"),
    ("a\u202eb", "a\\u202eb"),
    ("\x9b31m", "\\x9b31m"),
    ("line\nbreak\ttab\r", "line\\x0abreak\\x09tab\\x0d"),
    ("x\ud800y", "x\\ud800y"),
    ("Sofía 💥 Tomás [bold]", "Sofía 💥 Tomás [bold]"),
])
def test_4_safe_text_escapes_what_a_terminal_obeys(raw: str, shown: str) -> None:
    assert safe_text(raw) == shown
    assert not has_unsafe(safe_text(raw))


def test_4_safe_text_cuts_long_fields() -> None:
    assert safe_text("x" * 500, 10) == "x" * 9 + "…"


def test_4_listing_fields_are_terminal_safe_without_a_replay(tmp_path: Path) -> None:
    path = save(make_match(), tmp_path / "g.json")
    doc = json.loads(path.read_text())
    doc["title"] = "\x1b[2JHigh Card"
    doc["summary"] = "\x1b]52;c;cm0gLXJm\x07"
    path.write_text(json.dumps(doc))
    [info] = scan(tmp_path)
    assert not info.error
    assert info.title == "\\x1b[2JHigh Card" and info.summary == "\\x1b]52;c;cm0gLXJm\\x07"
    [checked] = scan(tmp_path, games.game)  # the full check refuses it
    assert "its title" in checked.error and checked.title == info.title
    doc["seats"][0]["name"] = "\x1b[31mAna"
    path.write_text(json.dumps(doc))
    [info] = scan(tmp_path)
    assert "seat name '\\x1b[31mAna'" in info.error and not has_unsafe(info.error)


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("title", "\x1b[2JHigh Card", "its title"),
    ("title", "Villainous", "its title"),
    ("summary", "\x1b]52;c;cm0=\x07", "its summary"),
    ("summary", "Ana wins", "its summary"),
    ("finished", True, "'finished' flag"),
])
def test_4_metadata_the_replay_does_not_make_is_checked(tmp_path: Path, field: str, value: Any, reason: str) -> None:
    path = save(make_match(), tmp_path / "g.json")
    doc = json.loads(path.read_text())
    doc[field] = value
    path.write_text(json.dumps(doc))
    assert reason in refused(path)


@pytest.mark.parametrize("name", ["\x1b[2JAna", "An\x07a", "\u202eanA", "   "])
def test_4_seat_names_with_control_characters_are_refused_even_when_the_log_replays(tmp_path: Path,
                                                                                   name: str) -> None:
    path = save(make_match(names=(name, "Luis")), tmp_path / "g.json")
    assert "seat name" in refused(path)


def test_4_metadata_fields_are_required(tmp_path: Path) -> None:
    for field in ("title", "summary", "finished"):
        path = save(make_match(), tmp_path / "g.json")
        doc = json.loads(path.read_text())
        doc.pop(field)
        path.write_text(json.dumps(doc))
        assert f"'{field}'" in refused(path)


# -- 5. save-as and another game's file -----------------------------------------------------------
def test_5_same_game_tells_a_later_state_from_another_game(tmp_path: Path) -> None:
    match = make_match()
    path = save(match, tmp_path / "mine.json")
    match.play(match.legal()[0].id)
    assert same_game(path, match)
    other = save(make_match(), tmp_path / "other.json")  # same seed and seats, another start time
    assert not same_game(other, match)
    (tmp_path / "broken.json").write_text("{")
    assert not same_game(tmp_path / "broken.json", match)
    assert not same_game(tmp_path / "missing.json", match)


# -- 6. stale temporary files and the folder fsync ------------------------------------------------
def _dead_pid() -> int:
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(proc.stdout)


def test_6_temp_files_of_dead_writers_are_removed_on_the_next_write(tmp_path: Path) -> None:
    dead = _dead_pid()
    stale = tmp_path / f".g.json.{dead}.abc123.tmp"
    stale.write_bytes(b"half a save")
    live = tmp_path / f".g.json.{os.getpid()}.xyz789.tmp"  # a write of this process in progress
    live.write_bytes(b"in progress")
    other = tmp_path / f".h.json.{dead}.abc.tmp"  # another target: left for the listing
    other.write_bytes(b"x")
    save(make_match(), tmp_path / "g.json")
    assert not stale.exists() and live.exists() and other.exists()
    scan(tmp_path)
    assert not other.exists() and live.exists()


def test_6_old_temp_files_are_removed_whatever_their_pid(tmp_path: Path) -> None:
    old = tmp_path / ".g.json.k2j3h4.tmp"  # the pre-pid naming
    young = tmp_path / ".g.json.q9w8e7.tmp"
    for path in (old, young):
        path.write_bytes(b"x")
    past = time.time() - STALE_AFTER - 5
    os.utime(old, (past, past))
    keep = tmp_path / ".hidden-notes"
    keep.write_text("not a temp file")
    assert remove_stale_temps(tmp_path) == [old.name]
    assert young.exists() and keep.exists()


def test_6_a_write_killed_with_sigkill_leaves_nothing_after_the_next_save(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    save(make_match(), target)
    before = target.read_bytes()
    script = (
        "import os, sys; sys.path.insert(0, sys.argv[2]); sys.path.insert(0, sys.argv[3])\n"
        "from tabletop.engine import saves\n"
        "saves.os.replace = lambda *a: os.kill(os.getpid(), 9)\n"
        "saves.atomic_write(saves.Path(sys.argv[1]), b'new bytes')\n"
    )
    proc = subprocess.run([sys.executable, "-c", script, str(target), str(ROOT), str(ROOT / "tests")],
                          capture_output=True, timeout=60)
    assert proc.returncode == -9, proc.stderr
    assert target.read_bytes() == before
    assert any(p.name.endswith(".tmp") for p in tmp_path.iterdir())  # what a kill leaves
    save(make_match(seed=9), target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.json.bak"]


def test_6_the_folder_is_fsynced_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("fsync-dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync-file")
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        events.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(saves_mod.os, "fsync", fsync)
    monkeypatch.setattr(saves_mod.os, "replace", replace)
    save(make_match(), tmp_path / "g.json")
    assert events == ["fsync-file", "replace", "fsync-dir"]
