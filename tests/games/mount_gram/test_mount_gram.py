"""The Mount Gram scenario: spec §3.2 and §6, the seed's rules and the rulings R-n it needs."""

from __future__ import annotations

from tabletop.games.mount_gram import board as B
from tabletop.games.mount_gram.cards import key_of, owner_of

from .helpers import HOLD, act, en, hero, passes, put_attachment, put_char, real, resources, run_frames, to_hand, top_encounter


def mg(players: int = 2, seed: int = 1, **options: object):
    """A Mount Gram game past set-up: each player starts with his deck's first hero."""
    sc = real(players, dict(options), seed)
    while sc.decision().kind == "choose" and sc.legal()[0].startswith("hero "):
        sc.play(sc.legal()[0])
    return sc


def enc(sc, key: str, gid: str, seat: int | None = None, n: int = 90) -> str:
    """Put a fresh encounter card into a group's staging area (or engaged with ``seat``)."""
    cid = f"e.{key}.{n}"
    grp = B.group(sc.s, gid)
    if seat is None:
        B.enter_staging(sc.game, sc.s, cid, grp)
    else:
        sc.s.cards[cid] = B.new_rec(ctl=seat)
        sc.s.players[seat]["engaged"].append(cid)
    return cid


def gid(sc, seat: int) -> str:
    return B.group_of(sc.s, seat)["id"]


def hold(sc, phase: str = "combat") -> None:
    run_frames(sc, dict(HOLD), phase=phase)


def test_S3_2_setup_one_hero_threat_captures_and_split_staging_areas() -> None:
    sc = mg(2)
    s = sc.s
    assert len(s.groups) == 2 and all(len(g["members"]) == 1 for g in s.groups)
    for seat, p in enumerate(s.players):
        heroes = B.heroes(sc.game, s, seat)
        assert len(heroes) == 1
        assert p["threat"] == sc.game.db[key_of(heroes[0])].threat_cost
        # three at set-up (plus one if his group's resource phase has run); 13 cards stay in the deck
        assert len(p["hand"]) >= 3 and len(p["hand"]) + len(p["deck"]) == 13
        grp = B.group_of(s, seat)
        assert len(s.cards[grp["quest"]]["cap"]) == 7
        cell = next(c for c in grp["staging"] if key_of(c) == "prison_cell")
        assert len(s.cards[cell]["cap"]) == 3
        assert all(owner_of(c) == seat for c in s.cards[grp["quest"]]["cap"] + s.cards[cell]["cap"])
    assert sorted(key_of(c) for c in s.set_aside)[:2] == ["angmar_captain", "angmar_captain"]
    assert len(s.set_aside) == 2 + 9
    assert len(s.encounter) + len(s.enc_discard) + sum(len(c["sh"]) for c in s.cards.values()) <= 24 - 2


def test_S6_1_captured_deck_holds_allies_items_and_the_other_heroes() -> None:
    sc = real(1, {"deck_1": "Leadership"}, seed=3)
    sc.play(f"hero {'p0.aragorn.1'}")
    p = sc.s.players[0]
    grp = sc.s.groups[0]
    under = [c for c in sc.s.cards if sc.s.cards[c]["cap"]]
    captured = p["captured"] + [c for h in under for c in sc.s.cards[h]["cap"]]
    kinds = {sc.game.db[key_of(c)].type for c in captured}
    assert kinds == {"ally", "attachment", "hero"}
    assert {key_of(c) for c in captured if sc.game.db[key_of(c)].type == "hero"} == {"theodred", "gloin"}
    assert "p0.celebrian_s_stone.1" in captured
    assert all(key_of(c) != "steward_of_gondor" for c in captured)
    assert len(captured) == 17 + 2 and grp["quest"] in under
    # the random set-aside hero went on top, so it is the first card Capture 7 took
    assert sc.game.db[key_of(sc.s.cards[grp["quest"]]["cap"][0])].type == "hero"


def test_R52_easy_mode_smaller_deck_and_extra_resource() -> None:
    sc = mg(1, easy_mode=True)
    assert sc.s.cards[B.heroes(sc.game, sc.s, 0)[0]]["res"] == 3 + 1  # +1 from round 1
    keys = [key_of(c) for c in sc.s.encounter + sc.s.enc_discard]
    assert "goblin_tormentor" not in keys


