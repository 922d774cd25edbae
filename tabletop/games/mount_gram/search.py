"""Escape from Mount Gram for the search bot: what a seat cannot see, and what a position is worth.

Hidden from a seat (``MountGram.secrets``): the encounter deck, shadow cards, the cards captured
beneath a quest or a Prison Cell, every player deck and captured deck, the other hands (unless
``open_hands``) and the removed cards, less what the seat is looking at or has peeked at. Those
cards are dealt anew over the same slots, each only where a card of its own class was: the same
owner (a player's cards never reach another's deck, encounter cards stay encounter cards) and the
same sort (hero, a captured-deck card: ally or Item/Mount/Artifact, or any other), so the captured
deck keeps its set-aside hero on top (§6.1). Frames, lasting effects and peeks are renamed along.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.determinize import hidden_of, private_log, relabel_fields, resample, reseed
from tabletop.engine.rng import Rng
from tabletop.engine.search import RefiningSearchBot, SearchBot

from .state import MGState


def _kind(game: Any, card: str) -> tuple[str, str]:
    from .cards import key_of

    owner = card.split(".", 1)[0]
    d = game.db.get(key_of(card)) if "." in card else None
    if d is None:
        return owner, ""
    if d.type == "hero":
        return owner, "hero"
    captured = d.type == "ally" or (d.type == "attachment" and bool({"Item", "Mount", "Artifact"} & set(d.traits)))
    return owner, "cap" if captured else "other"


def _searched(game: Any, state: MGState, seat: int, hidden: frozenset[str]) -> frozenset[str]:
    """While the seat searches a deck (``find e.cruel_torturer.2``: the first copy of each name),
    every copy of a card it is offered stays where it is, so the same copies are offered."""
    from .cards import key_of

    d = game.decision(state)
    if d is None or d.seat != seat or not hidden:
        return hidden
    named = {key_of(w) for a in game.legal_actions(state) for w in a.id.split(" ")[1:] if "." in w}
    if not named:
        return hidden
    return frozenset(c for c in hidden if key_of(c) not in named)


def determinize(game: Any, state: MGState, seat: int, rng: Rng) -> MGState:
    """A new state in which everything ``seat`` cannot see is resampled (see the module doc)."""
    hidden = hidden_of(game, state, seat)
    hidden = _searched(game, state, seat, hidden)
    d: MGState = game.clone(state)
    zones: list[list[str]] = [d.encounter]
    for rec in d.cards.values():
        zones += [rec["sh"], rec["cap"]]
    open_hands = d.options.get("open_hands", False)
    for i, p in enumerate(d.players):
        zones += [p["deck"], p["captured"]]
        if i != seat and not open_hands:
            zones.append(p["hand"])
    zones.append(d.removed)
    moved = resample(zones, hidden, rng, kind=lambda c: _kind(game, c))
    relabel_fields(d, ("stack", "mods", "peeks"), moved)
    private_log(d, seat)
    reseed(d, rng)
    return d


CAPTURE_2A = 7
"""Cards each player's stage 2A captures beneath it (§3.2 step 6a)."""


def evaluate(game: Any, s: MGState) -> list[float]:
    """The team's chance (one value for every seat: a co-op game), guessed from how far each
    group has got along the quest (stage and progress), the threat dials (50 eliminates) and the
    heroes still standing."""
    from . import board as B
    from .cards import key_of

    n = len(s.players)
    if s.phase == "setup" or not s.groups:
        return [0.3] * n
    quest = 0.0
    for grp in s.groups:
        q = grp["quest"]
        if q not in s.cards:
            continue
        card = game.db[key_of(q)]
        stage = int(card.stage[0]) if card.stage[:1].isdigit() else 1
        if stage == 2:
            # §6.7: stage 2B has no quest points; its progress is the captured cards rescued
            # from beneath it (its player's seven at the start)
            done = 1.0 - min(1.0, len(s.cards[q]["cap"]) / CAPTURE_2A)
        else:
            done = min(1.0, s.cards[q]["prog"] / (card.qp or 1))
        quest += (stage - 1 + done) / 3.0
    quest /= len(s.groups)
    danger = 0.0
    heroes = 0
    for i, p in enumerate(s.players):
        if p["out"]:
            danger += 1.0
            continue
        danger += max(0.0, p["threat"] - 20) / 30.0
        mine = B.heroes(game, s, i)
        heroes += len(mine)
        if len(mine) == 1:
            # a lone hero close to death is an elimination one hit away (§5.1)
            rec = s.cards[mine[0]]
            left = game.db[key_of(mine[0])].hp - rec["dmg"]
            danger += 0.3 if left <= 2 else 0.0
    danger /= n
    value = 0.05 + 0.6 * quest + 0.25 * (1.0 - danger) + 0.03 * min(heroes / n, 3.0)
    value = min(1.0, max(0.0, value))
    return [value] * n


SEARCHED = ("engage", "travel", "undefended", "defend")
"""The decisions the search looks into: which enemy to take on, where to travel, who takes an
attack. Their consequences show within a round or two of heuristic play, so a short playout
measures them; the rest (the quest commits one character at a time, planning, the many
action windows) are the heuristic team's answers at once."""
ITERATIONS = 10
"""Playouts per searched decision: a fixed count (a bot game replays exactly). A playout of
``DEPTH`` heuristic actions costs about 5 ms, so a searched decision takes about 60 ms of CPU."""
DEPTH = 10


class MountGramSearchBot(RefiningSearchBot):
    """The refining search, spent only on the ``SEARCHED`` decisions: about 30 a game of the
    ~330 a 2-player game asks (counted over 3 heuristic games), so a whole game costs about
    300 playouts instead of ~10,000 (the full 400 ms budget on every decision: two minutes a game). Every other decision is
    answered as the heuristic answers it, from the seat's own view."""

    def choose(self, game: Any, view: Any, decision: Any, actions: list[Any], rng: Rng,
               state: Any = None, stop: Any = None) -> str:
        if len(actions) > 1 and state is not None and decision.kind not in SEARCHED:
            bot = game.spec.bots["heuristic"]()
            return str(bot.choose(game, game.view(state, decision.seat), decision, actions, rng))
        return super().choose(game, view, decision, actions, rng, state=state, stop=stop)


def search_bot() -> SearchBot:
    """The ``search`` bot kind (the spec's factory): ISMCTS refining the heuristic's answer
    (it stands unless the search finds one better by the margin plus the sampling noise). The
    playouts are played by the heuristic team too: random co-op play loses within a few rounds
    whatever was chosen at the root, so random playouts measured nothing (20 games at 50 ms with
    them: no win)."""
    return MountGramSearchBot(determinize, evaluate, iterations=ITERATIONS, exploration=0.7, depth=DEPTH,
                              prior="heuristic", margin=0.03, spread=0.2, rollout="heuristic")
