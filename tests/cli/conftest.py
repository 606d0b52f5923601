"""Run ``studeval`` in-process (the ``studeval`` fixture: tests/in_process.py), or through its
real entry point, ``python -m studeval``, where a real process is the point (the
``studeval_process`` fixture: exit statuses, signals, pipes)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest
from in_process import run_main

Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def studeval() -> Run:
    """``studeval(*args, input=None, cwd=None)``: ``main(args)`` run in-process; the result has
    the returncode, stdout and stderr the process would have."""
    return run_main


@pytest.fixture
def studeval_process() -> Run:
    """``studeval_process(*args, input=None, cwd=None, timeout=120)``: the finished process
    ``python -m studeval args``, text output captured."""

    def run(
        *args: str, input: str | None = None, cwd: object = None, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "studeval", *args],
            input=input,
            stdin=None if input is not None else subprocess.DEVNULL,
            capture_output=True,
            text=True,
            cwd=cwd,
            timeout=timeout,
        )

    return run


def check_one_error(proc: subprocess.CompletedProcess[str], command: str) -> str:
    """The single stderr line of a failed command, checked: status 2, prefix, no traceback."""
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"studeval {command}: "), lines[0]
    return lines[0]


@pytest.fixture
def one_error() -> Callable[[subprocess.CompletedProcess[str], str], str]:
    """``one_error(proc, command)``: see :func:`check_one_error`."""
    return check_one_error
