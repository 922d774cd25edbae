"""MSX Cards: a solo card battler with dice (and a hot-seat versus variant).

Fighters are MSX programs in five colour races; you beat three enemies per World, then its Boss in
an eight-step duel, across the Worlds of a Mission. Rules: docs/games/msx_cards.md; spec:
the MSX Cards specification (rulings R1-R42). This module stays cheap to import: the rules and
their data load only when ``load()`` is called.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine import GameSpec, Option
from tabletop.engine.bots import RandomBot
from tabletop.text.shell import N_

from .search import search_bot


def _heuristic() -> Any:
    from .bots import HeuristicBot

    return HeuristicBot()


SPEC = GameSpec(
    id="msx_cards", title=N_("MSX Cards"), min_players=1, max_players=2,
    summary=N_("Solo card battler with dice: free the MSX Worlds from their Bosses (versus: 2 seats)."),
    options=(
        Option("mission", N_("Mission"), kind="choice", default="standard", choices=(N_("standard"), N_("quick")),
               help=N_("standard: six Worlds (d8 d8 d12 d12 d20 d20); quick: three Worlds (d8 d12 d20)")),
        Option("versus", N_("Versus (2 players: the second plays the enemy)"), default=False,
               help=N_("Hot seat: the second seat chooses the enemy's capsules; needs exactly 2 players")),
        Option("classic", N_("Classic draw (one random fighter, no draft)"), default=False),
    ),
    hidden_info=False,
    bots={"random": RandomBot, "heuristic": _heuristic, "search": search_bot},
    screen="tabletop.games.msx_cards.screen:MsxScreen",
    rules_file="docs/games/msx_cards.md",
    default_names=("Ana", N_("Enemy")), default_players=1,
    curtain_default=False,
    conformance=((1, {"mission": "standard"}), (1, {"mission": "quick"}), (1, {"mission": "quick", "classic": True}),
                 (2, {"versus": True, "mission": "quick"})),
    max_steps=20000,
)


def load() -> Any:
    from .rules import MsxCards

    return MsxCards(SPEC)
