"""Card data facts, the effect-vocabulary coverage, and conformance on the test quest."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conformance.kit import play_random_game

from tabletop.engine import GameDataError
from tabletop.engine.assets import asset_path
from tabletop.engine.registry import Registry
from tabletop.games.mount_gram.cards import (
    ENCOUNTER_OPS,
    CardDef,
    check_abilities,
    mount_gram_cards,
    player_cards,
    starter_decks,
)
from tabletop.games.mount_gram.effects import OPS, PASSIVE_OPS
from tabletop.games.mount_gram.encounter import SHADOWS, WHEN_REVEALED

from .helpers import TEST_CARDS, TEST_GAME

REFERENCE = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "mount_gram" / "cards.json"
# Encounter ops the rules interpret outside the when-revealed / shadow tables (board, flow, scenario).
ENGINE_ENCOUNTER_OPS = {"raise_threat", "jailor", "orcs_attack_while_active", "threat_at_least",
                        "capture_damaged_ally", "dungeon_guard", "x_captured_hosts", "prison_cell",
                        "x_captured_under_self", "executioners", "return_after_ally_kill",
                        "captain_after_ally_kill", "orcs_bonus"}


def test_73_core_set_player_cards_by_type() -> None:
    cards = player_cards()
    counts: dict[str, int] = {}
    for c in cards.values():
        counts[c.type] = counts.get(c.type, 0) + 1
    assert counts == {"hero": 12, "ally": 20, "attachment": 13, "event": 28}


def test_four_starter_decks_of_30_with_three_heroes() -> None:
    decks = starter_decks()
    for sphere, deck in decks.items():
        assert len(deck["heroes"]) == 3 and sum(q for _, q in deck["cards"]) == 30
        assert all(player_cards()[h].sphere == sphere for h in deck["heroes"])


@pytest.mark.skipif(not REFERENCE.exists(), reason="reference card data not available")
def test_player_card_facts_match_the_reference() -> None:
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))["player_cards"]
    ours = {c.name: c for c in player_cards().values()}
    for group in ref.values():
        for r in group:
            c = ours[r["name"]]
            assert c.sphere == r["sphere"] and c.unique == bool(r.get("unique"))
            assert list(c.traits) == r["traits"]
            if r["type"] == "hero":
                assert c.threat_cost == r["threat_cost"]
            elif r["cost"] == "X":
                assert c.x_cost
            else:
                assert c.cost == (r["cost"] or 0)
            if r["type"] in ("hero", "ally"):
                assert (c.wp, c.atk, c.defense, c.hp) == (r["willpower"], r["attack"], r["defense"],
                                                          r["hit_points"])


@pytest.mark.skipif(not REFERENCE.exists(), reason="reference card data not available")
def test_encounter_card_facts_match_the_reference() -> None:
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))["scenario"]
    ours = {c.name: c for c in mount_gram_cards().values()}
    total = 0
    for r in ref["encounter_cards"]:
        c = ours[r["name"]]
        total += c.copies
        assert (c.copies, c.copies_easy) == (r["copies"], r["copies_easy"])
        for field, mine in (("engagement_cost", c.engagement), ("defense", c.defense),
                            ("hit_points", c.hp), ("quest_points", c.qp)):
            if r.get(field) is not None:
                assert mine == r[field], (c.name, field)
        assert c.victory == (r.get("victory_points") or 0)
    assert total == 35 and len(ref["encounter_cards"]) == 17


def test_player_texts_are_our_own_words() -> None:
    if not REFERENCE.exists():
        pytest.skip("reference card data not available")
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))["player_cards"]
    theirs = {e["paraphrase"] for g in ref.values() for r in g for e in r["effects"]}
    assert not any(c.text in theirs for c in player_cards().values())


def test_mount_gram_ops_are_engine_registries() -> None:
    """Issue #12: Mount Gram dispatches its ops through the engine's ``Registry`` (one per kind of
    handler), like Villainous and Superinmundos."""
    assert all(isinstance(r, Registry) for r in (OPS, WHEN_REVEALED, SHADOWS))
    assert not OPS.names() & PASSIVE_OPS  # a passive op has no handler to run


def test_every_player_card_ability_has_an_implemented_effect() -> None:
    actives = [(c.key, ab["op"]) for c in player_cards().values() for ab in c.abilities
               if ab["trigger"] in ("action", "response")]
    OPS.check(actives)  # raises on an op without a handler
    passives = [(c.key, ab["op"]) for c in player_cards().values() for ab in c.abilities
                if ab["trigger"] in ("passive", "forced")]
    assert all(op in PASSIVE_OPS for _, op in passives)
    plain = {"guard_of_the_citadel", "veteran_axehand", "silverlode_archer", "horseback_archer"}
    for c in player_cards().values():
        assert c.abilities or c.key in plain, f"{c.key} has text but no ability"


def test_every_encounter_ability_has_an_implemented_effect() -> None:
    by_name = set().union(*ENCOUNTER_OPS.values())
    for c in mount_gram_cards().values():
        for ab in c.abilities:
            registry = {"when_revealed": WHEN_REVEALED, "shadow": SHADOWS}.get(ab["trigger"])
            if registry is None:
                assert ab["op"] in ENCOUNTER_OPS[ab["trigger"]], (c.key, ab)
            else:
                registry.check([(c.key, ab["op"])])
    assert by_name == ENGINE_ENCOUNTER_OPS


def test_every_handler_is_used_by_some_card() -> None:
    """No dead handler: every registered op is named by a shipped card, or (two generic encounter
    ops) by the test quest's cards."""
    shipped = [ab["op"] for c in [*player_cards().values(), *mount_gram_cards().values()] for ab in c.abilities]
    test_quest = [ab["op"] for c in TEST_CARDS for ab in c.get("abilities", [])]
    assert OPS.unused(shipped) == set()
    assert PASSIVE_OPS <= set(shipped)
    assert WHEN_REVEALED.unused(shipped) == {"damage_exhausted"} and SHADOWS.unused(shipped) == {"attack_bonus"}
    assert WHEN_REVEALED.unused(shipped + test_quest) == set() and SHADOWS.unused(shipped + test_quest) == set()


