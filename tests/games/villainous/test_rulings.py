"""One test per ruling of the spec (R1..R47), named after it."""

from __future__ import annotations

from tabletop.games.villainous.board import covered

from .helpers import covers, decide, hand, label, menu, passes, power, put, st, start_turn, table, take, top_fate, where


def test_R1_english_action_names() -> None:
    sc = table("maleficent", "jafar")
    g = put(sc, 0, "savage_goon", 1)
    menu(sc, 0, 1)  # Briar Rose's Cottage: top has Move an Item or Ally
    moves = [a for a in sc.match.legal() if a.group == "move_item_ally"]
    assert moves and moves[0].card == g and label(sc, moves[0].label).startswith("Move")


@covers("treachery")
def test_R2_power_never_below_zero() -> None:
    sc = table("maleficent", "jafar")
    top_fate(sc, 1, "treachery", "wish")
    sc.state.players[1]["power"] = 1
    menu(sc, 0, 0)  # Forbidden Mountains: bottom Fate
    sc.play("fate 1")
    assert "pick jafar.treachery#1" in sc.legal()
    sc.play("pick jafar.treachery#1")
    assert power(sc, 1) == 0


@covers("malice")
def test_R3_conditions_act_in_their_owners_realm() -> None:
    sc = table("jafar", "maleficent")
    hero = put(sc, 0, "aladdin", 0)            # Strength 4, at Sultan's Palace
    put(sc, 0, "palace_guard", 0)
    put(sc, 0, "razoul", 0)
    mine = put(sc, 1, "king_stefan", 2)        # Maleficent's own Hero, Strength 4
    hand(sc, 1, "malice")
    menu(sc, 0, 0)
    sc.play(f"vanquish {hero}")
    sc.play("with jafar.razoul#1", "with jafar.palace_guard#1", "confirm")
    assert decide(sc) == (1, "condition")
    sc.play("cond maleficent.malice#1")  # one Hero qualifies: defeated without a question
    assert mine in sc.state.players[1]["fdiscard"]


def test_R4_reshuffle_only_when_needed() -> None:
    sc = table("maleficent", "jafar")
    P = sc.state.players[0]
    P["discard"].extend(P["deck"][:-1])
    del P["deck"][:-1]
    P["hand"].clear()
    before = len(sc.events("reshuffle"))
    menu(sc, 0, 1)
    sc.play("end")
    passes(sc)
    assert len(P["hand"]) == 4 and len(sc.events("reshuffle")) == before + 1


@covers("warrant")
def test_R5_moving_a_hero_is_not_playing_it() -> None:
    sc = table("john", "maleficent")
    put(sc, 0, "warrant", 1)
    h = put(sc, 0, "skippy", 0)
    sc.state.players[0]["locked"] = [False] * 4
    imp = hand(sc, 0, "imprison")[0]
    menu(sc, 0, 3, power=2)
    sc.play(f"play {imp}")
    sc.play(f"hero {h}", "to 3")
    assert where(sc, 0, h) == "loc3" and power(sc, 0) == 0  # moved, no Warrant pay-out


@covers("change_form")
def test_R6_mover_on_a_location_that_gets_locked() -> None:
    sc = table("ursula", "maleficent")
    cf = hand(sc, 0, "change_form")[0]
    menu(sc, 0, 0, power=3)   # Ursula's Lair: the token moves here
    sc.play(f"play {cf}")
    P = sc.state.players[0]
    assert P["locked"] == [True, False, False, False]
    assert "gain 1" in sc.legal()  # the locked location's actions stay usable this turn
    sc.play("end")
    passes(sc)
    start_turn(sc, 0)
    passes(sc)
    assert "go 0" not in sc.legal() and "go 3" in sc.legal()


def test_R7_actions_target_any_location() -> None:
    sc = table("maleficent", "jafar")
    c = hand(sc, 0, "savage_goon")[0]
    menu(sc, 0, 2, power=5)
    sc.play(f"play {c}")
    assert {"at 0", "at 1", "at 2", "at 3"} <= set(sc.legal())
    sc.play("at 0")
    assert where(sc, 0, c) == "loc0"


