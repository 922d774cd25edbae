"""Issue #11: every choice the rules give a player is that player's Decision (spec §5.3).

One test per rule or card; the Restricted discard, the enemy searches, the Forced ordering and
Will of the West are tested with their rules in ``test_core_rules``, ``test_mount_gram`` and
``test_player_cards``.
"""

from __future__ import annotations

from tabletop.games.mount_gram import board as B
from tabletop.games.mount_gram.cards import key_of
from tabletop.games.mount_gram.choices import put_free
from tabletop.games.mount_gram.flow import advance

from .helpers import HOLD, act, en, hero, passes, plan, put_char, put_enemy, resources, to_hand
from .test_mount_gram import enc, gid, mg
from .test_player_cards import eatk, game, run_frames


def labels(sc) -> dict[str, str]:
    return {a.id: en(sc, a.label) for a in sc.match.legal()}


def test_S5_2_the_paying_player_chooses_which_heroes_pay() -> None:
    sc = game("Leadership")
    sc.auto_pay = False
    aragorn, theodred, gloin = (hero(sc, 0, k) for k in ("aragorn", "theodred", "gloin"))
    resources(sc, 0, 2)
    archer = to_hand(sc, 0, "silverlode_archer")[0]  # cost 3
    plan(sc)
    sc.play(f"play {archer}")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "pay")
    first = sc.match.legal()[0]
    # the recommended split keeps Aragorn's resources for his own ability, and says so
    assert aragorn not in first.id and "recommended: keeps Aragorn's resources" in en(sc, first.label)
    assert len(sc.legal()) > 1 and all(a.id.startswith("pay ") for a in sc.match.legal())
    pick = next(a for a in sc.legal() if f"{aragorn}=2" in a)
    sc.play(pick)
    assert archer in sc.s.players[0]["chars"]
    assert sum(sc.s.cards[h]["res"] for h in (aragorn, theodred, gloin)) == 3
    assert sc.s.cards[aragorn]["res"] == 0


def test_S5_2_no_question_when_only_one_split_is_legal() -> None:
    sc = game("Leadership")
    sc.auto_pay = False
    resources(sc, 0, 0)
    sc.s.cards[hero(sc, 0, "theodred")]["res"] = 3
    archer = to_hand(sc, 0, "silverlode_archer")[0]
    plan(sc)
    sc.play(f"play {archer}")
    assert sc.decision().kind != "pay" and archer in sc.s.players[0]["chars"]
    assert sc.s.cards[hero(sc, 0, "theodred")]["res"] == 0


def test_card_stand_together_the_defending_player_picks_who_takes_the_damage() -> None:
    sc = game("Tactics")
    resources(sc, 0, 0)
    st = to_hand(sc, 0, "stand_together")[0]
    brute = put_enemy(sc, "t_brute", seat=0)
    act(sc, phase="combat")
    sc.play(f"play {st} p0")
    sc.s.mods.append({"c": brute, "st": "atk", "d": 3, "until": "phase"})  # 7 attack
    run_frames(sc, eatk(brute, 0, imm=True), phase="combat")
    gimli, thalin = hero(sc, 0, "gimli"), hero(sc, 0, "thalin")
    sc.play(f"defend {gimli}", f"defend {thalin}", "nodefend")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "assign_damage")
    assert set(sc.legal()) == {f"take {gimli}", f"take {thalin}"}
    assert "recommended" in en(sc, sc.match.legal()[0].label)
    sc.play(f"take {thalin}")  # not the first declared defender: his choice
    dmg = 7 - sc.last("attack")["defense"]
    assert sc.s.cards[thalin]["dmg"] == dmg and sc.s.cards[gimli]["dmg"] == 0


