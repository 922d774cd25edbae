"""Issue #13 for Mount Gram: response prompts say what the response does, players by name,
``d`` in the commit step cannot commit nothing by accident, a recap between rounds."""

from __future__ import annotations

import re
from pathlib import Path

from ui.screen_text import lift_curtain

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.mount_gram.effects import response_clause
from tabletop.games.mount_gram.screen import MountGramScreen
from tabletop.text.render import for_match
from tabletop.ui.app import TabletopApp


def bot_match(seed: int, players: int = 2, kind: str = "heuristic") -> Match:
    names = ["Ana", "Luis", "Marta", "Pablo"][:players]
    return Match.start(games.game("mount_gram"), [Seat(n, kind) for n in names], {}, seed=seed)


def test_a_response_clause_is_the_effect_not_the_condition() -> None:
    gloin = "Response: after Gloin takes damage, he gains 1 resource per damage just taken."
    assert response_clause(gloin) == "he gains 1 resource per damage just taken"
    gandalf = "Response: when he enters play pick one: draw 3 cards, deal 4 damage to an enemy. Forced: x."
    assert response_clause(gandalf) == "when he enters play pick one: draw 3 cards, deal 4 damage to an enemy"
    assert response_clause("Action: ready a hero.") == ""


def test_response_prompts_say_what_answering_does_and_name_players() -> None:
    seen_responses = 0
    for seed, kind in ((1, "heuristic"), (2, "random"), (3, "random")):
        match = bot_match(seed, 3, kind)
        for _ in range(1500):
            decision = match.decision()
            if decision is None:
                break
            words = for_match(match, lang="en", strict=True)
            labels = [words.text(a.label) for a in match.legal()]
            prompt = words.text(decision.prompt)
            text = " ".join([prompt, *labels])
            assert not re.search(r"\bplayer \d", text), text
            assert "_" not in prompt, prompt
            if decision.kind == "response":
                seen_responses += 1
                assert "respond to" not in prompt
                plays = [a for a in match.legal() if a.verb != "pass"]
                if len(plays) == 1:
                    assert prompt.endswith(f"use {words.text(plays[0].label)}?")
                    assert " — " in words.text(plays[0].label)  # the card, then what it does
                else:
                    assert "respond? (" in prompt
            match.bot_step()
    assert seen_responses > 0


async def test_d_in_the_commit_step_asks_before_committing_nobody(tmp_path: Path) -> None:
    match = Match.start(games.game("mount_gram"), [Seat("Ana")], {}, seed=4)
    for _ in range(200):
        decision = match.decision()
        assert decision is not None
        if decision.kind == "commit":
            break
        done = [a for a in match.legal() if a.id in ("done", "pass")]
        match.play((done or match.legal())[0].id)
    app = TabletopApp(saves_dir=tmp_path, match=match, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await lift_curtain(pilot, app)
        screen = app.screen
        assert isinstance(screen, MountGramScreen)
        step = match.state.step
        await pilot.press("d")
        await pilot.pause()
        assert match.state.step == step and match.decision().kind == "commit"
        assert any("Commit nothing" in (n.title or "") for n in app._notifications)
        await pilot.press("d")
        await pilot.pause()
        assert match.state.step == step + 1


async def test_a_new_round_brings_a_recap_of_the_last(tmp_path: Path) -> None:
    match = bot_match(1, 1)
    app = TabletopApp(saves_dir=tmp_path, match=match, animate=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3000):  # bots move on timers: count in pauses, not in seconds
            await pilot.pause()
            if match.state.round >= 2 or match.decision() is None:
                break
        for _ in range(3):
            await pilot.pause()
        titles = [(n.title or "", n.message) for n in app._notifications]
        recap = [m for t, m in titles if t == "Round 1 over"]
        assert recap and "Threat: Ana " in recap[0], titles


async def test_at_100x30_staging_and_player_lines_keep_their_numbers(tmp_path: Path) -> None:
    from tabletop.games.mount_gram.widgets import ZoneBoard
    from tests.ui.screen_text import visible_text

    match = Match.start(games.game("mount_gram"), [Seat("Ana"), Seat("Luis", "heuristic")], {}, seed=6)
    for _ in range(400):  # into round 3, when staging areas have split and hold cards
        decision = match.decision()
        assert decision is not None
        if match.state.round >= 3 and decision.kind == "commit" and decision.seat == 0:
            break
        match.bot_step(as_kind="heuristic")
    app = TabletopApp(saves_dir=tmp_path, match=match, animate=False, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await lift_curtain(pilot, app)
        screen = app.screen
        assert isinstance(screen, MountGramScreen)
        text = visible_text(app)
        table = screen.query_one("#table").region
        subtitles = [zone.subtitle for board in screen.query(ZoneBoard) for i, zone in enumerate(board.zones)
                     if zone.subtitle and table.overlaps(board.zone_region(i).translate(board.region.offset))]
        assert subtitles
        for subtitle in subtitles:
            assert subtitle in text, subtitle
        for p in match.view(0)["players"]:
            assert f"capt. ▒{p['captured_deck']}" in text
