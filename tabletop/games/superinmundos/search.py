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
from tabletop.engine.search import SearchBot, bot_policy, ismcts

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



class RefiningSearchBot(SearchBot):
    """The search refines the heuristic instead of replacing it: the heuristic's answer (the
    prior) stands unless another root action beats its mean by ``margin`` *plus* the noise of
    the fewer-sampled of the two (``spread / sqrt(visits)``). With the few dozen playouts a
    second of thought affords, an unguarded margin lets sampling noise overrule a sound policy
    (that is what kept the plain search at or below the heuristic's strength)."""

    def __init__(self, *args: Any, spread: float = 0.3, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spread = spread

    def choose(self, game: Any, view: Any, decision: Any, actions: list[Any], rng: Rng,
               state: Any = None, stop: Any = None) -> str:
        if len(actions) == 1 or state is None or not self.prior:
            return super().choose(game, view, decision, actions, rng, state=state, stop=stop)
        det = self.determinize(game, state, decision.seat, Rng(rng.below(1 << 62)))
        favourite = str(game.spec.bots[self.prior]().choose(game, game.view(det, decision.seat), decision, actions,
                                                             Rng(rng.below(1 << 62))))
        policy = bot_policy(game.spec.bots[self.rollout]()) if self.rollout else None
        self.last = ismcts(game, state, decision.seat, determinize=self.determinize, evaluate=self.evaluate,
                           rng=rng, budget=self.budget(), exploration=self.exploration, depth=self.depth,
                           actions=[a.id for a in actions], stop=stop, first_bias=self.first_bias, policy=policy)
        best, res = self.last.action, self.last
        if best == favourite or favourite not in res.means or best not in res.means:
            return favourite
        fewer = max(1, min(res.visits.get(best, 0), res.visits.get(favourite, 0)))
        if res.means[best] - res.means[favourite] > self.margin + self.spread / math.sqrt(fewer):
            return best
        return favourite


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory): ISMCTS whose playouts the heuristic plays
    (the likeliest model of a rival at the table), cut off at depth 12 and scored by
    ``evaluate``, refining the heuristic's own answer (``RefiningSearchBot``)."""
    return RefiningSearchBot(determinize, evaluate, exploration=0.7, depth=12, prior="heuristic", margin=0.02,
                             rollout="heuristic", spread=0.3)
