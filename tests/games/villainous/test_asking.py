"""Issue #13 / R17: who is asked in a Condition window tells nobody who holds a Condition.

A human seat is asked whenever one of its villain's Conditions that nobody can see (hand or deck)
would be playable now; a bot only when it holds one. Two tables differing only in the hidden hand
therefore ask the same seats in the same order.
"""

from __future__ import annotations

from typing import Any

from scenario import Scenario

from tabletop.engine.rng import seed_state
from tabletop.games.villainous.bots import HeuristicBot
from tabletop.games.villainous.rules import new_state

from ..superinmundos.test_asking import handoffs
from .helpers import put, start_turn, take


def humans_table(holds_judgment: bool, **options: Any) -> Scenario:
    """Maleficent (seat 0, three Allies out: Judgment's requirement holds) against the Queen of
    Hearts (seat 1), both played by people; the Queen holds Judgment or has it in her deck."""
    sc = Scenario("villainous", players=2, options=options, seed=3)
    sc.match.state = new_state(["P1", "P2"], ["maleficent", "queen"], sc.match.options, seed_state(3),
                               humans=[True, True])
    s = sc.state
    for key in ("cackling_goon", "sinister_goon", "savage_goon"):
        put(sc, 0, key, 1)
    queen = s.players[1]
    queen["deck"].extend(queen["hand"])
    queen["hand"].clear()
    fillers = [take(sc, 1, "card_guard_club"), take(sc, 1, "card_guard_spade"), take(sc, 1, "card_guard_heart")]
    judgment = take(sc, 1, "judgment")
    queen["hand"].extend(fillers + ([judgment] if holds_judgment else [take(sc, 1, "card_guard_diamond")]))
    if not holds_judgment:
        queen["deck"].insert(0, judgment)
    start_turn(sc, 0)
    return sc


def asked_during_turn(sc: Scenario) -> list[tuple[int, str]]:
    """Play Maleficent's turn with the heuristic bot (it reads only her own view); the Queen
    passes every window. Record who is asked what until the Queen's own turn begins."""
    bot = HeuristicBot()
    out = []
    from tabletop.engine.bots import bot_rng

    while (d := sc.decision()) is not None and sc.state.turn == 0:
        out.append((d.seat, d.kind))
        if d.seat == 1:
            sc.play("pass")
        else:
            sc.play(bot.choose(sc.game, sc.view(0), d, sc.match.legal(), bot_rng(3, sc.state.step, 0)))
    return out


def test_R17_asked_seats_do_not_depend_on_the_hidden_hand() -> None:
    holder, other = asked_during_turn(humans_table(True)), asked_during_turn(humans_table(False))
    assert (1, "condition") in holder  # the holder was asked, and could have played Judgment
    assert holder == other


def test_R17_holders_only_asks_by_hand_and_so_tells() -> None:
    holder = asked_during_turn(humans_table(True, holders_only=True))
    other = asked_during_turn(humans_table(False, holders_only=True))
    assert (1, "condition") in holder and (1, "condition") not in other


def test_R17_hand_offs_per_real_decision_with_two_humans() -> None:
    hand, real = handoffs("villainous", range(1, 4), {"round_limit": 15})
    assert hand / real <= 1.3
