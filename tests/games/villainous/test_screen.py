"""The Villainous screen driven by keys through Pilot: a whole turn (move, gain Power, play an Ally,
Fate a rival, end), the curtain between seats with no hidden hand on screen, save/quit/resume, a
small terminal and a game watched to the end with bots."""

from __future__ import annotations

from pathlib import Path

from ui.screen_text import visible_text  # tests/ is on sys.path (rootdir-relative packages)

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.bots import bot_rng
from tabletop.engine.saves import load
from tabletop.games.villainous.bots import HeuristicBot
from tabletop.games.villainous.screen import VillainousScreen
from tabletop.text.render import for_match
from tabletop.ui.app import TabletopApp
from tabletop.ui.game_screen import GameScreen, ResultScreen
from tabletop.ui.menus import MainMenu
from tabletop.ui.widgets import CardRow, Curtain

# Seed 0 with three seats deals Ana Jafar, Luis Maleficent and Eva the Queen of Hearts; Ana holds
# Palace Guard (cost 1) and her Streets of Agrabah offers Gain 1 Power, Fate, Discard and Play.
SEED = 0


def new_match(kinds: tuple[str, ...] = ("human", "human", "human"), seed: int = SEED,
              options: dict | None = None) -> Match:
    names = ("Ana", "Luis", "Eva")
    return Match.start(games.game("villainous"), [Seat(n, k) for n, k in zip(names, kinds, strict=False)],
                       options or {}, seed=seed)


def make_app(tmp_path: Path, match: Match, *, ascii_only: bool = False) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "vil.json",
                       animate=False, bot_delay=0, ascii_only=ascii_only)


def hand_names(match: Match, seat: int) -> list[str]:
    return [c["name"] for c in match.view(seat)["players"][seat]["hand"]]


def public_names(match: Match) -> set[str]:
    """Names of cards anyone may see (in play, discards): they may legitimately be on screen."""
    view = match.view(None)
    out: set[str] = set()
    for p in view["players"]:
        for pile in (p["discard"], p["fate_discard"]):
            out.update(c["name"] for c in pile)
        for loc in p["locations"]:
            for c in loc["heroes"] + loc["cards"]:
                out.add(c["name"])
                out.update(a["name"] for a in c.get("attached", []))
    out.update(c["name"] for c in view["revealed"])
    return out


def assert_hidden(app: TabletopApp, match: Match, seats: list[int]) -> None:
    text = visible_text(app)
    public = public_names(match)
    for seat in seats:
        for name in hand_names(match, seat):
            if name not in public:
                assert name not in text, f"{name} (hand of seat {seat}) is on screen"


def screen_of(app: TabletopApp) -> VillainousScreen:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    assert isinstance(screen, VillainousScreen)
    return screen


