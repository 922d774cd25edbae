"""Every player card's effect in at least one scenario test (named ``test_card_<key>``)."""

from __future__ import annotations

from tabletop.games.mount_gram import board as B

from .helpers import (
    HOLD,
    MG,
    act,
    find,
    hero,
    passes,
    plan,
    put_attachment,
    put_char,
    put_enemy,
    put_location,
    resources,
    to_hand,
    top_encounter,
)
from .helpers import run_frames as _run


def run_frames(sc: MG, *frames: dict, phase: str | None = None) -> None:
    """Run these frames, then hold: the phase does not move on by itself."""
    _run(sc, *frames, HOLD, phase=phase)


def game(*spheres: str, seed: int = 1) -> MG:
    opts = {f"deck_{i + 1}": sp for i, sp in enumerate(spheres)}
    sc = MG(players=len(spheres), options=opts, seed=seed)
    sc.s.first = 0
    for p in sc.s.players:
        p["hand"] = []
    return sc


def eatk(enemy: str, seat: int = 0, imm: bool = False) -> dict:
    return {"t": "eatk", "e": enemy, "p": seat, "pc": 0, "defs": [], "si": 0, "imm": imm,
            "shadow": "", "cancel": False}


# -- heroes ------------------------------------------------------------------------------------
def test_card_theodred() -> None:
    sc = game("Leadership")
    th, gl = hero(sc, 0, "theodred"), hero(sc, 0, "gloin")
    resources(sc, 0, 0)
    sc.s.cards[gl]["com"] = True
    run_frames(sc, {"t": "commit", "p": 0}, phase="quest")
    sc.play(f"commit {th}")
    sc.play(find(sc, "use", th, gl))
    assert sc.s.cards[gl]["res"] == 1


def test_card_gloin() -> None:
    sc = game("Leadership")
    gl = hero(sc, 0, "gloin")
    resources(sc, 0, 0)
    run_frames(sc, phase="combat")
    B.deal_damage(sc.game, sc.s, gl, 2)
    from tabletop.games.mount_gram.flow import advance
    advance(sc.game, sc.s)
    sc.play(f"use {gl}")
    assert sc.s.cards[gl]["res"] == 2


def test_card_gimli() -> None:
    sc = game("Tactics")
    gimli = hero(sc, 0, "gimli")
    sc.s.cards[gimli]["dmg"] = 3
    assert B.atk(sc.game, sc.s, gimli) == 2 + 3


def test_card_legolas_and_blade_of_gondolin() -> None:
    sc = game("Tactics")
    leg = hero(sc, 0, "legolas")
    blade = put_attachment(sc, 0, "blade_of_gondolin", leg)
    orc = put_enemy(sc, "t_orc", seat=0)
    sc.s.cards[orc]["dmg"] = 1
    quest = sc.s.groups[0]["quest"]
    run_frames(sc, {"t": "patk", "p": 0, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0}, phase="combat")
    sc.play(f"attack {orc}", f"with {leg}", "go")
    assert orc not in sc.s.cards  # 3 + 1 (Blade against an Orc) - 1 defence = 3 >= 2 left
    sc.play(f"use {leg}")
    sc.play(f"use {blade}")
    assert sc.s.cards[quest]["prog"] == 3


test_card_legolas = test_card_blade_of_gondolin = test_card_legolas_and_blade_of_gondolin


def test_card_thalin() -> None:
    sc = game("Tactics")
    sc.s.cards[hero(sc, 0, "thalin")]["com"] = True
    top_encounter(sc, "t_orc")
    run_frames(sc, {"t": "reveal", "g": "g0", "pc": 0}, phase="quest")
    orc = sc.s.groups[0]["staging"][-1]
    assert sc.s.cards[orc]["dmg"] == 1


def test_card_eowyn() -> None:
    sc = game("Spirit")
    eo = hero(sc, 0, "eowyn")
    junk = to_hand(sc, 0, "will_of_the_west", "dwarven_tomb")
    act(sc)
    sc.play(find(sc, "use", eo, junk[0]))
    assert B.wp(sc.game, sc.s, eo) == 5 and junk[0] in sc.s.players[0]["discard"]
    assert not any(a.startswith(f"use {eo}") for a in sc.legal())  # once a round per player


