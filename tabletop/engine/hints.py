"""Hints: what a bot would do for the seat at the keyboard, and why, from that seat's view only.

``suggest`` asks the strongest bot a game has (``search`` if there is one, else ``heuristic``)
for its choice. Heuristic bots see only the view of their seat; the search bot sees the state only
through its game's ``determinize``, which resamples everything the seat cannot see. So a hint
never uses hidden information: two states that give the seat the same view give the same hint
(a test checks it). The reason is a message: a game's ``hints.explain`` says why in the game's
terms (the numbers the player can check on screen); without one, a generic sentence names the
choice. Hints never play: the screen shows them and the player decides.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from .bots import bot_rng
from .core import Action
from .match import Match
from .msg import Msg, msg

Explain = Callable[[Any, Any, Any, list[Action], Action], "Msg | None"]
"""``explain(game, view, decision, actions, chosen)``: why ``chosen`` is good, or ``None``."""


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    reason: Msg
    kind: str
    """The bot kind that chose (``search`` or ``heuristic``)."""


HINT_SALT = 0x5EED_41E7
"""Mixed into the bot's seed so that a hint does not replay the bot seat's own random choices."""


def hint_kind(match: Match) -> str:
    bots = match.game.spec.bots
    return "search" if "search" in bots else "heuristic" if "heuristic" in bots else "random"


def _explainer(game_id: str) -> Explain | None:
    try:
        module = importlib.import_module(f"tabletop.games.{game_id}.hints")
    except ImportError:
        return None
    return getattr(module, "explain", None)


def _search_reason(result: Any, chosen: Action, actions: list[Action]) -> Msg | None:
    """From a search: how often the simulated continuations went well after this choice, beside
    the next best one (the numbers are the search's own averages over what the seat can see)."""
    means = getattr(result, "means", None)
    if not means or chosen.id not in means:
        return None
    others = sorted(((v, a) for a in actions if a.id != chosen.id and (v := means.get(a.id)) is not None),
                    key=lambda p: -p[0])
    pct = round(100 * means[chosen.id])
    games = sum(getattr(result, "visits", {}).values())
    if not others:
        return msg("hint.search_one", pct=pct, n=games)
    return msg("hint.search", pct=pct, n=games, other=others[0][1].label, other_pct=round(100 * others[0][0]))


def suggest(match: Match, seat: int, kind: str | None = None, iterations: int | None = None) -> Hint | None:
    """The hint for ``seat`` now (``None`` if it is not that seat's decision). ``iterations``
    gives a search bot a fixed budget instead of its think time (a time budget depends on the
    machine, so only an iteration budget repeats exactly: tests use it)."""
    game = match.game
    decision = game.decision(match.state)
    if decision is None or decision.seat != seat:
        return None
    actions = game.legal_actions(match.state)
    kind = kind or hint_kind(match)
    bot = game.spec.bots[kind]()
    if iterations is not None and hasattr(bot, "iterations"):
        bot.iterations, bot.think_ms, bot.wall_ms = iterations, None, None
    view = game.view(match.state, seat)
    rng = bot_rng(match.seed ^ HINT_SALT, match.state.step, seat)
    if getattr(bot, "uses_state", False):
        # the search bot reads the state only through the game's determinize (engine.search)
        chosen_id = bot.choose(game, view, decision, actions, rng, state=match.state)
    else:
        chosen_id = bot.choose(game, view, decision, actions, rng)
    chosen = next((a for a in actions if a.id == chosen_id), actions[0])
    reason = None
    explain = _explainer(game.spec.id)
    if explain is not None:
        reason = explain(game, view, decision, actions, chosen)
    if reason is None:
        reason = _search_reason(getattr(bot, "last", None), chosen, actions)
    if reason is None:
        reason = (msg("hint.only", wanted=chosen.label) if len(actions) == 1
                  else msg("hint.generic", wanted=chosen.label, n=len(actions)))
    return Hint(chosen, reason, kind)