def test_R8_heroes_stack_first_in_front() -> None:
    sc = table("maleficent", "jafar")
    a = put(sc, 0, "fauna", 1)
    b = put(sc, 0, "flora", 1)
    v = sc.view(0)["players"][0]["locations"][1]["heroes"]
    assert [h["id"] for h in v] == [a, b]


@covers("scimitar")
def test_R9_attaching_items_need_a_host() -> None:
    sc = table("jafar", "maleficent")
    sc_ = hand(sc, 0, "scimitar")[0]
    menu(sc, 0, 1, power=3)
    assert f"play {sc_}" not in sc.legal()
    put(sc, 0, "palace_guard", 2)
    menu(sc, 0, 1, power=3)
    sc.play(f"play {sc_}")
    sc.play("on jafar.palace_guard#1")
    assert st(sc, 0, "jafar.palace_guard#1") == 3


@covers("scarab_pendant", "princess_jasmine")
def test_R10_draw_back_to_the_hand_target() -> None:
    sc = table("jafar", "maleficent")
    put(sc, 0, "scarab_pendant", 1)
    P = sc.state.players[0]
    P["hand"] = P["hand"][:1]
    menu(sc, 0, 1)
    sc.play("end")
    passes(sc)
    assert len(P["hand"]) == 5
    put(sc, 0, "princess_jasmine", 2)
    P["hand"] = P["hand"][:6]
    menu(sc, 0, 1)
    sc.play("end")
    passes(sc)
    assert len(P["hand"]) >= 5  # already above the target 4: no discard down, no draw


@covers("dreamless_sleep")
def test_R11_zero_strength_hero_still_needs_an_ally() -> None:
    sc = table("maleficent", "jafar")
    h = put(sc, 0, "fauna", 3)           # Strength 2
    put(sc, 0, "dreamless_sleep", 3)     # -2 -> 0
    assert st(sc, 0, h) == 0
    menu(sc, 0, 3)                       # King Stefan's Castle: Vanquish at the bottom
    assert f"vanquish {h}" not in sc.legal()
    g = put(sc, 0, "cackling_goon", 3)
    menu(sc, 0, 3)
    sc.play(f"vanquish {h}", f"with {g}")
    assert "confirm" in sc.legal()


@covers("dragon_form")
def test_R12_effects_need_a_possible_target() -> None:
    sc = table("maleficent", "jafar")
    d = hand(sc, 0, "dragon_form")[0]
    menu(sc, 0, 2, power=9)
    assert f"play {d}" not in sc.legal()
    put(sc, 0, "guards", 1)
    menu(sc, 0, 2, power=9)
    assert f"play {d}" in sc.legal()


@covers("stopwatch")
def test_R13_one_activation_per_symbol_same_card_twice() -> None:
    sc = table("queen", "maleficent")
    sw = put(sc, 0, "stopwatch", 0)
    put(sc, 0, "card_guard_club", 0, w=True)
    menu(sc, 0, 3, power=0)   # White Rabbit's House: activate at the bottom only (top covered? no hero)
    sc.play(f"activate {sw}")
    passes(sc)
    assert power(sc, 0) == 1
    assert f"activate {sw}" not in sc.legal()  # one Activate symbol there
    menu(sc, 0, 1, power=0)   # Hedge Maze: one Activate symbol
    sc.play(f"activate {sw}")
    assert power(sc, 0) == 1


@covers("ariel")
def test_R14_ariel_blocks_move_an_item_or_ally() -> None:
    sc = table("ursula", "maleficent")
    a = put(sc, 0, "flotsam", 1)
    menu(sc, 0, 0)
    assert f"move {a}" in sc.legal()
    put(sc, 0, "ariel", 2)
    menu(sc, 0, 0)
    assert f"move {a}" not in sc.legal()