def test_card_eleanor() -> None:
    sc = game("Spirit")
    el = hero(sc, 0, "eleanor")
    gloom, path = top_encounter(sc, "t_gloom", "t_path")
    threat = sc.s.players[0]["threat"]
    run_frames(sc, {"t": "reveal", "g": "g0", "pc": 0}, phase="quest")
    sc.play(f"use {el}")
    assert gloom in sc.s.enc_discard and path in sc.s.groups[0]["staging"]
    assert sc.s.players[0]["threat"] == threat + 1  # doomed 1 stands, when-revealed cancelled


def test_card_dunhere() -> None:
    sc = game("Spirit")
    du = hero(sc, 0, "dunhere")
    orc = put_enemy(sc, "t_orc")
    run_frames(sc, {"t": "patk", "p": 0, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0}, phase="combat")
    sc.play(f"attack {orc}")  # Dúnhere is the only one who may attack it: not asked (§5.3)
    assert sc.s.cards[du]["ex"] and sc.s.cards[orc]["dmg"] == 2  # 2 + 1 - 1 defence


def test_card_denethor() -> None:
    sc = game("Lore")
    de = hero(sc, 0, "denethor")
    top = top_encounter(sc, "t_brute")[0]
    act(sc)
    sc.play(f"use {de}")
    assert sc.view(0)["peek"]["id"] == top and top not in sc.game.secrets(sc.s, 0)
    assert top in sc.game.secrets(sc.s, None)
    sc.play("bottom")
    assert sc.s.encounter[0] == top


def test_card_glorfindel() -> None:
    sc = game("Lore")
    gl, de = hero(sc, 0, "glorfindel"), hero(sc, 0, "denethor")
    sc.s.cards[gl]["res"] = 2
    sc.s.cards[de]["dmg"] = 2
    act(sc)
    sc.play(f"use {gl} {de}")
    assert sc.s.cards[de]["dmg"] == 1 and sc.s.cards[gl]["res"] == 1
    assert not any(a.startswith(f"use {gl}") for a in sc.legal())


def test_card_beravor() -> None:
    sc = game("Lore", "Spirit")
    be = hero(sc, 0, "beravor")
    act(sc)
    sc.play(f"use {be} p1")
    assert len(sc.s.players[1]["hand"]) == 2 and sc.s.cards[be]["ex"]


# -- allies ------------------------------------------------------------------------------------
def test_card_faramir() -> None:
    sc = game("Leadership", "Tactics")
    fa = put_char(sc, 0, "faramir")
    act(sc)
    sc.play(f"use {fa} p1")
    assert B.wp(sc.game, sc.s, hero(sc, 1, "gimli")) == 3


def test_card_son_of_arnor() -> None:
    sc = game("Leadership")
    resources(sc, 0, 3)
    son = to_hand(sc, 0, "son_of_arnor")[0]
    orc = put_enemy(sc, "t_orc")
    plan(sc)
    sc.play(f"play {son}", f"use {son} {orc}")
    assert orc in sc.s.players[0]["engaged"]


def test_card_snowbourn_scout() -> None:
    sc = game("Leadership")
    resources(sc, 0, 1)
    scout = to_hand(sc, 0, "snowbourn_scout")[0]
    path = put_location(sc, "t_path")
    plan(sc)
    sc.play(f"play {scout}", f"use {scout} {path}")
    assert sc.s.cards[path]["prog"] == 1


def test_card_silverlode_archer_and_horseback_archer_join_with_ranged() -> None:
    sc = game("Leadership", "Tactics")
    arch = put_char(sc, 0, "silverlode_archer")
    horse = put_char(sc, 0, "horseback_archer")
    for c in sc.s.players[0]["chars"]:
        if c not in (arch, horse):
            sc.s.cards[c]["ex"] = True
    brute = put_enemy(sc, "t_brute", seat=1)
    run_frames(sc, {"t": "patk", "p": 1, "pc": 0, "done": [], "e": "", "atk": [], "ri": 0}, phase="combat")
    sc.play(f"attack {brute}", f"with {hero(sc, 1, 'gimli')}", "go")
    assert sc.decision().seat == 0
    sc.play(f"with {arch}", f"with {horse}")
    assert sc.s.cards[brute]["dmg"] == 2 + 2 + 2 - 2


