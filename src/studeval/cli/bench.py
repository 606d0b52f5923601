"""``studeval bench``: a short self-benchmark, with the other installed evaluators beside ours.

It is a quick look, not the benchmark suite (benchmarks/ with pytest-benchmark is that): each
figure is the best of three timed repeats of about ``--seconds`` each. Rows are printed as
they are measured, with a progress bar on a terminal.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

import studeval
from studeval._core import OPENMP
from studeval.cards import format_card
from studeval.cli import common
from studeval.dealing import random_hands

__all__ = [
    "COMPETITORS",
    "DEFAULT_HANDS",
    "DEFAULT_SECONDS",
    "MAX_HANDS",
    "Measurement",
    "disturbance",
    "format_rate",
    "measure",
    "plan",
    "register",
]

#: Hands in each batch test by default, and the most ``--hands`` takes (two batches of this
#: many 7- and 5-card hands are held in memory: 12 bytes a hand).
DEFAULT_HANDS = 2_000_000
MAX_HANDS = 20_000_000
#: Time per measurement by default, and the range ``--seconds`` takes.
DEFAULT_SECONDS = 0.3
SECONDS_RANGE = (0.001, 60.0)
# Hands in the per-call tests (ours and the others': the same hands).
_PER_CALL = 2000
_OTHERS_HANDS = 500


def _per_call(fn: Callable[[Any], object], prepared: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for h in prepared:
            fn(h)

    return run


def _phevaluator(text: list[list[str]], ints: list[list[int]]) -> Callable[[], None]:
    from phevaluator._pheval import evaluate_7cards

    return _per_call(lambda h: evaluate_7cards(*h), ints)


def _eval7(text: list[list[str]], ints: list[list[int]]) -> Callable[[], None]:
    import eval7

    return _per_call(eval7.evaluate, [[eval7.Card(t) for t in h] for h in text])


def _holdem_hand_evaluator(text: list[list[str]], ints: list[list[int]]) -> Callable[[], None]:
    import holdem_hand_evaluator as hhe

    return _per_call(hhe.evaluate_hand, ["".join(h) for h in text])


def _treys(text: list[list[str]], ints: list[list[int]]) -> Callable[[], None]:
    from treys import Card, Evaluator

    ev = Evaluator()
    return _per_call(lambda h: ev.evaluate(h[:2], h[2:]), [[Card.new(t) for t in h] for h in text])


def _pokerkit(text: list[list[str]], ints: list[list[int]]) -> Callable[[], None]:
    from pokerkit import Card, StandardHighHand

    return _per_call(StandardHighHand.from_game, [tuple(Card.parse("".join(h))) for h in text])


#: The other evaluators compared, once each: (name, hands it gets, runner factory). A factory
#: takes the same 7-card hands as text and as ints and raises ImportError when not installed.
#: pokerkit runs in pure Python and gets fewer hands.
COMPETITORS: tuple[tuple[str, int, Callable[[list[list[str]], list[list[int]]], Callable[[], None]]], ...] = (
    ("phevaluator (evaluate_7cards)", _OTHERS_HANDS, _phevaluator),
    ("eval7", _OTHERS_HANDS, _eval7),
    ("holdem-hand-evaluator", _OTHERS_HANDS, _holdem_hand_evaluator),
    ("treys", _OTHERS_HANDS, _treys),
    ("pokerkit", 50, _pokerkit),
)


def _rate(run: Callable[[], object], items: int, seconds: float) -> float:
    """Items per second: the best of three timed repeats of about `seconds` each."""
    return _timed(run, items, seconds)[0]


def _timed(run: Callable[[], object], items: int, seconds: float) -> tuple[float, float]:
    """(items per second of the best of three timed repeats of about `seconds` each, the
    spread of the three: (slowest - fastest) / fastest)."""
    start = time.perf_counter()
    run()
    once = max(time.perf_counter() - start, 1e-9)
    reps = max(1, min(int(seconds / once), 1_000_000))
    times = []
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(reps):
            run()
        times.append(max((time.perf_counter() - start) / reps, 1e-12))
    return items / min(times), (max(times) - min(times)) / min(times)


#: Repeats of one figure differing by more than this (slowest over fastest, less one) mark
#: the figure as disturbed; so does other work on the machine of at least this many cores'
#: worth (the load average less this process).
SPREAD_LIMIT = 0.25
BUSY_CORES = 0.5


def _load() -> float | None:
    """The one-minute load average (None where the system has none)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def disturbance(
    spreads: dict[str, float], load: float | None, cores: int, threaded: tuple[str, float, float] | None = None
) -> str:
    """One line saying why the figures may be low, or "" when nothing disturbed them:
    ``spreads`` maps each job to its repeats' spread, ``load`` is the highest one-minute load
    average seen (this process counts one), ``threaded`` (job, one-thread rate, its rate)
    the threaded batch beside the one-thread one.

    >>> disturbance({"batch": 0.02}, 0.9, 2)
    ''
    >>> disturbance({"batch 7 cards, 2 threads": 0.6}, 7.3, 2, ("batch 7 cards, 2 threads", 358e6, 155e6))
    'note: the machine was busy (load average 7.3 on 2 cores); batch 7 cards, 2 threads ran slower than 1 thread; the repeats of 1 figure differed by more than 25% (batch 7 cards, 2 threads): these figures are low, the threaded ones most'
    """
    reasons = []
    if load is not None and load - 1 >= BUSY_CORES:
        reasons.append(f"the machine was busy (load average {load:.1f} on {cores} cores)")
    if threaded is not None and threaded[2] < threaded[1]:
        reasons.append(f"{threaded[0]} ran slower than 1 thread")
    uneven = [job for job, spread in spreads.items() if spread > SPREAD_LIMIT]
    if uneven:
        figures = "1 figure" if len(uneven) == 1 else f"{len(uneven)} figures"
        reasons.append(f"the repeats of {figures} differed by more than {SPREAD_LIMIT:.0%} ({', '.join(uneven)})")
    if not reasons:
        return ""
    return f"note: {'; '.join(reasons)}: these figures are low, the threaded ones most"


