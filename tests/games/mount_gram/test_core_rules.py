"""One test per numbered rule of spec §1–§5, on the test-only quest (helpers.TEST_GAME)."""

from __future__ import annotations

from tabletop.games.mount_gram import board as B
from tabletop.games.mount_gram.cards import key_of, owner_of, player_cards

from .helpers import (  # noqa: I001
    MG,
    en,
    en_event,
    hero,
    plan,
    put_attachment,
    put_char,
    put_enemy,
    put_location,
    resources,
    run_frames,
    to_hand,
    top_encounter,
)


def quest_frame(gid: str = "g0", pc: int = 1) -> dict:
    return {"t": "quest", "g": gid, "pc": pc}


def test_S1_zones_ids_and_owners() -> None:
    sc = MG(players=2)
    s = sc.s
    for seat, p in enumerate(s.players):
        assert {"deck", "hand", "discard", "captured", "threat", "out", "chars", "engaged"} <= set(p)
        for c in p["deck"] + p["hand"] + p["chars"]:
            assert owner_of(c) == seat
    ids = [c for p in s.players for c in p["deck"] + p["hand"] + p["chars"]] + s.encounter
    assert len(ids) == len(set(ids))
    assert all(owner_of(c) == -1 for c in s.encounter)
    assert len(s.groups) == 1 and s.groups[0]["members"] == [0, 1]


def test_S2_card_types_and_printed_values() -> None:
    cards = player_cards()
    aragorn, gandalf, snare = cards["aragorn"], cards["gandalf"], cards["forest_snare"]
    assert (aragorn.type, aragorn.threat_cost, aragorn.wp, aragorn.atk, aragorn.defense, aragorn.hp) == (
        "hero", 12, 2, 3, 2, 5)
    assert aragorn.sentinel and aragorn.sphere == "Leadership"
    assert gandalf.type == "ally" and gandalf.sphere == "Neutral" and gandalf.cost == 5
    assert snare.type == "attachment" and snare.attach_to == "engaged_enemy"
    assert cards["stand_and_fight"].x_cost
    orc = MG().game.db["t_orc"]
    assert (orc.engagement, orc.threat, orc.atk, orc.defense, orc.hp) == (20, 2, 2, 1, 3)


def test_S3_1_standard_setup() -> None:
    sc = MG(players=2)
    for p in sc.s.players:
        # six cards at set-up, plus round 1's resource-phase draw
        assert len(p["hand"]) == 7 and len(p["deck"]) == 23
        heroes = B.heroes(sc.game, sc.s, sc.s.players.index(p))
        assert len(heroes) == 3
        assert p["threat"] == sum(sc.game.db[key_of(h)].threat_cost for h in heroes)
    assert key_of(sc.s.groups[0]["quest"]) == "tq_one"


def test_S4_action_window_asks_each_player_until_a_full_round_passes() -> None:
    sc = MG(players=2)
    sc.s.first = 0
    resources(sc, 0, 0)
    sc.s.players[0]["hand"], sc.s.players[1]["hand"] = [], []
    to_hand(sc, 0, "for_gondor", "for_gondor")
    to_hand(sc, 1, "blade_mastery")
    resources(sc, 0, 3)
    run_frames(sc, {"t": "win", "g": "g0", "w": "any", "ev": "", "ctx": {}, "i": 0, "passes": 0},
               {"t": "commit", "p": 0}, phase="quest")
    assert sc.decision().seat == 0 and sc.decision().kind == "actions"
    sc.play([a for a in sc.legal() if a.startswith("play")][0])
    assert sc.decision().seat == 1
    sc.play("pass")
    assert (sc.decision().seat, sc.decision().kind) == (0, "actions")
    sc.play("pass")  # P2 then P1 passed: a full round of passes closes the window
    assert sc.decision().kind == "commit"


def test_S4_1_resource_phase_adds_resources_and_draws() -> None:
    sc = MG(players=1)
    resources(sc, 0, 0)
    hand, deck = len(sc.s.players[0]["hand"]), len(sc.s.players[0]["deck"])
    run_frames(sc, {"t": "resource", "g": "g0", "pc": 0}, phase="resource")
    assert all(sc.s.cards[h]["res"] == 1 for h in B.heroes(sc.game, sc.s, 0))
    assert len(sc.s.players[0]["hand"]) == hand + 1 and len(sc.s.players[0]["deck"]) == deck - 1