test_card_silverlode_archer = test_card_horseback_archer = test_card_silverlode_archer_and_horseback_archer_join_with_ranged


def test_card_longbeard_orc_slayer() -> None:
    sc = game("Leadership")
    resources(sc, 0, 2)
    ls = to_hand(sc, 0, "longbeard_orc_slayer")[0]
    orc, brute = put_enemy(sc, "t_orc"), put_enemy(sc, "t_brute", seat=0)
    plan(sc)
    sc.play(f"play {ls}", f"use {ls}")
    assert sc.s.cards[orc]["dmg"] == 1 and sc.s.cards[brute]["dmg"] == 0


def test_card_brok_ironfist() -> None:
    sc = game("Leadership")
    brok = to_hand(sc, 0, "brok_ironfist")[0]
    gloin = hero(sc, 0, "gloin")
    run_frames(sc, phase="combat")
    B.deal_damage(sc.game, sc.s, gloin, 9)
    from tabletop.games.mount_gram.flow import advance
    advance(sc.game, sc.s)
    sc.play(f"use {brok}")
    assert brok in sc.s.players[0]["chars"]


def test_card_gondorian_spearman_sentinel_and_swift_strike() -> None:
    sc = game("Leadership", "Tactics")
    spear = put_char(sc, 1, "gondorian_spearman")
    swift = to_hand(sc, 1, "swift_strike")[0]
    resources(sc, 1, 2)
    for c in sc.s.players[0]["chars"]:
        sc.s.cards[c]["ex"] = True
    brute = put_enemy(sc, "t_brute", seat=0)
    run_frames(sc, eatk(brute, 0, imm=True), phase="combat")
    assert sc.decision().seat == 1  # P1 has no ready character: P2's Sentinel is asked
    sc.play(f"defend {spear}", f"use {spear}", f"play {swift}")
    assert sc.s.cards[brute]["dmg"] == 3


test_card_gondorian_spearman = test_card_swift_strike = test_card_gondorian_spearman_sentinel_and_swift_strike


def test_card_beorn() -> None:
    sc = game("Tactics")
    beorn = put_char(sc, 0, "beorn")
    act(sc, phase="combat")
    sc.play(f"use {beorn}")
    assert B.atk(sc.game, sc.s, beorn) == 8
    sc.play("hold")
    assert beorn not in sc.s.cards and beorn in sc.s.players[0]["deck"]


def test_card_wandering_took() -> None:
    sc = game("Spirit", "Lore")
    took = put_char(sc, 0, "wandering_took")
    t0, t1 = sc.s.players[0]["threat"], sc.s.players[1]["threat"]
    act(sc)
    sc.play(f"use {took} p1")
    assert took in sc.s.players[1]["chars"] and sc.s.players[0]["threat"] == t0 - 3
    assert sc.s.players[1]["threat"] == t1 + 3


def test_card_lorien_guide_and_northern_tracker() -> None:
    sc = game("Spirit")
    guide, tracker = put_char(sc, 0, "lorien_guide"), put_char(sc, 0, "northern_tracker")
    active = put_location(sc, "t_path", active=True)
    staged = put_location(sc, "t_path")
    run_frames(sc, {"t": "commit", "p": 0}, phase="quest")
    sc.play(f"commit {guide}", f"use {guide}", f"commit {tracker}", f"use {tracker}")
    assert sc.s.cards[active]["prog"] == 1 and sc.s.cards[staged]["prog"] == 1


test_card_lorien_guide = test_card_northern_tracker = test_card_lorien_guide_and_northern_tracker


def test_card_daughter_of_the_nimrodel() -> None:
    sc = game("Lore")
    da = put_char(sc, 0, "daughter_of_the_nimrodel")
    de = hero(sc, 0, "denethor")
    sc.s.cards[de]["dmg"] = 2
    act(sc)
    sc.play(f"use {da} {de}")
    assert sc.s.cards[de]["dmg"] == 0