@covers("arrogance")
def test_R15_only_defeats_in_the_active_realm_count() -> None:
    sc = table("maleficent", "ursula")
    hand(sc, 1, "arrogance")
    h = put(sc, 0, "king_stefan", 3)
    g = put(sc, 0, "savage_goon", 3)
    menu(sc, 0, 3)
    sc.play(f"vanquish {h}", f"with {g}", "confirm")
    assert decide(sc) == (1, "condition")
    sc2 = table("maleficent", "ursula")
    hand(sc2, 1, "arrogance")
    h2 = put(sc2, 0, "fauna", 3)   # Strength 2: below 4, no event
    g2 = put(sc2, 0, "savage_goon", 3)
    menu(sc2, 0, 3)
    sc2.play(f"vanquish {h2}", f"with {g2}", "confirm")
    assert decide(sc2) == (0, "action")


@covers("wish")
def test_R16_unplayable_fate_picks() -> None:
    sc = table("maleficent", "jafar")
    top_fate(sc, 1, "wish", "wish")
    menu(sc, 0, 0)
    sc.play("fate 1")
    assert decide(sc) == (0, "action")  # no Hero to attach to: both discarded
    assert len(sc.state.players[1]["fdiscard"]) == 2
    P = sc.state.players[1]
    P["fdiscard"].clear()
    P["fdeck"].clear()
    menu(sc, 0, 0)
    sc.play("fate 1")
    assert sc.last("fate")["victim_seat"] == 1


@covers("tyranny")
def test_R17_only_holders_are_asked_unless_always_ask() -> None:
    sc = table("jafar", "maleficent", "ursula")
    menu(sc, 0, 1)
    sc.play("gain 1")
    assert decide(sc) == (0, "action")
    sc = table("jafar", "maleficent", "ursula", always_ask=True)
    menu(sc, 0, 1)
    sc.play("gain 1")
    assert decide(sc) == (1, "condition")
    sc.play("pass")
    assert decide(sc) == (2, "condition")
    sc.play("pass")
    assert decide(sc) == (0, "action")
    sc = table("jafar", "maleficent")
    for k in ("palace_guard", "palace_guard", "razoul"):
        put(sc, 0, k, 1)
    ty = hand(sc, 1, "tyranny")[0]
    menu(sc, 0, 1)
    sc.play("gain 1")
    assert decide(sc) == (1, "condition")
    sc.play(f"cond {ty}")
    n = len(sc.state.players[1]["hand"])
    for _ in range(3):
        sc.play(sc.legal()[0])
    assert len(sc.state.players[1]["hand"]) == n - 3


@covers("give_them_a_scare", "peter_pan")
def test_R18_looking_does_not_reveal_peter_pan() -> None:
    sc = table("hook", "maleficent")
    top_fate(sc, 0, "peter_pan", "john")
    hand(sc, 0, "give_them_a_scare")
    menu(sc, 0, 0, power=2)
    sc.play("play hook.give_them_a_scare#1")
    assert decide(sc) == (0, "look")
    assert sc.view(0)["looking"] and sc.view(1)["looking"] == 2
    sc.play("keep hook.peter_pan#1 hook.john#1")
    assert sc.state.players[0]["fdeck"][-1] == "hook.peter_pan#1"


@covers("raven")
def test_R19_raven_before_the_move() -> None:
    sc = table("maleficent", "jafar")
    r = put(sc, 0, "raven", 0)
    start_turn(sc, 0)
    assert decide(sc) == (0, "before_move")
    sc.play(f"use {r}")
    assert "to 0" not in sc.legal()
    sc.play("to 2")
    assert "do fate 0" not in sc.legal()
    sc.play("do gain_power 3")
    assert power(sc, 0) == 3
    assert decide(sc)[1] in ("move", "condition")


def test_R20_immediate_win_stops_everything() -> None:
    sc = table("hook", "maleficent")
    pan = put(sc, 0, "peter_pan", 0)
    for k in ("pirate_brute", "pirate_brute"):
        put(sc, 0, k, 0)
    put(sc, 0, "smee", 0)
    menu(sc, 0, 0)
    sc.play(f"vanquish {pan}", "with hook.pirate_brute#1", "with hook.pirate_brute#2", "confirm")
    assert sc.state.phase == "over" and sc.match.result().winners == (0,)
    assert sc.decision() is None