def test_S4_2_planning_plays_allies_paying_matching_resources() -> None:
    sc = MG(players=1)
    resources(sc, 0, 1)
    guard = to_hand(sc, 0, "guard_of_the_citadel")[0]
    plan(sc)
    sc.play(f"play {guard}")
    assert guard in sc.s.players[0]["chars"] and not sc.s.cards[guard]["ex"]
    assert sum(sc.s.cards[h]["res"] for h in B.heroes(sc.game, sc.s, 0)) == 1


def test_S4_3_quest_commit_staging_and_progress() -> None:
    sc = MG(players=1)
    sc.s.groups[0]["staging"].clear()
    sc.s.players[0]["hand"] = []
    resources(sc, 0, 0)
    top_encounter(sc, "t_path")
    run_frames(sc, quest_frame(), phase="quest")
    for key in ("aragorn", "gloin", "theodred"):
        c = hero(sc, 0, key)
        sc.play(f"commit {c}")
        assert sc.s.cards[c]["ex"] and sc.s.cards[c]["com"]
        while sc.decision().kind == "response":
            sc.play("pass")
    while sc.decision() and sc.decision().kind in ("actions", "response") and sc.s.phase == "quest":
        sc.play("pass")
    ev = sc.last("quest")
    assert ev["wp"] == 5 and ev["threat"] == 2
    quest = sc.s.groups[0]["quest"]
    assert sc.s.cards[quest]["prog"] == 3
    assert not any(sc.s.cards[c]["com"] for c in sc.s.players[0]["chars"])


def test_S4_3_failed_quest_raises_threat() -> None:
    sc = MG(players=2)
    sc.s.groups[0]["staging"].clear()
    put_location(sc, "t_path")
    put_location(sc, "t_path")
    before = [p["threat"] for p in sc.s.players]
    run_frames(sc, quest_frame(pc=3), phase="quest")
    assert [p["threat"] for p in sc.s.players] == [t + 4 for t in before]


def test_S4_4_travel_phase_pays_travel_cost_and_sets_active() -> None:
    sc = MG(players=2)
    gate = put_location(sc, "t_gate")
    before = [p["threat"] for p in sc.s.players]
    run_frames(sc, {"t": "travel", "g": "g0", "pc": 0}, phase="travel")
    assert sc.decision().kind == "travel"
    sc.play(f"travel {gate}")
    assert sc.s.groups[0]["active"] == gate
    assert [p["threat"] for p in sc.s.players] == [t + 1 for t in before]


def test_S4_5_optional_engagement_then_engagement_checks() -> None:
    sc = MG(players=2)
    sc.s.first = 0
    sc.s.players[0]["threat"], sc.s.players[1]["threat"] = 25, 45
    orc = put_enemy(sc, "t_orc")
    brute = put_enemy(sc, "t_brute")
    run_frames(sc, {"t": "eopt", "p": 0}, {"t": "eopt", "p": 1},
               {"t": "echeck", "g": "g0", "i": 0, "quiet": 0}, phase="encounter")
    sc.play("pass")
    sc.play("pass")
    assert brute in sc.s.players[1]["engaged"]
    assert orc in sc.s.players[0]["engaged"]


def test_S4_6_combat_shadow_defence_undefended_and_player_attack() -> None:
    sc = MG(players=1)
    orc = put_enemy(sc, "t_orc", seat=0)
    top_encounter(sc, "t_gloom")
    run_frames(sc, {"t": "combat", "g": "g0", "pc": 0}, phase="combat")
    while sc.decision().kind == "actions":
        sc.play("pass")
    assert sc.decision().kind == "defend"
    aragorn = hero(sc, 0, "aragorn")
    sc.play(f"defend {aragorn}")
    while sc.decision().kind == "response":
        sc.play("pass")
    # shadow Test Gloom: +1 attack -> 3 against defence 2 = 1 damage
    assert sc.s.cards[aragorn]["dmg"] == 1
    while sc.decision().kind == "actions":
        sc.play("pass")
    free = [c for c in sc.s.players[0]["chars"] if not sc.s.cards[c]["ex"]]
    sc.play(f"attack {orc}")
    for c in free:
        if f"with {c}" in sc.legal():  # the last one left is declared without a question
            sc.play(f"with {c}")
    if "go" in sc.legal():
        sc.play("go")
    assert orc not in sc.s.cards and orc.replace("", "") in sc.s.enc_discard


