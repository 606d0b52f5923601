"""``studeval equity``, through the real entry point."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest
from interrupts import STOPS_WITHIN, Interrupted, interrupt_when_busy

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
        (["As", "Kd", "--game", "lowball"], "--game: unknown game 'lowball'"),
        (["As", "Kd", "--method", "guess"], "--method: invalid choice"),
        (["As", "Kd", "--samples", "0"], "--samples: expected an integer from 1 to"),
        (["As", "Kd", "--seed", "-1"], "--seed: expected an integer from 0 to"),
        (["As", "Kd", "--threads", "100000"], "--threads: expected an integer from 1 to"),
        (["As", "Kd", "Qc", "Jh", "Th", "--method", "exact"], "use --method monte-carlo"),
    ],
)
def test_errors_print_one_line_and_exit_2(studeval, one_error, argv, message) -> None:
    assert message in one_error(studeval("equity", *argv), "equity")


# `studeval` itself, told apart from its start-up: a signal during the imports, before the
# command runs, is Python's (on a loaded machine they can take more than a second); Ctrl-C as
# Python takes it by default, even where the tests were started with SIGINT ignored
CLI = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler)\n"
    "from studeval.cli import main; print('ready', flush=True); sys.exit(main(sys.argv[1:]))"
)
# CPU seconds of the job when the signal comes: `studeval equity` parses, plans and prints a
# small exact query in under 0.2 s, so a long job is well inside its kernel by then
IN_THE_KERNEL = 0.5


def _interrupted(*args: str) -> Interrupted:
    """``studeval *args`` in a real process, SIGINT once the job is inside its kernel: what it
    printed (stopped in time and with status 130, or the test fails)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    stopped = interrupt_when_busy(proc, IN_THE_KERNEL)
    assert proc.returncode == 130 and stopped.waited < STOPS_WITHIN, (proc.returncode, stopped)
    return stopped


def test_ctrl_c_stops_a_long_job_with_status_130() -> None:
    args = ["equity", "As Ah", "Kd", "Qc", "Jh", "--method", "monte-carlo", "--samples", "1000000000", "--threads", "1"]
    assert _interrupted(*args).err == "studeval equity: interrupted\n"


@pytest.mark.parametrize(
    ("game", "threads"),
    [("seven", ["--threads", "1"]), ("razz", ["--threads", "1"]), ("stud8", ["--threads", "1"]), ("stud8", [])],
)
def test_ctrl_c_stops_a_long_exact_job_promptly(game: str, threads: list[str]) -> None:
    """Issue 11 item 6: SIGINT well into an exact heads-up job from one card each (half a CPU
    second of it, its kernel running); stud8 also on every core, its four counts side by side
    (issue 17 item 9)."""
    args = ["equity", "As", "Kd", "--game", game, "--method", "exact", *threads]
    assert _interrupted(*args).err == "studeval equity: interrupted\n"


def test_razz_and_stud8_tables(studeval) -> None:
    proc = studeval("equity", "As 2d 3c", "Kh 7d 8s", "--game", "razz", "--no-time")
    assert proc.returncode == 0, proc.stderr
    expected = stud_equity(["As 2d 3c", "Kh 7d 8s"], game="razz")
    out = proc.stdout.splitlines()
    assert out[0].split() == ["player", "cards", "equity", "win", "tie"]
    assert out[1].split()[4] == f"{100 * expected.equity[0]:.2f}%"
    assert out[3] == f"razz, exact over {expected.deals:,} deals"
    proc = studeval("equity", "As 2d 3c 4h 9s", "Kh Kd 8s 8c 5h", "--game", "stud8", "--no-time")
    expected = stud_equity(["As 2d 3c 4h 9s", "Kh Kd 8s 8c 5h"], game="stud8")
    out = proc.stdout.splitlines()
    assert out[0].split() == ["player", "cards", "equity", "scoop", "high", "low"]
    assert expected.scoop is not None and expected.high is not None and expected.low is not None
    assert out[2].split()[6:] == [
        f"{100 * x:.2f}%" for x in (expected.equity[1], expected.scoop[1], expected.high[1], expected.low[1])
    ]
    assert out[3].startswith("seven card stud hi-lo, exact over")


def test_stud8_json_with_the_heads_up_counts_scoops(studeval) -> None:
    r = json.loads(studeval("equity", "As 2d 3c", "Kh 7d 8s", "--game", "stud8", "--json").stdout)
    # a hi-lo result's figures (no win or tie): the heads-up count gives the scoop too
    assert r["method"] == "exact" and all(0 < p["scoop"] < 1 and "win" not in p for p in r["players"])
    assert 0 < r["no_low"] < 1 and all(0 < p["high"] < 1 and 0 < p["low"] < 1 for p in r["players"])
    assert sum(p["equity"] for p in r["players"]) == pytest.approx(1.0)
    assert "not counted" not in studeval("equity", "As 2d 3c", "Kh 7d 8s", "--game", "stud8").stdout


