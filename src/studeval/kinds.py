"""The hand kinds: each way of ranking hands, as one entry read by everything else.

A :class:`Kind` is one way a hand can win a pot or a half of one: the high hand, the
ace-to-five low (razz), the eight-or-better low (stud hi-lo: a hand may have none) and the
deuce-to-seven low (2-7 razz). It holds what the rest of the package needs of it: its name
(as ``Game.pot``, the commands and JSON write it), the compiled kernels' code, the per-hand
value and the best one, the hand in words and its five cards, the showing order that picks
who acts first, where it ranks the ace, whether lower cards win and whether suits count.
Adding a kind is adding an entry to :data:`HAND_KINDS` (and its kernel in the core:
ARCHITECTURE.md walks through the steps). This module also holds what the values mean: the
categories, descriptions, best five cards and showing orders of the high hand and the lows
(:mod:`studeval.evaluate` gives them under their public names).

>>> k = get_kind("low8")
>>> k.title, k.aces, k.suitless, k.qualifies, k.best
('eight-or-better low', 'low', True, True, 56)
>>> k.describe("Kh Kd 7c 7s Ks"), k.describe("8c 6d 4h 3s 2c")
(None, 'Eight low: 8-6-4-3-2')
>>> [format_cards(get_kind(k).best_five("Kh 7c 5d 4h 3s Ah 7d")) for k in ("low", "low27")]
['7c 5d 4h 3s Ah', 'Kh 7c 5d 4h 3s']
>>> get_kind("middle")
Traceback (most recent call last):
...
ValueError: unknown hand kind 'middle': use one of high, low, low8, low27
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Literal, Protocol, TypeVar

from studeval import _core
from studeval._core import (
    CATEGORY_FIRST_VALUE,
    evaluate,
    evaluate_low,
    evaluate_low8,
    evaluate_low27,
    hand_class,
)
from studeval.cards import CardsLike, format_cards, low_rank, parse_cards, whole_number

__all__ = [
    "BEST_VALUE",
    "HAND_KINDS",
    "KINDS",
    "HandCategory",
    "Kind",
    "best_five",
    "best_five_low",
    "best_five_low27",
    "by_name",
    "category",
    "describe",
    "describe_low",
    "describe_low27",
    "get_kind",
    "showing_rank",
    "showing_rank_low",
    "showing_rank_low27",
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


# CATEGORY_FIRST_VALUE[c] is the lowest hand value of HandCategory c (from the compiled
# core, which has it from the generated tables): value v is in the last category whose first
# value is at most v.
_RANK_LETTERS = "23456789TJQKA"
_NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


def _as_int(value: object, expected: str) -> int:
    """``value`` as an int through ``__index__`` (not ``int()``, which would truncate a float
    held in a 0-d array), else a TypeError starting with ``expected``."""
    number = whole_number(value)
    if number is None:
        raise TypeError(f"{expected}, got {value!r}")
    return number


_HIGH_VALUES = _core.BEST_VALUE[_core.KIND_HIGH]


def _check_value(value: int) -> int:
    number = _as_int(value, f"a hand value must be an int 1..{_HIGH_VALUES}")
    if not 1 <= number <= _HIGH_VALUES:
        raise ValueError(f"hand value {value} is out of range 1..{_HIGH_VALUES}")
    return number


def category(value: int) -> HandCategory:
    """The category of a hand value.

    >>> category(7462)
    <HandCategory.STRAIGHT_FLUSH: 8>
    >>> category(1).name
    'HIGH_CARD'
    """
    return HandCategory(bisect.bisect_right(CATEGORY_FIRST_VALUE, _check_value(value)) - 1)


def _plural(rank: int) -> str:
    return "sixes" if rank == 4 else _NAMES[rank] + "s"


def describe(value: int) -> str:
    """Plain English for a hand value.

    >>> describe(evaluate("As Ks Qs Js Ts"))
    'Royal flush'
    >>> describe(evaluate("2c 2d 9h 9s Kc"))
    'Two pair, nines and deuces'
    >>> describe(evaluate("5d 4c 3h 2s Ad"))
    'Straight, five high'
    """
    cat, *ranks = hand_class(_core.KIND_HIGH, _check_value(value))
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
    return _showing_value(up_cards, "showing_rank", lambda c: c >> 2)


def _showing_value(up_cards: CardsLike, who: str, rank: Callable[[int], int]) -> int:
    """The groups of equal ranks of 1 to 4 up cards, as one number: quads, trips, two pair, a
    pair or none, then the ranks of the groups, largest group first, as base-14 digits (an
    absent card counts below the lowest rank). ``rank`` reads a card's rank (aces high or low)."""
    hand = parse_cards(up_cards)
    if not 1 <= len(hand) <= 4:
        raise ValueError(f"{who} takes 1 to 4 up cards, got {len(hand)}")
    counts: dict[int, int] = {}
    for c in hand:
        counts[rank(c)] = counts.get(rank(c), 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    value = 4 if shape[0] == 4 else 3 if shape[0] == 3 else 2 if shape[:2] == [2, 2] else 1 if shape[0] == 2 else 0
    digits = [r for r, n in groups for _ in range(n)]
    for i in range(4):
        value = value * 14 + (digits[i] + 1 if i < len(digits) else 0)
    return value


# ---------------------------------------------------------------------------------------------
# Lows (razz, stud hi-lo)

_LOW_RANKS = "A23456789TJQK"  # ace-low order: the ace is the lowest card
_LOW_NAMES = ("ace",) + _NAMES[:12]
_LOW_VALUES = _core.BEST_VALUE[_core.KIND_LOW]


def _check_low_value(value: int) -> int:
    number = _as_int(value, f"a low value must be an int 1..{_LOW_VALUES}")
    if not 1 <= number <= _LOW_VALUES:
        raise ValueError(f"low value {value} is out of range 1..{_LOW_VALUES}")
    return number


def _low_plural(rank: int) -> str:
    return "sixes" if rank == 5 else _LOW_NAMES[rank] + "s"


def describe_low(value: int) -> str:
    """Plain English for an ace-to-five low value (:func:`evaluate_low`), with its five ranks.

    >>> describe_low(evaluate_low("7h 5c 4d 3h As Kd Kh"))
    'Seven low: 7-5-4-3-A'
    >>> describe_low(evaluate_low("6h 6c 4d 3h As"))
    'Pair of sixes: 6-6-4-3-A'
    >>> describe_low(6175)
    'Five low: 5-4-3-2-A'
    """
    kind, *groups = hand_class(_core.KIND_LOW, _check_low_value(value))
    counts = {0: (1, 1, 1, 1, 1), 1: (2, 1, 1, 1), 2: (2, 2, 1), 3: (3, 1, 1), 4: (3, 2), 5: (4, 1)}[kind]
    ranks = "-".join(_LOW_RANKS[r] for r, n in zip(groups, counts, strict=True) for _ in range(n))
    top = groups[0]
    name = [
        f"{_LOW_NAMES[top].capitalize()} low",
        f"Pair of {_low_plural(top)}",
        f"Two pair, {_low_plural(top)} and {_low_plural(groups[1])}",
        f"Three of a kind, {_low_plural(top)}",
        f"Full house, {_low_plural(top)} full of {_low_plural(groups[1])}",
        f"Four of a kind, {_low_plural(top)}",
    ][kind]
    return f"{name}: {ranks}"


def best_five_low(cards: CardsLike) -> list[int]:
    """The five cards that make the best ace-to-five low, read from the top: the highest card
    first (groups first when the low has pairs), the ace last.

    >>> format_cards(best_five_low("Kh 7c 5d 4h 3s As 7d"))
    '7c 5d 4h 3s As'
    """
    hand = parse_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"best_five_low takes 5, 6 or 7 cards, got {len(hand)}: {format_cards(hand)!r}")
    best = max(itertools.combinations(hand, 5), key=evaluate_low)
    counts = {r: sum(1 for c in best if low_rank(c) == r) for r in {low_rank(c) for c in best}}
    return sorted(best, key=lambda c: (-counts[low_rank(c)], -low_rank(c), c & 3))