@covers("forest_of_thorns")
def test_R21_forest_of_thorns_checks_strength_there() -> None:
    sc = table("maleficent", "jafar")
    put(sc, 0, "forest_of_thorns", 2)
    put(sc, 0, "dreamless_sleep", 2)
    top_fate(sc, 0, "king_stefan", "aurora")   # both Strength 4: 2 at The Forest
    sc.state.players[1]["mover"] = 0
    menu(sc, 1, 0)   # Jafar fates Maleficent from Sultan's Palace
    sc.play("fate 0", "pick maleficent.king_stefan#1")
    assert "at 2" not in sc.legal()
    sc2 = table("maleficent", "jafar")
    f = put(sc2, 0, "forest_of_thorns", 2)
    top_fate(sc2, 0, "prince_phillip", "fauna")
    menu(sc2, 1, 0)
    sc2.play("fate 0", "pick maleficent.prince_phillip#1", "at 2")
    assert where(sc2, 0, f) == "discard"


@covers("green_fire", "vanish", "king_stefan")
def test_R22_green_fire_leaves_on_any_entry() -> None:
    sc = table("maleficent", "jafar")
    g = put(sc, 0, "green_fire", 2)
    start_turn(sc, 0)
    passes(sc)
    sc.play("go 2")
    assert where(sc, 0, g) == "discard"
    sc = table("maleficent", "jafar")
    g = put(sc, 0, "green_fire", 0)
    sc.state.players[0]["vanish"] = True
    start_turn(sc, 0)
    passes(sc)
    sc.play("stay")
    assert where(sc, 0, g) == "loc0"
    sc = table("maleficent", "jafar")
    g = put(sc, 0, "green_fire", 3)
    top_fate(sc, 0, "king_stefan", "fauna")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick maleficent.king_stefan#1", "at 1", "mover 3")
    assert where(sc, 0, g) == "discard" and sc.state.players[0]["mover"] == 3


@covers("hypnotize")
def test_R23_hypnotize_cost_and_ally() -> None:
    sc = table("jafar", "maleficent")
    h = put(sc, 0, "rajah", 2)  # Strength 4
    put(sc, 0, "wish", 2, on=h)  # +2 -> 6
    hy = hand(sc, 0, "hypnotize")[0]
    menu(sc, 0, 2, power=5)
    assert f"play {hy}" not in sc.legal()
    menu(sc, 0, 2, power=6)
    sc.play(f"play {hy}", f"target {h}")  # the target is the Hero defeated: no second prompt
    P = sc.state.players[0]
    assert P["cards"][h]["hyp"] and P["cards"][h]["side"] == "v" and st(sc, 0, h) == 4
    assert "jafar.wish#1" in P["fdiscard"] and power(sc, 0) == 0


@covers("abu")
def test_R24_stolen_item_returns_on_defeat() -> None:
    sc = table("jafar", "maleficent")
    lamp = put(sc, 0, "magic_lamp", 1)
    scim_host = put(sc, 0, "palace_guard", 1)
    top_fate(sc, 0, "abu", "carpet")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick jafar.abu#1", "at 1", f"item {lamp}")
    P = sc.state.players[0]
    assert P["cards"][lamp]["stolen"]
    put(sc, 0, "razoul", 1)
    menu(sc, 0, 0)
    sc.play("vanquish jafar.abu#1", f"with {scim_host}", "confirm")
    assert P["cards"][lamp]["side"] == "v" and not P["cards"][lamp].get("stolen")


@covers("little_john")
def test_R25_parked_power_returns_on_defeat() -> None:
    sc = table("john", "maleficent")
    sc.state.players[0]["power"] = 6
    top_fate(sc, 0, "little_john", "toby")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick john.little_john#1", "at 2")
    assert sc.legal()[:5] == ["park 4", "park 3", "park 2", "park 1", "skip"]
    sc.play("park 4")
    assert power(sc, 0) == 2
    for k in ("rhino_guards", "rhino_guards"):
        put(sc, 0, k, 2)
    menu(sc, 0, 2)
    sc.play("vanquish john.little_john#1", "with john.rhino_guards#1", "with john.rhino_guards#2", "confirm")
    assert power(sc, 0) == 6


