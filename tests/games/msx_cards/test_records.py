"""The best-runs table: pure functions over a JSON file, written atomically."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from tabletop.engine import Match, Seat
from tabletop.games import game as get_game
from tabletop.games.msx_cards.records import FILE, KEEP, best_runs, read_table, record_run, run_entry


def test_runs_are_ranked_per_mission(tmp_path: Path) -> None:
    assert best_runs(tmp_path, "standard") == []
    assert record_run(tmp_path, "standard", "Ana", 2, date=dt.date(2026, 1, 2)) == 1
    assert record_run(tmp_path, "standard", "Luis", 4, date=dt.date(2026, 1, 3)) == 1
    assert record_run(tmp_path, "standard", "Marta", 2, date=dt.date(2026, 1, 1)) == 2
    assert record_run(tmp_path, "quick", "Sofía", 3, complete=True, date=dt.date(2026, 1, 5)) == 1
    runs = best_runs(tmp_path, "standard")
    assert [(r["name"], r["worlds"], r["date"]) for r in runs] == [
        ("Luis", 4, "2026-01-03"), ("Marta", 2, "2026-01-01"), ("Ana", 2, "2026-01-02")]
    assert best_runs(tmp_path, "quick")[0] == {"name": "Sofía", "worlds": 3, "complete": True,
                                               "date": "2026-01-05"}


def test_table_keeps_the_best_and_writes_atomically(tmp_path: Path) -> None:
    for i in range(KEEP):
        record_run(tmp_path, "standard", f"P{i}", 3, date=dt.date(2026, 2, 1))
    assert record_run(tmp_path, "standard", "Late", 0, date=dt.date(2026, 2, 2)) is None
    assert len(best_runs(tmp_path, "standard")) == KEEP
    assert (tmp_path / (FILE + ".bak")).exists()  # atomic_write keeps the previous version
    assert not list(tmp_path.glob("*.tmp"))


def test_unreadable_table_reads_as_empty_and_is_replaced(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text("{ not json", encoding="utf-8")
    assert read_table(tmp_path) == {}
    (tmp_path / FILE).write_text(json.dumps({"missions": {"standard": [{"name": 3}, {
        "name": "Ok", "worlds": 1, "date": "2026-03-01"}]}}), encoding="utf-8")
    assert [r["name"] for r in best_runs(tmp_path, "standard")] == ["Ok"]
    assert record_run(tmp_path, "standard", "  Ana   María ", 5) == 1
    assert best_runs(tmp_path, "standard")[0]["name"] == "Ana María"


def test_run_entry_from_a_finished_game(tmp_path: Path) -> None:
    g = get_game("msx_cards")
    m = Match.start(g, [Seat("Tomás")], {"mission": "quick"}, seed=3)
    while m.decision() is not None:
        m.play(m.legal()[0].id)
    entry = run_entry(m.state)
    assert entry["mission"] == "quick" and entry["name"] == "Tomás"
    assert entry["worlds"] == m.state.cleared and entry["complete"] == (m.state.outcome == "won")
    record_run(tmp_path, entry["mission"], entry["name"], entry["worlds"], complete=entry["complete"])
    assert best_runs(tmp_path, "quick")[0]["name"] == "Tomás"
