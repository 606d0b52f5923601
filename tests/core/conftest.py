"""Fixtures shared by the core tests."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

import numpy as np
import pytest

from studeval.evaluate import BEST_VALUE, KINDS, evaluate_batch

Combinations = Callable[[int, int], Iterator[np.ndarray]]


@functools.cache
def _value_counts(all_combinations: Combinations, k: int) -> dict[str, np.ndarray]:
    counts = {kind: np.zeros(BEST_VALUE[kind] + 1, dtype=np.int64) for kind in KINDS}
    for rows in all_combinations(52, k):
        for kind in KINDS:
            got = np.bincount(evaluate_batch(rows, kind=kind))
            if len(got) > len(counts[kind]):  # a value above the kind's best: keep it, to be seen
                counts[kind] = np.pad(counts[kind], (0, len(got) - len(counts[kind])))
            counts[kind][: len(got)] += got
    return counts


@pytest.fixture(scope="session")
def every_hand_counts() -> Callable[[Combinations, int], dict[str, np.ndarray]]:
    """``every_hand_counts(all_combinations, k)``: how many of the C(52, k) k-card hands the
    batch kernel gives each value, for each kind (index: the value; 0 is no value, as an
    eight-or-better low that does not qualify).

    Each k-card hand is dealt once for every kind, and each k once per session: the tests of
    test_exhaustive, test_low and test_low27 that check every 7-card hand share one pass over
    the 133,784,560 hands (dealing them costs more than the kernel)."""
    return _value_counts
