"""Card data facts, the effect-vocabulary coverage, and conformance on the test quest."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conformance.kit import play_random_game

from tabletop.engine.assets import asset_path
from tabletop.games.mount_gram.cards import mount_gram_cards, player_cards, starter_decks
from tabletop.games.mount_gram.effects import OPS, PASSIVE_OPS
from tabletop.games.mount_gram.encounter import SHADOWS, WHEN_REVEALED

from .helpers import TEST_GAME

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


def test_every_player_card_ability_has_an_implemented_effect() -> None:
    missing = [(c.key, ab["op"]) for c in player_cards().values() for ab in c.abilities
               if ab["op"] not in OPS and ab["op"] not in PASSIVE_OPS]
    assert not missing, f"cards without an implemented effect: {missing}"
    plain = {"guard_of_the_citadel", "veteran_axehand", "silverlode_archer", "horseback_archer"}
    for c in player_cards().values():
        assert c.abilities or c.key in plain, f"{c.key} has text but no ability"


def test_every_encounter_ability_has_an_implemented_effect() -> None:
    known = set(WHEN_REVEALED) | set(SHADOWS) | ENGINE_ENCOUNTER_OPS
    missing = [(c.key, ab["op"]) for c in mount_gram_cards().values() for ab in c.abilities
               if ab["op"] not in known]
    assert not missing


def test_every_effect_card_has_a_scenario_test() -> None:
    text = (Path(__file__).parent / "test_player_cards.py").read_text(encoding="utf-8")
    text += (Path(__file__).parent / "test_core_rules.py").read_text(encoding="utf-8")
    tested = set(re.findall(r"test_card_(\w+)", text)) | {"aragorn", "blade_mastery"}
    with_effects = {c.key for c in player_cards().values() if c.abilities}
    assert with_effects - tested == set()


def test_vocabulary_is_documented() -> None:
    readme = asset_path("cards", "mount_gram", "README.md").read_text(encoding="utf-8")
    for op in list(OPS) + list(PASSIVE_OPS) + list(WHEN_REVEALED) + list(SHADOWS) + list(ENGINE_ENCOUNTER_OPS):
        assert f"`{op}`" in readme, f"{op} is not documented"


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
