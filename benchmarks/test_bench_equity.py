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

import numpy as np
import pytest

import studeval
from studeval._equity import headsup_exact
from studeval._unseen import headsup_unseen
from studeval.cards import format_cards, parse_cards
from studeval.equity import HiLoResult, holdem_equity, stud_equity
from studeval.equity.deal import stud_deal
from studeval.equity.exact import exact, headsup, headsup_scoops
from studeval.games import get_game
from studeval.ranges import parse_player

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
DOOR_CARD = ["As Ah Kd", "Qc"]
DOOR_DEAD = "2c 7d 9h Js"
UP_CARDS_5TH = ["As Ah Kd 2c 3c", "Qc 7d 8h"]
RANGE_3RD = ["As Ah Kd", "[KK, QQ+] Kc"]
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
@pytest.mark.parametrize("threads", [1], ids=["1 thread"])
def test_stud_exact_3rd_studeval(benchmark, threads) -> None:
    """1.8e10 pairs of completions; poker-equity's exact walk refuses this one (returns None)."""
    r = _run(benchmark, lambda: stud_equity(STUD_HU, method="exact", threads=threads), 18_265_297_050)
    assert r.deals == 18_265_297_050 and abs(r.equity[0] - 0.66473) < 1e-4


@pytest.mark.benchmark(group="stud7 exact heads-up, 3rd street against one up card (As Ah Kd v Qc)")
def test_stud_exact_3rd_vs_door_card_studeval(benchmark) -> None:
    """The realistic third street: the opponent's two down cards are unknown too (1.4e12
    pairings), exact by the rank-multiset count, which method='auto' chooses. poker-equity
    cannot express it (its stud hands must all hold the same number of cards); pokerkit
    samples it, in the pokerkit-sized group below."""
    r = _run(benchmark, lambda: stud_equity(DOOR_CARD, threads=1), 1_373_550_338_160)
    assert r.method == "exact" and r.deals == 1_373_550_338_160


@pytest.mark.benchmark(group="stud7 exact heads-up, 3rd street against one up card (As Ah Kd v Qc)")
def test_stud_exact_3rd_vs_door_card_dead_studeval(benchmark) -> None:
    """The same with four folded door cards dead."""
    r = _run(benchmark, lambda: stud_equity(DOOR_CARD, dead=DOOR_DEAD, threads=1), 521_063_923_380)
    assert r.method == "exact" and r.deals == 521_063_923_380


@pytest.mark.benchmark(group="stud7 exact heads-up, 3rd street against one up card (As Ah Kd v Qc)")
def test_stud_exact_3rd_vs_door_card_card_subsets_studeval(benchmark) -> None:
    """The reference: the card-subset count, which studeval used before (1.3 s on a quiet machine)."""
    a, b = (np.array(parse_cards(h), dtype=np.uint8) for h in DOOR_CARD)
    live = np.array([c for c in range(52) if c not in set(a) | set(b)], dtype=np.uint8)
    r = _run(benchmark, lambda: headsup_exact(live, b, 6, a, 4, 1), 1_373_550_338_160, rounds=3)
    assert sum(r) == 1_373_550_338_160 and r == stud_equity_counts()


@pytest.mark.benchmark(group="stud7 exact heads-up, 5th street against up cards (As Ah Kd 2c 3c v Qc 7d 8h)")
def test_stud_exact_5th_vs_up_cards_studeval(benchmark) -> None:
    r = _run(benchmark, lambda: stud_equity(UP_CARDS_5TH, threads=1), 105_885_780)
    assert r.method == "exact" and r.deals == 105_885_780


@pytest.mark.benchmark(group="stud7 3rd street against a range (As Ah Kd v [KK, QQ+] Kc)")
def test_stud_range_exact_studeval(benchmark) -> None:
    """Eight hands are left of the range (card removal), each an exact count. poker-equity has
    no ranges for stud; pokerkit is in the pokerkit-sized group."""
    r = _run(benchmark, lambda: stud_equity(RANGE_3RD, method="exact", threads=1), 8 * 18_265_297_050)
    assert r.method == "exact" and r.deals == 8 * 18_265_297_050


