"""``studeval`` run in-process: ``studeval.cli.main(args)`` with stdin given and its output
captured, reported the way a finished process is (shared by tests/cli and tests/caribbean;
pytest's ``pythonpath`` setting puts tests/ on the path).

Starting Python and importing studeval costs about a second a command on a loaded machine:
a third of the suite's time when every command-line test spawned one. In-process the same
arguments reach the same ``main`` and the same error handling; the tests where the real
process is the point (exit statuses of ``python -m studeval``, signals, pipes, a closed
stdin) still start one.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from studeval.cli import main


def run_main(*args: str, input: str | None = None, cwd: str | Path | None = None) -> subprocess.CompletedProcess[str]:
    """``main(args)`` in ``cwd`` with stdin ``input`` (empty when None, as the null device a
    subprocess gets) and stdout and stderr captured. A usage error (argparse's ``SystemExit``)
    gives the status it carries, as in a process.

    >>> proc = run_main("eval", "As Ks Qs Js Ts")
    >>> proc.returncode, proc.stdout.split()[-2:], proc.stderr
    (0, ['Royal', 'flush'], '')
    >>> run_main("eval", "--no-such-flag").returncode
    2
    """
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(input or ""), out, err
    try:
        with _folder(cwd):
            status = main(list(args))
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return subprocess.CompletedProcess(["studeval", *args], status, out.getvalue(), err.getvalue())


@contextmanager
def _folder(cwd: str | Path | None) -> Iterator[None]:
    """The current folder while the command runs (unchanged when None)."""
    if cwd is None:
        yield
        return
    before = os.getcwd()
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(before)