async def test_a_whole_turn_by_keyboard_then_the_curtain(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        assert "A N A" in visible_text(app)
        assert_hidden(app, match, [0, 1, 2])
        await pilot.press("enter")
        await pilot.pause()
        screen = screen_of(app)
        assert app.screen is screen and screen.viewer == 0
        text = visible_text(app)
        assert "Palace Guard" in text and "Jafar" in text and "Streets of Agrabah" in text
        assert_hidden(app, match, [1, 2])

        # move: the realm has the focus; put the cursor on Streets of Agrabah and press m
        realm = screen.query_one("#realm")
        assert app.focused is realm
        while realm.loc != 1:
            await pilot.press("right")
        await pilot.press("m")
        await pilot.pause()
        assert match.state.players[0]["mover"] == 1
        assert match.decision().kind == "action"

        # gain Power: the cursor starts on the first usable symbol (Gain 1)
        assert realm.symbol["action"] == "gain_power"
        await pilot.press("enter")
        await pilot.pause()
        assert match.state.players[0]["power"] == 1
        assert "used" in visible_text(app)

        # play an Ally: the Play symbol, then the card in the hand, then where (Enter: here)
        while realm.symbol["action"] != "play_card":
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        hand = screen.query_one("#hand", CardRow)
        assert app.focused is hand and hand.current.startswith("jafar.palace_guard")
        await pilot.press("enter")
        await pilot.pause()
        assert match.decision().kind == "play_where" and app.focused is realm
        await pilot.press("enter")
        await pilot.pause()
        cards = match.state.players[0]["cards"]
        assert any(c.startswith("jafar.palace_guard") and r["loc"] == 1 for c, r in cards.items())
        assert match.state.players[0]["power"] == 0

        # Fate a rival: the Fate symbol, the rival, one of the two revealed cards, where
        while realm.symbol["action"] != "fate":
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        targets = screen.query_one("#targets", CardRow)
        assert app.focused is targets and "Maleficent (Luis)" in visible_text(app)
        await pilot.press("enter")  # Luis
        await pilot.pause()
        assert match.decision().kind == "fate_pick"
        revealed = [c["name"] for c in match.view(0)["revealed"]]
        assert len(revealed) == 2 and all(name in visible_text(app) for name in revealed)
        await pilot.press("enter")  # the playable one (the cursor starts on it)
        await pilot.pause()
        assert match.decision().kind == "hero_where"
        assert "Showing Luis's realm" in visible_text(app)
        await pilot.press("enter")
        await pilot.pause()
        heroes = [c for c, r in match.state.players[1]["cards"].items() if r["side"] == "h"]
        assert len(heroes) == 1
        assert match.decision().kind == "action" and match.decision().seat == 0

        # end the turn: the curtain drops for Luis, with nothing private on it
        await pilot.press("e")
        for _ in range(5):
            await pilot.pause()
            if isinstance(app.screen, Curtain):
                break
        assert isinstance(app.screen, Curtain)
        assert "L U I S" in visible_text(app)
        assert screen.viewer is None
        assert_hidden(app, match, [0, 1, 2])
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer == 1 and match.decision().seat == 1
        text = visible_text(app)
        assert "Maleficent · Luis" in text
        assert any(name in text for name in hand_names(match, 1))
        assert_hidden(app, match, [0, 2])
        # the Hero Ana played sits in Luis's realm, with its Strength
        hero = match.view(1)["players"][1]["locations"]
        assert any(h["name"] in text for loc in hero for h in loc["heroes"])


async def test_a_condition_in_another_players_turn_is_that_seats_decision(tmp_path: Path) -> None:
    # Heuristic play from seed 0 reaches a window where Eva (seat 2) is asked in Ana's or Luis's turn.
    match = new_match()
    bot = HeuristicBot()
    for step in range(3000):
        d = match.decision()
        if d.seat == 2 and d.kind == "condition" and any(a.id.startswith("cond ") for a in match.legal()):
            break
        match.play(bot.choose(match.game, match.view(d.seat), d, match.legal(), bot_rng(SEED, step, d.seat)))
    decision = match.decision()
    assert decision.seat == 2 and decision.kind == "condition"
    assert match.state.turn != 2
    cond = next(a.card for a in match.legal() if a.id.startswith("cond "))
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain) and "E V A" in visible_text(app)
        assert_hidden(app, match, [0, 1, 2])
        await pilot.press("enter")
        await pilot.pause()
        screen = screen_of(app)
        hand = screen.query_one("#hand", CardRow)
        assert screen.viewer == 2 and app.focused is hand
        assert hand.current == cond
        assert "Judgment" in visible_text(app)
        assert_hidden(app, match, [0, 1])
        await pilot.press("enter")
        await pilot.pause()
        assert cond not in match.state.players[2]["hand"]
        words = for_match(match, lang="en", strict=True)
        assert any("plays the Condition Judgment" in words.event(e) for e in match.view(None)["log"])


async def test_save_quit_and_resume_opens_on_the_curtain(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain for Ana
        await pilot.pause()
        await pilot.press("m")  # move to the highlighted location
        await pilot.pause()
        await pilot.press("1")  # number keys work from the realm too
        await pilot.pause()
        assert len(match.actions) == 2
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    saved = load(tmp_path / "vil.json", games.game)
    assert saved.actions == match.actions
    app = make_app(tmp_path, saved)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        assert "A N A" in visible_text(app)
        assert_hidden(app, saved, [0, 1, 2])
        await pilot.press("enter")
        await pilot.pause()
        assert screen_of(app).viewer == 0
        assert any(name in visible_text(app) for name in hand_names(saved, 0))


async def test_escape_backs_out_and_peeking_shows_a_rival_realm(tmp_path: Path) -> None:
    match = new_match()
    app = make_app(tmp_path, match, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "m")
        await pilot.pause()
        screen = screen_of(app)
        realm = screen.query_one("#realm")
        while realm.symbol["action"] != "fate":
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is screen.query_one("#targets")
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is realm and match.decision().kind == "action"
        assert len(match.actions) == 1
        await pilot.press("v")
        await pilot.pause()
        assert "Showing Luis's realm" in visible_text(app)
        assert_hidden(app, match, [1, 2])
        await pilot.press("enter")  # looking only: nothing is played
        await pilot.pause()
        assert len(match.actions) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert "Showing" not in visible_text(app)
        assert not app.screen.has_class("-too-small")


async def test_bots_play_to_the_end_on_screen(tmp_path: Path) -> None:
    match = new_match(("heuristic", "heuristic", "random"), seed=5, options={"round_limit": 5})
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, ResultScreen):
                break
        assert isinstance(app.screen, ResultScreen)
        assert match.result() is not None