def showing_rank_low(up_cards: CardsLike) -> int:
    """How 1 to 4 face-up cards rank for deciding who acts first in razz: higher acts first.

    The best low showing acts first: aces are low, pairs count against (no pair, then a pair,
    two pair, trips, quads), then the highest card decides, and the next. Straights, flushes
    and suits do not count. Values compare between hands of the same number of cards.

    >>> showing_rank_low("As 4d") > showing_rank_low("7h 2c") > showing_rank_low("2c 2d")
    True
    >>> showing_rank_low("8c 5d 3h") == showing_rank_low("8s 3c 5h")
    True
    """
    # the same groups as the high showing, aces low, read backwards: the worst low is highest
    return 5 * 14**4 - _showing_value(up_cards, "showing_rank_low", low_rank)


def showing_rank_low27(up_cards: CardsLike) -> int:
    """How 1 to 4 face-up cards rank for deciding who acts first in 2-7 razz: higher acts first.

    The best deuce-to-seven low showing acts first: aces are high, pairs count against (no
    pair, then a pair, two pair, trips, quads), then the highest card decides, and the next.
    Straights, flushes and suits do not count on up cards. Values compare between hands of
    the same number of cards.

    >>> showing_rank_low27("2c 4d") > showing_rank_low27("As 3d") > showing_rank_low27("2c 2d")
    True
    >>> showing_rank_low27("5c 4c 3c 2c") == showing_rank_low27("5d 4c 3h 2s")
    True
    """
    # the same groups as the high showing, aces high, read backwards: the worst low is highest
    return 5 * 14**4 - _showing_value(up_cards, "showing_rank_low27", lambda c: c >> 2)


