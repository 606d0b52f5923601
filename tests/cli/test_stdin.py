"""Every command that reads stdin, given a stdin that is closed, unreadable, empty or not UTF-8:
one line naming the fault and status 2, never an internal error; ``caribbean play`` ends its
session at the end of stdin (issue 17 item 12)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from studeval.cli import main

# Each command that reads stdin, the way a user makes it read stdin.
READERS = {
    "replay": ["replay", "-"],
    "eval": ["eval", "-"],
    "eval (no hand)": ["eval"],
    "eval --file -": ["eval", "--file", "-"],
    "caribbean play": ["caribbean", "play", "--seed", "1", "--hands", "2"],
}


def _closed_stream(tmp_path: Path) -> io.TextIOBase:
    stream = io.StringIO("As Ks Qs Js Ts\n")
    stream.close()
    return stream


def _closed_descriptor(tmp_path: Path) -> io.TextIOBase:
    """A stdin whose descriptor was closed under it (the stream object still looks open)."""
    read_end, write_end = os.pipe()
    os.close(write_end)
    stream = open(read_end, encoding="utf-8", closefd=False)  # noqa: SIM115 - handed to sys.stdin
    os.close(read_end)
    return stream


def _write_only(tmp_path: Path) -> io.TextIOBase:
    """``studeval eval - 0>file``: stdin opened for writing, so reading it fails."""
    return open(tmp_path / "out.txt", "w", encoding="utf-8")  # noqa: SIM115 - handed to sys.stdin


def _bytes(data: bytes) -> Callable[[Path], io.TextIOBase]:
    def stdin(tmp_path: Path) -> io.TextIOBase:
        path = tmp_path / "stdin.bin"
        path.write_bytes(data)
        return open(path, encoding="utf-8")  # noqa: SIM115 - a real descriptor, as a shell gives

    return stdin


# What stdin is, and the words the one line must hold.
STDINS: dict[str, tuple[Callable[[Path], object], str]] = {
    "None (closed at start, `<&-`)": (lambda tmp_path: None, "stdin is closed"),
    "a closed stream": (_closed_stream, "stdin is closed"),
    "a closed descriptor": (_closed_descriptor, "stdin is closed"),
    "opened for writing only": (_write_only, "stdin cannot be read"),
    "empty (StringIO)": (lambda tmp_path: io.StringIO(""), "stdin is empty"),
    "empty (a file)": (_bytes(b""), "stdin is empty"),
    "invalid UTF-8": (_bytes(b"\xff\xfe As Ks\n"), "not UTF-8 text"),
    "binary garbage": (_bytes(bytes(range(255, -1, -1)) * 4), "not UTF-8 text"),
    "a lone surrogate (text stdin)": (lambda tmp_path: io.StringIO("\udcff\n"), "not UTF-8 text"),
}


@pytest.mark.parametrize("command", list(READERS))
@pytest.mark.parametrize("state", list(STDINS))
def test_a_stdin_that_cannot_be_read_is_one_line(monkeypatch, capsys, tmp_path, command, state) -> None:
    make, words = STDINS[state]
    monkeypatch.setattr("sys.stdin", make(tmp_path))
    status = main(READERS[command])
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    if command == "caribbean play" and "empty" in words:
        # the end of the answers ends the session cleanly, with its summary
        assert status == 0, err
        assert out.rstrip().endswith("you played 0 hands, net +0 EUR") and err == ""
        return
    assert status == 2, (status, err)
    assert len(lines) == 1 and "internal error" not in err, err
    prog = "studeval caribbean play" if command == "caribbean play" else f"studeval {READERS[command][0]}"
    assert lines[0].startswith(f"{prog}: ") and words in lines[0], lines[0]
    if "closed" in words:
        assert out == ""  # refused before anything was printed (play: before the rules)


def test_play_reads_its_answers_from_a_replaced_stdin(monkeypatch, capsys) -> None:
    """The answers go through the same reader: one hand folded, then the end of stdin."""
    monkeypatch.setattr("sys.stdin", io.StringIO("f\n"))
    assert main(["caribbean", "play", "--seed", "5", "--no-change"]) == 0
    out = capsys.readouterr().out
    assert "raise or fold? (r/f)" in out and "you played 1 hand, net -1 EUR" in out


def test_play_refuses_an_answer_longer_than_a_line_may_be(monkeypatch, capsys) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("x" * 5000 + "\n"))
    assert main(["caribbean", "play", "--seed", "5", "--no-change"]) == 2
    assert "stdin line 1 is longer than 1,024 bytes" in capsys.readouterr().err


def test_with_stdin_closed_each_reader_is_one_line_in_a_real_process(tmp_path) -> None:
    """`studeval replay - <&-` and the like: the interpreter itself starts with fd 0 closed."""
    for command in ("replay", "eval", "caribbean play"):
        proc = subprocess.run(
            [sys.executable, "-m", "studeval", *READERS[command]],
            preexec_fn=lambda: os.close(0),  # noqa: PLW1509 - the point: a child without stdin
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=120,
        )
        prog = "studeval caribbean play" if command == "caribbean play" else f"studeval {command}"
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.splitlines() == [proc.stderr.strip()] and proc.stderr.startswith(f"{prog}: stdin is closed")
        assert proc.stdout == ""