def test_S4_6_undefended_attack_hits_a_hero_of_the_player() -> None:
    sc = MG(players=1)
    brute = put_enemy(sc, "t_brute", seat=0)
    run_frames(sc, {"t": "eatk", "e": brute, "p": 0, "pc": 0, "defs": [], "si": 0, "imm": True,
                    "shadow": "", "cancel": False}, phase="combat")
    sc.play("nodefend")
    aragorn = hero(sc, 0, "aragorn")
    sc.play(f"hero {aragorn}")
    assert sc.s.cards[aragorn]["dmg"] == 4


def test_S4_7_refresh_readies_raises_threat_and_passes_first_player() -> None:
    sc = MG(players=2)
    sc.s.first = 0
    for c in sc.s.cards.values():
        c["ex"] = True
    before = [p["threat"] for p in sc.s.players]
    run_frames(sc, {"t": "refresh"}, phase="refresh")
    assert not any(sc.s.cards[c]["ex"] for p in sc.s.players for c in p["chars"])
    assert [p["threat"] for p in sc.s.players] == [t + 1 for t in before]
    assert sc.s.first == 1 and sc.s.round == 2


def test_S5_1_threat_50_eliminates_and_all_out_loses() -> None:
    sc = MG(players=2)
    B.raise_threat(sc.game, sc.s, 0, 50 - sc.s.players[0]["threat"])
    assert sc.s.players[0]["out"] and not sc.s.players[0]["chars"]
    assert not sc.s.outcome
    B.raise_threat(sc.game, sc.s, 1, -100)
    assert sc.s.players[1]["threat"] == 0
    B.raise_threat(sc.game, sc.s, 1, 60)
    assert sc.s.outcome == "lost" and sc.game.result(sc.s).winners == ()


def test_S5_2_costs_need_matching_icons_even_at_zero() -> None:
    sc = MG(players=2, options={"deck_1": "Leadership", "deck_2": "Lore"})
    resources(sc, 0, 5)
    resources(sc, 1, 5)
    common = to_hand(sc, 1, "common_cause")[0]
    guard = to_hand(sc, 1, "guard_of_the_citadel")[0]
    for c in sc.s.players[0]["chars"]:
        sc.s.cards[c]["ex"] = True
    plan(sc, 1)
    assert not any(a.startswith(f"play {common}") or a == f"play {guard}" for a in sc.legal())


def test_S5_3_unique_and_restricted_attachments() -> None:
    sc = MG(players=2, options={"deck_1": "Leadership", "deck_2": "Tactics"})
    resources(sc, 0, 9)
    resources(sc, 1, 9)
    brok = to_hand(sc, 0, "brok_ironfist", "brok_ironfist")
    plan(sc, 0)
    sc.play(f"play {brok[0]}")
    assert f"play {brok[1]}" not in sc.legal()
    gimli = hero(sc, 1, "gimli")
    axes = [put_attachment_ids for put_attachment_ids in to_hand(sc, 1, "dwarven_axe", "citadel_plate", "blade_of_gondolin")]
    plan(sc, 1)
    for a in axes:
        sc.play(f"play {a} {gimli}")
    # §5.3: the third Restricted attachment makes its controller choose which one goes (the
    # engine used to discard the oldest); the cheapest is recommended, and he may pick another.
    d = sc.decision()
    assert (d.seat, d.kind) == (1, "discard_restricted")
    assert sc.legal() == [f"discard {axes[2]}", f"discard {axes[0]}", f"discard {axes[1]}"]
    assert "recommended" in en(sc, sc.match.legal()[0].label)
    sc.play(f"discard {axes[0]}")
    assert sorted(sc.s.cards[gimli]["att"]) == sorted([axes[1], axes[2]])
    assert axes[0] in sc.s.players[1]["discard"]


def test_S5_3_restricted_discard_never_recommends_the_plate_that_keeps_the_hero_alive() -> None:
    sc = MG(players=1, options={"deck_1": "Tactics"})
    gimli = hero(sc, 0, "gimli")
    plate = put_attachment(sc, 0, "citadel_plate", gimli)
    axe = put_attachment(sc, 0, "dwarven_axe", gimli)
    sc.s.cards[gimli]["dmg"] = 10  # losing either Citadel Plate (+4 hit points) would destroy him
    resources(sc, 0, 9)
    plate2 = to_hand(sc, 0, "citadel_plate")[0]
    plan(sc, 0)
    sc.play(f"play {plate2} {gimli}")
    labels = {a.id: en(sc, a.label) for a in sc.match.legal()}
    assert sc.legal()[0] == f"discard {axe}"
    assert "destroys Gimli" in labels[f"discard {plate}"]


