"""``tabletop simulate`` as a balance lab: any number of jobs gives the same figures, the --vs
comparison pairs seeds, the terminal and HTML reports show the JSON's figures, and bad input is
one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_cli import invoke, one_line_error

from tabletop.lab import figures
from tabletop.lab.page import page
from tabletop.lab.render import report_text
from tabletop.lab.runner import chunks
from tabletop.simulate import run_simulation


def sim_json(game: str, *args: str) -> dict[str, Any]:
    result = invoke("simulate", game, "--json", *args)
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.stdout)


def without_timing(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "timing"}


def test_chunks_split_the_seeds_in_order_without_gaps() -> None:
    for first, n, jobs in [(0, 1, 2), (5, 37, 2), (100, 10_000, 2), (0, 81, 1)]:
        parts = chunks(first, n, jobs)
        assert [s for part in parts for s in part] == list(range(first, first + n))
        assert max(len(p) for p in parts) <= 20


@pytest.mark.parametrize(("game", "args"), [
    ("highcard", ["--games", "30", "-p", "3", "--seed", "11"]),
    ("highcard", ["--games", "25", "--vs", "bot:2=highest", "--vs", "option:hand=1"]),
    ("superinmundos", ["--games", "6", "-p", "3"]),
    ("msx_cards", ["--games", "10", "--bot", "heuristic", "-v", "mission=quick"]),
])
def test_one_job_and_several_give_the_same_json(game: str, args: list[str]) -> None:
    one = sim_json(game, *args, "--jobs", "1")
    many = sim_json(game, *args, "--jobs", "3")
    assert one["timing"]["jobs"] == 1 and many["timing"]["jobs"] == 3
    assert without_timing(one) == without_timing(many)


def test_json_keeps_the_old_keys_and_adds_the_new_ones() -> None:
    report = sim_json("superinmundos", "--games", "4", "-p", "3", "--jobs", "1")
    old = {"game", "players", "bots", "options", "games", "seed", "unfinished", "wins_by_seat",
           "win_rate_by_seat", "end_reasons", "mean_length", "timing"}
    new = {"title", "no_winner", "win_interval_by_seat", "end_reason_scores", "lengths", "groups", "deciding_cards"}
    assert old | new <= set(report)
    assert sum(report["end_reasons"].values()) == 4 - report["unfinished"]
    assert sum(n for _, _, n in report["lengths"]["histogram"]) == 4
    for seat, (low, high) in report["win_interval_by_seat"].items():
        assert low <= report["win_rate_by_seat"][seat] <= high
    cards = report["deciding_cards"]
    assert cards["title"] == "Cards on top when a battle is won" and cards["cards"]
    assert all(c["decided"] <= c["chances"] for c in cards["cards"])


def test_villains_get_win_rates_of_their_own() -> None:
    report = sim_json("villainous", "--games", "2", "-p", "3", "-v", "round_limit=5", "--jobs", "1")
    villains = report["groups"]["villain"]
    assert sum(row["seats"] for row in villains.values()) == 6
    assert sum(row["wins"] for row in villains.values()) == sum(report["wins_by_seat"].values())


def test_vs_pairs_each_seed_with_itself() -> None:
    report = sim_json("highcard", "--games", "40", "--bot", "highest", "--vs", "bot:2=random", "--vs-seat", "2",
                      "--jobs", "1")
    vs = report["vs"]
    assert vs["changes"] == ["bot:2=random"] and vs["bots"] == ["highest", "random"]
    assert vs["paired_seat"] == 2 and vs["paired"] == vs["paired_by_seat"]["2"]
    p = vs["paired"]
    t = p["table"]
    assert sum(t.values()) == 40
    assert p["a"] == report["win_rate_by_seat"]["2"] and p["b"] == vs["win_rate_by_seat"]["2"]
    assert p["difference"] == pytest.approx(p["a"] - p["b"], abs=1e-4)
    assert p["interval"][0] <= p["difference"] <= p["interval"][1]
    # the B side alone is the plain run of that setup on the same seeds
    plain = sim_json("highcard", "--games", "40", "--bot", "highest", "--bot", "2=random", "--jobs", "1")
    assert vs["wins_by_seat"] == plain["wins_by_seat"] and vs["end_reasons"] == plain["end_reasons"]


def test_vs_an_option() -> None:
    report = sim_json("highcard", "--games", "10", "--vs", "option:dice=false", "--jobs", "1")
    assert report["options"]["dice"] is True and report["vs"]["options"] == {"hand": 3, "dice": False}


@pytest.mark.parametrize(("args", "expected"), [
    (["--vs", "random"], "must be bot=KIND, bot:SEAT=KIND or option:KEY=VALUE"),
    (["--vs", "seat:1=random"], "must be bot=KIND"),
    (["--vs", "bot=genius"], "no 'genius' bot"),
    (["--vs", "bot:3=highest"], "--vs bot: seat '3' must be from 1 to 2"),
    (["--vs", "option:hand=9"], "--vs: option hand must be between 1 and 4"),
    (["--vs", "option:colour=red"], "has no option 'colour'"),
    (["--vs", "bot=random"], "changes nothing"),
    (["--vs", "bot=highest", "--vs-seat", "3"], "--vs-seat must be from 1 to 2"),
    (["--report", "no/such/folder/r.html"], "--report"),
])
def test_bad_lab_arguments_are_one_line(args: list[str], expected: str) -> None:
    one_line_error(invoke("simulate", "highcard", "--games", "1", "--json", *args), expected)


def test_jobs_must_be_positive() -> None:
    assert invoke("simulate", "highcard", "--games", "1", "--jobs", "0").exit_code == 2


def report_cells(report: dict[str, Any]) -> list[str]:
    return [cell for s in figures.sections(report) for row in s.rows for cell in row]


def test_the_terminal_and_html_reports_show_the_json_figures() -> None:
    report = run_simulation("superinmundos", 5, 3, ["random"], 0, {}, jobs=1, vs=["bot:1=heuristic"])
    text = report_text(report, width=200)
    html = page(report)
    seats = figures.sections(report)[1]
    assert seats.title.startswith("Wins by seat")
    for seat, wins in report["wins_by_seat"].items():
        row = seats.rows[int(seat) - 1]
        assert row[:4] == [seat, report["bots"][int(seat) - 1], str(wins), figures.pct(report["win_rate_by_seat"][seat])]
        low, high = report["win_interval_by_seat"][seat]
        assert row[4] == f"{low * 100:.1f}–{high * 100:.1f}%"
    for cell in report_cells(report):
        assert cell in text, cell
        assert f"<td>{cell}</td>" in html.replace("&#x27;", "'"), cell
    assert figures.verdict(report) in " ".join(text.split())
    assert html.count('class="bin"') == len(report["lengths"]["histogram"]) + len(report["vs"]["lengths"]["histogram"])


def test_the_html_page_is_self_contained(tmp_path: Path) -> None:
    path = tmp_path / "r.html"
    result = invoke("simulate", "highcard", "--games", "8", "--jobs", "2", "--report", str(path))
    assert result.exit_code == 0, result.output
    assert "Wins by seat" in result.stdout
    html = path.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html
    for outside in ("<script", "src=", "<link", "http://", "https://", "@import", "url("):
        assert outside not in html, outside


def test_alternate_plays_every_seed_once_each_way_round() -> None:
    """--alternate: seed s is played with (highest, random) and with (random, highest); the wins by
    kind add up the two plain runs seat by seat (old behaviour: no such option, no wins_by_kind)."""
    report = sim_json("highcard", "--games", "30", "--bot", "highest", "--bot", "2=random", "--alternate",
                      "--jobs", "1")
    assert report["games"] == 60 and report["seeds"] == 30 and report["arrangements"] == 2
    straight = sim_json("highcard", "--games", "30", "--bot", "highest", "--bot", "2=random", "--jobs", "1")
    swapped = sim_json("highcard", "--games", "30", "--bot", "random", "--bot", "2=highest", "--jobs", "1")
    kinds = report["wins_by_kind"]
    assert kinds["highest"]["seats"] == kinds["random"]["seats"] == 60
    assert kinds["highest"]["wins"] == straight["wins_by_seat"]["1"] + swapped["wins_by_seat"]["2"]
    assert kinds["random"]["wins"] == straight["wins_by_seat"]["2"] + swapped["wins_by_seat"]["1"]
    by_seat = report["wins_by_kind_and_seat"]
    assert by_seat["highest"]["1"]["wins"] == straight["wins_by_seat"]["1"]
    assert by_seat["highest"]["2"]["wins"] == swapped["wins_by_seat"]["2"]
    assert all(cell["seats"] == 30 for cells in by_seat.values() for cell in cells.values())
    low, high = kinds["highest"]["interval"]
    assert low <= kinds["highest"]["win_rate"] <= high
    # wins_by_seat stays what it was: wins of seat 1 and seat 2 over all the games played
    assert report["wins_by_seat"] == {s: straight["wins_by_seat"][s] + swapped["wins_by_seat"][s] for s in "12"}
    text = report_text(run_simulation("highcard", 30, None, ["highest", "2=random"], 0, {}, alternate=True),
                       width=200)
    assert "Wins by bot kind" in text and "30 seeds × 2 seat arrangements = 60 games" in text


def test_alternate_with_every_seat_the_same_bot_plays_each_seed_once() -> None:
    report = sim_json("highcard", "--games", "12", "-p", "3", "--bot", "highest", "--alternate", "--jobs", "1")
    assert report["games"] == 12 and report["arrangements"] == 1
    assert report["wins_by_kind"]["highest"]["seats"] == 36


def test_alternate_with_vs_pairs_each_arrangement_with_itself() -> None:
    report = sim_json("highcard", "--games", "20", "--bot", "highest", "--bot", "2=random", "--alternate",
                      "--vs", "bot=random", "--jobs", "2")
    assert report["games"] == 40
    assert sum(report["vs"]["paired"]["table"].values()) == 40
    assert report["vs"]["wins_by_kind"]["random"]["seats"] == 80
    again = sim_json("highcard", "--games", "20", "--bot", "highest", "--bot", "2=random", "--alternate",
                     "--vs", "bot=random", "--jobs", "1")
    assert without_timing(again) == without_timing(report)