@pytest.mark.benchmark(group="stud7 3rd street against a range (As Ah Kd v [KK, QQ+] Kc)")
def test_stud_range_auto_studeval(benchmark) -> None:
    """method='auto': the exact count, as the plan's estimate (eight exact counts, about 0.2 s)
    fits its budget."""
    r = _run(benchmark, lambda: stud_equity(RANGE_3RD, seed=1, threads=1), 8 * 18_265_297_050)
    assert r.method == "exact"


@pytest.mark.benchmark(group="stud7 3rd street against a range (As Ah Kd v [KK, QQ+] Kc)")
def test_stud_range_monte_carlo_studeval(benchmark) -> None:
    """1M Monte Carlo deals in groups of hands, what method='auto' took before."""
    r = _run(benchmark, lambda: stud_equity(RANGE_3RD, method="monte-carlo", seed=1, threads=1), MC_DEALS)
    assert r.method == "monte-carlo" and r.deals == MC_DEALS


STUD8_DOOR_CARD = ["As 2d 3c", "Kh"]
STUD8_DOOR_DEALS = math.comb(48, 4) * math.comb(44, 6)


@pytest.mark.benchmark(group="stud8 against a door card (As 2d 3c v Kh), auto")
@pytest.mark.parametrize("threads", [None, 1], ids=["default threads", "1 thread"])
def test_stud8_3rd_vs_door_card_auto_studeval(benchmark, threads) -> None:
    """Issue 22, items 3 and 4: ``auto`` counts it exactly by rank multiset, four counts (the
    high hands apart by who has a low, the same against the opponent's hands with a low, the
    eight-or-better lows, and the scoops' two-key count of the pairs where both have a low),
    side by side on the default threads (every core)."""
    r = _run(benchmark, lambda: stud_equity(STUD8_DOOR_CARD, game="stud8", threads=threads), STUD8_DOOR_DEALS)
    assert r.method == "exact" and r.deals == STUD8_DOOR_DEALS and 0 < r.scoop[0] < 1


@pytest.mark.benchmark(group="stud8 against a door card (As 2d 3c v Kh), auto")
def test_stud8_3rd_vs_door_card_card_by_card_studeval(benchmark) -> None:
    """The reference: the card-by-card heads-up count (four one-key counts and the two-key
    count), the exact method of this question before the rank-multiset count took hi-lo."""
    deal = stud_deal([parse_cards(h) for h in STUD8_DOOR_CARD], get_game("stud8"), [])
    c = _run(benchmark, lambda: exact(deal, "headsup", 2, None), STUD8_DOOR_DEALS, rounds=3)
    assert c.deals == STUD8_DOOR_DEALS


def stud_equity_counts() -> tuple[int, int, int]:
    """The rank-multiset count's (b wins, a wins, ties) for DOOR_CARD, door card first."""
    a, b = (np.array(parse_cards(h), dtype=np.uint8) for h in DOOR_CARD)
    live = np.array([c for c in range(52) if c not in set(a) | set(b)], dtype=np.uint8)
    return headsup_unseen(live, b, 6, a, 4)


def _pokerkit_stud(hero: str, villain: str, samples: int):
    """pokerkit's calculate_equities with the villain's range as explicit seven-card-stud
    starting hands (hole cards plus up cards), which is how it takes a range."""
    hole_range, up = parse_player(villain)
    hands = [list(c) + up for c in hole_range.combos] if hole_range else [up]
    ranges = [
        [tuple(pokerkit.Card.parse(hero.replace(" ", "")))],
        [tuple(pokerkit.Card.parse(format_cards(h, ""))) for h in hands],
    ]
    return pokerkit.calculate_equities(
        ranges, (), 7, 0, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,), sample_count=samples
    )


@pytest.mark.benchmark(group="stud7 3rd street against a door card and a range, 2k deals (pokerkit-sized)")
@pytest.mark.parametrize("villain", ["Qc", "[KK, QQ+] Kc"])
def test_stud_unknown_small_studeval(benchmark, villain: str) -> None:
    _run(
        benchmark,
        lambda: stud_equity([DOOR_CARD[0], villain], method="monte-carlo", samples=SMALL_DEALS, seed=1, threads=1),
        SMALL_DEALS,
    )


