"""Superinmundos legibility (issue #13): the words of the choices and the log say what they mean,
"No support" is always in the same place, and a click on a hand card does what Enter does."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui.screen_text import visible_text

from tabletop.engine import Action
from tabletop.games.superinmundos.screen import NO_SUPPORT, SuperinmundosScreen, support_first
from tabletop.games.superinmundos.widgets import HandGrid
from tabletop.ui import app as app_module
from tabletop.ui.app import TabletopApp, screen_class
from tabletop.ui.widgets import CardView, Curtain, DecisionPanel

from .helpers import en, kind, table, to_open

BOOST = "fire01"  # Ember Imp, support +1 Attack


@pytest.fixture(autouse=True)
def _our_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "screen_class",
                        lambda spec: SuperinmundosScreen if spec.id == "superinmundos" else screen_class(spec))


def labels(sc: object) -> dict[str, str]:
    return {a.id: en(sc, a.label) for a in sc.match.legal()}  # type: ignore[arg-type]


def test_choose_how_you_win_says_which_abilities_each_mode_triggers() -> None:
    sc = table(hands={0: ["neut18", "neut13"], 1: ["water15", "neut01"]})
    to_open(sc)
    sc.play("open neut18", "attack water15")  # Riptide Twins beats Lost Intern both ways
    assert kind(sc) == "mode"
    got = labels(sc)
    assert got["mode attack"] == "Win by Attack against Defense: Riptide Twins's win ability triggers"
    assert got["mode power"] == "Win by Power: no win ability triggers"


def test_a_draw_into_hand_says_whose_draw_it_is() -> None:
    sc = table(hands={0: ["fire08", "neut13"], 1: ["water15", "neut01"]})
    to_open(sc)
    sc.play("open fire08")  # Volcana: "On entering: draw 1 card"
    public = [en(sc, e) for e in sc.events("draw")]
    assert public[-1] == "P1 takes 1 card into hand (Volcana's draw)."
    assert en(sc, sc.last("drawn")).endswith("(Volcana's draw).")


def test_an_event_on_the_unit_on_top_names_the_unit_and_its_player() -> None:
    sc = table(hands={0: ["neut18", "neut13"], 1: ["water15", "event02"]}, options={"no_events": False})
    to_open(sc)
    sc.play("open neut18")
    assert kind(sc) == "reaction"
    assert labels(sc)["event event02 active"] == "Play Tailwind on the unit on top (P1's Lost Intern)"


def test_no_support_comes_first_in_every_support_prompt() -> None:
    acts = [Action("boost x attack", "Boost", verb="boost"), Action("done", "No support (done answering)", verb="done"),
            Action("ask 2", "Ask", verb="ask")]
    for kind_ in ("declare", "response", "preempt"):
        assert support_first(kind_, acts)[0].id == "done"
    assert support_first("turn", acts) == acts  # other prompts keep the rules' order
    assert set(NO_SUPPORT) == {"go", "done", "no_boost"}


def make_app(tmp_path: Path, match: object) -> TabletopApp:
    return TabletopApp(saves_dir=tmp_path, match=match, save_path=tmp_path / "g.json",  # type: ignore[arg-type]
                       animate=False, bot_delay=0)


async def test_no_support_is_option_1_when_answering_an_attack(tmp_path: Path) -> None:
    sc = table(hands={0: ["neut18", BOOST, "neut13"], 1: ["water15", "neut01"]})
    to_open(sc)
    sc.play("open neut18", "go", "attack water15")  # Ana must answer; the rules list "done" last
    assert kind(sc) == "response" and sc.legal()[-2] == "done"
    app = make_app(tmp_path, sc.match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Curtain)
        await pilot.press("enter")
        await pilot.pause()
        panel = app.screen.query_one("#decision", DecisionPanel)
        assert panel.actions[0].id == "done" and panel.actions[0].label.startswith("No support")
        assert "No support (done answering)" in visible_text(app)
        await pilot.press("1")  # 1 answers "No support" wherever the rules listed it
        await pilot.pause()
        assert sc.match.actions[-1] == "done"
        assert not any(e["k"] == "support" for e in sc.state.log)


async def test_a_click_on_a_hand_card_does_what_enter_does(tmp_path: Path) -> None:
    sc = table(hands={0: ["neut18", "neut13"], 1: ["water15", "neut01"]})
    to_open(sc)
    app = make_app(tmp_path, sc.match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SuperinmundosScreen) and screen.viewer == 0
        hand = screen.query_one("#hand", HandGrid)
        second = [v for v in hand.query_children(CardView) if not v._pruning][1]
        card = hand.cards[1][0]
        await pilot.click(second)
        await pilot.pause()
        assert sc.match.actions[-1] == f"open {card}"  # opened with the clicked card, not the first


def test_every_screen_text_key_has_an_english_and_a_spanish_template() -> None:
    """The screen writes its own texts as ``ui.*`` keys (``self._t("key")``): each one is in both
    catalogs, so a Spanish table never shows a raw key."""
    import ast

    from tabletop.games.superinmundos import screen as screen_module
    from tabletop.text import catalog

    tree = ast.parse(Path(screen_module.__file__).read_text(encoding="utf-8"))
    keys = {f"ui.{node.args[0].value}" for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "_t"
            and node.args and isinstance(node.args[0], ast.Constant)}
    keys |= {f"ui.phase.{p}" for p in screen_module.PHASES} | {f"ui.outcome.{o}" for o in
                                                              ("attacker", "defender", "stalemate")}
    assert len(keys) > 50
    for lang in ("en", "es"):
        missing = sorted(k for k in keys if catalog.lookup(lang, "superinmundos", k) is None)
        assert missing == [], f"{lang}: {missing}"
