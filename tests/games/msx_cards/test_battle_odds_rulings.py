"""The heuristic's battle model on the rulings it builds in, each named: §6.3 / R36 surprise attacks
(one free attack before the first turn, the initiative holder's first, not counted as a turn) and
R41 (a battle ends after its 30th turn). Certain damage (one outcome with probability 1) makes each
case exact, so a wrong order or an off-by-one turn count changes the answer from 1 to 0."""

from __future__ import annotations

from tabletop.games.msx_cards import odds

NEVER = (1.0,)
"""An attack that never wounds."""
ONE = (0.0, 1.0)
"""An attack that always deals exactly 1."""


def kills(vit: int) -> tuple[float, ...]:
    """An attack that always deals ``vit``: one hit defeats a fighter at ``vit``."""
    return (0.0,) * vit + (1.0,)


def test_s6_3_r36_a_surprise_attack_strikes_before_the_initiative_holder() -> None:
    """Both fighters kill with one hit; I lack the initiative. Without a surprise attack the enemy
    strikes first and I lose; with mine, my free attack comes before the first turn and I win."""
    assert odds.battle_outcome((kills(5),), (kills(5),), 5, 5, first=False) == (0.0, 0.0)
    win, left = odds.battle_outcome((kills(5),), (kills(5),), 5, 5, first=False, my_surprise=True)
    assert win == 1.0 and left == 5.0


def test_s6_3_r36_both_surprise_attacks_go_in_initiative_order() -> None:
    """Both fighters have SURPRISE_ATTACK: the initiative holder's goes first, so whoever holds the
    initiative wins a battle of one-hit kills."""
    both = {"my_surprise": True, "opp_surprise": True}
    assert odds.battle_outcome((kills(3),), (kills(4),), 4, 3, first=True, **both)[0] == 1.0
    assert odds.battle_outcome((kills(3),), (kills(4),), 4, 3, first=False, **both)[0] == 0.0


def test_s6_3_r36_the_surprise_attack_is_my_first_attack_in_the_sequence() -> None:
    """My attacks are listed in order (the first may be special, e.g. a nullifier armed only
    once): the surprise attack uses the first entry, the turns the later ones."""
    first_kills_then_nothing = (kills(6), NEVER)
    assert odds.battle_outcome(first_kills_then_nothing, (NEVER,), 9, 6, first=False, my_surprise=True)[0] == 1.0
    # Without the surprise the first entry is still my first attack, in turn 1.
    assert odds.battle_outcome(first_kills_then_nothing, (NEVER,), 9, 6, first=False)[0] == 1.0
    # A fighter whose attacks never wound cannot win however it starts.
    assert odds.battle_outcome((NEVER,), (NEVER,), 9, 6, first=True, my_surprise=True)[0] == 0.0


def test_r41_thirty_turns_give_thirty_attacks_each_and_no_more() -> None:
    """One damage a hit and an enemy that never wounds: 30 Vitality falls on the 30th turn's attack
    (a win), 31 would need a 31st turn, which R41 does not allow (the model counts a battle that
    reaches the limit as lost, §6.4: rare by §15's bounds)."""
    assert odds.TURN_LIMIT == 30
    for first in (True, False):
        assert odds.battle_outcome((ONE,), (NEVER,), 1, 30, first=first)[0] == 1.0
        assert odds.battle_outcome((ONE,), (NEVER,), 1, 31, first=first)[0] == 0.0


def test_r41_surprise_attacks_do_not_count_as_turns() -> None:
    """§6.4: 'surprise attacks do not count' towards the 30 turns: with a surprise attack a
    fighter gets 31 attacks, so 31 Vitality at one a hit falls in time."""
    assert odds.battle_outcome((ONE,), (NEVER,), 1, 31, first=True, my_surprise=True)[0] == 1.0
    assert odds.battle_outcome((ONE,), (NEVER,), 1, 32, first=True, my_surprise=True)[0] == 0.0


def test_r41_a_battle_nobody_can_win_is_lost_for_me() -> None:
    """Neither fighter can wound the other: the model returns no win and no Vitality kept, whoever
    holds the initiative (so the heuristic never drafts into a stalemate hoping for the limit)."""
    for first in (True, False):
        assert odds.battle_outcome((NEVER,), (NEVER,), 10, 10, first=first) == (0.0, 0.0)
    assert odds.battle_win((NEVER,), (NEVER,), 10, 10, first=0.5) == 0.0