def test_S5_4_exhausted_characters_cannot_commit_or_defend() -> None:
    sc = MG(players=1)
    aragorn = hero(sc, 0, "aragorn")
    sc.s.cards[aragorn]["ex"] = True
    run_frames(sc, {"t": "commit", "p": 0}, phase="quest")
    assert f"commit {aragorn}" not in sc.legal()
    orc = put_enemy(sc, "t_orc", seat=0)
    run_frames(sc, {"t": "eatk", "e": orc, "p": 0, "pc": 0, "defs": [], "si": 0, "imm": True,
                    "shadow": "", "cancel": False}, phase="combat")
    assert f"defend {aragorn}" not in sc.legal()


def test_S5_5_staging_threat_counts_staging_enemies_and_locations_only() -> None:
    sc = MG(players=1)
    grp = sc.s.groups[0]
    grp["staging"].clear()
    put_enemy(sc, "t_orc")
    put_location(sc, "t_path")
    put_location(sc, "t_gate", active=True)
    put_enemy(sc, "t_brute", seat=0)
    assert B.staging_threat(sc.game, sc.s, grp) == 4


def test_S5_6_engaged_enemy_stays_until_moved() -> None:
    sc = MG(players=1)
    orc = put_enemy(sc, "t_orc", seat=0)
    run_frames(sc, {"t": "refresh"}, phase="refresh")
    assert orc in sc.s.players[0]["engaged"]


def test_S5_7_damage_destroys_and_healing_removes_damage() -> None:
    sc = MG(players=1)
    guard = put_char(sc, 0, "guard_of_the_citadel")
    aragorn = hero(sc, 0, "aragorn")
    B.deal_damage(sc.game, sc.s, aragorn, 3)
    assert B.heal(sc.game, sc.s, aragorn, 2) == 2 and sc.s.cards[aragorn]["dmg"] == 1
    B.deal_damage(sc.game, sc.s, guard, 2)
    assert guard not in sc.s.cards and guard in sc.s.players[0]["discard"]


def test_S5_8_progress_explores_locations_and_immune_blocks_player_effects() -> None:
    sc = MG(players=1)
    path = put_location(sc, "t_path")
    B.place_on_location(sc.game, sc.s, path, 3)
    assert path not in sc.s.cards and path in sc.s.enc_discard
    gate = put_location(sc, "t_gate")
    sc.game.db["t_gate"].immune = True
    try:
        scout = to_hand(sc, 0, "snowbourn_scout")[0]
        resources(sc, 0, 3)
        plan(sc)
        sc.play(f"play {scout}")
        assert not any(gate in a for a in sc.legal())
    finally:
        sc.game.db["t_gate"].immune = False


def test_S5_9_response_window_offers_responses_to_its_trigger_only() -> None:
    sc = MG(players=1)
    aragorn = hero(sc, 0, "aragorn")
    sc.s.cards[aragorn]["res"] = 1
    run_frames(sc, {"t": "commit", "p": 0}, phase="quest")
    sc.play(f"commit {aragorn}")
    assert sc.decision().kind == "response"
    assert sc.legal() == [f"use {aragorn}", "pass"]
    sc.play(f"use {aragorn}")
    assert not sc.s.cards[aragorn]["ex"] and sc.s.cards[aragorn]["com"]
    assert sc.decision().kind == "commit"


def test_S5_10_progress_goes_to_active_location_then_quest_and_advances() -> None:
    sc = MG(players=1)
    grp = sc.s.groups[0]
    put_location(sc, "t_path", active=True)
    B.place_progress(sc.game, sc.s, grp, 9)
    assert grp["active"] is None
    assert key_of(grp["quest"]) == "tq_two"
    B.place_progress(sc.game, sc.s, grp, 4)
    assert sc.s.outcome == "won" and sc.game.result(sc.s).winners == (0,)


def test_S5_11_victory_display() -> None:
    sc = MG(players=1)
    brute = put_enemy(sc, "t_brute", seat=0)
    B.deal_damage(sc.game, sc.s, brute, 5)
    assert brute in sc.s.victory
    gate = put_location(sc, "t_gate")
    B.place_on_location(sc.game, sc.s, gate, 2)
    assert gate in sc.s.victory


def test_S5_12_side_quest_becomes_current_and_takes_progress() -> None:
    sc = real(1, seed=5)
    sc.play(sc.legal()[0])
    grp = sc.s.groups[0]
    side = put_location(sc, "stop_the_executioners", gid=grp["id"])
    run_frames(sc, quest_frame(grp["id"], 0), phase="quest")
    sc.play(f"side {side}")
    assert grp["side"] == side
    B.place_progress(sc.game, sc.s, grp, 10)
    assert side in sc.s.victory and grp["side"] is None


