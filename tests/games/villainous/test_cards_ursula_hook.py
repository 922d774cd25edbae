"""Card effects of Ursula's and Captain Hook's decks."""

from __future__ import annotations

from .helpers import covers, decide, hand, menu, passes, power, put, st, table, top_deck, top_fate, where


@covers("binding_contract_ursulas_lair", "binding_contract_erics_ship", "binding_contract_the_palace",
        "flotsam", "jetsam")
def test_binding_contracts_defeat_on_the_named_location() -> None:
    for key, target in (("binding_contract_ursulas_lair", 0), ("binding_contract_erics_ship", 1),
                        ("binding_contract_the_palace", 3)):
        sc = table("ursula", "maleficent")
        sc.state.players[0]["locked"] = [False, False, False, False]
        start = 2
        h = put(sc, 0, "grimsby", start)
        bc = put(sc, 0, key, start, on=h)
        mover = put(sc, 0, "flotsam" if target < start else "jetsam", start)
        sc.state.players[0]["cards"][h]["loc"] = target + (1 if target < start else -1)
        sc.state.players[0]["cards"][bc]["loc"] = sc.state.players[0]["cards"][h]["loc"]
        sc.state.players[0]["cards"][mover]["loc"] = sc.state.players[0]["cards"][h]["loc"]
        menu(sc, 0, 0 if target != 0 else 1, power=0)
        acts = [a for a in sc.legal() if a == f"activate {mover}"]
        if not acts:  # Eric's Ship has no Activate symbol: use Ursula's Lair's
            menu(sc, 0, 0, power=0)
        sc.play(f"activate {mover}", f"hero {h}", f"to {target}")
        assert where(sc, 0, h) == "fdiscard" and where(sc, 0, bc) == "discard"


@covers("grow_giant")
def test_grow_giant_takes_an_action_next_door() -> None:
    sc = table("ursula", "maleficent")
    g = hand(sc, 0, "grow_giant")[0]
    menu(sc, 0, 1, power=1)
    sc.play(f"play {g}")
    assert "do gain_power 3" in sc.legal()   # The Shore, next to Eric's Ship
    sc.play("do gain_power 3")
    assert power(sc, 0) == 3


@covers("opportunist", "divination")
def test_opportunist_and_divination() -> None:
    sc = table("ursula", "maleficent")
    P = sc.state.players[0]
    wp = hand(sc, 0, "whirlpool")[0]
    P["hand"].remove(wp)
    P["discard"].append(wp)
    o = hand(sc, 0, "opportunist")[0]
    menu(sc, 0, 2, power=1)
    sc.play(f"play {o}", f"take {wp}")
    assert wp in P["hand"]
    top_deck(sc, 0, "cauldron", "binding_contract_the_shore")
    d = hand(sc, 0, "divination")[0]
    menu(sc, 0, 2, power=1)
    sc.play(f"play {d}")
    assert "ursula.binding_contract_the_shore#1" in P["hand"] and "ursula.cauldron#1" in P["discard"]


@covers("trickery")
def test_trickery() -> None:
    sc = table("maleficent", "ursula")
    t = hand(sc, 1, "trickery")[0]
    top_fate(sc, 0, "guards")
    menu(sc, 0, 2, power=3)
    sc.play("gain 3", f"cond {t}", "at 3")
    assert where(sc, 0, "maleficent.guards#1") == "loc3"


@covers("cauldron", "crown")
def test_cauldron_and_crown() -> None:
    sc = table("ursula", "maleficent")
    c = put(sc, 0, "cauldron", 1)
    h = put(sc, 0, "flounder", 2)
    put(sc, 0, "binding_contract_erics_ship", 2, on=h)
    menu(sc, 0, 0, power=0)
    sc.play(f"activate {c}")
    assert power(sc, 0) == 2
    sc = table("ursula", "maleficent")
    cr = put(sc, 0, "crown", 1)
    a, b = top_fate(sc, 0, "eric", "max")
    menu(sc, 0, 0)
    sc.play(f"activate {cr}", "discard")
    assert a in sc.state.players[0]["fdiscard"] and b in sc.state.players[0]["fdiscard"]


@covers("poor_unfortunate_souls")
def test_poor_unfortunate_souls() -> None:
    sc = table("ursula", "maleficent")
    h1 = put(sc, 0, "grimsby", 1)
    h2 = put(sc, 0, "max", 2)
    p_ = hand(sc, 0, "poor_unfortunate_souls")[0]
    menu(sc, 0, 2, power=2)
    sc.play(f"play {p_}", "to 0", "stay")
    assert where(sc, 0, h1) == "loc0" and where(sc, 0, h2) == "loc2"


