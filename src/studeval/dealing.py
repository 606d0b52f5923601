"""Random hands for benchmarks and self-tests: the same hands for every library.

>>> hands = random_hands(3, 7, seed=1)
>>> hands.shape, hands.dtype.name, all(len(set(row)) == 7 for row in hands.tolist())
((3, 7), 'uint8', True)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["MAX_RANDOM_CARDS", "random_hands"]

#: The most cards one call deals (n * k): 200 M bytes of hands, plus a working chunk.
MAX_RANDOM_CARDS = 200_000_000
# Rows drawn at a time: the working array is rows x 52 doubles (400 MB at a million rows).
_CHUNK = 500_000


def random_hands(n: int, k: int, seed: int = 2026) -> npt.NDArray[np.uint8]:
    """``n`` random hands of ``k`` distinct cards, as an ``(n, k)`` uint8 array of card ints.

    Each row is a uniformly random ``k``-card subset of the deck in random order; the same
    seed gives the same hands. Raises ValueError for ``k`` outside 1..52, a negative ``n``,
    or more than :data:`MAX_RANDOM_CARDS` cards in all.

    >>> random_hands(2, 5, seed=7).tolist() == random_hands(2, 5, seed=7).tolist()
    True
    >>> random_hands(10**12, 7)
    Traceback (most recent call last):
    ValueError: random_hands: 1,000,000,000,000 hands of 7 cards is more than 200,000,000 cards
    """
    if not 1 <= k <= 52:
        raise ValueError(f"random_hands: k must be from 1 to 52 cards, got {k}")
    if n < 0:
        raise ValueError(f"random_hands: n must be >= 0, got {n}")
    if n * k > MAX_RANDOM_CARDS:
        raise ValueError(f"random_hands: {n:,} hands of {k} cards is more than {MAX_RANDOM_CARDS:,} cards")
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for lo in range(0, n, _CHUNK):
        rows = min(_CHUNK, n - lo)
        out[lo : lo + rows] = rng.random((rows, 52)).argpartition(min(k, 51), axis=1)[:, :k]
    return out
