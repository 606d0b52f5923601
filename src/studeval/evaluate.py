"""Hand values and their meaning.

A hand value is an int 1..7462: higher is better, equal values are exactly equal hands,
7462 is a royal flush and 1 is 7-5-4-3-2 offsuit.

>>> v = evaluate("Kh Kd 7c 7s Ks 2d 3h")
>>> category(v).name, describe(v)
('FULL_HOUSE', 'Full house, kings full of sevens')
>>> format_cards(best_five("Kh Kd 7c 7s Ks 2d 3h"))
'Kd Kh Ks 7c 7s'
"""

from __future__ import annotations

import bisect
import itertools
from enum import IntEnum
from functools import lru_cache

from studeval._core import THREAD_LIMIT, check_threads, evaluate, evaluate_batch, max_threads
from studeval.cards import CardsLike, format_cards, parse_cards

__all__ = [
    "THREAD_LIMIT",
    "HandCategory",
    "best_five",
    "category",
    "check_threads",
    "describe",
    "evaluate",
    "evaluate_batch",
    "max_threads",
    "showing_rank",
]


class HandCategory(IntEnum):
    """The nine kinds of poker hand, worst first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


# How many distinct hands each category holds, worst category first; they sum to 7462.
_CLASS_COUNTS = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
_FIRST_VALUE = list(itertools.accumulate((1,) + _CLASS_COUNTS))[:-1]  # lowest value of each
CATEGORY_FIRST_VALUE: tuple[int, ...] = tuple(_FIRST_VALUE)
_NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


def _check_value(value: int) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"a hand value must be an int 1..7462, got {value!r}")
    if not 1 <= int(value) <= 7462:
        raise ValueError(f"hand value {value} is out of range 1..7462")
    return int(value)


def category(value: int) -> HandCategory:
    """The category of a hand value.

    >>> category(7462)
    <HandCategory.STRAIGHT_FLUSH: 8>
    >>> category(1).name
    'HIGH_CARD'
    """
    return HandCategory(bisect.bisect_right(_FIRST_VALUE, _check_value(value)) - 1)


def _plural(rank: int) -> str:
    return "sixes" if rank == 4 else _NAMES[rank] + "s"


@lru_cache(maxsize=1)
def _classes() -> list[tuple[int, ...]]:
    from studeval._reference import all_classes  # built once, on the first describe()

    return all_classes()


def describe(value: int) -> str:
    """Plain English for a hand value.

    >>> describe(evaluate("As Ks Qs Js Ts"))
    'Royal flush'
    >>> describe(evaluate("2c 2d 9h 9s Kc"))
    'Two pair, nines and deuces'
    >>> describe(evaluate("5d 4c 3h 2s Ad"))
    'Straight, five high'
    """
    cat, *ranks = _classes()[_check_value(value) - 1]
    name = HandCategory(cat)
    if name is HandCategory.STRAIGHT_FLUSH:
        return "Royal flush" if ranks[0] == 12 else f"Straight flush, {_NAMES[ranks[0]]} high"
    if name is HandCategory.FOUR_OF_A_KIND:
        return f"Four of a kind, {_plural(ranks[0])}"
    if name is HandCategory.FULL_HOUSE:
        return f"Full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
    if name is HandCategory.FLUSH:
        return f"Flush, {_NAMES[ranks[0]]} high"
    if name is HandCategory.STRAIGHT:
        return f"Straight, {_NAMES[ranks[0]]} high"
    if name is HandCategory.THREE_OF_A_KIND:
        return f"Three of a kind, {_plural(ranks[0])}"
    if name is HandCategory.TWO_PAIR:
        return f"Two pair, {_plural(ranks[0])} and {_plural(ranks[1])}"
    if name is HandCategory.PAIR:
        return f"Pair of {_plural(ranks[0])}"
    return f"{_NAMES[ranks[0]].capitalize()} high"


def best_five(cards: CardsLike) -> list[int]:
    """The five cards that make the hand, the deciding ones first.

    Groups come first (the quads, trips or pairs, higher first), then kickers high to low;
    a straight runs from its top card down (the ace last in a five-high straight).

    >>> format_cards(best_five("2c 3d 4h 5s Ac Kd Qh"))
    '5s 4h 3d 2c Ac'
    """
    hand = parse_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"best_five takes 5, 6 or 7 cards, got {len(hand)}: {format_cards(hand)!r}")
    best = max(itertools.combinations(hand, 5), key=evaluate)
    counts = {r: sum(1 for c in best if c >> 2 == r) for r in {c >> 2 for c in best}}
    ordered = sorted(best, key=lambda c: (counts[c >> 2], c >> 2, c & 3), reverse=True)
    if category(evaluate(list(best))) in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        if ordered[0] >> 2 == 12 and ordered[1] >> 2 == 3:  # the wheel: the ace plays low
            ordered = ordered[1:] + ordered[:1]
    else:
        # within one rank, show suits low to high (as parse order would read them)
        ordered = sorted(ordered, key=lambda c: (-counts[c >> 2], -(c >> 2), c & 3))
    return ordered


def showing_rank(up_cards: CardsLike) -> int:
    """How 1 to 4 face-up cards rank for deciding who acts first in stud: higher acts first.

    Quads beat trips beat two pair beat a pair beat high cards, then the ranks in order of
    their groups decide. Straights, flushes and suits do not count (the table rules break
    exact ties). Values compare meaningfully between hands of the same number of cards.

    >>> showing_rank("Kh Kd") > showing_rank("As Qs")
    True
    >>> showing_rank("9c 9d 4h") == showing_rank("9h 9s 4c")
    True
    """
    hand = parse_cards(up_cards)
    if not 1 <= len(hand) <= 4:
        raise ValueError(f"showing_rank takes 1 to 4 up cards, got {len(hand)}")
    counts: dict[int, int] = {}
    for c in hand:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    kind = 4 if shape[0] == 4 else 3 if shape[0] == 3 else 2 if shape[:2] == [2, 2] else 1 if shape[0] == 2 else 0
    value = kind
    digits = [r for r, n in groups for _ in range(n)]
    for i in range(4):  # ranks as base-14 digits; an absent card counts below a deuce
        value = value * 14 + (digits[i] + 1 if i < len(digits) else 0)
    return value
