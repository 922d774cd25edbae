"""Save files: round trip, atomic writes with a backup, crash safety, every corrupt input refused
with a one-line ``SaveError``, safe names, and the saves folder scan."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine import saves as saves_mod
from tabletop.engine.saves import (
    FORMAT,
    VERSION,
    SaveError,
    default_name,
    document,
    load,
    path_in,
    sanitize_name,
    save,
    saves_dir,
    scan,
)
from tabletop.engine.state import to_plain


def make_match(seed: int = 31, steps: int = 5) -> Match:
    """A game in progress with a non-ASCII name, a bot seat, a roll and a draw behind it."""
    match = Match.start(games.game("highcard"), [Seat("Sofía"), Seat("Tomás"), Seat("Bot 3", "highest")],
                        {"hand": "2"}, seed=seed)
    for _ in range(steps):
        if match.bot_to_move():
            match.bot_step()
        else:
            ids = [a.id for a in match.legal()]
            match.play("roll" if "roll" in ids else ids[0])
    assert any(e["k"] == "roll" for e in match.state.log)
    return match


@pytest.fixture
def match() -> Match:
    return make_match()


@pytest.fixture
def saved(tmp_path: Path, match: Match) -> Path:
    return save(match, tmp_path / "game.json")


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp") or p.name.startswith("."))


def refused(path: Path) -> str:
    """Load ``path``, expect a one-line SaveError naming the file, return its message."""
    with pytest.raises(SaveError) as info:
        load(path, games.game)
    message = str(info.value)
    assert "\n" not in message and "\r" not in message, message
    assert message.startswith(f"{path}: "), message
    assert len(message) < 300, message
    return message


def rewrite(path: Path, edit: Any) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


# -- round trip -----------------------------------------------------------------------------------
def test_round_trip(saved: Path, match: Match) -> None:
    loaded = load(saved, games.game)
    assert to_plain(loaded.state) == to_plain(match.state)
    assert loaded.seats == match.seats
    assert loaded.options == match.options == {"hand": 2, "dice": True}
    assert loaded.seed == match.seed
    assert loaded.actions == match.actions
    assert (loaded.created, loaded.updated) == (match.created, match.updated)
    assert loaded.game is games.game("highcard")
    # and the loaded match plays on like the original
    assert [a.id for a in loaded.legal()] == [a.id for a in match.legal()]


def test_document_fields(saved: Path, match: Match) -> None:
    doc = json.loads(saved.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT == "tabletop-save" and doc["version"] == VERSION == 3
    assert doc["game"] == "highcard" and doc["title"] == "High Card"
    assert doc["seats"] == [{"name": "Sofía", "kind": "human"}, {"name": "Tomás", "kind": "human"},
                            {"name": "Bot 3", "kind": "highest"}]
    assert doc["seed"] == 31 and doc["actions"] == match.actions
    assert doc["summary"] == match.summary() and doc["finished"] is False
    assert doc["state"] == json.loads(json.dumps({k: v for k, v in to_plain(match.state).items() if k != "log"}))
    assert "log" not in doc["state"] and match.state.log, "the log is left out: load rebuilds it by replay"
    assert "Sofía" in saved.read_text(encoding="utf-8")  # UTF-8, not \\u escapes


def test_finished_game_round_trips(tmp_path: Path) -> None:
    match = Match.start(games.game("highcard"), [Seat("A", "random"), Seat("B", "random")], {}, seed=2)
    while match.bot_to_move():
        match.bot_step()
    path = save(match, tmp_path / "done.json")
    assert document(match)["finished"] is True
    loaded = load(path, games.game)
    assert loaded.result() == match.result()


def test_save_accepts_a_str_path_and_creates_the_folder(tmp_path: Path, match: Match) -> None:
    target = tmp_path / "a" / "b" / "s.json"
    assert save(match, str(target)) == target  # type: ignore[arg-type]
    assert load(target, games.game).actions == match.actions


# -- atomic writes --------------------------------------------------------------------------------
def test_first_save_has_no_backup_and_leaves_no_temp_file(saved: Path) -> None:
    assert sorted(p.name for p in saved.parent.iterdir()) == ["game.json"]


def test_saving_again_keeps_the_previous_version_as_bak(saved: Path, match: Match) -> None:
    first = saved.read_bytes()
    match.play(next(a.id for a in match.legal()))
    save(match, saved)
    bak = saved.with_name("game.json.bak")
    assert bak.read_bytes() == first
    assert load(saved, games.game).actions == match.actions
    assert load(bak, games.game).actions == match.actions[:-1]
    third_before = saved.read_bytes()
    match.play(next(a.id for a in match.legal()))
    save(match, saved)
    assert bak.read_bytes() == third_before  # one backup: the version just replaced
    assert sorted(p.name for p in saved.parent.iterdir()) == ["game.json", "game.json.bak"]


def _boom(*args: Any, **kwargs: Any) -> None:
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("where", ["fsync", "replace", "replace-last", "write"])
def test_a_crash_mid_write_leaves_the_previous_file_intact(saved: Path, match: Match,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           where: str) -> None:
    old = saved.read_bytes()
    match.play(next(a.id for a in match.legal()))
    if where == "fsync":
        monkeypatch.setattr(saves_mod.os, "fsync", _boom)
    elif where == "replace":
        monkeypatch.setattr(saves_mod.os, "replace", _boom)
    elif where == "replace-last":
        # fail only the rename that puts the new file in place (whatever renames come before it)
        real = os.replace

        def replace(src: Any, dst: Any) -> None:
            if Path(dst) == saved:
                _boom()
            real(src, dst)

        monkeypatch.setattr(saves_mod.os, "replace", replace)
    else:
        real_fdopen = os.fdopen

        def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
            handle = real_fdopen(fd, *args, **kwargs)

            class Half:
                def __enter__(self) -> Any:
                    handle.__enter__()
                    return self

                def __exit__(self, *exc: Any) -> Any:
                    return handle.__exit__(*exc)

                def write(self, data: bytes) -> int:
                    handle.write(data[: len(data) // 2])
                    raise OSError(5, "Input/output error")

                def __getattr__(self, name: str) -> Any:
                    return getattr(handle, name)

            return Half()

        monkeypatch.setattr(saves_mod.os, "fdopen", fdopen)
    with pytest.raises(OSError):
        save(match, saved)
    monkeypatch.undo()
    assert saved.read_bytes() == old
    assert load(saved, games.game).actions == match.actions[:-1]
    assert leftovers(saved.parent) == []


def test_an_interrupt_mid_write_cleans_up_too(saved: Path, match: Match, monkeypatch: pytest.MonkeyPatch) -> None:
    old = saved.read_bytes()

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(saves_mod.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save(match, saved)
    monkeypatch.undo()
    assert saved.read_bytes() == old and leftovers(saved.parent) == []


# -- corrupt inputs -------------------------------------------------------------------------------
def test_missing_file(tmp_path: Path) -> None:
    assert "no such save file" in refused(tmp_path / "nope.json")


def test_a_folder_instead_of_a_file(tmp_path: Path) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert "is a folder" in refused(folder)


@pytest.mark.parametrize("content", [b"", b"   \n\t\n"])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.json"
    path.write_bytes(content)
    assert "empty" in refused(path)


@pytest.mark.parametrize("content", [b"hello, world", b"{'format': 'tabletop-save'}", b"<xml/>",
                                     b'{"a": 1} trailing', b"\n\n  nope\n"])
def test_not_json(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert "not JSON" in refused(path)


def test_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(bytes(range(128, 256)) * 4)
    assert "not a save file" in refused(path)


@pytest.mark.parametrize("content", ["[1, 2, 3]", "42", '"text"', "null"])
def test_json_but_not_a_document(tmp_path: Path, content: str) -> None:
    path = tmp_path / "other.json"
    path.write_text(content)
    assert "not a Tabletop document" in refused(path)


def test_truncated_in_half(saved: Path) -> None:
    raw = saved.read_bytes()
    saved.write_bytes(raw[: len(raw) // 2])
    assert "truncated" in refused(saved)


def test_every_truncation_of_a_real_save_is_called_truncated(saved: Path) -> None:
    raw = saved.read_bytes()
    cut = saved.with_name("cut.json")
    for n in range(1, len(raw)):
        cut.write_bytes(raw[:n])
        message = refused(cut)
        assert "truncated" in message, (n, raw[max(0, n - 20):n], message)


@pytest.mark.parametrize(("edit", "expected"), [
    (lambda d: d.update(format="something-else"), "not a Tabletop save (format 'something-else')"),
    (lambda d: d.pop("format"), "not a Tabletop save"),
    (lambda d: d.update(version=VERSION + 1), "made by a newer Tabletop (save format 4, this reads 3)"),
    (lambda d: d.update(version=99), "newer Tabletop"),
    (lambda d: d.update(version=0), "unknown save format version 0"),
    (lambda d: d.update(version="1"), "'version' is missing or not a number"),
    (lambda d: d.update(version=True), "'version' is missing or not a number"),
    (lambda d: d.pop("version"), "'version' is missing or not a number"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d.update(game="../highcard"), "unknown game"),
])
def test_format_version_and_game(saved: Path, edit: Any, expected: str) -> None:
    rewrite(saved, edit)
    assert expected in refused(saved)


@pytest.mark.parametrize("field", ["game", "seats", "options", "seed", "actions", "state", "created", "updated"])
def test_missing_fields(saved: Path, field: str) -> None:
    rewrite(saved, lambda d: d.pop(field))
    message = refused(saved)
    assert repr(field) in message and "missing" in message.lower()


@pytest.mark.parametrize(("edit", "where"), [
    (lambda d: d.update(seed="31"), "'seed'"),
    (lambda d: d.update(seed=31.5), "'seed'"),
    (lambda d: d.update(seed=None), "'seed'"),
    (lambda d: d.update(actions="mark c01"), "'actions'"),
    (lambda d: d.update(actions=[1, 2]), "'actions.0'"),
    (lambda d: d.update(seats={"name": "x"}), "'seats'"),
    (lambda d: d.update(seats=[]), "'seats'"),
    (lambda d: d.update(seats=[{"name": 5, "kind": "human"}, {"name": "B", "kind": "human"}]), "'seats.0.name'"),
    (lambda d: d.update(seats=[{"name": "", "kind": "human"}, {"name": "B", "kind": "human"}]), "'seats.0.name'"),
    (lambda d: d.update(seats=[{"name": "x" * 41, "kind": "human"}, {"name": "B", "kind": "human"}]), "'seats.0.name'"),
    (lambda d: d.update(seats=[{"name": "A"}, {"name": "B", "kind": "human"}]), "'seats.0.kind'"),
    (lambda d: d.update(options=[]), "'options'"),
    (lambda d: d.update(state=[]), "'state'"),
    (lambda d: d.update(game=7), "'game'"),
    (lambda d: d.update(updated="yesterday"), "'updated'"),
    (lambda d: d["state"].update(turn="one"), "state field 'turn'"),
    (lambda d: d["state"].update(deck="c01 c02"), "state field 'deck'"),
    (lambda d: d["state"].update(players=[{"name": "A"}]), "state field 'players.0"),
])
def test_fields_of_the_wrong_type(saved: Path, edit: Any, where: str) -> None:
    rewrite(saved, edit)
    assert where in refused(saved)


def test_state_with_a_missing_or_unknown_field(saved: Path) -> None:
    rewrite(saved, lambda d: d["state"].pop("deck"))
    assert "deck" in refused(saved)
    rewrite(saved, lambda d: d["state"].update(deck=[], cheat=True))
    assert "cheat" in refused(saved)


def test_too_many_players(saved: Path) -> None:
    rewrite(saved, lambda d: d["seats"].append({"name": "Extra", "kind": "human"}))
    assert "High Card is for 2–3 players, not 4" in refused(saved)


def test_unknown_bot_kind(saved: Path) -> None:
    rewrite(saved, lambda d: d["seats"][2].update(kind="genius"))
    assert "unknown kind of bot 'genius'" in refused(saved)


@pytest.mark.parametrize(("options", "expected"), [({"hand": 9}, "option hand"), ({"turbo": True}, "no option 'turbo'")])
def test_bad_options(saved: Path, options: dict[str, Any], expected: str) -> None:
    rewrite(saved, lambda d: d.update(options=options))
    assert expected in refused(saved)


def test_state_that_does_not_match_its_log(saved: Path) -> None:
    rewrite(saved, lambda d: d["state"]["players"][0].update(score=d["state"]["players"][0]["score"] + 10))
    assert "does not match its own action log" in refused(saved)


@pytest.mark.parametrize("edit", [
    lambda d: d["state"].update(rng=d["state"]["rng"] ^ 1),  # a loaded die
    lambda d: d["state"].update(rng=str(d["state"]["rng"])),  # coercible, but not what was saved
    lambda d: d["state"]["deck"].reverse(),  # a stacked deck
    lambda d: d.update(seed=d["seed"] + 1),  # a different game from the same actions
    lambda d: d["actions"].pop(),  # a log that stops early
])
def test_other_tampering_is_caught_by_replay(saved: Path, edit: Any) -> None:
    rewrite(saved, edit)
    message = refused(saved)
    assert "does not match" in message or "does not replay" in message


# -- the log (format 3 leaves it out; format 2 stored it) -----------------------------------------
def test_the_log_is_rebuilt_by_the_replay(saved: Path, match: Match) -> None:
    assert "log" not in json.loads(saved.read_text(encoding="utf-8"))["state"]
    loaded = load(saved, games.game)
    assert loaded.state.log == match.state.log and len(loaded.state.log) > 3


@pytest.mark.parametrize("log", [[], [{"k": "deal", "seat": 0}], None, "deal"])
def test_a_format_3_state_holding_a_log_is_refused(saved: Path, log: Any) -> None:
    rewrite(saved, lambda d: d["state"].update(log=log))
    assert "its state holds a log, which a format-3 save leaves out" in refused(saved)


def as_format_2(match: Match) -> Any:
    """What format 2 wrote for ``match``: the same document with the log in the state."""
    def edit(doc: dict[str, Any]) -> None:
        doc["version"] = 2
        doc["state"] = json.loads(json.dumps(to_plain(match.state)))
    return edit


def test_a_format_2_save_loads_its_log_replaced_by_the_replays(saved: Path, match: Match) -> None:
    rewrite(saved, as_format_2(match))
    assert load(saved, games.game).state.log == match.state.log

    def edited_log(doc: dict[str, Any]) -> None:
        doc["state"]["log"][0] = {"k": "deal", "note": "not what happened"}
        doc["state"]["log"].append({"k": "win", "seat": 1})
    rewrite(saved, edited_log)  # the stored log is never read: nothing of the edit survives
    assert load(saved, games.game).state.log == match.state.log


@pytest.mark.parametrize(("edit", "expected"), [
    (lambda d: d["state"].pop("log"), "missing ['log']"),
    (lambda d: d["state"].update(log="deal"), "state field 'log'"),
    (lambda d: d["state"].update(log=[1, 2]), "state field 'log.0'"),
    (lambda d: d["state"].update(log={"0": {"k": "deal"}}), "state field 'log'"),
])
def test_a_format_2_log_of_the_wrong_shape_is_refused(saved: Path, match: Match, edit: Any, expected: str) -> None:
    rewrite(saved, as_format_2(match))
    rewrite(saved, edit)
    assert expected in refused(saved)


@pytest.mark.parametrize("edit", [
    lambda d: d["actions"].append("bogus"),
    lambda d: d["actions"].insert(0, "play"),
    lambda d: d["actions"].__setitem__(0, "mark c99"),
])
def test_an_action_log_that_does_not_replay(saved: Path, edit: Any) -> None:
    rewrite(saved, edit)
    assert "its action log does not replay" in refused(saved)


def test_extra_unknown_envelope_keys_are_tolerated(saved: Path) -> None:
    rewrite(saved, lambda d: d.update(comment="from a newer minor version"))
    assert load(saved, games.game).seed == 31


# -- names stay in the folder ---------------------------------------------------------------------
NASTY = ["../../etc/passwd", "/etc/passwd", "..", ".", "", "   ", "....", "a/b\\c", "C:\\Windows\\evil",
         "~/x", "..\\..\\boot.ini", "name\x00.json", "line\nbreak", ".hidden", "x" * 500, "../",
         "game.json", "GAME.JSON", "tab\tname", "é💥", "-rf *", "%2e%2e%2f"]


@pytest.mark.parametrize("name", NASTY)
def test_sanitize_name_gives_a_plain_file_name(name: str) -> None:
    clean = sanitize_name(name)
    assert clean.endswith(".json") and len(clean) <= 65
    assert "/" not in clean and "\\" not in clean and "\x00" not in clean and "\n" not in clean
    assert not clean.startswith(".") and not clean.startswith(" ")
    assert clean not in (".json", "..json")


@pytest.mark.parametrize("name", NASTY)
def test_path_in_never_leaves_the_folder(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    target = path_in(folder, name)
    assert target.parent == folder.resolve()
    assert target.name == sanitize_name(name)


def test_sanitize_name_examples() -> None:
    assert sanitize_name("My game") == "My game.json"
    assert sanitize_name("my-game.json") == "my-game.json"
    assert sanitize_name("../../etc/passwd") == "_.._etc_passwd.json"
    assert sanitize_name("") == sanitize_name("..") == sanitize_name(".") == "game.json"


def test_path_in_refuses_a_symlink_out_of_the_folder(tmp_path: Path) -> None:
    folder, outside = tmp_path / "saves", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    (folder / "evil.json").symlink_to(outside / "target.json")
    with pytest.raises(SaveError, match="not a valid save name"):
        path_in(folder, "evil")


def test_default_name_is_safe_and_names_the_game() -> None:
    name = default_name("highcard")
    assert name.startswith("highcard-") and name.endswith(".json") and name == sanitize_name(name)


def test_saves_dir_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TABLETOP_SAVES", raising=False)
    assert saves_dir() == Path("saves")
    monkeypatch.setenv("TABLETOP_SAVES", str(tmp_path / "env"))
    assert saves_dir() == tmp_path / "env"
    assert saves_dir(tmp_path / "flag") == tmp_path / "flag"


# -- scanning the folder --------------------------------------------------------------------------
def test_scan_of_a_missing_or_empty_folder(tmp_path: Path) -> None:
    assert scan(tmp_path / "missing") == []
    assert scan(tmp_path) == []


def test_scan_lists_saves_newest_first_and_unreadable_files_with_their_error(tmp_path: Path) -> None:
    older, newer = make_match(seed=1), make_match(seed=2, steps=7)
    older.updated, newer.updated = 1_700_000_000.0, 1_800_000_000.0
    save(older, tmp_path / "older.json")
    save(newer, tmp_path / "newer.json")
    save(newer, tmp_path / "newer.json")  # leaves newer.json.bak, which is not listed
    (tmp_path / "broken.json").write_text('{"format": "tabletop-save", "version": 1, "game": "high')
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "future.json").write_text(json.dumps({"format": FORMAT, "version": 9}))
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "notes.txt").write_text("not a save")
    infos = scan(tmp_path)
    by_name = {i.path.name: i for i in infos}
    assert sorted(by_name) == ["broken.json", "empty.json", "folder.json", "future.json", "newer.json", "older.json"]
    good = [i for i in infos if not i.error]
    assert [i.path.name for i in good] == ["newer.json", "older.json"]
    assert good[0].game == "highcard" and good[0].title == "High Card"
    assert good[0].players == "Sofía, Tomás, Bot 3"
    assert good[0].summary == newer.summary() and good[0].updated == 1_800_000_000.0
    assert not good[0].finished
    assert "truncated" in by_name["broken.json"].error
    assert "empty" in by_name["empty.json"].error
    assert "newer Tabletop" in by_name["future.json"].error
    assert "folder" in by_name["folder.json"].error
    for info in infos:
        assert "\n" not in info.error
        time.localtime(info.updated)  # every entry has a usable date


@pytest.mark.parametrize("doc", [
    {"format": FORMAT, "version": 1, "seats": 5, "updated": "soon", "summary": ["x"]},
    {"format": FORMAT, "version": 1, "seats": "AB", "updated": None, "finished": "yes"},
    {"format": FORMAT, "version": 1, "seats": [1, None, {"name": "A"}], "updated": [], "title": None},
    {"format": FORMAT, "version": 1, "updated": 1e300},
    {"format": FORMAT, "version": 1, "updated": -1e300},
    {"format": FORMAT, "version": 1, "updated": {"when": "now"}},
])
def test_scan_survives_strange_documents(tmp_path: Path, doc: dict[str, Any]) -> None:
    (tmp_path / "strange.json").write_text(json.dumps(doc))
    [info] = scan(tmp_path)
    assert info.path.name == "strange.json"
    time.localtime(info.updated)
    time.strftime("%Y-%m-%d %H:%M", time.localtime(info.updated))


def test_scan_survives_nan_dates(tmp_path: Path) -> None:
    (tmp_path / "nan.json").write_text('{"format": "tabletop-save", "version": 1, "updated": NaN}')
    (tmp_path / "inf.json").write_text('{"format": "tabletop-save", "version": 1, "updated": Infinity}')
    for info in scan(tmp_path):
        time.localtime(info.updated)


def test_scan_survives_a_dangling_symlink(tmp_path: Path) -> None:
    (tmp_path / "gone.json").symlink_to(tmp_path / "deleted-long-ago.json")
    save(make_match(), tmp_path / "real.json")
    infos = {i.path.name: i for i in scan(tmp_path)}
    assert not infos["real.json"].error
    assert "no such save file" in infos["gone.json"].error
    time.localtime(infos["gone.json"].updated)


def test_saving_onto_a_folder_fails_cleanly(tmp_path: Path, match: Match) -> None:
    folder = tmp_path / "taken.json"
    folder.mkdir()
    (folder / "inside").write_text("keep me")
    with pytest.raises(OSError):
        save(match, folder)
    assert (folder / "inside").read_text() == "keep me"
    assert leftovers(tmp_path) == [] and not (tmp_path / "taken.json.bak").exists()
