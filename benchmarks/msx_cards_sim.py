"""MSX Cards balance simulation: win rate per Mission and per World reached, for each bot policy.

    .venv/bin/python benchmarks/msx_cards_sim.py [runs] [--mission standard|quick] [--bot heuristic|random]

For every run it records where the run ended (the World it died in, and whether in the battles or
the Boss duel) and prints: the Mission win rate, the share of runs reaching each World, and the
survival rate of each World among the runs that reached it. Seeds are 0..runs-1, so results are
reproducible; tune the numbers in assets/cards/msx_cards/ and re-run.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from tabletop.engine import Match, Seat
from tabletop.engine.bots import RandomBot, bot_rng
from tabletop.games import game as get_game
from tabletop.games.msx_cards.bots import HeuristicBot
from tabletop.games.msx_cards.cards import catalogue


def play(bot: Any, mission: str, seed: int) -> Any:
    g = get_game("msx_cards")
    m = Match.start(g, [Seat("Sim")], {"mission": mission}, seed=seed)
    s = m.state
    while (d := g.decision(s)) is not None:
        g.apply(s, bot.choose(g, g.view(s, d.seat), d, g.legal_actions(s), bot_rng(seed, s.step, d.seat)))
    return s


def simulate(bot_name: str, mission: str, runs: int) -> dict[str, Any]:
    bot = HeuristicBot() if bot_name == "heuristic" else RandomBot()
    worlds = len(catalogue().missions[mission]["worlds"])
    died: Counter[tuple[int, str]] = Counter()
    wins = 0
    start = time.perf_counter()
    for seed in range(runs):
        s = play(bot, mission, seed)
        if s.outcome == "won":
            wins += 1
        else:
            where = "boss" if s.mode == "boss" or "on T" in s.reason else "battles"
            died[(s.world + 1, where)] += 1
    reached = []
    alive = runs
    for w in range(1, worlds + 1):
        lost_b, lost_boss = died[(w, "battles")], died[(w, "boss")]
        reached.append({"world": w, "reached": alive / runs, "survived": (alive - lost_b - lost_boss) / alive
                        if alive else 0.0, "lost_in_battles": lost_b, "lost_to_boss": lost_boss})
        alive -= lost_b + lost_boss
    return {"bot": bot_name, "mission": mission, "runs": runs, "win_rate": wins / runs, "worlds": reached,
            "seconds": time.perf_counter() - start}


def report(r: dict[str, Any]) -> None:
    print(f"{r['mission']:8s} {r['bot']:9s} runs {r['runs']}: mission won {r['win_rate']:.1%} "
          f"({r['seconds']:.0f} s)")
    for w in r["worlds"]:
        print(f"    World {w['world']}: reached {w['reached']:6.1%}  survived {w['survived']:6.1%}  "
              f"(lost in battles {w['lost_in_battles']}, to the Boss {w['lost_to_boss']})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="?", type=int, default=400)
    ap.add_argument("--mission", choices=("standard", "quick"), action="append")
    ap.add_argument("--bot", choices=("heuristic", "random"), action="append")
    args = ap.parse_args()
    for mission in args.mission or ["standard", "quick"]:
        for bot in args.bot or ["heuristic", "random"]:
            report(simulate(bot, mission, args.runs))


if __name__ == "__main__":
    main()
