"""Mount Gram's search bot spends its playouts where they tell something (issue #16: a decision
within the 1 s budget, a whole game affordable): which enemy to engage, where to travel, who
takes an attack. Every other decision is the heuristic team's own answer, played at once."""

from __future__ import annotations

from tabletop import games
from tabletop.engine import Match, Seat
from tabletop.engine.rng import Rng
from tabletop.games.mount_gram import search as S

GAME = games.game("mount_gram")


def test_only_the_searched_decisions_run_playouts() -> None:
    m = Match.start(GAME, [Seat("A", "heuristic"), Seat("B", "heuristic")], {}, seed=4)
    seen: set[str] = set()
    for _ in range(2000):
        d = m.decision()
        if d is None or {"commit", "engage"} <= seen:
            break
        if len(m.legal()) > 1 and d.kind in ("commit", "engage") and d.kind not in seen:
            seen.add(d.kind)
            bot = S.search_bot()
            bot.wall_ms = None
            answer = bot.choose(GAME, {}, d, m.legal(), Rng(5), state=m.state)
            assert answer in {a.id for a in m.legal()}
            if d.kind in S.SEARCHED:
                assert bot.last is not None and bot.last.iterations == S.ITERATIONS
            else:
                heuristic = GAME.spec.bots["heuristic"]()
                assert bot.last is None
                assert answer == heuristic.choose(GAME, GAME.view(m.state, d.seat), d, m.legal(), Rng(5))
        m.bot_step()
    assert seen == {"commit", "engage"}
