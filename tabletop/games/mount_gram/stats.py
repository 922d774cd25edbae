"""Balance-lab figures read from a finished Mount Gram game (no rule changes, no Rich): the
starter deck (sphere) of each seat, for per-deck win rates of the co-op table."""

from __future__ import annotations

from typing import Any


def seat_groups(state: Any) -> dict[str, list[str]]:
    return {"deck": [p["sphere"] for p in state.players]}
