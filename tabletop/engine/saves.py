"""Save files: one JSON document per game, written atomically, validated strictly on load.

The document holds the format name and version, the game id, seats, options, seed, the actions
taken and the current state. Loading replays the actions from the seed and insists the result is
the stored state, so a save that was edited by hand, truncated or made by another program is
refused with a one-line ``SaveError`` instead of being half-trusted.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .core import Game, IllegalAction, Seat
from .match import Match
from .state import from_plain, to_plain

FORMAT = "tabletop-save"
VERSION = 1
SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be read or trusted; the message is one line for a person."""


# -- writing ------------------------------------------------------------------------------------
def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old file or the new one.

    The bytes go to a temporary file in the same folder, which is flushed and fsynced and then
    renamed over the target in one step; the previous version is kept as ``<name>.bak``. The
    backup is a second link to (or a copy of) the old file, never a rename of it, so there is no
    moment at which ``path`` does not exist.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
        "summary": match.summary(),
        "finished": match.result() is not None,
        "created": match.created,
        "updated": match.updated,
        "actions": match.actions,
        "state": to_plain(match.state),
    }


def save(match: Match, path: Path) -> Path:
    """Write the match to ``path`` atomically and return the path."""
    data = json.dumps(document(match), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    atomic_write(path, data)
    return Path(path)


# -- reading ------------------------------------------------------------------------------------
def _read_document(path: Path) -> dict[str, Any]:
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None
    if not raw.strip():
        raise SaveError(f"{path}: the file is empty")
    truncated = SaveError(f"{path}: the file is truncated (it ends in the middle)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data" and raw.lstrip().startswith(b"{"):
            raise truncated from None  # cut inside a multi-byte character
        raise SaveError(f"{path}: not a save file (not text)") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        if _ends_early(text, exc):
            raise truncated from None
        raise SaveError(f"{path}: not a save file (not JSON: {exc.msg}, line {exc.lineno})") from None
    if not isinstance(doc, dict):
        raise SaveError(f"{path}: not a save file (JSON, but not a Tabletop document)")
    if doc.get("format") != FORMAT:
        raise SaveError(f"{path}: not a Tabletop save (format {doc.get('format')!r})")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{path}: field 'version' is missing or not a number")
    if version > VERSION:
        raise SaveError(f"{path}: made by a newer Tabletop (save format {version}, this reads {VERSION})")
    if version < 1:
        raise SaveError(f"{path}: unknown save format version {version}")
    return doc


# what may be left at the end of a JSON text cut short: part of a number or of true/false/null
_PARTIAL_TOKEN = re.compile(r"-?[0-9.eE+-]*|t(r(ue?)?)?|f(a(l(se?)?)?)?|n(u(ll?)?)?")


def _ends_early(text: str, exc: json.JSONDecodeError) -> bool:
    """Whether a JSON object failed to parse only because the text stops before its end (positions
    are characters of the decoded text, not bytes)."""
    if not text.lstrip().startswith("{"):
        return False
    if exc.msg.startswith("Unterminated string"):  # the string runs on to the end of the text
        return True
    return _PARTIAL_TOKEN.fullmatch(text[exc.pos:].strip()) is not None


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
        from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

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
            created: float
            updated: float

        _ENVELOPE = Envelope
    return _ENVELOPE


def _first_error(exc: Any) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"]) or "document"
    return f"field {loc!r}: {err['msg'].lower()}"


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
        game = resolve_game(env.game)
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None
    seats = [Seat(s.name, s.kind) for s in env.seats]
    try:
        game.spec.check_players(len(seats))
        options = game.spec.resolve_options(env.options)
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None
    for seat in seats:
        if seat.is_bot and seat.kind not in game.spec.bots:
            raise SaveError(f"{path}: seat {seat.name!r} is an unknown kind of bot {seat.kind!r}")
    try:
        _state_adapter(game.state_type).validate_python(env.state)
        stored = from_plain(game.state_type, env.state)
    except ValidationError as exc:
        raise SaveError(f"{path}: state {_first_error(exc)}") from None
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None
    match = Match(game=game, seats=seats, options=options, seed=env.seed, actions=list(env.actions),
                  created=env.created, updated=env.updated)
    try:
        replayed = match.replayed_state()
    except IllegalAction as exc:
        raise SaveError(f"{path}: its action log does not replay ({exc})") from None
    except Exception as exc:  # a tampered log must never surface as a traceback
        raise SaveError(f"{path}: its action log does not replay ({type(exc).__name__})") from None
    if json.loads(json.dumps(to_plain(replayed))) != json.loads(json.dumps(to_plain(stored))):
        raise SaveError(f"{path}: the stored state does not match its own action log")
    match.state = replayed
    return match


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
    target = (folder / sanitize_name(name)).resolve()
    if target.parent != folder:
        raise SaveError(f"{name!r}: not a valid save name")
    return target


def default_name(game_id: str, folder: Path | None = None) -> str:
    """``<game>-<date>-<time>.json``; with ``folder``, a suffix keeps it from replacing a save."""
    base = time.strftime(f"{game_id}-%Y%m%d-%H%M%S")
    name = sanitize_name(base)
    n = 2
    while folder is not None and (Path(folder) / name).exists():
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
    summary: str
    updated: float
    finished: bool
    error: str = ""
    created: float = 0.0
    """When the match began: two files with the same game and ``created`` are one match saved
    under two names (save-as), which the Recent list shows once."""


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


def _created(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) else 0.0


def scan(folder: Path) -> list[SaveInfo]:
    """The saves in ``folder``, most recently played first; unreadable files are listed with
    their error rather than hidden, so nothing a player made silently disappears."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    infos: list[SaveInfo] = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            doc = _read_document(path)
            seats = doc.get("seats") or []
            infos.append(SaveInfo(
                path=path,
                game=str(doc.get("game", "?")),
                title=str(doc.get("title", doc.get("game", "?"))),
                players=", ".join(str(s.get("name", "?")) for s in seats if isinstance(s, dict)),
                summary=str(doc.get("summary", "")),
                updated=_timestamp(doc.get("updated"), path),
                finished=bool(doc.get("finished", False)),
                created=_created(doc.get("created")),
            ))
        except (SaveError, TypeError, ValueError, AttributeError) as exc:
            infos.append(SaveInfo(path=path, game="?", title="unreadable", players="", summary="",
                                  updated=_mtime(path), finished=False, error=str(exc)))
    infos.sort(key=lambda i: i.updated, reverse=True)
    return infos


def saves_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """``--saves-dir`` if given, else ``$TABLETOP_SAVES``, else ``./saves``."""
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("TABLETOP_SAVES") or "saves")
