"""Card data: content counts, the closed vocabularies, and tampered data failing in one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from tabletop.engine import GameDataError
from tabletop.engine.assets import asset_path
from tabletop.games.msx_cards import capsules, cards
from tabletop.games.msx_cards.cards import ABILITY_KINDS, EFFECT_KINDS, RACES, build, catalogue
from tabletop.games.msx_cards.state import ENEMY, PLAYER

from .helpers import Dice, board, dice_fixture, go  # noqa: F401

README = asset_path("cards", "msx_cards", "README.md")


def test_content_counts_and_named_cards() -> None:
    data = catalogue()
    assert len(data.cards) >= 60
    for race in RACES:
        assert sum(1 for c in data.cards.values() if c["race"] == race) >= 12
    names = {c["name"] for c in data.cards.values()}
    assert {"Mad Mix Game", "Valis"} <= names
    assert len(data.worlds) >= 6 and len(data.missions) >= 2
    bars = {r: data.races[r]["capsule_bar"] for r in RACES}
    assert bars["green"][0] == "GOTO" and bars["green"][2] == "MSX2" and bars["yellow"][5] == "LEFT"
    assert bars["blue"][5] == "SHIELD" and bars["red"][4] == "CONT."
    assert data.capsules["SHIELD"]["duration"] == "TWO_TURNS" and data.capsules["CONT."]["duration"] == "BATTLE"
    assert "LEFT" in data.cards["mad-mix-game"]["caps"]


def test_every_effect_kind_is_interpreted_and_documented() -> None:
    assert set(EFFECT_KINDS) <= capsules.HANDLED
    text = README.read_text(encoding="utf-8")
    for word in (*EFFECT_KINDS, *ABILITY_KINDS, *catalogue().capsules, *(e for e in catalogue().events)):
        assert word in text, f"{word} is not documented in the README"


@pytest.mark.parametrize("cap", sorted(catalogue().capsules))
def test_every_capsule_can_be_used(cap: str, dice: Dice) -> None:
    user = next(c for c in catalogue().card_ids if cap in catalogue().cards[c]["caps"])
    sc = go(board(user, "penguin-adventure"))
    sc.state.fighters[ENEMY]["green"] = False
    dice.script().loose()
    sc.play(f"capsule {cap}")
    assert sc.events("capsule")[0]["capsule"] == cap


def test_attack_nullified_and_attack_split_abilities(dice: Dice) -> None:
    sc = go(board("penguin-adventure", "kings-valley"))  # King's Valley ignores the first attack
    dice.script((8, 8), (20, 20), (8, 1), (20, 20), (8, 8), (20, 20), (8, 1), (20, 20))
    sc.play("attack", "attack")
    mine = [a for a in sc.events("attack") if a["by"] == PLAYER]
    assert [a["damage"] for a in mine] == [0, 8 + 5 - 3]
    sc = go(board("thexder", "hundra"))  # Hundra halves red attacks
    dice.script((8, 8), (20, 20), (8, 1), (20, 20))
    sc.play("attack")
    assert sc.events("attack")[0]["damage"] == (8 + 8 - 3) // 2


def _tamper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, change: Callable[[Any], Any]) -> str:
    root = tmp_path / "assets"
    shutil.copytree(asset_path("cards", "msx_cards"), root / "cards" / "msx_cards")
    path = root / "cards" / "msx_cards" / name
    data = json.loads(path.read_text(encoding="utf-8"))
    out = change(data)
    path.write_text(out if isinstance(out, str) else json.dumps(data), encoding="utf-8")
    monkeypatch.setattr("tabletop.engine.assets.assets_root", lambda: root)
    with pytest.raises(GameDataError) as info:
        build()
    msg = str(info.value)
    assert "\n" not in msg
    return msg


def _set(index: int, key: str, value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        data[index][key] = value
    return change


@pytest.mark.parametrize(("name", "change", "expect"), [
    ("cards.json", _set(0, "defense", 3), "defense"),
    ("cards.json", _set(0, "capsules_lit", [3]), "slot 3"),
    ("cards.json", _set(0, "ability", {"kind": "LASER_EYES"}), "ability"),
    ("cards.json", _set(1, "id", "mad-mix-game"), "duplicate"),
    ("capsules.json", _set(0, "duration", "FOREVER"), "duration"),
    ("bosses.json", _set(0, "white", [{"role": "defense", "value": -3}] * 8), "T1"),
    ("worlds.json", _set(0, "boss", "nobody"), "unknown boss"),
    ("events.json", _set(4, "resist_target", None), "resist_target"),
    ("missions.json", _set(0, "worlds", ["w1", "w99"]), "unknown world"),
    ("cards.json", lambda data: "[{", "not valid JSON"),
])
def test_tampered_data_is_one_line_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
                                         change: Callable[[Any], Any], expect: str) -> None:
    msg = _tamper(tmp_path, monkeypatch, name, change)
    assert expect in msg and "msx_cards" in msg


def test_catalogue_is_cached() -> None:
    assert cards.catalogue() is cards.catalogue()
