"""Acceptance tests for the Mount Gram items of issue #11, written from the rules text
(``shared/rules/mount_gram.md`` §4.6, §5.2, §5.3, §5.9, §6.4, §9, R-5, R-16, R-18, R-33) rather
than from the code: every choice a rule leaves to a player is that player's Decision, the
recommended answer comes first with a label that says why, and a choice with one legal answer
is never asked (the last test walks whole seeded games to check it).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.games.mount_gram import board as B
from tabletop.games.mount_gram.cards import key_of
from tabletop.games.mount_gram.choices import put_free
from tabletop.games.mount_gram.flow import advance

from .helpers import (  # noqa: I001
    HOLD,
    act,
    en,
    hero,
    passes,
    plan,
    put_attachment,
    put_char,
    put_enemy,
    resources,
    run_frames,
    to_hand,
    top_encounter,
)
from .test_mount_gram import enc, gid, mg
from .test_player_cards import eatk, game


def options(sc) -> list[tuple[str, str]]:
    return [(a.id, en(sc, a.label)) for a in sc.match.legal()]


def one_group(sc) -> dict[str, Any]:
    """Join every group into the first player's (as stage 2B's join does) and return it."""
    host = B.group_of(sc.s, sc.s.first)
    for grp in list(sc.s.groups):
        if grp is not host:
            sc.game.scen.join(sc.game, sc.s, grp, host)
    return host


def spent(split_id: str) -> dict[str, int]:
    return {h: int(k) for h, k in (part.split("=") for part in split_id.split(" ", 1)[1].split(","))}


# -- §5.2 which heroes pay --------------------------------------------------------------------
def test_S5_2_gandalf_any_heroes_pay_every_legal_split_offered_once_recommended_first() -> None:
    sc = game("Leadership")
    sc.auto_pay = False
    aragorn, theodred, gloin = (hero(sc, 0, k) for k in ("aragorn", "theodred", "gloin"))
    resources(sc, 0, 2)
    gandalf = to_hand(sc, 0, "gandalf")[0]  # Neutral, cost 5: any of his heroes may pay
    plan(sc)
    sc.play(f"play {gandalf}")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "pay")
    opts = options(sc)
    splits = [spent(i) for i, _ in opts]
    # 5 out of three pools of 2: exactly the three ways of leaving one resource somewhere
    assert len(splits) == 3 and len({tuple(sorted(sp.items())) for sp in splits}) == 3
    assert all(sum(sp.values()) == 5 and all(k <= 2 for k in sp.values()) for sp in splits)
    assert "recommended" in opts[0][1] and "Aragorn" in opts[0][1]  # says why (his own ability)
    assert splits[0].get(aragorn, 0) == 1
    assert all("recommended" not in label for _, label in opts[1:])
    pick = next(i for i, _ in opts if spent(i).get(theodred) == 1)
    sc.play(pick)
    assert gandalf in sc.s.players[0]["chars"]
    assert [sc.s.cards[h]["res"] for h in (aragorn, theodred, gloin)] == [0, 1, 0]


def test_S5_2_enter_accepts_the_recommended_split() -> None:
    sc = game("Leadership")
    sc.auto_pay = False
    aragorn = hero(sc, 0, "aragorn")
    resources(sc, 0, 2)
    archer = to_hand(sc, 0, "silverlode_archer")[0]
    plan(sc)
    sc.play(f"play {archer}")
    first = sc.legal()[0]
    sc.play(first)
    assert all(sc.s.cards[h]["res"] == 2 - spent(first).get(h, 0) for h in B.heroes(sc.game, sc.s, 0))
    assert sc.s.cards[aragorn]["res"] == 2  # his resources are kept for his Response


def test_S5_2_a_zero_cost_card_or_a_single_payer_is_not_asked() -> None:
    sc = game("Tactics")
    sc.auto_pay = False
    resources(sc, 0, 2)
    st = to_hand(sc, 0, "stand_together")[0]  # cost 0
    act(sc, phase="combat")
    sc.play(f"play {st} p0")
    assert sc.decision().kind != "pay" and st in sc.s.players[0]["discard"]
    thicket = to_hand(sc, 0, "thicket_of_spears")[0]  # 1 from each of his three heroes: one way
    put_enemy(sc, "t_orc", seat=0)
    act(sc, phase="combat")
    sc.play(next(a for a in sc.legal() if a.startswith(f"play {thicket}")))
    assert sc.decision().kind != "pay"
    assert all(sc.s.cards[h]["res"] == 1 for h in B.heroes(sc.game, sc.s, 0))


# -- §4.6 / Stand Together: which defender takes the damage -----------------------------------
def test_card_stand_together_recommended_taker_is_the_hero_not_the_ally_cruel_torturer_captures() -> None:
    sc = mg(1, deck_1="Tactics")
    sc.s.players[0]["hand"] = []  # no Response (Swift Strike) in the way
    g0 = gid(sc, 0)
    h = B.heroes(sc.game, sc.s, 0)[0]
    ally = put_char(sc, 0, "guard_of_the_citadel")
    torturer = enc(sc, "cruel_torturer", g0, seat=0)
    sc.s.mods.append({"p": 0, "st": "multidef", "d": 0, "until": "phase"})  # Stand Together
    run_frames(sc, eatk(torturer, 0, imm=True), dict(HOLD), phase="combat")
    sc.play(f"defend {ally}", f"defend {h}")  # the ally is declared first; nobody else is ready
    passes(sc)
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "assign_damage")
    opts = options(sc)
    assert [i for i, _ in opts] == [f"take {h}", f"take {ally}"]
    assert "recommended" in opts[0][1] and "captured" in opts[1][1]
    sc.play(sc.legal()[0])  # Enter
    assert ally in sc.s.players[0]["chars"] and sc.s.cards[h]["dmg"] > 0


def test_card_stand_together_no_damage_no_question() -> None:
    sc = game("Tactics")
    orc = put_enemy(sc, "t_orc", seat=0)  # attack 2
    sc.s.mods.append({"p": 0, "st": "multidef", "d": 0, "until": "phase"})
    gimli, thalin = hero(sc, 0, "gimli"), hero(sc, 0, "thalin")
    run_frames(sc, eatk(orc, 0, imm=True), dict(HOLD), phase="combat")
    sc.play(f"defend {gimli}", f"defend {thalin}", "nodefend")  # defense 4 against 2
    passes(sc)
    assert sc.decision().kind != "assign_damage"
    assert sc.s.cards[gimli]["dmg"] == sc.s.cards[thalin]["dmg"] == 0


# -- §5.3 Restricted --------------------------------------------------------------------------
def test_S5_3_third_restricted_the_controller_picks_and_citadel_plate_is_not_recommended() -> None:
    sc = game("Tactics")
    resources(sc, 0, 3)
    gimli = hero(sc, 0, "gimli")
    plate = put_attachment(sc, 0, "citadel_plate", gimli)  # the oldest: +4 hit points
    blade = put_attachment(sc, 0, "blade_of_gondolin", gimli)
    sc.s.cards[gimli]["dmg"] = 6  # 9 hit points with the Plate, 5 without
    axe = to_hand(sc, 0, "dwarven_axe")[0]
    plan(sc)
    sc.play(f"play {axe} {gimli}")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "discard_restricted")
    opts = dict(options(sc))
    assert set(opts) == {f"discard {plate}", f"discard {blade}", f"discard {axe}"}
    assert sc.legal()[0] != f"discard {plate}" and "recommended" in options(sc)[0][1]
    assert "destroys" in opts[f"discard {plate}"]
    sc.play(f"discard {axe}")  # his choice: even the card just played
    assert sc.s.cards[gimli]["att"] == [plate, blade] and axe in sc.s.players[0]["discard"]
    assert gimli in sc.s.players[0]["chars"]


def test_S5_3_restricted_on_a_partners_hero_is_decided_by_that_heros_controller() -> None:
    sc = game("Leadership", "Tactics")
    resources(sc, 1, 3)
    aragorn = hero(sc, 0, "aragorn")
    put_attachment(sc, 0, "celebrian_s_stone", aragorn)
    put_attachment(sc, 0, "citadel_plate", aragorn)
    blade = to_hand(sc, 1, "blade_of_gondolin")[0]
    plan(sc, seat=1)
    sc.play(f"play {blade} {aragorn}")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "discard_restricted")


# -- where a card put into play free goes ------------------------------------------
def test_R5_prison_cell_first_player_picks_the_card_its_owner_picks_the_hero() -> None:
    sc = mg(2, deck_1="Leadership", deck_2="Tactics")
    grp = one_group(sc)
    first = B.members(sc.s, grp)[0]
    other = 1 - first
    cell = next(c for c in grp["staging"] if key_of(c) == "prison_cell")
    plate = f"p{other}.citadel_plate.77"
    sc.s.cards[cell]["cap"] = [plate]
    second = put_char(sc, other, "gimli" if key_of(B.heroes(sc.game, sc.s, other)[0]) != "gimli" else "thalin")
    grp["staging"].remove(cell)
    grp["active"] = cell
    run_frames(sc, dict(HOLD), phase="travel")
    sc.game.enc.after_travel(sc.game, sc.s, grp, cell)
    advance(sc.game, sc.s)
    assert sc.decision().seat == first  # the group's first player decides which card
    sc.play(f"free {plate}")
    d = sc.decision()
    assert (d.seat, d.kind) == (other, "attach_to")  # its owner decides where it goes
    assert {i.split()[1] for i in sc.legal()} == set(B.heroes(sc.game, sc.s, other))
    assert "recommended" in options(sc)[0][1]
    sc.play(f"on {second}")
    assert sc.s.cards[plate]["on"] == second and sc.s.cards[plate]["ctl"] == other


def test_R5_forest_snare_goes_only_on_an_enemy_engaged_with_its_owner_hardest_first() -> None:
    sc = mg(2, deck_1="Lore", deck_2="Tactics")
    grp = one_group(sc)
    lore = 0
    snare = "p0.forest_snare.78"
    mine_weak = enc(sc, "goblin_tormentor", grp["id"], seat=lore, n=81)
    mine_strong = enc(sc, "angmar_captain", grp["id"], seat=lore, n=82)
    partners = enc(sc, "jailor_gornakh", grp["id"], seat=1, n=83)
    run_frames(sc, dict(HOLD), phase="combat")
    put_free(sc.game, sc.s, snare)
    advance(sc.game, sc.s)
    d = sc.decision()
    assert (d.seat, d.kind) == (lore, "attach_to")
    assert sc.legal() == [f"on {mine_strong}", f"on {mine_weak}"]  # the partner's enemy is not his
    assert f"on {partners}" not in sc.legal()
    sc.play(sc.legal()[0])
    assert snare in sc.s.cards[mine_strong]["att"]


def test_R33_dungeon_guard_no_question_when_one_hero() -> None:
    sc = mg(1, deck_1="Tactics")
    guard = enc(sc, "dungeon_guard", gid(sc, 0))
    blade = "p0.blade_of_gondolin.79"
    sc.s.cards[guard]["cap"] = [blade]
    run_frames(sc, dict(HOLD), phase="combat")
    B.leave_play(sc.game, sc.s, guard, "discard")
    advance(sc.game, sc.s)
    sc.play(f"free {blade}")
    assert sc.decision().kind != "attach_to"
    assert sc.s.cards[blade]["on"] == B.heroes(sc.game, sc.s, 0)[0]


# -- enemy searches ---------------------------------------------------------------
def test_R16_sound_the_alarm_the_groups_first_player_picks_and_capture_fires() -> None:
    sc = mg(2)
    grp = one_group(sc)
    first = B.members(sc.s, grp)[0]
    for c in [c for c in grp["staging"] if sc.game.defs[c].type == "enemy"]:
        B.leave_play(sc.game, sc.s, c, "discard", quiet=True)
    top_encounter(sc, "sound_the_alarm")
    run_frames(sc, {"t": "reveal", "g": grp["id"], "pc": 0}, dict(HOLD), phase="quest")
    d = sc.decision()
    assert (d.seat, d.kind) == (first, "search") and "Sound the Alarm!" in en(sc, d.prompt)
    opts = options(sc)
    found = [i.split()[1] for i, _ in opts]
    assert all(sc.game.defs[c].type == "enemy" for c in found)
    assert len({(key_of(c), c in sc.s.encounter) for c in found}) == len(found)  # no twin options
    assert "recommended" in opts[0][1]
    guard = next((c for c in found if key_of(c) == "dungeon_guard"), found[-1])
    caps = [len(p["captured"]) for p in sc.s.players]
    sc.play(f"find {guard}")
    assert guard in grp["staging"]
    if sc.game.defs[guard].capture:  # searched cards enter play, so Capture fires
        assert [len(p["captured"]) for p in sc.s.players] == [n - min(n, 1) for n in caps]


def test_R18_orc_ambush_each_player_picks_the_orc_engaged_with_him() -> None:
    sc = mg(2)
    grp = one_group(sc)
    order = B.members(sc.s, grp)
    top_encounter(sc, "orc_ambush")
    run_frames(sc, {"t": "reveal", "g": grp["id"], "pc": 0}, dict(HOLD), phase="quest")
    picked = {}
    for seat in order:
        d = sc.decision()
        assert (d.seat, d.kind) == (seat, "search") and s_name(sc, seat) in en(sc, d.prompt)
        assert all("Orc" in sc.game.defs[i.split()[1]].traits for i in sc.legal())
        picked[seat] = sc.legal()[-1].split()[1]  # not the recommended one: his choice
        sc.play(sc.legal()[-1])
    for seat, c in picked.items():
        assert c in sc.s.players[seat]["engaged"]


def s_name(sc, seat: int) -> str:
    return sc.s.players[seat]["name"]


# -- Gandalf's Search ---------------------------------------------------------------------------
def test_card_gandalf_s_search_orders_three_rest_any_way() -> None:
    sc = game("Lore")
    resources(sc, 0, 3)
    deck = sc.s.players[0]["deck"]
    deck[-4:] = ["p0.henamarth_riversong.91", "p0.gleowine.92", "p0.daughter_of_the_nimrodel.93",
                 "p0.lore_of_imladris.94"]  # top: Lore of Imladris
    a, b, c, top = deck[-4], deck[-3], deck[-2], deck[-1]
    gs = to_hand(sc, 0, "gandalf_s_search")[0]
    act(sc)
    sc.play(f"play {gs} p0 x4")
    sc.play(f"take {top}")
    assert sc.decision().kind == "order" and sc.legal()[0] == "keep"
    assert "recommended" in options(sc)[0][1]
    sc.play(f"top {a}")  # the deepest is drawn next, then asked again for the last two
    assert sc.decision().kind == "order" and set(sc.legal()) == {"keep", f"top {b}"}
    sc.play(f"top {b}")
    assert deck[-3:] == [c, b, a]  # a drawn first, then b, then c
    assert top in sc.s.players[0]["hand"]


def test_card_gandalf_s_search_one_card_or_copies_asks_nothing() -> None:
    sc = game("Lore")
    resources(sc, 0, 3)
    deck = sc.s.players[0]["deck"]
    deck[-3:] = ["p0.gleowine.95", "p0.gleowine.96", "p0.gleowine.97"]
    gs = to_hand(sc, 0, "gandalf_s_search")[0]
    act(sc)
    sc.play(f"play {gs} p0 x3")  # three copies of one title: nothing to pick, nothing to order
    assert sc.decision().kind not in ("choose", "order")
    assert len([c for c in sc.s.players[0]["hand"] if key_of(c) == "gleowine"]) == 1


# -- §5.9 simultaneous Forced effects ---------------------------------------------------------
def test_S5_9_forced_order_is_the_groups_first_player_even_when_a_partner_is_attacked() -> None:
    sc = mg(2)
    grp = one_group(sc)
    first, other = B.members(sc.s, grp)
    captain = enc(sc, "angmar_captain", grp["id"], seat=other)
    ally = put_char(sc, other, "guard_of_the_citadel")
    sc.s.players[other]["deck"].append(f"p{other}.snowbourn_scout.98")
    f = {"t": "eatk", "e": captain, "p": other, "pc": 6, "defs": [ally], "si": 0, "imm": False, "shadow": "",
         "cancel": False, "ally_killed": True, "return_if_ally": True}
    run_frames(sc, f, dict(HOLD), phase="combat")
    d = sc.decision()
    assert (d.seat, d.kind) == (first, "forced_order")
    assert "recommended" in options(sc)[0][1]
    sc.play(sc.legal()[0])  # Enter: back to the staging area first, so no second attack
    passes(sc)
    assert captain in grp["staging"] and sc.decision().kind != "defend"


def test_S5_9_angmar_captain_with_an_empty_deck_leaves_nothing_to_order() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    captain = enc(sc, "angmar_captain", g0, seat=0)
    ally = put_char(sc, 0, "guard_of_the_citadel")
    sc.s.players[0]["deck"].clear()
    f = {"t": "eatk", "e": captain, "p": 0, "pc": 6, "defs": [ally], "si": 0, "imm": False, "shadow": "",
         "cancel": False, "ally_killed": True, "return_if_ally": True}
    run_frames(sc, f, dict(HOLD), phase="combat")
    assert sc.decision().kind != "forced_order" and captain in B.group(sc.s, g0)["staging"]


# -- §9 Éowyn, Will of the West, Erebor Hammersmith ---------------------------------------------
def test_S9_eowyn_each_player_once_a_round_from_his_own_hand_only_in_her_group() -> None:
    sc = game("Spirit", "Lore", "Tactics")
    eo = hero(sc, 0, "eowyn")
    g0 = sc.s.groups[0]
    sc.s.groups.append({"id": "g9", "members": [2], "staging": [], "active": None, "quest": g0["quest"],
                        "side": None})
    g0["members"] = [0, 1]
    theirs = to_hand(sc, 1, "lore_of_imladris", "gleowine")
    outsider = to_hand(sc, 2, "blade_mastery")[0]
    act(sc, seat=1)
    uses = [a for a in sc.legal() if a.startswith(f"use {eo}")]
    assert sorted(uses) == sorted(f"use {eo} {c}" for c in theirs)  # his own hand only
    sc.play(uses[0])
    assert uses[0].split()[-1] in sc.s.players[1]["discard"]
    act(sc, seat=1)
    assert not any(a.startswith(f"use {eo}") for a in sc.legal())  # once this round
    act(sc, seat=2)
    assert not any(a.startswith(f"use {eo}") for a in sc.legal()) and outsider in sc.s.players[2]["hand"]
    sc.s.used = {}  # the next round
    act(sc, seat=1)
    assert any(a.startswith(f"use {eo}") for a in sc.legal())


def test_S9_will_of_the_west_is_removed_from_the_game() -> None:
    sc = game("Spirit")
    assert "remove" in sc.game.db["will_of_the_west"].text.lower()
    resources(sc, 0, 1)
    wotw = to_hand(sc, 0, "will_of_the_west")[0]
    sc.s.players[0]["discard"].append("p0.a_test_of_will.99")
    act(sc)
    sc.play(f"play {wotw} p0")
    assert wotw in sc.s.removed and wotw not in sc.s.players[0]["discard"]
    assert "p0.a_test_of_will.99" in sc.s.players[0]["deck"]


def test_S9_erebor_hammersmith_answers_when_played_not_when_freed_from_a_prison_cell() -> None:
    sc = game("Lore")
    resources(sc, 0, 2)
    sc.s.players[0]["discard"].append("p0.forest_snare.60")
    hs = to_hand(sc, 0, "erebor_hammersmith")[0]
    plan(sc)
    sc.play(f"play {hs}")
    d = sc.decision()
    assert d.kind == "response" and any(a.startswith(f"use {hs}") for a in sc.legal())
    free = "p0.erebor_hammersmith.61"
    run_frames(sc, dict(HOLD), phase="travel")
    put_free(sc.game, sc.s, free)
    advance(sc.game, sc.s)
    assert free in sc.s.players[0]["chars"]
    assert not (sc.decision().kind == "response" and any(a.startswith(f"use {free}") for a in sc.legal()))


# -- §6.4 capture from play is leaving play ----------------------------------------------------
def test_S6_4_cruel_torturer_capturing_a_defending_ally_offers_valiant_sacrifice() -> None:
    sc = mg(1, deck_1="Leadership")
    g0 = gid(sc, 0)
    resources(sc, 0, 1)
    vs = to_hand(sc, 0, "valiant_sacrifice")[0]
    ally = put_char(sc, 0, "guard_of_the_citadel")
    torturer = enc(sc, "cruel_torturer", g0, seat=0)
    run_frames(sc, eatk(torturer, 0, imm=True), dict(HOLD), phase="combat")
    sc.play(f"defend {ally}")
    passes(sc, "actions")
    assert ally in sc.s.cards[torturer]["cap"]
    d = sc.decision()
    assert d.kind == "response" and f"play {vs}" in sc.legal()
    hand = len(sc.s.players[0]["hand"])
    sc.play(f"play {vs}")
    assert len(sc.s.players[0]["hand"]) == hand - 1 + 2


def test_S6_4_a_captured_dwarf_hero_offers_brok_ironfist() -> None:
    sc = mg(1, deck_1="Leadership", capture_on_damage_targets="character")
    g0 = gid(sc, 0)
    gloin = hero(sc, 0, "gloin") if any(key_of(c) == "gloin" for c in sc.s.players[0]["chars"]) \
        else put_char(sc, 0, "gloin")
    if len(B.heroes(sc.game, sc.s, 0)) < 2:
        put_char(sc, 0, "theodred")
    brok = to_hand(sc, 0, "brok_ironfist")[0]
    torturer = enc(sc, "cruel_torturer", g0, seat=0)
    run_frames(sc, eatk(torturer, 0, imm=True), dict(HOLD), phase="combat")
    sc.play(f"defend {gloin}")
    passes(sc, "actions")
    assert gloin in sc.s.cards[torturer]["cap"]
    assert f"use {brok}" in sc.legal()
    sc.play(f"use {brok}")
    assert brok in sc.s.players[0]["chars"]


# -- §4.6 Ranged on a partner's enemy ----------------------------------------------------------
def test_S4_6_ranged_partner_enemy_recommended_is_the_one_it_kills_and_says_so() -> None:
    sc = game("Leadership", "Tactics")
    orc = put_enemy(sc, "t_orc", seat=0)  # defense 1, 3 hit points
    brute = put_enemy(sc, "t_brute", seat=0)  # defense 2, 5 hit points
    sc.s.cards[orc]["dmg"] = 1
    for c in sc.s.players[0]["chars"]:
        sc.s.cards[c]["ex"] = True  # the engaged player cannot attack
    for c in sc.s.players[1]["chars"]:
        if key_of(c) != "legolas":
            sc.s.cards[c]["ex"] = True
    run_frames(sc, {"t": "patk", "p": 1, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0, "rng": True},
               dict(HOLD), phase="combat")
    d = sc.decision()
    assert (d.seat, d.kind) == (1, "ranged_attack")
    opts = options(sc)
    assert opts[0][0] == f"attack {orc}" and "recommended" in opts[0][1]
    assert {i for i, _ in opts} == {f"attack {orc}", f"attack {brute}", "done"}
    sc.play(sc.legal()[0])  # Enter: Legolas (3) kills the wounded orc
    assert orc not in sc.s.cards


def test_S4_6_no_ranged_attack_across_groups() -> None:
    sc = game("Leadership", "Tactics")
    put_enemy(sc, "t_orc", seat=0)
    g0 = sc.s.groups[0]
    g0["members"] = [0]
    sc.s.groups.append({"id": "g9", "members": [1], "staging": [], "active": None, "quest": g0["quest"],
                        "side": None})
    run_frames(sc, {"t": "patk", "p": 1, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0, "rng": True},
               dict(HOLD), phase="combat")
    assert sc.decision().kind != "ranged_attack"


# -- a choice with one legal answer is never asked -----------------------------------------------
NEW_KINDS = {"pay", "assign_damage", "discard_restricted", "attach_to", "search", "order", "forced_order",
             "ranged_attack"}


def _walk(seed: int, bot: str) -> dict[str, int]:
    rnd = random.Random(seed)
    n = rnd.choice([1, 2, 3, 4])
    decks = rnd.sample(["Leadership", "Tactics", "Spirit", "Lore"], n)
    g = games.game("mount_gram")
    m = Match.start(g, [Seat(f"P{i + 1}", bot) for i in range(n)],
                    {f"deck_{i + 1}": d for i, d in enumerate(decks)}, seed=seed)
    seen: dict[str, int] = {}
    for _ in range(4000):
        d = m.decision()
        if d is None or m.result() is not None:
            break
        legal = m.legal()
        if d.kind in NEW_KINDS:
            seen[d.kind] = seen.get(d.kind, 0) + 1
        assert len(legal) >= 2, f"seed {seed}: {d.kind} asked with one answer: {[a.id for a in legal]}"
        m.bot_step()
    return seen


@pytest.mark.parametrize("bot,seeds", [("random", range(0, 24)), ("heuristic", range(0, 6))])
def test_S5_3_no_decision_of_any_kind_with_a_single_answer_in_seeded_games(bot: str, seeds: range) -> None:
    seen: dict[str, int] = {}
    for seed in seeds:
        for k, v in _walk(seed, bot).items():
            seen[k] = seen.get(k, 0) + v
    assert {"pay", "search"} <= set(seen)  # the walk does reach the new decisions


# -- Captives of Gornákh with one ally and one host ---------------------------------------
def test_R12_captives_of_gornakh_one_ally_one_host_is_not_asked() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    grp = B.group(sc.s, g0)
    cell = next(c for c in grp["staging"] if key_of(c) == "prison_cell")
    for c in [c for c in grp["staging"] if c != cell]:  # the Prison Cell is the only host
        B.leave_play(sc.game, sc.s, c, "removed", quiet=True, rescue=False)
    ally = put_char(sc, 0, "guard_of_the_citadel")
    top_encounter(sc, "captives_of_gornakh")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    passes(sc)
    assert sc.decision().kind == "hold"
    assert ally not in sc.s.cards and ally in sc.s.cards[cell]["cap"]


# -- the heuristic bot takes the recommended answer ----------------------------------------------
def test_heuristic_bot_answers_the_new_decisions_with_the_recommendation() -> None:
    sc = mg(1, deck_1="Tactics")
    sc.s.players[0]["hand"] = []
    h = B.heroes(sc.game, sc.s, 0)[0]
    ally = put_char(sc, 0, "guard_of_the_citadel")
    torturer = enc(sc, "cruel_torturer", gid(sc, 0), seat=0)
    sc.s.mods.append({"p": 0, "st": "multidef", "d": 0, "until": "phase"})
    run_frames(sc, eatk(torturer, 0, imm=True), dict(HOLD), phase="combat")
    sc.play(f"defend {ally}", f"defend {h}")
    passes(sc)
    assert sc.decision().kind == "assign_damage"
    assert sc.match.bot_step(as_kind="heuristic") == f"take {h}"  # not the ally the Torturer takes

    sc = game("Leadership", "Tactics")
    orc = put_enemy(sc, "t_orc", seat=0)
    put_enemy(sc, "t_brute", seat=0)
    sc.s.cards[orc]["dmg"] = 1
    for c in sc.s.players[0]["chars"] + [c for c in sc.s.players[1]["chars"] if key_of(c) != "legolas"]:
        sc.s.cards[c]["ex"] = True
    run_frames(sc, {"t": "patk", "p": 1, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0, "rng": True},
               dict(HOLD), phase="combat")
    assert sc.match.bot_step(as_kind="heuristic") == f"attack {orc}"  # the one Legolas kills

    sc = game("Tactics")
    resources(sc, 0, 3)
    gimli = hero(sc, 0, "gimli")
    plate = put_attachment(sc, 0, "citadel_plate", gimli)
    put_attachment(sc, 0, "blade_of_gondolin", gimli)
    sc.s.cards[gimli]["dmg"] = 6
    axe = to_hand(sc, 0, "dwarven_axe")[0]
    plan(sc)
    sc.play(f"play {axe} {gimli}")
    assert sc.decision().kind == "discard_restricted"
    assert sc.match.bot_step(as_kind="heuristic") != f"discard {plate}"  # would kill Gimli
    assert gimli in sc.s.cards and plate in sc.s.cards[gimli]["att"]


# -- the screen: Enter accepts the recommended Ranged answer ---------------------------------------
def _ranged_match(hurts: bool) -> Match:
    """Two players in one group; P1's enemies are engaged and unattacked, P2 has Legolas (3)."""
    match = Match.start(games.game("mount_gram"), [Seat("Ana"), Seat("Bo")],
                        {"deck_1": "Leadership", "deck_2": "Tactics"}, seed=3)
    while match.decision().kind == "choose":
        match.play(match.legal()[0].id)
    s, g = match.state, match.game
    host = B.group_of(s, s.first)
    for grp in list(s.groups):
        if grp is not host:
            g.scen.join(g, s, grp, host)
    if not any(key_of(c) == "legolas" for c in s.players[1]["chars"]):
        s.cards["p1.legolas.61"] = B.new_rec(ctl=1)
        s.players[1]["chars"].append("p1.legolas.61")
    for key, n in (("angmar_orc", 62), ("angmar_captain", 63) if hurts else ("angmar_orc", 64)):
        s.cards[f"e.{key}.{n}"] = B.new_rec(ctl=0)
        s.players[0]["engaged"].append(f"e.{key}.{n}")
    for c in s.players[0]["chars"] + s.players[1]["chars"]:
        s.cards[c]["ex"] = key_of(c) != "legolas"
    s.phase = "combat"
    s.stack = [dict(HOLD), {"t": "patk", "p": 1, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0, "rng": True}]
    advance(g, s)
    return match


