"""``studeval eval``, ``studeval bench`` and the command line as a whole: in-process, and through
the real entry point where the process is the point (a terminal, a pipe, exit statuses)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from studeval import evaluate
from studeval.cli.bench import format_rate


def test_eval_one_hand(studeval) -> None:
    proc = studeval("eval", "Kh Kd 7c 7s Ks")
    assert proc.returncode == 0 and proc.stderr == ""
    assert "Full house, kings full of sevens" in proc.stdout and "FULL_HOUSE" in proc.stdout


def test_each_argument_is_one_hand(studeval) -> None:
    proc = studeval("eval", "As Ks Qs Js Ts", "2c 3d 4h 5s 7c 8d 9h", "--json")
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0
    assert [r["value"] for r in rows] == [evaluate("As Ks Qs Js Ts"), evaluate("2c 3d 4h 5s 7c 8d 9h")]


def test_single_cards_as_arguments_get_a_hint(studeval) -> None:
    proc = studeval("eval", "Kh", "Kd", "7c", "7s", "Ks")
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 5 and all(line.startswith("studeval eval: hand ") for line in lines)
    assert 'quote a hand: studeval eval "As Ks Qs Js Ts"' in lines[0]


def test_eval_json_from_file(tmp_path, studeval) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("# a comment\nAs Ks Qs Js Ts\n\n2c 3d 4h 5s 7c 8d 9h\n")
    proc = studeval("eval", "--json", "--file", str(path))
    assert proc.returncode == 0
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert rows[0] == {
        "cards": "As Ks Qs Js Ts",
        "kind": "high",
        "value": 7462,
        "category": "STRAIGHT_FLUSH",
        "description": "Royal flush",
    }
    assert rows[1]["category"] == "HIGH_CARD" and rows[1]["value"] == evaluate("2c 3d 4h 5s 7c 8d 9h")


def test_eval_names_the_physical_line(tmp_path, studeval) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("# hands\n\nAs Ks Qs Js Ts\n# more\nAs Ks\n2c 2d 2h 2s 3c\n")
    proc = studeval("eval", "-f", str(path))
    assert proc.returncode == 2  # a bad line makes the status non-zero; good lines still print
    assert proc.stdout.count("\n") == 2
    assert proc.stderr.startswith("studeval eval: line 5: a seven card stud hand has 5 to 7 cards, got 2")
    assert proc.stderr.count("\n") == 1


@pytest.mark.parametrize("args", [(), ("-",), ("--file", "-")])
def test_eval_reads_stdin(studeval, args) -> None:
    proc = studeval("eval", *args, input="As Ks Qs Js Ts\nAs Ks Qs Js Xx\n2c 2d 2h 2s 3c\n")
    assert proc.returncode == 2 and proc.stdout.count("\n") == 2
    assert proc.stderr.startswith("studeval eval: line 2: ") and "Xx" in proc.stderr


def test_eval_file_and_hand_together_is_an_error(tmp_path, studeval, one_error) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js Ts\n")
    assert "not both" in one_error(studeval("eval", "2c 3d 4h 5s 7c", "--file", str(path)), "eval")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_eval_without_input_on_a_terminal_gives_a_hint(one_error) -> None:
    import pty

    master, slave = pty.openpty()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "studeval", "eval"], stdin=slave, capture_output=True, text=True, timeout=60
        )
    finally:
        os.close(slave)
        os.close(master)
    assert "no hand given" in one_error(proc, "eval")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_eval_and_replay_bound_what_they_read(studeval, one_error) -> None:
    assert "longer than 1,024 bytes" in one_error(studeval("eval", "--file", "/dev/zero"), "eval")
    assert "larger than 1 MiB" in one_error(studeval("replay", "/dev/zero"), "replay")


def test_eval_bounds_a_hand_given_as_an_argument(studeval, one_error) -> None:
    assert "longer than 1,024" in one_error(studeval("eval", "As " * 1000), "eval")


def test_eval_streams_line_by_line() -> None:
    """The first answer comes before the input ends."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "studeval", "eval"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("As Ks Qs Js Ts\n")
        proc.stdin.flush()
        assert "Royal flush" in proc.stdout.readline()  # input still open
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        proc.wait()


def test_errors_are_one_line_without_traceback(studeval_process, studeval, one_error) -> None:
    """A real process: the status ``main`` returns is the process's exit status (one process
    shows it; the second error is the same path, in-process)."""
    assert "got 3" in one_error(studeval_process("eval", "As Ks Qs"), "eval")
    assert "/no/such/file" in one_error(studeval("eval", "--file", "/no/such/file"), "eval")


def test_usage_errors_are_one_line(studeval_process) -> None:
    """A real process: argparse's exit is the process's exit status."""
    proc = studeval_process("no-such-command")
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1
    assert proc.stderr.startswith("studeval: ")


