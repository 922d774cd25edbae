"""Superinmundos for the search bot: what a seat cannot see, and how a cut-off position is worth.

Hidden from a seat (``Superinmundos.secrets``): the deck, every loot pile's face-down cards and
the other hands, less every card the seat has seen in a public or own log event (a defeated
combatant it watched go onto a pile stays known there). Those unseen cards are dealt anew over
the same slots (and renamed in the records that name them: another seat's declared cards); the
deck, whose order nobody knows, is then shuffled from sorted order.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine.determinize import canonical_shuffle, hidden_of, private_log, relabel_fields, resample, reseed
from tabletop.engine.rng import Rng
from tabletop.engine.search import PairedRefiningSearchBot, SearchBot

from .state import SuperState


def determinize(game: Any, state: SuperState, seat: int, rng: Rng) -> SuperState:
    """A new state in which everything ``seat`` cannot see is resampled (see the module doc)."""
    hidden = hidden_of(game, state, seat)
    d: SuperState = game.clone(state)
    zones = [d.deck, *d.piles, *(p["hand"] for i, p in enumerate(d.players) if i != seat)]
    moved = resample(zones, hidden, rng)
    # a declaration, plan, window or pending effect of another seat may name a card of its hand
    relabel_fields(d, ("decl", "plan", "window", "pending", "answers", "cemetery"), moved)
    canonical_shuffle(d.deck, rng)
    private_log(d, seat)
    reseed(d, rng)
    return d


def evaluate(game: Any, s: SuperState) -> list[float]:
    """Each seat's chance, guessed from loot (the score), the battle under way (the owner of the
    active unit collects the arena if he holds on) and cards in hand (future attacks)."""
    n = len(s.players)
    worth = []
    arena = sum(len(u["cards"]) + len(u["supports"]) for u in s.arena)
    top = s.arena[-1]["owner"] if s.arena else None
    rounds_left = max(0, s.round_limit - s.rounds_done)
    for i, p in enumerate(s.players):
        w = float(len(s.piles[p["team"]]))
        if top is not None and s.players[top]["team"] == p["team"]:
            w += 0.6 * arena
        w += 0.25 * len(p["hand"]) * min(1.0, rounds_left / 2)
        if i in s.eliminated:
            w -= 1.0
        worth.append(w)
    out = []
    for i in range(n):
        best_other = max((worth[j] for j in range(n) if s.players[j]["team"] != s.players[i]["team"]),
                         default=worth[i])
        out.append(1.0 / (1.0 + math.exp(-(worth[i] - best_other) / 3.0)))
    return out


PER_OPTION = 5
"""Samples per decision: every legal answer is played out from the same five determinizations
(``per_option`` playouts per answer). An iteration budget, so a bot game replays exactly, well
under the 400 CPU ms / 1 s caps (a playout costs about 5 ms here)."""


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory): the heuristic's answer, replaced only by an
    answer that does better on common random numbers (``PairedRefiningSearchBot``): playouts the
    heuristic plays on both sides (the likeliest model of a rival at the table), cut off at depth
    12 and scored by ``evaluate``. Against the heuristic, seats alternated, 100 seeds × 2: 114/200
    = 57.0 % (95 % CI 50.1–63.7 %), the same as the tree search with the same playouts (114/200):
    at this budget the 65 % target is not reached."""
    return PairedRefiningSearchBot(determinize, evaluate, depth=12, prior="heuristic", margin=0.01,
                                   rollout="heuristic", z=1.0, per_option=PER_OPTION)
