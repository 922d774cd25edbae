"""The Babel extractor of the games' screens: the key bar's descriptions and the help's rows are
msgids of the shell's catalog, exactly as ``Footer`` and ``HelpScreen`` look them up."""

from __future__ import annotations

import io

import pytest

pytest.importorskip("babel")

from tabletop.text.extract import screen_texts, screens  # noqa: E402

SOURCE = '''
class Board(GameScreen):
    HELP_KEYS = (
        "| x | show the arithmetic |\\n"
        "| d | the discard pile |\\n"
    )
    BINDINGS = [Binding("x", "arithmetic", "arithmetic"), Binding("k", "up", show=False),
                Binding("d", "discard", description="discard pile")]
    def label(self):
        return _("Done")
'''


def test_rows_and_descriptions_are_found() -> None:
    assert [text for _line, text in screen_texts(SOURCE)] == [
        "| x | show the arithmetic |", "| d | the discard pile |", "arithmetic", "discard pile"]


def test_the_babel_method_adds_them_to_the_gettext_calls() -> None:
    found = [message for _line, _func, message, _comments in
             screens(io.BytesIO(SOURCE.encode()), ["_"], [], {})]
    assert "Done" in found and "| d | the discard pile |" in found and "discard pile" in found


def test_every_help_row_of_the_games_is_in_the_spanish_catalog() -> None:
    from pathlib import Path

    from tabletop.text import catalog

    spanish = catalog.entries("es", "tabletop")
    root = Path(__file__).resolve().parents[2] / "tabletop" / "games"
    texts = [text for path in sorted(root.glob("*/screen.py")) for _line, text in
             screen_texts(path.read_text(encoding="utf-8"))]
    assert len(texts) > 40
    assert [t for t in texts if t not in spanish] == []
