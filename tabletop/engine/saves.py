"""Save files: one JSON document per game, written atomically, validated strictly on load.

The document holds the format name and version, the game id, seats, options, seed, the actions
taken and the current state without its event log. Loading replays the actions from the seed and
insists the result is the stored state, so a save that was edited by hand, truncated or made by
another program is refused with a one-line ``SaveError`` instead of being half-trusted; the log is
the replay's (it is what the actions produce, so storing it would only repeat them, in 3/4 of the
bytes).
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .core import Game, IllegalAction, Seat
from .match import Match
from .msg import Msg, Text
from .safe_text import has_unsafe, safe_text
from .save_reader import SaveError, _reason, parse, read_bytes
from .state import from_plain, to_plain

FORMAT = "tabletop-save"
VERSION = 3
"""Format 3: the state is stored without its event log, which loading rebuilds by replaying the
actions (it did so already to check the state). Format 2 (the log stored as structured events)
still loads, its stored log checked for shape and then replaced by the replay's; format 1
(sentences in English in the log and in pending choices) too: see ``_facts``."""
LOG = "log"
"""The state field a format-3 save leaves out (``BaseState.log``)."""
SUFFIX = ".json"


# -- writing ------------------------------------------------------------------------------------
STALE_AFTER = 60.0
"""Seconds after which a leftover temporary file is removed even if its writer seems alive."""

_TMP = re.compile(r"\.(?P<target>.+?)\.(?:(?P<pid>[0-9]+)\.)?[^.]*\.tmp")


def _tmp_prefix(path: Path) -> str:
    return f".{path.name}.{os.getpid()}."


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old file or the new one.

    The bytes go to a temporary file in the same folder (named ``.<name>.<pid>.<random>.tmp``),
    which is flushed and fsynced and then renamed over the target in one step; the folder itself
    is then fsynced so the rename survives a power cut. The previous version is kept as
    ``<name>.bak``: a second link to (or a copy of) the old file, never a rename of it, so there
    is no moment at which ``path`` does not exist. Temporary files left by killed writers of the
    same target are removed first (see ``remove_stale_temps``).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path.parent, only=path.name)
    fd, tmp = tempfile.mkstemp(prefix=_tmp_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.is_file():
            _backup(path, path.with_name(path.name + ".bak"))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable; a system that cannot open folders (Windows) skips it."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the file itself is already synced
    finally:
        os.close(fd)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's live process (or a pid we cannot ask about): leave it
    return True


def remove_stale_temps(folder: Path, only: str | None = None, now: float | None = None) -> list[str]:
    """Delete temporary files that a killed write left behind; return their names.

    The rule: ``.<name>.<pid>.<random>.tmp`` is stale when process ``pid`` no longer exists, or
    when it is older than ``STALE_AFTER`` seconds whatever its pid says (pids are reused, and
    files from before pids were in the name have none). A live write keeps its temporary file
    for milliseconds (write, fsync, rename), so no write in progress is ever touched: a writer
    that is still running has a live pid, and one minute is far beyond any save's write time.
    With ``only``, just the temporary files of that target are considered.
    """
    removed: list[str] = []
    now = time.time() if now is None else now
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = _TMP.fullmatch(entry.name)
        if found is None or (only is not None and found["target"] != only):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            pid = found["pid"]
            if (pid is not None and not _pid_alive(int(pid))) or now - info.st_mtime > STALE_AFTER:
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            continue  # gone already, or not ours to remove
    return removed


def _backup(path: Path, bak: Path) -> None:
    """Make ``bak`` hold the current ``path`` while leaving ``path`` in place."""
    bak.unlink(missing_ok=True)
    try:
        os.link(path, bak)
    except OSError:  # a file system without hard links
        shutil.copy2(path, bak)


def document(match: Match) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.spec.id,
        "title": match.game.spec.title,
        "seats": [{"name": s.name, "kind": s.kind} for s in match.seats],
        "options": match.options,
        "seed": match.seed,
        "summary": plain_text(match.summary()),
        "finished": match.result() is not None,
        "created": match.created,
        "updated": match.updated,
        "hints": {str(seat): n for seat, n in sorted(match.hints.items())},
        "actions": match.actions,
        "state": stored_state(match.state),
    }


def stored_state(state: Any) -> dict[str, Any]:
    """The state as a save stores it: every field but the log (shares structure with the state)."""
    return {key: value for key, value in to_plain(state).items() if key != LOG}


def save(match: Match, path: Path) -> Path:
    """Write the match to ``path`` atomically and return the path."""
    data = json.dumps(document(match), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    atomic_write(path, data)
    return Path(path)


# -- reading ------------------------------------------------------------------------------------
def _read_document(path: Path) -> dict[str, Any]:
    doc = parse(read_bytes(path), path)
    if not isinstance(doc, dict):
        raise SaveError(f"{path}: not a save file (JSON, but not a Tabletop document)")
    fmt = doc.get("format")
    if fmt != FORMAT:
        what = f"format '{safe_text(fmt, 40)}'" if isinstance(fmt, str) else "no 'format' text"
        raise SaveError(f"{path}: not a Tabletop save ({what})")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{path}: field 'version' is missing or not a number")
    if version > VERSION:
        raise SaveError(f"{path}: made by a newer Tabletop (save format {version}, this reads {VERSION})")
    if version < 1:
        raise SaveError(f"{path}: unknown save format version {version}")
    return doc


LAST_TIME = 253402300800.0
"""The first second of the year 10000: later timestamps cannot be shown as a date."""
_ENVELOPE: Any = None
_STATE_ADAPTERS: dict[type, Any] = {}


def _state_adapter(state_type: type) -> Any:
    from pydantic import TypeAdapter

    if state_type not in _STATE_ADAPTERS:
        _STATE_ADAPTERS[state_type] = TypeAdapter(state_type)
    return _STATE_ADAPTERS[state_type]


def _envelope_adapter() -> Any:
    global _ENVELOPE
    if _ENVELOPE is None:
        from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr

        class SeatModel(BaseModel):
            model_config = ConfigDict(extra="forbid")
            name: StrictStr = Field(min_length=1, max_length=40)
            kind: StrictStr

        class Envelope(BaseModel):
            model_config = ConfigDict(extra="ignore")
            format: StrictStr
            version: StrictInt
            game: StrictStr
            seats: list[SeatModel] = Field(min_length=1)
            options: dict[str, Any]
            seed: StrictInt
            actions: list[StrictStr]
            state: dict[str, Any]
            title: StrictStr
            summary: StrictStr | dict[str, Any]
            finished: StrictBool
            hints: dict[str, StrictInt] = Field(default_factory=dict)
            created: StrictFloat = Field(ge=0, lt=LAST_TIME)
            updated: StrictFloat = Field(ge=0, lt=LAST_TIME)

        _ENVELOPE = Envelope
    return _ENVELOPE


def _first_error(exc: Any) -> str:
    """A pydantic error in one line: the first problem, naming its field (and how many more)."""
    errors = exc.errors(include_url=False, include_context=False, include_input=False)
    err = errors[0]
    loc = ".".join(safe_text(p, 40) for p in err["loc"]) or "document"
    msg = " ".join(str(err["msg"]).split()).lower()
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"field {loc!r}: {safe_text(msg, 160)}{more}"


def load(path: Path, resolve_game: Callable[[str], Game[Any]]) -> Match:
    """Read, validate and replay a save. ``resolve_game`` maps a game id to its rules (raising
    ``ValueError`` for an unknown one). Every failure is a one-line ``SaveError``."""
    from pydantic import ValidationError

    doc = _read_document(path)
    try:
        env = _envelope_adapter().model_validate(doc)
    except ValidationError as exc:
        raise SaveError(f"{path}: {_first_error(exc)}") from None
    try:
        game = resolve_game(env.game)  # (a GameDataError from the card data is not the save's fault)
    except ValueError as exc:
        raise SaveError(f"{path}: {safe_text(exc, 200)}") from None
    seats = [Seat(s.name, s.kind) for s in env.seats]
    try:
        game.spec.check_players(len(seats))
        options = game.spec.resolve_options(env.options)
    except (ValueError, TypeError) as exc:
        raise SaveError(f"{path}: {safe_text(exc, 200)}") from None
    for seat in seats:
        if has_unsafe(seat.name) or not seat.name.strip():
            raise SaveError(f"{path}: seat name '{safe_text(seat.name)}' is blank or holds control characters")
        if seat.is_bot and seat.kind not in game.spec.bots:
            raise SaveError(f"{path}: seat {seat.name!r} is an unknown kind of bot '{safe_text(seat.kind, 40)}'")
    if env.title != game.spec.title:
        raise SaveError(f"{path}: its title '{safe_text(env.title, 60)}' is not the game's ({game.spec.title!r})")
    plain_state = dict(env.state)
    if env.version >= 3:
        if LOG in plain_state:
            raise SaveError(f"{path}: its state holds a log, which a format-{env.version} save leaves out "
                          "(loading rebuilds it by replay)")
        plain_state[LOG] = []  # rebuilt by the replay below; a format-2 log is validated, then dropped
    try:
        _state_adapter(game.state_type).validate_python(plain_state)
        stored = from_plain(game.state_type, plain_state)
    except ValidationError as exc:
        raise SaveError(f"{path}: state {_first_error(exc)}") from None
    except (ValueError, TypeError, RecursionError) as exc:
        reason = safe_text(exc, 160) or type(exc).__name__
        raise SaveError(f"{path}: {reason if reason.startswith('state') else 'state: ' + reason}") from None
    hints = {int(k): v for k, v in env.hints.items() if k.isdigit() and int(k) < len(seats) and 0 <= v < 10**6}
    match = Match(game=game, seats=seats, options=options, seed=env.seed, actions=list(env.actions),
                  created=env.created, updated=env.updated, hints=hints)
    try:
        replayed = match.replayed_state()
    except IllegalAction as exc:
        raise SaveError(f"{path}: its action log does not replay ({safe_text(exc, 160)})") from None
    except Exception as exc:  # a tampered log must never surface as a traceback
        raise SaveError(f"{path}: its action log does not replay ({type(exc).__name__})") from None
    try:
        now = json.loads(json.dumps(stored_state(replayed)))
        then = json.loads(json.dumps(stored_state(stored)))
        same = now == then if env.version >= 2 else _facts(now) == _facts(then)
    except (TypeError, ValueError, RecursionError):
        same = False
    if not same:
        raise SaveError(f"{path}: the stored state does not match its own action log")
    match.state = replayed
    _check_metadata(path, env, match)
    return match


def plain_text(value: Text) -> str | dict[str, Any]:
    """A summary as a save stores it: a message in its plain form (or a string)."""
    return value.plain() if isinstance(value, Msg) else value


def summary_text(value: str | dict[str, Any]) -> Text:
    """A stored summary back as a prompt-like value the renderer takes (a bad one: ``"?"``)."""
    if isinstance(value, dict):
        if isinstance(value.get("k"), str):
            return Msg.from_plain(value)
        return "?"
    return safe_text(value, 120)


def _facts(value: Any) -> Any:
    """A format-1 state without its words, so it compares with today's replay of the same actions.

    Format 1 kept English sentences in the state: the log, and labels inside pending choices.
    Those are the rules' words of their time, not facts of the game, and today's rules write
    messages instead; so the log is left out and every sentence (a string with a space) or message
    (a dict with a ``"k"``) compares as equal to any other. Decks, hands, scores, the RNG and every
    other fact still must match exactly."""
    if isinstance(value, dict):
        if "k" in value:
            return "~"
        return {k: _facts(v) for k, v in value.items() if k != "log"}
    if isinstance(value, list):
        return [_facts(v) for v in value]
    if isinstance(value, str) and " " in value:
        return "~"
    return value


def _check_metadata(path: Path, env: Any, match: Match) -> None:
    """The fields a listing shows without replaying must be what the replay says: a save whose
    state is consistent but whose summary or 'finished' flag was edited is refused too."""
    try:
        summary, finished = match.summary(), match.result() is not None
    except Exception as exc:  # a summary that cannot be made from the state is a broken save
        raise SaveError(f"{path}: its state cannot be summarised ({type(exc).__name__})") from None
    if env.version >= 2 and env.summary != plain_text(summary):
        raise SaveError(f"{path}: its summary '{safe_text(env.summary, 60)}' does not match its own action log")
    if env.finished != finished:
        raise SaveError(f"{path}: its 'finished' flag does not match its own action log")


# -- the saves folder ---------------------------------------------------------------------------
_UNSAFE = re.compile(r"[^A-Za-z0-9._ -]+")


def sanitize_name(name: str) -> str:
    """A file name typed by a person, made safe: no folders, no leading dots, ``.json`` added."""
    base = _UNSAFE.sub("_", name.replace("/", "_").replace("\\", "_")).strip(" .")
    if base.lower().endswith(SUFFIX):
        base = base[: -len(SUFFIX)]
    base = base[:60].strip(" .") or "game"
    return base + SUFFIX


def path_in(folder: Path, name: str) -> Path:
    """Where a save called ``name`` goes in ``folder``; never outside it."""
    folder = Path(folder).resolve()
    clean = sanitize_name(name)
    if clean in APP_FILES:
        raise SaveError(f"'{safe_text(name, 60)}': that name is kept for the app's own records")
    target = (folder / clean).resolve()
    if target.parent != folder:
        raise SaveError(f"'{safe_text(name, 60)}': not a valid save name")
    return target


def default_name(game_id: str, folder: Path | None = None) -> str:
    """``<game>-<date>-<time>.json``; with ``folder``, a suffix keeps it from replacing a save."""
    base = time.strftime(f"{game_id}-%Y%m%d-%H%M%S")
    name = sanitize_name(base)
    n = 2
    while folder is not None and os.path.lexists(Path(folder) / name):
        name = sanitize_name(f"{base}-{n}")
        n += 1
    return name


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@dataclass(frozen=True)
class SaveInfo:
    """One line of the saves browser, read without replaying the game."""

    path: Path
    game: str
    title: str
    players: str
    summary: Text
    """A message (render it with ``tabletop.text.render.summary_of``) or, for old saves, words."""
    updated: float
    finished: bool
    error: str = ""
    names: tuple[str, ...] = ()
    """The seats' names, for a summary that names a player."""
    created: float = 0.0
    """When the match began: two files with the same game and ``created`` are one match saved
    under two names (save-as), which the Recent list shows once."""

    @property
    def reason(self) -> str:
        """The error without the path in front (a listing shows the file in its own column)."""
        return self.error.removeprefix(f"{safe_text(self.path)}: ")


