"""Villainous speaks Spanish too: every text of random games renders strictly from the Spanish
catalog (the English walk is in ``tests/text/test_contract.py``), and the log stores no sentence."""

from __future__ import annotations

from text.test_contract import walk  # tests/ is on sys.path (rootdir-relative packages)

from tabletop.engine import Match, Seat
from tabletop.games.villainous.rules import Villainous
from tabletop.text.render import for_match


def test_every_text_of_random_games_has_a_spanish_template() -> None:
    assert walk("villainous", "es") > 100


def test_spanish_reads_the_game_terms() -> None:
    match = Match.start(Villainous(), [Seat("Ana"), Seat("Bea")], {}, seed=1)
    words = for_match(match, lang="es", strict=True)
    assert words.text(match.decision().prompt) == "Mueve tu peón"
    labels = [words.text(a.label) for a in match.legal()]
    assert all(label.startswith("Ir a ") for label in labels), labels
    assert words.text(match.summary()) == "ronda 1, juega Ana"