def test_card_erebor_hammersmith() -> None:
    sc = game("Lore", "Tactics")
    resources(sc, 0, 2)
    hs = to_hand(sc, 0, "erebor_hammersmith")[0]
    axe = "p1.dwarven_axe.77"
    sc.s.players[1]["discard"].append(axe)
    plan(sc)
    sc.play(f"play {hs}", f"use {hs} p1")
    assert axe in sc.s.players[1]["hand"]


def test_card_henamarth_riversong() -> None:
    sc = game("Lore")
    he = put_char(sc, 0, "henamarth_riversong")
    top = top_encounter(sc, "t_orc")[0]
    act(sc)
    sc.play(f"use {he}")
    assert sc.view(0)["peek"]["id"] == top and sc.s.encounter[-1] == top


def test_card_miner_of_the_iron_hills() -> None:
    sc = game("Lore")
    resources(sc, 0, 2)
    dk = put_attachment(sc, 0, "dark_knowledge", hero(sc, 0, "denethor"))
    miner = to_hand(sc, 0, "miner_of_the_iron_hills")[0]
    plan(sc)
    sc.play(f"play {miner}", f"use {miner} {dk}")
    assert dk in sc.s.players[0]["discard"]


def test_card_gleowine() -> None:
    sc = game("Lore")
    gw = put_char(sc, 0, "gleowine")
    act(sc)
    sc.play(f"use {gw} p0")
    assert len(sc.s.players[0]["hand"]) == 1


def test_card_gandalf() -> None:
    sc = game("Lore")
    resources(sc, 0, 2)
    gandalf = to_hand(sc, 0, "gandalf")[0]
    threat = sc.s.players[0]["threat"]
    plan(sc)
    sc.play(f"play {gandalf}", f"use {gandalf} threat")
    assert sc.s.players[0]["threat"] == threat - 5
    run_frames(sc, {"t": "refresh"}, phase="refresh")
    assert gandalf in sc.s.players[0]["discard"]


# -- attachments -------------------------------------------------------------------------------
def test_card_steward_of_gondor() -> None:
    sc = game("Leadership")
    gl = hero(sc, 0, "gloin")
    st = put_attachment(sc, 0, "steward_of_gondor", gl)
    assert "Gondor" in B.traits(sc.game, sc.s, gl)
    resources(sc, 0, 0)
    act(sc)
    sc.play(f"use {st}")
    assert sc.s.cards[gl]["res"] == 2


def test_card_celebrian_s_stone() -> None:
    sc = game("Leadership")
    ar = hero(sc, 0, "aragorn")
    put_attachment(sc, 0, "celebrian_s_stone", ar)
    assert B.wp(sc.game, sc.s, ar) == 4 and "Spirit" in B.icons(sc.game, sc.s, ar)
    resources(sc, 0, 0)
    sc.s.cards[ar]["res"] = 1
    tomb = to_hand(sc, 0, "will_of_the_west")[0]
    sc.s.players[0]["discard"].append("p0.guard_of_the_citadel.90")
    act(sc)
    sc.play(f"play {tomb} p0")
    assert sc.s.cards[ar]["res"] == 0


def test_card_citadel_plate_and_dwarven_axe() -> None:
    sc = game("Tactics")
    gimli, leg = hero(sc, 0, "gimli"), hero(sc, 0, "legolas")
    put_attachment(sc, 0, "citadel_plate", leg)
    put_attachment(sc, 0, "dwarven_axe", gimli)
    put_attachment(sc, 0, "dwarven_axe", leg)
    assert B.hp(sc.game, sc.s, leg) == 8
    assert B.atk(sc.game, sc.s, gimli) == 4 and B.atk(sc.game, sc.s, leg) == 4


test_card_citadel_plate = test_card_dwarven_axe = test_card_citadel_plate_and_dwarven_axe


def test_card_horn_of_gondor() -> None:
    sc = game("Tactics")
    gimli = hero(sc, 0, "gimli")
    horn = put_attachment(sc, 0, "horn_of_gondor", gimli)
    resources(sc, 0, 0)
    axe = put_char(sc, 0, "veteran_axehand")
    run_frames(sc, phase="combat")
    B.deal_damage(sc.game, sc.s, axe, 5)
    from tabletop.games.mount_gram.flow import advance
    advance(sc.game, sc.s)
    sc.play(f"use {horn}")
    assert sc.s.cards[gimli]["res"] == 1


