"""Ctrl-C stops every long equity kernel within a fraction of a second (issue 11, item 6),
from the API with no progress callback: a subprocess gets SIGINT once the job has run a fifth
of a CPU second (tests/interrupts.py BUSY: its set-up long over, the kernel running)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from interrupts import STOPS_WITHIN, interrupt_after_ready

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

JOBS = {
    # seven card stud heads-up against one card: the rank-multiset count (_unseen)
    "unseen count": 'stud_equity(["As", "Kd"], method="exact", threads=1)',
    # razz heads-up from one card each: the card-subset count
    "heads-up count": 'stud_equity(["As", "Kd"], game="razz", method="exact", threads=1)',
    # stud8 heads-up: four counts on two threads, on every core (the default), on one
    "hi-lo counts": 'stud_equity(["As", "Kd"], game="stud8", method="exact", threads=2)',
    "hi-lo counts, default threads": 'stud_equity(["As", "Kd"], game="stud8", method="exact")',
    "hi-lo counts, one thread": 'stud_equity(["As", "Kd"], game="stud8", method="exact", threads=1)',
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
    out, err, waited = interrupt_after_ready(code)
    assert "finished" not in out
    assert "KeyboardInterrupt" in err
    assert waited < STOPS_WITHIN, f"took {waited:.2f} s to stop"


# Every key of the heads-up count (stud8's pot is four of them), on a question whose sweep is
# most of the work: stud8's eight-or-better low has a few dozen values, one of which holds
# every hand without a low, so a look at signals every so many values never came (issue 17,
# item 9: Ctrl-C waited for the whole count, seconds to tens of seconds).
_GAPS = """
import signal, sys, time
import numpy as np
from studeval import _equity
from studeval.cards import parse_cards

a, b = parse_cards("As 2h"), parse_cards("Kd Qc")
live = np.array([c for c in range(52) if c not in a + b], dtype=np.uint8)
polls = []
signal.signal(signal.SIGALRM, lambda *_: polls.append(time.perf_counter()))
for key_a, key_b in KEYS:
    polls.clear()
    signal.setitimer(signal.ITIMER_REAL, 0.005, 0.005)
    start = time.perf_counter()
    _equity.headsup_exact(live, np.array(a, dtype=np.uint8), 5, np.array(b, dtype=np.uint8), 5, 1,
                          _equity.KEYS[key_a], _equity.KEYS[key_b])
    end = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, 0)
    times = [start, *polls, end]
    print(key_a, end - start, max(y - x for x, y in zip(times, times[1:])), flush=True)
"""
_KEY_PAIRS = [("high", "high"), ("low", "low"), ("low8", "low8"), ("nolow_min", "nolow_max")]


def test_the_heads_up_count_looks_at_signals_all_along() -> None:
    """A timer signal every 5 ms runs its Python handler only when the kernel looks at pending
    signals, so the longest stretch between two runs is the longest the kernel went without a
    look. Bound: a tenth of the count (it looks about a hundred times), or a quarter of a second
    (a loaded machine may hold the process off the CPU that long)."""
    code = f"KEYS = {_KEY_PAIRS!r}\n{_GAPS}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True).stdout
    lines = [line.split() for line in out.splitlines()]
    assert [key for key, _, _ in lines] == [key for key, _ in _KEY_PAIRS]
    for key, total, gap in lines:
        assert float(gap) < max(0.25, float(total) / 10), f"{key}: {gap} s without a look at signals in {total} s"
