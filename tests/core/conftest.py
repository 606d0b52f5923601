"""Fixtures shared by the core tests."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from math import comb

import numpy as np
import pytest

from studeval.evaluate import BEST_VALUE, evaluate_batch

Combinations = Callable[[int, int], Iterator[np.ndarray]]


def _every_hand(all_combinations: Combinations, k: int) -> Iterator[np.ndarray]:
    """Every k-card hand (k >= 3) once, in chunks, one per top card: the (k-2)-subsets of the
    cards below a second card (the first rows of all_combinations(52, k - 2)), each with that
    card and the top one. Built as records, (k-2)-card prefix and two bytes, so a chunk takes
    one copy of its prefixes: about twice as fast as all_combinations(52, k) itself."""
    below = np.vstack(list(all_combinations(52, k - 2)))
    prefixes = below.view(np.dtype((np.void, k - 2))).ravel()
    hand = np.dtype([("below", prefixes.dtype), ("second", np.uint8), ("top", np.uint8)])
    for top in range(k - 1, 52):
        rows = np.empty(comb(top, k - 1), dtype=hand)
        start = 0
        for second in range(k - 2, top):
            block = rows[start : start + comb(second, k - 2)]
            block["below"] = prefixes[: len(block)]
            block["second"], block["top"] = second, top
            start += len(block)
        yield rows.view(np.uint8).reshape(-1, k)


# the kinds counted in one pass over the hands: the default run checks these three on every
# 7-card hand; the 2-7 low's 7-card check is a slow test, so it deals the hands again, alone
PASSES = (("high", "low", "low8"), ("low27",))


# the values are counted in pieces: bincount first copies its input as int64, and the copy of
# a piece stays in the cache (half the time of a copy of a whole chunk of 18 million values)
PIECE = 1 << 16


@functools.cache
def _value_counts(all_combinations: Combinations, k: int, kinds: tuple[str, ...]) -> dict[str, np.ndarray]:
    counts = {kind: np.zeros(BEST_VALUE[kind] + 1, dtype=np.int64) for kind in kinds}
    for rows in _every_hand(all_combinations, k):
        for kind in kinds:
            values = evaluate_batch(rows, kind=kind)
            for start in range(0, len(values), PIECE):
                got = np.bincount(values[start : start + PIECE])
                if len(got) > len(counts[kind]):  # a value above the kind's best: keep it, to be seen
                    counts[kind] = np.pad(counts[kind], (0, len(got) - len(counts[kind])))
                counts[kind][: len(got)] += got
    return counts


def _counts(all_combinations: Combinations, k: int, kind: str) -> np.ndarray:
    kinds = next((kinds for kinds in PASSES if kind in kinds), (kind,))
    return _value_counts(all_combinations, k, kinds)[kind]


@pytest.fixture(scope="session")
def every_hand_counts() -> Callable[[Combinations, int, str], np.ndarray]:
    """``every_hand_counts(all_combinations, k, kind)``: how many of the C(52, k) k-card hands
    the batch kernel gives each value of ``kind`` (index: the value; 0 is no value, as an
    eight-or-better low that does not qualify).

    Each k-card hand is dealt once for the kinds of a pass (PASSES), and each k once per
    session: the tests of test_exhaustive and test_low that check every 7-card hand share one
    pass over the 133,784,560 hands (dealing and counting them cost more than the kernel)."""
    return _counts
