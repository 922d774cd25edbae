"""Fingerprint seeded random playouts step by step, to show a speed change kept behaviour.

A change meant to be behaviour-identical (a cache, a fast path) must leave every decision, every
legal action, every event, every draw of the generator and the whole state as they were. Run
this on the changed checkout and on the one before it, with the same arguments, and compare the
digests it prints (one per player count, and a total). Run it from the project root; the
checkout it runs in is the one imported:

    .venv/bin/python -m tools.step_digest GAME [--players 2,3] [--options '{"k": v}'] \\
        [--seeds 200] [--kind human|random] [--clone-every 50]

Each step hashes the decision, every legal action (all fields and the label's repr) and the state
as JSON (log and generator included). Every ``--clone-every`` steps a clone plays the same step and
must end in the same state as the original (checked here: exit 1 if not).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from tabletop import games
from tabletop.engine import Seat
from tabletop.engine.rng import Rng
from tabletop.engine.state import to_plain


def _state_json(state: Any) -> str:
    return json.dumps(to_plain(state), sort_keys=True, default=repr)


def _digest_count(game: Any, players: int, options: dict[str, Any], args: argparse.Namespace) -> tuple[str, int]:
    """The digest of ``args.seeds`` seeded random games of ``players`` seats, and their steps."""
    spec = game.spec
    h = hashlib.sha256()
    steps = 0
    for seed in range(args.seeds):
        state = game.setup([Seat(f"P{i + 1}", args.kind) for i in range(players)], options, seed)
        rng = Rng(seed * 7919 + 1)
        for k in range(spec.max_steps):
            decision = game.decision(state)
            h.update(repr(decision).encode())
            if decision is None:
                break
            legal = game.legal_actions(state)
            for a in legal:
                h.update(repr((a.id, a.label, a.card, a.group, a.verb, a.target, a.location, a.seat, a.amount,
                               a.extra)).encode())
            choice = legal[rng.below(len(legal))].id
            if args.clone_every and k % args.clone_every == 0:
                twin = game.clone(state)
                game.apply(twin, choice)
                game.apply(state, choice)
                if _state_json(twin) != _state_json(state):
                    sys.exit(f"clone differs: {players}p seed {seed} step {k}")
            else:
                game.apply(state, choice)
            h.update(_state_json(state).encode())
            steps += 1
        h.update(repr(game.result(state)).encode())
    return h.hexdigest(), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", default="", help="player counts, comma-separated (default: all)")
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--kind", default="human", help="seat kind: human or random")
    parser.add_argument("--clone-every", type=int, default=50)
    args = parser.parse_args()
    game = games.game(args.game)
    spec = game.spec
    options = spec.resolve_options(json.loads(args.options))
    counts = ([int(x) for x in args.players.split(",")] if args.players
              else list(range(spec.min_players, spec.max_players + 1)))
    total = hashlib.sha256()
    steps_all = 0
    for n in counts:
        try:
            spec.check_players(n)
            digest, steps = _digest_count(game, n, options, args)
        except Exception as e:  # a count these options do not allow (MSX's 2p without versus)
            print(f"{args.game} {n}p: skipped ({e})")
            continue
        print(f"{args.game} {n}p options={args.options} seeds={args.seeds} kind={args.kind}: "
              f"steps={steps} digest={digest[:16]}")
        total.update(digest.encode())
        steps_all += steps
    print(f"total steps={steps_all} digest={total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
