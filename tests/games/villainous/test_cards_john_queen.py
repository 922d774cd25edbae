"""Card effects of Prince John's and the Queen of Hearts' decks."""

from __future__ import annotations

from .helpers import covers, decide, hand, menu, passes, power, put, st, table, top_fate, where


@covers("beautiful_lovely_taxes", "alan_a_dale")
def test_taxes_count_heroes() -> None:
    sc = table("john", "maleficent")
    a = put(sc, 0, "alan_a_dale", 0)
    t_ = put(sc, 0, "toby", 1)
    assert st(sc, 0, t_) == 3 and st(sc, 0, a) == 2
    c = hand(sc, 0, "beautiful_lovely_taxes")[0]
    menu(sc, 0, 3, power=0)
    sc.play(f"play {c}")
    assert power(sc, 0) == 2


@covers("imprison", "lady_kluck")
def test_imprison_and_lady_kluck() -> None:
    sc = table("john", "maleficent")
    k = put(sc, 0, "lady_kluck", 1)
    c = hand(sc, 0, "imprison")[0]
    menu(sc, 0, 3, power=2)
    assert f"play {c}" not in sc.legal()   # Lady Kluck cannot go to The Jail: nothing to imprison
    del k


@covers("wolf_archers", "skippy")
def test_wolf_archers_reach_but_not_skippy() -> None:
    sc = table("john", "maleficent")
    h = put(sc, 0, "toby", 2)
    w = put(sc, 0, "wolf_archers", 1)
    menu(sc, 0, 2)
    sc.play(f"vanquish {h}", f"with {w}", "confirm")
    assert where(sc, 0, h) == "fdeck"   # Toby shuffles back into the Fate deck
    sc = table("john", "maleficent")
    s_ = put(sc, 0, "skippy", 2)
    put(sc, 0, "wolf_archers", 2)
    menu(sc, 0, 2)
    assert f"vanquish {s_}" not in sc.legal()


@covers("toby")
def test_toby_is_shuffled_back() -> None:
    sc = table("john", "maleficent")
    h = put(sc, 0, "toby", 2)
    r = put(sc, 0, "rhino_guards", 2)
    menu(sc, 0, 2)
    sc.play(f"vanquish {h}", f"with {r}", "confirm")
    assert h in sc.state.players[0]["fdeck"]


@covers("bow_and_arrows", "golden_arrow", "rhino_guards")
def test_bow_discards_itself_and_golden_arrow_pays() -> None:
    sc = table("john", "maleficent")
    h = put(sc, 0, "skippy", 2)
    r = put(sc, 0, "rhino_guards", 2)
    b = put(sc, 0, "bow_and_arrows", 2, on=r)
    g = put(sc, 0, "golden_arrow", 2, on=r)
    menu(sc, 0, 2, power=0)
    sc.play(f"vanquish {h}", f"with {r}", "confirm")
    assert where(sc, 0, r) == "loc2" and where(sc, 0, b) == "discard" and power(sc, 0) == 2
    del g


@covers("cowardice", "greed")
def test_cowardice_and_greed() -> None:
    sc = table("maleficent", "john")
    for k in ("savage_goon", "savage_goon", "sinister_goon"):
        put(sc, 0, k, 1)
    c = hand(sc, 1, "cowardice")[0]
    r = hand(sc, 1, "rhino_guards")[0]
    menu(sc, 0, 1)
    sc.play("gain 2", f"cond {c}", f"free {r}", "at 2")
    assert where(sc, 1, r) == "loc2" and power(sc, 1) == 1
    passes(sc)
    sc = table("maleficent", "john")
    g = hand(sc, 1, "greed")[0]
    menu(sc, 0, 2, power=3)
    sc.play("gain 3", f"cond {g}")
    assert power(sc, 1) == 4


@covers("set_a_trap", "intimidation")
def test_set_a_trap_and_intimidation() -> None:
    sc = table("john", "maleficent")
    h = put(sc, 0, "skippy", 1)
    r = put(sc, 0, "rhino_guards", 3)
    st_ = hand(sc, 0, "set_a_trap")[0]
    menu(sc, 0, 3, power=1)
    sc.play(f"play {st_}", f"ally {r}", "to 1", f"vanquish {h}", f"with {r}", "confirm")
    assert where(sc, 0, h) == "fdiscard" and where(sc, 0, r) == "discard"
    sc = table("john", "maleficent")
    h = put(sc, 0, "skippy", 1)
    r = put(sc, 0, "rhino_guards", 1)
    i = hand(sc, 0, "intimidation")[0]
    menu(sc, 0, 3, power=2)
    sc.play(f"play {i}", f"vanquish {h}", f"with {r}", "confirm")
    assert where(sc, 0, h) == "fdiscard" and where(sc, 0, r) == "loc1"