def test_R5_prison_cell_the_owner_chooses_the_enemy_for_forest_snare() -> None:
    sc = mg(1, deck_1="Lore")
    g0 = gid(sc, 0)
    grp = B.group(sc.s, g0)
    cell = next(c for c in grp["staging"] if key_of(c) == "prison_cell")
    snare = "p0.forest_snare.77"
    sc.s.cards[cell]["cap"] = [snare]
    weak = enc(sc, "goblin_tormentor", g0, seat=0, n=91)
    strong = enc(sc, "cruel_torturer", g0, seat=0, n=92)
    grp["staging"].remove(cell)
    grp["active"] = cell
    run_frames(sc, dict(HOLD), phase="travel")
    sc.game.enc.after_travel(sc.game, sc.s, grp, cell)
    advance(sc.game, sc.s)
    sc.play(f"free {snare}")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "attach_to")
    hardest = max((weak, strong), key=lambda e: B.atk(sc.game, sc.s, e))
    other = weak if hardest == strong else strong
    assert sc.legal()[0] == f"on {hardest}" and "recommended" in en(sc, sc.match.legal()[0].label)
    sc.play(f"on {other}")
    assert sc.s.cards[snare]["on"] == other and snare in sc.s.cards[other]["att"]
    assert snare not in sc.s.limbo


def test_card_gandalf_s_search_the_player_orders_the_rest_on_top() -> None:
    sc = game("Lore")
    resources(sc, 0, 1)
    gs = to_hand(sc, 0, "gandalf_s_search")[0]
    deck = sc.s.players[0]["deck"]
    a, b, c = deck[-1], deck[-2], deck[-3]  # a is the top card
    act(sc)
    sc.play(f"play {gs} p0 x3")
    sc.play(f"take {a}")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "order")
    assert sc.legal()[0] == "keep" and "recommended" in en(sc, sc.match.legal()[0].label)
    assert set(sc.legal()) == {"keep", f"top {c}"}  # "b next" would just repeat "keep"
    assert b in {x["id"] for x in sc.view(0)["looking_at"]}
    sc.play(f"top {c}")  # the deeper card is drawn next
    assert deck[-1] == c and deck[-2] == b and a in sc.s.players[0]["hand"]


def test_card_eowyn_each_player_may_trigger_her_action_discarding_his_own_card() -> None:
    sc = game("Spirit", "Lore")
    eo = hero(sc, 0, "eowyn")
    mine = to_hand(sc, 0, "will_of_the_west")[0]
    theirs = to_hand(sc, 1, "lore_of_imladris")[0]
    wp = B.wp(sc.game, sc.s, eo)
    act(sc, seat=1)
    sc.play(f"use {eo} {theirs}")
    assert theirs in sc.s.players[1]["discard"] and B.wp(sc.game, sc.s, eo) == wp + 1
    assert sc.decision().seat == 0
    sc.play(f"use {eo} {mine}")
    assert mine in sc.s.players[0]["discard"] and B.wp(sc.game, sc.s, eo) == wp + 2
    act(sc, seat=1)
    assert not any(a.startswith(f"use {eo}") for a in sc.legal())  # once a round per player


def test_S6_4_capture_is_leaving_play_for_valiant_sacrifice() -> None:
    sc = game("Leadership")
    resources(sc, 0, 1)
    vs = to_hand(sc, 0, "valiant_sacrifice")[0]
    guard = put_char(sc, 0, "guard_of_the_citadel")
    orc = put_enemy(sc, "t_orc", seat=0)
    run_frames(sc, phase="combat")
    B.capture_from_play(sc.game, sc.s, guard, orc)
    advance(sc.game, sc.s)
    assert guard in sc.s.cards[orc]["cap"]
    sc.play(f"play {vs}")
    assert len(sc.s.players[0]["hand"]) == 2


def test_S6_4_capture_is_leaving_play_for_brok_ironfist() -> None:
    sc = game("Leadership")
    brok = to_hand(sc, 0, "brok_ironfist")[0]
    gloin = hero(sc, 0, "gloin")
    orc = put_enemy(sc, "t_orc", seat=0)
    run_frames(sc, phase="combat")
    B.capture_from_play(sc.game, sc.s, gloin, orc)
    advance(sc.game, sc.s)
    sc.play(f"use {brok}")
    assert brok in sc.s.players[0]["chars"]