def format_rate(per_second: float) -> str:
    """A rate in sensible units.

    >>> format_rate(15_700_000), format_rate(21_400), format_rate(12.5)
    ('15.7 M/s', '21.4 k/s', '12.5 /s')
    """
    for scale, unit in ((1e9, "G/s"), (1e6, "M/s"), (1e3, "k/s")):
        if per_second >= scale:
            return f"{per_second / scale:.1f} {unit}"
    return f"{per_second:.1f} /s"


def _threads_word(n: int) -> str:
    return f"{n} thread" if n == 1 else f"{n} threads"


class Measurement(NamedTuple):
    """One row of the benchmark, ready to time: ``run()`` evaluates ``items`` hands."""

    library: str
    job: str
    run: Callable[[], object]
    items: int


def plan(hands: int = DEFAULT_HANDS, threads: int | None = None) -> list[Measurement]:
    """The measurements to make: ours, then every other evaluator that is installed.

    >>> [m.job for m in plan(hands=1000, threads=1)][:3]
    ['evaluate 7 cards per call', 'evaluate 5 cards per call', 'batch 7 cards, 1 thread']
    """
    nthreads = studeval.check_threads(threads)
    per_call = random_hands(_PER_CALL, 7, 1).tolist()
    per_call5 = random_hands(_PER_CALL, 5, 2).tolist()
    batch7 = random_hands(hands, 7, 3)
    batch5 = random_hands(hands, 5, 4)
    rows = [
        Measurement("studeval", "evaluate 7 cards per call", _per_call(studeval.evaluate, per_call), _PER_CALL),
        Measurement("studeval", "evaluate 5 cards per call", _per_call(studeval.evaluate, per_call5), _PER_CALL),
        Measurement("studeval", "batch 7 cards, 1 thread", lambda: studeval.evaluate_batch(batch7, threads=1), hands),
    ]
    if nthreads > 1:
        job = f"batch 7 cards, {_threads_word(nthreads)}"
        rows.append(Measurement("studeval", job, lambda: studeval.evaluate_batch(batch7, threads=nthreads), hands))
    rows.append(
        Measurement("studeval", "batch 5 cards, 1 thread", lambda: studeval.evaluate_batch(batch5, threads=1), hands)
    )
    ints = per_call[:_OTHERS_HANDS]
    text = [[format_card(c) for c in h] for h in ints]
    for name, count, factory in COMPETITORS:
        try:
            runner = factory(text[:count], ints[:count])
        except ImportError:
            continue
        rows.append(Measurement(name, "evaluate 7 cards per call", runner, count))
    return rows