@pytest.mark.benchmark(group="stud7 3rd street against a door card and a range, 2k deals (pokerkit-sized)")
@pytest.mark.parametrize("villain", ["Qc", "[KK, QQ+] Kc"])
def test_stud_unknown_small_pokerkit(benchmark, villain: str) -> None:
    _need(pokerkit, "pokerkit")
    eq = _run(benchmark, lambda: _pokerkit_stud(DOOR_CARD[0], villain, SMALL_DEALS), SMALL_DEALS, rounds=3)
    exact = stud_equity([DOOR_CARD[0], villain], method="exact").equity[0]
    assert abs(eq[0] - exact) < 0.05  # 2,000 deals: about 0.01 of standard error


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
@pytest.mark.parametrize("threads", [1, 2], ids=["1 thread", "2 threads"])
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
# Seven card stud, exact three-way through stud_equity (the three-way count, issue 22)

THREEWAY_4TH = ["As Ah Kd 2c", "Qc Qd 7s 3h", "8h 9h Th 4d"]
THREEWAY_3RD = ["As Ah Kd", "Qc Qd 7s", "8h 9h Th"]


@pytest.mark.benchmark(
    group="stud7 exact 3-way through stud_equity, 4th street (As Ah Kd 2c v Qc Qd 7s 3h v 8h 9h Th 4d)"
)
def test_stud_threeway_exact_4th_studeval(benchmark) -> None:
    """auto's choice (the three-way count, every thread); target <= 1 s."""
    deals = math.comb(40, 3) * math.comb(37, 3) * math.comb(34, 3)
    r = _run(benchmark, lambda: stud_equity(THREEWAY_4TH), deals, rounds=5)
    assert r.method == "exact" and r.deals == deals and "three-way count" in r.plan


@pytest.mark.benchmark(group="stud7 exact 3-way through stud_equity, 3rd street (As Ah Kd v Qc Qd 7s v 8h 9h Th)")
def test_stud_threeway_exact_3rd_studeval(benchmark) -> None:
    """method="exact" (auto samples it for a million deals); about 30 s of CPU, one round;
    target <= 60 s."""
    deals = math.comb(43, 4) * math.comb(39, 4) * math.comb(35, 4)
    benchmark.extra_info["items"] = deals
    r = benchmark.pedantic(lambda: stud_equity(THREEWAY_3RD, method="exact"), rounds=1, iterations=1)
    assert r.deals == deals and "three-way count" in r.plan


# ---------------------------------------------------------------------------------------------
# Stud hi-lo, exact three-way through stud_equity (the three-way hi-lo counts, issue 35 item 3)

HILO_3WAY_4TH = ["As 2h 3d 4c", "Kc 7d 8h 8s", "2c 4s 5h Qd"]


@pytest.mark.benchmark(
    group="stud8 exact 3-way through stud_equity, 4th street (As 2h 3d 4c v Kc 7d 8h 8s v 2c 4s 5h Qd)"
)
def test_stud8_threeway_exact_4th_studeval(benchmark) -> None:
    """method="exact": the high hands, the lows, the high hands with no low and the scoops
    (auto samples it against a million deals); every thread."""
    deals = math.comb(40, 3) * math.comb(37, 3) * math.comb(34, 3)
    r = _run(benchmark, lambda: stud_equity(HILO_3WAY_4TH, game="stud8", method="exact"), deals, rounds=5)
    assert isinstance(r, HiLoResult) and r.method == "exact" and r.deals == deals and "three-way count" in r.plan


@pytest.mark.benchmark(
    group="stud8 exact 3-way through stud_equity, 4th street (As 2h 3d 4c v Kc 7d 8h 8s v 2c 4s 5h Qd)"
)
def test_stud8_threeway_monte_carlo_4th_studeval(benchmark) -> None:
    """auto's choice there: a million Monte Carlo deals."""
    r = _run(benchmark, lambda: stud_equity(HILO_3WAY_4TH, game="stud8", samples=MC_DEALS, seed=1), MC_DEALS, rounds=5)
    assert r.method == "monte-carlo"


