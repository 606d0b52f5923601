"""``studeval equity``, through the real entry point."""

from __future__ import annotations

import itertools
import json

import pytest

from studeval.equity import stud_equity


def test_table(studeval) -> None:
    proc = studeval("equity", "As Ah Kd", "Qc Qd 7s")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0].split() == ["player", "cards", "equity", "win", "tie"]
    expected = stud_equity(["As Ah Kd", "Qc Qd 7s"])
    assert out[1].split()[:5] == ["1", "As", "Ah", "Kd", f"{100 * expected.equity[0]:.2f}%"]
    assert out[3].startswith(f"seven card stud, exact over {expected.deals:,} deals in ")


def test_json_monte_carlo(studeval) -> None:
    args = ("equity", "As Ah Kd", "Qc Qd 7s", "Jh", "--samples", "20000", "--seed", "4", "--json")
    first = json.loads(studeval(*args).stdout)
    assert first["method"] == "monte-carlo" and first["deals"] == 20000 and len(first["players"]) == 3
    assert sum(p["equity"] for p in first["players"]) == pytest.approx(1.0)
    assert all(p["stderr"] > 0 for p in first["players"])
    again = json.loads(studeval(*args).stdout)
    assert again["players"] == first["players"]


def test_holdem_and_five(studeval) -> None:
    proc = studeval("equity", "Ah As", "Kd Kc", "--game", "holdem", "--board", "2c 7d 9h", "--dead", "3s", "--json")
    r = json.loads(proc.stdout)
    assert r["game"] == "holdem" and r["board"] == "2c 7d 9h" and r["dead"] == "3s" and r["deals"] == 946
    assert "five card stud, exact over" in studeval("equity", "Ac Ad", "Kc Kd", "--game", "five", "--no-time").stdout


def test_monte_carlo_table_shows_standard_error(studeval) -> None:
    out = studeval("equity", "As Ah", "Kd", "Qh", "--method", "monte-carlo", "--samples", "5000", "--seed", "1").stdout
    assert "std err" in out and "Monte Carlo, 5,000 deals" in out


def test_exhaustion_is_reported(studeval) -> None:
    cards = ["".join(c) for c in itertools.product("23456789TJQKA", "cdhs")]
    hands = [" ".join(cards[i * 6 : i * 6 + 6]) for i in range(8)]
    assert "seventh card is a community card" in studeval("equity", *hands).stdout


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["As Ah Kd", "As Qd"], "As is held by player 1 and player 2"),
        (["As Ah", "Kd Kc", "--board", "2c 3c 4c"], "--board is for hold'em only"),
        (["As Ah", "Kd Kc", "--dead", "Kd"], "dead card Kd"),
        (["As Ah Kd Kc Qs Qd"], "at least two players"),
        (["As", "Kd", "--game", "razz"], "--game: invalid choice"),
        (["As", "Kd", "--method", "guess"], "--method: invalid choice"),
        (["As", "Kd", "--samples", "0"], "--samples: expected an integer from 1 to"),
        (["As", "Kd", "--seed", "-1"], "--seed: expected an integer from 0 to"),
        (["As", "Kd", "--threads", "100000"], "--threads: expected an integer from 1 to"),
        (["As", "Kd", "Qc", "Jh", "Th", "--method", "exact"], "use --method monte-carlo"),
    ],
)
def test_errors_print_one_line_and_exit_2(studeval, one_error, argv, message) -> None:
    assert message in one_error(studeval("equity", *argv), "equity")


def test_ctrl_c_stops_a_long_job_with_status_130() -> None:
    import signal
    import subprocess
    import sys
    import time

    args = ["equity", "As Ah", "Kd", "Qc", "Jh", "--method", "monte-carlo", "--samples", "1000000000", "--threads", "1"]
    proc = subprocess.Popen([sys.executable, "-m", "studeval", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2)  # past start-up, inside the job
    proc.send_signal(signal.SIGINT)
    start = time.monotonic()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == "studeval equity: interrupted\n"
    assert time.monotonic() - start < 10
