"""The vectorised reference values (studeval._reference.evaluate_rows, what the slow equity
oracle values hands with: its five-card values tabulated from the reference evaluators)
against the reference evaluators called hand by hand: five to seven cards, every kind,
flushes and pairs."""

from __future__ import annotations

import random

import numpy as np
import pytest
from questions import REFERENCE, reference_values


@pytest.mark.parametrize("kind", list(REFERENCE))
@pytest.mark.parametrize("size", [5, 6, 7])
def test_equal_to_the_reference_evaluators_hand_by_hand(kind: str, size: int) -> None:
    rng = random.Random(f"{kind} {size}")
    hands = []
    for k in range(20):
        # a third of the hands from one suit and a few ranks (flushes, straights, pairs), the
        # rest from the whole deck
        deck = list(range(52)) if k % 3 else [c for c in range(52) if c & 3 == 0 or c >> 2 < 5]
        hands.append(rng.sample(deck, size))
    got = reference_values(np.array(hands, dtype=np.uint8), kind).tolist()
    assert got == [REFERENCE[kind](h) for h in hands]