# ---------------------------------------------------------------------------------------------
# Seven card stud, Monte Carlo three-way on third street


@pytest.mark.benchmark(group="stud7 Monte Carlo 3-way 3rd street, 1M deals, 1 thread")
def test_stud_mc_studeval(benchmark) -> None:
    r = _run(
        benchmark, lambda: stud_equity(STUD_3WAY, method="monte-carlo", samples=MC_DEALS, seed=1, threads=1), MC_DEALS
    )
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
    _run(
        benchmark,
        lambda: stud_equity(STUD_3WAY, method="monte-carlo", samples=SMALL_DEALS, seed=1, threads=1),
        SMALL_DEALS,
    )


@pytest.mark.benchmark(group="stud7 Monte Carlo 3-way 3rd street, 2k deals (pokerkit-sized)")
def test_stud_mc_small_poker_equity(benchmark) -> None:
    _need(poker_equity, "poker-equity")
    _run(
        benchmark,
        lambda: poker_equity.chunk_from_text("stud", _compact(STUD_3WAY), samples=SMALL_DEALS, seed=1, threads=1),
        SMALL_DEALS,
    )


@pytest.mark.benchmark(group="stud7 Monte Carlo 3-way 3rd street, 2k deals (pokerkit-sized)")
def test_stud_mc_small_pokerkit(benchmark) -> None:
    _need(pokerkit, "pokerkit")
    eq = _run(benchmark, lambda: _pokerkit_equities(STUD_3WAY, 7, 0, SMALL_DEALS), SMALL_DEALS, rounds=3)
    assert abs(sum(eq) - 1) < 1e-9


# ---------------------------------------------------------------------------------------------
# Hold'em Monte Carlo heads-up preflop


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 1M deals, 1 thread")
def test_holdem_mc_studeval(benchmark) -> None:
    r = _run(
        benchmark, lambda: holdem_equity(HOLDEM_HU, method="monte-carlo", samples=MC_DEALS, seed=1, threads=1), MC_DEALS
    )
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
    _run(
        benchmark,
        lambda: holdem_equity(HOLDEM_HU, method="monte-carlo", samples=SMALL_DEALS, seed=1, threads=1),
        SMALL_DEALS,
    )


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 2k deals (pokerkit-sized)")
def test_holdem_mc_small_eval7(benchmark) -> None:
    _need(eval7, "eval7")
    hero = [eval7.Card(c) for c in HOLDEM_HU[0].split()]
    villain = eval7.HandRange(_compact(HOLDEM_HU)[1])
    _run(benchmark, lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], SMALL_DEALS), SMALL_DEALS)


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 2k deals (pokerkit-sized)")
def test_holdem_mc_small_poker_equity(benchmark) -> None:
    _need(poker_equity, "poker-equity")
    _run(
        benchmark,
        lambda: poker_equity.chunk_from_text("holdem", _compact(HOLDEM_HU), samples=SMALL_DEALS, seed=1, threads=1),
        SMALL_DEALS,
    )


@pytest.mark.benchmark(group="holdem Monte Carlo heads-up preflop, 2k deals (pokerkit-sized)")
def test_holdem_mc_small_pokerkit(benchmark) -> None:
    _need(pokerkit, "pokerkit")
    eq = _run(benchmark, lambda: _pokerkit_equities(HOLDEM_HU, 2, 5, SMALL_DEALS), SMALL_DEALS, rounds=3)
    assert abs(sum(eq) - 1) < 1e-9


def test_studeval_is_the_package_under_test() -> None:
    assert studeval.evaluate("As Ks Qs Js Ts") == 7462


# ---------------------------------------------------------------------------------------------
# Razz and stud8 (issue 9): exact heads-up third street with all six cards known, beside
# pokerkit's Monte Carlo of 2,000 deals (pure Python); extra_info['error'] is pokerkit's
# largest equity error against the exact answer at that many deals, what its time buys.

