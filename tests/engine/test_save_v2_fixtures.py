"""Saves of format version 2 (the log stored in full, before format 3 left it out) still load:
each equals its match replayed from the seed today, and a mid-game one plays on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.saves import load
from tabletop.engine.state import to_plain

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "saves_v2"
FILES = sorted(FIXTURES.glob("*.json"))


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_the_fixtures_are_there() -> None:
    assert len(FILES) >= 17
    assert {p.stem.split("-")[0] for p in FILES} == set(games.specs()) - {"highcard"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_v2_save_loads_as_its_replayed_match(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == 2 and doc["state"]["log"], "a format-2 fixture stores its log"
    match = load(path, games.game)
    game = games.game(doc["game"])
    replayed = Match.start(game, [Seat(s["name"], s["kind"]) for s in doc["seats"]], doc["options"],
                           seed=doc["seed"])
    for action_id in doc["actions"]:
        replayed.play(action_id)
    assert match.actions == replayed.actions == doc["actions"]
    assert match.seats == replayed.seats and match.options == replayed.options
    assert plain(to_plain(match.state)) == plain(to_plain(replayed.state))
    stored = {k: v for k, v in doc["state"].items() if k != "log"}
    assert stored == {k: v for k, v in plain(to_plain(replayed.state)).items() if k != "log"}
    assert (match.created, match.updated) == (doc["created"], doc["updated"])
    assert match.hints == {int(k): v for k, v in doc["hints"].items()}
    finished = path.stem.endswith("finished")
    assert (match.result() is not None) == finished == doc["finished"]
    if not finished:
        assert match.decision() is not None, "a mid-game fixture has a pending decision"
        match.bot_step(as_kind="random")  # the loaded game goes on
        assert len(match.actions) == len(doc["actions"]) + 1
