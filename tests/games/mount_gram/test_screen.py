"""The Mount Gram screen driven by keys through Pilot: a full round for two hot-seat players
(committing and defending on the table, everything else with ``d`` or the list), the phase header,
face-down cards that never show their titles, and save / quit / resume."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ui.screen_text import lift_curtain as lift
from ui.screen_text import visible_text

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.mount_gram.cards import key_of
from tabletop.games.mount_gram.screen import MountGramScreen
from tabletop.text.render import for_match
from tabletop.ui.app import TabletopApp
from tabletop.ui.menus import MainMenu
from tabletop.ui.widgets import Curtain, DecisionPanel


def new_match(seed: int = 4, kinds: tuple[str, str] = ("human", "human")) -> Match:
    return Match.start(games.game("mount_gram"), [Seat("Ana", kinds[0]), Seat("Luis", kinds[1])], {}, seed=seed)


def make_app(tmp_path: Path, match: Match) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json", animate=False, bot_delay=0)


def names_in(value: Any, out: set[str]) -> set[str]:
    """Every card name a view shows (recursively)."""
    if isinstance(value, dict):
        if isinstance(value.get("name"), str):
            out.add(value["name"])
        for v in value.values():
            names_in(v, out)
    elif isinstance(value, list):
        for v in value:
            names_in(v, out)
    return out


def hidden_titles(match: Match, seat: int | None) -> set[str]:
    """Titles of the face-down cards (encounter deck, shadows, captured) the seat cannot see
    anywhere face up (the same title may be face up elsewhere: a second copy, the log)."""
    s = match.state
    db = match.game.db
    hidden = list(s.encounter)
    for rec in s.cards.values():
        hidden += rec["sh"] + rec["cap"]
    for p in s.players:
        hidden += p["captured"]
    view = match.view(seat)
    shown = names_in(view, set())
    shown |= {db[key_of(c)].name for c in view["hand"]}
    shown |= {db[key_of(c)].name for c in view["encounter_discard"] + view["victory"]}
    for p in view["players"]:
        shown |= {db[key_of(c)].name for c in p["discard"]}
    words = for_match(match, lang="en")
    log = " ".join(words.event(e) for e in view["log"])
    decision = match.decision()
    if decision is not None and decision.seat == seat:
        # a card effect may let the chooser look at them (Prison Cell: "look at its captured cards")
        log += " ".join(words.text(a.label) for a in match.legal())
    return {db[key_of(c)].name for c in hidden} - shown - {n for n in (db[key_of(c)].name for c in hidden) if n in log}


def hand_titles(match: Match, seat: int) -> set[str]:
    """The titles of the cards in one seat's hand (private to that seat without ``open_hands``)."""
    db = match.game.db
    return {db[key_of(c)].name for c in match.state.players[seat]["hand"]}


def board(app: TabletopApp) -> MountGramScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, MountGramScreen))
    return screen


