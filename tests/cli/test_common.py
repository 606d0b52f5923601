"""The shared command-line plumbing of studeval.cli.common: error lines, bounds, reading, progress."""

from __future__ import annotations

import argparse
import io
import math
from decimal import Decimal

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from studeval.cli import common


def _run(exc: BaseException) -> argparse.Namespace:
    def fail(args: argparse.Namespace) -> int:
        raise exc

    return argparse.Namespace(command="demo", command_prog="studeval demo", func=fail, method="auto")


@pytest.mark.parametrize(
    ("exc", "status", "message"),
    [
        (
            ValueError("too many deals: use method='monte-carlo'"),
            2,
            "studeval demo: too many deals: use --method monte-carlo",
        ),
        (TypeError("bad type"), 2, "studeval demo: bad type"),
        (OverflowError("int too large"), 2, "studeval demo: int too large"),
        (RecursionError("deep"), 2, "studeval demo: the input is nested too deeply to read"),
        (MemoryError(), 2, "studeval demo: not enough memory for this job: ask for less"),
        (
            FileNotFoundError(2, "No such file or directory", "x.phh"),
            2,
            "studeval demo: x.phh: No such file or directory",
        ),
        (KeyError("k"), 2, "studeval demo: 'k'"),
        (RuntimeError("boom"), 2, "studeval demo: internal error (RuntimeError: boom); please report it"),
        (KeyboardInterrupt(), 130, "studeval demo: interrupted"),
    ],
)
def test_every_failure_is_one_line(capsys, exc, status, message) -> None:
    assert common.run_command(_run(exc)) == status
    captured = capsys.readouterr()
    assert captured.err == message + "\n" and captured.out == ""


def test_numpy_allocation_error_is_one_line(capsys) -> None:
    def allocate(args: argparse.Namespace) -> int:
        np.empty((1 << 62,), dtype=np.uint8)
        return 0

    args = argparse.Namespace(command="demo", func=allocate)
    assert common.run_command(args) == 2
    assert capsys.readouterr().err == "studeval demo: not enough memory for this job: ask for less\n"


def test_cli_syntax_rewrites_only_options_of_the_command() -> None:
    args = argparse.Namespace(method="auto", one_card_change=False)
    assert common.cli_syntax("use method='exact'", args) == "use --method exact"
    assert common.cli_syntax("try one_card_change=True", args) == "try --one-card-change True"
    assert common.cli_syntax("got game='razz'", args) == "got game='razz'"  # not an option here


@pytest.mark.parametrize(
    "text",
    ["0", "9", "-1", "1e3", "1.5", "2.5e0", "1e-1", "", "x", "٥", "9" * 40, "inf", "nan", "1,0", "1,0000", "1_,000"],
)
def test_bounded_int_refuses(text) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="^expected an integer from 1 to 8, got "):
        common.bounded_int(1, 8)(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", 1), ("8", 8), (" 3 ", 3), ("+2", 2), ("1_0", 10), ("2.0", 2), ("1e1", 10), ("0.5e1", 5), ("1,0e0", None)],
)
def test_bounded_int_accepts(text, value) -> None:
    if value is None:  # a comma must group thousands: 1,0 is refused, not read as 10 or 1.0
        with pytest.raises(argparse.ArgumentTypeError):
            common.bounded_int(1, 10)(text)
    else:
        assert common.bounded_int(1, 10)(text) == value


@given(
    value=st.integers(-(10**12), 10**12),
    lo=st.integers(-(10**6), 10**6),
    width=st.integers(0, 10**9),
    style=st.sampled_from(["plain", "underscores", "commas", "exponent", "point"]),
)
def test_bounded_int_reads_every_way_an_integer_is_written(value, lo, width, style) -> None:
    """An exact integer written plainly, with _ or thousands commas (as the help prints
    defaults), in e-notation or with .0 is read as that integer, and refused exactly when it
    is out of bounds: checked against Python's own int."""
    hi = lo + width
    digits = str(abs(value))
    sign = "-" if value < 0 else ""
    if style == "underscores":
        text = f"{value:_}"
    elif style == "commas":
        text = f"{value:,}"
    elif style == "exponent":  # the digits with their trailing zeros as a power of ten
        stripped = digits.rstrip("0") or "0"
        text = f"{sign}{stripped}e{len(digits) - len(stripped)}"
    elif style == "point":
        text = f"{value}.0"
    else:
        text = str(value)
    convert = common.bounded_int(lo, hi)
    if lo <= value <= hi:
        got = convert(text)
        assert got == value and type(got) is int
    else:
        with pytest.raises(argparse.ArgumentTypeError, match=f"^expected an integer from {lo:,} to {hi:,}, got "):
            convert(text)


