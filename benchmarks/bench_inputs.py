"""Inputs shared by the benchmarks: the same random hands for every library."""

from __future__ import annotations

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def random_hands(n: int, k: int, seed: int = 2026) -> np.ndarray:
    """n random hands of k distinct cards, as a uint8 array of studeval card ints."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    step = 1_000_000
    for lo in range(0, n, step):
        rows = min(step, n - lo)
        out[lo : lo + rows] = rng.random((rows, 52)).argpartition(k, axis=1)[:, :k]
    return out


def card_text(c: int) -> str:
    return RANKS[c >> 2] + SUITS[c & 3]
