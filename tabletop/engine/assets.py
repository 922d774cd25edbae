"""Locating and loading card data shipped in ``assets/``.

In a checkout (and an editable install) the data is the repo's ``assets/`` folder; in a wheel it
is packaged as ``tabletop/_assets``. Loaders validate what they read and raise ``GameDataError``
with the file and the reason, so tampered data fails loudly and in one line.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, TypeVar

from .core import GameDataError

T = TypeVar("T")
_override: list[Path] = []
_caches: list[Any] = []


def cached_data(loader: Callable[[], T]) -> Callable[[], T]:
    """A loader run once per process (like ``lru_cache``) whose cache ``use_assets`` clears."""
    cached = lru_cache(maxsize=1)(loader)
    _caches.append(cached)
    return cached


def use_assets(root: Path | None) -> None:
    """Point every loader at another copy of ``assets/`` (``None``: back to the shipped one) and
    forget what was loaded. Tests of tampered data copy the assets, patch them and call this."""
    _override[:] = [Path(root)] if root is not None else []
    for cache in _caches:
        cache.cache_clear()


def assets_root() -> Path:
    return _override[0] if _override else _shipped_root()


@lru_cache(maxsize=1)
def _shipped_root() -> Path:
    here = Path(__file__).resolve().parent.parent
    for candidate in (here.parent / "assets", here / "_assets"):
        if (candidate / "cards").is_dir():
            return candidate
    raise GameDataError(f"card data not found (looked in {here.parent / 'assets'} and {here / '_assets'})")


def asset_path(*parts: str) -> Path:
    return assets_root().joinpath(*parts)


def load_json(*parts: str) -> Any:
    """Read one JSON asset; a missing, unreadable or malformed file is a ``GameDataError`` naming
    it (duplicate keys, NaN and Infinity are malformed too: they load differently elsewhere)."""
    path = asset_path(*parts)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameDataError(f"{path}: card data file is missing") from None
    except UnicodeDecodeError:
        raise GameDataError(f"{path}: not valid JSON (not UTF-8 text)") from None
    except OSError as exc:
        raise GameDataError(f"{path}: card data cannot be read ({exc.strerror or type(exc).__name__})") from None
    try:
        data = json.loads(text, object_pairs_hook=_unique, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise GameDataError(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno} column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise GameDataError(f"{path}: not valid JSON ({_one_line(exc) or type(exc).__name__})") from None
    _refuse_control_characters(data, path)
    return data


def _refuse_control_characters(data: Any, path: Path) -> None:
    """Card names and texts reach the terminal in every game screen: a control character or an
    escape sequence in them (none is in the shipped data, not even a newline) is tampering, and
    is refused here once rather than escaped in every widget."""
    from .safe_text import has_unsafe

    stack: list[tuple[Any, str, str]] = [(data, "", "")]
    while stack:
        value, card, field = stack.pop()
        if isinstance(value, dict):
            name = value.get("key", value.get("id"))
            if isinstance(name, str) and not has_unsafe(name):
                card, field = name, ""
            for key, item in value.items():
                stack.append((key, card, f"{field}.{key}".lstrip(".")))
                stack.append((item, card, f"{field}.{key}".lstrip(".")))
        elif isinstance(value, list):
            stack.extend((item, card, f"{field}.{i}".lstrip(".")) for i, item in enumerate(value))
        elif isinstance(value, str) and has_unsafe(value):
            label = f"card {card!r}: " if card else ""
            raise GameDataError(f"{path}: {label}field {field or 'document'!r}: holds control characters "
                                f"({_one_line(value)[:60]})")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number")


def _one_line(value: object) -> str:
    from .safe_text import safe_text

    return safe_text(" ".join(str(value).split()), 200)


def _card_at(data: Any, loc: tuple[Any, ...]) -> tuple[str, str]:
    """Follow a pydantic error location into ``data``: the innermost card on the way (a dict
    with a ``key`` or ``id``) and the field path below it."""
    card, rest, node = "", list(loc), data
    for i, part in enumerate(loc):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict):
            name = node.get("key", node.get("id"))
            if isinstance(name, str):
                card, rest = name, list(loc[i + 1:])
    return card, ".".join(str(p) for p in rest)


def validate(model: Any, data: Any, where: str) -> Any:
    """Validate ``data`` with a pydantic model or ``TypeAdapter``; a one-line ``GameDataError``
    naming ``where`` (the file), the card and the field of the first problem."""
    from pydantic import TypeAdapter, ValidationError

    adapter = model if isinstance(model, TypeAdapter) else TypeAdapter(model)
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        card, field = _card_at(data, tuple(first["loc"]))
        label = f"card {_one_line(card)!r}: " if card else ""
        raise GameDataError(f"{where}: {label}field {_one_line(field) or 'document'!r}: "
                            f"{_one_line(first['msg'])}") from None