def test_S6_3_capture_fires_only_in_the_revealing_group_and_doomed_hits_only_it() -> None:
    sc = mg(2)
    g0 = gid(sc, sc.s.first)
    other = 1 - sc.s.first
    before = [len(p["captured"]) for p in sc.s.players]
    threat = [p["threat"] for p in sc.s.players]
    top_encounter(sc, "dungeon_guard")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, phase="quest")
    guard = next(c for c in B.group(sc.s, g0)["staging"] if key_of(c) == "dungeon_guard")
    assert len(sc.s.cards[guard]["cap"]) == 1
    assert len(sc.s.players[other]["captured"]) == before[other]
    top_encounter(sc, "sound_the_alarm")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    assert sc.s.players[other]["threat"] == threat[other]
    assert sc.s.players[sc.s.first]["threat"] == threat[sc.s.first] + 3


def test_seed_doomed_with_several_players_in_one_group() -> None:
    sc = mg(3)
    host = B.group_of(sc.s, 0)
    for grp in list(sc.s.groups):
        if grp is not host:
            sc.game.scen.join(sc.game, sc.s, grp, host)
    threat = [p["threat"] for p in sc.s.players]
    top_encounter(sc, "sound_the_alarm")
    run_frames(sc, {"t": "reveal", "g": host["id"], "pc": 0}, dict(HOLD), phase="quest")
    assert [p["threat"] for p in sc.s.players] == [t + 3 for t in threat]


def test_S6_4_capture_from_play_removes_tokens_and_attachments() -> None:
    sc = mg(1, deck_1="Tactics")
    g0 = gid(sc, 0)
    axe = put_char(sc, 0, "veteran_axehand")
    sc.s.cards[axe]["dmg"] = 1
    plate = put_attachment(sc, 0, "citadel_plate", axe)
    top_encounter(sc, "captives_of_gornakh")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    host = max(B.group(sc.s, g0)["staging"], key=lambda c: B.threat_of(sc.game, sc.s, c))
    if sc.decision().kind == "choose":
        sc.play(sc.legal()[0])
    assert axe not in sc.s.cards and plate in sc.s.players[0]["discard"]
    assert any(axe in r["cap"] for r in sc.s.cards.values()) and host in sc.s.cards


def test_S6_5_rescue_puts_a_hero_into_play_and_other_cards_into_hand() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    guard = enc(sc, "dungeon_guard", g0, seat=0)
    sc.s.cards[guard]["cap"] = ["p0.gloin.1", "p0.faramir.1"]
    for c in ("p0.gloin.1", "p0.faramir.1"):
        for zone in [sc.s.players[0]["captured"]] + [r["cap"] for k, r in sc.s.cards.items() if k != guard]:
            if c in zone:
                zone.remove(c)
    threat = sc.s.players[0]["threat"]
    hold(sc)
    B.deal_damage(sc.game, sc.s, guard, 5)
    assert "p0.gloin.1" in sc.s.players[0]["chars"] and "p0.faramir.1" in sc.s.players[0]["hand"]
    rec = sc.s.cards["p0.gloin.1"]
    assert (rec["ex"], rec["res"], rec["dmg"]) == (False, 0, 0)
    assert sc.s.players[0]["threat"] == threat


def test_R33_dungeon_guard_response_puts_a_rescued_card_into_play() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    guard = enc(sc, "dungeon_guard", g0, seat=0)
    sc.s.cards[guard]["cap"] = ["p0.guard_of_the_citadel.70"]
    hold(sc)
    B.deal_damage(sc.game, sc.s, guard, 5)
    from tabletop.games.mount_gram.flow import advance
    advance(sc.game, sc.s)
    sc.play("free p0.guard_of_the_citadel.70")
    assert "p0.guard_of_the_citadel.70" in sc.s.players[0]["chars"]


def test_R5_prison_cell_response_puts_a_captured_card_into_play_without_rescue() -> None:
    sc = mg(1)
    grp = sc.s.groups[0]
    cell = next(c for c in grp["staging"] if key_of(c) == "prison_cell")
    run_frames(sc, {"t": "travel", "g": grp["id"], "pc": 0}, dict(HOLD), phase="travel")
    sc.play(f"travel {cell}")
    assert sc.decision().kind == "choose"
    pick = sc.legal()[0]
    card = pick.split()[1]
    sc.play(pick)
    assert card in sc.s.cards and len(sc.s.cards[cell]["cap"]) == 2
    assert not sc.events("rescue")


