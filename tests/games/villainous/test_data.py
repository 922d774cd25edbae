"""Card data: loading, instance ids, the closed effect vocabulary, tampering, coverage."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from tabletop.engine import GameDataError
from tabletop.engine.assets import asset_path
from tabletop.games.villainous.cards import OPS as VOCAB
from tabletop.games.villainous.cards import TRIGGERS, VILLAINS, library, parse_villain
from tabletop.games.villainous.ops import OPS, PASSIVE

HERE = Path(__file__).parent


def raw(key: str) -> dict:
    return json.loads(asset_path("cards", "villainous", f"{key}.json").read_text(encoding="utf-8"))


def test_six_villains_with_full_decks() -> None:
    lib = library()
    assert set(lib.villains) == set(VILLAINS)
    for v in lib.villains.values():
        assert len(v.villain_cards) == 30 and len(v.fate_cards) == 15
        assert len(v.loc_names) == 4


def test_instance_ids_are_distinct_tokens() -> None:
    ids = list(library().card)
    assert len(ids) == len(set(ids)) == 6 * 45
    assert all(re.fullmatch(r"[a-z]+\.[a-z0-9_]+#[1-3]", c) for c in ids)


def test_facts_match_the_reference_where_it_is_available() -> None:
    ref = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "villainous" / "cards.json"
    if not ref.exists():
        pytest.skip("reference not available")
    data = json.loads(ref.read_text(encoding="utf-8"))
    names = {"Maleficent": "maleficent", "Jafar": "jafar", "Ursula": "ursula", "Captain Hook": "hook",
             "Prince John": "john", "Queen of Hearts": "queen"}
    for v in data["villains"]:
        mine = raw(names[v["name"]])
        for deck in ("villain_deck", "fate_deck"):
            a = {c["id"]: (c["name"], c["type"], c["copies"], c.get("cost"), c.get("strength")) for c in v[deck]}
            b = {c["id"]: (c["name"], c["type"], c["copies"], c.get("cost"), c.get("strength")) for c in mine[deck]}
            assert a == b
            texts = {c["id"]: c["text"] for c in mine[deck]}
            assert all(texts[c["id"]] != c["paraphrase"] for c in v[deck])  # our own words
        assert [loc["name"] for loc in v["locations"]] == [loc["name"] for loc in mine["locations"]]


def test_every_card_has_an_implemented_effect() -> None:
    """Card coverage: every op and trigger of every card is one the rules interpret."""
    missing = []
    for cid, d in library().card.items():
        for op in d.ops:
            if op not in OPS and op not in PASSIVE:
                missing.append(f"{cid}: {op}")
        for e in d.effects:
            if e["trigger"] not in TRIGGERS:
                missing.append(f"{cid}: trigger {e['trigger']}")
    assert not missing, missing
    assert VOCAB <= OPS.names() | PASSIVE


def test_every_card_effect_is_exercised_by_a_scenario() -> None:
    marked: set[str] = set()
    for path in HERE.glob("test_*.py"):
        for args in re.findall(r"@covers\(([^)]*)\)", path.read_text(encoding="utf-8")):
            marked.update(re.findall(r'"([a-z0-9_]+)"', args))
    keys = {d.key for d in library().card.values() if d.effects}
    assert not sorted(keys - marked), sorted(keys - marked)


@pytest.mark.parametrize(("path", "value", "fragment"), [
    (("villain_deck", 0, "cost"), "cheap", "cost"),
    (("villain_deck", 0, "type"), "Spell", "type"),
    (("fate_deck", 0, "copies"), 9, "copies"),
    (("villain_deck", 1, "effect"), {"trigger": "static", "op": "summon_dragon"}, "summon_dragon"),
    (("villain_deck", 1, "effect"), {"trigger": "whenever", "op": "draw", "n": 1}, "trigger"),
    (("locations",), [], "locations"),
])
def test_tampered_data_is_refused_in_one_line(path: tuple, value: object, fragment: str) -> None:
    data = copy.deepcopy(raw("maleficent"))
    node = data
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    with pytest.raises(GameDataError) as info:
        parse_villain(data, "villainous/maleficent.json")
    msg = str(info.value)
    assert "\n" not in msg and "maleficent.json" in msg and fragment in msg


def test_deck_total_checked() -> None:
    data = copy.deepcopy(raw("jafar"))
    data["villain_deck"][0]["copies"] = 2
    with pytest.raises(GameDataError, match="30"):
        parse_villain(data, "villainous/jafar.json")


def test_unknown_strength_condition_is_a_data_error() -> None:
    """A strength modifier's condition outside the rules' vocabulary is refused at load, naming
    file, card and field (it used to load and fail later with a KeyError)."""
    from tabletop.games.villainous import board
    from tabletop.games.villainous.cards import STRENGTH_CONDITIONS
    assert set(board.COND) == STRENGTH_CONDITIONS  # the declared vocabulary is what board evaluates
    data = copy.deepcopy(raw("jafar"))
    genie = next(c for c in data["fate_deck"] if c["id"] == "genie")
    genie["effect"]["if"] = "the moon is full"
    with pytest.raises(GameDataError, match=r"villainous/jafar.json: card 'genie': field 'effect.0.if'"):
        parse_villain(data, "villainous/jafar.json")


def test_faces_for_the_ui() -> None:
    from tabletop.games.villainous.faces import face
    f = face("jafar.razoul#1")
    assert f.title == "Razoul" and f.symbol == "A" and f.cost == "3" and f.stats[0].value == "3"
    assert face("?").face_down
    g = face("hook.peter_pan#1")
    assert g.kind == "Fate Hero" and "Hangman" in g.text
