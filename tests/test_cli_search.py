"""The search bot from the command line (issue #16): ``--bot 2=search`` and ``simulate --think-ms``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tabletop.cli import app, build_match

runner = CliRunner()


@pytest.mark.parametrize("game_id", ["superinmundos", "villainous", "msx_cards", "mount_gram"])
def test_bot_2_search_seats_the_search_bot(game_id: str) -> None:
    players = ["--variant", "versus=yes"] if game_id == "msx_cards" else []
    match = build_match(game_id, 2, [], ["2=search"], 5, [v for v in players if v != "--variant"])
    assert [s.kind for s in match.seats] == ["human", "search"]


def test_simulate_think_ms_reaches_the_search_bots() -> None:
    result = runner.invoke(app, ["simulate", "msx_cards", "-p", "2", "-v", "versus=yes", "-v", "mission=quick",
                                 "--bot", "1=search", "--bot", "2=heuristic", "--games", "2", "--jobs", "1",
                                 "--think-ms", "3", "--json"])
    assert result.exit_code == 0, (result.output, result.exception)
    report = json.loads(result.stdout)
    assert report["think_ms"] == 3 and report["bots"] == ["search", "heuristic"]
    assert sum(report["wins_by_seat"].values()) == 2 and set(report["win_interval_by_seat"]) == {"1", "2"}


@pytest.mark.parametrize("value", ["0", "-5"])
def test_simulate_think_ms_must_be_positive(value: str) -> None:
    result = runner.invoke(app, ["simulate", "superinmundos", "--games", "1", "--think-ms", value, "--json"])
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr.count("\n") == 1 and "--think-ms" in result.stderr