async def test_a_full_round_by_keyboard_then_save_quit_and_resume(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    headers: list[str] = []
    committed_by_keys = False
    by_table: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)  # two human seats with private hands: curtain first
        await lift(pilot, app)
        screen = app.screen
        assert isinstance(screen, MountGramScreen)
        curtains = 0
        for _ in range(200):
            if match.state.round >= 2 or match.decision() is None:
                break
            if isinstance(app.screen, Curtain):
                # the keyboard passes between the two humans: no hand is behind or on the curtain
                text = visible_text(app)
                for seat in (0, 1):
                    shown = [t for t in hand_titles(match, seat) if t in text]
                    assert not shown, f"hand of seat {seat} visible at the hand-off: {shown}"
                assert screen.viewer is None
                curtains += 1
                await lift(pilot, app)
                continue
            text = visible_text(app)
            headers.append(text.splitlines()[0])
            leaked = [t for t in hidden_titles(match, screen.viewer) if t in text]
            assert not leaked, f"face-down cards shown: {leaked}"
            decision = match.decision()
            assert decision is not None and screen.viewer == decision.seat  # hot seat: the actor's view
            acts = match.legal()
            ids = [a.id for a in acts]
            if decision.kind == "commit":
                # The cursor starts on the first character that can commit (on the table).
                assert app.focused is screen.query_one("#table")
                chosen = screen._sel
                assert chosen is not None and f"commit {chosen}" in ids
                await pilot.press("enter")
                await pilot.pause()
                assert match.actions[-1] == f"commit {chosen}"
                committed_by_keys = True
                assert "vs committed ☼" in visible_text(app)
                continue
            on_table = [a for a in acts if a.card and a.card in screen._order]
            if decision.kind in ("defend", "engage", "travel", "attack", "attackers") and on_table:
                # engage, travel, defend and attack on the table: the cursor is on a choosable card
                assert app.focused is screen.query_one("#table")
                if decision.kind == "defend":
                    await pilot.press("right", "left")  # ← → hop between the characters that can defend
                    await pilot.pause()
                chosen = screen._sel
                await pilot.press("enter")
                await pilot.pause()
                assert match.actions[-1].split()[-1] == chosen
                by_table.add(decision.kind)
                continue
            before = len(match.actions)
            if decision.kind != "choose" and any(a in ids for a in ("done", "go", "nodefend", "pass", "stay", "none")):
                await pilot.press("d")
            else:
                app.screen.query_one(DecisionPanel).focus()
                await pilot.press("1")
            await pilot.pause()
            assert len(match.actions) == before + 1, f"no action for {decision} {ids}"
        assert match.state.round == 2, "the round did not finish"
        assert curtains >= 2, "the keyboard changed hands without a curtain"
        assert committed_by_keys and {"defend", "engage"} <= by_table, by_table
        phases = {p for p in ("Setup", "Resource", "Planning", "Quest", "Travel", "Encounter", "Combat")
                  if any(f"{p} phase" in h for h in headers)}
        assert {"Setup", "Planning", "Quest", "Combat"} <= phases, phases
        assert any("commit characters" in h for h in headers)
        assert "round 2" in visible_text(app).splitlines()[0]
        played = list(match.actions)
        # ctrl+s: save under a typed name (Enter keeps the current one)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        from tabletop.engine.saves import load

        assert load(tmp_path / "g.json", games.game).actions == played
        # quit to the menu: the game is saved on the way out
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await pilot.press("down", "enter")  # Resume last game
        await pilot.pause()
        assert isinstance(app.screen, Curtain)  # a resumed game opens on the curtain
        await lift(pilot, app)
        again = board(app)
        assert again is not screen and again.match.actions == played
        assert "round 2" in visible_text(app).splitlines()[0]


