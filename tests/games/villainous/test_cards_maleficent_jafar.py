"""Card effects of Maleficent's and Jafar's decks, one scenario each (or a few together)."""

from __future__ import annotations

from .helpers import covers, decide, hand, menu, passes, power, put, st, table, top_deck, top_fate, where


@covers("cackling_goon", "sinister_goon", "savage_goon")
def test_goons() -> None:
    sc = table("maleficent", "jafar")
    c = put(sc, 0, "cackling_goon", 1)
    s_ = put(sc, 0, "sinister_goon", 1)
    assert st(sc, 0, c) == 1 and st(sc, 0, s_) == 3
    put(sc, 0, "fauna", 1)
    put(sc, 0, "forest_of_thorns", 1)
    assert st(sc, 0, c) == 2 and st(sc, 0, s_) == 4
    assert st(sc, 0, put(sc, 0, "savage_goon", 2)) == 4


@covers("dreamless_sleep")
def test_dreamless_sleep_leaves_when_an_ally_arrives() -> None:
    sc = table("maleficent", "jafar")
    d = put(sc, 0, "dreamless_sleep", 1)
    g = hand(sc, 0, "savage_goon")[0]
    menu(sc, 0, 2, power=3)
    sc.play(f"play {g}", "at 1")
    assert where(sc, 0, d) == "discard"


@covers("spinning_wheel", "guards")
def test_spinning_wheel_pays_for_a_defeat_here() -> None:
    sc = table("maleficent", "jafar")
    put(sc, 0, "spinning_wheel", 3)
    h = put(sc, 0, "guards", 3)
    a = put(sc, 0, "savage_goon", 3)
    menu(sc, 0, 3, power=0)
    assert f"vanquish {h}" not in sc.legal()  # Guards need two Allies
    b = put(sc, 0, "cackling_goon", 3)
    menu(sc, 0, 3, power=0)
    sc.play(f"vanquish {h}", f"with {a}")
    assert "confirm" not in sc.legal()
    sc.play(f"with {b}", "confirm")
    assert power(sc, 0) == 2


@covers("merryweather")
def test_merryweather_forbids_curses() -> None:
    sc = table("maleficent", "jafar")
    put(sc, 0, "merryweather", 1)
    c = hand(sc, 0, "forest_of_thorns")[0]
    menu(sc, 0, 2, power=5)
    sc.play(f"play {c}")
    assert "at 1" not in sc.legal() and "at 0" in sc.legal()


@covers("once_upon_a_dream")
def test_once_upon_a_dream() -> None:
    sc = table("maleficent", "jafar")
    c1 = put(sc, 0, "forest_of_thorns", 1)
    put(sc, 0, "forest_of_thorns", 2)
    put(sc, 0, "guards", 1)
    o = top_fate(sc, 0, "once_upon_a_dream", "once_upon_a_dream")[0]
    menu(sc, 1, 0)
    sc.play("fate 0", f"pick {o}")
    assert sc.legal() == [f"discard {c1}"]
    sc.play(f"discard {c1}")
    assert where(sc, 0, c1) == "discard"


@covers("aurora")
def test_aurora_plays_a_revealed_hero() -> None:
    sc = table("maleficent", "jafar")
    top_fate(sc, 0, "aurora", "fauna", "flora")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick maleficent.aurora#1", "at 1")
    assert decide(sc) == (1, "hero_where")   # Flora was revealed: the fating player places her
    sc.play("at 2")
    assert where(sc, 0, "maleficent.flora#1") == "loc2"


@covers("aurora")
def test_aurora_returns_a_non_hero() -> None:
    sc = table("maleficent", "jafar")
    top_fate(sc, 0, "aurora", "fauna", "once_upon_a_dream")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick maleficent.aurora#1", "at 1")
    assert sc.state.players[0]["fdeck"][-1].startswith("maleficent.once_upon_a_dream")


@covers("fauna")
def test_fauna_discards_dreamless_sleep() -> None:
    sc = table("maleficent", "jafar")
    d = put(sc, 0, "dreamless_sleep", 2)
    top_fate(sc, 0, "fauna", "guards")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick maleficent.fauna#1", "at 2", f"discard {d}")
    assert where(sc, 0, d) == "discard"


@covers("king_hubert")
def test_king_hubert_pulls_allies() -> None:
    sc = table("maleficent", "jafar")
    a = put(sc, 0, "savage_goon", 0)
    b = put(sc, 0, "savage_goon", 2)
    top_fate(sc, 0, "king_hubert", "guards")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick maleficent.king_hubert#1", "at 1", f"pull {a}", f"pull {b}")
    assert where(sc, 0, a) == where(sc, 0, b) == "loc1"


