"""A slow, obviously correct evaluator: the test oracle for the lookup tables.

It looks at every 5-card subset of the hand, names each one by a class tuple
``(category, tie-breaking ranks...)`` that compares the way poker hands compare, and
numbers the 7462 classes 1..7462 in order. Nothing here is fast and nothing needs to be; the
one concession is a cache of each class by what it depends on (the five ranks, and whether
the five cards share a suit), as the tests ask for the same classes many thousand times.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from functools import cache, lru_cache

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def five_card_class(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Class tuple of exactly five distinct cards (ints 4*rank+suit)."""
    return _class_of_ranks(tuple(sorted((c >> 2 for c in cards), reverse=True)), len({c & 3 for c in cards}) == 1)


# cached: a class depends on the five ranks and the flush only, and a 7-card hand asks for 21
@cache
def _class_of_ranks(ranks_high_first: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    ranks = list(ranks_high_first)
    distinct = len(set(ranks)) == 5
    straight_high = None
    if distinct and ranks[0] - ranks[4] == 4:
        straight_high = ranks[0]
    elif ranks == [12, 3, 2, 1, 0]:  # the wheel: five-high
        straight_high = 3
    if straight_high is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, straight_high)
    if flush:
        return (FLUSH, *ranks)
    # group ranks by how often they occur, most often first, then higher first
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[tuple(shape)]
    return (category, *order)


@lru_cache(maxsize=1)
def all_classes() -> list[tuple[int, ...]]:
    """The 7462 classes, worst first: one hand for each multiset of five ranks, plus its flush."""
    classes = set()
    for combo in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(combo).values()) > 4:
            continue
        # suits spread so that no two equal ranks share one; 5 distinct ranks are not a flush
        cards = tuple(4 * r + (i % 4) for i, r in enumerate(combo))
        classes.add(five_card_class(cards))
        if len(set(combo)) == 5:
            classes.add(five_card_class(tuple(4 * r for r in combo)))
    return sorted(classes)


@lru_cache(maxsize=1)
def class_value() -> dict[tuple[int, ...], int]:
    return {cls: i + 1 for i, cls in enumerate(all_classes())}


def evaluate(cards: Iterable[int]) -> int:
    """Value 1..7462 of the best 5-card hand among 5..7 distinct cards (ints)."""
    cards = tuple(cards)
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards)
    best = max(five_card_class(combo) for combo in itertools.combinations(cards, 5))
    return class_value()[best]


def showing_key(cards: Iterable[int]) -> tuple[int, ...]:
    """Stud order of 1..4 up cards: quads, trips, two pair, pair, high card, then kickers."""
    counts = Counter(c >> 2 for c in cards)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    category = {4: 4, 3: 3}.get(shape[0], 0)
    if shape[0] == 2:
        category = 2 if shape[:2] == [2, 2] else 1
    return (category, *[r for r, n in groups for _ in range(n)])


# ---------------------------------------------------------------------------------------------
# Lows: ace-to-five (razz) and eight-or-better (stud hi-lo)

LOW_RANKS = "A23456789TJQK"  # ace-low rank order: index 0 is the ace


def low_rank(card: int) -> int:
    """Rank of a card with the ace low: ace 0, deuce 1, ..., king 12."""
    return ((card >> 2) + 1) % 13