async def test_commit_toggles_on_the_table_at_100x30_and_face_down_cards_stay_hidden(tmp_path: Path) -> None:
    """At 100×30: Enter commits the character under the cursor, Enter again takes the commitment
    back; shadows and captured cards are backs with counts; walking the whole table shows no title
    of a face-down card."""
    match = new_match(seed=7)
    for _ in range(600):  # the first answers, until a player may commit two characters or more
        decision = match.decision()
        acts = match.legal()
        if decision is not None and decision.kind == "commit" and len(acts) >= 3:
            break
        pick = next((a for a in acts if a.id in ("done", "pass", "nodefend")), acts[0])
        match.play(pick.id)
    decision = match.decision()
    assert decision is not None and decision.kind == "commit"
    app = make_app(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await lift(pilot, app)
        screen = board(app)
        assert not screen.has_class("-too-small")
        assert app.focused is screen.query_one("#table")
        assert "commit characters" in visible_text(app).splitlines()[0]
        await pilot.press("right")  # the next character that can commit
        await pilot.pause()
        chosen = screen._sel
        assert chosen is not None and f"commit {chosen}" in [a.id for a in match.legal()]
        await pilot.press("enter")
        await pilot.pause()
        assert match.actions[-1] == f"commit {chosen}" and match.state.cards[chosen]["com"]
        assert "➚" in visible_text(app)
        if match.decision() is not None and match.decision().kind == "commit":
            await pilot.press("enter")  # toggle: taken back
            await pilot.pause()
            assert not match.state.cards[chosen]["com"] and match.actions[-1] != f"commit {chosen}"
            await pilot.press("d")  # nobody committed now: d asks once more (issue #13) ...
            await pilot.pause()
            assert match.actions[-1] != "done" and match.decision().kind == "commit"
            await pilot.press("d")  # ... and the second d is done committing
            await pilot.pause()
            assert match.actions[-1] == "done"
        text = visible_text(app)
        assert not [t for t in hidden_titles(match, screen.viewer) if t in text]
        assert "▒" in text  # captured cards under their guards, face down with counts
        for _ in range(30):  # walk the whole table: it scrolls, nothing hidden appears
            await pilot.press("down")
            text = visible_text(app)
            assert not [t for t in hidden_titles(match, screen.viewer) if t in text]


async def test_keys_mashed_with_a_bot_partner_never_crash(tmp_path: Path) -> None:
    """One human and one heuristic bot: random keys on every pane keep the game consistent."""
    import random

    from tabletop.engine.saves import load

    match = new_match(seed=5, kinds=("human", "heuristic"))
    app = make_app(tmp_path, match)
    keys = ["enter", "escape", "up", "down", "left", "right", "1", "2", "3", "9", "d", "tab", "space",
            "h", "j", "k", "l", "ctrl+z", "z"]
    rnd = random.Random(3)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(40):
            await pilot.press(rnd.choice(keys))
            if not isinstance(app.screen, MountGramScreen):
                await pilot.press("escape")
        await pilot.pause()
        assert app.is_running
        text = visible_text(app)
        screen = board(app)
        assert not [t for t in hidden_titles(match, screen.viewer) if t in text]
    assert match.actions, "the mashing never played anything"
    again = load(tmp_path / "g.json", games.game)
    assert again.actions == match.actions[: len(again.actions)]


async def test_number_keys_choose_from_the_list_while_the_hand_row_has_the_keyboard(tmp_path: Path) -> None:
    """The help promises "1-9: choose from the list at the bottom"; at the first hero choice the
    keyboard is on the card row, and a digit used to do nothing there."""
    match = new_match(seed=5)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await lift(pilot, app)
        screen = board(app)
        assert not isinstance(screen.focused, DecisionPanel)
        second = screen.query_one("#decision", DecisionPanel).actions[1].id
        await pilot.press("2")
        await pilot.pause()
        assert match.actions == [second]


async def test_open_hands_variant_turns_the_curtain_off(tmp_path: Path) -> None:
    """§1: with ``open_hands`` the partners see each other's hands, so no curtain is needed."""
    match = Match.start(games.game("mount_gram"), [Seat("Ana"), Seat("Luis")], {"open_hands": True}, seed=4)
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MountGramScreen)


async def test_enter_accepts_the_recommended_answer_of_a_choice_on_the_table(tmp_path: Path) -> None:
    """Issue #11: a choice with a recommended answer (here the Restricted discard of §5.3) starts
    the cursor on that answer's card, so Enter accepts it; play stays fast."""
    from tabletop.games.mount_gram import board as B
    from tabletop.games.mount_gram.choices import check_restricted
    from tabletop.games.mount_gram.flow import advance

    match = Match.start(games.game("mount_gram"), [Seat("Ana")], {"deck_1": "Tactics"}, seed=4)
    while match.decision().kind == "choose":
        match.play(match.legal()[0].id)
    s, g = match.state, match.game
    hero = B.heroes(g, s, 0)[0]
    plate, axe, blade = "p0.citadel_plate.81", "p0.dwarven_axe.82", "p0.blade_of_gondolin.83"
    for c in (plate, axe, blade):  # fresh copies: test-only ids
        B.attach(g, s, c, hero, 0)
    check_restricted(g, s, hero)
    advance(g, s)
    recommended = match.legal()[0].id
    assert match.decision().kind == "discard_restricted" and recommended == f"discard {blade}"
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await lift(pilot, app)
        assert board(app)._sel == blade
        await pilot.press("enter")
        await pilot.pause()
        assert match.actions[-1] == recommended