def test_card_the_favor_of_the_lady_and_power_in_the_earth() -> None:
    sc = game("Spirit")
    el = hero(sc, 0, "eleanor")
    resources(sc, 0, 5)
    favor, power = to_hand(sc, 0, "the_favor_of_the_lady", "power_in_the_earth")
    path = put_location(sc, "t_path")
    plan(sc)
    sc.play(f"play {favor} {el}", f"play {power} {path}")
    assert B.wp(sc.game, sc.s, el) == 2 and B.threat_of(sc.game, sc.s, path) == 1


test_card_the_favor_of_the_lady = test_card_power_in_the_earth = test_card_the_favor_of_the_lady_and_power_in_the_earth


def test_card_unexpected_courage() -> None:
    sc = game("Spirit")
    eo = hero(sc, 0, "eowyn")
    uc = put_attachment(sc, 0, "unexpected_courage", eo)
    sc.s.cards[eo]["ex"] = True
    act(sc)
    sc.play(f"use {uc}")
    assert not sc.s.cards[eo]["ex"] and sc.s.cards[uc]["ex"]


def test_card_forest_snare() -> None:
    sc = game("Lore")
    resources(sc, 0, 3)
    snare = to_hand(sc, 0, "forest_snare")[0]
    orc = put_enemy(sc, "t_orc", seat=0)
    plan(sc)
    sc.play(f"play {snare} {orc}")
    run_frames(sc, {"t": "eattacks", "p": 0, "done": []}, phase="combat")
    assert not sc.events("attack")


def test_card_protector_of_lorien() -> None:
    sc = game("Lore")
    de = hero(sc, 0, "denethor")
    pr = put_attachment(sc, 0, "protector_of_lorien", de)
    junk = to_hand(sc, 0, "secret_paths")[0]
    act(sc)
    sc.play(f"use {pr} def {junk}")
    assert B.defense(sc.game, sc.s, de) == 4


def test_card_dark_knowledge() -> None:
    sc = game("Lore")
    de = hero(sc, 0, "denethor")
    dk = put_attachment(sc, 0, "dark_knowledge", de)
    assert B.wp(sc.game, sc.s, de) == 0
    orc = put_enemy(sc, "t_orc", seat=0)
    top_encounter(sc, "t_brute")
    run_frames(sc, {"t": "combat", "g": "g0", "pc": 0}, phase="combat")
    shadow = sc.s.cards[orc]["sh"][0]
    assert shadow in sc.game.secrets(sc.s, 0)
    sc.play(f"use {dk} {orc}")
    assert shadow not in sc.game.secrets(sc.s, 0) and sc.view(0)["peek"]["id"] == shadow


def test_card_self_preservation() -> None:
    sc = game("Lore")
    be = hero(sc, 0, "beravor")
    sp = put_attachment(sc, 0, "self_preservation", be)
    sc.s.cards[be]["dmg"] = 3
    act(sc)
    sc.play(f"use {sp}")
    assert sc.s.cards[be]["dmg"] == 1


# -- events ------------------------------------------------------------------------------------
def test_card_ever_vigilant() -> None:
    sc = game("Leadership")
    g = put_char(sc, 0, "guard_of_the_citadel")
    sc.s.cards[g]["ex"] = True
    resources(sc, 0, 1)
    ev = to_hand(sc, 0, "ever_vigilant")[0]
    act(sc)
    sc.play(f"play {ev} {g}")
    assert not sc.s.cards[g]["ex"]


def test_card_common_cause() -> None:
    sc = game("Leadership")
    ar, th = hero(sc, 0, "aragorn"), hero(sc, 0, "theodred")
    sc.s.cards[th]["ex"] = True
    cc = to_hand(sc, 0, "common_cause")[0]
    act(sc)
    sc.play(f"play {cc} {ar} {th}")
    assert sc.s.cards[ar]["ex"] and not sc.s.cards[th]["ex"]


