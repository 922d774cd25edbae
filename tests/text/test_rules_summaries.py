"""The players' rules summaries exist in both languages with the same structure, and the help
screen shows the one of the table's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop import games
from tabletop.ui.help import rules_text

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
GAMES = ("superinmundos", "villainous", "msx_cards", "mount_gram")
NUMBERED = re.compile(r"^\s*(\d+)\.\s", re.M)
HEADING = re.compile(r"^(#+)\s", re.M)
TABLE_ROW = re.compile(r"^\|", re.M)
BULLET = re.compile(r"^\s*[*-]\s", re.M)


def both(game_id: str) -> tuple[str, str]:
    return ((DOCS / f"{game_id}.md").read_text(encoding="utf-8"),
            (DOCS / "es" / f"{game_id}.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", GAMES)
def test_both_summaries_have_the_same_rule_numbers(game_id: str) -> None:
    en, es = both(game_id)
    assert NUMBERED.findall(en) == NUMBERED.findall(es)
    assert NUMBERED.findall(en), "every summary numbers its steps"


@pytest.mark.parametrize("game_id", GAMES)
def test_both_summaries_have_the_same_structure(game_id: str) -> None:
    en, es = both(game_id)
    assert HEADING.findall(en) == HEADING.findall(es)
    assert len(TABLE_ROW.findall(en)) == len(TABLE_ROW.findall(es))
    assert len(BULLET.findall(en)) == len(BULLET.findall(es))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_help_shows_the_summary_of_the_language(game_id: str) -> None:
    rules_file = games.spec(game_id).rules_file
    en, es = both(game_id)
    assert rules_text(rules_file, "en") == en
    assert rules_text(rules_file, "es") == es


def test_a_language_without_a_summary_falls_back_to_english() -> None:
    rules_file = games.spec("villainous").rules_file
    assert rules_text(rules_file, "fr") == both("villainous")[0]
    assert rules_text(None, "es") == ""
