"""The card set: §18 composition, the closed effect vocabulary, and tampered data."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import pytest

from tabletop.engine import GameDataError
from tabletop.engine.assets import asset_path
from tabletop.games.superinmundos.cards import EFFECT_KINDS, SEED_NAMED, all_cards, parse_cards
from tabletop.games.superinmundos.effects import IMPLEMENTED


def raw() -> list[dict[str, Any]]:
    return json.loads(asset_path("cards", "superinmundos", "cards.json").read_text(encoding="utf-8"))


def test_card_set_composition() -> None:
    cards = all_cards()
    assert len(cards) == 108 and len({c.name for c in cards.values()}) == 108
    combatants = [c for c in cards.values() if c.kind == "combatant"]
    assert Counter(c.element for c in combatants) == {"fire": 18, "water": 18, "lightning": 18, "earth": 18,
                                                      "neutral": 22}
    assert sum(1 for c in cards.values() if c.kind == "event") == 14
    assert all(cid in cards and cards[cid].known for cid in SEED_NAMED)
    assert sum(1 for c in cards.values() if c.known) == len(SEED_NAMED)
    supports = [c for c in combatants if c.support]
    penalties = [c for c in supports if c.support and c.support[1] < 0]
    assert 20 <= len(supports) <= 25 and 0.25 <= len(penalties) / len(supports) <= 0.42
    assert all(1 <= c.stars <= 5 for c in combatants)
    for c in combatants:
        if c.fusion:
            assert 7 <= c.stats["defense"] <= 8 and 7 <= c.stats["power"] <= 8
        else:
            assert max(c.stats.values()) <= 6
    by_total = sorted(combatants, key=lambda c: c.total)
    assert by_total[0].stars < by_total[-1].stars  # stars rise with the stats


def test_manual_cards_keep_the_stats_the_example_implies() -> None:
    cards = all_cards()
    siervo, b22, magucio = cards["siervo-ojaldre"], cards["b22"], cards["magucio"]
    assert (siervo.element, siervo.stats["defense"], siervo.stats["power"]) == ("lightning", 1, 1)
    assert (b22.element, b22.stats["attack"], b22.stats["power"]) == ("water", 3, 3)
    assert (magucio.stats["defense"], magucio.stats["power"]) == (3, 4) and magucio.element == "neutral"
    assert magucio.stats["attack"] <= b22.stats["defense"]
    assert cards["magucio"].triggers["ON_ENTER"][0]["cost"] == 1
    assert cards["shishabel"].support and cards["mercenario-autonomo"].support
    assert cards["black-friday"].effects[0]["effect"] == "SEARCH_DECK"
    assert cards["diablo-interino"].effects[0]["effect"] == "PEEK_DECK"


def test_every_effect_kind_used_is_implemented_and_documented() -> None:
    used = set().union(*(c.kinds() for c in all_cards().values()))
    assert used <= IMPLEMENTED
    assert IMPLEMENTED == set(EFFECT_KINDS)  # the schema admits exactly what the engine resolves
    assert used == IMPLEMENTED  # and nothing is implemented for no card
    readme = Path(asset_path("cards", "superinmundos", "README.md")).read_text(encoding="utf-8")
    assert all(f"`{kind}`" in readme for kind in EFFECT_KINDS)


def edit(fn: Callable[[list[dict[str, Any]]], object]) -> list[dict[str, Any]]:
    data = copy.deepcopy(raw())
    fn(data)
    return data


def card(data: list[dict[str, Any]], cid: str) -> dict[str, Any]:
    return next(c for c in data if c["id"] == cid)


TAMPERED = {
    "unknown effect": lambda d: card(d, "magucio")["abilities"][0]["effects"][0].update(effect="TBD"),
    "duplicate id": lambda d: card(d, "neut18").update(id="neut01"),
    "stat out of range": lambda d: card(d, "neut18").update(attack=-1),
    "missing card": lambda d: d.pop(),
    "element count": lambda d: card(d, "neut18").update(element="fire"),
    "event without timing": lambda d: card(d, "event06").pop("timing"),
    "manual stats": lambda d: card(d, "magucio").update(defense=5),
    "unknown field": lambda d: card(d, "b22").update(cheat=True),
    "zero support": lambda d: card(d, "shishabel")["support"].update(amount=0),
    "passive with cost": lambda d: card(d, "water13")["abilities"][0].update(cost={"loot": 1}),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_tampered_card_data_is_refused_in_one_line(case: str) -> None:
    data = edit(TAMPERED[case])
    with pytest.raises(GameDataError) as info:
        parse_cards(data)
    message = str(info.value)
    assert "\n" not in message and message.startswith("superinmundos/cards.json")


def test_the_shipped_data_parses() -> None:
    assert len(parse_cards(raw())) == 108


def test_card_load_refuses_an_effect_kind_without_a_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    """The effect kinds are dispatched through the engine's op registry, which the card loader
    asks to check every kind the data uses: a kind with no handler names its card at load."""
    from tabletop.engine.assets import load_json
    from tabletop.engine.registry import Registry
    from tabletop.games.superinmundos import effects
    from tabletop.games.superinmundos.cards import parse_cards

    raw = load_json("cards", "superinmundos", "cards.json")
    assert parse_cards(raw)  # the shipped cards pass with every handler registered
    partial: Registry[effects.Handler] = Registry("Superinmundos effect")
    for name in sorted(effects.OPS.names() - {"PEEK_DECK"}):
        partial.add(name, effects.OPS[name])
    monkeypatch.setattr(effects, "OPS", partial)
    with pytest.raises(GameDataError, match=r"card light10: unknown Superinmundos effect 'PEEK_DECK'"):
        parse_cards(raw)
    assert effects.OPS.unused(set().union(*(c.kinds() for c in all_cards().values()))) == set()
