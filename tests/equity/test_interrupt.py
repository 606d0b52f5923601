"""Ctrl-C stops every long equity kernel within a fraction of a second (issue 11, item 6),
from the API with no progress callback: a subprocess gets SIGINT once the job has run a fifth
of a CPU second (tests/interrupts.py BUSY: its set-up long over, the kernel running); and the
heads-up count looks at pending signals all along (in this process: a timer signal's handler
runs only at a look)."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from interrupts import STOPS_WITHIN, interrupt_after_ready, longest_without_a_look

from studeval import _equity, parse_cards
from studeval.kinds import HAND_KINDS

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
# item 9: Ctrl-C waited for the whole count, seconds to tens of seconds). Ten cards dead: a
# quarter of a CPU second a count, a hundred looks or so.
_KEY_PAIRS = [("high", "high"), ("low", "low"), ("low8", "low8"), ("nolow_min", "nolow_max")]
_HANDS = parse_cards("As 2h"), parse_cards("Kd Qc")
_DEAD = parse_cards("3c 4d 5s 6h 7c 8d 9s Th Jc Qd")


@pytest.mark.parametrize(("key_a", "key_b"), _KEY_PAIRS, ids=[a for a, _ in _KEY_PAIRS])
def test_the_heads_up_count_looks_at_signals_all_along(key_a: str, key_b: str) -> None:
    """A timer signal every 5 ms of CPU runs its Python handler only when the kernel looks at
    pending signals, so the longest stretch of CPU time between two runs is the longest the
    kernel went without a look (tests/interrupts.py). Bound: a tenth of the count (it looks
    about a hundred times), or 0.05 CPU seconds (ten timer periods; the kernel looks every
    hundredth of a second or so); the count is five times that, so a stretch of a fifth of it
    without a look fails."""
    a, b = _HANDS
    live = np.array([c for c in range(52) if c not in {*a, *b, *_DEAD}], dtype=np.uint8)
    keys = {**_equity.KEYS, **{k.name: _equity.KEYS[k.code] for k in HAND_KINDS.values()}}  # by a kind's name too
    total, gap = longest_without_a_look(
        lambda: _equity.headsup_exact(
            live, np.array(a, dtype=np.uint8), 5, np.array(b, dtype=np.uint8), 5, 1, keys[key_a], keys[key_b]
        )
    )
    assert gap < max(0.05, total / 10), f"{key_a}: {gap} s without a look at signals in {total} s"
