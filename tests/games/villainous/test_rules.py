"""One test per numbered section of the spec (§1–§14), named ``test_S<n>_...``."""

from __future__ import annotations

import pytest

from tabletop.engine import IllegalAction
from tabletop.games.villainous.board import covered, slots

from .helpers import covers, decide, hand, menu, passes, power, put, st, start_turn, table, top_fate, where


def test_S1_components_decks_and_locks() -> None:
    sc = table("maleficent", "jafar", "ursula", "hook", "john", "queen")
    for P in sc.state.players:
        assert len(P["deck"]) + len(P["hand"]) == 30 and len(P["fdeck"]) == 15


def test_S2_realm_isolation_fate_cards_stay_in_the_victims_realm() -> None:
    sc = table("maleficent", "jafar")
    top_fate(sc, 1, "sultan", "abu")
    menu(sc, 0, 0)
    sc.play("fate 1", "pick jafar.sultan#1", "at 2")
    assert "jafar.sultan#1" in sc.state.players[1]["cards"] and not any(
        c.startswith("jafar.") for c in sc.state.players[0]["cards"])


def test_S3_setup() -> None:
    sc = table("jafar", "maleficent", "ursula", "hook", "john", "queen")
    s = sc.state
    assert [P["power"] for P in s.players] == [0, 1, 2, 2, 3, 3]
    assert all(P["mover"] == 0 or i == 0 for i, P in enumerate(s.players))
    assert s.players[0]["locked"] == [False, False, False, True]       # Cave of Wonders
    assert s.players[2]["locked"] == [False, False, False, True]       # The Palace
    assert s.players[3]["locked"] == [False, False, False, True]       # Hangman's Tree
    assert s.players[1]["locked"] == [False] * 4
    assert all(len(P["hand"]) == 4 for P in s.players)


def test_S3_draft_option_lets_players_choose() -> None:
    from tests.scenario import Scenario
    sc = Scenario("villainous", players=2, options={"draft": True}, seed=3)
    assert decide(sc) == (0, "villain")
    sc.play("villain ursula")
    assert "villain ursula" not in sc.legal()
    sc.play("villain hook")
    assert [P["villain"] for P in sc.state.players] == ["ursula", "hook"]


def test_S4_turn_order_move_must_change_location() -> None:
    sc = table("maleficent", "jafar")
    assert decide(sc) == (0, "move")
    assert "go 0" not in sc.legal()
    sc.play("go 2", "gain 3", "end")
    assert decide(sc) == (1, "move") and power(sc, 0) == 3
    assert len(sc.state.players[0]["hand"]) == 4


def test_S4_each_symbol_once() -> None:
    sc = table("maleficent", "jafar")
    menu(sc, 0, 2)
    sc.play("gain 3")
    assert "gain 3" not in sc.legal()


def test_S5_1_gain_power() -> None:
    sc = table("jafar", "maleficent")
    menu(sc, 0, 2, power=0)
    sc.play("gain 3")
    assert power(sc, 0) == 3


def test_S5_2_play_requires_full_payment() -> None:
    sc = table("maleficent", "jafar")
    c = hand(sc, 0, "savage_goon", clear=True)[0]
    menu(sc, 0, 2, power=2)
    assert f"play {c}" not in sc.legal()
    with pytest.raises(IllegalAction):
        sc.game.apply(sc.state, f"play {c}")


def test_S5_2_conditions_are_not_played_as_actions() -> None:
    sc = table("maleficent", "jafar")
    c = hand(sc, 0, "malice", clear=True)[0]
    menu(sc, 0, 2, power=9)
    assert f"play {c}" not in sc.legal()


def test_S5_3_activate_pays_the_cost() -> None:
    sc = table("jafar", "maleficent")
    iago = put(sc, 0, "iago", 2)
    menu(sc, 0, 0, power=1)
    sc.play(f"activate {iago}", "to 1")
    assert where(sc, 0, iago) == "loc1" and power(sc, 0) == 0