@covers("trident", "king_triton")
def test_trident_brings_triton_and_returns() -> None:
    sc = table("ursula", "maleficent")
    t = hand(sc, 0, "trident")[0]
    menu(sc, 0, 2, power=4)
    sc.play(f"play {t}", "at 1")
    P = sc.state.players[0]
    assert P["cards"]["ursula.king_triton#1"]["loc"] == 1 and P["cards"][t]["on"] == "ursula.king_triton#1"
    bc = hand(sc, 0, "binding_contract_the_shore")[0]
    menu(sc, 0, 2, power=2)
    assert f"play {bc}" not in sc.legal()    # Triton: +1 for a contract on him
    menu(sc, 0, 2, power=3)
    sc.play(f"play {bc}", "on ursula.king_triton#1")
    passes(sc)
    w = hand(sc, 0, "whirlpool")[0]
    menu(sc, 0, 2, power=2)
    sc.play(f"play {w}", "hero ursula.king_triton#1", "to 2")
    assert P["cards"][t]["side"] == "v" and P["cards"][t]["on"] is None and P["cards"][t]["loc"] == 2
    assert power(sc, 0) == 0


@covers("return_to_form", "dinglehopper")
def test_return_to_form_and_dinglehopper() -> None:
    sc = table("ursula", "maleficent")
    P = sc.state.players[0]
    h = top_fate(sc, 0, "flounder")[0]
    P["fdeck"].remove(h)
    P["fdiscard"].append(h)
    r = top_fate(sc, 0, "return_to_form", "return_to_form")[0]
    P["mover"] = 2
    menu(sc, 1, 0)
    sc.play("fate 0", f"pick {r}", f"hero {h}")
    assert where(sc, 0, h) == "loc2"
    put(sc, 0, "dinglehopper", 2, on=h)
    P["power"] = 3
    from tabletop.games.villainous.acts import h_order, move_mover
    move_mover(sc.state, 0, 2)
    h_order(sc.state, sc.state.stack.pop())  # the mover-enters trigger resolves as a frame (R44)
    assert P["power"] == 2


@covers("snarfblat", "scuttle")
def test_scuttle_attaches_from_the_fate_discard() -> None:
    sc = table("ursula", "maleficent")
    P = sc.state.players[0]
    sn = top_fate(sc, 0, "snarfblat")[0]
    P["fdeck"].remove(sn)
    P["fdiscard"].append(sn)
    top_fate(sc, 0, "scuttle", "eric")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick ursula.scuttle#1", "at 1", f"item {sn}")
    assert P["cards"][sn]["on"] == "ursula.scuttle#1"


@covers("ariel")
def test_ariel_pulls_an_item() -> None:
    sc = table("ursula", "maleficent")
    c = put(sc, 0, "cauldron", 2)
    top_fate(sc, 0, "ariel", "eric")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick ursula.ariel#1", "at 1", f"item {c}")
    assert where(sc, 0, c) == "loc1"


@covers("eric", "grimsby")
def test_eric_moves_a_contracted_hero_into_its_contract() -> None:
    sc = table("ursula", "maleficent")
    h = put(sc, 0, "max", 1)
    put(sc, 0, "binding_contract_the_shore", 1, on=h)
    top_fate(sc, 0, "eric", "grimsby")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick ursula.eric#1", "at 0", f"hero {h}", "to 2")
    assert where(sc, 0, h) == "fdiscard"
    sc = table("ursula", "maleficent")
    top_fate(sc, 0, "grimsby", "eric")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick ursula.grimsby#1", "at 1", "yes")
    assert sc.state.players[0]["locked"] == [True, False, False, False]


@covers("flounder")
def test_flounder_shuffles_the_discard_back() -> None:
    sc = table("ursula", "maleficent")
    P = sc.state.players[0]
    P["discard"].extend(P["deck"][:5])
    del P["deck"][:5]
    top_fate(sc, 0, "flounder", "eric")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick ursula.flounder#1", "at 1", "yes")
    assert not P["discard"] and len(P["deck"]) == 26


@covers("max")
def test_max_moves_the_mover_when_played_there() -> None:
    sc = table("ursula", "maleficent")
    sc.state.players[0]["mover"] = 1
    top_fate(sc, 0, "max", "eric")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick ursula.max#1", "at 1", "mover 2")
    assert sc.state.players[0]["mover"] == 2


@covers("sebastian")
def test_sebastian_takes_a_contract() -> None:
    sc = table("ursula", "maleficent")
    h = put(sc, 0, "max", 1)
    bc = put(sc, 0, "binding_contract_the_shore", 1, on=h)
    top_fate(sc, 0, "sebastian", "eric")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick ursula.sebastian#1", "at 2", f"item {bc}")
    assert sc.state.players[0]["cards"][bc]["on"] == "ursula.sebastian#1"


