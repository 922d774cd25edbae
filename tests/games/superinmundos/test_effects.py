"""Each effect kind of the vocabulary, and each trigger and condition, doing what its card says."""

from __future__ import annotations

from tabletop.games.superinmundos.combat import effective, new_unit, wins

from .helpers import ids, kind, table


def test_FORCE_ADVANTAGE_doubles_against_anything() -> None:
    sc = table(2, {0: ["neut07"], 1: ["neut04"]})
    sc.play("open neut07")
    s = sc.state
    assert effective(s, new_unit(["neut04"], 1), s.arena[-1], "attacking") == {"attack": 4, "defense": 4, "power": 4}


def test_NEGATE_ELEMENT_cancels_the_cycle_both_ways() -> None:
    sc = table(2, {0: ["water07"], 1: ["light13"]})  # Marisma against Tesla Toad (lightning beats water)
    sc.play("open water07")
    s = sc.state
    assert effective(s, new_unit(["light13"], 1), s.arena[-1], "attacking") == {"attack": 2, "defense": 2, "power": 3}


def test_IMMUNE_TO_MODE_and_IMMUNE_BELOW_STARS() -> None:
    sc = table(2, {0: ["water13"], 1: ["light09"]})  # Glaciarca cannot be beaten by Attack
    sc.play("open water13")
    s = sc.state
    boar = new_unit(["light09"], 1)
    assert effective(s, boar, s.arena[-1], "attacking")["attack"] == 10 and wins(s, boar, s.arena[-1], "attacking") == ["power"]
    sage = table(2, {0: ["neut12"], 1: ["neut17", "neut11"]})  # Marmot Sage: nothing under 3 stars
    sage.play("open neut12")
    assert ids(sage, "attack ") == ["attack neut11"]  # Cardboard Champion's 6 Attack is not enough


def test_WINS_TIES_wins_an_exact_tie_in_its_mode() -> None:
    sc = table(2, {0: ["neut19"], 1: ["fire17"]})  # Moth Librarian Power 5 vs Phoenix Apprentice Power 6
    sc.play("open neut19")
    assert "attack fire17" in sc.legal()
    flat = table(2, {0: ["neut12"], 1: ["fire17"]})  # Marmot Sage Power 6 = Phoenix's 6: the tie wins
    flat.play("open neut12")
    s = flat.state
    assert wins(s, new_unit(["fire17"], 1), s.arena[-1], "attacking") == ["power"]


def test_CANNOT_BE_SUPPORTED() -> None:
    sc = table(2, {0: ["light12", "shishabel"], 1: ["neut11"]})
    sc.play("open light12")
    assert kind(sc) != "declare" and not sc.state.arena[-1]["supports"]


def test_conditional_passive_MODIFY_STAT() -> None:
    sc = table(2, {0: ["water05", "neut20"], 1: ["fire03", "fire15"]}, loot={0: ["neut01"]})
    s = sc.state
    sc.play("open water05")  # Brine Knight: +1 Defense while defending
    knight = s.arena[-1]
    assert effective(s, knight, new_unit(["fire03"], 1), "defending")["defense"] == 8 + 1
    assert effective(s, new_unit(["fire03"], 1), knight, "attacking")["attack"] == 5  # Cinderhound +1 attacking
    assert effective(s, new_unit(["fire15"], 1), knight, "attacking")["defense"] == 4  # Salamandra vs water
    judge = table(2, {0: ["earth14"], 1: ["neut11"]}, loot={0: ["neut01", "neut02", "neut03"]})
    judge.play("open earth14")
    assert effective(judge.state, judge.state.arena[-1], None, None)["attack"] == 6  # 3 loot: +1 Attack
    oracle = table(2, {0: ["earth10"], 1: ["neut11", "neut18"]})
    oracle.play("open earth10")
    s = oracle.state
    assert effective(s, s.arena[-1], new_unit(["neut11"], 1), "defending")["power"] == 7  # vs 4 stars
    assert effective(s, s.arena[-1], new_unit(["neut18"], 1), "defending")["power"] == 5