@pytest.mark.skipif(shutil.which("studeval") is None, reason="the console script is not installed")
def test_the_installed_console_script_runs() -> None:
    """pyproject's ``[project.scripts]`` entry point, as a user types it."""
    script = shutil.which("studeval")
    assert script is not None
    ok = subprocess.run([script, "eval", "As Ks Qs Js Ts"], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and "Royal flush" in ok.stdout, ok.stderr
    bad = subprocess.run([script, "eval", "As Ks Qs"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.startswith("studeval eval: ") and bad.stdout == ""


def test_bench_json(studeval) -> None:
    proc = studeval("bench", "--hands", "20000", "--seconds", "0.001", "--threads", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    ours = json.loads(proc.stdout)["studeval"]
    assert ours["evaluate 7 cards per call"] > 0 and ours["batch 7 cards, 1 thread"] > 0
    assert not any("1 threads" in job for job in ours)


def test_bench_table_rows_and_thread_note(studeval) -> None:
    proc = studeval("bench", "--hands", "20000", "--seconds", "0.001", "--threads", "1")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "1 thread" in lines[0] and "1 threads" not in proc.stdout
    rates = [line for line in lines if line.rstrip().endswith("/s") or "faster" in line]
    assert len(rates) >= 4 and all(" M/s" in r or " k/s" in r or " G/s" in r or " /s" in r for r in rates)


def test_format_rate_units() -> None:
    assert format_rate(2_500_000_000) == "2.5 G/s"
    assert format_rate(15_700_000) == "15.7 M/s"
    assert format_rate(21_400) == "21.4 k/s"  # pokerkit's rate, no longer "0.02 M/s"
    assert format_rate(999.0) == "999.0 /s"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hands", "0"], "--hands: expected an integer from 1 to"),
        (["--hands", "1000000000000"], "--hands: expected an integer from 1 to"),
        (["--seconds", "inf"], "--seconds: expected a number"),
        (["--seconds", "nan"], "--seconds: expected a number"),
        (["--seconds", "0"], "--seconds: expected a number"),
        (["--threads", "0"], "--threads: expected an integer from 1 to"),
        (["--threads", "2147483648"], "--threads: expected an integer from 1 to"),
        (["--threads", "1e3"], "--threads: expected an integer"),
    ],
)
def test_bench_refuses_nonsense(studeval, args, message, one_error) -> None:
    assert message in one_error(studeval("bench", *args), "bench")


def test_help_pages_have_examples_and_descriptions(studeval) -> None:
    top = studeval("--help")
    assert top.returncode == 0 and "examples:" in top.stdout
    for command, one_line in [
        ("eval", "evaluate hands of 5, 6 or 7 cards"),
        ("bench", "a short self-benchmark"),
        ("equity", "equities of stud or hold'em hands"),
        ("replay", "replay a PHH hand history"),
        ("simulate", "play hands between built-in bots"),
    ]:
        page = studeval(command, "--help").stdout
        assert one_line in page and one_line in top.stdout, command
        assert f"examples:\n  studeval {command}" in page, command
    simulate = " ".join(studeval("simulate", "--help").stdout.split())
    assert "(default: seven)" in simulate and "fresh random seed" in simulate and "(default: 100)" in simulate
    equity = " ".join(studeval("equity", "--help").stdout.split())
    assert "(default: 1,000,000)" in equity and "(default: True)" not in equity


def test_version(studeval) -> None:
    proc = studeval("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("studeval ")


def test_eval_razz_gives_the_low_value_and_description(studeval) -> None:
    from studeval import describe_low, evaluate_low

    hands = ["Kh 7c 5d 4h 3s As 7d", "5c 4d 3h 2s Ac", "Kh Kd 7c 7s Ks"]
    proc = studeval("eval", "--game", "razz", *hands, "--json")
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [(r["kind"], r["value"]) for r in rows] == [("low", evaluate_low(h)) for h in hands]
    assert rows[1]["value"] == 6175 and rows[1]["description"] == "Five low: 5-4-3-2-A"
    assert [r["description"] for r in rows] == [describe_low(evaluate_low(h)) for h in hands]
    text = studeval("eval", "--game", "razz", hands[0]).stdout
    assert text.split()[7:] == [str(evaluate_low(hands[0])), "Seven", "low:", "7-5-4-3-A"]


def test_eval_stud8_prints_the_high_and_the_low(studeval) -> None:
    from studeval import evaluate_low8

    hands = ["Kh 7c 5d 4h 3s As 7d", "Kh Kd 9c 9s 2d 3c 4d", "8c 6d 4h 3s 2c Ks Kd"]
    proc = studeval("eval", "--game", "stud8", *hands, "--json")
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [(r["kind"], r["value"]) for r in rows] == [("high", evaluate(h)) for h in hands]
    assert [r["low8"] for r in rows] == [evaluate_low8(h) for h in hands]
    assert rows[1]["low8"] == 0 and rows[1]["low_description"] is None
    assert rows[2]["low_description"] == "Eight low: 8-6-4-3-2" and rows[2]["category"] == "PAIR"
    lines = studeval("eval", "--game", "stud8", *hands).stdout.splitlines()
    assert lines[1].endswith("Two pair, kings and nines | no low")
    assert lines[2].endswith(f"Pair of kings | low {evaluate_low8(hands[2])}  Eight low: 8-6-4-3-2")


def test_eval_refuses_an_unknown_game(studeval, one_error) -> None:
    err = one_error(studeval("eval", "--game", "omaha", "As Ks Qs Js Ts"), "eval")
    assert "unknown game 'omaha': use one of seven, five" in err
