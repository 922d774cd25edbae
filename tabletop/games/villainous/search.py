"""Villainous for the search bot: what a seat cannot see, and how a cut-off position is worth.

Hidden from a seat (``Villainous.secrets``): every Villain deck and Fate deck (their order is
unknown to everyone, their owner included), the other hands (unless Flora made one public) and the
cards another seat is looking at (Give Them a Scare). Those cards are dealt anew over the same
slots, a card only where a card of the same deck of the same villain was (a Fate card never lands
in a hand), and renamed in the resolution stack and pending choice that may name them.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine.determinize import hidden_of, private_log, relabel_fields, resample, reseed
from tabletop.engine.rng import Rng
from tabletop.engine.search import SearchBot, bot_policy, ismcts

from .state import VState


def _kinds() -> dict[str, tuple[str, bool]]:
    """Card instance id -> (villain key, is a Fate card), for every villain of the box."""
    from .board import LIB

    cached = getattr(_kinds, "cache", None)
    if cached is None:
        cached = {}
        for key, v in LIB.villains.items():
            cached.update({c: (key, False) for c in v.villain_cards})
            cached.update({c: (key, True) for c in v.fate_cards})
        _kinds.cache = cached  # type: ignore[attr-defined]
    return cached


def determinize(game: Any, state: VState, seat: int, rng: Rng) -> VState:
    """A new state in which everything ``seat`` cannot see is resampled (see the module doc)."""
    hidden = hidden_of(game, state, seat)
    d: VState = game.clone(state)
    zones: list[list[str]] = []
    for P in d.players:
        zones += [P["deck"], P["fdeck"], P["hand"]]
    zones.append(d.looking)
    kinds = _kinds()
    moved = resample(zones, hidden, rng, kind=lambda c: kinds.get(c, ("", False)))
    relabel_fields(d, ("stack", "pending", "tf"), moved)
    private_log(d, seat)
    reseed(d, rng)
    return d


def _pieces(s: VState, i: int) -> float:
    """Steps towards the objective that ``progress`` does not count yet: its key cards in hand or
    in play before they reach their place (worth a fraction of the step they enable)."""
    from .board import CARD

    P = s.players[i]
    vil = P["villain"]
    hand = [CARD[c].key for c in P["hand"]]
    played = {CARD[c].key: r for c, r in P["cards"].items()}
    w = 0.0
    if vil == "jafar":
        w += 0.15 * ("scarab_pendant" in played) + 0.1 * ("magic_lamp" in hand) + 0.05 * ("scarab_pendant" in hand)
        w += 0.05 * ("hypnotize" in hand and "magic_lamp" in played)
    elif vil == "ursula":
        w += 0.1 * sum(k in hand for k in ("trident", "crown"))
    elif vil == "queen":
        guards = {r["loc"] for k, r in played.items() if k.startswith("card_guard") and not r.get("w")}
        wickets = {r["loc"] for r in P["cards"].values() if r.get("w")}
        w += 0.05 * len(guards - wickets) + 0.1 * ("take_the_shot" in hand)
    elif vil == "maleficent":
        w += 0.05 * min(2, sum(CARD[c].type == "Curse" for c in P["hand"]))
    elif vil == "hook":
        w += 0.1 * ("never_land_map" in played)
    return w


def evaluate(game: Any, s: VState) -> list[float]:
    """Each seat's chance, guessed from its objective's progress (the public measure the board
    shows) and the pieces it holds towards the next step, its Power (what it can afford next) and
    the Heroes crowding its realm."""
    from .board import CARD
    from .turn import progress

    if s.phase == "draft" or not s.players:
        return [0.5] * max(1, len(s.players))
    worth = []
    for i, P in enumerate(s.players):
        heroes = sum(1 for c, r in P["cards"].items() if r["side"] == "h" and CARD[c].type == "Hero")
        w = 3.0 * (float(progress(s, i)["value"]) + _pieces(s, i)) + 0.08 * min(P["power"], 12) - 0.15 * heroes
        worth.append(w)
    n = len(worth)
    out = []
    for i in range(n):
        best_other = max((worth[j] for j in range(n) if j != i), default=worth[i])
        out.append(1.0 / (1.0 + math.exp(-(worth[i] - best_other) * 2.0)))
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
    (the likeliest model of a rival at the table), cut off at depth 10 and scored by
    ``evaluate``, refining the heuristic's own answer (``RefiningSearchBot``)."""
    return RefiningSearchBot(determinize, evaluate, exploration=0.7, depth=10, prior="heuristic", margin=0.02,
                             rollout="heuristic", spread=0.3)