@covers("clever_disguise")
def test_R26_clever_disguise_paid_in_a_window() -> None:
    sc = table("maleficent", "john")
    h = put(sc, 1, "skippy", 0)
    d = put(sc, 1, "clever_disguise", 0, on=h)
    sc.state.players[1]["power"] = 3
    menu(sc, 0, 1)
    sc.play("gain 2")
    assert decide(sc) == (1, "condition")
    sc.play(f"disguise {d}")
    assert where(sc, 1, d) == "fdiscard" and power(sc, 1) == 1


@covers("makes_you_smaller", "makes_you_larger")
def test_R27_shrink_and_enlarge_coverage() -> None:
    sc = table("queen", "maleficent")
    h = put(sc, 0, "mad_hatter", 1)
    P = sc.state.players[0]
    assert covered(sc.state, P, 1) == {0, 1}
    ms = hand(sc, 0, "makes_you_smaller")[0]
    menu(sc, 0, 0, power=2)
    sc.play(f"play {ms}", "option 0", f"hero {h}", "slot 1")
    assert covered(sc.state, P, 1) == {1}
    ml = top_fate(sc, 0, "makes_you_larger", "dodo")[0]
    menu(sc, 1, 0)
    sc.play("fate 0", f"pick {ml}")
    assert "option 1" in sc.legal()
    sc.play("option 0", f"hero {h}", "spill 2 0")
    assert covered(sc.state, P, 1) == {0, 1} and 0 in covered(sc.state, P, 2)


@covers("take_the_shot", "card_guard_club")
def test_R28_take_the_shot() -> None:
    sc = table("queen", "maleficent")
    for loc in range(4):
        put(sc, 0, "card_guard_heart" if loc < 2 else "card_guard_spade", loc, w=True)  # 3 each: 12
    tts = hand(sc, 0, "take_the_shot")[0]
    from .helpers import top_deck
    top_deck(sc, 0, "judgment", "fury", "very_merry_unbirthday", "spear", "card_guard_club")  # 0+0+0+1+1
    menu(sc, 0, 1, power=4)
    sc.play(f"play {tts}")
    assert sc.state.phase == "over" and sc.match.result().winners == (0,)


def test_R28_take_the_shot_needs_a_wicket_everywhere() -> None:
    sc = table("queen", "maleficent")
    for loc in range(3):
        put(sc, 0, "card_guard_heart" if loc < 2 else "card_guard_spade", loc, w=True)
    tts = hand(sc, 0, "take_the_shot")[0]
    menu(sc, 0, 1, power=9)
    assert f"play {tts}" not in sc.legal()


@covers("card_guard_spade", "judgment")
def test_R29_wickets_are_allies_that_cannot_vanquish() -> None:
    sc = table("queen", "maleficent")
    h = put(sc, 0, "dormouse", 2)
    put(sc, 0, "card_guard_spade", 2, w=True)
    menu(sc, 0, 2)
    assert f"vanquish {h}" not in sc.legal()
    sc2 = table("maleficent", "queen")
    for k in ("savage_goon", "savage_goon", "savage_goon"):
        put(sc2, 0, k, 1)
    hand(sc2, 1, "judgment")
    menu(sc2, 0, 1)
    sc2.play("gain 2")
    sc2.play("cond queen.judgment#1")
    assert power(sc2, 1) >= 3


@covers("binding_contract_the_shore", "snarfblat", "whirlpool")
def test_R30_binding_contract() -> None:
    sc = table("ursula", "maleficent")
    h = put(sc, 0, "flounder", 1)
    bc = hand(sc, 0, "binding_contract_the_shore")[0]
    menu(sc, 0, 2, power=2)
    sc.play(f"play {bc}", f"on {h}")
    passes(sc)
    w = hand(sc, 0, "whirlpool")[0]
    menu(sc, 0, 2, power=1)
    sc.play(f"play {w}", f"hero {h}", "to 2")
    assert h in sc.state.players[0]["fdiscard"]
    sc = table("ursula", "maleficent")
    h = put(sc, 0, "flounder", 1)
    put(sc, 0, "snarfblat", 1, on=h)
    bc = hand(sc, 0, "binding_contract_the_shore")[0]
    menu(sc, 0, 2, power=4)
    assert f"play {bc}" not in sc.legal()
    menu(sc, 0, 2, power=5)
    assert f"play {bc}" in sc.legal()


