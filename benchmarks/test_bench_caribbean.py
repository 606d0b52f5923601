"""Timings of the banked game's exact analysis and advice (pytest-benchmark).

Run: pytest benchmarks/test_bench_caribbean.py --benchmark-only
"""

import pytest

from studeval.caribbean import advise, analyze

pytest.importorskip("pytest_benchmark")


@pytest.mark.benchmark(group="caribbean-analysis")
def test_exact_house_edge_standard_game(benchmark):
    result = benchmark.pedantic(analyze, kwargs={"one_card_change": False}, rounds=1, iterations=1)
    assert round(result.house_edge, 5) == 0.05224


@pytest.mark.benchmark(group="caribbean-analysis")
def test_exact_house_edge_line_11(benchmark):
    result = benchmark.pedantic(
        analyze, kwargs={"one_card_change": False, "no_qualify": "winning_antes"}, rounds=1, iterations=1
    )
    assert round(result.house_edge, 5) == 0.05224


@pytest.mark.benchmark(group="caribbean-advice")
def test_advice_with_the_change(benchmark):
    result = benchmark(advise, "Th Jh Qh Kh 2c", "5s")
    assert result.best == "change 2c"
