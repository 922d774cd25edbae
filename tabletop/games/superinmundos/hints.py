"""Why the bot's choice is good, in Superinmundos' terms (the hint key's reason; ``engine.hints``).

Reads only the seat's view: the numbers to beat on top of the arena and, in combat choices, the
outcome each answer would give (``previews``) — both on screen for the player to check.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import Action
from tabletop.engine.msg import Msg, msg


def _winning(view: Any, seat: int) -> str:
    """Which side of the combat the seat is on: ``attacker`` or ``defender``."""
    attacker = view.get("attacker")
    return "attacker" if attacker is not None and attacker.get("owner") == seat else "defender"


def explain(game: Any, view: Any, decision: Any, actions: list[Action], chosen: Action) -> Msg | None:
    verb = chosen.verb
    beat = view.get("to_beat") or {}
    previews: dict[str, str] = view.get("previews") or {}
    if verb in ("attack", "fuse") and beat:
        return msg("hint.attack", card=chosen.card, defense=beat.get("defense", 0), power=beat.get("power", 0))
    if verb == "withdraw" and beat:
        return msg("hint.withdraw", defense=beat.get("defense", 0), power=beat.get("power", 0))
    if chosen.id in previews:
        side = _winning(view, decision.seat)
        wins = previews[chosen.id] == side
        if verb in ("boost", "penalty"):
            return msg("hint.support_turns" if wins else "hint.support_helps", card=chosen.card)
        if verb == "event":
            return msg("hint.event_combat", card=chosen.card)
        return msg("hint.hold_wins" if wins else "hint.hold_loses")
    if verb in ("plan_none", "plan_later", "no_boost"):
        return msg("hint.keep_supports")
    if verb == "keep":
        return msg("hint.keep_hand")
    if verb == "swap":
        return msg("hint.swap_hand")
    if verb == "pass":
        return msg("hint.pass_events")
    return None
