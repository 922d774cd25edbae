"""The rules-to-table contract (issue 12), checked over many seeded random games of each game.

* Every prompt, action label, result reason and summary is a message (``Msg``) with a template,
  and every log event has a template and no sentence: the strict renderer renders all of them.
* The rules modules write no user-facing sentence (no f-string outside a ``raise``).
* No screen module parses an action id (no ``re``, no ``split`` and the like on an id).
* The game declares the typed tree of its view.

A game joins ``CONVERTED`` when its rules speak in messages (one line per game).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.bots import RandomBot, bot_rng
from tabletop.engine.msg import Msg
from tabletop.text.render import Renderer

CONVERTED = [
    "superinmundos",
    "villainous",
    "msx_cards",
    "mount_gram",
]
SEEDS_PER_SETUP = 3
PACKAGE = Path(__file__).resolve().parents[2] / "tabletop" / "games"
SCREEN_MODULES = ("screen.py", "widgets.py")
NOT_RULES = SCREEN_MODULES + ("faces.py", "stats.py")
"""Faces draw the card data's own names and texts (translated through the ``<game>-cards``
catalog by their text); ``stats`` names figures for the balance lab's English report."""


def renderer(match: Match, lang: str) -> Renderer:
    game = match.game
    return Renderer(game.spec.id, [s.name for s in match.seats], lang=lang,
                    card_title=lambda c: game.face(c).title, strict=True)


def walk(game_id: str, lang: str) -> int:
    """Play random games, rendering every text strictly; returns how many texts were rendered."""
    game = games.game(game_id)
    rendered = 0
    for players, options in game.spec.conformance_setups():
        for seed in range(SEEDS_PER_SETUP):
            match = Match.start(game, [Seat(f"P{i + 1}") for i in range(players)], options, seed=seed)
            words = renderer(match, lang)
            seen = 0
            while (decision := match.decision()) is not None:
                assert isinstance(decision.prompt, Msg), f"{game_id}: prompt {decision.prompt!r}"
                words.text(decision.prompt)
                actions = match.legal()
                for action in actions:
                    assert isinstance(action.label, Msg), f"{game_id}: label {action.label!r} ({action.id})"
                    words.text(action.label)
                summary = match.summary()
                assert isinstance(summary, Msg), f"{game_id}: summary {summary!r}"
                words.text(summary)
                log = match.state.log
                for event in log[seen:]:
                    assert "t" not in event, f"{game_id}: event with a sentence {event}"
                    words.event(event)
                rendered += len(actions) + 2 + len(log) - seen
                seen = len(log)
                choice = RandomBot().choose(game, {}, decision, actions, bot_rng(seed, match.state.step, 0))
                match.play(choice)
            for event in match.state.log[seen:]:
                assert "t" not in event, f"{game_id}: event with a sentence {event}"
                words.event(event)
            result = match.result()
            assert result is not None and isinstance(result.reason, Msg), f"{game_id}: reason {result}"
            words.text(result.reason)
    return rendered


@pytest.mark.parametrize("game_id", CONVERTED)
def test_every_text_of_random_games_has_an_english_template(game_id: str) -> None:
    assert walk(game_id, "en") > 100


@pytest.mark.parametrize("game_id", CONVERTED)
def test_every_text_of_random_games_has_a_spanish_template(game_id: str) -> None:
    assert walk(game_id, "es") > 100


@pytest.mark.parametrize("game_id", CONVERTED)
def test_the_game_declares_its_typed_view(game_id: str) -> None:
    assert games.game(game_id).view_type is not None


def _rules_modules(game_id: str) -> list[Path]:
    return [p for p in sorted((PACKAGE / game_id).glob("*.py")) if p.name not in NOT_RULES]


_WORDS = re.compile(r"[A-Z]|[.,;:!?)]( |$)|\(")


def _looks_like_words(node: ast.JoinedStr) -> bool:
    """An f-string whose fixed text reads as a sentence (a capital, punctuation), not an id such
    as ``f"attack {card}"``."""
    fixed = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return bool(_WORDS.search(fixed))


def _sentences(path: Path) -> list[str]:
    """Sentence-like f-strings of a rules module outside a ``raise`` (an error for developers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside_raise: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise | ast.Assert):
            inside_raise.update(id(n) for n in ast.walk(node))
    return [f"{path.name}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.JoinedStr) and id(node) not in inside_raise and _looks_like_words(node)]


@pytest.mark.parametrize("game_id", CONVERTED)
def test_rules_modules_write_no_sentences(game_id: str) -> None:
    found = [s for p in _rules_modules(game_id) for s in _sentences(p)]
    assert found == [], f"f-strings in {game_id}'s rules (write a message instead): {found}"


_PARSERS = {"split", "rsplit", "partition", "rpartition", "startswith", "endswith", "removeprefix",
            "removesuffix"}


def _id_parsing(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if "re" in names:
                found.append(f"{path.name}:{node.lineno} imports re")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _PARSERS:
            subject = ast.unparse(node.func.value)
            if "id" in subject.replace("hidden", "").replace("width", "").replace("side", ""):
                found.append(f"{path.name}:{node.lineno} {subject}.{node.func.attr}(...)")
    return found


@pytest.mark.parametrize("game_id", CONVERTED)
def test_no_screen_module_parses_an_action_id(game_id: str) -> None:
    found = [s for name in SCREEN_MODULES if (PACKAGE / game_id / name).is_file()
             for s in _id_parsing(PACKAGE / game_id / name)]
    assert found == [], f"{game_id}'s screen parses ids: {found}"
