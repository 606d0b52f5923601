"""``studeval caribbean`` (issue 12 items 2, 3, 5, 6, 8, --plot; issue 11): in-process, and through the
real entry point where the process is the point (a matplotlib that cannot be imported, Ctrl-C)."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import signal
import subprocess
import sys
import time

import pytest
from in_process import run_main

from studeval import caribbean


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``studeval caribbean args`` run in-process."""
    return run_main("caribbean", *args, input=stdin)


def run_process(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``python -m studeval caribbean args`` in a subprocess with ``env`` added."""
    return subprocess.run(
        [sys.executable, "-m", "studeval", "caribbean", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **env},
    )


def one_line_error(result: subprocess.CompletedProcess[str], text: str) -> None:
    """Status 2, one line on stderr prefixed with the sub-command's full name, nothing on stdout."""
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    sub = next(a for a in result.args[result.args.index("caribbean") + 1 :] if not a.startswith("-"))
    assert len(lines) == 1 and lines[0].startswith(f"studeval caribbean {sub}: ") and text in lines[0], result.stderr
    assert result.stdout == ""  # no banner, no rules, no table before the error


def test_edge_json_and_a_progress_bar_off_a_terminal(full_deck, monkeypatch):
    """Without a terminal the bar still reports (tqdm), with an estimate before it starts.

    The command's analysis is the session's full-deck one (``full_deck.analyze``: made once,
    the progress it reported replayed), so what is checked here is the command's own work:
    the arguments it passes, the estimate, the bar and the JSON."""
    monkeypatch.setattr(caribbean, "analyze", full_deck.analyze)
    result = run("edge", "--no-change", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert round(out["house_edge"], 5) == 0.05224 and round(out["element_of_risk"], 5) == 0.02555
    rows = {o["event"]: o for o in out["outcomes"]}
    assert rows["Player wins with royal flush"]["net"] == 201
    assert rows["Fold"]["combinations"] == 9_523_005_974_460
    assert math.isclose(sum(o["probability"] for o in out["outcomes"]), 1.0)
    assert "the first of 13 up cards took" in result.stderr and "100%" in result.stderr and "<" in result.stderr
    assert "\r" not in result.stderr and result.stderr.count("\n") >= 3  # a line per redraw in a log
    assert out["one_card_change"] is False and out["no_qualify"] == "every_ante"


def test_edge_estimates_the_time_from_a_measured_slice():
    """Issue 21 item 10: no fixed guess ("about 45 s" took 118 s): the first line says the time
    is measured on the first up card rank, and once it is counted a line extrapolates it."""
    import re

    result = run("edge", "--no-change", "--ranks", "TJQKA", "--threads", "1", "--json")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0].startswith("studeval caribbean edge: ") and "once the first of the 5 is counted" in lines[0]
    said = [line for line in lines if "the first of 5 up cards took" in line]
    assert len(said) == 1
    took, total, unit = re.search(r"took (\d+\.\d) s: about (\d+(?:\.\d)?) (s|min) in all", said[0]).groups()
    assert float(total) * (60 if unit == "min" else 1) >= float(took) - 0.5


def test_edge_text_with_a_pay_table_and_quiet():
    """The pay table and strategy asked for reach the analysis (on a short deck: the text is the
    point, not the deck), and --quiet leaves stderr empty."""
    args = ("--no-change", "--strategy", "pair_or_better", "--paytable", "1,2,3,4,5,8,20,50,100", "--ranks", "TJQKA")
    result = run("edge", "--quiet", "--threads", "1", *args)
    assert result.returncode == 0 and result.stderr == ""
    assert "house edge" in result.stdout and "Player wins with full house" in result.stdout
    a = caribbean.analyze("1,2,3,4,5,8,20,50,100", strategy="pair_or_better", ranks="TJQKA", threads=1)
    assert f"house edge {a.house_edge:.6%}" in result.stdout


def test_one_default_game_across_the_subcommands():
    """R57: the one-card change costs a wager equal to the ante.

    edge, advise and play all mean the game with the change unless --no-change."""
    advice = json.loads(run("advise", "Th Jh Qh Kh 2c", "--dealer", "5s", "--json").stdout)
    assert advice["change_evs"] and advice["best"] == "change 2c"
    plain = json.loads(run("advise", "Th Jh Qh Kh 2c", "--dealer", "5s", "--json", "--no-change").stdout)
    assert plain["change_evs"] == {}
    # a strategy that never changes plays the game without the change; asking for it is refused
    one_line_error(run("edge", "--strategy", "pair_or_better", "--one-card-change"), "never change")
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
        (("play", "--ante", "-1", "--hint"), "positive"),
        (("play", "--ante", "abc"), "a number such as"),
        (("play", "--seed", "-5"), "from 0 to"),
        (("play", "--hands", "0"), "from 1 to"),
        (("play", "--paytable", "1,2,3"), "9 pays"),
        (("edge", "--threads", "0"), "from 1 to"),
        (("edge", "--seed", "1"), "unrecognized arguments"),
        (("edge", "--ranks", "TJ"), "at least three ranks"),
        (("edge", "--ranks", "TJX"), "unknown rank"),
        (("edge", "--one-card-change", "--no-change"), "contradict"),
        (("advise", "As Kd Qh 7c 3s", "--dealer", "9h", "--paytable", "x"), "pay"),
        (("play", "--currency", "USD"), "give the maximum payout in USD"),
        (("play", "--currency", "USD", "--max-payout", "5000 EUR"), "cannot be converted"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, text):
    started = time.perf_counter()
    one_line_error(run(*args), text)
    assert time.perf_counter() - started < 30


def test_play_refuses_a_negative_number_of_hands():
    one_line_error(run("play", "--hands", "-1"), "expected an integer from 1 to 1,000,000, got -1")


@pytest.mark.parametrize("sub", ["edge", "advise", "play"])
def test_help_pages_open_with_the_one_line_help_and_end_with_examples(sub):
    """The page's description is the line the group's list shows; examples; every default stated."""
    listed = run("--help").stdout
    page = run(sub, "--help").stdout
    description = page.split("\n\n")[1].strip()
    assert f"{sub} " in listed and description in " ".join(listed.split())
    examples = page.split("examples:\n")[1].splitlines()
    assert examples and all(line.strip().startswith(f"studeval caribbean {sub}") for line in examples)
    options = " ".join(page.split("options:")[1].split("examples:")[0].split())
    for option in ("--paytable", "--no-qualify"):
        assert option in options
    assert options.count("(default") >= (6 if sub == "play" else 3)
    if sub == "play":
        for text in (
            "--seed SEED reproducible deals, 0 to 2**63-1 (default:",
            "--ante ANTE the ante, in --currency (default: 1)",
            "--hands HANDS stop after this many hands, 1 to 1,000,000 (default:",
        ):
            assert text in options


def test_the_group_page_has_examples():
    page = run("--help").stdout
    assert "examples:" in page and "studeval caribbean edge" in page.split("examples:")[1]


def test_a_seed_reproduces_the_deals():
    """A seed accepted by the bounded type (the largest one included) deals the same hands again."""
    for seed in ("0", str(2**63 - 1)):
        first, again = (run("play", "--seed", seed, "--hands", "1", "--no-change", stdin="f\n") for _ in range(2))
        assert first.returncode == 0 and first.stdout == again.stdout and "dealer shows" in first.stdout


def deck_total(ranks: int) -> int:
    """Every (player hand, dealer hand, dealer up card) of a deck of four suits of ``ranks`` ranks."""
    cards = 4 * ranks
    return math.comb(cards, 5) * math.comb(cards - 5, 5) * 5


def test_edge_on_a_short_deck_counts_every_deal():
    """R69: the exact house edge and return table."""
    result = run("edge", "--no-change", "--ranks", "9TJQKA", "--threads", "1", "--json", "--quiet")
    assert result.returncode == 0 and result.stderr == ""
    out = json.loads(result.stdout)
    assert out["total_combinations"] == deck_total(6)
    assert sum(o["combinations"] for o in out["outcomes"]) == deck_total(6)
    text = run("edge", "--no-change", "--ranks", "9tjqka", "--threads", "1", "--quiet").stdout
    assert "a deck of the ranks 9TJQKA only" in text and f"{deck_total(6):,}" in text


@pytest.mark.skipif(
    importlib.util.find_spec("matplotlib") is None, reason="the plot extra (matplotlib) is not installed"
)
def test_edge_plot_writes_the_return_table_picture(tmp_path):
    picture = tmp_path / "returns.png"
    result = run("edge", "--no-change", "--ranks", "TJQKA", "--threads", "1", "--plot", str(picture), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["total_combinations"] == deck_total(5)  # stdout stays JSON
    assert f"wrote the return table picture to {picture}" in result.stderr
    data = picture.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    svg = tmp_path / "returns.svg"
    result = run("edge", "--no-change", "--ranks", "TJQKA", "--threads", "1", "--plot", str(svg), "--quiet")
    assert result.returncode == 0 and result.stderr == ""
    drawing = svg.read_text()
    assert "<svg" in drawing and "ranks TJQKA only" in drawing  # the title says it is a short deck


@pytest.mark.parametrize(
    "name, text",
    [("returns.xyz", "one of the endings"), ("missing/returns.png", "does not exist"), ("", "empty")],
)
def test_edge_plot_refuses_a_file_it_could_not_write_before_the_work(tmp_path, name, text):
    result = run("edge", "--plot", str(tmp_path / name) if name else "")
    one_line_error(result, text)  # no estimate line: refused before the 45 s analysis
    assert list(tmp_path.iterdir()) == []


def test_edge_plot_without_matplotlib_names_the_extra(tmp_path):
    """A matplotlib that cannot be imported (as when it is not installed): one line, exit 2."""
    fake = tmp_path / "matplotlib"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('No module named matplotlib')\n")
    started = time.perf_counter()
    result = run_process("edge", "--plot", str(tmp_path / "r.png"), env={"PYTHONPATH": str(tmp_path)})
    one_line_error(result, "pip install 'studeval[plot]'")
    assert time.perf_counter() - started < 30 and not (tmp_path / "r.png").exists()


def test_play_shows_the_rules_reasons_and_hints():
    result = run("play", "--seed", "5", "--hands", "2", "--ante", "2", "--hint", stdin="zz\n9x\n\nr\n\nf\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    head = out.split("hand 1:")[0]
    assert "royal flush 100:1" in head and "change one card" in head and "(2 EUR)" in head
    assert "'zz' is not a card" in out or "is not in your hand" in out
    assert "hint: keep your cards" in out or "hint: change" in out
    assert "you played 2 hands" in out
    one = run("play", "--seed", "5", "--hands", "1", "--no-change", stdin="f\n")
    assert one.stdout.rstrip().endswith("you played 1 hand, net -1 EUR")


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
    line = "start"
    while line and "your cards" not in line:
        line = proc.stdout.readline()
    assert line, "play ended before dealing"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    # stdin stays open until the process has ended: closed, it would end the game as Ctrl-D
    # does (status 0), and on a loaded machine that can come before the signal is handled
    proc.wait(timeout=60)
    out, _ = proc.communicate()
    assert proc.returncode == 130
    assert "you played 0 hands, net +0 EUR" in out