@covers("nutsy", "trigger")
def test_nutsy_and_trigger() -> None:
    sc = table("john", "maleficent")
    n = put(sc, 0, "nutsy", 1)
    r = put(sc, 0, "rhino_guards", 1)
    assert st(sc, 0, r) == 5 and st(sc, 0, n) == 2
    put(sc, 0, "trigger", 1)
    assert st(sc, 0, r) == 4 and st(sc, 0, n) == 1


@covers("sheriff_of_nottingham")
def test_sheriff_before_the_move() -> None:
    sc = table("john", "maleficent")
    s_ = put(sc, 0, "sheriff_of_nottingham", 0)
    put(sc, 0, "toby", 2)
    from .helpers import start_turn
    start_turn(sc, 0)
    sc.play(f"use {s_}", "to 2")
    assert power(sc, 0) == 1 and where(sc, 0, s_) == "loc2"


@covers("king_richard")
def test_king_richard_forbids_effects() -> None:
    sc = table("john", "maleficent")
    c = hand(sc, 0, "beautiful_lovely_taxes")[0]
    put(sc, 0, "king_richard", 0)
    menu(sc, 0, 3)
    assert f"play {c}" not in sc.legal()


@covers("maid_marian")
def test_maid_marian_brings_robin_hood() -> None:
    sc = table("john", "maleficent")
    m = put(sc, 0, "maid_marian", 2)
    r = put(sc, 0, "rhino_guards", 2)
    menu(sc, 0, 2)
    sc.play(f"vanquish {m}", f"with {r}", "confirm")
    assert where(sc, 0, "john.robin_hood#1") == "loc2"


@covers("steal_from_the_rich")
def test_steal_from_the_rich() -> None:
    sc = table("maleficent", "john")
    h = put(sc, 1, "skippy", 1)
    sc.state.players[1]["power"] = 3
    s_ = top_fate(sc, 1, "steal_from_the_rich", "steal_from_the_rich")[0]
    menu(sc, 0, 0)
    sc.play("fate 1", f"pick {s_}", f"hero {h}")
    assert sc.legal()[:4] == ["park 3", "park 2", "park 1", "park 0"]  # "up to": the fating player's
    sc.play("park 3")
    assert power(sc, 1) == 0 and sc.state.players[1]["cards"][h]["pw"] == 3


# -- Queen of Hearts ----------------------------------------------------------------------------


@covers("card_guard_club", "card_guard_diamond", "card_guard_heart", "card_guard_spade", "the_king",
        "white_rabbit")
def test_card_guards_flip_and_cost() -> None:
    sc = table("queen", "maleficent")
    put(sc, 0, "the_king", 2)
    d = hand(sc, 0, "card_guard_diamond")[0]
    hh = hand(sc, 0, "card_guard_heart")[0]
    menu(sc, 0, 1, power=1)
    sc.play(f"play {hh}", "at 1")
    assert power(sc, 0) == 0
    passes(sc)
    menu(sc, 0, 1, power=1)
    sc.play(f"activate {hh}")
    assert sc.state.players[0]["cards"][hh]["w"] and power(sc, 0) == 0
    put(sc, 0, "white_rabbit", 3)
    menu(sc, 0, 1, power=1)
    assert f"activate {hh}" not in sc.legal()   # now 2
    del d


@covers("off_with_your_head", "by_order_of_the_queen", "dodo")
def test_off_with_your_head_and_by_order() -> None:
    sc = table("queen", "maleficent")
    h = put(sc, 0, "dodo", 0)
    o = hand(sc, 0, "off_with_your_head")[0]
    menu(sc, 0, 1, power=3)
    sc.play(f"play {o}")  # one Hero to defeat: nothing to ask
    assert where(sc, 0, h) == "fdiscard"
    passes(sc)
    a = put(sc, 0, "card_guard_club", 2)
    b = put(sc, 0, "card_guard_spade", 0)
    sc.state.players[0]["fdiscard"].remove(h)
    sc.state.players[0]["cards"][h] = {"loc": 0, "side": "h", "on": None}
    bo = hand(sc, 0, "by_order_of_the_queen")[0]
    menu(sc, 0, 1, power=2)
    sc.play(f"play {bo}")
    assert f"flip {b}" not in sc.legal()   # Dodo keeps Card Guards at his location standing
    sc.play(f"flip {a}")
    assert sc.state.players[0]["cards"][a]["w"]


