"""Locating and loading card data shipped in ``assets/``.

In a checkout (and an editable install) the data is the repo's ``assets/`` folder; in a wheel it
is packaged as ``tabletop/_assets``. Loaders validate what they read and raise ``GameDataError``
with the file and the reason, so tampered data fails loudly and in one line.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from .core import GameDataError


@lru_cache(maxsize=1)
def assets_root() -> Path:
    here = Path(__file__).resolve().parent.parent
    for candidate in (here.parent / "assets", here / "_assets"):
        if (candidate / "cards").is_dir():
            return candidate
    raise GameDataError(f"card data not found (looked in {here.parent / 'assets'} and {here / '_assets'})")


def asset_path(*parts: str) -> Path:
    return assets_root().joinpath(*parts)


def load_json(*parts: str) -> Any:
    """Read one JSON asset; a missing or malformed file is a ``GameDataError`` naming it."""
    path = asset_path(*parts)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GameDataError(f"{path}: card data file is missing") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise GameDataError(f"{path}: not valid JSON ({exc})") from None


def validate(model: Any, data: Any, where: str) -> Any:
    """Validate ``data`` with a pydantic model or ``TypeAdapter``; one-line error naming ``where``."""
    from pydantic import TypeAdapter, ValidationError

    adapter = model if isinstance(model, TypeAdapter) else TypeAdapter(model)
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise GameDataError(f"{where}: {loc}: {first['msg']}") from None
