"""The behaviour-identity corpus: seeded bot games recorded once, replayed by a test forever.

Each recorded game keeps its set-up, the action ids taken, a digest of every step's acting seat and
sorted legal action ids, and the result's winners and scores. Replaying the action list through
today's rules must give the same digest and result: a refactor that changes what is legal, who
acts or who wins fails ``test_replays.py``, whatever else it keeps. The corpus was recorded before
the rules-to-table contract (structured actions and events) replaced id parsing and English logs.

Re-record only for an intended change of rules (and say so in the commit):
    .venv/bin/python -m tests.replays.record        (from the repo root)
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"

GAMES_PER_ID = 60
"""Seeded games per game id, spread over its conformance set-ups and both bot kinds."""


def step_digest(digest: "hashlib._Hash", seat: int, legal: list[str]) -> None:
    digest.update(f"{seat}|{'|'.join(sorted(legal))}\n".encode())


def play(game_id: str, players: int, options: dict[str, Any], seed: int, bot: str) -> dict[str, Any]:
    from tabletop import games
    from tabletop.engine import Match, Seat

    game = games.game(game_id)
    match = Match.start(game, [Seat(f"P{i + 1}", bot) for i in range(players)], options, seed=seed)
    digest = hashlib.sha256()
    while (decision := match.decision()) is not None and len(match.actions) < game.spec.max_steps:
        step_digest(digest, decision.seat, [a.id for a in match.legal()])
        match.bot_step()
    result = match.result()
    return {"players": players, "options": options, "seed": seed, "bot": bot,
            "actions": match.actions, "digest": digest.hexdigest(),
            "winners": list(result.winners) if result else None,
            "scores": list(result.scores) if result else None}


def cases(game_id: str) -> list[tuple[int, dict[str, Any], int, str]]:
    from tabletop import games

    setups = games.game(game_id).spec.conformance_setups()
    out = []
    for i in range(GAMES_PER_ID):
        players, options = setups[i % len(setups)]
        out.append((players, options, 1000 + i, "heuristic" if i % 3 == 0 else "random"))
    return out


def path_for(game_id: str) -> Path:
    return DATA / f"{game_id}.json.gz"


def load(game_id: str) -> list[dict[str, Any]]:
    return json.loads(gzip.decompress(path_for(game_id).read_bytes()))


def main() -> None:
    import sys

    ids = sys.argv[1:] or ["superinmundos", "villainous", "msx_cards", "mount_gram"]
    DATA.mkdir(exist_ok=True)
    for game_id in ids:
        games_ = [play(game_id, *case) for case in cases(game_id)]
        raw = json.dumps(games_, separators=(",", ":")).encode()
        path_for(game_id).write_bytes(gzip.compress(raw, mtime=0))
        print(f"{game_id}: {len(games_)} games, {sum(len(g['actions']) for g in games_)} actions")


if __name__ == "__main__":
    main()
