"""Villainous' guided first game: Captain Hook (Ana) against a Normal-bot Jafar, seed 3, two turns.

Each step names the part of ``docs/games/villainous.md`` it teaches ("A turn 4" is item 4 of
"A turn"). The texts are the ``villainous-guide`` catalog's.
"""

from tabletop.engine import Seat
from tabletop.engine.guide import Guide, step

GUIDE = Guide(
    game_id="villainous",
    seats=(Seat("Ana"), Seat("Bot", "heuristic")),
    seed=3,
    steps=(
        step("The villains and their goals", "guide.welcome"),
        step("Your board", "guide.board"),
        step("A turn 3", "guide.move", id="go 2"),
        step("A turn 4", "guide.worthy", {"card": "hook.worthy_opponent#1"}, id="play hook.worthy_opponent#1"),
        step("Your board", "guide.hero_where", id="at 1"),
        step("A turn 4", "guide.second_play", {"card": "hook.worthy_opponent#2"}, id="play hook.worthy_opponent#2"),
        step("A turn 4", "guide.gain", id="gain 3"),
        step("A turn 5", "guide.end", id="end"),
        step("A turn 4", "guide.rival_turn"),
        step("A turn 3", "guide.move_ship", id="go 0"),
        step("A turn 4", "guide.ally", {"card": "hook.pirate_brute#2"},
             id="play hook.pirate_brute#2"),
        step("A turn 4", "guide.ally_where", id="at 0"),
        step("A turn 4", "guide.gain_one", id="gain 1"),
        step("A turn 4", "guide.discard", id="discard"),
        step("A turn 4", "guide.drop_case", {"card": "hook.hooks_case#1"}, id="drop hook.hooks_case#1"),
        step("A turn 4", "guide.drop_aye", {"card": "hook.aye_aye_sir#1"}, id="drop hook.aye_aye_sir#1"),
        step("A turn 4", "guide.keep_starkey", {"card": "hook.mr_starkey#1"}, id="done"),
        step("A turn 5", "guide.end_again", id="end"),
        step("Conditions", "guide.conditions"),
    ),
)
