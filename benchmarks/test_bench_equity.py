"""Equity: studeval against poker-equity, pokerkit and eval7, the same job per group, one run.

Run: python -m pytest benchmarks/test_bench_equity.py --benchmark-only
(then python benchmarks/summarize.py on a --benchmark-json file for the tables of RESULTS.md).

``extra_info['items']`` is the number of deals a round covers (for an exact answer the deals
counted, for Monte Carlo the samples), so summarize.py prints a rate. A competitor that is not
installed is skipped; one that cannot do a job (poker-equity refuses exact seven card stud on
third street) is left out of that group, and the group says so in its docstring.
"""

from __future__ import annotations

import math

import pytest

import studeval
from studeval.equity import holdem_equity, stud_equity

try:
    import poker_equity
except ImportError:  # pragma: no cover
    poker_equity = None
try:
    import pokerkit
except ImportError:  # pragma: no cover
    pokerkit = None
try:
    import eval7
except ImportError:  # pragma: no cover
    eval7 = None

STUD_HU = ["As Ah Kd", "Qc Qd 7s"]
STUD_HU_5TH = ["As Ah Kd 2c 3c", "Qc Qd 7s 3h 4h"]
STUD_3WAY = ["As Ah Kd", "Qc Qd 7s", "Jh Tc 9c"]
HOLDEM_HU = ["Ah As", "Kd Kc"]
MC_DEALS = 1_000_000
SMALL_DEALS = 2_000  # pokerkit runs in pure Python: a small job it can finish in a second


def _compact(hands: list[str]) -> list[str]:
    return [h.replace(" ", "") for h in hands]


def _need(module, name: str):
    if module is None:
        pytest.skip(f"{name} is not installed")


def _run(benchmark, fn, items: int, rounds: int | None = None):
    benchmark.extra_info["items"] = items
    if rounds:
        return benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)
    return benchmark(fn)


# ---------------------------------------------------------------------------------------------
# Seven card stud, exact heads-up


@pytest.mark.benchmark(group="stud7 exact heads-up, 3rd street (As Ah Kd v Qc Qd 7s)")
@pytest.mark.parametrize("threads", [1])
def test_stud_exact_3rd_studeval(benchmark, threads) -> None:
    """1.8e10 pairs of completions; poker-equity's exact walk refuses this one (returns None)."""
    r = _run(benchmark, lambda: stud_equity(STUD_HU, method="exact", threads=threads), 18_265_297_050)
    assert r.deals == 18_265_297_050 and abs(r.equity[0] - 0.66473) < 1e-4


@pytest.mark.benchmark(group="stud7 exact heads-up, 3rd street against one up card (As Ah Kd v Qc)")
def test_stud_exact_3rd_vs_door_card_studeval(benchmark) -> None:
    """The realistic third street: the opponent's two down cards are unknown too (1.4e12
    pairings; method='auto' samples this one instead)."""
    r = _run(benchmark, lambda: stud_equity(["As Ah Kd", "Qc"], method="exact", threads=1), 1_373_550_338_160, rounds=3)
    assert r.deals == 1_373_550_338_160


@pytest.mark.benchmark(group="stud7 exact heads-up, 5th street")
def test_stud_exact_5th_studeval(benchmark) -> None:
    r = _run(benchmark, lambda: stud_equity(STUD_HU_5TH, method="exact", threads=1), 671_580)
    assert r.deals == 671_580


@pytest.mark.benchmark(group="stud7 exact heads-up, 5th street")
def test_stud_exact_5th_poker_equity(benchmark) -> None:
    _need(poker_equity, "poker-equity")
    r = _run(benchmark, lambda: poker_equity.exact_from_text("stud", _compact(STUD_HU_5TH)), 671_580)
    assert r["samples"] == 671_580
    assert abs(r["players"][0]["equity"] - stud_equity(STUD_HU_5TH).equity[0]) < 1e-12


# ---------------------------------------------------------------------------------------------
# Hold'em, exact heads-up preflop: every one of the 1,712,304 boards


@pytest.mark.benchmark(group="holdem exact heads-up preflop (AhAs v KdKc)")
@pytest.mark.parametrize("threads", [1, 2])
def test_holdem_exact_studeval(benchmark, threads) -> None:
    r = _run(benchmark, lambda: holdem_equity(HOLDEM_HU, method="exact", threads=threads), math.comb(48, 5))
    assert r.deals == math.comb(48, 5)


@pytest.mark.benchmark(group="holdem exact heads-up preflop (AhAs v KdKc)")
def test_holdem_exact_poker_equity(benchmark) -> None:
    _need(poker_equity, "poker-equity")
    r = _run(benchmark, lambda: poker_equity.exact_from_text("holdem", _compact(HOLDEM_HU)), math.comb(48, 5), rounds=5)
    assert r["samples"] == math.comb(48, 5)
    assert abs(r["players"][0]["equity"] - holdem_equity(HOLDEM_HU).equity[0]) < 1e-12


# ---------------------------------------------------------------------------------------------
# Seven card stud, Monte Carlo three-way on third street