def test_S5_4_fate_reveals_two_and_discards_the_other() -> None:
    sc = table("maleficent", "jafar")
    top_fate(sc, 1, "sultan", "rajah")
    menu(sc, 0, 0)
    sc.play("fate 1")
    v = sc.view(1)
    assert {c["name"] for c in v["revealed"]} == {"Sultan", "Rajah"}
    sc.play("pick jafar.rajah#1", "at 1")
    assert "jafar.sultan#1" in sc.state.players[1]["fdiscard"]


def test_S5_5_move_an_ally_with_attachments() -> None:
    sc = table("jafar", "maleficent")
    g = put(sc, 0, "palace_guard", 3)
    sc.state.players[0]["locked"][3] = False
    s_ = put(sc, 0, "scimitar", 3, on=g)
    menu(sc, 0, 3)
    sc.play(f"move {g}")
    assert where(sc, 0, s_) == "loc2"


def test_S5_6_move_a_hero() -> None:
    sc = table("ursula", "maleficent")
    h = put(sc, 0, "max", 2)
    sc.state.players[0]["locked"] = [True, False, False, False]
    menu(sc, 0, 3)
    sc.play(f"movehero {h}", "to 1")
    assert where(sc, 0, h) == "loc1"


def test_S5_7_vanquish_discards_the_allies() -> None:
    sc = table("maleficent", "jafar")
    h = put(sc, 0, "flora", 3)
    g = put(sc, 0, "savage_goon", 3)
    menu(sc, 0, 3)
    sc.play(f"vanquish {h}", f"with {g}", "confirm")
    assert where(sc, 0, h) == "fdiscard" and where(sc, 0, g) == "discard"


def test_S5_8_discard_any_number() -> None:
    sc = table("maleficent", "jafar")
    P = sc.state.players[0]
    menu(sc, 0, 1)
    a, b = P["hand"][:2]
    sc.play("discard", f"drop {a}", f"drop {b}", "done")
    assert len(P["hand"]) == 2 and a in P["discard"]


def test_S6_1_heroes_cover_top_actions_jail_has_none() -> None:
    sc = table("john", "maleficent")
    put(sc, 0, "toby", 0)
    P = sc.state.players[0]
    assert covered(sc.state, P, 0) == {0, 1}
    put(sc, 0, "skippy", 3)
    assert covered(sc.state, P, 3) == set()
    assert all(not k.startswith("0t") for k, *_ in slots(sc.state, 0, 0))


@covers("sword_of_truth", "pixie_dust", "cutlass", "spear", "bow_and_arrows")
def test_S6_2_strength_modifiers() -> None:
    sc = table("hook", "maleficent")
    h = put(sc, 0, "john", 1)
    put(sc, 0, "pixie_dust", 1, on=h)
    assert st(sc, 0, h) == 2 + 2 + 1  # Pixie Dust and John's own +1 while carrying an Item
    a = put(sc, 0, "swashbuckler", 2)
    put(sc, 0, "cutlass", 2, on=a)
    assert st(sc, 0, a) == 4
    sc = table("maleficent", "queen", "john")
    h = put(sc, 0, "fauna", 1)
    put(sc, 0, "sword_of_truth", 1, on=h)
    assert st(sc, 0, h) == 4
    g = put(sc, 1, "card_guard_club", 1, w=True)
    put(sc, 1, "spear", 1, on=g)
    assert st(sc, 1, g) == 3
    w = put(sc, 2, "wolf_archers", 1)
    put(sc, 2, "bow_and_arrows", 1, on=w)
    assert st(sc, 2, w) == 3


def test_S7_vanquish_needs_enough_strength() -> None:
    sc = table("maleficent", "jafar")
    h = put(sc, 0, "prince_phillip", 3)   # Strength 5
    put(sc, 0, "savage_goon", 3)
    menu(sc, 0, 3)
    assert f"vanquish {h}" not in sc.legal()
    put(sc, 0, "cackling_goon", 3)        # 1 + 1 per Hero here = 2; 4 + 2 >= 5
    menu(sc, 0, 3)
    assert f"vanquish {h}" in sc.legal()