@covers("crown", "trident")
def test_R31_objective_counts_at_a_locked_lair() -> None:
    sc = table("ursula", "maleficent")
    put(sc, 0, "crown", 0)
    put(sc, 0, "trident", 0)
    sc.state.players[0]["locked"] = [True, False, False, False]
    sc.state.players[0]["mover"] = 1
    start_turn(sc, 0)
    assert sc.state.phase == "over"


def test_R32_peter_pan_flies_to_a_locked_tree_and_joins_behind() -> None:
    sc = table("maleficent", "hook")
    other = put(sc, 1, "wendy", 3)
    top_fate(sc, 1, "john", "peter_pan")
    menu(sc, 0, 0)
    sc.play("fate 1")
    P = sc.state.players[1]
    assert P["locked"][3] and P["cards"]["hook.peter_pan#1"]["loc"] == 3
    assert "hook.john#1" in P["fdiscard"]
    heroes = [h["id"] for h in sc.view(0)["players"][1]["locations"][3]["heroes"]]
    assert heroes == [other, "hook.peter_pan#1"]


@covers("worthy_opponent", "tinker_bell")
def test_R33_worthy_opponent_plays_into_hooks_realm() -> None:
    sc = table("hook", "maleficent")
    top_fate(sc, 0, "splitting_headache", "tinker_bell")
    w = hand(sc, 0, "worthy_opponent")[0]
    menu(sc, 0, 0, power=0)
    sc.play(f"play {w}")
    assert decide(sc) == (0, "hero_where")
    sc.play("at 2")
    assert where(sc, 0, "hook.tinker_bell#1") == "loc2" and power(sc, 0) == 2
    assert "hook.splitting_headache#1" in sc.state.players[0]["fdiscard"]


def test_R34_dragon_form_pays_per_fate() -> None:
    sc = table("maleficent", "jafar")
    put(sc, 0, "guards", 2)
    d = hand(sc, 0, "dragon_form")[0]
    menu(sc, 0, 2, power=3)
    sc.play(f"play {d}")  # one Hero: defeated without a question
    assert sc.state.players[0]["dragon"] == 1
    menu(sc, 1, 0)
    sc.play("fate 0")
    assert power(sc, 0) == 3


@covers("staff", "king_richards_crown")
def test_R35_staff_and_crown_discounts() -> None:
    sc = table("maleficent", "jafar")
    put(sc, 0, "staff", 2)
    c = hand(sc, 0, "green_fire")[0]
    menu(sc, 0, 2, power=2)
    sc.play(f"play {c}")
    assert any("cost 2" in label(sc, a.label) for a in sc.match.legal())
    sc = table("john", "maleficent")
    put(sc, 0, "king_richards_crown", 3)
    c = hand(sc, 0, "rhino_guards")[0]
    menu(sc, 0, 3, power=2)
    sc.play(f"play {c}", "at 0")
    assert power(sc, 0) == 0


@covers("robin_hood")
def test_R36_robin_hood_reduces_each_gain() -> None:
    sc = table("john", "maleficent")
    put(sc, 0, "robin_hood", 1)
    menu(sc, 0, 3, power=0)
    sc.play("gain 3")
    assert power(sc, 0) == 2


@covers("sir_hiss")
def test_R37_sir_hiss_takes_a_covered_action_once() -> None:
    sc = table("john", "maleficent")
    put(sc, 0, "sir_hiss", 1)
    put(sc, 0, "toby", 1)
    menu(sc, 0, 1, power=0)
    assert "gain 2" in sc.legal()
    sc.play("gain 2")
    passes(sc)
    assert power(sc, 0) == 2 and "gain 2" not in sc.legal()


def test_R38_vanish_lets_the_mover_stay() -> None:
    sc = table("maleficent", "jafar")
    v = hand(sc, 0, "vanish")[0]
    menu(sc, 0, 2)
    sc.play(f"play {v}", "end")
    passes(sc)
    start_turn(sc, 0)
    passes(sc)
    assert "stay" in sc.legal()


