"""Card hooks (issue #12): the rules ask what a card's data declares, never its name.

Each special case the rules used to find by testing a card key (``== "peter_pan"``) is now read
from the card's declared abilities (``hooks.py``): a ``restrict`` word, a ``replacement`` or
``static_event`` op, a trigger. These tests check three things: the tables hold exactly the cards
whose data declares each ability (read from the raw JSON, independently of the loader); the
declared behaviour holds in constructed states (rulings of ``shared/rules/villainous.md``); and a
tampered file naming an unknown restriction or event is refused at load with one clear line.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from tabletop import games
from tabletop.engine import GameDataError
from tabletop.engine.assets import asset_path, use_assets
from tabletop.games.villainous import hooks
from tabletop.games.villainous.actions import defeat_targets, vanq_allies, vanq_ok
from tabletop.games.villainous.board import CARD

from .helpers import covers, menu, power, put, table, top_fate, where

ROOT = Path(__file__).resolve().parents[3]


def _raw_cards() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted((ROOT / "assets" / "cards" / "villainous").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in data["villain_deck"] + data["fate_deck"]:
            out.append((data["key"], card))
    return out


def _effects(card: dict[str, Any]) -> list[dict[str, Any]]:
    e = card["effect"]
    effects = e if isinstance(e, list) else ([e] if e else [])
    flat = []
    for x in effects:
        for st in x.get("steps", [x]):
            flat.append({"trigger": x["trigger"], **{k: v for k, v in x.items() if k != "steps"}, **st})
    return flat


def declaring(pred: Callable[[dict[str, Any]], bool]) -> set[str]:
    """Keys of the cards with an ability for which ``pred`` holds, from the raw JSON."""
    return {c["id"] for _v, c in _raw_cards() if any(pred(e) for e in _effects(c))}


def keys(instances: frozenset[str] | dict[str, Any]) -> set[str]:
    return {CARD[c].key for c in instances}


def restriction(what: str) -> Callable[[dict[str, Any]], bool]:
    return lambda e: e.get("op") == "restrict" and e.get("what") == what


def test_hook_tables_hold_exactly_the_cards_that_declare_them() -> None:
    cases = {
        "SHIELDS": (hooks.SHIELDS, restriction("attached_hero_cannot_be_defeated"), {"clever_disguise"}),
        "FIRST_SELF": (hooks.FIRST_SELF, restriction("owner_must_defeat_this_hero_first"), {"carpet"}),
        "FIRST_ATTACHED": (hooks.FIRST_ATTACHED, restriction("owner_must_defeat_attached_hero_first"), {"taunt"}),
        "NEEDS_TWO": (hooks.NEEDS_TWO, restriction("vanquish_requires_at_least_2_allies"), {"guards", "lost_boys"}),
        "NOT_VANQUISHED_BY": (hooks.NOT_VANQUISHED_BY, restriction("cannot_be_vanquished_by"), {"sultan", "skippy"}),
        "KEEPS_AFTER_VANQUISH": (hooks.KEEPS_AFTER_VANQUISH, lambda e: e["op"] == "not_discarded_when_used_to_vanquish",
                                 {"tweedle_dee_and_tweedle_dum"}),
        "TAKES_ALLYS_PLACE": (hooks.TAKES_ALLYS_PLACE, lambda e: e["op"] == "discard_this_instead_of_attached_ally",
                              {"bow_and_arrows"}),
        "RETURNS_ON_HOST_DEFEAT": (hooks.RETURNS_ON_HOST_DEFEAT,
                                   lambda e: e["op"] == "return_to_villain_side_same_location", {"trident"}),
        "BACK_TO_FATE_DECK": (hooks.BACK_TO_FATE_DECK,
                              lambda e: e["trigger"] == "on_defeated" and e["op"] == "shuffle_into_deck", {"toby"}),
        "FORCED_ON_REVEAL": (hooks.FORCED_ON_REVEAL, lambda e: e["trigger"] == "on_reveal", {"peter_pan"}),
        "MOVER_ENTERS": (hooks.MOVER_ENTERS, lambda e: e["trigger"] == "on_mover_enters_here",
                         {"green_fire", "dinglehopper", "tick_tock"}),
        "BINDS": (hooks.BINDS, lambda e: e["trigger"] == "on_moved_to_target_location",
                  {"binding_contract_ursulas_lair", "binding_contract_erics_ship", "binding_contract_the_shore",
                   "binding_contract_the_palace"}),
        "TARGET_TAX": (hooks.TARGET_TAX, lambda e: e["op"] == "modify_cost" and any(
            "targets this hero" in x for x in e["scope"]), {"king_triton"}),
    }
    for name, (table_, pred, expected) in cases.items():
        assert keys(table_) == declaring(pred) == expected, name
    assert set(hooks.ONLY_TO) == declaring(restriction("may_only_be_played_to")) == {"magic_lamp"}
    assert hooks.ONLY_TO["magic_lamp"] == "Cave of Wonders"
    assert hooks.ITEM_PAYERS == ("never_land_map",)
    assert hooks.COVERED_ACTION_KEYS == ("sir_hiss",) and hooks.PAY_TO_DISCARD_KEYS == ("clever_disguise",)
    assert hooks.DEFEAT_OBJECTIVE == {"hook": ("Peter Pan", "Jolly Roger")}
    assert {k: hooks.does(k) for k in hooks.EVENT_ABILITY} == {
        "green_fire": "discarded", "dinglehopper": "lose_1", "tick_tock": "discard_hand",
        "forest_of_thorns": "discarded", "warrant": "gain_2", "dreamless_sleep": "discarded",
        "spinning_wheel": "gain", "golden_arrow": "gain_2"}


def test_restrictions_in_the_data_are_the_rules_vocabulary() -> None:
    from tabletop.games.villainous.cards import RESTRICTIONS

    used = {e["what"] for _v, c in _raw_cards() for e in _effects(c) if e.get("op") == "restrict"}
    assert used == set(RESTRICTIONS)  # every word is used, none unknown


@covers("sultan", "palace_guard", "razoul")
def test_s7_2_sultan_rejects_the_allies_his_data_names() -> None:
    """§7.2: "Sultan rejects Palace Guards" — declared as ``cannot_be_vanquished_by: Palace Guard``."""
    sc = table("jafar", "maleficent")
    sultan = put(sc, 0, "sultan", 0)
    guard = put(sc, 0, "palace_guard", 0)
    razoul = put(sc, 0, "razoul", 0)
    assert hooks.NOT_VANQUISHED_BY[sultan] == {"palace_guard"}
    assert vanq_allies(sc.state, 0, sultan) == [razoul]
    assert guard not in vanq_allies(sc.state, 0, sultan)


@covers("skippy", "wolf_archers")
def test_s7_2_skippy_rejects_wolf_archers() -> None:
    sc = table("john", "maleficent")
    skippy = put(sc, 0, "skippy", 1)
    archers = put(sc, 0, "wolf_archers", 1)
    assert archers not in vanq_allies(sc.state, 0, skippy)


@covers("guards")
def test_R11_guards_need_two_allies_as_declared() -> None:
    sc = table("maleficent", "jafar")
    guards = put(sc, 0, "guards", 3)
    a = put(sc, 0, "cackling_goon", 3)
    b = put(sc, 0, "savage_goon", 3)
    strong = put(sc, 0, "raven", 3)
    sc.state.players[0]["cards"][strong]["loc"] = 3
    assert not vanq_ok(sc.state, 0, guards, [a]) and vanq_ok(sc.state, 0, guards, [a, b])


@covers("carpet", "sultan")
def test_R39_a_hero_declared_first_is_the_only_defeat_target() -> None:
    sc = table("jafar", "maleficent")
    carpet = put(sc, 0, "carpet", 1)
    put(sc, 0, "sultan", 0)
    assert defeat_targets(sc.state, 0) == [carpet]


@covers("magic_lamp")
def test_s5_2_magic_lamp_only_to_the_location_its_data_names() -> None:
    from tabletop.games.villainous.actions import play_dests

    sc = table("jafar", "maleficent")
    P = sc.state.players[0]
    cave = hooks.library().villains["jafar"].loc_names.index(hooks.ONLY_TO["magic_lamp"])
    P["power"] = 9
    assert play_dests(sc.state, 0, "jafar.magic_lamp#1") == []  # the Cave starts locked
    P["locked"][cave] = False
    assert {d[3] for d in play_dests(sc.state, 0, "jafar.magic_lamp#1")} == {cave}


@covers("peter_pan")
def test_R32_a_card_forced_on_reveal_is_played_from_any_reveal() -> None:
    sc = table("maleficent", "hook")
    top_fate(sc, 1, "peter_pan", "john")
    menu(sc, 0, 0)
    sc.play("fate 1")
    assert where(sc, 1, "hook.peter_pan#1") == "loc3"


@covers("golden_arrow")
def test_R44_order_prompt_says_what_each_declared_ability_does() -> None:
    """R44 (2): the owner orders several triggered abilities; each option says what it does, read
    from the ability the card declares (``gain_power 2`` -> "gain 2")."""
    from tabletop.games.villainous.acts import TRIGGER_TEXT

    assert TRIGGER_TEXT["golden_arrow"] == "gain_2" and TRIGGER_TEXT["dinglehopper"] == "lose_1"
    sc = table("john", "maleficent")
    put(sc, 0, "warrant", 1)
    top_fate(sc, 0, "friar_tuck", "toby")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick john.friar_tuck#1", "at 1", "yes")
    assert power(sc, 0) == 0


# -- tampered data is refused ---------------------------------------------------------------------
@pytest.fixture
def tamper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, Callable[[Any], None]], None]]:
    root = tmp_path / "assets"
    shutil.copytree(asset_path("cards"), root / "cards")
    monkeypatch.setattr(games, "_loaded", {})

    def apply(villain: str, edit: Callable[[Any], None]) -> None:
        path = root / "cards" / "villainous" / f"{villain}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        edit(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        use_assets(root)

    yield apply
    use_assets(None)


def _card(data: Any, key: str) -> dict[str, Any]:
    return next(c for c in data["villain_deck"] + data["fate_deck"] if c["id"] == key)


TAMPERED = {
    "unknown restriction": ("jafar", lambda d: _card(d, "carpet")["effect"].update(what="cannot_be_tickled"),
                            "card 'carpet'", "unknown restriction 'cannot_be_tickled'"),
    "restriction without its card": ("jafar", lambda d: _card(d, "sultan")["effect"].pop("card"),
                                     "card 'sultan'", "needs a card"),
    "restriction naming an unknown card": ("john", lambda d: _card(d, "skippy")["effect"].update(card="Sheriff Bot"),
                                           "card 'skippy'", "Sheriff Bot"),
    "only-to an unknown location": ("jafar", lambda d: _card(d, "magic_lamp")["effect"][0].update(location="Agrabah"),
                                    "card 'magic_lamp'", "Agrabah"),
    "unknown static event": ("ursula", lambda d: _card(d, "trident")["effect"][1].update(when="Triton sneezes"),
                             "card 'trident'", "unknown event 'Triton sneezes'"),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_hook_is_refused_in_one_line(tamper: Any, case: str) -> None:
    from tabletop.games.villainous import cards

    villain, edit, *parts = TAMPERED[case]
    tamper(villain, edit)
    with pytest.raises(GameDataError) as err:
        cards.library()
    text = str(err.value)
    assert "\n" not in text and f"villainous/{villain}.json" in text, text
    for part in parts:
        assert part in text, text


NOT_A_TEST = {("actions", "dragon_form"), ("acts", "trident"), ("ops", "vanish"), ("turn", "vanish"),
              ("rules", "vanish"), ("turn", "john"), ("cards", "john"), ("cards", "trigger"), ("hooks", "trigger")}
"""Quoted words that happen to equal a card key but test no card: a Power source tag, a sentence's
name, the ``vanish`` state field, the villain key ``john``, the ``trigger`` field."""
LEFT = {("turn", "Sultan"), ("turn", "magic_lamp"), ("turn", "genie"), ("turn", "trident"), ("turn", "crown"),
        ("turn", "peter_pan")}
"""The name tests left: the start-of-turn and Hook's objectives are evaluated per villain in
``turn.py`` (see the report); everything else reads the data."""


def test_rules_modules_hold_only_the_listed_name_tests() -> None:
    """No rules module quotes a card's key or name to decide what it does, except the objective
    checks listed in ``LEFT`` (this set only shrinks: a new special case is declared in the data)."""
    defs = list(CARD.values())
    words = {d.key for d in defs} | {d.name for d in defs}
    src = ROOT / "tabletop" / "games" / "villainous"
    found = set()
    for name in ("actions", "acts", "ops", "turn", "rules", "flow", "state", "cards", "hooks"):
        text = (src / f"{name}.py").read_text(encoding="utf-8")
        for w in words:
            if re.search("[\"']" + re.escape(w) + "[\"']", text):
                found.add((name, w))
    assert found - NOT_A_TEST == LEFT
