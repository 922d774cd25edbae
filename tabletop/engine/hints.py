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


def suggest(match: Match, seat: int, kind: str | None = None) -> Hint | None:
    """The hint for ``seat`` now (``None`` if it is not that seat's decision)."""
    game = match.game
    decision = game.decision(match.state)
    if decision is None or decision.seat != seat:
        return None
    actions = game.legal_actions(match.state)
    kind = kind or hint_kind(match)
    bot = game.spec.bots[kind]()
    view = game.view(match.state, seat)
    rng = bot_rng(match.seed ^ HINT_SALT, match.state.step, seat)
    if getattr(bot, "uses_state", False):
        bot.state = match.state  # read only through the game's determinize (see engine.search)
    chosen_id = bot.choose(game, view, decision, actions, rng)
    chosen = next((a for a in actions if a.id == chosen_id), actions[0])
    reason = None
    explain = _explainer(game.spec.id)
    if explain is not None:
        reason = explain(game, view, decision, actions, chosen)
    if reason is None:
        reason = getattr(bot, "last_reason", None)
    if reason is None:
        reason = (msg("hint.only", wanted=chosen.label) if len(actions) == 1
                  else msg("hint.generic", wanted=chosen.label, n=len(actions)))
    return Hint(chosen, reason, kind)
