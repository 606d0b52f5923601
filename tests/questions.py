"""Random equity questions and float comparison, shared by the equity tests."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable


def random_question(rng: random.Random, known: list[int], ndead: int, suited: bool = False) -> tuple[list[str], str]:
    """Players holding ``known[i]`` random cards each and ``ndead`` dead cards, as text;
    ``suited`` deals from a deck with the clubs first (flushes, for a 2-7 low to count against).

    >>> players, dead = random_question(random.Random(1), [3, 3], 2)
    >>> [len(p.split()) for p in players], len(dead.split())
    ([3, 3], 2)
    """
    cards = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    rng.shuffle(cards)
    if suited:
        cards.sort(key=lambda c: c[1] != "c")
        head = cards[:13]
        rng.shuffle(head)
        cards[:13] = head
    players = []
    for k in known:
        players.append(" ".join(cards[:k]))
        cards = cards[k:]
    return players, " ".join(cards[:ndead])


def close(a: Iterable[float], b: Iterable[float]) -> bool:
    """Equal figures, to rounding.

    >>> close([0.1 + 0.2], [0.3]), close([0.3], [0.31])
    (True, False)
    """
    return all(math.isclose(x, y, abs_tol=1e-12) for x, y in zip(a, b, strict=True))
