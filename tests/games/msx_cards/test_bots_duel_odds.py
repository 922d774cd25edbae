"""The heuristic's remembered Boss-duel odds (``bots.duel_win``) equal the exact walk of
``odds.duel_win`` (§11, R30): the same chance for every card, Boss set, die, step, capsule, step
of use and Vitality, so the faster table changes no choice of the heuristic."""

from __future__ import annotations

import random

from tabletop.games.msx_cards import bots, odds
from tabletop.games.msx_cards.cards import catalogue


def test_r30_remembered_duel_odds_equal_the_exact_walk() -> None:
    data = catalogue()
    rnd = random.Random(7)
    bosses = list(data.bosses.values())
    for _ in range(1500):
        card = rnd.choice(data.card_ids)
        entries = rnd.choice(bosses)[rnd.choice(["white", "grey"])]
        die, vit, start = rnd.choice([8, 12, 20]), rnd.randint(-1, 70), rnd.randint(1, 8)
        cap = rnd.choice([None, *data.cards[card]["caps"]])
        at, taken = (rnd.randint(0, 8) if cap else 0), rnd.random() < 0.3
        want = odds.duel_win(card, vit, die, entries, start=start, capsule=cap, at=at, first_taken=taken)
        got = bots.duel_win(card, vit, die, entries, start=start, capsule=cap, at=at, first_taken=taken)
        assert abs(want - got) < 1e-9, (card, vit, die, start, cap, at, taken)


def test_r30_every_capsule_kind_of_the_catalogue_is_covered() -> None:
    """HEAL and REVIVE capsules go the exact way; every other capsule is read from the damage
    table: both paths are exercised by the catalogue's cards."""
    kinds = {x["kind"] for c in catalogue().cards.values() for cap in c["caps"]
             for x in catalogue().capsules[cap]["effects"]}
    assert {"HEAL", "REVIVE"} <= kinds and len(kinds - {"HEAL", "REVIVE"}) > 5
