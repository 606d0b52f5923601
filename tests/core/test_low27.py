"""The deuce-to-seven low (2-7 razz) against its own slow reference (ranked by the 2-7 rules,
not through the high tables): exhaustive counts over every 5- and 7-card hand made by
combinatorics over rank multisets and flush suits, random hands, the batch and the helpers."""

from __future__ import annotations

import functools
import itertools
from math import comb, prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studeval import _reference as reference
from studeval import games
from studeval.cards import format_card
from studeval.evaluate import (
    BEST_VALUE,
    KINDS,
    STUD_GAMES,
    best_five_low27,
    bring_in_card,
    describe_low27,
    evaluate,
    evaluate_batch,
    evaluate_low27,
    showing_rank_low27,
)

hands = st.integers(min_value=5, max_value=7).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
)


def test_kinds_and_games_come_from_one_place() -> None:
    assert KINDS == games.KINDS
    assert STUD_GAMES is games.STUD_GAMES
    assert BEST_VALUE["low27"] == len(reference.all_low27_classes()) == 7462


@settings(max_examples=400, deadline=None)
@given(hands)
def test_matches_reference(cards) -> None:
    assert evaluate_low27(cards) == reference.evaluate_low27(cards)


def flush_rows(n: int, seed: int) -> np.ndarray:
    """Hands of 5, 6 or 7 cards (in the columns 0..k-1 of each row's k) where one suit holds
    five or more: the kernel's exact path, about 3% of random hands, here all of them."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        k, suit = int(rng.integers(5, 8)), int(rng.integers(4))
        suited = int(rng.integers(5, k + 1))
        ranks = rng.choice(13, size=suited, replace=False)
        others = rng.choice([c for c in range(52) if c & 3 != suit], size=k - suited, replace=False)
        out.append([4 * int(r) + suit for r in ranks] + [int(c) for c in others])
    return out


def test_flush_hands_match_reference() -> None:
    for k in (5, 6, 7):
        rows = [h for h in flush_rows(3000, k) if len(h) == k]
        batch = evaluate_batch(np.array(rows, dtype=np.uint8), kind="low27").tolist()
        for row, v in zip(rows, batch, strict=True):
            assert v == evaluate_low27(row) == reference.evaluate_low27(row)


def random_rows(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_match_reference(k: int) -> None:
    rows = random_rows(3000, k, 200 + k)
    values = evaluate_batch(rows, kind="low27")
    for row, v in zip(rows.tolist(), values.tolist(), strict=True):
        assert v == reference.evaluate_low27(row)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("check", [True, False])
def test_batch_equals_scalar(k: int, check: bool) -> None:
    rows = random_rows(20000, k, 30 + k)
    values = evaluate_batch(rows, check=check, kind="low27")
    assert values.dtype == np.uint16 and values.shape == (20000,)
    assert values.tolist() == [evaluate_low27(r) for r in rows.tolist()]


def test_threads_agree_with_one_thread() -> None:
    rows = random_rows(200_000, 7, 19)
    one = evaluate_batch(rows, threads=1, kind="low27")
    for threads in (2, 3, None):
        assert np.array_equal(evaluate_batch(rows, threads=threads, kind="low27"), one)


def test_batch_refuses_bad_rows() -> None:
    rows = random_rows(10, 7, 3)
    rows[4, 2] = rows[4, 5]
    with pytest.raises(ValueError, match="row 4"):
        evaluate_batch(rows, kind="low27")
    unchecked = evaluate_batch(rows, kind="low27", check=False)  # a repeat: some value, in range
    assert unchecked.min() >= 1 and unchecked.max() <= 7462
    rows[4, 2] = 52
    with pytest.raises(ValueError, match="row 4"):
        evaluate_batch(rows, kind="low27", check=False)


def test_batch_options_are_keywords() -> None:
    with pytest.raises(TypeError):
        evaluate_batch(random_rows(3, 7, 1), 1)  # type: ignore[misc]


# ---------------------------------------------------------------------------------------------
# Exhaustive: every k-card hand through the batch kernel, against counts made without it. A
# rank multiset (c_0..c_12) is dealt in prod(C(4, c_r)) ways. Seven cards put five in one suit
# in at most one suit; a hand whose suit s holds exactly the ranks F (|F| >= 5) is dealt in
# prod over F of C(3, c_r - 1) times prod over the others of C(3, c_r) ways per suit, and its
# low is the reference low of one such hand. The other hands have the reference low of the
# rank multiset with no five cards of a suit.


@functools.cache
def five_low27(ranks: tuple[int, ...], flush: bool) -> int:
    """Reference 2-7 value of five sorted ranks, all of one suit or not."""
    cards = tuple(4 * r + (0 if flush else i % 4) for i, r in enumerate(ranks))
    return reference.low27_class_value()[reference.five_card_low27_class(cards)]


def multiset_counts(k: int) -> np.ndarray:
    counts_by_value = np.zeros(7463, dtype=np.int64)
    for combo in itertools.combinations_with_replacement(range(13), k):
        counts = [combo.count(r) for r in range(13)]
        if max(counts) > 4:
            continue
        ways = prod(comb(4, c) for c in counts)
        distinct = sorted(set(combo))
        for size in range(5, len(distinct) + 1):
            for flush_ranks in itertools.combinations(distinct, size):
                f = set(flush_ranks)
                per_suit = prod(comb(3, counts[r] - (r in f)) for r in distinct)
                if not per_suit:
                    continue
                # one such hand: F in clubs, the other cards spread over the other suits
                cards = [4 * r for r in flush_ranks]
                for r in distinct:
                    cards += [4 * r + 1 + i for i in range(counts[r] - (r in f))]
                # (rank, suit) sorted: a subset is a flush when all five are clubs (suit 0)
                best = max(
                    five_low27(tuple(r for r, _ in sub), not any(s for _, s in sub))
                    for sub in itertools.combinations(sorted((c >> 2, c & 3) for c in cards), 5)
                )
                counts_by_value[best] += 4 * per_suit
                ways -= 4 * per_suit
        best = max(five_low27(sub, False) for sub in set(itertools.combinations(combo, 5)))
        counts_by_value[best] += ways
    return counts_by_value


@pytest.mark.parametrize("k", [5, pytest.param(7, marks=pytest.mark.slow)])  # 7: about 30 s
def test_every_hand(all_combinations, every_hand_counts, k: int) -> None:
    got = every_hand_counts(all_combinations, k, "low27")
    assert len(got) == 7463  # no value above the best low
    total = int(got.sum())
    assert total == comb(52, k)
    want = multiset_counts(k)
    assert int(want.sum()) == total
    assert np.array_equal(got, want)
    if k == 5:
        assert (got[1:] > 0).all(), "every one of the 7462 lows is made by some five cards"


def test_five_cards_remap_the_high_value() -> None:
    # of five cards the 2-7 order is the high order reversed, but for the wheels (ace high)
    rows = random_rows(50_000, 5, 8)
    high = evaluate_batch(rows).astype(np.int64)
    low27 = evaluate_batch(rows, kind="low27").astype(np.int64)
    wheel = np.array([set(r) == {12, 3, 2, 1, 0} for r in (rows >> 2).tolist()])
    plain = ~wheel
    order = np.argsort(high[plain], kind="stable")
    assert (np.diff(low27[plain][order]) <= 0).all()
    assert wheel.any()


# ---------------------------------------------------------------------------------------------
# Known lows and the helpers


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c"),  # the second card decides
        ("7c 6d 4h 3s 2c", "8c 5d 4h 3s 2c"),
        ("8c 6d 5h 4s 2c", "8c 6d 5h 4s 3c"),
        ("Kc Qd Jh Ts 8c", "Ac 5d 4h 3s 2c"),  # the ace is high: A-5-4-3-2 is ace high
        ("Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c"),  # any no-pair low beats a pair
        ("2c 2d 5h 4s 3c", "2c 2d 3h 3s 4c"),
        ("8c 7d 6h 5s 3c", "6c 5d 4h 3s 2c"),  # a straight counts against
        ("8c 6d 5h 4s 2d", "7c 5c 4c 3c 2c"),  # a flush counts against
        ("Ac Kd Qh Js Tc", "7c 5c 4c 3c 2c"),  # a straight is better than a flush
        ("Kc Kd Kh 5c 5d", "6c 5c 4c 3c 2c"),
    ],
)
def test_low27_order(better: str, worse: str) -> None:
    assert evaluate_low27(better) > evaluate_low27(worse)


def test_low27_extremes() -> None:
    assert evaluate_low27("7c 5d 4h 3s 2c") == 7462
    assert evaluate_low27("As Ks Qs Js Ts") == 1
    assert evaluate_low27("7c 5c 4c 3c 2c 9d 9h") == evaluate_low27("9c 7c 5c 4c 3c 2c 9d") < 7462
    assert evaluate_low27("7c 5c 4c 3c 2c 8d") == evaluate_low27("8d 5c 4c 3c 2c")


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("7h 5c 4d 3h 2s Kd Kh", "Seven low: 7-5-4-3-2"),
        ("5c 4d 3h 2s Ac", "Ace high: A-5-4-3-2"),
        ("6h 6c 4d 3h 2s", "Pair of sixes: 6-6-4-3-2"),
        ("9h 9c 4d 4h As", "Two pair, nines and fours: 9-9-4-4-A"),
        ("Tc Td Th 2s Ac", "Three of a kind, tens: T-T-T-A-2"),
        ("9c 8d 7h 6s 5c", "Straight, nine high: 9-8-7-6-5"),
        ("9c 7c 5c 3c 2c", "Flush, nine high: 9-7-5-3-2"),
        ("Kc Kd Kh Qs Qc", "Full house, kings full of queens: K-K-K-Q-Q"),
        ("Kc Kd Kh Ks Qc", "Four of a kind, kings: K-K-K-K-Q"),
        ("6d 5d 4d 3d 2d", "Straight flush, six high: 6-5-4-3-2"),
        ("Ad Kd Qd Jd Td", "Royal flush: A-K-Q-J-T"),
    ],
)
def test_describe_low27(cards: str, text: str) -> None:
    assert describe_low27(evaluate_low27(cards)) == text


def test_describe_low27_text_makes_that_low() -> None:
    texts = [describe_low27(v) for v in range(1, 7463)]
    assert len(set(texts)) == 7462
    for v in range(1, 7463, 37):
        name, ranks = texts[v - 1].split(": ")
        suited = name.startswith(("Flush", "Straight flush", "Royal"))
        suits = itertools.cycle("c" if suited else "cdhs")
        assert evaluate_low27(" ".join(r + next(suits) for r in ranks.split("-"))) == v


@pytest.mark.parametrize(("value", "error"), [(0, ValueError), (7463, ValueError), (True, TypeError), ("5", TypeError)])
def test_describe_low27_refuses(value, error) -> None:
    with pytest.raises(error):
        describe_low27(value)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_best_five_low27_makes_the_low(cards) -> None:
    five = best_five_low27(cards)
    assert len(five) == 5 and set(five) <= set(cards)
    assert evaluate_low27(five) == evaluate_low27(cards)


@pytest.mark.parametrize(
    "bad", ["As Ks", "As Ks Qs Js Ts 9s 8s 7s", "As As Ks Qs Js", {51: 1, 47: 2, 43: 3, 39: 4, 35: 5}, None, 3.5]
)
def test_low27_refuses_bad_hands(bad) -> None:
    for fn in (evaluate_low27, best_five_low27):
        with pytest.raises((ValueError, TypeError)):
            fn(bad)


up_cards = st.integers(1, 4).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))


@settings(max_examples=400, deadline=None)
@given(up_cards, up_cards)
def test_showing_rank_low27_against_the_group_order(a, b) -> None:
    # written out from the rule: fewer and smaller groups first (no pair, a pair, two pair,
    # trips, quads), then the ranks from the largest group and highest down, smaller better
    if len(a) != len(b):
        return

    def key(cards: list[int]) -> tuple[int, ...]:
        groups = sorted(
            {c >> 2: [x >> 2 for x in cards].count(c >> 2) for c in cards}.items(), key=lambda kv: (kv[1], kv[0])
        )
        shape = sorted((n for _, n in groups), reverse=True)
        category = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (4,): 4}[tuple(n for n in shape if n > 1) or (1,)]
        return (
            category,
            *sorted((r for r, n in groups for _ in range(n)), key=lambda r: (-[x >> 2 for x in cards].count(r), -r)),
        )

    ka, kb = key(a), key(b)
    ours = showing_rank_low27(a) - showing_rank_low27(b)
    assert (ka < kb) == (ours > 0) and (ka == kb) == (ours == 0)


def test_showing_rank_low27_examples() -> None:
    assert showing_rank_low27("2c") > showing_rank_low27("Kd") > showing_rank_low27("As")
    assert showing_rank_low27("7c 2d") > showing_rank_low27("As 2d") > showing_rank_low27("2c 2d")
    assert showing_rank_low27("6c 5c 4c 3c") == showing_rank_low27("6d 5h 4s 3c")  # no straight or flush up
    assert showing_rank_low27("8c 5d 3h") == showing_rank_low27("8s 3c 5h")
    with pytest.raises(ValueError, match="1 to 4"):
        showing_rank_low27("As 2s 3s 4s 5s")


def test_bring_in_card_reads_the_registry() -> None:
    rng = np.random.default_rng(6)
    for _ in range(200):
        doors = rng.choice(52, size=int(rng.integers(2, 9)), replace=False).tolist()
        for name in STUD_GAMES:
            g = games.get_game(name)
            letters = "A23456789TJQK" if g.aces == "low" else "23456789TJQKA"
            order = sorted(
                doors, key=lambda c, o=letters: (o.index(format_card(c)[0]), "cdhs".index(format_card(c)[1]))
            )
            assert bring_in_card(doors, name) == (order[0] if g.bring_in == "lowest" else order[-1])
    assert format_card(bring_in_card("Kd Kh 2c As", game="razz27")) == "As"
    assert format_card(bring_in_card("Kd Kh 2c As", game="stud_hilo")) == "2c"


def test_high_is_untouched_by_low27() -> None:
    assert evaluate("As Ks Qs Js Ts") == 7462


def test_order_agrees_with_pokerkit() -> None:
    # a third opinion: pokerkit's deuce-to-seven hands (StandardLowHand), best of the cards
    pokerkit = pytest.importorskip("pokerkit")
    rows = random_rows(400, 7, 41).tolist()
    rows += flush_rows(200, 42)
    ours = [evaluate_low27(r) for r in rows]
    theirs = [pokerkit.StandardLowHand.from_game("".join(format_card(c) for c in r)) for r in rows]
    for i in range(len(rows) - 1):
        a, b = theirs[i], theirs[i + 1]
        # pokerkit orders low hands so that a better low compares greater
        assert (ours[i] > ours[i + 1]) == (a > b) and (ours[i] == ours[i + 1]) == (a == b), (rows[i], rows[i + 1])