@covers("fury", "dormouse")
def test_fury_shrinks_but_not_the_dormouse() -> None:
    sc = table("maleficent", "queen")
    h = put(sc, 1, "mad_hatter", 1)
    d = put(sc, 1, "dormouse", 2)
    f = hand(sc, 1, "fury")[0]
    k = put(sc, 0, "king_stefan", 3)
    sg = put(sc, 0, "savage_goon", 3)
    menu(sc, 0, 3)
    sc.play(f"vanquish {k}", f"with {sg}", "confirm", f"cond {f}")
    assert f"hero {d}" not in sc.legal()
    sc.play(f"hero {h}", "slot 0")
    assert sc.state.players[1]["cards"][h]["sz"] == "s"


@covers("very_merry_unbirthday", "tweedle_dee_and_tweedle_dum")
def test_unbirthday_and_tweedles() -> None:
    sc = table("queen", "maleficent")
    t_ = put(sc, 0, "tweedle_dee_and_tweedle_dum", 2)
    put(sc, 0, "card_guard_club", 2, w=True)
    v = hand(sc, 0, "very_merry_unbirthday")[0]
    menu(sc, 0, 1, power=0)
    sc.play(f"play {v}")
    assert power(sc, 0) == 2
    passes(sc)
    h = put(sc, 0, "dormouse", 2)
    menu(sc, 0, 2)
    sc.play(f"vanquish {h}", f"with {t_}", "confirm")
    assert where(sc, 0, t_) == "loc2"


@covers("im_late_im_late", "mome_raths", "alice")
def test_im_late_mome_raths_alice() -> None:
    sc = table("maleficent", "queen")
    P = sc.state.players[1]
    d = top_fate(sc, 1, "dodo")[0]
    P["fdeck"].remove(d)
    P["fdiscard"].append(d)
    i = top_fate(sc, 1, "im_late_im_late", "im_late_im_late")[0]
    menu(sc, 0, 0)
    sc.play("fate 1", f"pick {i}", f"hero {d}", "at 3")
    assert where(sc, 1, d) == "loc3"
    a = put(sc, 1, "card_guard_club", 0)
    m = top_fate(sc, 1, "mome_raths", "mome_raths")[0]
    menu(sc, 0, 0)
    sc.play("fate 1", f"pick {m}", f"ally {a}", "to 2")
    assert where(sc, 1, a) == "loc2"
    put(sc, 1, "alice", 1)
    menu(sc, 1, 0)   # the Courtyard has Move an Item or Ally on top
    assert not [x for x in sc.legal() if x.startswith("move ")]


@covers("caterpillar", "mad_hatter", "march_hare")
def test_caterpillar_and_tea_party() -> None:
    sc = table("queen", "maleficent")
    g = put(sc, 0, "card_guard_club", 1)
    put(sc, 0, "caterpillar", 1)
    assert st(sc, 0, g) == 1
    m = put(sc, 0, "mad_hatter", 2)
    assert st(sc, 0, m) == 3
    h = put(sc, 0, "march_hare", 3)
    assert st(sc, 0, m) == 5 and st(sc, 0, h) == 5


@covers("cheshire_cat")
def test_cheshire_cat_both_ways() -> None:
    sc = table("queen", "maleficent")
    w = put(sc, 0, "card_guard_club", 1, w=True)
    top_fate(sc, 0, "cheshire_cat", "dodo")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick queen.cheshire_cat#1", "at 1", f"flip {w}")
    assert not sc.state.players[0]["cards"][w].get("w")
    passes(sc)
    g1, g2 = (put(sc, 0, k, 1) for k in ("card_guard_heart", "card_guard_spade"))
    menu(sc, 0, 2)
    sc.play("vanquish queen.cheshire_cat#1", f"with {g1}", f"with {g2}", "confirm")
    assert decide(sc) == (0, "convert")
    sc.play(f"flip {w}")
    assert sc.state.players[0]["cards"][w]["w"]


@covers("down_the_rabbit_hole")
def test_down_the_rabbit_hole() -> None:
    sc = table("maleficent", "queen")
    d = top_fate(sc, 1, "down_the_rabbit_hole", "dodo")[0]
    menu(sc, 0, 0)
    sc.play("fate 1", f"pick {d}", "at 2")
    assert where(sc, 1, "queen.alice#1") == "loc2"
    sc = table("maleficent", "queen")
    put(sc, 1, "alice", 2)
    a = put(sc, 1, "card_guard_club", 2)
    d = top_fate(sc, 1, "down_the_rabbit_hole", "dodo")[0]
    menu(sc, 0, 0)
    sc.play("fate 1", f"pick {d}", f"discard {a}")
    assert where(sc, 1, a) == "discard"
