"""``studeval caribbean`` through the real entry point (issue 12 items 2, 3, 8; issue 11)."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time

import pytest


def run(*args: str, stdin: str | None = None, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studeval", "caribbean", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def one_line_error(result: subprocess.CompletedProcess[str], text: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("studeval caribbean") and text in lines[0], result.stderr


def test_edge_json_and_a_progress_bar_off_a_terminal():
    """Without a terminal the bar still reports (tqdm), with an estimate before it starts."""
    result = run("edge", "--no-change", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert round(out["house_edge"], 5) == 0.05224 and round(out["element_of_risk"], 5) == 0.02555
    rows = {o["event"]: o for o in out["outcomes"]}
    assert rows["Player wins with royal flush"]["net"] == 201
    assert rows["Fold"]["combinations"] == 9_523_005_974_460
    assert math.isclose(sum(o["probability"] for o in out["outcomes"]), 1.0)
    assert "about 2 s" in result.stderr and "100%" in result.stderr and "<" in result.stderr
    assert "\r" not in result.stderr and result.stderr.count("\n") >= 3  # a line per redraw in a log
    assert out["one_card_change"] is False and out["no_qualify"] == "every_ante"


def test_edge_text_with_a_pay_table_and_quiet():
    result = run(
        "edge", "--no-change", "--quiet", "--strategy", "pair_or_better", "--paytable", "1,2,3,4,5,8,20,50,100"
    )
    assert result.returncode == 0 and result.stderr == ""
    assert "house edge" in result.stdout and "Player wins with full house" in result.stdout


def test_one_default_game_across_the_subcommands():
    """edge, advise and play all mean the game with the change unless --no-change."""
    advice = json.loads(run("advise", "Th Jh Qh Kh 2c", "--dealer", "5s", "--json").stdout)
    assert advice["change_evs"] and advice["best"] == "change 2c"
    plain = json.loads(run("advise", "Th Jh Qh Kh 2c", "--dealer", "5s", "--json", "--no-change").stdout)
    assert plain["change_evs"] == {}
    one_line_error(run("edge", "--strategy", "pair_or_better"), "never change")  # the default has the change
    for sub in ("edge", "advise", "play"):
        assert "--no-change" in run(sub, "--help").stdout
        assert "--one-card-change" not in run(sub, "--help").stdout


@pytest.mark.parametrize(
    "args, text",
    [
        (("advise", "As Kd Qh 7c", "--dealer", "9h"), "5 cards"),
        (("edge", "--no-change", "--paytable", "1,2,3"), "9 pays"),
        (("edge", "--paytable", "1e100000000,2,3,4,5,7,20,50,100"), "at most"),
        (("edge", "--threads", "100000"), "threads"),
        (("play", "--ante", "1e400"), "at most"),
        (("play", "--ante", "0"), "positive"),
        (("play", "--currency", "USD"), "give the maximum payout in USD"),
        (("play", "--currency", "USD", "--max-payout", "5000 EUR"), "cannot be converted"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, text):
    started = time.perf_counter()
    one_line_error(run(*args), text)
    assert time.perf_counter() - started < 30


def test_play_refuses_a_negative_number_of_hands():
    result = run("play", "--hands", "-1")
    assert result.returncode == 2 and "at least 1" in result.stderr and "dealer shows" not in result.stdout


def test_play_shows_the_rules_reasons_and_hints():
    result = run("play", "--seed", "5", "--hands", "2", "--ante", "2", "--hint", stdin="zz\n9x\n\nr\n\nf\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    head = out.split("hand 1:")[0]
    assert "royal flush 100:1" in head and "change one card" in head and "(2 EUR)" in head
    assert "'zz' is not a card" in out or "is not in your hand" in out
    assert "hint: keep your cards" in out or "hint: change" in out
    assert "you played 2 hands" in out


def test_play_prints_the_summary_on_ctrl_c():
    proc = subprocess.Popen(
        [sys.executable, "-m", "studeval", "caribbean", "play", "--seed", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = ""
    while "your cards" not in line:
        line = proc.stdout.readline()
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "you played 0 hands, net +0 EUR" in out
