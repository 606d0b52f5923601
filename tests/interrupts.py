"""Ctrl-C on a job in a real process, and the stretches a kernel goes without a look at
pending signals: the harness the interrupt tests share."""

from __future__ import annotations

import itertools
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
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


#: The fork server (POSIX): a Python that has made the imports of every job once, then forks
#: one child per job, a process of its own that runs the job as ``python -c`` would (the
#: job's output to the files named, its exceptions printed and its exit Python's own). It
#: writes each child's pid, then its exit status once it has ended; it ends with its stdin.
_SERVER = """
import json, os, sys
import studeval.equity
for line in sys.stdin:
    job, out, err = json.loads(line)
    pid = os.fork()
    if pid == 0:
        break
    print(pid, flush=True)
    print(os.waitpid(pid, 0)[1], flush=True)
else:
    sys.exit(0)
os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
os.dup2(os.open(out, os.O_WRONLY), 1)
os.dup2(os.open(err, os.O_WRONLY), 2)
exec(compile(job, "<string>", "exec"))
"""
_server: subprocess.Popen[bytes] | None = None


def _fork_server() -> subprocess.Popen[bytes]:
    """The fork server of this process, started the first time a job needs it."""
    global _server
    if _server is None or _server.poll() is not None:
        _server = subprocess.Popen([sys.executable, "-c", _SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    return _server


def _line(fd: int, timeout: float) -> str | None:
    """The next line the fork server writes, None if none comes within ``timeout`` seconds
    (read a byte at a time: nothing of the next line is kept in a buffer)."""
    out = b""
    while not out.endswith(b"\n"):
        if not select.select([fd], [], [], timeout)[0]:
            return None
        byte = os.read(fd, 1)
        assert byte, "the fork server ended"
        out += byte
    return out.decode()


def interrupt_after_ready(code: str, busy: float = BUSY) -> Interrupted:
    """Run ``code`` (which prints ``ready`` and then starts a long job) in a process of its own
    (forked from a Python that has imported studeval once: starting a Python and importing
    took twice as long as the job; a new Python where there is no fork), send SIGINT once the
    job has run ``busy`` CPU seconds (a second of wall time where there is no /proc to tell),
    and time how long the process takes to end.

    >>> r = interrupt_after_ready("print('ready', flush=True)\\nwhile True: pass")
    >>> "KeyboardInterrupt" in r.err and r.waited < STOPS_WITHIN
    True
    """
    # Ctrl-C as Python takes it by default, even where the tests themselves were started with
    # SIGINT ignored (in the background of a shell without job control), as a child inherits
    code = f"import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n{code}"
    if not hasattr(os, "fork"):
        return _interrupt_new_python(code, busy)
    server = _fork_server()
    assert server.stdin is not None and server.stdout is not None
    ended = server.stdout.fileno()
    with tempfile.TemporaryDirectory() as folder:
        out, err = Path(folder, "out"), Path(folder, "err")
        out.touch()
        err.touch()
        server.stdin.write((json.dumps([code, str(out), str(err)]) + "\n").encode())
        server.stdin.flush()
        forked = _line(ended, 60)
        assert forked is not None, "the fork server did not fork"
        pid, status = int(forked), None
        try:
            give_up = time.perf_counter() + 60
            while out.read_text() != "ready\n":
                assert time.perf_counter() < give_up and not select.select([ended], [], [], 0)[0], out.read_text()
                time.sleep(0.005)
            start = cpu_seconds(pid)
            if start is None:
                time.sleep(1.0)
            else:
                give_up = time.perf_counter() + 60  # a job that sleeps is not what is tested here
                while time.perf_counter() < give_up and (cpu_seconds(pid) or start + busy) - start < busy:
                    time.sleep(0.01)
            assert not select.select([ended], [], [], 0)[0], "the job ended before the signal: make it longer"
            sent = time.perf_counter()
            os.kill(pid, signal.SIGINT)
            status = _line(ended, 30)
            waited = time.perf_counter() - sent
        finally:
            if status is None and not select.select([ended], [], [], 0)[0]:  # still running: stop it
                os.kill(pid, signal.SIGKILL)
            if status is None:  # its end, read before the next job
                _line(ended, 30)
        return Interrupted(out.read_text(), err.read_text(), waited)


def _interrupt_new_python(code: str, busy: float) -> Interrupted:
    """:func:`interrupt_after_ready` in a new Python (where there is no fork)."""
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return interrupt_when_busy(proc, busy)


def interrupt_when_busy(proc: subprocess.Popen[str], busy: float = BUSY) -> Interrupted:
    """Send SIGINT to ``proc`` (text pipes; it prints ``ready`` and then starts a long job)
    once the job has run ``busy`` CPU seconds, and time how long it takes to end; the process
    is over afterwards (killed if it was not), ``proc.returncode`` its exit status.

    >>> code = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler)\\n"
    >>> proc = subprocess.Popen([sys.executable, "-c", code + "print('ready', flush=True)\\nwhile True: pass"],
    ...                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    >>> r = interrupt_when_busy(proc)
    >>> proc.returncode == -signal.SIGINT, r.err.splitlines()[-1], r.waited < STOPS_WITHIN  # killed by it
    (True, 'KeyboardInterrupt', True)
    """
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
        if proc.poll() is None:
            proc.kill()
            proc.wait()


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