def five_card_low_class(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Ace-to-five class of exactly five cards: smaller is a better low.

    (kind, ranks grouped most repeated first, higher first); kind 0 no pair, 1 pair, 2 two
    pair, 3 trips, 4 full house, 5 quads. Straights and flushes do not exist here.
    """
    return _low_class_of_ranks(tuple(sorted(low_rank(c) for c in cards)))


@cache  # as _class_of_ranks: a low depends on the five ranks only
def _low_class_of_ranks(low_ranks: tuple[int, ...]) -> tuple[int, ...]:
    groups = sorted(Counter(low_ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    kind = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[shape]
    return (kind, *(r for r, _ in groups))


@lru_cache(maxsize=1)
def all_low_classes() -> list[tuple[int, ...]]:
    """The 6175 ace-to-five classes, best low first."""
    classes = set()
    for combo in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(combo).values()) <= 4:
            classes.add(five_card_low_class(tuple(4 * r + i % 4 for i, r in enumerate(combo))))
    return sorted(classes)


@lru_cache(maxsize=1)
def low_class_value() -> dict[tuple[int, ...], int]:
    classes = all_low_classes()
    return {cls: len(classes) - i for i, cls in enumerate(classes)}


def evaluate_low(cards: Iterable[int]) -> int:
    """Ace-to-five low 1..6175 (higher is better) of the best 5 of 5..7 distinct cards."""
    cards = tuple(cards)
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards)
    return low_class_value()[min(five_card_low_class(combo) for combo in itertools.combinations(cards, 5))]


def evaluate_low8(cards: Iterable[int]) -> int:
    """Eight-or-better low: 0 unless some five cards are of five different ranks, all eight or
    lower (aces low); else 1..56 by the ace-to-five order among such lows (56 the wheel)."""
    cards = tuple(cards)
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards)
    return _low8_of_ranks(tuple(sorted(low_rank(c) for c in cards)))


@cache  # as _class_of_ranks: suits do not matter to a low
def _low8_of_ranks(low_ranks: tuple[int, ...]) -> int:
    qualifying = [
        sorted(combo, reverse=True)
        for combo in itertools.combinations(low_ranks, 5)
        if len(set(combo)) == 5 and max(combo) <= 7
    ]
    if not qualifying:
        return 0
    best = min(qualifying)  # highest card first, compared down: smaller is better
    return qualifying_lows().index(best) + 1


@lru_cache(maxsize=1)
def qualifying_lows() -> list[list[int]]:
    """The 56 eight-or-better lows (five of the eight ranks A..8, highest first), worst first."""
    return sorted((sorted(s, reverse=True) for s in itertools.combinations(range(8), 5)), reverse=True)


# ---------------------------------------------------------------------------------------------
# Deuce-to-seven low (2-7 razz): ranked by its own rules, not through the high tables


def five_card_low27_class(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Deuce-to-seven class of exactly five cards: smaller is a better low.

    (category, ranks grouped most repeated first, higher first) with the categories, best
    first: 0 no pair, 1 pair, 2 two pair, 3 trips, 4 straight, 5 flush, 6 full house, 7 quads,
    8 straight flush. Aces are always high: a straight is five consecutive ranks from 6-5-4-3-2
    up to A-K-Q-J-T, so A-5-4-3-2 is an ace-high no-pair hand.
    """
    return _low27_class_of_ranks(tuple(sorted(c >> 2 for c in cards)), len({c & 3 for c in cards}) == 1)


@cache  # as _class_of_ranks
def _low27_class_of_ranks(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """ranks: deuce 0 .. ace 12."""
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    straight = len(groups) == 5 and order[0] - order[4] == 4
    if straight and flush:
        return (8, *order)
    if flush:
        return (5, *order)
    if straight:
        return (4, *order)
    shape = tuple(n for _, n in groups)
    kind = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}[shape]
    return (kind, *order)


@lru_cache(maxsize=1)
def all_low27_classes() -> list[tuple[int, ...]]:
    """The 7462 deuce-to-seven classes, best low first."""
    classes = set()
    for combo in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(combo).values()) <= 4:
            classes.add(five_card_low27_class(tuple(4 * r + i % 4 for i, r in enumerate(combo))))
            if len(set(combo)) == 5:
                classes.add(five_card_low27_class(tuple(4 * r for r in combo)))
    return sorted(classes)


@lru_cache(maxsize=1)
def low27_class_value() -> dict[tuple[int, ...], int]:
    classes = all_low27_classes()
    return {cls: len(classes) - i for i, cls in enumerate(classes)}


def evaluate_low27(cards: Iterable[int]) -> int:
    """Deuce-to-seven low 1..7462 (higher is better) of the best 5 of 5..7 distinct cards."""
    cards = tuple(cards)
    assert 5 <= len(cards) <= 7 and len(set(cards)) == len(cards)
    return low27_class_value()[min(five_card_low27_class(combo) for combo in itertools.combinations(cards, 5))]
