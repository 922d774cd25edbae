"""Reading a save file's bytes and parsing them, with nothing left to chance.

A save is a file anybody can edit or replace, so reading it must never hang (a FIFO, a device),
read without end (a link to ``/dev/zero``), recurse without end (deeply nested JSON), trip over
Python's own limits (a 4,301-digit integer) or half-trust what the JSON standard leaves open
(NaN, duplicate keys, lone surrogates). Every failure here is a one-line ``SaveError``.
``saves`` builds on this: it checks the document's meaning (format, fields, replay).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from .safe_text import safe_text


class SaveError(Exception):
    """A save that cannot be read or trusted; the message is one line for a person."""


MAX_BYTES = 16 * 1024 * 1024
"""A save larger than this is refused before it is read (real saves are tens of KB; format-2 ones
with their log, a few hundred)."""
MAX_DEPTH = 64
"""Deepest nesting of arrays and objects a save may have (real saves stay under 10)."""
MAX_DIGITS = 100
"""Longest integer a save may spell (a seed is 64 bits, 20 digits)."""


class _Refusal(Exception):
    """Raised inside the JSON hooks; its text becomes the reason of a ``SaveError``."""


def _kind_of(mode: int) -> str | None:
    """Why a file of this mode is not a save, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a save file"
    if stat.S_ISFIFO(mode):
        return "is a named pipe (FIFO), not a save file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a save file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a save file"
    return "is not a regular file"


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or a one-line ``SaveError``.

    The kind and size are checked with ``stat`` before the file is opened, so a FIFO, a device
    (``/dev/zero`` behind a symlink), a socket or a folder is refused without being read and
    without blocking. The open itself is non-blocking and checked again with ``fstat`` (the name
    may have been swapped meanwhile), and the read stops at ``limit`` + 1 bytes whatever the
    file claims its size is.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except (OSError, ValueError) as exc:
        raise SaveError(f"{path}: cannot be read ({_reason(exc)})") from None
    why = _kind_of(info.st_mode)
    if why:
        raise SaveError(f"{path}: {why}")
    if info.st_size > limit:
        raise SaveError(f"{path}: too large to be a save ({info.st_size} bytes, the limit is {limit})")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({_reason(exc)})") from None
    try:
        why = _kind_of(os.fstat(fd).st_mode)
        if why:
            raise SaveError(f"{path}: {why}")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({_reason(exc)})") from None
    finally:
        os.close(fd)
    if total > limit:
        raise SaveError(f"{path}: too large to be a save (more than {limit} bytes)")
    return b"".join(chunks)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return type(exc).__name__


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refusal(f"key '{safe_text(key, 40)}' appears twice in one object")
        out[key] = value
    return out


def _int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_DIGITS:
        raise _Refusal(f"a number with more than {MAX_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 400:
        raise _Refusal("a number written with more than 400 characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Refusal("a number too large for a save")
    return value


def _constant(text: str) -> Any:
    raise _Refusal(f"{text} is not a number a save may hold")


def _check_tree(doc: Any) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and strings that are not valid Unicode (a lone
    surrogate from a ``\\ud800`` escape cannot be printed or saved again)."""
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > MAX_DEPTH:
                raise _Refusal(f"nested more than {MAX_DEPTH} levels deep")
            for key, item in value.items():
                _check_string(key)
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth > MAX_DEPTH:
                raise _Refusal(f"nested more than {MAX_DEPTH} levels deep")
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_string(value)


def _check_string(value: str) -> None:
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise _Refusal("a string that is not valid Unicode (a lone surrogate)") from None


def parse(raw: bytes, path: Path) -> Any:
    """Decode and parse a save's bytes strictly; every failure is a one-line ``SaveError``:
    empty, truncated, not UTF-8, not JSON, too deep, numbers past the limits, NaN or Infinity,
    duplicate keys, invalid Unicode."""
    if not raw.strip():
        raise SaveError(f"{path}: the file is empty")
    truncated = SaveError(f"{path}: the file is truncated (it ends in the middle)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data" and raw.lstrip().startswith(b"{"):
            raise truncated from None  # cut inside a multi-byte character
        raise SaveError(f"{path}: not a save file (not UTF-8 text)") from None
    if text.startswith("\ufeff"):
        raise SaveError(f"{path}: not a save file (starts with a byte-order mark)")
    try:
        doc = json.loads(text, object_pairs_hook=_unique_keys, parse_int=_int, parse_float=_float,
                         parse_constant=_constant)
    except json.JSONDecodeError as exc:
        if _ends_early(text, exc):
            raise truncated from None
        raise SaveError(f"{path}: not a save file (not JSON: {exc.msg}, line {exc.lineno})") from None
    except _Refusal as exc:
        raise SaveError(f"{path}: not a save file ({exc})") from None
    except RecursionError:
        raise SaveError(f"{path}: not a save file (nested more than {MAX_DEPTH} levels deep)") from None
    except (ValueError, OverflowError, MemoryError) as exc:
        raise SaveError(f"{path}: not a save file ({type(exc).__name__})") from None
    try:
        _check_tree(doc)
    except _Refusal as exc:
        raise SaveError(f"{path}: not a save file ({exc})") from None
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
