"""The game registry: every subpackage of ``tabletop.games`` is a game.

A game package defines ``SPEC`` (a cheap ``GameSpec``) and ``load()`` returning its ``Game``; the
menu, the CLI and the conformance kit read this registry, and nothing else lists the games.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Callable

from ..engine.core import Game, GameSpec

_extra: dict[str, tuple[GameSpec, Callable[[], Game[Any]]]] = {}
_loaded: dict[str, Game[Any]] = {}


class UnknownGame(ValueError):
    """A game id that no package registers."""


def _packages() -> dict[str, Any]:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg and not info.name.startswith("_"):
            module = importlib.import_module(f"{__name__}.{info.name}")
            if hasattr(module, "SPEC") and hasattr(module, "load"):
                found[module.SPEC.id] = module
    return found


def specs() -> dict[str, GameSpec]:
    """Every registered game's spec, by id, in a stable order."""
    out = {gid: mod.SPEC for gid, mod in sorted(_packages().items())}
    out.update({gid: spec for gid, (spec, _) in _extra.items()})
    return out


def spec(game_id: str) -> GameSpec:
    all_specs = specs()
    if game_id not in all_specs:
        known = ", ".join(all_specs) or "none"
        raise UnknownGame(f"unknown game {game_id!r} (games: {known})")
    return all_specs[game_id]


def game(game_id: str) -> Game[Any]:
    """The rules object of a game (created once, stateless)."""
    if game_id not in _loaded:
        if game_id in _extra:
            _loaded[game_id] = _extra[game_id][1]()
        else:
            packages = _packages()
            if game_id not in packages:
                spec(game_id)  # raises UnknownGame with the list
            _loaded[game_id] = packages[game_id].load()
    return _loaded[game_id]


def register(spec: GameSpec, loader: Callable[[], Game[Any]]) -> None:
    """Register a game from outside the package (tests use it for a kernel test game)."""
    _extra[spec.id] = (spec, loader)
    _loaded.pop(spec.id, None)


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)
    _loaded.pop(game_id, None)
