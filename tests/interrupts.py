"""Ctrl-C on a job in a real process, and the stretches a kernel goes without a look at
pending signals: the harness the interrupt tests share."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

#: Seconds a job that polls for Ctrl-C may take to stop here: well under a second on a quiet
#: machine, a few on a loaded one (the suite runs on every core), and a job that does not poll
#: runs on for minutes.
STOPS_WITHIN = 5.0

#: CPU seconds a job has run (all its threads) when the signal comes: every job of the tests
#: is past its set-up (imports, parsing, planning) and in its kernel by 0.15 s, past 0.05 s
#: all but one, so the signal finds the long job running, however loaded the machine.
BUSY = 0.2


class Interrupted(NamedTuple):
    """What a job printed once interrupted, and the seconds it took to stop."""

    out: str
    err: str
    waited: float


def cpu_seconds(pid: int) -> float | None:
    """The CPU time a process has used so far, user and system, every thread (Linux's
    /proc); None where there is no /proc or the process is gone.

    >>> cpu_seconds(os.getpid()) > 0
    True
    """
    try:
        # the fields after the command name (which may hold spaces): utime and stime are the
        # 14th and 15th of the line
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def interrupt_after_ready(code: str, busy: float = BUSY) -> Interrupted:
    """Run ``code`` (which prints ``ready`` and then starts a long job) in a new Python, send
    SIGINT once the job has run ``busy`` CPU seconds (a second of wall time where there is no
    /proc to tell), and time how long the process takes to end.

    >>> r = interrupt_after_ready("print('ready', flush=True)\\nwhile True: pass")
    >>> "KeyboardInterrupt" in r.err and r.waited < STOPS_WITHIN
    True
    """
    # Ctrl-C as Python takes it by default, even where the tests themselves were started with
    # SIGINT ignored (in the background of a shell without job control), as a child inherits
    code = f"import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n{code}"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        start = cpu_seconds(proc.pid)
        if start is None:
            time.sleep(1.0)
        else:
            give_up = time.perf_counter() + 60  # a job that sleeps is not what is tested here
            while time.perf_counter() < give_up and (cpu_seconds(proc.pid) or start + busy) - start < busy:
                time.sleep(0.01)
        assert proc.poll() is None, "the job ended before the signal: make it longer"
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        return Interrupted(out, err, time.perf_counter() - sent)
    finally:
        proc.kill()


def longest_without_a_look(count: Callable[[], object], every: float = 0.005) -> tuple[float, float]:
    """(CPU seconds ``count()`` took, the longest stretch of them it went without a look at
    pending signals), in this process: a profiling timer signal every ``every`` CPU seconds
    runs its Python handler only when the running code looks at pending signals (a kernel
    when it polls, the interpreter between bytecodes), so the longest CPU time between two
    runs (or the start or the end) is the longest stretch without a look. CPU time, not wall
    time: a process held off the CPU on a loaded machine advances neither (POSIX only).

    >>> total, gap = longest_without_a_look(lambda: sum(range(3 * 10**6)))
    >>> 0 < gap <= total
    True
    """
    runs: list[float] = []
    before = signal.signal(signal.SIGPROF, lambda *_: runs.append(time.process_time()))
    try:
        signal.setitimer(signal.ITIMER_PROF, every, every)
        start = time.process_time()
        count()
        end = time.process_time()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, before)
    times = [start, *runs, end]
    return end - start, max(y - x for x, y in itertools.pairwise(times))