def test_card_erebor_hammersmith_answers_only_when_played() -> None:
    sc = game("Leadership", "Lore")
    resources(sc, 0, 1)
    sneak = to_hand(sc, 0, "sneak_attack")[0]
    hs = to_hand(sc, 0, "erebor_hammersmith")[0]
    sc.s.players[0]["discard"].append("p0.steward_of_gondor.77")
    act(sc)
    sc.play(f"play {sneak} {hs}")
    assert hs in sc.s.players[0]["chars"]
    assert not any(a.startswith(f"use {hs}") for a in sc.legal())  # put into play, not played


def test_S4_6_ranged_attacks_an_enemy_a_partner_did_not_attack() -> None:
    sc = game("Leadership", "Tactics")
    orc = put_enemy(sc, "t_orc", seat=0)
    legolas = hero(sc, 1, "legolas")
    run_frames(sc, {"t": "combat", "g": "g0", "pc": 2}, phase="combat")
    passes(sc)
    assert (sc.decision().seat, sc.decision().kind) == (0, "attack")
    sc.play("done")  # the engaged player does not attack it
    passes(sc)
    d = sc.decision()
    assert (d.seat, d.kind) == (1, "ranged_attack")
    sc.play(f"attack {orc}")  # Legolas is his only Ranged character: he attacks, nothing asked
    assert sc.s.cards[legolas]["ex"]
    assert sc.s.cards[orc]["dmg"] == 2 or orc not in sc.s.cards


def test_S4_6_no_ranged_attack_on_an_enemy_its_player_attacked() -> None:
    sc = game("Leadership", "Tactics")
    orc = put_enemy(sc, "t_orc", seat=0)
    sc.s.cards[orc]["dmg"] = 0
    aragorn = hero(sc, 0, "aragorn")
    run_frames(sc, {"t": "combat", "g": "g0", "pc": 2}, phase="combat")
    passes(sc)
    sc.play(f"attack {orc}", f"with {aragorn}", "go")
    while sc.decision() is not None and sc.decision().kind in ("attackers", "actions", "response"):
        sc.play("pass")
    assert not (sc.decision() and sc.decision().kind == "ranged_attack")


def test_S5_3_free_attachment_with_one_host_is_not_asked() -> None:
    sc = game("Tactics")
    for h in B.heroes(sc.game, sc.s, 0)[1:]:
        B.leave_play(sc.game, sc.s, h, "discard", quiet=True)
    plate = "p0.citadel_plate.78"
    run_frames(sc, phase="planning")
    put_free(sc.game, sc.s, plate)
    assert sc.s.cards[plate]["on"] == B.heroes(sc.game, sc.s, 0)[0]


def test_R33_dungeon_guard_the_owner_chooses_the_hero_for_a_rescued_attachment() -> None:
    sc = mg(1, deck_1="Tactics")
    g0 = gid(sc, 0)
    guard = enc(sc, "dungeon_guard", g0)
    blade = "p0.blade_of_gondolin.78"
    sc.s.cards[guard]["cap"] = [blade]
    first = B.heroes(sc.game, sc.s, 0)[0]
    second = put_char(sc, 0, "legolas" if key_of(first) != "legolas" else "gimli")
    run_frames(sc, dict(HOLD), phase="combat")
    B.leave_play(sc.game, sc.s, guard, "discard")  # destroyed: its captured card is rescued
    advance(sc.game, sc.s)
    assert blade in sc.s.players[0]["hand"]
    sc.play(f"free {blade}")
    d = sc.decision()
    assert (d.seat, d.kind) == (0, "attach_to") and set(sc.legal()) == {f"on {first}", f"on {second}"}
    pick = sc.legal()[1]  # not the recommended host: his choice
    sc.play(pick)
    assert sc.s.cards[blade]["on"] == pick.split()[1]
