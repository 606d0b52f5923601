"""Equity on random deals: exact equals brute force, and swapping players swaps the result."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studeval import evaluate
from studeval._reference import brute_force_equity
from studeval.equity import holdem_equity, stud_equity

# Random late-street deals: exact equals brute force, and swapping players swaps the result

_deal = st.permutations(range(52)).flatmap(
    lambda deck: st.tuples(st.just(deck), st.integers(5, 7), st.integers(5, 7), st.integers(8, 26))
)


@settings(max_examples=40, deadline=None)
@given(_deal)
def test_random_late_streets_equal_brute_force(deal) -> None:
    deck, ka, kb, nd = deal
    a, b, dead = deck[:ka], deck[ka : ka + kb], deck[ka + kb : ka + kb + nd]
    b_ = brute_force_equity([a, b], dead=dead)  # the slow oracle: every deal listed
    counts, total = [b_.win[0] * b_.deals, b_.win[1] * b_.deals, b_.tie[0] * b_.deals], b_.deals
    r = stud_equity([a, b], dead=dead)
    assert r.method == "exact" and r.deals == total
    assert r.win[0] == pytest.approx(counts[0] / total, abs=1e-12)
    assert r.win[1] == pytest.approx(counts[1] / total, abs=1e-12)
    assert r.tie[0] == pytest.approx(counts[2] / total, abs=1e-12)
    s = stud_equity([b, a], dead=dead)
    assert s.equity == pytest.approx(r.equity[::-1], abs=1e-12)


_five = st.permutations(range(52)).flatmap(
    lambda deck: st.tuples(st.just(deck), st.integers(2, 5), st.integers(2, 5), st.integers(0, 30))
)


@settings(max_examples=30, deadline=None)
@given(_five)
def test_random_five_card_stud_equals_brute_force(deal) -> None:
    deck, ka, kb, nd = deal
    a, b, dead = deck[:ka], deck[ka : ka + kb], deck[ka + kb : ka + kb + nd]
    live = deck[ka + kb + nd :]
    ra, rb = 5 - ka, 5 - kb
    if math.comb(len(live), ra) * math.comb(len(live), rb) > 400_000:
        nd = 52 - ka - kb - 18  # keep the brute force small: 18 live cards
        dead, live = deck[ka + kb : ka + kb + nd], deck[ka + kb + nd :]
    b_ = brute_force_equity([a, b], game="five", dead=dead)  # the slow oracle: every deal listed
    counts, total = [b_.win[0] * b_.deals, b_.win[1] * b_.deals, b_.tie[0] * b_.deals], b_.deals
    r = stud_equity([a, b], game="five", dead=dead, method="exact")
    assert r.deals == total
    assert r.win[0] == pytest.approx(counts[0] / total, abs=1e-12)
    assert r.tie[1] == pytest.approx(counts[2] / total, abs=1e-12)


_three_way = st.permutations(range(52)).flatmap(
    lambda deck: st.tuples(st.just(deck), st.lists(st.integers(6, 7), min_size=3, max_size=3), st.integers(8, 20))
)


@settings(max_examples=15, deadline=None)
@given(_three_way)
def test_random_three_way_seventh_street_equals_brute_force(deal) -> None:
    deck, sizes, nd = deal
    hands, at = [], 0
    for k in sizes:
        hands.append(deck[at : at + k])
        at += k
    dead, live = deck[at : at + nd], deck[at + nd :]
    shares = [0.0, 0.0, 0.0]
    deals = 0

    def walk(p, avail, values):
        nonlocal deals
        if p == 3:
            deals += 1
            best = max(values)
            for i, v in enumerate(values):
                if v == best:
                    shares[i] += 1 / values.count(best)
            return
        for combo in itertools.combinations(avail, 7 - len(hands[p])):
            walk(p + 1, [c for c in avail if c not in combo], values + [evaluate(hands[p] + list(combo))])

    walk(0, live, [])
    r = stud_equity(hands, dead=dead, method="exact")
    assert r.deals == deals
    for i in range(3):
        assert r.equity[i] == pytest.approx(shares[i] / deals, abs=1e-9)


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(52)), st.integers(3, 5))
def test_random_holdem_late_streets_equal_brute_force(deck, nboard) -> None:
    a, b, board, live = deck[0:2], deck[2:4], deck[4 : 4 + nboard], deck[4 + nboard :]
    counts = [0, 0, 0]
    for rest in itertools.combinations(live, 5 - nboard):
        full = board + list(rest)
        va, vb = evaluate(a + full), evaluate(b + full)
        counts[0 if va > vb else 1 if vb > va else 2] += 1
    r = holdem_equity([a, b], board=board)
    assert r.method == "exact" and r.deals == sum(counts)
    assert r.win[0] == pytest.approx(counts[0] / sum(counts), abs=1e-12)
    assert r.tie[0] == pytest.approx(counts[2] / sum(counts), abs=1e-12)
