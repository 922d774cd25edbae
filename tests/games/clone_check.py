"""What a game's own ``clone`` must be: equal to the engine's ``marshal`` clone, key order included,
and sharing no list or dict with the original (only the log's immutable events and scalars)."""

from __future__ import annotations

import json
from typing import Any

from tabletop.engine import Game, Seat
from tabletop.engine.rng import Rng
from tabletop.engine.state import clone as engine_clone


def shared_containers(a: Any, b: Any, where: str = "state") -> list[str]:
    """Paths at which ``a`` and ``b`` hold the very same list or dict object."""
    out: list[str] = []
    if isinstance(a, (list, dict)) and a is b:
        return [where]
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a:
            if key in b:
                out += shared_containers(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            out += shared_containers(x, y, f"{where}[{i}]")
    return out


def played_states(game: Game[Any], setups: list[tuple[int, dict[str, Any]]], every: int = 7,
                  seeds: int = 3) -> list[Any]:
    """States met along seeded random games of each set-up (early, middle and late ones)."""
    out = []
    for players, options in setups:
        for seed in range(seeds):
            state = game.setup([Seat(f"P{i + 1}") for i in range(players)], game.spec.resolve_options(options), seed)
            rng = Rng(seed)
            while game.decision(state) is not None and state.step < 1500:
                legal = game.legal_actions(state)
                game.apply(state, legal[rng.below(len(legal))].id)
                if state.step % every == 0:
                    out.append(game.clone(state))
    return out


def check_clone(game: Game[Any], state: Any, kept: tuple[str, ...] = ()) -> None:
    """``kept``: fields the game's clone shares on purpose (``engine.state.kept``: records the rules
    replace whole, never edit in place); every other container must be fresh."""
    twin = game.clone(state)
    assert type(twin) is type(state)
    assert json.dumps(vars(twin)) == json.dumps(vars(engine_clone(state))), "differs from the engine's clone"
    fields = {k: v for k, v in vars(state).items() if k != "log" and k not in kept}
    twin_fields = {k: v for k, v in vars(twin).items() if k != "log" and k not in kept}
    assert not shared_containers(fields, twin_fields), shared_containers(fields, twin_fields)[:5]
    assert twin.log is not state.log and twin.log == state.log