def test_ranged_players_display(studeval) -> None:
    proc = studeval("equity", "As Ah Kd", "[KK] Kc", "--no-time")
    assert proc.returncode == 0, proc.stderr
    expected = stud_equity(["As Ah Kd", "[KK] Kc"])
    line = proc.stdout.splitlines()[2].split()
    assert line[:4] == ["2", "[KK]", "Kc", f"{100 * expected.equity[1]:.2f}%"]


def test_plot_writes_the_picture_or_names_the_extra(studeval, one_error, tmp_path) -> None:
    import importlib.util

    out = tmp_path / "equity.png"
    proc = studeval("equity", "As Ah Kd", "Qc Qd 7s", "--plot", str(out))
    if importlib.util.find_spec("matplotlib") is None:
        assert "pip install 'studeval[plot]'" in one_error(proc, "equity")
        assert not out.exists()
    else:
        assert proc.returncode == 0, proc.stderr
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _strict_json(text: str) -> object:
    """JSON as the standard has it: NaN and Infinity, which json.loads takes, are refused."""

    def refuse(constant: str) -> None:
        raise AssertionError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize(
    "players",
    [
        ["As Ah Kd 2c 3c", "[KK:1e308, QQ:1e308] Jc 7d 8h"],
        ["[AA:1e200, KK:1e200] 2c 5d 8h 9h 7s", "[AA:1e200, QQ:1e200] 3c 6d 8s 9s 7h", "Jd Js 4h 4s 5s 6s"],
        ["As Ah Kd 2c 3c", "[KK:5e-324, QQ:1e-300] Jc 7d 8h"],
    ],
)
@pytest.mark.parametrize("game", ["seven", "stud8"])
def test_json_is_json_whatever_the_weights(players: list[str], game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Range weights near the ends of the float range (issue 17, item 3: NaN equities, written
    as bare NaN) give finite equities and standard JSON, exact and Monte Carlo; stud8's
    uncounted scoops are null."""
    from studeval.cli import main

    for method in ("auto", "monte-carlo"):
        assert main(["equity", *players, "--game", game, "--method", method, "--samples", "20000", "--json"]) == 0
        r = _strict_json(capsys.readouterr().out)
        assert isinstance(r, dict)
        assert sum(p["equity"] for p in r["players"]) == pytest.approx(1.0)
        assert all(0 <= p["equity"] <= 1 and p["stderr"] >= 0 for p in r["players"])


@pytest.mark.parametrize(
    ("players", "game", "street"),
    [
        (["As Ah Kd", "[KK, QQ+] Kc"], "seven", "3rd street"),  # README's example (it said 5th)
        (["As Ah Kd 2c", "[pair] Qc 7d"], "seven", "4th street"),  # it said 6th
        (["As Ah Kd", "Qc"], "seven", "3rd street"),  # a door card alone: hole cards unknown
        (["[any] Qc 7d 8h", "As Ah Kd"], "seven", "5th street"),  # the range's player is ahead
        (["As 2d 3c 4h 5s", "[pair] Kc 7d 8s"], "razz", "5th street"),
        (["As Kd", "Qc"], "five", "2nd street"),
        (["[Kx] Qc 7d", "As Kd Qd"], "five", "3rd street"),
    ],
)
def test_plot_names_the_street_of_the_question(monkeypatch, tmp_path, players, game, street) -> None:
    """The bar's label, read back from the drawn axes: the cards each player has been dealt
    (known cards, plus the hole cards a range stands for), not the range's cards added to the
    longest hand (issue 21, item 1)."""
    pytest.importorskip("matplotlib")
    import studeval.plots as plots
    from studeval.cli import main

    drawn: list[list[str]] = []
    draw = plots.draw_equity_by_street

    def spy(ax, results, **kwargs):  # type: ignore[no-untyped-def]
        draw(ax, results, **kwargs)
        drawn.append([t.get_text() for t in ax.get_yticklabels()])

    monkeypatch.setattr(plots, "draw_equity_by_street", spy)
    args = ["equity", *players, "--game", game, "--method", "monte-carlo", "--samples", "2000", "--seed", "1"]
    assert main([*args, "--plot", str(tmp_path / "eq.png")]) == 0
    assert drawn == [[street]]
