"""Each villain reaches its objective in a played-out scenario, checked at the right moment."""

from __future__ import annotations

from .helpers import hand, menu, passes, put, start_turn, table, top_deck


def won(sc, seat: int) -> bool:  # type: ignore[no-untyped-def]
    r = sc.match.result()
    return r is not None and r.winners == (seat,)


def end_turn(sc) -> None:  # type: ignore[no-untyped-def]
    sc.play("end")
    passes(sc)


def test_maleficent_curse_everywhere_wins_at_her_next_turn() -> None:
    sc = table("maleficent", "jafar")
    for loc in (0, 1, 3):
        put(sc, 0, "forest_of_thorns", loc)
    c = hand(sc, 0, "green_fire")[0]
    menu(sc, 0, 2, power=3)
    sc.play(f"play {c}", "at 2")
    passes(sc)
    assert not won(sc, 0)                 # not mid-turn: a start-of-turn objective
    end_turn(sc)
    start_turn(sc, 0)
    assert won(sc, 0)


def test_jafar_lamp_and_hypnotized_genie() -> None:
    sc = table("jafar", "maleficent")
    put(sc, 0, "magic_lamp", 0)
    g = put(sc, 0, "genie", 2)
    hy = hand(sc, 0, "hypnotize")[0]
    menu(sc, 0, 2, power=6)
    sc.play(f"play {hy}", f"target {g}")
    passes(sc)
    end_turn(sc)
    start_turn(sc, 0)
    assert won(sc, 0)


def test_jafar_stolen_lamp_does_not_count() -> None:
    sc = table("jafar", "maleficent")
    lamp = put(sc, 0, "magic_lamp", 0)
    abu = put(sc, 0, "abu", 0)
    sc.state.players[0]["cards"][lamp].update(on=abu, side="h", stolen=True)
    g = put(sc, 0, "genie", 2)
    sc.state.players[0]["cards"][g].update(side="v", hyp=True)
    start_turn(sc, 0)
    assert not won(sc, 0)


def test_ursula_wins_the_trident_back() -> None:
    sc = table("ursula", "maleficent")
    P = sc.state.players[0]
    put(sc, 0, "crown", 0)
    tri = put(sc, 0, "king_triton", 1)
    put(sc, 0, "trident", 1, on=tri)
    put(sc, 0, "binding_contract_ursulas_lair", 1, on=tri)
    w = hand(sc, 0, "whirlpool")[0]
    menu(sc, 0, 2, power=2)
    sc.play(f"play {w}", f"hero {tri}", "to 0")
    assert P["cards"]["ursula.trident#1"]["side"] == "v" and P["cards"]["ursula.trident#1"]["loc"] == 0
    passes(sc)
    end_turn(sc)
    start_turn(sc, 0)
    assert won(sc, 0)


def test_hook_defeats_peter_pan_at_the_jolly_roger_immediately() -> None:
    sc = table("hook", "maleficent")
    pan = put(sc, 0, "peter_pan", 1)
    put(sc, 0, "ingenious_device", 1)
    for k in ("pirate_brute", "pirate_brute", "smee"):
        put(sc, 0, k, 0)
    menu(sc, 0, 1, power=0)
    sc.play(f"movehero {pan}", "to 0")
    passes(sc)
    assert not won(sc, 0)
    menu(sc, 0, 0, power=0)
    sc.play(f"vanquish {pan}", "with hook.pirate_brute#1", "with hook.pirate_brute#2", "confirm")
    assert won(sc, 0) and sc.decision() is None


def test_hook_defeating_peter_elsewhere_does_not_win() -> None:
    sc = table("hook", "maleficent")
    sc.state.players[0]["locked"][3] = False
    pan = put(sc, 0, "peter_pan", 2)
    a = put(sc, 0, "pirate_brute", 2)
    b = put(sc, 0, "pirate_brute", 2)
    put(sc, 0, "cannon", 2)
    menu(sc, 0, 2, power=0)
    sc.play(f"vanquish {pan}", f"with {a}", f"with {b}", "confirm")
    assert not won(sc, 0) and pan in sc.state.players[0]["fdiscard"]


def test_prince_john_twenty_power() -> None:
    sc = table("john", "maleficent")
    menu(sc, 0, 3, power=17)
    sc.play("gain 3")
    passes(sc)
    assert not won(sc, 0)
    end_turn(sc)
    start_turn(sc, 0)
    assert won(sc, 0)


def test_queen_take_the_shot_fails_then_discards() -> None:
    sc = table("queen", "maleficent")
    for loc in range(4):
        put(sc, 0, "card_guard_club", loc, w=True) if loc < 2 else put(sc, 0, "card_guard_diamond", loc, w=True)
    tts = hand(sc, 0, "take_the_shot")[0]
    shown = top_deck(sc, 0, "take_the_shot", "take_the_shot", "tweedle_dee_and_tweedle_dum", "off_with_your_head",
                     "by_order_of_the_queen")   # 4+4+3+3+2 = 16 >= 8
    menu(sc, 0, 1, power=4)
    sc.play(f"play {tts}")
    assert not won(sc, 0)
    assert all(c in sc.state.players[0]["discard"] for c in shown)


def test_queen_take_the_shot_wins_at_once() -> None:
    sc = table("maleficent", "queen")
    for loc in range(4):
        put(sc, 1, "card_guard_heart" if loc < 2 else "card_guard_spade", loc, w=True)
    tts = hand(sc, 1, "take_the_shot")[0]
    top_deck(sc, 1, "fury", "judgment", "spear", "spear", "stopwatch")
    menu(sc, 1, 1, power=4)
    sc.play(f"play {tts}")
    assert won(sc, 1)
