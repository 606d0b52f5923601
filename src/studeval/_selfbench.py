"""``studeval bench``: a short self-benchmark, with the other installed evaluators beside ours.

It is a quick look, not the benchmark suite (benchmarks/ with pytest-benchmark is that): each
figure is the best of a few timed repeats of about ``seconds`` each.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import studeval
from studeval._core import max_threads

_TEXT = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for lo in range(0, n, 500_000):
        rows = min(500_000, n - lo)
        out[lo : lo + rows] = rng.random((rows, 52)).argpartition(k, axis=1)[:, :k]
    return out


def _rate(run: Callable[[], object], items: int, seconds: float) -> float:
    """Items per second: the best of three timed repeats of about `seconds` each."""
    start = time.perf_counter()
    run()
    once = max(time.perf_counter() - start, 1e-9)
    reps = max(1, int(seconds / once))
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(reps):
            run()
        best = min(best, (time.perf_counter() - start) / reps)
    return items / best


def _per_call(fn: Callable, prepared: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for h in prepared:
            fn(h)

    return run


def _others(hands: list[list[int]]) -> list[tuple[str, Callable[[], None]]]:
    """Per-call runs of the other installed evaluators over the same 7-card hands."""
    text = [[_TEXT[c] for c in h] for h in hands]
    out = []
    try:
        from phevaluator._pheval import evaluate_7cards

        out.append(("phevaluator (evaluate_7cards)", _per_call(lambda h: evaluate_7cards(*h), hands)))
    except ImportError:
        pass
    try:
        import eval7

        out.append(("eval7", _per_call(eval7.evaluate, [[eval7.Card(t) for t in h] for h in text])))
    except ImportError:
        pass
    try:
        import holdem_hand_evaluator as hhe

        out.append(("holdem-hand-evaluator", _per_call(hhe.evaluate_hand, ["".join(h) for h in text])))
    except ImportError:
        pass
    try:
        from treys import Card, Evaluator

        ev = Evaluator()
        treys_hands = [[Card.new(t) for t in h] for h in text]
        out.append(("treys", _per_call(lambda h: ev.evaluate(h[:2], h[2:]), treys_hands)))
    except ImportError:
        pass
    try:
        from pokerkit import Card as PKCard
        from pokerkit import StandardHighHand

        pokerkit_hands = [tuple(PKCard.parse("".join(h))) for h in text[:50]]
        out.append(("pokerkit", _per_call(StandardHighHand.from_game, pokerkit_hands)))
    except ImportError:
        pass
    return out


def run(seconds: float = 0.3, hands: int = 2_000_000, threads: int | None = None, as_json: bool = False) -> dict:
    """Measure and print hands per second; returns the figures.

    >>> figures = run(seconds=0.001, hands=20_000, as_json=True)  # doctest: +ELLIPSIS
    {...}
    >>> figures["studeval"]["evaluate 7 cards per call"] > 0
    True
    """
    if hands < 1 or seconds <= 0:
        raise ValueError(f"hands and seconds must be positive, got hands={hands}, seconds={seconds}")
    threads = threads or max_threads()
    per_call = _random_hands(2000, 7, 1).tolist()
    per_call5 = _random_hands(2000, 5, 2).tolist()
    batch7 = _random_hands(hands, 7, 3)
    batch5 = _random_hands(hands, 5, 4)
    ours = {
        "evaluate 7 cards per call": _rate(_per_call(studeval.evaluate, per_call), len(per_call), seconds),
        "evaluate 5 cards per call": _rate(_per_call(studeval.evaluate, per_call5), len(per_call5), seconds),
        "batch 7 cards, 1 thread": _rate(lambda: studeval.evaluate_batch(batch7, 1), hands, seconds),
        f"batch 7 cards, {threads} threads": _rate(lambda: studeval.evaluate_batch(batch7, threads), hands, seconds),
        "batch 5 cards, 1 thread": _rate(lambda: studeval.evaluate_batch(batch5, 1), hands, seconds),
    }
    others = {}
    for name, runner in _others(per_call[:500]):
        items = 50 if name == "pokerkit" else 500
        others[name] = {"evaluate 7 cards per call": _rate(runner, items, seconds)}
    figures = {"studeval": ours, **others}
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"studeval {studeval.__version__}: hands per second (best of 3; {threads} threads available)")
        for job, rate in ours.items():
            print(f"  {job:<32} {rate / 1e6:10.1f} M/s")
        if others:
            print("other evaluators, 7 cards, one hand per call (the same hands):")
            base = ours["evaluate 7 cards per call"]
            for name, rates in others.items():
                rate = rates["evaluate 7 cards per call"]
                print(f"  {name:<32} {rate / 1e6:10.2f} M/s   studeval is {base / rate:.1f}x faster")
        else:
            print("(no other evaluator installed: pip install 'studeval[bench]' to compare)")
        sys.stdout.flush()
    return figures
