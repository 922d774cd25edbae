"""Write-behind autosave (issue #15): the encoder writes exactly what ``saves.save`` writes, the
writer coalesces, stays atomic, reports failures, and finishes its write before the process ends."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine import Match, Seat, saves
from tabletop.engine.autosave import DocumentEncoder, WriteBehind
from tabletop.engine.rng import Rng

ROOT = Path(__file__).resolve().parents[2]


def full_bytes(match: Match) -> bytes:
    return json.dumps(saves.document(match), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@pytest.mark.parametrize("game_id", sorted(games.specs()))
def test_encoder_writes_what_save_writes_after_every_action_and_undo(game_id: str, tmp_path: Path) -> None:
    spec = games.spec(game_id)
    players, options = max((s for s in spec.conformance_setups() if s[0] <= 3), key=lambda s: s[0])
    match = Match.start(games.game(game_id), [Seat(f"P{i}") for i in range(players)], options, seed=11)
    encoder = DocumentEncoder()
    rnd = Rng(5)
    for _ in range(120):
        if match.decision() is None:
            break
        legal = match.legal()
        match.play(legal[rnd.below(len(legal))].id)
        if rnd.below(4) == 0:
            match.undo()
        assert encoder.encode(match) == full_bytes(match)
    assert encoder.encode(match) == full_bytes(match)
    json.loads(encoder.encode(match))  # and it is a document
    path = tmp_path / "auto.json"
    path.write_bytes(encoder.encode(match))
    loaded = saves.load(path, games.game)  # that loads, its log rebuilt by the replay
    assert loaded.actions == match.actions and loaded.state.log == match.state.log


def test_encoder_encodes_only_the_new_actions_and_never_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """The key path's cost does not grow with the game: the actions seen before are not encoded
    again, and the log (most of a long game's state) is not in the document at all."""
    from tabletop.engine import autosave

    match = Match.start(games.game("villainous"), [Seat("A", "random"), Seat("B", "random")], {}, seed=3)
    for _ in range(60):
        match.bot_step()
    encoder = DocumentEncoder()
    encoder.encode(match)
    encoded: list[object] = []
    real = autosave._dumps
    monkeypatch.setattr(autosave, "_dumps", lambda value: encoded.append(value) or real(value))
    match.bot_step()
    match.bot_step()
    data = encoder.encode(match)
    assert [v for v in encoded if isinstance(v, str)] == match.actions[-2:]
    assert all(not isinstance(v, dict) or "log" not in v for v in encoded)
    assert data == full_bytes(match) and "log" not in json.loads(data)["state"]


class Gate:
    """A stand-in for ``atomic_write`` that blocks until released and records what it wrote."""

    def __init__(self, fail: OSError | None = None) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.writes: list[bytes] = []
        self.threads: set[int] = set()
        self.fail = fail

    def __call__(self, path: Path, data: bytes) -> None:
        self.threads.add(threading.get_ident())
        self.entered.set()
        assert self.release.wait(10), "the test never released the writer"
        if self.fail is not None:
            raise self.fail
        self.writes.append(data)


def test_writer_returns_at_once_and_writes_only_the_newest_pending_document(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(saves, "atomic_write", gate)
    writer = WriteBehind()
    target = tmp_path / "g.json"
    writer.submit(target, b"1")
    assert gate.entered.wait(5)
    for doc in (b"2", b"3", b"4"):
        writer.submit(target, doc)  # the first is still being written: these wait, newest wins
    assert writer.pending()
    assert gate.writes == []
    gate.release.set()
    assert writer.flush(5)
    assert gate.writes == [b"1", b"4"]
    assert threading.get_ident() not in gate.threads
    assert not writer.pending() and writer.take_errors() == []


def test_writer_keeps_each_files_newest_document(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[tuple[str, bytes]] = []
    monkeypatch.setattr(saves, "atomic_write", lambda path, data: written.append((path.name, data)))
    writer = WriteBehind()
    writer.submit(tmp_path / "a.json", b"a1")
    writer.submit(tmp_path / "b.json", b"b1")
    writer.submit(tmp_path / "a.json", b"a2")
    assert writer.flush(5)
    assert ("b.json", b"b1") in written and written[-1][0] in {"a.json", "b.json"}
    assert [d for n, d in written if n == "a.json"][-1] == b"a2"


def test_writer_is_atomic_on_a_real_folder_and_keeps_the_backup(tmp_path: Path) -> None:
    writer = WriteBehind()
    target = tmp_path / "deep" / "g.json"
    writer.submit(target, b'{"v":1}')
    assert writer.flush(5)
    writer.submit(target, b'{"v":2}')
    assert writer.flush(5)
    assert target.read_bytes() == b'{"v":2}'
    assert (target.parent / "g.json.bak").read_bytes() == b'{"v":1}'
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_failed_write_is_kept_and_signalled_never_lost(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate(fail=OSError(28, "No space left on device"))
    gate.release.set()
    monkeypatch.setattr(saves, "atomic_write", gate)
    signalled = threading.Event()
    writer = WriteBehind(on_error=signalled.set)
    writer.submit(tmp_path / "g.json", b"x")
    assert writer.flush(5)
    assert signalled.is_set()
    assert writer.take_errors() == ["Could not save g.json: No space left on device"]
    assert writer.take_errors() == []  # reported once


def test_the_writer_thread_ends_when_idle_and_is_not_a_daemon(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(saves, "atomic_write", gate)
    writer = WriteBehind()
    writer.submit(tmp_path / "g.json", b"x")
    assert gate.entered.wait(5)
    thread = next(t for t in threading.enumerate() if t.name == "tabletop-autosave")
    assert not thread.daemon
    gate.release.set()
    thread.join(5)
    assert not thread.is_alive()


CRASH = r"""
import sys, time
sys.path.insert(0, sys.argv[2])
from pathlib import Path
from tabletop.engine import saves
from tabletop.engine.autosave import WriteBehind
real = saves.atomic_write
def slow(path, data):
    time.sleep(0.3)
    real(path, data)
saves.atomic_write = slow
WriteBehind().submit(Path(sys.argv[1]), b"last state")
raise RuntimeError("the program fails right after the action")
"""


def test_the_last_document_reaches_the_disk_even_when_the_program_fails_at_once(tmp_path: Path) -> None:
    target = tmp_path / "g.json"
    run = subprocess.run([sys.executable, "-c", CRASH, str(target), str(ROOT)], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 1 and "RuntimeError" in run.stderr
    assert target.read_bytes() == b"last state"