@covers("prince_phillip")
def test_prince_phillip_discards_allies_here() -> None:
    sc = table("maleficent", "jafar")
    a = put(sc, 0, "savage_goon", 2)
    top_fate(sc, 0, "prince_phillip", "guards")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick maleficent.prince_phillip#1", "at 2", "yes")
    assert where(sc, 0, a) == "discard"


@covers("vanish")
def test_vanish_sets_the_grant() -> None:
    sc = table("maleficent", "jafar")
    v = hand(sc, 0, "vanish")[0]
    menu(sc, 0, 1)
    sc.play(f"play {v}")
    assert sc.state.players[0]["vanish"] and where(sc, 0, v) == "discard"


# -- Jafar ---------------------------------------------------------------------------------------


@covers("necessary_sacrifice")
def test_necessary_sacrifice() -> None:
    sc = table("jafar", "maleficent")
    g = put(sc, 0, "palace_guard", 1)
    n = hand(sc, 0, "necessary_sacrifice")[0]
    menu(sc, 0, 1, power=0)
    sc.play(f"play {n}", f"discard {g}")
    assert where(sc, 0, g) == "discard" and power(sc, 0) == 3


@covers("scrying")
def test_scrying_finds_an_item() -> None:
    sc = table("jafar", "maleficent")
    top_deck(sc, 0, "palace_guard", "razoul", "snake_staff")
    s_ = hand(sc, 0, "scrying")[0]
    menu(sc, 0, 1, power=1)
    sc.play(f"play {s_}", "option 0")
    P = sc.state.players[0]
    assert "jafar.snake_staff#1" in P["hand"] and "jafar.palace_guard#1" in P["discard"]


@covers("a_snake_am_i")
def test_a_snake_am_i_at_the_mover() -> None:
    sc = table("jafar", "maleficent")
    far = put(sc, 0, "rajah", 2)
    near = put(sc, 0, "sultan", 1)
    c = hand(sc, 0, "a_snake_am_i")[0]
    menu(sc, 0, 1, power=2)
    sc.play(f"play {c}")  # one Hero at the mover: defeated without a question
    assert where(sc, 0, near) == "fdiscard" and where(sc, 0, far) == "loc2"


@covers("deception")
def test_deception_plays_the_active_players_fate() -> None:
    sc = table("maleficent", "jafar")
    put(sc, 0, "staff", 1)
    put(sc, 0, "spinning_wheel", 2)
    d = hand(sc, 1, "deception")[0]
    top_fate(sc, 0, "guards", "fauna")
    menu(sc, 0, 1)
    sc.play("gain 2")
    sc.play(f"cond {d}")
    assert decide(sc) == (1, "hero_where")
    sc.play("at 1")
    assert where(sc, 0, "maleficent.guards#1") == "loc1"


@covers("giant_hourglass")
def test_giant_hourglass() -> None:
    sc = table("jafar", "maleficent")
    g = put(sc, 0, "giant_hourglass", 2)
    h = put(sc, 0, "rajah", 2)
    menu(sc, 0, 0)
    sc.play(f"activate {g}")
    assert st(sc, 0, h) == 2
    passes(sc)
    sc.play("end")
    passes(sc)
    assert st(sc, 0, h) == 4


@covers("manipulation", "razoul")
def test_manipulation_takes_back_a_card() -> None:
    sc = table("maleficent", "jafar")
    for k in ("savage_goon", "savage_goon", "cackling_goon"):
        put(sc, 0, k, 1)
    m = hand(sc, 1, "manipulation")[0]
    r = sc.state.players[1]["deck"].pop()
    sc.state.players[1]["discard"].append(r)
    menu(sc, 0, 1)
    sc.play("gain 2", f"cond {m}", f"take {r}")
    assert r in sc.state.players[1]["hand"]
    sc = table("jafar", "maleficent")
    put(sc, 0, "razoul", 2)
    g = hand(sc, 0, "palace_guard")[0]
    menu(sc, 0, 1, power=0)
    sc.play(f"play {g}")
    assert sc.legal() == ["at 2"]


@covers("sorcerous_power")
def test_sorcerous_power_moves_hero_and_ally() -> None:
    sc = table("jafar", "maleficent")
    h = put(sc, 0, "sultan", 0)
    a = put(sc, 0, "palace_guard", 2)
    c = hand(sc, 0, "sorcerous_power")[0]
    menu(sc, 0, 1, power=2)
    sc.play(f"play {c}", f"hero {h}", "to 2", f"ally {a}", "to 0")
    assert where(sc, 0, h) == "loc2" and where(sc, 0, a) == "loc0"


