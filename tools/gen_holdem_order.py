"""Generate src/studeval/starting_hands.py: hold'em's 169 starting hands, best first, by their
all-in equity against one random hand (the order of percentages in ranges).

Run from the repository root (a minute or two)::

    python tools/gen_holdem_order.py            # write the module
    python tools/gen_holdem_order.py --check    # exit 1 if the committed module differs

The equities are exact: every hand against every other hand and every board, counted in
integers. The count walks the boards once, up to suit permutation (a starting hand such as
AKs is closed under permuting suits, so its total over a board's orbit is the board's total
times the orbit's size): 134,459 boards instead of 2,598,960. On each board every one of the
1,326 hole-card pairs is valued once; a pair (a, b) beats the opponents' pairs of lower value
that hold neither a nor b, which is all pairs below it less those holding a and those holding
b (no pair below it holds both): three counts of the pairs below a value, from sorted rows.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np

from studeval import evaluate_batch

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "src" / "studeval" / "starting_hands.py"
RANKS = "23456789TJQKA"
# boards per batch: the memory of a batch is about 40 KB a board
BATCH = 512


def starting_hand(a: int, b: int) -> str:
    """The starting hand of two cards: ``AA``, ``AKs`` or ``AKo``."""
    high, low = max(a, b), min(a, b)
    name = RANKS[high >> 2] + RANKS[low >> 2]
    if high >> 2 == low >> 2:
        return name
    return name + ("s" if high & 3 == low & 3 else "o")


def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """One board of each orbit under the 24 suit permutations, and the orbit's size."""
    boards = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    # a board up to suit permutation: its four suits' rank masks, sorted
    masks = np.zeros((len(boards), 4), dtype=np.int64)
    for k in range(5):
        np.add.at(masks, (np.arange(len(boards)), boards[:, k] & 3), np.int64(1) << (boards[:, k] >> 2))
    masks.sort(axis=1)
    key = (masks[:, 0] << 39) | (masks[:, 1] << 26) | (masks[:, 2] << 13) | masks[:, 3]
    _, first, size = np.unique(key, return_index=True, return_counts=True)
    return boards[first], size


def _less_and_equal(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each entry of each row: how many entries of its row are smaller, and how many equal
    (itself included)."""
    order = np.argsort(values, axis=-1, kind="stable")
    s = np.take_along_axis(values, order, axis=-1)
    n = values.shape[-1]
    index = np.broadcast_to(np.arange(n), s.shape)
    new = np.ones(s.shape, dtype=bool)
    new[..., 1:] = s[..., 1:] != s[..., :-1]
    first = np.maximum.accumulate(np.where(new, index, 0), axis=-1)
    end = np.ones(s.shape, dtype=bool)
    end[..., :-1] = new[..., 1:]
    last = np.flip(np.minimum.accumulate(np.flip(np.where(end, index, n), -1), axis=-1), -1)
    less, equal = np.empty_like(first), np.empty_like(first)
    np.put_along_axis(less, order, first, axis=-1)
    np.put_along_axis(equal, order, last - first + 1, axis=-1)
    return less, equal


PAIRS = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int64)  # the 1,326
# the pairs holding each card (51 each), and where each pair sits among those of its two cards
HOLDING = np.array([np.flatnonzero((c == PAIRS).any(axis=1)) for c in range(52)])
SLOT = np.array([[list(HOLDING[c]).index(p) for c in PAIRS[p]] for p in range(len(PAIRS))])


def board_counts(boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each board (rows of 5 cards) and each of the 1,326 pairs: whether the pair can be
    dealt with the board, and twice its share of the pots against every other pair that can
    (2 a win, 1 a tie: the opponents beaten twice plus those tied)."""
    nb = len(boards)
    clash = (PAIRS[None, :, :, None] == boards[:, None, None, :]).any(axis=(2, 3))
    cards = np.concatenate(
        [np.broadcast_to(PAIRS, (nb, *PAIRS.shape)), np.repeat(boards[:, None, :], len(PAIRS), 1)], 2
    )
    values = np.full((nb, len(PAIRS)), np.iinfo(np.int32).max, dtype=np.int64)  # above every hand
    ok = ~clash
    values[ok] = evaluate_batch(np.ascontiguousarray(cards[ok], dtype=np.uint8), threads=1)
    # a pair not dealt is above every hand, so it is never below a dealt one
    below, same = _less_and_equal(values)
    below_c, same_c = _less_and_equal(values[:, HOLDING])  # (nb, 52, 51)
    rows = np.arange(nb)[:, None]
    first, second = (rows, PAIRS[:, 0], SLOT[:, 0]), (rows, PAIRS[:, 1], SLOT[:, 1])
    beaten = below - below_c[first] - below_c[second]
    tied = same - same_c[first] - same_c[second] + 1  # the pair itself: counted once, taken off thrice
    return ok, np.where(ok, 2 * beaten + tied, 0)


def equities() -> list[tuple[str, Fraction]]:
    """Each starting hand's exact all-in equity against one random hand, best first (equal
    equities by name)."""
    names = [starting_hand(int(a), int(b)) for a, b in PAIRS]
    hands = sorted(set(names))
    hand_of = np.array([hands.index(n) for n in names])
    boards, size = canonical_boards()
    totals = [0] * len(hands)  # twice the shares won, weighted by the orbits' sizes, exactly
    for lo in range(0, len(boards), BATCH):
        _, twice = board_counts(boards[lo : lo + BATCH])
        per_pair = (twice * size[lo : lo + BATCH, None]).sum(axis=0)
        sums = np.zeros(len(hands), dtype=np.int64)
        np.add.at(sums, hand_of, per_pair)
        totals = [t + int(x) for t, x in zip(totals, sums.tolist(), strict=True)]
    combos = np.bincount(hand_of).tolist()
    deals = math.comb(50, 5) * math.comb(45, 2)  # boards, then opponents, of each pair
    eq = [(h, Fraction(totals[k], 2 * deals * combos[k])) for k, h in enumerate(hands)]
    return sorted(eq, key=lambda x: (-x[1], x[0]))


def generate() -> str:
    rows = "\n".join(f'    ("{h}", {float(e):.6f}),' for h, e in equities())
    return f'''# DO NOT EDIT: generated by tools/gen_holdem_order.py
"""Hold'em's 169 starting hands, best first, by their all-in equity against one random hand.

The order of the percentages in a range: ``20%`` is the best starting hands by this order,
each whole, until their combinations reach 20% of the 1,326. Each equity is exact (every
opponent hand and every board counted), rounded here to six places.

>>> STARTING_HANDS[0], STARTING_HANDS[-1]
(('AA', 0.852037), ('32o', 0.323032))
"""

__all__ = ["STARTING_HANDS"]

#: (starting hand, all-in equity against one random hand), best first.
STARTING_HANDS: tuple[tuple[str, float], ...] = (
{rows}
)
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed module differs")
    args = parser.parse_args()
    text = generate()
    if args.check:
        same = MODULE.read_text() == text
        print("up to date" if same else f"{MODULE} differs from the generator's output")
        return 0 if same else 1
    MODULE.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