def measure(
    seconds: float = DEFAULT_SECONDS, hands: int = DEFAULT_HANDS, threads: int | None = None
) -> Iterator[tuple[str, str, float]]:
    """Measure, yielding (library, job, hands per second) as each figure is known.

    >>> rows = list(measure(seconds=0.001, hands=20_000))
    >>> rows[0][:2], rows[0][2] > 0
    (('studeval', 'evaluate 7 cards per call'), True)
    """
    for m in plan(hands, threads):
        yield m.library, m.job, _rate(m.run, m.items, seconds)


def _thread_note(threads: int | None) -> str:
    n = studeval.check_threads(threads)
    if not OPENMP:
        return "1 thread: this build has no OpenMP (its compiler had none), so batch calls run on one thread"
    if threads is None:
        return f"{_threads_word(n)} available"
    return f"{_threads_word(n)} asked for"


def _run(args: argparse.Namespace) -> int:
    figures: dict[str, dict[str, float]] = {}
    note = _thread_note(args.threads)
    rows = plan(args.hands, args.threads)
    if not args.json:
        # each figure: one run to size the repeats, then three repeats of about --seconds
        print(
            f"studeval {studeval.__version__}: hands per second (best of 3); {note}; "
            f"{len(rows)} measurements, about {len(rows) * 3 * args.seconds:.0f} s",
            flush=True,
        )
    base = 0.0
    spreads: dict[str, float] = {}
    loads = [_load()]
    with common.progress_bar(common.command_name(args), total=len(rows), unit="test") as progress:
        for done, m in enumerate(rows, 1):
            library, job = m.library, m.job
            rate, spreads[f"{job}" if library == "studeval" else library] = _timed(m.run, m.items, args.seconds)
            progress(done / len(rows))
            figures.setdefault(library, {})[job] = rate
            if args.json:
                continue
            if library == "studeval":
                base = base or rate
                print(f"  {job:<32} {format_rate(rate):>10}", flush=True)
            else:
                if len(figures) == 2:
                    print("other evaluators, 7 cards, one hand per call (the same hands):")
                print(f"  {library:<32} {format_rate(rate):>10}   studeval is {base / rate:.1f}x faster", flush=True)
    loads.append(_load())
    ours = figures["studeval"]
    threaded = next(((job, ours["batch 7 cards, 1 thread"], r) for job, r in ours.items() if "threads" in job), None)
    seen = [x for x in loads if x is not None]
    note = disturbance(spreads, max(seen) if seen else None, os.cpu_count() or 1, threaded)
    if args.json:
        print(json.dumps(figures, indent=2))
    elif len(figures) == 1:
        print("(no other evaluator installed: pip install 'studeval[bench]' to compare)")
    sys.stdout.flush()
    if note:
        # beside the figures, on stdout; with --json on stderr, keeping the JSON clean
        print(note, file=sys.stderr if args.json else sys.stdout, flush=True)
    return 0


@common.command(
    "bench",
    _run,
    "a short self-benchmark, beside the other installed evaluators",
    details=(
        "Hands per second: ours one hand per call and in numpy batches, then every other\n"
        "evaluator installed (pip install 'studeval[bench]') on the same hands. Each figure\n"
        "is the best of three repeats of about --seconds each."
    ),
    examples=["studeval bench", "studeval bench --hands 10000000 --threads 2", "studeval bench --json"],
)
def register(p: argparse.ArgumentParser) -> None:
    """``bench``'s arguments."""
    common.count_option(p, "--hands", MAX_HANDS, DEFAULT_HANDS, "hands in each batch test")
    p.add_argument(
        "--seconds",
        type=common.bounded_float(*SECONDS_RANGE),
        default=DEFAULT_SECONDS,
        help=f"time per measurement, {SECONDS_RANGE[0]:g} to {SECONDS_RANGE[1]:g}",
    )
    p.add_argument(
        "--threads", type=common.threads_type, default=None, help="threads for the batch test (default: all cores)"
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