@given(st.floats(allow_nan=True, allow_infinity=True).filter(lambda x: not (math.isfinite(x) and x.is_integer())))
def test_bounded_int_refuses_what_is_not_an_exact_integer(x) -> None:
    """1.5, 1e-3, nan, inf and their like: never rounded, always one message."""
    for text in (repr(x), f"{Decimal(x):e}" if math.isfinite(x) else str(x)):  # exact, as written
        with pytest.raises(argparse.ArgumentTypeError, match="^expected an integer from"):
            common.bounded_int(-(10**400), 10**400)(text)


@pytest.mark.parametrize("text", ["inf", "-inf", "nan", "0", "61", "1e400", "x"])
def test_bounded_float_refuses(text) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="expected a number from 0.001 to 60"):
        common.bounded_float(0.001, 60)(text)


def test_read_lines_numbers_physical_lines_and_bounds_length(tmp_path) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(b"\xef\xbb\xbfa\r\n\nb\n" + b"c" * 11 + b"\n")
    lines = common.read_lines(str(path), limit=10)
    assert [next(lines), next(lines), next(lines)] == [(1, "a"), (2, ""), (3, "b")]
    with pytest.raises(ValueError, match="line 4 is longer than 10 bytes"):
        next(lines)


def test_read_lines_refuses_bytes_that_are_not_utf8(tmp_path) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(b"ok\n\xff\n")
    with pytest.raises(ValueError, match="line 2 is not UTF-8"):
        list(common.read_lines(str(path)))


def test_read_text_bounds_size(tmp_path) -> None:
    path = tmp_path / "h.phh"
    path.write_text("x" * 11)
    assert common.read_text(str(path), limit=11) == "x" * 11
    with pytest.raises(ValueError, match="larger than 10 bytes"):
        common.read_text(str(path), limit=10)
    with pytest.raises(ValueError, match="empty"):
        common.read_text("")


def test_read_lines_from_a_replaced_stdin(monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("one\ntwo\n"))
    assert list(common.read_lines("-")) == [(1, "one"), (2, "two")]


def test_progress_bar_counts_and_clears(monkeypatch) -> None:
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    with common.progress_bar("studeval demo", total=10, unit="hand", enabled=True) as progress:
        for k in range(1, 11):
            progress(k / 10)
        progress(2.0)  # never past the end
    text = err.getvalue()
    assert "studeval demo:" in text and "/10 " in text and "hand/s" in text
    assert text.endswith("\r")  # cleared at the end (leave=False)


def test_progress_bar_is_silent_when_disabled(monkeypatch) -> None:
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    with common.progress_bar("studeval demo") as progress:  # stderr is not a terminal
        progress(0.5)
    assert err.getvalue() == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["equity", "Zz\x1eAh", "Kd"],  # a record separator: a line break to str.splitlines
        ["eval", "As Ks\u2028Qs Js Zz"],  # the Unicode line separator
        ["eval", "--no-such\nflag"],  # a usage error quoting the argument as typed
        ["caribbean", "advise", "As Kd Qh 7c 3s", "extra\x85token", "--dealer", "9h"],  # C1 next line
        ["simulate", "--hands", "1", "--out", "no\nsuch/folder"],  # a message of ours quoting the name
        ["equity", "As Ah", "Kd", "--game", "seven\rholdem"],
    ],
    ids=repr,
)
def test_a_message_quoting_what_was_typed_stays_one_line(capsys, tmp_path, monkeypatch, argv) -> None:
    """Whatever the argument holds, the error is one line by any reading of lines (issue 17)."""
    from studeval.cli import main

    monkeypatch.chdir(tmp_path)  # where a wrongly accepted --out would be written

    try:
        status = main(argv)
    except SystemExit as exc:  # a usage error
        status = int(exc.code or 0)
    err = capsys.readouterr().err
    assert status == 2 and err.endswith("\n")
    assert len(err.splitlines()) == 1 and err.startswith("studeval "), repr(err)


def test_one_line_escapes_every_control_character() -> None:
    for code in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029]:
        text = common.one_line(f"a{chr(code)}b")
        assert text == "a" + repr(chr(code))[1:-1] + "b" and text.isprintable(), (code, text)
    assert common.one_line("plain text: 'As', é, ü") == "plain text: 'As', é, ü"
