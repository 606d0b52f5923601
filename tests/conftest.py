"""Shared helpers for the tests."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest


def all_combinations(n: int, k: int) -> Iterator[np.ndarray]:
    """Every k-subset of range(n) as rows of a uint8 array, in chunks (one per largest element).

    Built column by column with numpy (C(m, j) grows from C(m-1, j) and C(m-1, j-1)), so the
    133,784,560 seven-card hands come out in seconds without a Python loop per hand.
    """
    # combos[j]: all j-subsets of range(m), for the m reached so far
    combos = [np.zeros((1, 0), dtype=np.uint8)] + [np.zeros((0, j), dtype=np.uint8) for j in range(1, k)]
    for m in range(n):
        top = np.full((combos[k - 1].shape[0], 1), m, dtype=np.uint8)
        if len(top):
            yield np.hstack([combos[k - 1], top])
        for j in range(k - 1, 0, -1):  # add the subsets whose largest element is m
            with_m = np.hstack([combos[j - 1], np.full((combos[j - 1].shape[0], 1), m, dtype=np.uint8)])
            combos[j] = np.vstack([combos[j], with_m])


@pytest.fixture(name="all_combinations")
def _all_combinations_fixture():
    return all_combinations