def test_card_for_gondor() -> None:
    sc = game("Leadership")
    resources(sc, 0, 2)
    ar = hero(sc, 0, "aragorn")
    put_attachment(sc, 0, "steward_of_gondor", ar)
    fg = to_hand(sc, 0, "for_gondor")[0]
    act(sc)
    sc.play(f"play {fg}")
    assert B.atk(sc.game, sc.s, ar) == 4 and B.defense(sc.game, sc.s, ar) == 3
    assert B.defense(sc.game, sc.s, hero(sc, 0, "gloin")) == 1


def test_card_sneak_attack() -> None:
    sc = game("Leadership")
    resources(sc, 0, 1)
    sa, faramir = to_hand(sc, 0, "sneak_attack", "faramir")
    act(sc)
    sc.play(f"play {sa} {faramir}")
    assert faramir in sc.s.players[0]["chars"]
    passes(sc)
    sc.play("hold")
    assert faramir in sc.s.players[0]["hand"]


def test_card_valiant_sacrifice() -> None:
    sc = game("Leadership")
    resources(sc, 0, 1)
    vs = to_hand(sc, 0, "valiant_sacrifice")[0]
    g = put_char(sc, 0, "guard_of_the_citadel")
    run_frames(sc, phase="combat")
    B.deal_damage(sc.game, sc.s, g, 2)
    from tabletop.games.mount_gram.flow import advance
    advance(sc.game, sc.s)
    sc.play(f"play {vs}")
    assert len(sc.s.players[0]["hand"]) == 2


def test_card_grim_resolve() -> None:
    sc = game("Leadership")
    resources(sc, 0, 2)
    for c in sc.s.players[0]["chars"]:
        sc.s.cards[c]["ex"] = True
    gr = to_hand(sc, 0, "grim_resolve")[0]
    act(sc)
    sc.play(f"play {gr}")
    assert not any(sc.s.cards[c]["ex"] for c in sc.s.players[0]["chars"])


def test_card_blade_mastery() -> None:
    sc = game("Tactics")
    resources(sc, 0, 1)
    bm = to_hand(sc, 0, "blade_mastery")[0]
    th = hero(sc, 0, "thalin")
    act(sc)
    sc.play(f"play {bm} {th}")
    assert (B.atk(sc.game, sc.s, th), B.defense(sc.game, sc.s, th)) == (3, 3)


def test_card_rain_of_arrows() -> None:
    sc = game("Tactics")
    resources(sc, 0, 1)
    ra = to_hand(sc, 0, "rain_of_arrows")[0]
    leg = hero(sc, 0, "legolas")
    orcs = [put_enemy(sc, "t_orc", seat=0) for _ in range(2)]
    act(sc)
    sc.play(f"play {ra} {leg} p0")
    assert sc.s.cards[leg]["ex"] and all(sc.s.cards[o]["dmg"] == 1 for o in orcs)


def test_card_feint() -> None:
    sc = game("Tactics")
    resources(sc, 0, 1)
    fe = to_hand(sc, 0, "feint")[0]
    orc = put_enemy(sc, "t_orc", seat=0)
    act(sc, phase="planning")
    assert not any(a.startswith(f"play {fe}") for a in sc.legal())  # Combat Action only
    act(sc, phase="combat")
    sc.play(f"play {fe} {orc}")
    run_frames(sc, {"t": "eattacks", "p": 0, "done": []}, phase="combat")
    assert not sc.events("attack")


def test_card_quick_strike() -> None:
    sc = game("Tactics")
    resources(sc, 0, 1)
    qs = to_hand(sc, 0, "quick_strike")[0]
    orc = put_enemy(sc, "t_orc", seat=0)
    gimli = hero(sc, 0, "gimli")
    act(sc, phase="combat")
    sc.play(f"play {qs} {gimli} {orc}")
    assert sc.s.cards[orc]["dmg"] == 1 and sc.s.cards[gimli]["ex"]


def test_card_thicket_of_spears() -> None:
    sc = game("Tactics")
    resources(sc, 0, 1)
    th = to_hand(sc, 0, "thicket_of_spears")[0]
    orc = put_enemy(sc, "t_orc", seat=0)
    act(sc, phase="combat")
    sc.play(f"play {th} p0")
    assert all(sc.s.cards[h]["res"] == 0 for h in B.heroes(sc.game, sc.s, 0))
    run_frames(sc, {"t": "eattacks", "p": 0, "done": []}, phase="combat")
    assert not sc.events("attack") and orc in sc.s.cards


