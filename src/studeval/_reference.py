"""Slow, obviously correct evaluators and equity: the test oracles of the lookup tables and of
the equity kernels.

An evaluator looks at every 5-card subset of the hand, names each one by a class tuple
``(category, tie-breaking ranks...)`` that compares the way poker hands compare, and
numbers the 7462 classes 1..7462 in order. Nothing here is fast and nothing needs to be; the
one concession is a cache of each class by what it depends on (the five ranks, and whether
the five cards share a suit), as the tests ask for the same classes many thousand times.

:func:`brute_force_equity` answers an equity question by listing every deal of the unknown
cards and judging each showdown by these evaluators and the pot rules written out again
(nothing of the compiled equity kernels), for short decks and small questions.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from typing import Any

import numpy as np

from studeval.cards import CardsLike, format_cards, parse_cards
from studeval.equity.result import EquityResult, HiLoResult
from studeval.games import Game, get_game

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


# ---------------------------------------------------------------------------------------------
# Many hands at once, and equity by listing every deal

#: The reference evaluator of each kind of value (``studeval.games.KINDS``).
EVALUATORS: dict[str, Callable[[Iterable[int]], int]] = {
    "high": evaluate,
    "low": evaluate_low,
    "low8": evaluate_low8,
    "low27": evaluate_low27,
}


@cache
def _five_card_values(kind: str) -> np.ndarray:
    """The reference value of every five-card hand, by its ranks in ascending order (a base-13
    number) and whether it is a flush: the classes above look at nothing else. Rank multisets
    with a rank five times never occur (left 0)."""
    table = np.zeros((2, 13**5), dtype=np.int32)
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        code = sum(r * 13 ** (4 - i) for i, r in enumerate(ranks))
        # suits 0 1 2 3 0: never a flush, never a card twice
        table[0, code] = EVALUATORS[kind]([4 * r + i % 4 for i, r in enumerate(ranks)])
        if len(set(ranks)) == 5:
            table[1, code] = EVALUATORS[kind]([4 * r for r in ranks])
    return table


def evaluate_rows(hands: np.ndarray, kind: str) -> np.ndarray:
    """The reference value of ``kind`` of each row of ``hands`` (five to seven distinct cards):
    the best of its five-card subsets, each valued by the evaluator of the kind (tabulated once
    per rank multiset and flush). Equal to calling the evaluator row by row, without its
    seconds per thousand hands.

    >>> hands = np.array([[48, 44, 40, 36, 32, 0, 5], [0, 4, 8, 12, 17, 21, 50]], dtype=np.uint8)
    >>> evaluate_rows(hands, "high").tolist() == [evaluate(h) for h in hands.tolist()]
    True
    >>> evaluate_rows(hands, "low8").tolist() == [evaluate_low8(h) for h in hands.tolist()]
    True
    """
    table = _five_card_values(kind)
    hands = np.asarray(hands, dtype=np.int32)
    # each hand's cards by rank, so that each five of them come with their ranks in order
    cards = np.take_along_axis(hands, np.argsort(hands >> 2, axis=1), axis=1)
    ranks, suits = cards >> 2, 1 << (cards & 3)
    best = np.zeros(len(hands), dtype=np.int32)
    for five in itertools.combinations(range(hands.shape[1]), 5):
        code, flush = ranks[:, five[0]], suits[:, five[0]]
        for i in five[1:]:
            code, flush = code * 13 + ranks[:, i], flush & suits[:, i]
        np.maximum(best, table[(flush != 0).astype(np.intp), code], out=best)
    return best


def _shape(hands: list[list[int]], board: list[int], dead: list[int], game: Game) -> tuple[list[int], int, list[bool]]:
    """(private cards each player still gets, shared cards to come, who uses them), by the
    rules written out again: hold'em deals the rest of the board to everyone; in stud, when
    the live cards cannot give every player the rest of their cards, the seventh card is one
    community card for everyone without seven (R47)."""
    used = [c for h in hands for c in h] + board + dead
    if len(set(used)) != len(used):
        raise ValueError("a card is given twice")
    for h in hands:
        if len(h) > game.cards:
            raise ValueError(f"too many cards for the game: {format_cards(h)}")
    live = 52 - len(used)
    draws = [game.cards - len(h) for h in hands]
    if not game.stud:
        if len(board) > game.board:
            raise ValueError(f"too many board cards: {format_cards(board)}")
        shared = game.board - len(board)
        if sum(draws) + shared > live:
            raise ValueError("more players than the deck allows")
        return draws, shared, [True] * len(hands)
    if board:
        raise ValueError("stud has no board")
    if sum(draws) <= live:
        return draws, 0, [False] * len(hands)
    short = [max(0, 6 - len(h)) for h in hands]
    if game.cards == 7 and sum(short) + 1 <= live:
        return short, 1, [len(h) < 7 for h in hands]
    raise ValueError("more players than the deck allows")


def _every_deal(live: list[int], counts: list[int]) -> list[np.ndarray]:
    """Every way to draw ``counts[0]`` of the ``live`` cards, then ``counts[1]`` of the rest,
    and so on: for each draw, the index of its cards among ``itertools.combinations(live,
    count)``, one entry per deal.

    >>> [d.tolist() for d in _every_deal([7, 8, 9], [1, 2])]
    [[0, 1, 2], [2, 1, 0]]
    """
    indexes: list[np.ndarray] = []
    used = np.zeros(1, dtype=np.int64)  # each deal's cards so far, a bit per live card
    for count in counts:
        masks = np.array(
            [sum(1 << i for i in combo) for combo in itertools.combinations(range(len(live)), count)], dtype=np.int64
        )
        apart = (used[:, None] & masks[None, :]) == 0
        deal, pick = np.nonzero(apart)
        indexes = [index[deal] for index in indexes] + [pick]
        used = used[deal] | masks[pick]
    return indexes


def _values(
    known: list[int], shared: np.ndarray | None, own: np.ndarray | None, combos: list[np.ndarray], kinds: Sequence[str]
) -> list[np.ndarray]:
    """One player's value of each kind in every deal: the hands of the deals valued once each
    (a hand is the known cards, the shared cards it uses and its own draw)."""
    parts = [index for index in (shared, own) if index is not None]
    if not parts:
        values = [EVALUATORS[kind](known) for kind in kinds]
        return [np.array([v]) for v in values]
    code = parts[0].astype(np.int64)
    if len(parts) == 2:
        code = code * len(combos[1]) + parts[1]
    distinct, where = np.unique(code, return_inverse=True)
    columns = [np.tile(np.array(known, dtype=np.int64), (len(distinct), 1))]
    if len(parts) == 2:
        columns += [combos[0][distinct // len(combos[1])], combos[1][distinct % len(combos[1])]]
    else:
        columns.append(combos[0][distinct])
    hands = np.hstack(columns)
    return [evaluate_rows(hands, kind)[where] for kind in kinds]


def _winners(values: np.ndarray) -> np.ndarray:
    """(deals, players): true for the best value of a deal, among the values above 0 (0: no
    qualifying hand, an eight-or-better low missed)."""
    best = values.max(axis=1, keepdims=True)
    winners: np.ndarray = (values == best) & (best > 0)
    return winners


def brute_force_equity(
    players: Sequence[CardsLike], *, game: str | Game = "seven", dead: CardsLike = (), board: CardsLike = ()
) -> EquityResult | HiLoResult:
    """Equity by listing every deal: what :func:`studeval.equity.stud_equity` (and, with
    ``game="holdem"`` and a ``board``, :func:`~studeval.equity.holdem_equity`) answers, with
    the same result type and figures, written again from the rules and the reference
    evaluators.

    Each player is the cards known of them (text or ints, no ranges); the unknown cards of every
    hand, and the board to come, are each combination of the live cards (the 52 less every
    known and dead card) in turn: the shared cards first, then each player's. A pot goes to the
    best value of its kind, shared by ties; a hi-lo game splits it into a high half and a low
    half, the low half to the high when nobody's low qualifies. For short decks (many dead
    cards) and late streets: the deals are held in memory, a few million at most.

    >>> r = brute_force_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"])
    >>> r.deals, [round(e, 4) for e in r.equity]
    (1560, [0.4038, 0.5962])
    >>> r = brute_force_equity(["As 2h 3d 4c 9s 8h", "Kc Kd 8d 8s 5h 6h"], game="stud8")
    >>> type(r).__name__, round(sum(r.equity), 12), r.deals
    ('HiLoResult', 1.0, 1560)
    """
    start = time.perf_counter()
    found = get_game(game)
    hands = [parse_cards(p) for p in players]
    board_cards, dead_cards = parse_cards(board), parse_cards(dead)
    draws, shared, shares = _shape(hands, board_cards, dead_cards, found)
    taken = {c for h in hands for c in h} | set(board_cards) | set(dead_cards)
    live = [c for c in range(52) if c not in taken]
    counts = [shared, *draws]
    combos = [
        np.array(list(itertools.combinations(live, n)), dtype=np.int64).reshape(math.comb(len(live), n), n)
        for n in counts
    ]
    deal = _every_deal(live, counts)
    deals = len(deal[0])
    kinds = found.pot
    # per kind, (deals, players): each player's value in every deal
    values = [np.zeros((deals, len(hands)), dtype=np.int64) for _ in kinds]
    for p, h in enumerate(hands):
        with_shared = shares[p] and shared > 0
        used = [combos[0]] if with_shared else []
        own = deal[p + 1] if draws[p] else None
        if draws[p]:
            used.append(combos[p + 1])
        columns = _values(h + board_cards, deal[0] if with_shared else None, own, used, kinds)
        for k, column in enumerate(columns):
            values[k][:, p] = column
    about: dict[str, Any] = {
        "deals": deals,
        "method": "exact",
        "seconds": time.perf_counter() - start,
        "community_card": found.stud and shared > 0,
        "plan": "every deal listed (the slow reference)",
        "labels": tuple(format_cards(h) for h in hands),
    }
    players_n = len(hands)
    unit = 2 * math.lcm(*range(1, players_n + 1))  # a half shared k ways: a whole number of 1/unit
    high = _winners(values[0])
    if len(kinds) == 1:
        k = high.sum(axis=1, keepdims=True)
        share = (high * (unit // k)).sum(axis=0)
        return EquityResult(
            equity=tuple(int(s) / (unit * deals) for s in share),
            win=tuple(int(n) / deals for n in (high & (k == 1)).sum(axis=0)),
            tie=tuple(int(n) / deals for n in (high & (k > 1)).sum(axis=0)),
            stderr=(0.0,) * players_n,
            **about,
        )
    low = _winners(values[1])
    some_low = low.any(axis=1, keepdims=True)
    # the high half, or the whole pot when nobody has a low; the low half
    whole = high * np.where(some_low, unit // 2, unit) // high.sum(axis=1, keepdims=True)
    halves = low * (unit // 2) // np.maximum(low.sum(axis=1, keepdims=True), 1)
    pot = whole + halves
    return HiLoResult(
        equity=tuple(int(s) / (unit * deals) for s in pot.sum(axis=0)),
        high=tuple(int(n) / deals for n in high.sum(axis=0)),
        low=tuple(int(n) / deals for n in low.sum(axis=0)),
        scoop=tuple(int(n) / deals for n in (pot == unit).sum(axis=0)),
        no_low=int((~some_low).sum()) / deals,
        stderr=(0.0,) * players_n,
        **about,
    )