LOW_HU = ["As 2d 3c", "Kh 7d 8s"]
_POKERKIT_HANDS = {"razz": ("RegularLowHand",), "stud8": ("StandardHighHand", "EightOrBetterLowHand")}


@pytest.mark.benchmark(group="razz exact heads-up, 3rd street (As 2d 3c v Kh 7d 8s)")
@pytest.mark.parametrize("threads", [1], ids=["1 thread"])
def test_razz_exact_3rd_studeval(benchmark, threads) -> None:
    """Target <= 50 ms (issue 9). The same count as seven card stud, on ace-to-five lows."""
    r = _run(benchmark, lambda: stud_equity(LOW_HU, game="razz", method="exact", threads=threads), 18_265_297_050)
    assert r.method == "exact" and r.deals == 18_265_297_050


@pytest.mark.benchmark(group="stud8 exact heads-up, 3rd street (As 2d 3c v Kh 7d 8s)")
@pytest.mark.parametrize("threads", [1], ids=["1 thread"])
def test_stud8_exact_3rd_studeval(benchmark, threads) -> None:
    """Target <= 100 ms (issue 9): four one-key counts (high, low, high where nobody has a low),
    and since issue 22 the two-key count of the scoops."""
    r = _run(benchmark, lambda: stud_equity(LOW_HU, game="stud8", method="exact", threads=threads), 18_265_297_050)
    assert r.method == "exact" and r.high is not None and r.low is not None


def _pokerkit_low(game: str, samples: int):
    ranges = [[tuple(pokerkit.Card.parse(h.replace(" ", "")))] for h in LOW_HU]
    types = tuple(getattr(pokerkit, name) for name in _POKERKIT_HANDS[game])
    return pokerkit.calculate_equities(ranges, (), 7, 0, pokerkit.Deck.STANDARD, types, sample_count=samples)


def _pokerkit_against_exact(benchmark, game: str) -> None:
    _need(pokerkit, "pokerkit")
    exact = stud_equity(LOW_HU, game=game, method="exact")
    eq = _run(benchmark, lambda: _pokerkit_low(game, SMALL_DEALS), SMALL_DEALS, rounds=3)
    benchmark.extra_info["error"] = max(abs(a - b) for a, b in zip(eq, exact.equity, strict=True))
    benchmark.extra_info["studeval_stderr_at_equal_deals"] = max(
        stud_equity(LOW_HU, game=game, method="monte-carlo", samples=SMALL_DEALS, seed=1).stderr
    )
    assert abs(sum(eq) - 1) < 1e-9


@pytest.mark.benchmark(group="razz exact heads-up, 3rd street (As 2d 3c v Kh 7d 8s)")
def test_razz_mc_pokerkit(benchmark) -> None:
    """pokerkit's Monte Carlo, 2,000 deals; extra_info['error']: its error against the exact answer."""
    _pokerkit_against_exact(benchmark, "razz")


@pytest.mark.benchmark(group="stud8 exact heads-up, 3rd street (As 2d 3c v Kh 7d 8s)")
def test_stud8_mc_pokerkit(benchmark) -> None:
    """pokerkit's Monte Carlo, 2,000 deals; it also splits a pot that no low qualifies for."""
    _pokerkit_against_exact(benchmark, "stud8")


@pytest.mark.benchmark(group="razz exact heads-up, 3rd street against one up card (As 2d 3c v Kh)")
def test_razz_exact_3rd_vs_door_card_studeval(benchmark) -> None:
    """The rank-multiset count with ace-to-five lows (no flushes to correct)."""
    deals = math.comb(48, 4) * math.comb(44, 6)
    r = _run(benchmark, lambda: stud_equity(["As 2d 3c", "Kh"], game="razz", method="exact", threads=1), deals)
    assert r.method == "exact" and r.deals == deals


# ---------------------------------------------------------------------------------------------
# Small queries (issue 22, item 6): one late-street heads-up question per stud_equity call
# (the direct route), and many match-ups per equity_batch call (extra_info['items']: the
# match-ups of a round, so the rate is match-ups per second). poker-eval's pokenum answers the
# seventh-street query in about 3 µs, the sixth-street one in about 27 µs (issue 22).