# ---------------------------------------------------------------------------------------------
# Deuce-to-seven lows (2-7 razz)

_LOW27_VALUES = _core.BEST_VALUE[_core.KIND_LOW27]


def _check_low27_value(value: int) -> int:
    number = _as_int(value, f"a 2-7 low value must be an int 1..{_LOW27_VALUES}")
    if not 1 <= number <= _LOW27_VALUES:
        raise ValueError(f"2-7 low value {value} is out of range 1..{_LOW27_VALUES}")
    return number


def describe_low27(value: int) -> str:
    """Plain English for a deuce-to-seven low value (:func:`evaluate_low27`), with its ranks.

    >>> describe_low27(evaluate_low27("7h 5c 4d 3h 2s Kd Kh"))
    'Seven low: 7-5-4-3-2'
    >>> describe_low27(evaluate_low27("5c 4d 3h 2s Ac"))
    'Ace high: A-5-4-3-2'
    >>> describe_low27(evaluate_low27("6c 5d 4h 3s 2c"))
    'Straight, six high: 6-5-4-3-2'
    """
    cat, *groups = hand_class(_core.KIND_LOW27, _check_low27_value(value))
    shape = {1: (2, 1, 1, 1), 2: (2, 2, 1), 3: (3, 1, 1), 6: (3, 2), 7: (4, 1)}.get(cat, (1, 1, 1, 1, 1))
    ranks = "-".join(_RANK_LETTERS[r] for r, n in zip(groups, shape, strict=True) for _ in range(n))
    top = groups[0]
    name = {
        0: "Ace high" if top == 12 else f"{_NAMES[top].capitalize()} low",
        1: f"Pair of {_plural(top)}",
        2: f"Two pair, {_plural(top)} and {_plural(groups[1])}",
        3: f"Three of a kind, {_plural(top)}",
        4: f"Straight, {_NAMES[top]} high",
        5: f"Flush, {_NAMES[top]} high",
        6: f"Full house, {_plural(top)} full of {_plural(groups[1])}",
        7: f"Four of a kind, {_plural(top)}",
        8: "Royal flush" if top == 12 else f"Straight flush, {_NAMES[top]} high",
    }[cat]
    return f"{name}: {ranks}"


def best_five_low27(cards: CardsLike) -> list[int]:
    """The five cards that make the best deuce-to-seven low, read from the top: groups first
    when the low has pairs, then the highest card first (the ace is high).

    >>> format_cards(best_five_low27("Kh 7c 5d 4h 3s Ah 7d"))  # the king, not the ace
    'Kh 7c 5d 4h 3s'
    """
    hand = parse_cards(cards)
    if not 5 <= len(hand) <= 7:
        raise ValueError(f"best_five_low27 takes 5, 6 or 7 cards, got {len(hand)}: {format_cards(hand)!r}")
    best = max(itertools.combinations(hand, 5), key=evaluate_low27)
    counts = {r: sum(1 for c in best if c >> 2 == r) for r in {c >> 2 for c in best}}
    return sorted(best, key=lambda c: (-counts[c >> 2], -(c >> 2), c & 3))


# ---------------------------------------------------------------------------------------------
# The registry


#: A hand as a kind's functions take it: card text or card codes.
Hand = str | Sequence[int]


