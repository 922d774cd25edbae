"""Guided first games: each one runs to its end by following its own instructions."""

from __future__ import annotations

import pytest

from tabletop import games
from tabletop.engine.guide import GuideRun, play_by_the_book
from tabletop.text.render import Renderer
from tabletop.ui.guide_screen import guide_for

GUIDED = [gid for gid in ("superinmundos", "villainous", "msx_cards", "mount_gram") if guide_for(gid)]


def test_every_game_has_a_guide() -> None:
    assert GUIDED == ["superinmundos", "villainous", "msx_cards", "mount_gram"]


@pytest.mark.parametrize("game_id", GUIDED)
def test_the_guide_runs_to_its_end_by_its_own_instructions(game_id: str) -> None:
    guide = guide_for(game_id)
    assert guide is not None and len(guide.steps) >= 6
    match = play_by_the_book(games.game(game_id), guide)
    assert match.actions, "the lesson plays real actions"
    assert sum(s.expect is not None for s in guide.steps) >= 4


@pytest.mark.parametrize("game_id", GUIDED)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_step_has_its_text_in_both_languages(game_id: str, lang: str) -> None:
    guide = guide_for(game_id)
    assert guide is not None
    words = Renderer(game_id, [s.name for s in guide.seats], lang=lang, strict=True)
    for step in guide.steps:
        assert len(words.text(step.say)) > 20, step
        assert step.rule, step


def test_a_wrong_action_is_not_allowed_and_the_right_one_moves_on() -> None:
    guide = guide_for(GUIDED[0])
    assert guide is not None
    run = GuideRun(guide)
    match = guide.start(games.game(guide.game_id))
    while run.read():
        pass
    while match.decision().seat != guide.learner:
        match.bot_step()
    actions = match.legal()
    wanted = run.wanted(actions)
    assert wanted is not None
    wrong = next(a for a in actions if a.id != wanted.id)
    assert not run.allows(wrong) and run.allows(wanted)
    before = run.index
    run.took(wanted)
    assert run.index == before + 1


@pytest.mark.parametrize("game_id", GUIDED)
def test_each_lesson_cites_a_section_of_the_rules_summary(game_id: str) -> None:
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "games" / f"{game_id}.md").read_text(encoding="utf-8")
    headings = {line.lstrip("#").strip().removesuffix(" — how to play") for line in doc.splitlines()
                if line.startswith("#")}
    guide = guide_for(game_id)
    assert guide is not None
    for step in guide.steps:
        section = re.sub(r" \d+$", "", step.rule).split(" · ")[0]
        assert section in headings or section == "How to play", (step.rule, sorted(headings))


@pytest.mark.parametrize("game_id", GUIDED)
def test_the_rules_summaries_link_their_rules_to_the_lessons(game_id: str) -> None:
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "tools"))
    import guide_docs

    for path, lang in guide_docs.docs_for(game_id):
        text = path.read_text(encoding="utf-8")
        assert guide_docs.block(game_id, lang) in text, f"{path.name}: run tools/guide_docs.py"
