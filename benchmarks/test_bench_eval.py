"""Hand evaluation: studeval against every other installed evaluator, in one run.

Per-call groups evaluate the same 1000 random hands per round, one call per hand, with each
library's own fastest per-call entry point and card objects prepared outside the timing.
Batch groups record how many hands one round evaluates in ``extra_info['hands']``.
Run: python -m pytest benchmarks/test_bench_eval.py --benchmark-only
"""

from __future__ import annotations

import numpy as np
import pytest
from bench_inputs import card_text, random_hands

import studeval
from studeval import _core
from studeval.kinds import get_kind

PER_CALL = 1000  # hands per round in the per-call groups


def _per_call(benchmark, fn, prepared):
    benchmark.extra_info["hands"] = len(prepared)

    def run():
        for h in prepared:
            fn(h)

    benchmark(run)


def _star(fn):
    return lambda h: fn(*h)


def competitors(k: int):
    """(name, per-hand function, card converter) for each installed library that does k cards."""
    out = []
    try:
        from phevaluator._pheval import evaluate_5cards, evaluate_7cards

        out.append((f"phevaluator (C evaluate_{k}cards)", _star(evaluate_7cards if k == 7 else evaluate_5cards), list))
    except ImportError:
        pass
    try:
        import eval7

        out.append(("eval7", eval7.evaluate, lambda h: [eval7.Card(card_text(c)) for c in h]))
    except ImportError:
        pass
    try:
        from treys import Card, Evaluator

        ev = Evaluator()
        out.append(("treys", lambda h: ev.evaluate(h[:2], h[2:]), lambda h: [Card.new(card_text(c)) for c in h]))
    except ImportError:
        pass
    try:
        import holdem_hand_evaluator as hhe

        out.append(("holdem-hand-evaluator", hhe.evaluate_hand, lambda h: "".join(card_text(c) for c in h)))
    except ImportError:
        pass
    try:
        from pokerkit import Card as PKCard
        from pokerkit import StandardHighHand

        out.append(
            (
                "pokerkit",
                lambda h: StandardHighHand.from_game(h),
                lambda h: tuple(PKCard.parse("".join(card_text(c) for c in h))),
            )
        )
    except ImportError:
        pass
    return out


@pytest.mark.benchmark(group="evaluate 7 cards, one hand per call")
def test_studeval_evaluate7(benchmark, hands7):
    _per_call(benchmark, studeval.evaluate, hands7)


@pytest.mark.benchmark(group="evaluate 5 cards, one hand per call")
def test_studeval_evaluate5(benchmark, hands5):
    _per_call(benchmark, studeval.evaluate, hands5)


@pytest.mark.benchmark(group="evaluate 7 cards, one hand per call")
@pytest.mark.parametrize("name", [c[0] for c in competitors(7)])
def test_other_evaluate7(benchmark, hands7, name):
    _, fn, convert = next(c for c in competitors(7) if c[0] == name)
    _per_call(benchmark, fn, [convert(h) for h in hands7])


@pytest.mark.benchmark(group="evaluate 5 cards, one hand per call")
@pytest.mark.parametrize("name", [c[0] for c in competitors(5)])
def test_other_evaluate5(benchmark, hands5, name):
    _, fn, convert = next(c for c in competitors(5) if c[0] == name)
    _per_call(benchmark, fn, [convert(h) for h in hands5])


BATCH = 10_000_000


@pytest.fixture(scope="module")
def batch7() -> np.ndarray:
    return random_hands(BATCH, 7)


@pytest.fixture(scope="module")
def batch5() -> np.ndarray:
    return random_hands(BATCH, 5, seed=55)


# readable ids: the figure and RESULTS.md label each bar by them
BATCH_CASES = [(1, True), (1, False), (None, True)]
BATCH_IDS = ["1 thread, checked", "1 thread, unchecked", "all threads, checked"]


@pytest.mark.benchmark(group="evaluate 7 cards, batch of 10M random hands")
@pytest.mark.parametrize(("threads", "check"), BATCH_CASES, ids=BATCH_IDS)
def test_studeval_batch7(benchmark, batch7, threads, check):
    benchmark.extra_info["hands"] = len(batch7)
    benchmark.pedantic(
        studeval.evaluate_batch, args=(batch7,), kwargs={"threads": threads, "check": check}, rounds=7, warmup_rounds=1
    )


@pytest.mark.benchmark(group="evaluate 5 cards, batch of 10M random hands")
@pytest.mark.parametrize(("threads", "check"), BATCH_CASES, ids=BATCH_IDS)
def test_studeval_batch5(benchmark, batch5, threads, check):
    benchmark.extra_info["hands"] = len(batch5)
    benchmark.pedantic(
        studeval.evaluate_batch, args=(batch5,), kwargs={"threads": threads, "check": check}, rounds=7, warmup_rounds=1
    )