@pytest.mark.benchmark(group="stud7 Monte Carlo 3-way 3rd street, 1M deals, 1 thread")
def test_stud_mc_studeval(benchmark) -> None:
    r = _run(benchmark, lambda: stud_equity(STUD_3WAY, method="monte-carlo", samples=MC_DEALS, seed=1, threads=1), MC_DEALS)
    assert r.deals == MC_DEALS


@pytest.mark.benchmark(group="stud7 Monte Carlo 3-way 3rd street, 1M deals, 1 thread")
def test_stud_mc_poker_equity(benchmark) -> None:
    _need(poker_equity, "poker-equity")
    r = _run(
        benchmark,
        lambda: poker_equity.chunk_from_text("stud", _compact(STUD_3WAY), samples=MC_DEALS, seed=1, threads=1),
        MC_DEALS,
        rounds=5,
    )
    assert r["samples"] == MC_DEALS


def _pokerkit_equities(hands: list[str], hole: int, board: int, samples: int):
    ranges = [[tuple(pokerkit.Card.parse(h.replace(" ", "")))] for h in hands]
    return pokerkit.calculate_equities(
        ranges, (), hole, board, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,), sample_count=samples
    )


@pytest.mark.benchmark(group="stud7 Monte Carlo 3-way 3rd street, 2k deals (pokerkit-sized)")
def test_stud_mc_small_studeval(benchmark) -> None:
    _run(benchmark, lambda: stud_equity(STUD_3WAY, method="monte-carlo", samples=SMALL_DEALS, seed=1, threads=1), SMALL_DEALS)


@pytest.mark.benchmark(group="stud7 Monte Carlo 3-way 3rd street, 2k deals (pokerkit-sized)")
def test_stud_mc_small_poker_equity(benchmark) -> None:
    _need(poker_equity, "poker-equity")
    _run(benchmark, lambda: poker_equity.chunk_from_text("stud", _compact(STUD_3WAY), samples=SMALL_DEALS, seed=1, threads=1), SMALL_DEALS)


@pytest.mark.benchmark(group="stud7 Monte Carlo 3-way 3rd street, 2k deals (pokerkit-sized)")
def test_stud_mc_small_pokerkit(benchmark) -> None:
    _need(pokerkit, "pokerkit")
    eq = _run(benchmark, lambda: _pokerkit_equities(STUD_3WAY, 7, 0, SMALL_DEALS), SMALL_DEALS, rounds=3)
    assert abs(sum(eq) - 1) < 1e-9


# ---------------------------------------------------------------------------------------------
# Hold'em Monte Carlo heads-up preflop


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 1M deals, 1 thread")
def test_holdem_mc_studeval(benchmark) -> None:
    r = _run(benchmark, lambda: holdem_equity(HOLDEM_HU, method="monte-carlo", samples=MC_DEALS, seed=1, threads=1), MC_DEALS)
    assert abs(r.equity[0] - 0.8126) < 0.003


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 1M deals, 1 thread")
def test_holdem_mc_eval7(benchmark) -> None:
    _need(eval7, "eval7")
    hero = [eval7.Card(c) for c in HOLDEM_HU[0].split()]
    villain = eval7.HandRange(_compact(HOLDEM_HU)[1])
    eq = _run(benchmark, lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], MC_DEALS), MC_DEALS, rounds=5)
    assert abs(eq - 0.8126) < 0.003


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 1M deals, 1 thread")
def test_holdem_mc_poker_equity(benchmark) -> None:
    _need(poker_equity, "poker-equity")
    r = _run(
        benchmark,
        lambda: poker_equity.chunk_from_text("holdem", _compact(HOLDEM_HU), samples=MC_DEALS, seed=1, threads=1),
        MC_DEALS,
        rounds=5,
    )
    assert abs(r["players"][0]["equity"] - 0.8126) < 0.003


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 2k deals (pokerkit-sized)")
def test_holdem_mc_small_studeval(benchmark) -> None:
    _run(benchmark, lambda: holdem_equity(HOLDEM_HU, method="monte-carlo", samples=SMALL_DEALS, seed=1, threads=1), SMALL_DEALS)


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 2k deals (pokerkit-sized)")
def test_holdem_mc_small_eval7(benchmark) -> None:
    _need(eval7, "eval7")
    hero = [eval7.Card(c) for c in HOLDEM_HU[0].split()]
    villain = eval7.HandRange(_compact(HOLDEM_HU)[1])
    _run(benchmark, lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], SMALL_DEALS), SMALL_DEALS)


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 2k deals (pokerkit-sized)")
def test_holdem_mc_small_poker_equity(benchmark) -> None:
    _need(poker_equity, "poker-equity")
    _run(benchmark, lambda: poker_equity.chunk_from_text("holdem", _compact(HOLDEM_HU), samples=SMALL_DEALS, seed=1, threads=1), SMALL_DEALS)


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 2k deals (pokerkit-sized)")
def test_holdem_mc_small_pokerkit(benchmark) -> None:
    _need(pokerkit, "pokerkit")
    eq = _run(benchmark, lambda: _pokerkit_equities(HOLDEM_HU, 2, 5, SMALL_DEALS), SMALL_DEALS, rounds=3)
    assert abs(sum(eq) - 1) < 1e-9


def test_studeval_is_the_package_under_test() -> None:
    assert studeval.evaluate("As Ks Qs Js Ts") == 7462