@dataclass(frozen=True)
class Kind:
    """Everything that makes a way of ranking hands a kind.

    - ``name`` is how ``Game.pot``, ``Game.acts_first``, the commands and JSON name it;
      ``title`` is for people.
    - ``code`` is the compiled kernels' number of it (``studeval._core.KIND_*``): what
      ``evaluate_batch`` and the equity kernels take. Two kinds may share a kernel.
    - ``evaluate`` values 5 to 7 cards, higher is better, up to ``best``; a value 0 is no
      hand of the kind (``qualifies``: the eight-or-better low).
    - ``describe`` gives the hand in words and ``best_five`` its five cards, the deciding
      ones first (None: no hand of the kind).
    - ``showing`` ranks 1 to 4 up cards for who acts first (``Game.acts_first``), higher acts
      first; None for a kind that never decides it.
    - ``aces``: where the kind ranks the ace ("low" in the ace-to-five lows), which is also
      where the table rules put it (the odd chip of a low, a smooth low showing, suits
      between equal showings); ``low``: the lower cards make the better hand; ``suitless``:
      the value never looks at a suit (an ace-to-five low has no flushes), so a game decided
      by such kinds alone gives hands of the same ranks the same equity.
    - ``category`` names the value's poker category (the high hand's :class:`HandCategory`),
      None where the kind has none of its own.
    """

    name: str
    title: str
    code: int
    evaluate: Callable[[Hand], int]
    best: int
    describe: Callable[[Hand], str | None]
    best_five: Callable[[Hand], list[int] | None]
    showing: Callable[[Hand], int] | None
    aces: Literal["high", "low"]
    low: bool
    suitless: bool
    qualifies: bool = False
    category: Callable[[int], HandCategory] | None = None

    def __repr__(self) -> str:
        return f"<Kind {self.name}: {self.title}>"


def _high_words(cards: Hand) -> str:
    return describe(evaluate(cards))


def _low_words(cards: Hand) -> str:
    return describe_low(evaluate_low(cards))


def _low8_words(cards: Hand) -> str | None:
    """A qualifying low is the hand's best ace-to-five low."""
    return _low_words(cards) if evaluate_low8(cards) else None


def _low8_five(cards: Hand) -> list[int] | None:
    return best_five_low(cards) if evaluate_low8(cards) else None


def _low27_words(cards: Hand) -> str:
    return describe_low27(evaluate_low27(cards))


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_Entry = TypeVar("_Entry", bound=_Named)


def by_name(*entries: _Entry) -> dict[str, _Entry]:
    """A registry's entries by their names, in the order given (the kinds here, the games in
    :mod:`studeval.games`); a name given twice is refused, where a dict built by hand would
    keep the last one silently.

    >>> list(by_name(get_kind("low"), get_kind("high")))
    ['low', 'high']
    >>> by_name(get_kind("low"), get_kind("low"))
    Traceback (most recent call last):
    ...
    ValueError: two entries named 'low'
    """
    table: dict[str, _Entry] = {}
    for entry in entries:
        if entry.name in table:
            raise ValueError(f"two entries named {entry.name!r}")
        table[entry.name] = entry
    return table


#: Every hand kind, by name, in the compiled kernels' order.
HAND_KINDS: dict[str, Kind] = by_name(
    Kind(
        name="high",
        title="high hand",
        code=_core.KIND_HIGH,
        evaluate=evaluate,
        best=_HIGH_VALUES,
        describe=_high_words,
        best_five=best_five,
        showing=showing_rank,
        aces="high",
        low=False,
        suitless=False,
        category=category,
    ),
    Kind(
        name="low",
        title="ace-to-five low",
        code=_core.KIND_LOW,
        evaluate=evaluate_low,
        best=_LOW_VALUES,
        describe=_low_words,
        best_five=best_five_low,
        showing=showing_rank_low,
        aces="low",
        low=True,
        suitless=True,
    ),
    Kind(
        name="low8",
        title="eight-or-better low",
        code=_core.KIND_LOW8,
        evaluate=evaluate_low8,
        best=_core.BEST_VALUE[_core.KIND_LOW8],
        describe=_low8_words,
        best_five=_low8_five,
        showing=None,
        aces="low",
        low=True,
        suitless=True,
        qualifies=True,
    ),
    Kind(
        name="low27",
        title="deuce-to-seven low",
        code=_core.KIND_LOW27,
        evaluate=evaluate_low27,
        best=_LOW27_VALUES,
        describe=_low27_words,
        best_five=best_five_low27,
        showing=showing_rank_low27,
        aces="high",
        low=True,
        suitless=False,
    ),
)
#: The kinds' names (``evaluate_batch(..., kind=)``), in the compiled kernels' order.
KINDS = tuple(HAND_KINDS)
#: The best value of each kind, by name (the worst is 1; a low8 of 0 is no qualifying low).
BEST_VALUE = {k.name: k.best for k in HAND_KINDS.values()}


def get_kind(kind: str | Kind) -> Kind:
    """The :class:`Kind` of a name, or the kind itself: the one check of a kind's name.

    >>> get_kind("low27").title, get_kind(get_kind("high")).name
    ('deuce-to-seven low', 'high')
    """
    if isinstance(kind, Kind):
        return kind
    found = HAND_KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise ValueError(f"unknown hand kind {kind!r}: use one of {', '.join(HAND_KINDS)}")
    return found
