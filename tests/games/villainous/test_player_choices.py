"""Issue #11: every choice the rules give a player is that player's (R23, R27, R44, R45), and the
log tells what a card did (Iago)."""

from __future__ import annotations

from tabletop.games.villainous.acts import h_order, triggered
from tabletop.games.villainous.board import covered
from tabletop.games.villainous.flow import Choice, answer

from .helpers import covers, decide, hand, label, menu, passes, power, put, said, table, top_fate, where


@covers("maid_marian", "golden_arrow", "robin_hood")
def test_R44_the_defeated_heros_own_ability_resolves_before_golden_arrow() -> None:
    sc = table("john", "maleficent")
    marian = put(sc, 0, "maid_marian", 2)
    g1 = put(sc, 0, "rhino_guards", 2)
    g2 = put(sc, 0, "rhino_guards", 2)
    put(sc, 0, "golden_arrow", 2, on=g1)
    menu(sc, 0, 2, power=0)
    sc.play(f"vanquish {marian}", f"with {g1}", f"with {g2}", "confirm")
    robin = next(c for c in sc.state.players[0]["cards"] if c.startswith("john.robin_hood"))
    assert where(sc, 0, robin) == "loc2"
    # Maid Marian finds Robin Hood first, so the Golden Arrow's 2 Power is reduced by him (R36)
    assert power(sc, 0) == 1


@covers("warrant")
def test_R44_the_realm_owner_orders_the_other_abilities() -> None:
    sc = table("john", "maleficent")
    s = sc.state
    w = put(sc, 0, "warrant", 1)
    g = put(sc, 0, "rhino_guards", 1)
    arrow = put(sc, 0, "golden_arrow", 1, on=g)
    menu(sc, 1, 0)  # an opponent's turn: the order is still John's to choose, in his realm
    s.stack.append({"k": "noop"})
    triggered(s, 0, [["warrant", w, 2], ["golden_arrow", arrow, 2]])
    choice = h_order(s, s.stack[-1])
    assert choice.seat == 0 and choice.kind == "order"
    assert [o[0] for o in choice.opts] == [f"first {w}", f"first {arrow}"]
    assert "(in play order)" in label(sc, choice.opts[0][1])
    assert "(in play order)" not in label(sc, choice.opts[1][1])
    answer(s, choice.opts[1])
    h_order(s, s.stack[-1])
    h_order(s, s.stack[-1])
    gains = said(sc, "power")
    assert "Golden Arrow" in gains[-2] and "Warrant" in gains[-1]
    s.stack.pop()
    # the same ability twice cannot come out differently: nobody is asked
    w2 = put(sc, 0, "warrant", 1)
    triggered(s, 0, [["warrant", w, 2], ["warrant", w2, 2]])
    before = power(sc, 0)
    assert not isinstance(h_order(s, s.stack[-1]), Choice)
    assert not isinstance(h_order(s, s.stack[-1]), Choice)
    assert power(sc, 0) == before + 4


@covers("makes_you_larger", "mad_hatter")
def test_R27_a_moved_enlarged_heros_spill_is_chosen_by_who_enlarged_him() -> None:
    sc = table("queen", "maleficent")
    s = sc.state
    h = put(sc, 0, "mad_hatter", 1)
    ml = top_fate(sc, 0, "makes_you_larger", "dodo")[0]
    menu(sc, 1, 0)
    sc.play("fate 0", f"pick {ml}", "option 0", f"hero {h}", "spill 0 0")
    assert s.players[0]["cards"][h]["spill"] == [0, 0]
    passes(sc)
    sc.play("end")
    passes(sc)
    # Luis (seat 1) enlarged him; moving him to location 2 asks Luis where the extra cover goes
    from tabletop.games.villainous.acts import move_hero

    menu(sc, 0, 2)
    move_hero(s, 0, h, 2)
    from tabletop.games.villainous.flow import run
    from tabletop.games.villainous.turn import next_turn

    s.pending = None
    run(s, next_turn)
    assert decide(sc) == (1, "size_slot")
    assert {"spill 1 0", "spill 3 0"} <= set(sc.legal())
    sc.play("spill 3 0")
    assert s.players[0]["cards"][h]["spill"] == [3, 0] and 0 in covered(s, s.players[0], 3)


@covers("steal_from_the_rich")
def test_steal_from_the_rich_parks_as_much_as_the_fating_player_chooses() -> None:
    sc = table("maleficent", "john")
    h = put(sc, 1, "skippy", 1)
    sc.state.players[1]["power"] = 3
    s_ = top_fate(sc, 1, "steal_from_the_rich", "steal_from_the_rich")[0]
    menu(sc, 0, 0)
    sc.play("fate 1", f"pick {s_}", f"hero {h}")
    assert decide(sc) == (0, "park")
    labels = {a.id: a.label for a in sc.match.legal()}
    assert "the most" in label(sc, labels["park 3"])
    sc.play("park 1")
    assert power(sc, 1) == 2 and sc.state.players[1]["cards"][h]["pw"] == 1


@covers("little_john")
def test_little_john_parks_up_to_4_as_the_fating_player_chooses() -> None:
    sc = table("john", "maleficent")
    sc.state.players[0]["power"] = 2
    top_fate(sc, 0, "little_john", "toby")
    menu(sc, 1, 0)
    sc.play("fate 0", "pick john.little_john#1", "at 2")
    assert decide(sc) == (1, "park") and sc.legal()[:3] == ["park 2", "park 1", "skip"]
    sc.play("park 1")
    assert power(sc, 0) == 1 and sc.state.players[0]["cards"]["john.little_john#1"]["pw"] == 1


@covers("iago")
def test_iago_carrying_an_item_says_so_in_the_log() -> None:
    sc = table("jafar", "maleficent")
    i = put(sc, 0, "iago", 2)
    lamp = put(sc, 0, "magic_lamp", 2)
    menu(sc, 0, 0, power=1)
    sc.play(f"activate {i}", f"carry {lamp}", "to 1")
    moves = said(sc, "move")
    assert moves[-1].startswith("Iago is moved to ") and moves[-1].endswith(" with Magic Lamp.")


@covers("hypnotize")
def test_R23_hypnotize_asks_which_hero_only_once() -> None:
    sc = table("jafar", "maleficent")
    a = put(sc, 0, "rajah", 1)
    put(sc, 0, "sultan", 2)
    hy = hand(sc, 0, "hypnotize")[0]
    menu(sc, 0, 1, power=5)
    sc.play(f"play {hy}")
    assert decide(sc)[1] != "defeat"
    sc.play(f"target {a}")
    assert decide(sc)[1] != "defeat"  # the target chosen for the cost is the Hero defeated
    assert sc.state.players[0]["cards"][a].get("hyp")
