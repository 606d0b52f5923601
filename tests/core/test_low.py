"""The low evaluators (ace-to-five and eight-or-better) against the slow reference, exhaustive
counts made by combinatorics over rank multisets, and the razz helpers around them."""

from __future__ import annotations

import functools
import itertools
from math import comb, prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studeval import _reference as reference
from studeval.cards import format_card, format_cards, parse_cards
from studeval.evaluate import (
    best_five_low,
    bring_in_card,
    describe_low,
    evaluate_batch,
    evaluate_low,
    evaluate_low8,
    showing_rank_low,
)

hands = st.integers(min_value=5, max_value=7).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
)


@settings(max_examples=1500, deadline=None)
@given(hands)
def test_matches_reference(cards) -> None:
    assert evaluate_low(cards) == reference.evaluate_low(cards)
    assert evaluate_low8(cards) == reference.evaluate_low8(cards)


def random_rows(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_match_reference(k: int) -> None:
    rows = random_rows(3000, k, 100 + k)
    low = evaluate_batch(rows, kind="low")
    low8 = evaluate_batch(rows, kind="low8")
    for row, a, b in zip(rows.tolist(), low.tolist(), low8.tolist(), strict=True):
        assert a == reference.evaluate_low(row)
        assert b == reference.evaluate_low8(row)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("kind", ["low", "low8"])
@pytest.mark.parametrize("check", [True, False])
def test_batch_equals_scalar(k: int, kind: str, check: bool) -> None:
    rows = random_rows(20000, k, k)
    values = evaluate_batch(rows, check=check, kind=kind)
    assert values.dtype == np.uint16 and values.shape == (20000,)
    scalar = evaluate_low if kind == "low" else evaluate_low8
    assert values.tolist() == [scalar(r) for r in rows.tolist()]


@pytest.mark.parametrize("kind", ["high", "low", "low8"])
def test_threads_agree_with_one_thread(kind: str) -> None:
    rows = random_rows(200_000, 7, 9)
    one = evaluate_batch(rows, threads=1, kind=kind)
    for threads in (2, 3, None):
        assert np.array_equal(evaluate_batch(rows, threads=threads, kind=kind), one)


@pytest.mark.parametrize("kind", ["low", "low8"])
def test_batch_refuses_bad_rows(kind: str) -> None:
    rows = random_rows(10, 7, 3)
    rows[4, 2] = rows[4, 5]
    with pytest.raises(ValueError, match="row 4"):
        evaluate_batch(rows, kind=kind)
    rows[4, 2] = 52
    with pytest.raises(ValueError, match="row 4"):
        evaluate_batch(rows, kind=kind, check=False)


@pytest.mark.parametrize(
    ("kind", "error"), [("mid", ValueError), ("LOW", ValueError), (1, TypeError), (None, TypeError)]
)
def test_batch_refuses_unknown_kind(kind, error) -> None:
    with pytest.raises(error, match="kind"):
        evaluate_batch(random_rows(3, 7, 1), kind=kind)


# ---------------------------------------------------------------------------------------------
# Exhaustive: every k-card hand through the batch kernel, against counts made without it.
# A rank multiset (c_0..c_12) is dealt in prod(C(4, c_r)) ways; its low is the reference low
# of any one hand with those ranks (suits do not matter to a low).


@functools.cache
def low_class_of_ranks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The reference low class of five ranks (cached: every multiset of 6 or 7 asks again)."""
    return reference.five_card_low_class(tuple(4 * r for r in ranks))


@functools.cache
def low8_of_ranks(ranks: frozenset[int]) -> int:
    """The eight-or-better low depends on the set of distinct ranks only."""
    return reference.evaluate_low8([4 * r for r in ranks]) if len(ranks) >= 5 else 0


def multiset_counts(k: int) -> tuple[np.ndarray, np.ndarray]:
    """Histograms of the low and of the eight-or-better low over all k-card hands."""
    low = np.zeros(6176, dtype=np.int64)
    low8 = np.zeros(57, dtype=np.int64)
    value = reference.low_class_value()
    for combo in itertools.combinations_with_replacement(range(13), k):
        counts = [combo.count(r) for r in range(13)]
        if max(counts) > 4:
            continue
        ways = prod(comb(4, c) for c in counts)
        # the best of the five-card lows of the sub-multisets (suits do not matter to a low)
        subs = set(itertools.combinations(combo, 5))
        best = min(low_class_of_ranks(sub) for sub in subs)
        low[value[best]] += ways
        low8[low8_of_ranks(frozenset(combo))] += ways
    return low, low8


def batch_counts(all_combinations, every_hand_counts, k: int) -> tuple[np.ndarray, np.ndarray, int]:
    low, low8 = every_hand_counts(all_combinations, k, "low"), every_hand_counts(all_combinations, k, "low8")
    assert len(low) == 6176 and len(low8) == 57  # no value above the best low
    return low, low8, int(low.sum())


def qualifying_counts(k: int) -> tuple[int, int]:
    """(hands with an eight-or-better low, hands holding a wheel) among k-card hands, by a
    generating function: a polynomial in the number of cards per set of distinct low ranks."""
    # poly[d][m]: ways to pick m cards holding exactly d distinct ranks among the eight lows
    poly = [[0] * (k + 1) for _ in range(9)]
    poly[0][0] = 1
    for _ in range(8):  # each low rank: no card, or 1..4 of its 4 cards
        new = [[0] * (k + 1) for _ in range(9)]
        for d in range(9):
            for m in range(k + 1):
                if poly[d][m]:
                    new[d][m] += poly[d][m]
                    for j in range(1, 5):
                        if m + j <= k and d + 1 <= 8:
                            new[d + 1][m + j] += poly[d][m] * comb(4, j)
        poly = new
    high_cards = 52 - 32
    qualify = sum(poly[d][m] * comb(high_cards, k - m) for d in range(5, 9) for m in range(k + 1))
    # a wheel: at least one card of each of A, 2, 3, 4, 5; inclusion-exclusion over missing ranks
    wheel = sum((-1) ** j * comb(5, j) * comb(52 - 4 * j, k) for j in range(6))
    return qualify, wheel


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_hand(all_combinations, every_hand_counts, k: int) -> None:
    low, low8, total = batch_counts(all_combinations, every_hand_counts, k)
    assert total == comb(52, k)
    want_low, want_low8 = multiset_counts(k)
    assert np.array_equal(low, want_low)
    assert np.array_equal(low8, want_low8)
    qualify, wheel = qualifying_counts(k)
    assert int(low8[1:].sum()) == qualify
    assert int(low8[56]) == wheel == int(low[6175])
    if k == 5:
        assert (low[1:] > 0).all(), "every one of the 6175 lows is made by some five cards"
        assert (low8[1:] == 4**5).all()  # five different ranks: 4^5 suitings each


def test_generating_function_against_brute_force(all_combinations) -> None:
    # the independent count itself, checked on a small case by enumerating 5-card hands: a
    # hand qualifies when its cards hold five different ranks among the eight lows
    qualify, wheel = qualifying_counts(5)
    lows = [0, 1, 2, 3, 4, 5, 6, 12]  # ace-high ranks 12 (ace), 0..6 (deuce..eight)
    low_bits = np.zeros(52, dtype=np.uint16)  # each card's bit among the low ranks (0: not low)
    for r in lows:
        low_bits[4 * r : 4 * r + 4] = 1 << r
    size = np.array([bin(m).count("1") for m in range(1 << 13)])  # how many ranks a set holds
    brute = 0
    for rows in all_combinations(52, 5):
        held = np.bitwise_or.reduce(low_bits[rows], axis=1)  # the set of low ranks of each hand
        brute += int(np.count_nonzero(size[held] == 5))
    assert qualify == brute == 56 * 4**5
    assert wheel == 4**5


# ---------------------------------------------------------------------------------------------
# Known lows


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("5c 4d 3h 2s Ac", "6c 4d 3h 2s Ac"),  # the wheel is the best low
        ("6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac"),
        ("7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c"),  # the second card decides
        ("8c 7d 6h 5s 4c", "9c 4d 3h 2s Ac"),
        ("Kc Qd Jh Ts 9c", "Ac Ad 2h 3s 4c"),  # any no-pair low beats a pair
        ("Ac Ad 4h 3s 2c", "2c 2d Ah 3s 4c"),  # aces are the lowest pair
        ("2c 2d 5h 4s 3c", "2c 2d 3h 3s 4c"),  # a pair beats two pair
        ("5c 4c 3c 2c Ac", "6c 4d 3h 2s Ac"),  # the flush does not count
    ],
)
def test_low_order(better: str, worse: str) -> None:
    assert evaluate_low(better) > evaluate_low(worse)


def test_low_extremes() -> None:
    assert evaluate_low("5c 4d 3h 2s Ac") == 6175
    assert evaluate_low("Kc Kd Kh Ks Qc") == 1
    assert evaluate_low8("5c 4d 3h 2s Ac Kd Kh") == 56
    assert evaluate_low8("8c 7d 6h 5s 4c") == 1
    assert evaluate_low8("9c 7d 6h 5s 4c") == 0
    assert evaluate_low8("Ac Ad 2c 2d 3c 3d 4c") == 0  # four ranks only
    assert evaluate_low8("Ac Ad 2c 2d 3c 3d 8c") == 0  # A, 2, 3, 8: four ranks
    assert evaluate_low8("Ac Ad 2c 2d 3c 4d 8c") == evaluate_low8("8c 4d 3h 2s Ac") > 0


def test_low8_is_the_low_when_it_qualifies() -> None:
    # the eight-or-better order is the ace-to-five order among the 56 qualifying lows
    # every low of five of the eight cards As 2c .. 8c (suits do not matter to a low)
    qualifying = sorted({evaluate_low(h) for h in itertools.combinations([51, 0, 4, 8, 12, 16, 20, 24], 5)})
    assert len(qualifying) == 56
    rows = random_rows(50_000, 7, 77)
    low = evaluate_batch(rows, kind="low").tolist()
    low8 = evaluate_batch(rows, kind="low8").tolist()
    index = {v: i + 1 for i, v in enumerate(qualifying)}
    for a, b in zip(low, low8, strict=True):
        assert b == index.get(a, 0)


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("7h 5c 4d 3h As Kd Kh", "Seven low: 7-5-4-3-A"),
        ("5c 4d 3h 2s Ac", "Five low: 5-4-3-2-A"),
        ("6h 6c 4d 3h As", "Pair of sixes: 6-6-4-3-A"),
        ("Ah Ac 4d 3h 2s", "Pair of aces: A-A-4-3-2"),
        ("9h 9c 4d 4h As", "Two pair, nines and fours: 9-9-4-4-A"),
        ("Kc Kd Kh Qs Qc", "Full house, kings full of queens: K-K-K-Q-Q"),
        ("Kc Kd Kh Ks Qc", "Four of a kind, kings: K-K-K-K-Q"),
        ("Tc Td Th 2s Ac", "Three of a kind, tens: T-T-T-2-A"),
    ],
)
def test_describe_low(cards: str, text: str) -> None:
    assert describe_low(evaluate_low(cards)) == text


def test_describe_low_names_every_value_once() -> None:
    texts = [describe_low(v) for v in range(1, 6176)]
    assert len(set(texts)) == 6175
    # the ranks in the text make a hand with exactly that low
    for v in range(1, 6176, 97):
        ranks = texts[v - 1].split(": ")[1].split("-")
        suits = itertools.cycle("cdhs")
        assert evaluate_low(" ".join(r + next(suits) for r in ranks)) == v


@pytest.mark.parametrize("value", [0, 6176, -1])
def test_describe_low_refuses_out_of_range(value: int) -> None:
    with pytest.raises(ValueError, match=str(value)):
        describe_low(value)


@pytest.mark.parametrize("value", [True, 1.0, "5"])
def test_describe_low_refuses_non_ints(value) -> None:
    with pytest.raises(TypeError):
        describe_low(value)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_best_five_low_makes_the_low(cards) -> None:
    five = best_five_low(cards)
    assert len(five) == 5 and set(five) <= set(cards)
    assert evaluate_low(five) == evaluate_low(cards)


def test_best_five_low_order() -> None:
    assert format_cards(best_five_low("Kh 7c 5d 4h 3s As 7d")) == "7c 5d 4h 3s As"
    assert format_cards(best_five_low("9h 9c 4d 3h 2s")) == "9c 9h 4d 3h 2s"


# ---------------------------------------------------------------------------------------------
# Razz: who shows the best low acts first, who shows the highest card brings in

up_cards = st.integers(1, 4).flatmap(
    lambda n: st.lists(
        st.sampled_from([c for c in range(52) if c >> 2 <= 7 or c >> 2 == 12]), min_size=n, max_size=n, unique=True
    )
)
PAD = [44, 40, 36, 32]  # Kc Qc Jc Tc: above every card the up cards may hold


@settings(max_examples=400, deadline=None)
@given(up_cards, up_cards)
def test_showing_rank_low_against_padded_reference(a, b) -> None:
    # padded with the same high cards to five, the up cards compare as five-card lows do
    if len(a) != len(b):
        return
    pad = PAD[: 5 - len(a)]
    ref = reference.evaluate_low(a + pad) - reference.evaluate_low(b + pad)
    ours = showing_rank_low(a) - showing_rank_low(b)
    assert (ref > 0) == (ours > 0) and (ref == 0) == (ours == 0)


def test_showing_rank_low_examples() -> None:
    assert showing_rank_low("As") > showing_rank_low("2c") > showing_rank_low("Ks")
    assert showing_rank_low("As 4d") > showing_rank_low("7h 2c") > showing_rank_low("Kc Qd") > showing_rank_low("2c 2d")
    assert showing_rank_low("8c 5d 3h") == showing_rank_low("8s 3c 5h")
    assert showing_rank_low("Kc Qd Jh Ts") > showing_rank_low("Ac Ad 2c 3d")
    with pytest.raises(ValueError, match="1 to 4"):
        showing_rank_low("As 2s 3s 4s 5s")


@pytest.mark.parametrize(
    ("doors", "game", "brings_in"),
    [
        ("Kd 2h 2c As", "seven", "2c"),
        ("Kd 2h 2c As", "stud8", "2c"),
        ("Kd 3h 3c As", "five", "3c"),
        ("Kd Kh 2c As", "razz", "Kh"),
        ("Kd Ks 2c As", "razz", "Ks"),
        ("Qd Jh 2c As", "razz", "Qd"),
        ("As Ah 2c", "razz", "2c"),  # the ace is low: the deuce is the highest card here
        ("Ac Ah", "razz", "Ah"),
    ],
)
def test_bring_in_card(doors: str, game: str, brings_in: str) -> None:
    assert format_card(bring_in_card(doors, game=game)) == brings_in


def test_bring_in_card_against_a_sort() -> None:
    rng = np.random.default_rng(5)
    for _ in range(200):
        doors = rng.choice(52, size=int(rng.integers(2, 9)), replace=False).tolist()
        razz = sorted(doors, key=lambda c: ("A23456789TJQK".index(format_card(c)[0]), "cdhs".index(format_card(c)[1])))
        high = sorted(doors, key=lambda c: ("23456789TJQKA".index(format_card(c)[0]), "cdhs".index(format_card(c)[1])))
        assert bring_in_card(doors, "razz") == razz[-1]
        assert bring_in_card(doors, "seven") == high[0]


@pytest.mark.parametrize(
    ("doors", "game", "error"),
    [("As", "holdem", ValueError), ([], "razz", ValueError), ("As As", "razz", ValueError), (None, "seven", TypeError)],
)
def test_bring_in_card_refuses(doors, game, error) -> None:
    with pytest.raises(error):
        bring_in_card(doors, game)


@pytest.mark.parametrize(
    "bad", ["As Ks", "As Ks Qs Js Ts 9s 8s 7s", "As As Ks Qs Js", {51: 1, 47: 2, 43: 3, 39: 4, 35: 5}]
)
def test_low_refuses_bad_hands(bad) -> None:
    for fn in (evaluate_low, evaluate_low8, best_five_low):
        with pytest.raises((ValueError, TypeError)):
            fn(bad)


def test_parse_cards_still_reads_what_it_did() -> None:
    assert parse_cards("As Kd") == [51, 45]
