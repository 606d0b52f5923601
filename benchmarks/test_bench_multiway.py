"""Exact three-way stud (studeval._multiway) against Monte Carlo, fourth and third street, and
against enumerating every deal (as poker-eval's pokenum does) on fifth street, where that
finishes.

Run: python -m pytest benchmarks/test_bench_multiway.py --benchmark-only
(then python benchmarks/summarize.py on a --benchmark-json file for the tables of RESULTS.md).

The exact count has no error; Monte Carlo's standard error shrinks as one over the square root
of the samples. Each Monte Carlo round deals 1 M deals and records its largest standard error
(``extra_info['stderr']``), so the samples, and the time, Monte Carlo needs for a given error
follow: ``seconds * (stderr / target) ** 2``. ``extra_info['items']`` is the number of deals an
exact round counts, or the samples of a Monte Carlo round.
"""

from __future__ import annotations

import math

import pytest

from studeval._multiway import threeway_counts
from studeval.cards import parse_cards
from studeval.equity import stud_equity
from studeval.equity.deal import stud_deal
from studeval.equity.exact import exact
from studeval.games import get_game

THIRD = ["As Ah Kd", "Qc Qd 7s", "8h 9h Th"]
FOURTH = ["As Ah Kd 2c", "Qc Qd 7s 3h", "8h 9h Th 4d"]
FIFTH = ["As Ah Kd 2c 5s", "Qc Qd 7s 3h 9c", "8h 9h Th 4d Jc"]
MC_DEALS = 1_000_000


def _deals(hands: list[str]) -> int:
    n = 52 - sum(len(parse_cards(h)) for h in hands)
    draws = [7 - len(parse_cards(h)) for h in hands]
    return math.comb(n, draws[0]) * math.comb(n - draws[0], draws[1]) * math.comb(n - sum(draws[:2]), draws[2])


def _count_exactly(benchmark, hands: list[str], rounds: int) -> None:
    """The three-way count of ``hands``, timed: every deal counted."""
    known = [parse_cards(h) for h in hands]
    benchmark.extra_info["items"] = _deals(hands)
    counts = benchmark.pedantic(
        lambda: threeway_counts(known), rounds=rounds, iterations=1, warmup_rounds=1 if rounds > 1 else 0
    )
    assert counts[0] == _deals(hands)


@pytest.mark.benchmark(group="stud7 three-way, 4th street (As Ah Kd 2c v Qc Qd 7s 3h v 8h 9h Th 4d)")
def test_threeway_exact_4th(benchmark) -> None:
    """4.6e11 deals, counted exactly (target: <= 1 s)."""
    _count_exactly(benchmark, FOURTH, rounds=5)


@pytest.mark.benchmark(group="stud7 three-way, 4th street (As Ah Kd 2c v Qc Qd 7s 3h v 8h 9h Th 4d)")
def test_threeway_monte_carlo_4th(benchmark) -> None:
    benchmark.extra_info["items"] = MC_DEALS
    r = benchmark.pedantic(
        lambda: stud_equity(FOURTH, method="monte-carlo", samples=MC_DEALS, seed=1),
        rounds=5,
        iterations=1,
        warmup_rounds=1,
    )
    benchmark.extra_info["stderr"] = max(r.stderr)


@pytest.mark.benchmark(group="stud7 three-way, 3rd street (As Ah Kd v Qc Qd 7s v 8h 9h Th)")
def test_threeway_exact_3rd(benchmark) -> None:
    """5.3e14 deals, counted exactly (issue 35's target: <= 5 s on two cores): one round."""
    _count_exactly(benchmark, THIRD, rounds=1)


@pytest.mark.benchmark(group="stud7 three-way, 3rd street (As Ah Kd v Qc Qd 7s v 8h 9h Th)")
def test_threeway_monte_carlo_3rd(benchmark) -> None:
    benchmark.extra_info["items"] = MC_DEALS
    r = benchmark.pedantic(
        lambda: stud_equity(THIRD, method="monte-carlo", samples=MC_DEALS, seed=1),
        rounds=5,
        iterations=1,
        warmup_rounds=1,
    )
    benchmark.extra_info["stderr"] = max(r.stderr)


@pytest.mark.benchmark(group="stud7 three-way, 5th street (As Ah Kd 2c 5s v Qc Qd 7s 3h 9c v 8h 9h Th 4d Jc)")
def test_threeway_exact_5th(benchmark) -> None:
    """2.1e8 deals, counted exactly."""
    _count_exactly(benchmark, FIFTH, rounds=5)


@pytest.mark.benchmark(group="stud7 three-way, 5th street (As Ah Kd 2c 5s v Qc Qd 7s 3h 9c v 8h 9h Th 4d Jc)")
def test_threeway_enumerate_5th(benchmark) -> None:
    """The same deals one by one, each player's hand evaluated (pokenum's way, in studeval's
    compiled enumerator on two threads): the same wins. Fourth street's 4.6e11 deals this way
    would take over an hour."""
    known = [parse_cards(h) for h in FIFTH]
    deal = stud_deal(known, get_game("seven"), [])
    benchmark.extra_info["items"] = _deals(FIFTH)
    c = benchmark.pedantic(lambda: exact(deal, "enumerate", 2, None), rounds=3, iterations=1)
    assert c.deals == _deals(FIFTH) and tuple(c.wins.tolist()) == threeway_counts(known)[1]