LATE_STREETS = {
    "7th": ["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"],
    "6th": ["As Ah Kd 2c 3c 4d", "Qc Qd 7s 8h 9h Th"],
    "5th": ["As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h"],
}
BATCH_ROWS = {"7th": 200_000, "6th": 20_000, "5th": 1_000}


@pytest.mark.benchmark(group="stud7 heads-up, one stud_equity call per query (issue 22, item 6)")
@pytest.mark.parametrize("street", list(LATE_STREETS))
def test_small_query_studeval(benchmark, street) -> None:
    r = _run(benchmark, lambda: stud_equity(LATE_STREETS[street]), 1)
    assert r.method == "exact" and r.deals == {"7th": 1, "6th": 1560, "5th": 671580}[street]


def _late_rows(street: str, rows: int) -> np.ndarray:
    """Random heads-up match-ups of seven card stud with 7, 6 or 5 cards each."""
    k = int(street[0])
    rng = np.random.default_rng(22)
    return np.argsort(rng.random((rows, 52)), axis=1)[:, : 2 * k].reshape(rows, 2, k).astype(np.int8)


@pytest.mark.benchmark(group="stud7 heads-up match-ups through equity_batch (issue 22, item 6)")
@pytest.mark.parametrize("street", list(BATCH_ROWS))
@pytest.mark.parametrize("threads", [1, None], ids=["1 thread", "all cores"])
def test_batch_matchups_studeval(benchmark, street, threads) -> None:
    rows = BATCH_ROWS[street]
    hands = _late_rows(street, rows)
    counts = _run(benchmark, lambda: studeval.equity_batch(hands, threads=threads), rows, rounds=5)
    assert counts.shape == (rows, 2, 4) and (counts[:, 0, 0] == counts[:, 1, 0]).all()


# ---------------------------------------------------------------------------------------------
# Hi-lo scoops exact (issue 22, item 3): the same stud8 third street with the scoops counted
# (target: at most twice the count without them); the count without them (the four one-key
# counts on one thread, what stud_equity did before) and the two-key count alone beside it.

_SCOOPS = "stud8 exact heads-up with scoops, 3rd street (As 2d 3c v Kh 7d 8s)"
_HIGH, _LOW8 = get_game("stud8").pot_codes
_ONE_KEY_RUNS = [
    (_HIGH, _HIGH, None),
    (_LOW8, _LOW8, None),
    ("nolow_min", "nolow_max", 0),
    ("nolow_max", "nolow_min", 1),
]


def _low_hu_deal():
    return stud_deal([parse_cards(h) for h in LOW_HU], get_game("stud8"), [])


@pytest.mark.benchmark(group=_SCOOPS)
@pytest.mark.parametrize("threads", [1, 2], ids=["1 thread", "2 threads"])
def test_stud8_scoops_3rd_studeval(benchmark, threads) -> None:
    """stud_equity: the four one-key counts and the two-key count, on `threads` threads."""
    r = _run(benchmark, lambda: stud_equity(LOW_HU, game="stud8", method="exact", threads=threads), 18_265_297_050)
    assert isinstance(r, HiLoResult) and all(0 < x < 1 for x in r.scoop)


@pytest.mark.benchmark(group=_SCOOPS)
def test_stud8_scoops_3rd_one_key_counts_only(benchmark) -> None:
    """The same count without the scoops: the four one-key counts, one thread."""
    deal = _low_hu_deal()
    _run(benchmark, lambda: [headsup(deal, 1, *run) for run in _ONE_KEY_RUNS], 18_265_297_050)


@pytest.mark.benchmark(group=_SCOOPS)
def test_stud8_scoops_3rd_two_key_count_only(benchmark) -> None:
    """The two-key count alone (pairs beating the other on the high and the low), one thread."""
    deal = _low_hu_deal()
    wins = _run(benchmark, lambda: headsup_scoops(deal, 1), 18_265_297_050)
    assert min(wins) > 0