def test_S6_6_players_cannot_affect_other_groups() -> None:
    sc = mg(2, deck_1="Lore", deck_2="Tactics")
    resources(sc, 0, 3)
    other_hero = B.heroes(sc.game, sc.s, 1)[0]
    sc.s.cards[other_hero]["dmg"] = 1
    to_hand(sc, 0, "lore_of_imladris", "lorien_s_wealth")
    act(sc, 0)
    assert not any(other_hero in a or a.endswith(" p1") for a in sc.legal())


def test_S6_7_stage_2B_progress_rescues_random_captured_cards() -> None:
    sc = mg(1)
    grp = sc.s.groups[0]
    grp["active"] = None
    quest = grp["quest"]
    hold(sc, "quest")
    B.place_progress(sc.game, sc.s, grp, 3)
    assert len(sc.s.cards[quest]["cap"]) == 4
    assert len(sc.events("rescue")) == 3
    assert sc.s.cards[quest]["prog"] == 0


def test_S6_8_join_another_player_at_the_start_of_travel() -> None:
    sc = mg(2)
    a, b = B.groups_in_order(sc.s)
    sc.s.cards[a["quest"]]["cap"] = []
    a_quest = a["quest"]
    engaged = enc(sc, "dungeon_guard", a["id"], seat=a["members"][0])
    loc = next(c for c in a["staging"] if key_of(c) == "prison_cell")
    a["staging"].remove(loc)
    a["active"] = loc
    moved = enc(sc, "cruel_torturer", a["id"], n=91)
    run_frames(sc, {"t": "travel_all", "pc": 0}, dict(HOLD), phase="travel")
    assert len(sc.s.groups) == 1 and sorted(b["members"]) == [0, 1]
    assert moved in b["staging"] and sc.s.cards[moved]["g"] == b["id"]
    assert engaged in sc.s.players[a["members"][0] if a["members"] else 1 - b["members"][0]]["engaged"] or \
        engaged in sc.s.players[sc.s.first]["engaged"]
    assert loc in sc.s.enc_discard and a_quest in sc.s.removed


def test_S6_8_advance_to_stage_3_when_nobody_can_be_joined() -> None:
    sc = mg(2)
    for grp in sc.s.groups:
        sc.s.cards[grp["quest"]]["cap"] = []
    run_frames(sc, {"t": "travel_all", "pc": 0}, dict(HOLD), phase="travel")
    assert len(sc.s.groups) == 1
    grp = sc.s.groups[0]
    assert key_of(grp["quest"]) == "flight_from_mount_gram"
    staged = [key_of(c) for c in grp["staging"]]
    assert "southern_gate" in staged and "jailor_gornakh" in staged
    assert not sc.s.set_aside
    assert len(sc.events("reveal")) >= 2


def test_S6_9_southern_gate_lock_threat_and_winning() -> None:
    sc = mg(2)
    for grp in sc.s.groups:
        sc.s.cards[grp["quest"]]["cap"] = []
    run_frames(sc, {"t": "travel_all", "pc": 0}, dict(HOLD), phase="travel")
    grp = sc.s.groups[0]
    for c in [c for c in grp["staging"] if key_of(c) not in ("southern_gate",)]:
        B.leave_play(sc.game, sc.s, c, "discard")
    grp["active"] = None
    gate = next(c for c in grp["staging"] if key_of(c) == "southern_gate")
    assert not sc.game.scen.can_travel(sc.game, sc.s, grp, gate)
    B.place_progress(sc.game, sc.s, grp, 20)
    assert not sc.s.outcome  # the Gate is still in play
    run_frames(sc, {"t": "travel", "g": grp["id"], "pc": 0}, dict(HOLD), phase="travel")
    sc.play(f"travel {gate}")
    assert all(p["threat"] >= 35 for p in sc.s.players)
    B.place_progress(sc.game, sc.s, grp, 8)
    assert sc.s.outcome == "won"


def test_S6_9_flight_threshold_option() -> None:
    sc = mg(1, flight_threshold=14)
    assert sc.game.scen.threshold(sc.s) == 14


