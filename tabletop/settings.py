"""The settings file: a small TOML document in the user config folder (see ``tabletop.paths``).

Read with ``tomllib``; written by the few lines of ``dumps`` below, which only ever need flat
strings, booleans and numbers (so no TOML-writing dependency). Reading never fails: a file that is
not TOML gives one warning line and the defaults, a bad value gives one warning line and that
setting's default, so a hand edit gone wrong can never stop the game from starting.

Kept free of Textual and Rich, like everything the CLI loads before the app.
"""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "es")
MAX_THINK_TIME = 5.0


@dataclass(frozen=True)
class Settings:
    """Every setting, with its default. ``saves_dir`` empty means "the automatic rule"; so does
    ``language`` empty (``TABLETOP_LANG``, then the locale: ``tabletop.text.language.detect``)."""

    language: str = ""
    theme: str = "textual-dark"
    ascii: bool = False
    animations: bool = True
    bot_think_time: float = 0.35
    curtain: bool = True
    saves_dir: str = ""
    hints: bool = True

    def changed(self, **changes: Any) -> "Settings":
        """A copy with ``changes`` applied, each checked by ``check``; raises ValueError."""
        return replace(self, **{key: check(key, value) for key, value in changes.items()})


DESCRIPTIONS = {
    "language": "interface language: en or es; empty = automatic (TABLETOP_LANG, else the locale)",
    "theme": "Textual theme name, as chosen in the command palette (ctrl+p → Theme)",
    "ascii": "draw with plain ASCII instead of Unicode symbols",
    "animations": "animate dice rolls and similar effects",
    "bot_think_time": f"seconds a bot waits before moving, 0 to {MAX_THINK_TIME:g}",
    "curtain": "hide the table between hot-seat turns in games with hidden cards",
    "hints": "offer the hint key (h) on game screens: what the bot would do, and why",
    "saves_dir": "folder of save files; empty = automatic (see README)",
}


def check(key: str, value: Any) -> Any:
    """``value`` if it is acceptable for setting ``key``; ValueError with a readable reason if not."""
    kinds = {f.name: f.type for f in fields(Settings)}
    if key not in kinds:
        raise ValueError(f"unknown setting {key!r}")
    kind = kinds[key]
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{key} must be true or false, not {value!r}")
        return value
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"{key} must be a number of seconds, not {value!r}")
        if not 0 <= value <= MAX_THINK_TIME:
            raise ValueError(f"{key} must be between 0 and {MAX_THINK_TIME:g}, not {value!r}")
        return float(value)
    if not isinstance(value, str):
        raise ValueError(f"{key} must be a string, not {value!r}")
    if key == "language" and value not in LANGUAGES and value != "":
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)} (or empty), not {value!r}")
    if key == "theme" and not value.strip():
        raise ValueError("theme must not be empty")
    return value


@dataclass(frozen=True)
class Loaded:
    """The settings read from a file, and the one-line warning if something was wrong with it."""

    settings: Settings
    warning: str | None = None


def load(path: Path) -> Loaded:
    """Read ``path``; a missing file is the defaults, anything wrong is a warning, never an error."""
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        return Loaded(Settings())
    except OSError as exc:
        return Loaded(Settings(), f"settings file {path} is unreadable ({exc.strerror or exc}); using the defaults")
    import tomllib  # only when there is a file: most start-ups have none, and --help counts ms

    try:
        with handle:
            data = tomllib.load(handle)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return Loaded(Settings(), f"settings file {path} is unreadable ({reason}); using the defaults")
    good: dict[str, Any] = {}
    problems = []
    for key, value in data.items():
        try:
            good[key] = check(key, value)
        except ValueError as exc:
            problems.append(str(exc))
    warning = None
    if problems:
        warning = f"settings file {path}: {'; '.join(problems)} (using the default for those)"
    return Loaded(Settings(**good), warning)


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif char in "\b\t\n\f\r":
            out.append({"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}[char])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    raise TypeError(f"cannot write {type(value).__name__} to the settings file")


def dumps(settings: Settings) -> str:
    """The settings file's text: each setting with a comment saying what it does."""
    lines = ["# Tabletop settings. Edit here or in the app (main menu → Settings).", ""]
    for key, value in asdict(settings).items():
        lines.append(f"# {DESCRIPTIONS[key]}")
        lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def save(path: Path, settings: Settings) -> None:
    """Write the file atomically (temporary file, then rename); OSError reaches the caller."""
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # only when writing: reading the settings (every command's start-up) needs none

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(dumps(settings))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