def test_card_thicket_needs_three_paying_heroes() -> None:
    sc = game("Tactics")
    resources(sc, 0, 0)
    sc.s.cards[hero(sc, 0, "gimli")]["res"] = 3
    to_hand(sc, 0, "thicket_of_spears")
    put_enemy(sc, "t_orc", seat=0)
    act(sc, phase="combat")
    assert not any(a.startswith("play") for a in sc.legal())


def test_card_stand_together() -> None:
    sc = game("Tactics")
    resources(sc, 0, 0)
    st = to_hand(sc, 0, "stand_together")[0]
    brute = put_enemy(sc, "t_brute", seat=0)
    act(sc, phase="combat")
    sc.play(f"play {st} p0")
    run_frames(sc, eatk(brute, 0, imm=True), phase="combat")
    gimli, thalin = hero(sc, 0, "gimli"), hero(sc, 0, "thalin")
    sc.play(f"defend {gimli}", f"defend {thalin}", "nodefend")
    assert sc.last("attack")["defense"] == 4 and sc.s.cards[gimli]["dmg"] == 0


def test_card_the_galadhrim_s_greeting() -> None:
    sc = game("Spirit", "Lore")
    resources(sc, 0, 3)
    gg = to_hand(sc, 0, "the_galadhrim_s_greeting")[0]
    t0, t1 = sc.s.players[0]["threat"], sc.s.players[1]["threat"]
    act(sc)
    sc.play(f"play {gg} all")
    assert (sc.s.players[0]["threat"], sc.s.players[1]["threat"]) == (t0 - 2, t1 - 2)


def test_card_strength_of_will() -> None:
    sc = game("Spirit")
    sw = to_hand(sc, 0, "strength_of_will")[0]
    path = put_location(sc, "t_path")
    run_frames(sc, {"t": "travel", "g": "g0", "pc": 0}, phase="travel")
    sc.play(f"travel {path}")
    eo = hero(sc, 0, "eowyn")
    sc.play(f"play {sw} {eo}")
    assert sc.s.cards[path]["prog"] == 2 and sc.s.cards[eo]["ex"]


def test_card_hasty_stroke() -> None:
    sc = game("Spirit")
    resources(sc, 0, 1)
    hs = to_hand(sc, 0, "hasty_stroke")[0]
    orc = put_enemy(sc, "t_orc", seat=0)
    sc.s.cards[orc]["sh"] = top_encounter(sc, "t_brute")
    sc.s.encounter.pop()
    run_frames(sc, eatk(orc), phase="combat")
    sc.play(f"defend {hero(sc, 0, 'eleanor')}")
    sc.play(f"play {hs}")
    assert sc.last("attack")["strength"] == 2  # the +2 shadow is cancelled


def test_card_will_of_the_west() -> None:
    sc = game("Spirit")
    resources(sc, 0, 1)
    ww = to_hand(sc, 0, "will_of_the_west")[0]
    sc.s.players[0]["discard"] = ["p0.lorien_guide.60"]
    deck = len(sc.s.players[0]["deck"])
    act(sc)
    sc.play(f"play {ww} p0")
    # FAQ (§9): Will of the West is removed from the game once resolved, not discarded.
    assert len(sc.s.players[0]["deck"]) == deck + 1 and sc.s.players[0]["discard"] == []
    assert ww in sc.s.removed and ww not in sc.s.players[0]["deck"]


def test_card_a_test_of_will() -> None:
    sc = game("Spirit")
    resources(sc, 0, 1)
    tw = to_hand(sc, 0, "a_test_of_will")[0]
    top_encounter(sc, "t_gloom")
    threat = sc.s.players[0]["threat"]
    run_frames(sc, {"t": "reveal", "g": "g0", "pc": 0}, phase="quest")
    sc.play(f"play {tw}")
    assert sc.s.players[0]["threat"] == threat + 1  # doomed only