def test_aura_MODIFY_STAT_on_the_opponent() -> None:
    sc = table(2, {0: ["neut16"], 1: ["neut11"]})  # Doorman of Limbo: its opponent has -1 Attack
    sc.play("open neut16")
    s = sc.state
    assert effective(s, new_unit(["neut11"], 1), s.arena[-1], "attacking")["attack"] == 4


def test_event_MODIFY_STAT_on_a_chosen_unit() -> None:
    sc = table(3, {0: ["neut19"], 1: ["neut11"], 2: ["event02", "neut01"]})
    sc.play("open neut19", "pass", "attack neut11")
    assert kind(sc) == "reaction" and ids(sc, "event ") == ["event event02 attacker", "event event02 defender"]
    sc.play("event event02 defender")
    s = sc.state
    assert sc.last("modify")["amount"] == 2 and sc.last("modify")["stat_term"] == "all"
    assert sc.last("counter")  # Moth Librarian 4/5/7 now beats Retired Hero by Power; the mod is spent
    assert s.arena[-1]["mods"] == []


def test_LOOT_GAIN_on_win_by_mode_and_at_battle_end_and_by_event() -> None:
    sc = table(2, {0: ["neut18", "event04"], 1: ["fire04"]}, top=["neut02", "neut03", "neut05"])
    assert kind(sc) == "round_start"
    sc.play("event event04")  # Tithe of the Marmots: two cards from the deck
    s = sc.state
    assert s.piles[0] == ["neut05", "neut03"]
    sc.play("open neut18", "attack fire04")  # Pyrolito wins by Power: one more
    assert s.piles[1] == ["neut02"]
    notary = table(2, {0: ["fire18"], 1: ["neut18"]}, top=["neut02"])
    notary.play("open fire18", "withdraw")
    assert notary.state.piles[0] == ["neut02", "fire18"]  # gained before the arena is collected


def test_LOOT_STEAL_takes_the_top_of_another_pile() -> None:
    sc = table(2, {0: ["event05", "neut18"], 1: ["neut11"]}, loot={1: ["neut02", "neut03"]})
    assert ids(sc, "event ") == ["event event05 2"]
    sc.play("event event05 2")
    assert sc.state.piles == [["neut03"], ["neut02"]]


def test_RECOVER_TAKE_and_DISCARD_FROM_HAND() -> None:
    sc = table(2, {0: ["neut18"], 1: ["event07", "event08", "event09"]}, discard=["neut11", "event06"])
    sc.play("open neut18", "event event07")
    s = sc.state
    assert "neut11" in s.players[1]["hand"] and s.discard == ["event06", "event07"]
    sc = table(2, {0: ["neut18", "neut01"], 1: ["event08", "event09"]})
    sc.play("open neut18", "event event08 1")
    s = sc.state
    assert s.players[0]["hand"] == [] and "neut01" in s.players[1]["hand"]
    assert sc.last("stolen")["to"] == [0, 1]
    sc = table(2, {0: ["neut18", "neut01"], 1: ["event09"]})
    sc.play("open neut18", "event event09 1")
    assert sc.state.players[0]["hand"] == [] and sc.state.discard == ["neut01", "event09"]


def test_ON_USED_AS_SUPPORT_and_ON_DEFEATED_draw() -> None:
    sc = table(2, {0: ["neut18", "light16"], 1: ["fire14"]}, top=["neut02", "neut03"])
    sc.play("open neut18", "boost light16 power")  # Spark Jester as a support draws a card
    s = sc.state
    assert s.players[0]["hand"] == ["neut03"]
    bell = table(2, {0: ["fire14"], 1: ["neut19"]}, top=["neut02"])
    bell.play("open fire14", "attack neut19")  # Infernal Bellhop is defeated and draws
    assert bell.state.players[0]["hand"] == ["neut02"]
