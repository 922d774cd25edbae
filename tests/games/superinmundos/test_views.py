"""What the screen and the bots get from ``view``, and what it must never show."""

from __future__ import annotations

import sys
from pathlib import Path

from tabletop.games.superinmundos import SPEC

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from conformance.kit import leaks, strings_in  # noqa: E402

from .helpers import en_all, table  # noqa: E402


def test_view_carries_what_the_screen_needs() -> None:
    sc = table(2, {0: ["siervo-ojaldre", "magucio", "neut18"], 1: ["b22", "shishabel", "neut19"]},
               discard=["neut13"])
    sc.play("open siervo-ojaldre", "attack b22", "go")
    view = sc.view(1)
    assert view["round"] == 1 and view["round_limit"] == 5 and view["phase"] == "mode"
    assert view["decision"]["seat"] == 1 and view["deck"] == len(sc.state.deck)
    assert view["discard"] == ["neut13"] and view["discard_count"] == 1
    active, attacker = view["arena"][-1], view["attacker"]
    assert active["cards"] == ["siervo-ojaldre"] and active["role"] == "active" and active["owner"] == 0
    assert active["stats"] == {"attack": 2, "defense": 2, "power": 2}
    assert "Siervo Ojaldre Defense: 1×2 = 2" in en_all(sc, active["lines"])
    assert attacker["stats"] == {"attack": 3, "defense": 3, "power": 3}
    assert view["players"][0]["hand"] == 2 and view["players"][0]["loot"] is None
    assert [c["id"] for c in view["hand"]] == ["shishabel", "neut19"]
    assert all("playable" in c for c in view["hand"])
    assert view["log"] and all("to" not in e or 1 in e["to"] for e in view["log"])
    sc.play("mode power", "no boost")
    view = sc.view(0)
    flags = {c["id"]: (c["playable"], c.get("beats_active")) for c in view["hand"]}
    assert flags == {"magucio": (True, True), "neut18": (False, False)}
    assert (view["to_beat"]["defense"], view["to_beat"]["power"]) == (3, 3)
    assert "lightning cards double against it" in en_all(sc, view["to_beat"]["notes"])


def test_view_hides_other_hands_the_deck_and_loot() -> None:
    sc = table(3, {0: ["neut18", "neut01"], 1: ["neut11", "b22"], 2: ["magucio"]}, loot={2: ["neut19"]})
    game = sc.game
    assert not leaks(game, sc.state, 3)
    assert {"neut11", "b22", "magucio", "neut19"} <= game.secrets(sc.state, 0)
    assert not ({"neut11", "b22", "neut19"} & strings_in(sc.view(0)))
    spectator = sc.view(None)
    assert spectator["hand"] == [] and all(p["loot"] is None for p in spectator["players"])


def test_spec_declares_rules_file_bots_and_conformance() -> None:
    assert SPEC.rules_file == "docs/games/superinmundos.md"
    assert Path(__file__).resolve().parents[3].joinpath(SPEC.rules_file).is_file()
    assert set(SPEC.bots) == {"random", "heuristic", "search"}
    setups = SPEC.conformance_setups()
    assert {n for n, _ in setups} == {2, 3, 4}
    covered = {k for _, opts in setups for k in opts}
    assert {"quick", "hand5", "starting_loot", "teams", "no_swap", "no_neutrals", "no_events"} <= covered


def test_view_stats_use_each_units_role() -> None:
    sc = table(2, {0: ["water05", "earth13"], 1: ["light03"]})  # Brine Knight: +1 Defense defending
    sc.play("open water05", "go")
    assert sc.view(1)["arena"][-1]["stats"]["defense"] == 5
    sc.play("attack light03")  # Thunder Courier: +1 Power attacking; lightning doubles against water
    view = sc.view(0)
    assert view["phase"] == "response"
    assert view["attacker"]["stats"] == {"attack": 8, "defense": 4, "power": 5}
    assert view["arena"][-1]["stats"] == {"attack": 4, "defense": 5, "power": 2}
