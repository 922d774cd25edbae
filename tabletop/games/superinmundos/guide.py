"""Superinmundos' guided first game: Ana against one Normal bot, seed 7, the first battles.

Each step names the part of ``docs/games/superinmundos.md`` it teaches ("A round 1" is item 1
of "A round"). The texts are the ``superinmundos-guide`` catalog's.
"""

from tabletop.engine import Seat
from tabletop.engine.guide import Guide, step

GUIDE = Guide(
    game_id="superinmundos",
    seats=(Seat("Ana"), Seat("Bot", "heuristic")),
    seed=7,
    steps=(
        step("How to play", "guide.welcome"),
        step("A round 1", "guide.swap", id="keep"),
        step("A round 2", "guide.round_start", id="pass"),
        step("A round 3", "guide.opening"),
        step("Attacking", "guide.reaction", id="pass"),
        step("Attacking", "guide.first_attack", {"card": "neut08"}, id="attack neut08"),
        step("Attacking · Supports", "guide.plan", id="plan none"),
        step("Attacking · Supports", "guide.defend", id="done"),
        step("Attacking", "guide.reaction_again", id="pass"),
        step("Attacking · Elements", "guide.elements", {"card": "water05"}, id="attack water05"),
        step("Attacking · Supports", "guide.plan_again", id="plan none"),
        step("A round 4", "guide.defend_again", id="done"),
        step("A round 4", "guide.reaction_last", id="pass"),
        step("A round 5", "guide.keep_fighting", {"card": "neut19"}, id="attack neut19"),
        step("Loot", "guide.loot"),
    ),
)