@covers("aladdin", "sultan", "palace_guard")
def test_S7_sultan_rejects_palace_guards() -> None:
    sc = table("jafar", "maleficent")
    h = put(sc, 0, "sultan", 0)
    put(sc, 0, "palace_guard", 0)
    menu(sc, 0, 0)
    assert f"vanquish {h}" not in sc.legal()
    a = put(sc, 0, "aladdin", 1)
    put(sc, 0, "razoul", 1)
    menu(sc, 0, 0)
    assert f"vanquish {a}" not in sc.legal()  # Allies must be at the Hero's location
    put(sc, 0, "palace_guard", 1)
    menu(sc, 0, 0)
    assert f"vanquish {a}" in sc.legal()


def test_S8_fate_with_both_cards_unplayable_still_targets() -> None:
    sc = table("maleficent", "jafar")
    top_fate(sc, 1, "wish", "wish")
    menu(sc, 0, 0)
    sc.play("fate 1")
    assert sc.last("fate")["victim_seat"] == 1 and decide(sc) == (0, "action")


def test_S9_condition_once_per_turn_per_copy() -> None:
    sc = table("maleficent", "john")
    g = hand(sc, 1, "greed", clear=True)[0]
    menu(sc, 0, 2, power=6)
    sc.play("gain 3", f"cond {g}")
    assert power(sc, 1) == 4 and decide(sc) == (0, "action")
    P = sc.state.players[1]
    P["discard"].remove(g)
    P["hand"].append(g)          # back in hand during the same turn
    sc.play("discard", "done")
    assert decide(sc) == (0, "action")   # not asked again: that copy was played this turn


def test_S10_empty_fate_deck_reshuffles() -> None:
    sc = table("maleficent", "jafar")
    P = sc.state.players[1]
    P["fdiscard"].extend(P["fdeck"])
    P["fdeck"].clear()
    menu(sc, 0, 0)
    sc.play("fate 1")
    assert sc.events("reshuffle") and len(P["fdeck"]) == 13


def test_S11_locked_location_refuses_cards() -> None:
    sc = table("jafar", "maleficent")
    c = hand(sc, 0, "palace_guard")[0]
    menu(sc, 0, 1, power=3)
    sc.play(f"play {c}")
    assert "at 3" not in sc.legal()


def test_S12_start_of_turn_objective() -> None:
    sc = table("john", "maleficent")
    sc.state.players[0]["power"] = 20
    start_turn(sc, 0)
    assert sc.state.phase == "over" and sc.match.result().winners == (0,)


def test_S13_ursula_has_no_vanquish() -> None:
    sc = table("ursula", "maleficent")
    for loc in range(4):
        assert all(a != "vanquish" for _k, a, _n, _c in slots(sc.state, 0, loc))


def test_S14_every_op_has_an_implementation() -> None:
    from tabletop.games.villainous.cards import OPS as VOCAB
    from tabletop.games.villainous.ops import OPS, PASSIVE
    assert VOCAB <= OPS.names() | PASSIVE


def test_S4_conditions_window_after_the_move() -> None:
    sc = table("maleficent", "john")
    sc.state.players[0]["power"] = 6
    hand(sc, 1, "greed")
    start_turn(sc, 0)
    assert decide(sc) == (1, "condition")
    passes(sc)
    assert decide(sc) == (0, "move")
    sc.play("go 1")
    assert decide(sc) == (1, "condition")


def test_S14_a_card_naming_an_op_without_a_handler_is_refused_at_load() -> None:
    """The op registry's coverage check runs over the card data when the rules load: a card whose
    op has no handler (and is not passive) is refused with a one-line error naming the card."""
    import pytest

    from tabletop.engine import GameDataError
    from tabletop.games.villainous.board import CARD
    from tabletop.games.villainous.ops import check_ops

    d = CARD["jafar.razoul#1"]
    check_ops([d])  # the real card passes
    saved = set(d.ops)
    try:
        d.ops.add("summon_genie")
        with pytest.raises(GameDataError, match=r"villainous/jafar.json: card 'razoul'.*'summon_genie'"):
            check_ops([d])
    finally:
        d.ops.clear()
        d.ops.update(saved)
