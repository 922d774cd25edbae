"""The heuristic bot is legal and better than random; the view carries what the screen needs."""

from __future__ import annotations

from tabletop.engine import Match, Seat
from tabletop.engine.bots import RandomBot, bot_rng
from tabletop.games import game as get_game
from tabletop.games.msx_cards.bots import HeuristicBot
from tabletop.games.msx_cards.state import PLAYER

from .helpers import say


def _play(bot: object, seeds: range, options: dict, seats: int = 1) -> int:
    g = get_game("msx_cards")
    wins = 0
    for seed in seeds:
        m = Match.start(g, [Seat(f"P{i}") for i in range(seats)], options, seed=seed)
        while (d := m.decision()) is not None:
            actions = m.legal()
            choice = bot.choose(g, m.view(d.seat), d, actions, bot_rng(seed, m.state.step, d.seat))  # type: ignore[attr-defined]
            assert choice in {a.id for a in actions}
            m.play(choice)
        wins += m.state.outcome == "won"
    return wins


def test_heuristic_beats_random_on_the_quick_mission() -> None:
    seeds = range(500, 516)
    assert _play(HeuristicBot(), seeds, {"mission": "quick"}) >= _play(RandomBot(), seeds, {"mission": "quick"}) + 4


def test_heuristic_plays_both_versus_seats() -> None:
    _play(HeuristicBot(), range(3), {"versus": True, "mission": "quick"}, seats=2)


def test_view_carries_board_pentagon_boss_and_arithmetic() -> None:
    g = get_game("msx_cards")
    m = Match.start(g, [Seat("Ana")], {"mission": "quick"}, seed=11)
    bot = HeuristicBot()
    saw_boss = saw_attack = False
    while (d := m.decision()) is not None:
        v = m.view(PLAYER)
        for key in ("mission", "world", "victories", "losses", "you", "pentagon", "rolls", "log", "initiative"):
            assert key in v
        assert v["world"]["die"] in (8, 12, 20) and len(v["pentagon"]["rings"]) == 4
        if v["mode"] == "battle" and d.kind == "act":
            assert v["enemy"]["vitality"] > 0 and len(v["you"]["capsules"]) == 6
            assert v["you"]["button"] in ("green", "red") and "ability_msg" in v["you"]
        if v["boss"] is not None and v["mode"] == "boss":
            saw_boss = True
            assert len(v["boss"]["track"]) == 8 and v["boss"]["set"] in ("white", "grey")
        if v["last_attack"]:
            saw_attack = True
            assert say(v["last_attack"]["steps"][0]).startswith("d")
            assert say(v["last_attack"]["steps"][-1]).startswith("damage") or "back up" in say(v["last_attack"]["steps"][-1])
        m.play(bot.choose(g, m.view(d.seat), d, m.legal(), bot_rng(11, m.state.step, d.seat)))
    assert saw_attack and saw_boss
    assert g.summary(m.state)


def test_faces_carry_a_symbol_beside_the_colour() -> None:
    g = get_game("msx_cards")
    f = g.face("valis")
    assert f.title == "Valis" and f.symbol == "R" and f.colour
    assert [s.label for s in f.stats] == ["Attack", "Defense", "Vitality", "Resistance"]
    assert "PLAY" not in f.text and "POWER" in f.text and "Attack Nullified" in f.text