def _card(*abilities: dict[str, object]) -> dict[str, CardDef]:
    return {"eagle": CardDef(key="eagle", name="Eagle", type="event", abilities=abilities)}


@pytest.mark.parametrize(("kind", "ability", "parts"), [
    ("player", {"trigger": "action", "op": "summon_eagles"},
     ("card 'eagle'", "abilities.0.op", "unknown Mount Gram op 'summon_eagles'")),
    ("player", {"trigger": "response", "op": "modify", "event": "damaged"},  # passive op, no handler
     ("abilities.0.op", "'modify'")),
    ("player", {"trigger": "passive", "op": "ready"}, ("abilities.0.op", "passive op 'ready'")),
    ("encounter", {"trigger": "when_revealed", "op": "attack_bonus"},
     ("abilities.0.op", "when-revealed op 'attack_bonus'")),
    ("encounter", {"trigger": "shadow", "op": "dragon_fire"}, ("shadow op 'dragon_fire'",)),
    ("encounter", {"trigger": "forced", "op": "dragon_fire"}, ("forced op 'dragon_fire'",)),
])
def test_unknown_op_in_the_data_is_refused_at_load(kind: str, ability: dict[str, object],
                                                   parts: tuple[str, ...]) -> None:
    """The loader runs every ability through the op registry's coverage check: an op with no
    handler (nor read by name for its trigger) is a ``GameDataError`` naming file, card and field."""
    with pytest.raises(GameDataError) as info:
        check_abilities(_card(ability), kind, "test.json", player_cards())
    message = str(info.value)
    assert message.startswith("test.json: card 'eagle'")
    for part in parts:
        assert part in message, (part, message)
    check_abilities(_card({"trigger": "action", "op": "draw", "target": "player", "amount": 1}), "player",
                    "test.json", player_cards())  # a known op loads


def test_every_effect_card_has_a_scenario_test() -> None:
    text = (Path(__file__).parent / "test_player_cards.py").read_text(encoding="utf-8")
    text += (Path(__file__).parent / "test_core_rules.py").read_text(encoding="utf-8")
    tested = set(re.findall(r"test_card_(\w+)", text)) | {"aragorn", "blade_mastery"}
    with_effects = {c.key for c in player_cards().values() if c.abilities}
    assert with_effects - tested == set()


def test_vocabulary_is_documented() -> None:
    """Every handler of every registry, and every op read by name, is in the data's README."""
    readme = asset_path("cards", "mount_gram", "README.md").read_text(encoding="utf-8")
    assert OPS.undocumented(readme, PASSIVE_OPS) == set()
    assert WHEN_REVEALED.undocumented(readme) == set() and SHADOWS.undocumented(readme) == set()
    assert Registry[object]("by name").undocumented(readme, ENGINE_ENCOUNTER_OPS) == set()
    assert OPS.undocumented(readme.replace("`ready`", "ready")) == {"ready"}  # the check can fail


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance_on_the_test_quest(players: int, tmp_path: Path) -> None:
    for seed in range(4):
        play_random_game(TEST_GAME, players, {}, seed=500 + seed, tmp=tmp_path if seed == 0 else None)


def test_heuristic_bot_plays_whole_games_from_its_view_only() -> None:
    from tabletop import games
    from tabletop.engine import Match, Seat
    from tabletop.engine.bots import bot_rng

    game = games.game("mount_gram")
    bot = game.spec.bots["heuristic"]()
    for seed in range(3):
        m = Match.start(game, [Seat("A", "heuristic"), Seat("B", "heuristic")], {}, seed=seed)
        while (d := m.decision()) is not None:
            ids = [a.id for a in m.legal()]
            choice = bot.choose(game, m.view(d.seat), d, m.legal(), bot_rng(seed, m.state.step, d.seat))
            assert choice in ids
            m.play(choice)
        assert game.result(m.state) is not None and not game.invariants(m.state)
