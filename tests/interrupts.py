"""Ctrl-C on a job in a real process: the one harness the interrupt tests share."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from typing import NamedTuple

#: Seconds a job that polls for Ctrl-C may take to stop here: well under a second on a quiet
#: machine, a few on a loaded one (the suite runs on every core), and a job that does not poll
#: runs on for minutes.
STOPS_WITHIN = 5.0


class Interrupted(NamedTuple):
    """What a job printed once interrupted, and the seconds it took to stop."""

    out: str
    err: str
    waited: float


def interrupt_after_ready(code: str) -> Interrupted:
    """Run ``code`` (which prints ``ready`` and then starts a long job) in a new Python, send
    SIGINT a second after ``ready``, and time how long the process takes to end.

    >>> r = interrupt_after_ready("print('ready', flush=True)\\nimport time\\ntime.sleep(60)")
    >>> "KeyboardInterrupt" in r.err and r.waited < STOPS_WITHIN
    True
    """
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(1.0)
        assert proc.poll() is None, "the job ended before the signal: make it longer"
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        return Interrupted(out, err, time.perf_counter() - sent)
    finally:
        proc.kill()