def test_R19_jailor_engages_highest_threat_and_attacks_after_a_rescue() -> None:
    sc = mg(2)
    host = B.group_of(sc.s, 0)
    for grp in list(sc.s.groups):
        if grp is not host:
            sc.game.scen.join(sc.game, sc.s, grp, host)
    jailor = enc(sc, "jailor_gornakh", host["id"])
    sc.s.players[1]["threat"] = 40
    guard = enc(sc, "dungeon_guard", host["id"], seat=0, n=92)
    sc.s.cards[guard]["cap"] = ["p0.guard_of_the_citadel.71"]
    hold(sc)
    B.deal_damage(sc.game, sc.s, guard, 9)
    from tabletop.games.mount_gram.flow import advance
    advance(sc.game, sc.s)
    assert jailor in sc.s.players[1]["engaged"]
    assert any(f["t"] == "eatk" and f["e"] == jailor and f["imm"] for f in sc.s.stack)


def test_S6_10_elimination_alone_discards_the_private_area() -> None:
    sc = mg(2)
    seat = 0
    grp = B.group_of(sc.s, seat)
    staged = list(grp["staging"])
    quest = grp["quest"]
    B.raise_threat(sc.game, sc.s, seat, 60)
    assert sc.s.players[seat]["out"] and B.group(sc.s, grp["id"]) is None
    assert all(c in sc.s.enc_discard or c in sc.s.removed for c in staged)
    assert quest in sc.s.removed
    # his captured cards are removed from the game, not rescued
    assert all(owner_of(c) != seat for r in sc.s.cards.values() for c in r["cap"])
    assert not sc.s.players[seat]["captured"]
    assert not sc.s.outcome


def test_R11_interrogation_discards_from_captured_deck_and_gains_doomed_when_empty() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    p = sc.s.players[0]
    p["captured"] = ["p0.faramir.1"]
    threat = p["threat"]
    top_encounter(sc, "interrogation")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    assert p["threat"] == threat + 4 and "p0.faramir.1" in p["discard"]
    top_encounter(sc, "interrogation")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    assert p["threat"] == threat + 4 + 2


def test_R13_cruel_torturer_captures_an_ally_it_would_damage() -> None:
    sc = mg(1, deck_1="Tactics")
    g0 = gid(sc, 0)
    axe = put_char(sc, 0, "veteran_axehand")
    tort = enc(sc, "cruel_torturer", g0, seat=0)
    run_frames(sc, {"t": "eatk", "e": tort, "p": 0, "pc": 0, "defs": [], "si": 0, "imm": True,
                    "shadow": "", "cancel": False}, dict(HOLD), phase="combat")
    sc.play(f"defend {axe}")
    passes(sc, "response")
    assert axe in sc.s.cards[tort]["cap"] and axe not in sc.s.cards


def test_R13_character_variant_captures_heroes_too() -> None:
    sc = mg(2, deck_1="Tactics", capture_on_damage_targets="character")
    g0 = gid(sc, 0)
    gimli = hero(sc, 0, "gimli")
    legolas = "p0.legolas.1"
    sc.s.players[0]["captured"].remove(legolas) if legolas in sc.s.players[0]["captured"] else None
    for rec in sc.s.cards.values():
        if legolas in rec["cap"]:
            rec["cap"].remove(legolas)
    B.put_char_into_play(sc.game, sc.s, legolas, 0, trigger=False)
    tort = enc(sc, "cruel_torturer", g0, seat=0)
    run_frames(sc, {"t": "eatk", "e": tort, "p": 0, "pc": 0, "defs": [], "si": 0, "imm": True,
                    "shadow": "", "cancel": False}, dict(HOLD), phase="combat")
    sc.play(f"defend {gimli}")
    passes(sc, "response")
    assert gimli in sc.s.cards[tort]["cap"]