@covers("gazeem")
def test_gazeem_returns_an_item_when_discarded() -> None:
    sc = table("jafar", "maleficent")
    gz = put(sc, 0, "gazeem", 0)
    h = put(sc, 0, "sultan", 0)
    sc.state.players[0]["discard"].append(sc.state.players[0]["deck"].pop())
    item = next(c for c in sc.state.players[0]["deck"] if "scimitar" in c)
    sc.state.players[0]["deck"].remove(item)
    sc.state.players[0]["discard"].append(item)
    menu(sc, 0, 0)
    sc.play(f"vanquish {h}", f"with {gz}", "confirm", f"take {item}")
    assert item in sc.state.players[0]["hand"]


@covers("iago")
def test_iago_carries_an_item() -> None:
    sc = table("jafar", "maleficent")
    i = put(sc, 0, "iago", 2)
    lamp = put(sc, 0, "magic_lamp", 2)
    menu(sc, 0, 0, power=1)
    sc.play(f"activate {i}", f"carry {lamp}", "to 1")
    assert where(sc, 0, i) == where(sc, 0, lamp) == "loc1"


@covers("snake_staff")
def test_snake_staff_fetches_hypnotize() -> None:
    sc = table("jafar", "maleficent")
    s_ = put(sc, 0, "snake_staff", 0)
    hy = hand(sc, 0, "hypnotize")[0]
    P = sc.state.players[0]
    P["hand"].remove(hy)
    P["discard"].append(hy)
    menu(sc, 0, 0, power=1)
    sc.play(f"activate {s_}", f"take {hy}")
    assert hy in P["hand"]


@covers("crushing_blow", "narrow_escape")
def test_crushing_blow_and_narrow_escape() -> None:
    sc = table("maleficent", "jafar")
    g = put(sc, 1, "palace_guard", 1)
    put(sc, 1, "razoul", 2)
    cb = top_fate(sc, 1, "crushing_blow", "crushing_blow")[0]
    menu(sc, 0, 0)
    sc.play("fate 1", f"pick {cb}", f"discard {g}")
    assert where(sc, 1, g) == "discard" and where(sc, 1, "jafar.razoul#1") == "loc2"
    sc = table("maleficent", "jafar")
    h = sc.state.players[1]["fdeck"].pop(sc.state.players[1]["fdeck"].index("jafar.rajah#1"))
    sc.state.players[1]["fdiscard"].append(h)
    ne = top_fate(sc, 1, "narrow_escape", "narrow_escape")[0]
    menu(sc, 0, 0)
    sc.play("fate 1", f"pick {ne}", f"hero {h}", "at 2")
    assert where(sc, 1, h) == "loc2"


@covers("rajah", "princess_jasmine")
def test_rajah_with_jasmine() -> None:
    sc = table("jafar", "maleficent")
    r = put(sc, 0, "rajah", 1)
    assert st(sc, 0, r) == 4
    put(sc, 0, "princess_jasmine", 2)
    assert st(sc, 0, r) == 6


@covers("genie", "magic_lamp")
def test_genie_is_stronger_with_the_lamp() -> None:
    sc = table("jafar", "maleficent")
    g = put(sc, 0, "genie", 2)
    assert st(sc, 0, g) == 6
    put(sc, 0, "magic_lamp", 2)
    assert st(sc, 0, g) == 8


@covers("carpet", "aladdin")
def test_aladdin_steals_and_carpet_first() -> None:
    sc = table("jafar", "maleficent")
    s_ = put(sc, 0, "scimitar", 2, on=put(sc, 0, "palace_guard", 2))
    top_fate(sc, 0, "aladdin", "wish")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick jafar.aladdin#1", "at 2", f"item {s_}")
    P = sc.state.players[0]
    assert P["cards"][s_]["on"] == "jafar.aladdin#1"
    assert st(sc, 0, "jafar.palace_guard#1") == 2
    put(sc, 0, "razoul", 2)
    put(sc, 0, "palace_guard", 2)
    menu(sc, 0, 0)
    sc.play("vanquish jafar.aladdin#1", "with jafar.razoul#1", "with jafar.palace_guard#1", "confirm")
    assert where(sc, 0, s_) == "discard"   # a Scimitar needs an Ally: discarded (R24)
