"""``studeval bench`` says when its figures were disturbed (issue 21 item 10): "2 threads 155
M/s" beside "1 thread 358 M/s" came with no word on the load."""

from __future__ import annotations

import json

import pytest

from studeval.cli import bench, main


def test_a_quiet_machine_gets_no_note() -> None:
    assert bench.disturbance({"a": 0.0, "b": bench.SPREAD_LIMIT}, 1.0, 2, ("b", 300e6, 500e6)) == ""
    assert bench.disturbance({}, None, 2) == ""  # no load average on this system: nothing known


@pytest.mark.parametrize(
    ("spreads", "load", "threaded", "said"),
    [
        ({}, 1 + bench.BUSY_CORES, None, "the machine was busy (load average 1.5 on 2 cores)"),
        ({}, 0.0, ("batch 7 cards, 2 threads", 358e6, 155e6), "batch 7 cards, 2 threads ran slower than 1 thread"),
        ({"eval": 0.1, "batch": 0.4}, 0.0, None, "the repeats of 1 figure differed by more than 25% (batch)"),
    ],
)
def test_each_sign_of_disturbance_is_said_in_one_line(spreads, load, threaded, said) -> None:
    note = bench.disturbance(spreads, load, 2, threaded)
    assert note.startswith("note: ") and said in note and "\n" not in note


def test_bench_prints_the_note_on_a_busy_machine(monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench.os, "getloadavg", lambda: (9.0, 9.0, 9.0))
    assert main(["bench", "--hands", "20000", "--seconds", "0.001", "--threads", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("note: the machine was busy (load average 9.0 on ")
    assert sum(line.startswith("note:") for line in lines) == 1


def test_bench_json_keeps_the_note_out_of_the_json(monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench.os, "getloadavg", lambda: (9.0, 9.0, 9.0))
    assert main(["bench", "--hands", "20000", "--seconds", "0.001", "--threads", "1", "--json"]) == 0
    captured = capsys.readouterr()
    assert "studeval" in json.loads(captured.out)
    assert captured.err.strip().splitlines()[-1].startswith("note: the machine was busy")
