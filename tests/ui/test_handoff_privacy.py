"""Hidden information at the hot seat (issue #13), driven through Pilot.

* Every hand-off between two human seats, in every game with private cards, shows a curtain
  with no private card name of any seat on screen; a resumed game opens on it.
* A card shown to a seat that is not at the keyboard reaches that seat at once, behind its own
  curtain, and the keyboard comes back to the deciding seat behind another one.
* The curtain says what the incoming player must do and what happened publicly since his last
  turn: never a private line of the previous player, never an old event.
* ``--ascii`` covers the curtain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from typing_extensions import TypedDict

from tabletop import games
from tabletop.engine import Action, BaseState, Decision, Game, GameSpec, Match, Result, Seat, emit, visible_log
from tabletop.engine.bots import RandomBot, bot_rng
from tabletop.engine.saves import load, save
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen, ResultScreen
from tabletop.ui.widgets import Curtain
from tabletop.ui.widgets.curtain import RevealScreen, ascii_fold

from .screen_text import visible_text

SIZE = (120, 40)


def make_app(tmp_path: Path | None, match: Match, *, ascii_only: bool = False) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path or "saves", match=match,
                       save_path=tmp_path / "g.json" if tmp_path is not None else None,
                       animate=False, bot_delay=0, ascii_only=ascii_only)


def game_screen(app: TabletopApp) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


# -- what is private, per seat ------------------------------------------------------------------
def _title(match: Match, card: str) -> str:
    try:
        return match.game.face(card).title
    except Exception:  # not a card id
        return ""


def _public_strings(match: Match) -> list[str]:
    """Every string a spectator's view holds (card ids also as their titles): names in there
    may be on screen for everyone (a second copy in the discard, a public log line)."""
    out: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str):
            out.append(value)
            title = _title(match, value)
            if title and title != value:
                out.append(title)

    walk(match.view(None))
    return out


def private_names(match: Match) -> dict[int, set[str]]:
    """Per seat, the names of the cards in its hand that no public place shows."""
    public = _public_strings(match)
    out: dict[int, set[str]] = {}
    for seat, p in enumerate(getattr(match.state, "players", [])):
        names = {_title(match, c) for c in p.get("hand", [])}
        out[seat] = {n for n in names if len(n) > 2 and not any(n in s for s in public)}
    return out


def assert_nothing_private(app: TabletopApp, match: Match) -> None:
    assert isinstance(app.screen, Curtain)
    assert game_screen(app).viewer is None
    text = visible_text(app)
    for seat, names in private_names(match).items():
        shown = sorted(n for n in names if n in text)
        assert not shown, f"private cards of seat {seat} on the curtain: {shown}\n{text}"


async def drive(app: TabletopApp, pilot: Any, match: Match, steps: int, bot: str = "random") -> int:
    """Play ``steps`` actions through the screen (the named bot chooses for the human on screen),
    lifting each curtain after checking it; returns the number of curtains seen."""
    curtains = 0
    factory = match.game.spec.bots[bot]
    played = 0
    for _ in range(steps * 4):
        if played >= steps or match.decision() is None:
            break
        top = app.screen
        if isinstance(top, Curtain):
            assert_nothing_private(app, match)
            curtains += 1
            await pilot.press("enter")
            await pilot.pause()
            continue
        if isinstance(top, (RevealScreen, ResultScreen)):
            await pilot.press("enter")
            await pilot.pause()
            continue
        screen = game_screen(app)
        assert top is screen, f"unexpected screen on top: {top!r}"
        decision = match.decision()
        assert decision is not None and screen.viewer == decision.seat
        action = factory().choose(match.game, match.view(decision.seat), decision, match.legal(),
                                  bot_rng(match.seed, match.state.step, decision.seat))
        assert screen.act(action)
        played += 1
        await pilot.pause()
    return curtains


STEPS = 14
"""Actions per game: enough for a few hand-offs, few enough for a quick Pilot test."""
GAMES = [
    ("superinmundos", {"no_swap": True}, 4),
    ("villainous", {}, 3),
    ("mount_gram", {}, 4),
]


@pytest.mark.parametrize(("game_id", "options", "seed"), GAMES)
async def test_every_hand_off_shows_no_private_card(tmp_path: Path, game_id: str, options: dict[str, Any],
                                                    seed: int) -> None:
    match = Match.start(games.game(game_id), [Seat("Ana"), Seat("Luis")], options, seed=seed)
    app = make_app(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)  # a new game opens on the curtain
        curtains = await drive(app, pilot, match, steps=STEPS)
        assert curtains >= 3, f"only {curtains} curtain(s) in {STEPS} actions"
        assert any(names for names in private_names(match).values())  # the check had something to find
    # resume: the saved game opens on the curtain, again with nothing private on it
    save(match, tmp_path / "g.json")
    resumed = load(tmp_path / "g.json", games.game)
    app = make_app(tmp_path, resumed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert_nothing_private(app, resumed)
        assert "resumed" in visible_text(app)


def test_msx_cards_has_no_private_cards() -> None:
    """MSX Cards versus needs no curtain: both seats and a spectator see the same cards."""
    match = Match.start(games.game("msx_cards"), [Seat("Ana"), Seat("Luis")], {"versus": True, "mission": "quick"},
                        seed=4)
    spec = match.game.spec
    assert not spec.hidden_info
    for _ in range(30):
        if match.decision() is None:
            break
        assert match.game.secrets(match.state, None) == set()
        public = {k: v for k, v in match.view(None).items() if k not in ("log", "you", "decision", "legal")}
        for seat in (0, 1):
            mine = {k: v for k, v in match.view(seat).items() if k in public}
            assert mine == public
        match.bot_step(as_kind="random")


# -- a reveal reaches its seat at once --------------------------------------------------------
class ShowPlayer(TypedDict):
    name: str
    hand: list[str]


@dataclass(kw_only=True)
class ShowState(BaseState):
    players: list[ShowPlayer] = field(default_factory=list)
    turn: int = 0
    shown: bool = False
    over: bool = False


SHOW_SPEC = GameSpec(id="showtest", title="Show", min_players=2, max_players=2, summary="reveal test game",
                     hidden_info=True, bots={"random": RandomBot})


class ShowGame(Game[ShowState]):
    """Two hands of animals. On your turn you may *show* one card to your rival (who is not at the
    keyboard, and it stays your turn), *tell* him a card as you pass, or just *pass*."""

    spec = SHOW_SPEC
    state_type = ShowState

    def setup(self, seats: list[Seat], options: dict[str, Any], seed: int) -> ShowState:
        s = ShowState(rng=seed)
        hands = (["Dragon", "Whale"], ["Falcon", "Tortoise"])
        s.players = [ShowPlayer(name=seat.name, hand=list(h)) for seat, h in zip(seats, hands, strict=True)]
        emit(s, "setup", "Each player holds two animals.")
        return s

    def decision(self, s: ShowState) -> Decision | None:
        return None if s.over else Decision(s.turn, "turn", f"{s.players[s.turn]['name']}: show, tell or pass")

    def legal_actions(self, s: ShowState) -> list[Action]:
        if s.over:
            return []
        out = [] if s.shown else [Action("show", "Show a card to your rival")]
        return out + [Action("tell", "Pass, telling your rival a card"), Action("pass", "Pass"),
                      Action("stop", "End the game")]

    def apply(self, s: ShowState, action_id: str) -> None:
        self.find_action(s, action_id)
        s.step += 1
        me, other = s.turn, 1 - s.turn
        card = s.players[me]["hand"][0]
        if action_id == "stop":
            s.over = True
            return
        if action_id in ("show", "tell"):
            emit(s, "show", f"{s.players[me]['name']} shows a card to {s.players[other]['name']}.")
            emit(s, "shown", f"{s.players[me]['name']} shows you {card}.", to=[other])
        if action_id == "show":
            s.shown = True
            return
        emit(s, "pass", f"{s.players[me]['name']} passes.")
        s.turn, s.shown = other, False

    def view(self, s: ShowState, seat: int | None) -> dict[str, Any]:
        return {"turn": s.turn,
                "players": [{"name": p["name"], "hand": list(p["hand"]) if i == seat else len(p["hand"])}
                            for i, p in enumerate(s.players)],
                "log": visible_log(s, seat)}

    def result(self, s: ShowState) -> Result | None:
        return Result((0,), (0.0, 0.0), "stopped") if s.over else None

    def secrets(self, s: ShowState, seat: int | None) -> set[str]:
        return {c for i, p in enumerate(s.players) if i != seat for c in p["hand"]}


def show_match() -> Match:
    return Match.start(ShowGame(), [Seat("Ana"), Seat("Luis")], {}, seed=1)


async def test_a_card_shown_to_a_seat_away_from_the_keyboard_reaches_him_at_once() -> None:
    match = show_match()
    app = make_app(None, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ana takes the keyboard
        await pilot.pause()
        screen = game_screen(app)
        assert screen.viewer == 0
        assert screen.act("show")
        await pilot.pause()
        # Luis is called at once, though it stays Ana's turn; nothing private is on his curtain
        assert isinstance(app.screen, Curtain)
        text = visible_text(app)
        assert "L U I S" in text and "Not your turn" in text
        assert not any(card in text for card in ("Dragon", "Whale", "Falcon", "Tortoise"))
        assert "Ana shows a card to Luis." in text  # the public half of it
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        assert screen.viewer == 1
        text = visible_text(app)
        assert "For Luis only" in text and "Ana shows you Dragon." in text
        assert "Whale" not in text  # Ana's other card stays hers
        await pilot.press("enter")
        await pilot.pause()
        # back to Ana behind her curtain: Luis's cards are not on it, and it is still her turn
        assert isinstance(app.screen, Curtain)
        text = visible_text(app)
        assert "A N A" in text and "your turn" in text
        assert not any(card in text for card in ("Falcon", "Tortoise", "Dragon"))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer == 0 and app.screen is screen
        assert not match.can_undo()  # what Luis has seen cannot be taken back
        # once shown, never again: Ana passes, Luis's own curtain brings no second reveal dialog
        assert screen.act("pass")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 1


async def test_a_card_shown_to_the_next_player_is_read_right_after_his_curtain() -> None:
    match = show_match()
    app = make_app(None, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.act("tell")  # Ana passes and shows Luis a card: Luis is next anyway
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        text = visible_text(app)
        assert "Luis — your turn" in text and "Dragon" not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        assert "Ana shows you Dragon." in visible_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 1  # no extra curtain: it is his turn


async def test_a_bot_seat_gets_no_reveal_dialog() -> None:
    match = Match.start(ShowGame(), [Seat("Ana"), Seat("Bot", "random")], {}, seed=1)
    app = make_app(None, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.act("show")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 0


# -- the curtain's words are fresh ----------------------------------------------------------
async def test_the_curtain_tells_the_incoming_player_only_fresh_public_news() -> None:
    match = Match.start(games.game("highcard"), [Seat("Ana"), Seat("Luis")], {"dice": False}, seed=3)
    app = make_app(None, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = visible_text(app)
        assert "Ana — your turn: to play" in text
        assert "2 players, 3 cards each." in text  # the game begins: its public set-up is news
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        ana_card = match.state.players[0]["hand"][0]
        assert screen.act(f"mark {ana_card}") and screen.act("play")
        await pilot.pause()
        text = visible_text(app)
        assert isinstance(app.screen, Curtain)
        assert "Luis — your turn: to play" in text
        assert f"Ana plays {ana_card}" in text
        assert "marks" not in text  # Ana's private line ("Ana marks ...") is hers only
        await pilot.press("enter")
        await pilot.pause()
        luis_card = match.state.players[1]["hand"][0]
        assert screen.act(f"mark {luis_card}") and screen.act("play")
        await pilot.pause()
        text = visible_text(app)
        assert "Ana — your turn: to play" in text and "Since your last turn" in text
        assert f"Luis plays {luis_card}" in text
        assert f"Ana plays {ana_card}" not in text  # her own move is not news to her
        assert "2 players, 3 cards each." not in text  # nor is the set-up any more


async def test_the_curtain_keeps_to_ascii(tmp_path: Path) -> None:
    match = Match.start(games.game("highcard"), [Seat("Sofía"), Seat("Luis")], {"dice": False}, seed=3)
    app = make_app(tmp_path, match, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        text = visible_text(app)
        assert "S O F I A" in text and "Sofia -- your turn" not in text
        assert all(ord(ch) < 128 for ch in text), sorted({ch for ch in text if ord(ch) >= 128})
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        card = match.state.players[0]["hand"][0]
        assert screen.act(f"mark {card}") and screen.act("play")
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        text = visible_text(app)
        assert all(ord(ch) < 128 for ch in text), sorted({ch for ch in text if ord(ch) >= 128})


def test_ascii_fold_keeps_words_readable() -> None:
    assert ascii_fold("Sofía — round 2 · x2 → ★") == "Sofia - round 2 - x2 -> *"
    assert ascii_fold("Cementerio Cósmico ✉") == "Cementerio Cosmico !"


def _before_sticky_fingers() -> tuple[Match, str]:
    """A 2-human Superinmundos game played (random choices) up to the point where the deciding
    seat may play Sticky Fingers (take a random card from the rival's hand)."""
    for seed in range(1, 40):
        match = Match.start(games.game("superinmundos"), [Seat("Ana"), Seat("Luis")], {}, seed=seed)
        for _ in range(60):
            if match.decision() is None:
                break
            steal = [a.id for a in match.legal() if a.card and _title(match, a.card) == "Sticky Fingers"
                     and a.id.startswith("event ")]
            if steal:
                return match, steal[0]
            match.bot_step(as_kind="random")
    raise AssertionError("no seed reaches Sticky Fingers")


async def test_superinmundos_the_card_stolen_is_shown_at_once_to_the_seat_away_from_the_keyboard() -> None:
    match, steal = _before_sticky_fingers()
    thief = match.decision().seat
    app = make_app(None, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.viewer == thief and screen.act(steal)
        await pilot.pause()
        for _ in range(6):  # a counter window may ask the rival first; then the reveal comes at once
            top = app.screen
            if isinstance(top, RevealScreen):
                break
            if isinstance(top, Curtain):
                assert_nothing_private(app, match)
                await pilot.press("enter")
            else:
                decision = match.decision()
                assert decision is not None and decision.kind == "counter", decision
                assert screen.act("pass")
            await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        stolen = next(e for e in reversed(match.state.log) if e["k"] == "stolen")
        # the steal resolved on the thief's own action: the victim is told; after a counter
        # window the rival's "pass" resolved it: the thief is told
        shown_to = 1 - thief if match.actions[-1] == steal else thief
        assert screen.viewer == shown_to
        assert app.screen.player == match.seats[shown_to].name
        assert screen.words.event(stolen) in visible_text(app)
        await pilot.press("enter")
        await pilot.pause()
        decision = match.decision()
        if decision is not None and decision.seat != shown_to:
            assert isinstance(app.screen, Curtain)  # the keyboard goes back behind a curtain
            assert_nothing_private(app, match)
