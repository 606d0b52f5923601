"""Every 5-card and every 7-card hand, through the batch API, against the known counts."""

from math import comb

import numpy as np

import studeval
from studeval import HandCategory

# Category of each value, indexed by value (index 0 unused): built from category(), per value.
CATEGORY_OF = np.array([0] + [int(studeval.category(v)) for v in range(1, 7463)], dtype=np.uint8)

FIVE_CARD_COUNTS = {  # the standard counts of the 2,598,960 five-card hands
    HandCategory.HIGH_CARD: 1_302_540,
    HandCategory.PAIR: 1_098_240,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.FLUSH: 5_108,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.STRAIGHT_FLUSH: 40,
}

SIX_CARD_COUNTS = {  # best five of six, over all 20,358,520 six-card hands
    HandCategory.HIGH_CARD: 6_612_900,
    HandCategory.PAIR: 9_730_740,
    HandCategory.TWO_PAIR: 2_532_816,
    HandCategory.THREE_OF_A_KIND: 732_160,
    HandCategory.STRAIGHT: 361_620,
    HandCategory.FLUSH: 205_792,
    HandCategory.FULL_HOUSE: 165_984,
    HandCategory.FOUR_OF_A_KIND: 14_664,
    HandCategory.STRAIGHT_FLUSH: 1_844,
}

SEVEN_CARD_COUNTS = {  # best five of seven, over all 133,784,560 seven-card hands
    HandCategory.HIGH_CARD: 23_294_460,
    HandCategory.PAIR: 58_627_800,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.STRAIGHT_FLUSH: 41_584,
}


def test_all_combinations_helper(all_combinations) -> None:
    for n, k in [(6, 3), (10, 5), (12, 7)]:
        rows = np.vstack(list(all_combinations(n, k)))
        assert rows.shape == (comb(n, k), k)
        assert len({tuple(r) for r in rows.tolist()}) == comb(n, k)
        assert (np.diff(rows.astype(int), axis=1) > 0).all()


def count_all(all_combinations, every_hand_counts, k: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Per-category counts and the set of values seen, over all k-card hands."""
    counts = every_hand_counts(all_combinations, k, "high")
    assert len(counts) == 7463 and counts[0] == 0  # every value is 1..7462
    by_category = np.bincount(CATEGORY_OF, weights=counts, minlength=9).astype(np.int64)
    return by_category, counts > 0, int(counts.sum())


def test_every_five_card_hand(all_combinations, every_hand_counts) -> None:
    by_category, seen, total = count_all(all_combinations, every_hand_counts, 5)
    assert total == 2_598_960
    assert {HandCategory(i): int(n) for i, n in enumerate(by_category)} == FIVE_CARD_COUNTS
    assert seen[1:].all(), "every one of the 7462 values is made by some hand"


def test_every_six_card_hand(all_combinations, every_hand_counts) -> None:
    by_category, seen, total = count_all(all_combinations, every_hand_counts, 6)
    assert total == 20_358_520
    assert {HandCategory(i): int(n) for i, n in enumerate(by_category)} == SIX_CARD_COUNTS
    assert by_category.sum() == total


def test_every_seven_card_hand(all_combinations, every_hand_counts) -> None:
    by_category, seen, total = count_all(all_combinations, every_hand_counts, 7)
    assert total == 133_784_560
    assert {HandCategory(i): int(n) for i, n in enumerate(by_category)} == SEVEN_CARD_COUNTS
    assert int(seen.sum()) == 4824  # distinct values among best-of-seven hands