# The batch kernel's paths side by side (studeval._core.simd_paths(): the scalar kernel, the
# reference, and the vector ones this processor runs; the default takes the fastest, or the
# scalar one under STUDEVAL_SIMD=0), on the same hands in one run.
SIMD_PATHS = list(_core.simd_paths())


@pytest.mark.benchmark(group="evaluate 7 cards, batch of 10M random hands, by kernel path")
@pytest.mark.parametrize("threads", [1, None], ids=["1 thread", "all threads"])
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
@pytest.mark.parametrize("path", SIMD_PATHS)
def test_studeval_batch7_paths(benchmark, batch7, path, check, threads):
    benchmark.extra_info["hands"] = len(batch7)
    benchmark.pedantic(
        _core.evaluate_batch,
        args=(batch7,),
        kwargs={"threads": threads, "check": check, "simd": path},
        rounds=7,
        warmup_rounds=1,
    )


@pytest.mark.benchmark(group="evaluate 5 cards, batch of 10M random hands, by kernel path")
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
@pytest.mark.parametrize("path", SIMD_PATHS)
def test_studeval_batch5_paths(benchmark, batch5, path, check):
    benchmark.extra_info["hands"] = len(batch5)
    benchmark.pedantic(
        _core.evaluate_batch,
        args=(batch5,),
        kwargs={"threads": 1, "check": check, "simd": path},
        rounds=7,
        warmup_rounds=1,
    )


@pytest.mark.benchmark(group="evaluate 7 cards, batch of 10M random hands")
def test_poker_equity_score_batch7(benchmark, batch7):
    poker_equity = pytest.importorskip("poker_equity")
    texts = ["".join(card_text(c) for c in row) for row in batch7[:1_000_000].tolist()]
    benchmark.extra_info["hands"] = len(texts)
    benchmark.pedantic(poker_equity.score_batch, args=("high", texts), rounds=3, warmup_rounds=1)


@pytest.mark.benchmark(group="evaluate 7 cards, numpy loop over phevaluator (no batch API)")
def test_phevaluator_over_array(benchmark, batch7):
    ph = pytest.importorskip("phevaluator._pheval")
    rows = batch7[:200_000].tolist()
    benchmark.extra_info["hands"] = len(rows)
    f = ph.evaluate_7cards
    benchmark.pedantic(lambda: [f(*r) for r in rows], rounds=3, warmup_rounds=1)


# ---------------------------------------------------------------------------------------------
# Lows (razz, stud hi-lo, 2-7 razz): the same random 7-card hands, beside the high kernel in
# one run.


def low_competitors():
    """(name, per-hand low function, card converter) for each installed library with lows."""
    out = []
    try:
        from pokerkit import Card as PKCard
        from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardLowHand

        def low8(h):
            try:
                return EightOrBetterLowHand.from_game(h)
            except ValueError:  # pokerkit's way of saying: no qualifying low
                return None

        convert = lambda h: tuple(PKCard.parse("".join(card_text(c) for c in h)))  # noqa: E731
        out.append(("pokerkit RegularLowHand (razz)", RegularLowHand.from_game, convert))
        out.append(("pokerkit EightOrBetterLowHand", low8, convert))
        out.append(("pokerkit StandardLowHand (2-7)", StandardLowHand.from_game, convert))
    except ImportError:
        pass
    return out


@pytest.mark.benchmark(group="low of 7 cards, batch of 10M random hands")
@pytest.mark.parametrize("kind", studeval.KINDS)
def test_studeval_batch7_kinds(benchmark, batch7, kind):
    benchmark.extra_info["hands"] = len(batch7)
    benchmark.pedantic(
        studeval.evaluate_batch, args=(batch7,), kwargs={"threads": 1, "kind": kind}, rounds=7, warmup_rounds=1
    )


@pytest.mark.benchmark(group="each kind of 7 cards, batch of 10M random hands, by kernel path")
@pytest.mark.parametrize("path", SIMD_PATHS)
@pytest.mark.parametrize("kind", studeval.KINDS)
def test_studeval_batch7_kinds_paths(benchmark, batch7, kind, path):
    benchmark.extra_info["hands"] = len(batch7)
    benchmark.pedantic(
        _core.evaluate_batch,
        args=(batch7,),
        kwargs={"threads": 1, "kind": get_kind(kind).code, "simd": path},
        rounds=7,
        warmup_rounds=1,
    )


@pytest.mark.benchmark(group="low of 7 cards, one hand per call")
@pytest.mark.parametrize("fn", ["evaluate", "evaluate_low", "evaluate_low8", "evaluate_low27"])
def test_studeval_low7_per_call(benchmark, hands7, fn):
    _per_call(benchmark, getattr(studeval, fn), hands7)


@pytest.mark.benchmark(group="low of 7 cards, one hand per call")
@pytest.mark.parametrize("name", [c[0] for c in low_competitors()])
def test_other_low7_per_call(benchmark, hands7, name):
    _, fn, convert = next(c for c in low_competitors() if c[0] == name)
    _per_call(benchmark, fn, [convert(h) for h in hands7[:200]])