def test_card_stand_and_fight() -> None:
    sc = game("Spirit", "Leadership")
    resources(sc, 0, 2)
    sf = to_hand(sc, 0, "stand_and_fight")[0]
    guard = "p1.guard_of_the_citadel.61"
    sc.s.players[1]["discard"].append(guard)
    act(sc)
    sc.play(f"play {sf} {guard}")
    assert guard in sc.s.players[0]["chars"]
    assert sum(sc.s.cards[h]["res"] for h in B.heroes(sc.game, sc.s, 0)) == 4


def test_card_a_light_in_the_dark() -> None:
    sc = game("Spirit")
    resources(sc, 0, 1)
    ld = to_hand(sc, 0, "a_light_in_the_dark")[0]
    orc = put_enemy(sc, "t_orc", seat=0)
    act(sc)
    sc.play(f"play {ld} {orc}")
    assert orc in sc.s.groups[0]["staging"]


def test_card_dwarven_tomb() -> None:
    sc = game("Spirit")
    resources(sc, 0, 1)
    dt = to_hand(sc, 0, "dwarven_tomb")[0]
    sc.s.players[0]["discard"].append("p0.a_test_of_will.62")
    act(sc)
    sc.play(f"play {dt} p0.a_test_of_will.62")
    assert "p0.a_test_of_will.62" in sc.s.players[0]["hand"]


def test_card_fortune_or_fate() -> None:
    sc = game("Spirit", "Leadership")
    resources(sc, 0, 2)
    ff = to_hand(sc, 0, "fortune_or_fate")[0]
    ar = hero(sc, 1, "aragorn")
    B.leave_play(sc.game, sc.s, ar, "discard")
    act(sc)
    sc.play(f"play {ff} {ar}")
    assert ar in sc.s.players[1]["chars"]


def test_card_lore_of_imladris_and_beorn_s_hospitality() -> None:
    sc = game("Lore")
    resources(sc, 0, 3)
    li, bh = to_hand(sc, 0, "lore_of_imladris", "beorn_s_hospitality")
    de, gl = hero(sc, 0, "denethor"), hero(sc, 0, "glorfindel")
    sc.s.cards[de]["dmg"], sc.s.cards[gl]["dmg"] = 2, 3
    act(sc)
    sc.play(f"play {li} {gl}")
    assert sc.s.cards[gl]["dmg"] == 0 and sc.s.cards[de]["dmg"] == 2
    sc.s.cards[gl]["dmg"] = 4
    resources(sc, 0, 3)
    act(sc)
    sc.play(f"play {bh} p0")
    assert sc.s.cards[gl]["dmg"] == 0 and sc.s.cards[de]["dmg"] == 0


test_card_lore_of_imladris = test_card_beorn_s_hospitality = test_card_lore_of_imladris_and_beorn_s_hospitality


def test_card_lorien_s_wealth() -> None:
    sc = game("Lore")
    resources(sc, 0, 1)
    lw = to_hand(sc, 0, "lorien_s_wealth")[0]
    act(sc)
    sc.play(f"play {lw} p0")
    assert len(sc.s.players[0]["hand"]) == 3


def test_card_radagast_s_cunning_and_secret_paths() -> None:
    sc = game("Lore")
    resources(sc, 0, 1)
    rc, sp = to_hand(sc, 0, "radagast_s_cunning", "secret_paths")
    grp = sc.s.groups[0]
    grp["staging"].clear()
    orc, path = put_enemy(sc, "t_orc"), put_location(sc, "t_path")
    act(sc, phase="planning")
    assert not any(a.startswith("play") for a in sc.legal())  # Quest Actions only
    act(sc, phase="quest")
    sc.play(f"play {rc} {orc}", f"play {sp} {path}")
    assert B.staging_threat(sc.game, sc.s, grp) == 0


test_card_radagast_s_cunning = test_card_secret_paths = test_card_radagast_s_cunning_and_secret_paths


def test_card_gandalf_s_search() -> None:
    sc = game("Lore")
    resources(sc, 0, 1)
    gs = to_hand(sc, 0, "gandalf_s_search")[0]
    top = sc.s.players[0]["deck"][-1]
    act(sc)
    sc.play(f"play {gs} p0 x3")
    sc.play(f"take {top}")
    assert top in sc.s.players[0]["hand"]
