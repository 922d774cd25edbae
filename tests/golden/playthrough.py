"""Golden playthroughs, as OpenSpiel keeps them: a few seeded bot games per registered game,
written as text (each step's decision, the action taken, and the acting seat's view), so that any
change of behaviour shows up as a readable diff.

Regenerate after an intended change of rules or views:
    .venv/bin/python -m tests.golden.playthrough            every game (from the repo root)
    .venv/bin/python -m tests.golden.playthrough GAME ...   only these games
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
FULL_VIEWS = 40
"""Steps whose full view is written; later steps keep decision and action only (file size)."""

# (game id, players, options, seed, bot kind): the stored playthroughs.
CASES: list[tuple[str, int, dict[str, Any], int, str]] = [
    ("highcard", 2, {}, 7, "highest"),
    ("superinmundos", 3, {}, 1, "heuristic"),
    ("superinmundos", 4, {}, 2, "random"),
    ("msx_cards", 1, {}, 1, "heuristic"),
    ("villainous", 3, {}, 1, "heuristic"),
    ("mount_gram", 2, {}, 1, "heuristic"),
]


def case_name(game_id: str, players: int, options: dict[str, Any], seed: int, bot: str) -> str:
    opts = "".join(f"-{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id}-{players}p{opts}-seed{seed}-{bot}.txt"


def render(game_id: str, players: int, options: dict[str, Any], seed: int, bot: str) -> str:
    from tabletop import games
    from tabletop.engine import Match, Seat

    game = games.game(game_id)
    from tabletop.text.render import for_match

    match = Match.start(game, [Seat(f"P{i + 1}", bot) for i in range(players)], options, seed=seed)
    words = for_match(match, lang="en")
    lines = [f"# {game.spec.title}: {players} seats, {bot} bots, seed {seed}, options {json.dumps(options)}"]
    step = 0
    while (decision := match.decision()) is not None and step < game.spec.max_steps:
        view = match.view(decision.seat)
        action = match.bot_step()
        lines.append(f"{step:>5} seat {decision.seat} {decision.kind}: {words.text(decision.prompt)} -> {action}")
        if step < FULL_VIEWS:
            shown = {k: v for k, v in view.items() if k != "log"}
            lines.append("      view " + json.dumps(shown, sort_keys=True, ensure_ascii=False))
        step += 1
    result = match.result()
    shown = result and (f"Result(winners={result.winners!r}, scores={result.scores!r}, "
                        f"reason={words.text(result.reason)!r})")
    lines.append(f"result: {shown}")
    return "\n".join(lines) + "\n"


def available() -> list[tuple[str, int, dict[str, Any], int, str]]:
    from tabletop import games

    specs = games.specs()
    return [c for c in CASES if c[0] in specs and c[4] in specs[c[0]].bots]


def main() -> None:
    words = sys.argv[1:]
    if {"-h", "--help"} & set(words):
        print(__doc__)
        return
    sys.path.insert(0, str(HERE.parent))
    import conftest  # noqa: F401  (registers the kernel test game)

    cases = available()
    unknown = set(words) - {c[0] for c in cases}
    if unknown:
        sys.exit(f"playthrough: no golden case for {', '.join(sorted(unknown))}")
    DATA.mkdir(exist_ok=True)
    for case in cases:
        if words and case[0] not in words:
            continue
        path = DATA / case_name(*case)
        path.write_text(render(*case), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent.parent)}")


if __name__ == "__main__":
    main()