def test_S5_13_surge_and_doomed_keywords() -> None:
    sc = MG(players=2)
    top_encounter(sc, "t_rush", "t_gloom")
    before = [p["threat"] for p in sc.s.players]
    run_frames(sc, {"t": "reveal", "g": "g0", "pc": 0}, phase="quest")
    while sc.decision() and sc.decision().kind == "actions" and sc.s.phase == "quest":
        sc.play("pass")
    assert [en_event(sc, e) for e in sc.events("reveal")][-2:] == ["Revealed: Test Rush (treachery).",
                                                          "Revealed: Test Gloom (treachery)."]
    # Test Gloom: doomed 1 and +1 threat when revealed
    assert [p["threat"] for p in sc.s.players] == [t + 2 for t in before]


def test_S5_14_player_lasting_effects_end_with_the_phase() -> None:
    sc = MG(players=1, options={"deck_1": "Tactics"})
    gimli = hero(sc, 0, "gimli")
    resources(sc, 0, 2)
    sc.s.players[0]["hand"] = []
    to_hand(sc, 0, "blade_mastery", "blade_mastery")
    plan(sc)
    base = B.atk(sc.game, sc.s, gimli)
    sc.play(next(a for a in sc.legal() if a.endswith(gimli)))
    assert B.atk(sc.game, sc.s, gimli) == base + 1
    sc.play("done")
    assert sc.s.phase == "quest"
    assert B.atk(sc.game, sc.s, gimli) == base


def test_S5_15_immediate_attack_gets_no_shadow() -> None:
    sc = MG(players=1)
    orc = put_enemy(sc, "t_orc", seat=0)
    sc.s.cards[orc]["sh"] = top_encounter(sc, "t_brute")
    sc.s.encounter.pop()
    run_frames(sc, {"t": "eatk", "e": orc, "p": 0, "pc": 0, "defs": [], "si": 0, "imm": True,
                    "shadow": "", "cancel": False}, phase="combat")
    sc.play("nodefend")
    sc.play(f"hero {hero(sc, 0, 'aragorn')}")
    assert sc.s.cards[orc]["sh"] and not sc.s.cards[orc]["up"]


def test_S5_16_round_limit_loses_and_the_score_is_reported() -> None:
    sc = MG(players=1, options={"round_limit": 1})
    sc.s.victory.append("e.t_brute.77")
    run_frames(sc, {"t": "refresh"}, phase="refresh")
    assert sc.s.outcome == "lost" and "round limit" in en(sc, sc.s.reason)
    threat = sc.s.players[0]["threat"]
    assert sc.game.result(sc.s).scores == (float(threat - 3),)


def test_groups_reveal_one_card_per_member_into_their_own_staging_area() -> None:
    sc = MG(players=3)
    sc.s.first = 0
    g0 = sc.s.groups[0]
    g0["members"] = [0, 1]
    g1 = {"id": "g9", "members": [2], "staging": [], "active": None, "quest": g0["quest"], "side": None}
    sc.s.groups.append(g1)
    g0["staging"].clear()
    top_encounter(sc, "t_path", "t_path", "t_orc")
    run_frames(sc, {"t": "reveal", "g": "g0", "pc": 0}, {"t": "reveal", "g": "g0", "pc": 0},
               {"t": "reveal", "g": "g9", "pc": 0}, phase="quest")
    assert len(g0["staging"]) == 2 and [key_of(c) for c in g1["staging"]] == ["t_orc"]
    assert B.staging_threat(sc.game, sc.s, g0) == 4
    assert B.staging_threat(sc.game, sc.s, g1) == 2


from .helpers import real  # noqa: E402


def test_hands_are_private_unless_open_hands_and_hidden_zones_stay_secret() -> None:
    sc = MG(players=2)
    other = sc.s.players[1]["hand"][0]
    assert other in sc.game.secrets(sc.s, 0) and sc.view(0)["players"][1]["hand"] == len(sc.s.players[1]["hand"])
    assert set(sc.s.encounter) <= sc.game.secrets(sc.s, 0) and set(sc.s.players[0]["deck"]) <= sc.game.secrets(sc.s, 0)
    opened = MG(players=2, options={"open_hands": True})
    other = opened.s.players[1]["hand"][0]
    assert other not in opened.game.secrets(opened.s, 0) and other in opened.view(0)["players"][1]["hand"]
    assert other in opened.game.secrets(opened.s, None)
