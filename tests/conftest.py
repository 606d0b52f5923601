"""Shared helpers for the tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from math import comb

import numpy as np
import pytest

# The kernels' OpenMP threads wait for work asleep, not spinning: the suite runs a worker per
# core and a kernel's thread team on top of it, and a spinning team then burnt two to three
# times its CPU (a short-deck casino analysis on the loaded machine: 1.6 s of CPU against 0.6 s,
# wall 7 s against 2.3 s). Set before any worker starts or loads studeval (pytest reads this
# file first; xdist's workers inherit the environment).
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

# The suite runs on every core (pytest-xdist, ``-n auto --dist loadgroup`` in pyproject.toml).
# A fixture that takes seconds to make and is shared (session or module scope) is made once
# per worker that needs it, so the tests using one run on one worker: the full-deck casino
# analyses, the Sphinx doctrees, a Dask cluster, the small-deck casino tables, the short-deck
# starting-hand tables, the exact counts of clashing ranges, every k-card hand's counts, the
# compiled tables of the kernel-path builds, the short-deck match-up table, the headless
# browser of the web pages' tests.
SHARED_FIXTURES = (
    "full_deck",
    "doctrees",
    "client",
    "local",
    "small",
    "short_deck",
    "shipped",
    "starting_tables",
    "clashing_counts",
    "every_hand_counts",
    "tables_object",
    "windows_tables_object",
    "seven",
    "web",
)


# tryfirst: xdist's worker reads the groups in its own hook of the same name, registered after
# this file's, so it runs first unless told otherwise (then no group was ever applied)
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        shared = [name for name in SHARED_FIXTURES if name in getattr(item, "fixturenames", ())]
        if shared:
            item.add_marker(pytest.mark.xdist_group(shared[0]))


def all_combinations(n: int, k: int) -> Iterator[np.ndarray]:
    """Every k-subset of range(n) as rows of a uint8 array, in chunks (one per largest element
    m, in that order: the rows of chunk m are the (k-1)-subsets of range(m), each with m).

    Built column by column with numpy, so the 133,784,560 seven-card hands come out in seconds
    without a Python loop per hand. ``smaller[j]`` holds the j-subsets of range(n - 1) in the
    same order, filled as m grows: those of range(m) are its first C(m, j) rows, and the ones
    with m come next (the (j-1)-subsets of range(m), each with m), so nothing is copied twice.

    >>> [r.tolist() for r in all_combinations(4, 3)]
    [[[0, 1, 2]], [[0, 1, 3], [0, 2, 3], [1, 2, 3]]]
    """
    smaller = [np.zeros((comb(n - 1, j), j), dtype=np.uint8) for j in range(k)]
    for m in range(n):
        if m >= k - 1:
            rows = np.empty((comb(m, k - 1), k), dtype=np.uint8)
            rows[:, : k - 1] = smaller[k - 1][: len(rows)]
            rows[:, k - 1] = m
            yield rows
        if m == n - 1:
            break
        for j in range(k - 1, 0, -1):  # the j-subsets of range(m + 1) that hold m
            added = smaller[j][comb(m, j) : comb(m + 1, j)]
            added[:, : j - 1] = smaller[j - 1][: comb(m, j - 1)]
            added[:, j - 1] = m


@pytest.fixture(name="all_combinations")
def _all_combinations_fixture():
    return all_combinations
