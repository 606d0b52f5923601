"""Ctrl-C stops every long equity kernel within a fraction of a second (issue 11, item 6),
from the API with no progress callback: a subprocess gets SIGINT one second into the job."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

JOBS = {
    # seven card stud heads-up against one card: the rank-multiset count (_unseen)
    "unseen count": 'stud_equity(["As", "Kd"], method="exact", threads=1)',
    # razz heads-up from one card each: the card-subset count
    "heads-up count": 'stud_equity(["As", "Kd"], game="razz", method="exact", threads=1)',
    # stud8 heads-up: four counts on two threads
    "hi-lo counts": 'stud_equity(["As", "Kd"], game="stud8", method="exact", threads=2)',
    # three-way fifth street: enumeration of every deal
    "enumeration": 'stud_equity(["As Ah Kd 2c 3c", "Qc Qd 7s 3h 4h", "Jh Js 4d 5d 6d"], game="stud8", method="exact", threads=2)',
    "hold'em enumeration": 'holdem_equity(["As Ah", "Kd", "Qs"], method="exact", threads=1)',
    "Monte Carlo": 'stud_equity(["As Ah Kd", "Qc Qd 7s"], game="razz", method="monte-carlo", samples=10**11, threads=2)',
    # ranges (issue 17, item 7): a few combinations of hands dealt by count, and many drawn
    # in turn, a few deals each
    "range Monte Carlo": 'stud_equity(["As Ah Kd", "[KK, QQ+] Kc"], method="monte-carlo", samples=10**11)',
    "range Monte Carlo, hands drawn": 'stud_equity(["[any] As Ah", "[any] Kd Kc"], method="monte-carlo", samples=10**11)',
    "sharded Monte Carlo": 'sharded_equity(["As Ah Kd", "Qc Qd 7s"], method="monte-carlo", samples=10**11, tasks=4, threads=2)',
}


@pytest.mark.parametrize("call", JOBS.values(), ids=JOBS.keys())
def test_sigint_stops_a_long_job(call: str) -> None:
    code = (
        "from studeval.equity import holdem_equity, sharded_equity, stud_equity\n"
        "print('ready', flush=True)\n"
        f"{call}\n"
        "print('finished', flush=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(1.0)
        assert proc.poll() is None, "the job ended before the signal: make it longer"
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        waited = time.perf_counter() - sent
    finally:
        proc.kill()
    assert "finished" not in out
    assert "KeyboardInterrupt" in err
    assert waited < 1.5, f"took {waited:.2f} s to stop"