# -- Captain Hook ---------------------------------------------------------------------------------


@covers("boarding_party", "smee", "swashbuckler")
def test_boarding_party_reaches_next_door() -> None:
    sc = table("hook", "maleficent")
    h = put(sc, 0, "wendy", 0)
    b = put(sc, 0, "boarding_party", 1)
    w = put(sc, 0, "swashbuckler", 1)
    s_ = put(sc, 0, "smee", 0)
    assert st(sc, 0, s_) == 4
    menu(sc, 0, 0)
    sc.play(f"vanquish {h}")
    assert f"with {b}" in sc.legal() and f"with {w}" not in sc.legal()


@covers("aye_aye_sir")
def test_aye_aye_sir() -> None:
    sc = table("hook", "maleficent")
    a = put(sc, 0, "swashbuckler", 1)
    c = hand(sc, 0, "aye_aye_sir")[0]
    menu(sc, 0, 0, power=1)
    sc.play(f"play {c}", f"ally {a}", "to 0")
    assert where(sc, 0, a) == "loc0" and st(sc, 0, a) == 4


@covers("cunning")
def test_cunning_plays_an_ally_free() -> None:
    sc = table("maleficent", "hook")
    put(sc, 0, "savage_goon", 1)
    cu = hand(sc, 1, "cunning")[0]
    pb = hand(sc, 1, "pirate_brute")[0]
    menu(sc, 0, 1)
    sc.play("gain 2", f"cond {cu}", f"free {pb}", "at 0")
    assert where(sc, 1, pb) == "loc0" and power(sc, 1) == 1


@covers("obsession")
def test_obsession_digs_for_a_hero() -> None:
    sc = table("maleficent", "hook")
    h = put(sc, 0, "king_stefan", 3)
    g = put(sc, 0, "savage_goon", 3)
    o = hand(sc, 1, "obsession")[0]
    ta, we = top_fate(sc, 1, "taunt", "wendy")
    menu(sc, 0, 3)
    sc.play(f"vanquish {h}", f"with {g}", "confirm", f"cond {o}", "yes", "at 1")
    assert where(sc, 1, we) == "loc1" and ta in sc.state.players[1]["fdiscard"]


@covers("mr_starkey")
def test_mr_starkey_pushes_a_hero() -> None:
    sc = table("hook", "maleficent")
    h = put(sc, 0, "wendy", 1)
    m = hand(sc, 0, "mr_starkey")[0]
    menu(sc, 0, 2, power=2)
    sc.play(f"play {m}", "at 1", f"hero {h}", "to 2")
    assert where(sc, 0, h) == "loc2"


@covers("lost_boys", "pirate_brute")
def test_lost_boys_need_two_allies() -> None:
    sc = table("hook", "maleficent")
    h = put(sc, 0, "lost_boys", 0)
    put(sc, 0, "pirate_brute", 0)
    put(sc, 0, "smee", 0)
    menu(sc, 0, 0)
    sc.play(f"vanquish {h}", "with hook.smee#1")
    assert "confirm" not in sc.legal()


@covers("splitting_headache")
def test_splitting_headache() -> None:
    sc = table("maleficent", "hook")
    c = put(sc, 1, "cannon", 2)
    top_fate(sc, 1, "splitting_headache", "splitting_headache")
    menu(sc, 0, 0)
    sc.play("fate 1", "pick hook.splitting_headache#1", f"discard {c}")
    assert where(sc, 1, c) == "discard"


@covers("michael", "wendy", "john")
def test_michael_wendy_john_strength() -> None:
    sc = table("hook", "maleficent")
    m = put(sc, 0, "michael", 1)
    put(sc, 0, "john", 2)
    assert st(sc, 0, m) == 1 + 2
    put(sc, 0, "wendy", 0)
    assert st(sc, 0, m) == 1 + 3 + 1
    assert st(sc, 0, "hook.john#1") == 2 + 1


@covers("tick_tock")
def test_tick_tock_empties_the_hand() -> None:
    sc = table("hook", "maleficent")
    put(sc, 0, "tick_tock", 2)
    from .helpers import start_turn
    start_turn(sc, 0)
    sc.play("go 2")
    assert not sc.state.players[0]["hand"]


@covers("tinker_bell")
def test_tinker_bell_discards_an_ally() -> None:
    sc = table("hook", "maleficent")
    a = put(sc, 0, "swashbuckler", 1)
    top_fate(sc, 0, "tinker_bell", "john")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick hook.tinker_bell#1", "at 1", f"discard {a}")
    assert where(sc, 0, a) == "discard"
    assert decide(sc)[0] == 1