@pytest.mark.parametrize("hurts", [True, False])
async def test_S4_6_screen_enter_accepts_the_recommended_ranged_answer(tmp_path, hurts: bool) -> None:
    from .test_screen import lift, make_app

    match = _ranged_match(hurts)
    d = match.decision()
    assert d.kind == "ranged_attack"
    first = match.legal()[0]
    assert "recommended" in en(match, first.label)
    assert (first.id == "attack e.angmar_captain.63") if hurts else (first.id == "done")
    app = make_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await lift(pilot, app)
        await pilot.press("enter")
        await pilot.pause()
        assert first.id in match.actions


def test_card_stand_together_the_first_option_says_why_even_when_both_defenders_fall() -> None:
    sc = game("Tactics")
    brute = put_enemy(sc, "t_brute", seat=0)
    sc.s.mods.append({"c": brute, "st": "atk", "d": 20, "until": "phase"})  # 24 attack
    sc.s.mods.append({"p": 0, "st": "multidef", "d": 0, "until": "phase"})
    thalin = hero(sc, 0, "thalin")
    ally = put_char(sc, 0, "guard_of_the_citadel")
    run_frames(sc, eatk(brute, 0, imm=True), dict(HOLD), phase="combat")
    sc.play(f"defend {thalin}", f"defend {ally}", "nodefend")
    passes(sc)
    assert sc.decision().kind == "assign_damage"
    first, second = options(sc)
    assert "recommended:" in first[1] and "destroyed" in first[1] and "destroyed" in second[1]
    assert first[0] == f"take {ally}"  # both fall: lose the ally, keep the hero


