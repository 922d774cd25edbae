"""The best-runs table: per Mission, the best runs (player name, Worlds cleared, date).

Pure functions over a JSON file in a folder the caller chooses (the UI passes its saves folder).
Writes go through ``atomic_write`` so a crash never leaves a half-written table; a missing or
unreadable table reads as empty (a lost high-score list must never stop a game from starting).
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import Any

from tabletop.engine.saves import atomic_write

FILE = "msx_cards_best_runs.json"
KEEP = 10
"""Runs kept per Mission."""


def table_path(folder: Path) -> Path:
    return Path(folder) / FILE


def _valid(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("name"), str)
            and isinstance(entry.get("worlds"), int) and not isinstance(entry.get("worlds"), bool)
            and entry["worlds"] >= 0 and isinstance(entry.get("date"), str)
            and isinstance(entry.get("complete", False), bool))


def read_table(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """Every Mission's runs, best first; malformed files or entries are ignored."""
    try:
        raw = json.loads(table_path(folder).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    if not isinstance(raw, dict) or not isinstance(raw.get("missions"), dict):
        return {}
    out: dict[str, list[dict[str, Any]]] = {}
    for mission, runs in raw["missions"].items():
        if isinstance(mission, str) and isinstance(runs, list):
            out[mission] = _ranked([r for r in runs if _valid(r)])
    return out


def best_runs(folder: Path, mission: str) -> list[dict[str, Any]]:
    """The best runs of one Mission: most Worlds cleared first, then the earlier date."""
    return read_table(folder).get(mission, [])


def _ranked(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(runs, key=lambda r: (-r["worlds"], not r.get("complete", False), r["date"]))[:KEEP]


def record_run(folder: Path, mission: str, name: str, worlds: int, *, complete: bool = False,
               date: _dt.date | None = None) -> int | None:
    """Add a finished run; return its 1-based place in the Mission's table, or None if it did not
    make the table. The file is rewritten atomically."""
    if worlds < 0:
        raise ValueError("worlds cleared cannot be negative")
    clean = " ".join(str(name).split())[:40] or "Player"
    entry = {"name": clean, "worlds": int(worlds), "complete": bool(complete),
             "date": (date or _dt.date.today()).isoformat()}
    table = read_table(folder)
    runs = table.get(mission, []) + [entry]
    ranked = _ranked(runs)
    table[mission] = ranked
    body = json.dumps({"format": "msx_cards-best-runs", "version": 1, "missions": table}, indent=1,
                      ensure_ascii=False)
    atomic_write(table_path(folder), body.encode("utf-8"))
    for place, run in enumerate(ranked, start=1):
        if run is entry:
            return place
    return None


def run_entry(state: Any) -> dict[str, Any]:
    """What a finished game contributes to the table: ``{mission, name, worlds, complete}``."""
    return {"mission": state.mission, "name": state.names[0] if state.names else "Player",
            "worlds": state.cleared, "complete": state.outcome == "won"}