@covers("taunt", "carpet")
def test_R39_taunt_must_be_defeated_first() -> None:
    sc = table("hook", "maleficent")
    a = put(sc, 0, "john", 0)
    b = put(sc, 0, "michael", 0)
    put(sc, 0, "taunt", 0, on=b)
    put(sc, 0, "pirate_brute", 0)
    menu(sc, 0, 0)
    assert f"vanquish {a}" not in sc.legal() and f"vanquish {b}" in sc.legal()
    sc = table("jafar", "maleficent")
    put(sc, 0, "carpet", 1)
    s_ = put(sc, 0, "sultan", 0)
    put(sc, 0, "razoul", 0)
    menu(sc, 0, 0)
    assert f"vanquish {s_}" not in sc.legal()


@covers("never_land_map", "cannon")
def test_R40_never_land_map_pays_for_an_item() -> None:
    sc = table("hook", "maleficent")
    m = put(sc, 0, "never_land_map", 1)
    c = hand(sc, 0, "cannon")[0]
    menu(sc, 0, 0, power=0)
    sc.play(f"play {c}", "at 0 map")
    assert where(sc, 0, m) == "discard" and where(sc, 0, c) == "loc0"


@covers("hooks_case", "ingenious_device")
def test_R41_items_add_action_symbols() -> None:
    sc = table("hook", "maleficent")
    case = put(sc, 0, "hooks_case", 1)
    put(sc, 0, "ingenious_device", 1)
    put(sc, 0, "wendy", 1)
    menu(sc, 0, 1, power=0)
    assert "gain 1" in sc.legal() and "movehero hook.wendy#1" in sc.legal()
    sc.play("gain 1")
    passes(sc)
    assert power(sc, 0) == 1
    from tabletop.games.villainous.acts import relocate
    relocate(sc.state, 0, case, 2)
    menu(sc, 0, 1, power=0)
    assert "gain 1" not in sc.legal()


@covers("flora")
def test_R42_hands_hidden_unless_flora() -> None:
    sc = table("maleficent", "jafar")
    assert isinstance(sc.view(1)["players"][0]["hand"], int)
    put(sc, 0, "flora", 1)
    assert isinstance(sc.view(1)["players"][0]["hand"], list)


def test_R43_seat_one_starts() -> None:
    sc = table("jafar", "maleficent", "ursula")
    assert sc.decision().seat == 0 and sc.state.round == 1


@covers("friar_tuck")
def test_R44_friar_tuck_before_warrants_pay() -> None:
    sc = table("john", "maleficent")
    put(sc, 0, "warrant", 1)
    top_fate(sc, 0, "friar_tuck", "toby")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick john.friar_tuck#1", "at 1", "yes")
    assert power(sc, 0) == 0 and "john.warrant#1" in sc.state.players[0]["discard"]


def test_R45_mandatory_part_without_target_does_nothing() -> None:
    sc = table("hook", "maleficent")
    top_fate(sc, 0, "tinker_bell", "john")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick hook.tinker_bell#1", "at 1")
    assert where(sc, 0, "hook.tinker_bell#1") == "loc1"


def test_R46_round_limit_no_winner() -> None:
    sc = table("maleficent", "jafar", round_limit=5)
    sc.state.round_limit = 1
    sc.state.turn = 1
    menu(sc, 1, 1)
    sc.play("end")
    passes(sc)
    assert sc.state.phase == "over" and sc.match.result().winners == ()


@covers("magic_lamp", "genie")
def test_R47_lamp_pulls_a_hypnotized_genie_back() -> None:
    sc = table("jafar", "maleficent")
    g = take(sc, 0, "genie")
    sc.state.players[0]["cards"][g] = {"loc": 2, "side": "v", "on": None, "hyp": True}
    sc.state.players[0]["locked"][3] = False
    lamp = hand(sc, 0, "magic_lamp")[0]
    menu(sc, 0, 2, power=4)
    sc.play(f"play {lamp}", "at 3")
    rec = sc.state.players[0]["cards"][g]
    assert rec["side"] == "h" and rec["loc"] == 3 and not rec.get("hyp")
