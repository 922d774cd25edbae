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
    """Each seat's chance of having the most loot at the end (§13), guessed from loot (the score),
    the battle under way (the owner of the active unit collects the arena if he holds on), cards
    in hand (ammunition while a battle lasts) and the battles still to come.

    The guess is a logistic curve of the lead whose width grows with the battles left: a battle
    moves some seven cards to one side, so a lead of ten is nearly safe in the last battle but
    open with four to go. (A fixed width saturated: 10 cards behind, every answer scored about
    0 and the search could no longer tell a comeback from a rout.)"""
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
        w += 0.01 * p["battles_won"]  # the tie-break (§13)
        if i in s.eliminated:
            w -= 1.0
        worth.append(w)
    width = WIDTH * math.sqrt(max(1, rounds_left))
    out = []
    for i in range(n):
        best_other = max((worth[j] for j in range(n) if s.players[j]["team"] != s.players[i]["team"]),
                         default=worth[i])
        out.append(1.0 / (1.0 + math.exp(-(worth[i] - best_other) / width)))
    return out


WIDTH = 3.5
"""The logistic width of one battle's swing, in loot cards (scaled by √battles left)."""


def battle(s: SuperState) -> int:
    """The playouts' horizon (``engine.search.Horizon``): a playout stops when the battle under way
    is over, where the loot it moved is counted and not guessed."""
    return s.rounds_done


UNSEARCHED = frozenset({"mode", "counter_mode"})
"""Decision kinds answered by the heuristic at once: which way a double win counts, where the
rules list the way that fires an ability first (no search ever overruled it in a sample of 26)."""


class SuperSearchBot(PairedRefiningSearchBot):
    """The paired search, minus the answers no playout can tell apart: ``ask`` (a look at a loot
    count the bots do not use: a free action whose playouts only add noise and cost) and the
    ``UNSEARCHED`` kinds."""

    def choose(self, game: Any, view: Any, decision: Any, actions: list[Any], rng: Rng,
               state: Any = None, stop: Any = None) -> str:
        answers = [a for a in actions if a.verb != "ask"] or actions
        if len(answers) == 1:
            return str(answers[0].id)
        if decision.kind in UNSEARCHED and state is not None and self.prior:
            bot = game.spec.bots[self.prior]()
            return str(bot.choose(game, game.view(state, decision.seat), decision, answers, rng))
        return super().choose(game, view, decision, answers, rng, state=state, stop=stop)


PER_OPTION = 8
"""Playouts per legal answer: the budget of a decision (an iteration count, so a bot game
replays exactly while it binds); answers pruned early leave theirs to the close ones. A playout
to the end of the battle costs 2–30 ms, so a decision takes about 0.1 CPU-s on average, and about
4 % of them (early in a long battle: many actions left to play out) reach the 400 CPU ms cap
first, where the choice depends on the machine's speed (a sample of 191 decisions, uncapped:
mean 0.099 s, 8 above 0.4 s, the longest 0.73 s)."""


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory): the heuristic's answer, replaced only by an
    answer that does better on common random numbers (``PairedRefiningSearchBot``): playouts the
    heuristic plays on both sides (the likeliest model of a rival at the table), run to the end
    of the battle under way (at most 40 actions) and scored by ``evaluate``; answers clearly no
    better than the heuristic's are dropped after three samples. Against the heuristic, seats
    alternated, 100 seeds × 2, ``--think-ms 400``: 135/200 = 67.5 % (95 % CI 60.7–73.6 %); the
    previous paired search (5 playouts per answer, depth 12, a fixed logistic width) 114/200."""
    return SuperSearchBot(determinize, evaluate, depth=40, prior="heuristic", margin=0.01, rollout="heuristic",
                          z=1.0, per_option=PER_OPTION, horizon=battle, prune=1.0, min_samples=3)