def test_S5_9_end_of_round_forced_effects_the_first_option_says_why() -> None:
    sc = mg(1)
    g0 = gid(sc, 0)
    top_encounter(sc, "stop_the_executioners")
    run_frames(sc, {"t": "reveal", "g": g0, "pc": 0}, dict(HOLD), phase="quest")
    side = next(c for c in B.group(sc.s, g0)["staging"] if key_of(c) == "stop_the_executioners")
    sc.s.cards[side]["time"] = 1
    put_char(sc, 0, "gandalf")
    run_frames(sc, {"t": "refresh"}, dict(HOLD), phase="refresh")
    assert sc.decision().kind == "forced_order"
    first = options(sc)[0]
    assert "Stop the Executioners!" in first[1] and "recommended:" in first[1]
    sc.play(sc.legal()[0])  # Enter
    passes(sc)
    assert side in sc.s.removed


def test_S9_eowyn_one_option_per_title_in_the_discarding_players_hand() -> None:
    sc = game("Spirit", "Lore")
    eo = hero(sc, 0, "eowyn")
    twins = to_hand(sc, 1, "lore_of_imladris", "lore_of_imladris", "gleowine")
    act(sc, seat=1)
    uses = [a for a in sc.legal() if a.startswith(f"use {eo}")]
    assert sorted(uses) == sorted([f"use {eo} {twins[0]}", f"use {eo} {twins[2]}"])