def _timestamp(value: Any, path: Path) -> float:
    """The document's ``updated`` time if it is a date a clock can show, else the file's mtime
    (an edited save must not break the browser with NaN or a year beyond time_t)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        if 0 <= value < 253402300800:  # up to the end of year 9999
            return float(value)
    return _mtime(path)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # e.g. a dangling symlink: still listed, with its error
        return 0.0


APP_FILES = frozenset({"msx_cards_best_runs.json"})
"""Files the app keeps in the saves folder for itself (MSX Cards' best-runs table): not saves,
never listed, and no save may take their name."""


def _info(path: Path) -> SaveInfo:
    """One listing line from the document alone (no replay), its envelope validated; every
    shown string made terminal-safe."""
    from pydantic import ValidationError

    doc = _read_document(path)
    try:
        env = _envelope_adapter().model_validate(doc)
    except ValidationError as exc:
        raise SaveError(f"{path}: {_first_error(exc)}") from None
    for seat in env.seats:
        if has_unsafe(seat.name) or not seat.name.strip():
            raise SaveError(f"{path}: seat name '{safe_text(seat.name)}' is blank or holds control characters")
    return SaveInfo(
        path=path,
        game=safe_text(env.game, 40),
        title=safe_text(env.title, 60),
        players=safe_text(", ".join(s.name for s in env.seats), 120),
        summary=summary_text(env.summary),
        names=tuple(safe_text(s.name, 40) for s in env.seats),
        updated=env.updated,
        finished=env.finished,
        created=env.created,
    )


_CHECKED: dict[tuple[str, int, int, int, int], str] = {}
"""Full checks already made in this process: (path, device, inode, size, mtime) -> error."""


def _replay_error(path: Path, resolve_game: Callable[[str], Game[Any]]) -> str:
    """'' if the save loads completely (replay and metadata), else its one-line error; a file
    that has not changed since it was last checked is not replayed again."""
    try:
        info = os.stat(path)
    except OSError as exc:
        return f"{path}: cannot be read ({_reason(exc)})"
    key = (str(path), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
    if key not in _CHECKED:
        try:
            load(path, resolve_game)
            _CHECKED[key] = ""
        except SaveError as exc:
            _CHECKED[key] = str(exc)
        except Exception as exc:  # card data that fails to load: not a verdict on the save
            return f"{path}: cannot be checked ({type(exc).__name__}: {safe_text(exc, 120)})"
    return _CHECKED[key]


def scan(folder: Path, resolve_game: Callable[[str], Game[Any]] | None = None) -> list[SaveInfo]:
    """The saves in ``folder``, most recently played first.

    Without ``resolve_game`` each file's envelope is checked (cheap: fit for the main menu's
    Recent list); with it each save is also loaded in full, replay and metadata, as ``verify``
    does (a file unchanged since its last check in this process is not replayed again).

    Never fails because of one file: an unreadable one (corrupt, a FIFO, a device, too large)
    is listed with its one-line error rather than hidden, so nothing a player made silently
    disappears and one bad file never hides the good ones. Only the folder itself can fail: a
    missing folder is an empty list, one that cannot be read is a ``SaveError``. Stale temporary
    files of killed writes are removed on the way (``remove_stale_temps``).
    """
    folder = Path(folder)
    try:
        if not folder.exists():
            return []
        if not folder.is_dir():
            raise SaveError(f"{folder}: the saves folder is not a folder")
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        raise SaveError(f"{folder}: the saves folder cannot be read ({_reason(exc)})") from None
    remove_stale_temps(folder)
    infos: list[SaveInfo] = []
    for entry in entries:
        if not entry.name.endswith(SUFFIX) or entry.name in APP_FILES or entry.name.startswith("."):
            continue
        path = folder / entry.name
        try:
            info = _info(path)
            error = _replay_error(path, resolve_game) if resolve_game is not None else ""
            if error:
                info = SaveInfo(path=path, game=info.game, title=info.title, players=info.players,
                                summary=info.summary, names=info.names, updated=info.updated,
                                finished=info.finished,
                                error=safe_text(error, 300), created=info.created)
            infos.append(info)
        except Exception as exc:  # one bad file must never break the listing
            error = str(exc) if isinstance(exc, SaveError) else f"{path}: unreadable ({type(exc).__name__})"
            infos.append(SaveInfo(path=path, game="?", title="unreadable", players="", summary="",
                                  updated=_mtime(path), finished=False, error=safe_text(error, 300)))
    infos.sort(key=lambda i: i.updated, reverse=True)
    return infos


def same_game(path: Path, match: Match) -> bool:
    """Whether the save at ``path`` is an earlier state of ``match`` (same game, seed, seats and
    start time): saving ``match`` there replaces nothing of another game. An unreadable file is
    not the same game (it may be someone's damaged save)."""
    try:
        doc = _read_document(path)
    except SaveError:
        return False
    seats = [{"name": s.name, "kind": s.kind} for s in match.seats]
    return (doc.get("game") == match.game.spec.id and doc.get("seed") == match.seed
            and doc.get("seats") == seats and doc.get("created") == match.created)


def saves_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``--saves-dir`` if given, else ``$TABLETOP_SAVES``, else ``./saves``."""
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("TABLETOP_SAVES") or "saves")
