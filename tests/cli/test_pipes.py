"""A closed output pipe stops a command quietly, as with standard tools (``... | head -1``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from studeval.cli.common import BROKEN_PIPE_STATUS


def _read_one_line_then_close(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "studeval", *args],
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    if stdin is not None:
        assert proc.stdin is not None
        try:
            proc.stdin.write(stdin.encode())
            proc.stdin.close()
        except BrokenPipeError:
            pass
    first = proc.stdout.readline().decode()
    proc.stdout.close()  # what `head -1` does
    err = proc.stderr.read().decode()
    return proc.wait(timeout=120), first, err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
def test_eval_into_a_closed_pipe(tmp_path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("As Ks Qs Js Ts\n2c 3d 4h 5s 7c\n" * 100_000)
    status, first, err = _read_one_line_then_close(["eval", "--file", str(big)])
    assert "Royal flush" in first
    assert err == "" and status == BROKEN_PIPE_STATUS


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
def test_simulate_and_replay_into_a_closed_pipe(tmp_path) -> None:
    status, first, err = _read_one_line_then_close(
        ["simulate", "--hands", "20", "--seed", "1", "--players", "8", "--out", str(tmp_path / "h")]
    )
    assert first.startswith("20 hands") and err == "" and status in (0, BROKEN_PIPE_STATUS)
    status, first, err = _read_one_line_then_close(["replay", "--json", str(tmp_path / "h" / "hand_000001.phh")])
    assert first.startswith("{") and err == "" and status in (0, BROKEN_PIPE_STATUS)