def test_R14_tunnels_shadow_captures_the_defenders_attachments() -> None:
    sc = mg(1, deck_1="Tactics")
    g0 = gid(sc, 0)
    gimli = hero(sc, 0, "gimli")
    axe = put_attachment(sc, 0, "dwarven_axe", gimli)
    guard = enc(sc, "dungeon_guard", g0, seat=0)
    sc.s.cards[guard]["sh"] = ["e.tunnels_of_mount_gram.80"]
    run_frames(sc, {"t": "eatk", "e": guard, "p": 0, "pc": 0, "defs": [], "si": 0, "imm": False,
                    "shadow": "", "cancel": False}, dict(HOLD), phase="combat")
    sc.play(f"defend {gimli}")
    passes(sc, "response")
    assert axe in sc.s.cards[guard]["cap"] and axe not in sc.s.cards


def test_R16_sound_the_alarm_lowers_engagement_and_raises_attack_in_its_group() -> None:
    sc = mg(2)
    g_a, g_b = (g["id"] for g in B.groups_in_order(sc.s))
    ea, eb = enc(sc, "cruel_torturer", g_a), enc(sc, "cruel_torturer", g_b, n=93)
    top_encounter(sc, "sound_the_alarm")
    run_frames(sc, {"t": "reveal", "g": g_a, "pc": 0}, dict(HOLD), phase="quest")
    assert B.engagement_of(sc.game, sc.s, ea) == 26 and B.atk(sc.game, sc.s, ea) == 4
    assert B.engagement_of(sc.game, sc.s, eb) == 36 and B.atk(sc.game, sc.s, eb) == 3


def test_R16_sound_the_alarm_searches_an_enemy_when_the_group_has_none() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    top_encounter(sc, "sound_the_alarm")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    # §5.3 / §5.9: the group's first player picks which matching enemy the search finds (the
    # engine used to take the first found): one option per title and pile, the weakest first.
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "search")
    opts = sc.match.legal()
    assert "recommended" in en(sc, opts[0].label) and len(opts) > 1
    assert len({(key_of(a.id.split()[1]), "deck" in en(sc, a.label)) for a in opts}) == len(opts)
    pick = opts[-1].id.split()[1]
    sc.play(opts[-1].id)
    assert pick in B.group(sc.s, g0)["staging"] and pick not in sc.s.encounter + sc.s.enc_discard


def test_R17_stop_the_executioners_time_runs_out() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    top_encounter(sc, "stop_the_executioners")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    side = next(c for c in B.group(sc.s, g0)["staging"] if key_of(c) == "stop_the_executioners")
    caps = list(sc.s.cards[side]["cap"])
    chars = sum(1 for c in caps if sc.game.db[key_of(c)].character)
    assert len(caps) == 5 and sc.s.cards[side]["time"] == 4
    threat = sc.s.players[0]["threat"]
    sc.s.options["round_limit"] = 100
    for _ in range(4):
        run_frames(sc, {"t": "refresh"}, dict(HOLD), phase="refresh")
    assert side in sc.s.removed and all(c in sc.s.players[0]["discard"] for c in caps)
    assert sc.s.players[0]["threat"] == threat + 4 + 3 * chars or sc.s.players[0]["out"]


def test_S5_9_simultaneous_forced_effects_are_ordered_by_the_groups_first_player() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    top_encounter(sc, "stop_the_executioners")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    side = next(c for c in B.group(sc.s, g0)["staging"] if key_of(c) == "stop_the_executioners")
    sc.s.cards[side]["time"] = 1
    gandalf = put_char(sc, 0, "gandalf")
    run_frames(sc, {"t": "refresh"}, dict(HOLD), phase="refresh")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "forced_order")
    assert len(sc.legal()) == 2
    gandalf_first = next(a.id for a in sc.match.legal() if "Gandalf" in en(sc, a.label))
    sc.play(gandalf_first)
    assert gandalf in sc.s.players[0]["discard"] and side in sc.s.cards
    passes(sc)  # Valiant Sacrifice may answer Gandalf leaving, before the other Forced effect
    assert side in sc.s.removed


