"""``EventLog`` (issue #15): an append-only log that clones share, read exactly as a list.

Each test drives a log and a plain list side by side (the model) and checks every read against
the list at every step."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.engine.state import EventLog, copy_log


def _same(log: EventLog, model: list[Any]) -> None:
    assert len(log) == len(model) and bool(log) == bool(model)
    assert list(log) == model and log == model and model == log
    assert list(reversed(log)) == model[::-1]
    n = len(model)
    for i in (0, n // 2, n - 1, -1, -n):
        if -n <= i < n:
            assert log[i] is model[i]
    for start in (0, 1, n // 3, n - 2, -3, -1, None):
        for stop in (None, n, n - 1, -2, 2):
            assert log[start:stop] == model[start:stop]
    assert log[::2] == model[::2]


def test_a_log_reads_as_the_list_of_its_events_through_appends_and_shares() -> None:
    rnd = random.Random(5)
    logs: list[tuple[EventLog, list[Any]]] = [(EventLog(), [])]
    count = 0
    for _ in range(3000):
        k = rnd.randrange(len(logs))
        log, model = logs[k]
        roll = rnd.random()
        if roll < 0.7:
            count += 1
            event = {"k": "e", "n": count}
            log.append(event)
            model.append(event)
        elif roll < 0.85 and len(logs) < 40:
            logs.append((log.share(), list(model)))
        elif roll < 0.9 and model:
            assert log.pop() is model.pop()
        else:
            extra = [{"k": "x", "n": -i} for i in range(3)]
            log.extend(extra)
            model.extend(extra)
        _same(log, model)
    for log, model in logs:
        _same(log, model)
        assert len(log._parts) <= 2 + max(1, len(log)).bit_length()  # merged: about log2(n) parts


def test_a_clones_later_events_never_reach_the_original_nor_the_originals_the_clone() -> None:
    original = EventLog([{"k": "setup"}])
    original.append({"k": "a"})
    twin = copy_log(original)
    assert isinstance(twin, EventLog) and twin is not original and twin == original
    twin.append({"k": "only in the clone"})
    original.append({"k": "only in the original"})
    assert [e["k"] for e in original] == ["setup", "a", "only in the original"]
    assert [e["k"] for e in twin] == ["setup", "a", "only in the clone"]
    assert {"k": "only in the clone"} not in original and {"k": "only in the original"} not in twin
    grandchild = twin.share()
    twin.pop(0)  # a change other than an append makes the log private: the others keep their events
    assert [e["k"] for e in grandchild] == ["setup", "a", "only in the clone"]
    assert [e["k"] for e in original] == ["setup", "a", "only in the original"]
    assert [e["k"] for e in twin] == ["a", "only in the clone"]


def test_a_plain_list_log_is_copied_as_before() -> None:
    log = [{"k": "a"}]
    twin = copy_log(log)
    assert twin == log and twin is not log and type(twin) is list


def test_changes_in_place_and_bad_indexes_behave_as_a_lists() -> None:
    log = EventLog([{"k": str(i)} for i in range(5)])
    other = log.share()
    log[1] = {"k": "new"}
    del log[0]
    assert [e["k"] for e in log] == ["new", "2", "3", "4"]
    assert [e["k"] for e in other] == ["0", "1", "2", "3", "4"]
    with pytest.raises(IndexError):
        other[5]
    with pytest.raises(IndexError):
        other[-6]
    other.clear()
    assert other == [] and not other and len(log) == 4
