"""Fuzzing the arguments of the commands that write a picture (``equity --plot``,
``caribbean edge --plot``) and the readers of stdin (issue 17 items 12 and 13).

Every run ends with status 0 or 2, never an internal error or a traceback; a failure's last
line names the command; a picture is written only under the name given, and only when the
run succeeds; a refused run writes nothing. The jobs stay tiny: a bounded number of Monte
Carlo deals, and a short deck for the casino analysis.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as hs
from workspaces import fresh_workspace

from studeval.cli import main

pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is not installed")

FUZZ = settings.get_profile("studeval-fuzz")

# Text a user may type, never a path out of the workspace (no leading /, no ..).
_JUNK = hs.text(alphabet=hs.characters(blacklist_characters="/", blacklist_categories=("Cs",)), max_size=10)
_PLOT_NAMES = hs.one_of(
    hs.sampled_from(["eq.png", "EQ.SVG", "folder/eq.pdf", "x y.jpg", "\udcff.png"]),
    hs.sampled_from(
        [
            "-.png",
            "",
            " ",
            "-",
            "folder",
            "folder/",
            "eq",
            ".png",
            "eq.",
            "eq.xyz",
            "missing/eq.png",
            "file.txt/eq.png",
            "file.txt",
            "a\0b.png",
            "x.png/",
        ]
    ),  # fmt: skip
    _JUNK.map(lambda t: t + ".png"),
    _JUNK,
).filter(lambda name: not name.startswith("/") and ".." not in name)


def _flag(name: str, values: hs.SearchStrategy[str]) -> hs.SearchStrategy[list[str]]:
    return hs.tuples(hs.just(name), values).map(list)


def _switch(name: str) -> hs.SearchStrategy[list[str]]:
    return hs.just([name])


_HAND = hs.sampled_from(
    ["As Ah Kd", "Qc Qd 7s", "[KK, QQ+] Kc", "Kd", "2c 3d 4h 5s 7c", "Ah As", "Kd Kc", "Xx", "", "As As", "[AA:2] 7h"]
)
_HANDS = hs.one_of(
    hs.sampled_from([["As Ah Kd", "Qc Qd 7s"], ["As Ah Kd", "[KK, QQ+] Kc"], ["As 2d 3c 4h", "Kh 7d 8s 9s"]]),
    hs.lists(_HAND, min_size=1, max_size=3),
)
_EQUITY_OPTIONS = hs.one_of(
    _flag("--plot", _PLOT_NAMES),
    _flag("--game", hs.sampled_from(["seven", "five", "razz", "stud8", "holdem", "omaha", ""])),
    _flag("--method", hs.sampled_from(["auto", "exact", "monte-carlo", "fast"])),
    _flag("--seed", hs.sampled_from(["1", "-5", "x", "9" * 40])),
    _flag("--threads", hs.sampled_from(["1", "2", "0", "1e9"])),
    _flag("--dead", hs.sampled_from(["2c 9h", "As", "Zz", ""])),
    _flag("--board", hs.sampled_from(["2c 7d 9h", "2c 7d 9h Th", "2c", ""])),
    _switch("--json"),
    _switch("--no-time"),
    _JUNK.map(lambda t: [t]),
)
_EDGE_OPTIONS = hs.one_of(
    _flag("--plot", _PLOT_NAMES),
    _flag("--strategy", hs.sampled_from(["optimal", "pair_or_better", "never"])),
    _flag("--paytable", hs.sampled_from(["1,2,3,4,5,7,20,50,100", "1,2,3", "pair=x"])),
    _flag("--no-qualify", hs.sampled_from(["every_ante", "winning_antes", "no"])),
    _flag("--threads", hs.sampled_from(["1", "0"])),
    _switch("--no-change"),
    _switch("--one-card-change"),
    _switch("--json"),
    _switch("--quiet"),
    _JUNK.map(lambda t: [t]),
)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # the parser: usage errors and --help
            status = exc.code if isinstance(exc.code, int) else 0
    return status, out.getvalue(), err.getvalue()


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()} - {"file.txt"}


def _check(argv: list[str], command: str) -> None:
    with fresh_workspace() as root:
        status, out, err = _run(argv)
        event(f"status {status}" + (", a picture" if status == 0 and "--plot" in argv else ""))
        assert status in (0, 2), (argv, status, err)
        assert "internal error" not in err and "Traceback" not in err, (argv, err)
        written = _files(root)
        if status == 2:
            last = err.strip().splitlines()[-1]
            assert last.startswith(f"studeval {command}: "), (argv, err)
            assert written == set(), (argv, written)  # refused: nothing written
            return
        plots = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--plot"]
        if plots and not out.startswith("usage:"):  # --help (or an abbreviation) writes nothing
            assert written == {os.path.normpath(plots[-1])}, (argv, written)  # the name given, no other
        else:
            assert written == set(), (argv, written)


@settings(FUZZ, max_examples=40 * FUZZ.max_examples)
@given(hands=_HANDS, options=hs.lists(_EQUITY_OPTIONS, max_size=3), plot=hs.one_of(hs.none(), _PLOT_NAMES))
def test_equity_arguments_end_in_status_0_or_2(hands, options, plot):
    # the last --samples wins: each run is a small job whatever the options
    picture = [] if plot is None else ["--plot", plot]
    _check(["equity", *hands, *picture, *(t for o in options for t in o), "--samples", "2000"], "equity")


@settings(FUZZ, max_examples=8 * FUZZ.max_examples)
@given(
    options=hs.lists(_EDGE_OPTIONS, max_size=3),
    plot=hs.one_of(hs.none(), _PLOT_NAMES),
    ranks=hs.sampled_from(["TJQKA", "9TJQK", "2345A"]),
)
def test_caribbean_edge_arguments_end_in_status_0_or_2(options, plot, ranks):
    # the last --ranks wins: a deck of five ranks, about a second with the change
    picture = [] if plot is None else ["--plot", plot]
    argv = ["caribbean", "edge", *picture, *(t for o in options for t in o), "--ranks", ranks]
    _check(argv, "caribbean edge")


_STDIN = hs.one_of(
    hs.none(),
    hs.binary(max_size=64),
    hs.text(max_size=40).map(str.encode),
    hs.sampled_from([b"", b"\n", b"As Ks Qs Js Ts\n", b"f\nr\nq\n", b"\xff\xfe\n", b"7c\n\nf\n"]),
)
_READERS = hs.sampled_from(
    [
        (["replay", "-"], "replay"),
        (["eval", "-"], "eval"),
        (["eval"], "eval"),
        (["eval", "--game", "razz", "--file", "-"], "eval"),
        (["caribbean", "play", "--seed", "3", "--hands", "3"], "caribbean play"),
    ]
)


@settings(FUZZ, max_examples=60 * FUZZ.max_examples)
@given(reader=_READERS, data=_STDIN)
def test_every_stdin_ends_in_status_0_or_2(reader, data):
    """Closed (None) or any bytes at all, through a real descriptor as a shell gives it."""
    argv, command = reader
    with fresh_workspace() as root:
        saved = sys.stdin
        stream = None
        if data is not None:
            (root / "stdin").write_bytes(data)
            stream = open(root / "stdin", encoding="utf-8")  # noqa: SIM115 - closed below
        sys.stdin = stream
        try:
            status, _out, err = _run(argv)
            event(f"{command}: status {status}")
        finally:
            sys.stdin = saved
            if stream is not None:
                stream.close()
        assert status in (0, 2), (argv, data, status, err)
        assert "internal error" not in err and "Traceback" not in err, (argv, data, err)
        if status == 2:
            assert all(line.startswith(f"studeval {command}: ") for line in err.strip().splitlines()), err
        if data is None or data == b"":
            # closed: refused; empty: refused, except that play just ends
            assert status == (0 if command == "caribbean play" and data == b"" else 2), (argv, data, err)