def test_S5_9_angmar_captain_and_the_angmar_orc_shadow_return_are_ordered() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    captain = enc(sc, "angmar_captain", g0, seat=0)
    sc.s.cards[captain]["up"] = []
    ally = put_char(sc, 0, "guard_of_the_citadel")
    top = to_hand(sc, 0, "snowbourn_scout")[0]
    sc.s.players[0]["hand"].remove(top)
    sc.s.players[0]["deck"].append(top)  # an ally on top: the captain would attack again
    f = {"t": "eatk", "e": captain, "p": 0, "pc": 6, "defs": [ally], "si": 0, "imm": False, "shadow": "",
         "cancel": False, "ally_killed": True, "return_if_ally": True}
    run_frames(sc, f, dict(HOLD), phase="combat")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "forced_order")
    first = sc.match.legal()[0]
    assert "returns to the staging area" in en(sc, first.label) and "recommended" in en(sc, first.label)
    sc.play(sc.legal()[1])  # the captain's effect first: he attacks again before going back
    assert top in sc.s.players[0]["discard"]
    assert sc.decision().kind == "defend" and sc.s.stack[-1]["e"] == captain


def test_R18_orc_ambush_each_player_chooses_his_own_orc() -> None:
    """ "Each player in the group searches ... engaged with him": each for himself (§5.9)."""
    sc = mg(2)
    g_a = B.groups_in_order(sc.s)[0]
    g_b = B.groups_in_order(sc.s)[1]
    sc.game.scen.join(sc.game, sc.s, g_b, g_a)
    order = B.members(sc.s, g_a)
    top_encounter(sc, "orc_ambush")
    run_frames(sc, {"t": "reveal", "g": g_a["id"], "pc": 0}, dict(HOLD), phase="quest")
    seen = 0
    while sc.decision().kind == "search":
        assert sc.decision().seat == order[seen]
        sc.play(sc.legal()[-1])
        seen += 1
    assert seen >= 1
    assert all(len(sc.s.players[p]["engaged"]) == 1 for p in B.members(sc.s, g_a))


def test_R18_orc_ambush_engages_an_orc_with_each_player_and_buffs_orcs() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    top_encounter(sc, "orc_ambush")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    while sc.decision().kind == "search":  # several Orcs match: accept the recommended one
        sc.play(sc.legal()[0])
    engaged = sc.s.players[0]["engaged"]
    assert len(engaged) == 1
    orc = engaged[0]
    assert B.atk(sc.game, sc.s, orc) == sc.game.db[key_of(orc)].atk + 1 or sc.game.db[key_of(orc)].x_attack


def test_R47_goblin_tormentor_counts_hosts_in_its_own_group() -> None:
    sc = mg(2)
    ga = B.groups_in_order(sc.s)[0]
    torm = enc(sc, "goblin_tormentor", ga["id"])
    # its group: stage 2B (7 captured) and the Prison Cell (3); the tormentor itself has none
    assert B.atk(sc.game, sc.s, torm) == 2
    sc.s.cards[torm]["cap"] = ["p0.gloin.1"] if "p0.gloin.1" not in str(sc.s.cards) else ["p0.x.1"]
    assert B.atk(sc.game, sc.s, torm) == 3


def test_tunnels_threat_counts_its_own_captured_cards() -> None:
    sc = mg(1)
    tun = enc(sc, "tunnels_of_mount_gram", gid(sc, 0))
    sc.s.cards[tun]["cap"] = ["p0.a.1", "p0.b.1"]
    assert B.threat_of(sc.game, sc.s, tun) == 2


def test_R15_angmar_orc_choice_reveal_or_discard_ally() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    ally = put_char(sc, 0, "guard_of_the_citadel")
    top_encounter(sc, "angmar_orc")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    sc.play(f"discard {ally}")
    assert ally in sc.s.players[0]["discard"]


def test_R19_jailor_tie_is_broken_by_the_first_player() -> None:
    sc = mg(2)
    host = B.group_of(sc.s, 0)
    for grp in list(sc.s.groups):
        if grp is not host:
            sc.game.scen.join(sc.game, sc.s, grp, host)
    jailor = enc(sc, "jailor_gornakh", host["id"])
    sc.s.players[0]["threat"] = sc.s.players[1]["threat"] = 30
    guard = enc(sc, "dungeon_guard", host["id"], seat=0, n=94)
    sc.s.cards[guard]["cap"] = ["p0.guard_of_the_citadel.72"]
    hold(sc)
    B.deal_damage(sc.game, sc.s, guard, 9)
    from tabletop.games.mount_gram.flow import advance
    advance(sc.game, sc.s)
    assert sc.decision().seat == sc.s.first and sorted(sc.legal()) == ["player 0", "player 1"]
    sc.play("player 1")
    assert jailor in sc.s.players[1]["engaged"]
