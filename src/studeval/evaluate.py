"""Hand values and their meaning, high and low.

A hand value is an int 1..7462: higher is better, equal values are exactly equal hands,
7462 is a royal flush and 1 is 7-5-4-3-2 offsuit. The lows of the stud family: an
ace-to-five low (razz) is 1..6175, an eight-or-better low (stud hi-lo) 0 (none) or 1..56, a
deuce-to-seven low (2-7 razz) 1..7462, higher is better in each (:data:`BEST_VALUE`). Each
kind of value is an entry of :mod:`studeval.kinds`, which also says what the values mean;
this module is their typed API.

>>> v = evaluate("Kh Kd 7c 7s Ks 2d 3h")
>>> category(v).name, describe(v)
('FULL_HOUSE', 'Full house, kings full of sevens')
>>> format_cards(best_five("Kh Kd 7c 7s Ks 2d 3h"))
'Kd Kh Ks 7c 7s'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from studeval import _core
from studeval._core import (
    CATEGORY_FIRST_VALUE,
    THREAD_LIMIT,
    check_hand_array,
    check_threads,
    evaluate,
    evaluate_low,
    evaluate_low8,
    evaluate_low27,
    max_threads,
    simd_path,
    simd_paths,
)
from studeval.cards import CardsLike, format_cards, low_rank, parse_cards  # noqa: F401 (the examples show cards)
from studeval.games import STUD_GAMES, Game, get_game
from studeval.kinds import (
    BEST_VALUE,
    HAND_KINDS,
    KINDS,
    HandCategory,
    best_five,
    best_five_low,
    best_five_low27,
    category,
    describe,
    describe_low,
    describe_low27,
    showing_rank,
    showing_rank_low,
    showing_rank_low27,
)

__all__ = [
    "BEST_VALUE",
    "CATEGORY_FIRST_VALUE",
    "KINDS",
    "STUD_GAMES",
    "THREAD_LIMIT",
    "HandCategory",
    "best_five",
    "best_five_low",
    "best_five_low27",
    "bring_in_card",
    "category",
    "check_hand_array",
    "check_threads",
    "describe",
    "describe_low",
    "describe_low27",
    "evaluate",
    "evaluate_batch",
    "evaluate_low",
    "evaluate_low8",
    "evaluate_low27",
    "max_threads",
    "showing_rank",
    "showing_rank_low",
    "showing_rank_low27",
    "simd_path",
    "simd_paths",
]


def evaluate_batch(
    hands: npt.NDArray[np.uint8],
    *,
    threads: int | None = None,
    check: bool = True,
    kind: str = "high",
    simd: str | None = None,
) -> npt.NDArray[np.uint16]:
    """Values of many hands at once: an (N, 5), (N, 6) or (N, 7) uint8 array gives (N,) uint16.

    ``kind`` picks the value, by its name in :mod:`studeval.kinds`: ``"high"`` (as
    :func:`evaluate`, 1..7462), ``"low"`` (as :func:`evaluate_low`, 1..6175), ``"low8"`` (as
    :func:`evaluate_low8`, 0..56) or ``"low27"`` (as :func:`evaluate_low27`, 1..7462). The
    options are keywords only.

    Releases the GIL and splits the rows over ``threads`` (None: all cores). A byte above 51
    always raises ValueError naming its row; so does a card repeated within a row, unless
    ``check=False`` (for rows known to hold distinct cards: a repeated card then gives an
    unspecified value). The check costs the scalar kernel next to nothing where the CPU counts
    bits in one instruction (nearly everywhere), the AVX-512 one about a fifth of its time.

    ``simd`` picks the kernel's path: None the one :func:`simd_path` names (AVX-512 where the
    processor has it, NEON on arm64, else the scalar kernel; ``STUDEVAL_SIMD=0`` in the
    environment forces the scalar one), or a name from :func:`simd_paths`. Every path gives the
    same values.

    >>> evaluate_batch(np.array([[48, 49, 50, 51, 44], [0, 4, 8, 12, 17]], dtype=np.uint8)).tolist()
    [7452, 5855]
    >>> evaluate_batch(np.array([[48, 49, 50, 51, 44], [0, 4, 8, 12, 17]], dtype=np.uint8), simd="scalar").tolist()
    [7452, 5855]
    >>> evaluate_batch(np.array([[48, 49, 50, 51, 44], [0, 4, 8, 12, 51]], dtype=np.uint8), kind="low8").tolist()
    [0, 56]
    >>> evaluate_batch(np.array([[20, 13, 10, 7, 0], [20, 12, 8, 4, 0]], dtype=np.uint8), kind="low27").tolist()
    [7462, 1599]
    """
    found = HAND_KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        error: Any = ValueError if isinstance(kind, str) else TypeError
        raise error(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    return _core.evaluate_batch(hands, threads=threads, check=check, kind=found.code, simd=simd)


def bring_in_card(door_cards: CardsLike, game: str | Game = "seven") -> int:
    """The door card that brings in, as the game's registry entry says (its ``bring_in`` and
    ``aces``): the lowest one in seven card stud, five card stud and the hi-lo games (deuce
    low, ties by suit, clubs lowest), the highest one in razz (king high, aces low) and 2-7 razz
    (aces high), ties by suit, spades highest. ``game`` is one of :data:`STUD_GAMES`.

    >>> format_cards([bring_in_card("Kd 2h 2c As")])
    '2c'
    >>> format_cards([bring_in_card("Kd Kh 2c As", game="razz")])
    'Kh'
    >>> format_cards([bring_in_card("Kd Kh 2c As", game="razz27")])
    'As'
    """
    rules = get_game(game, stud=True)
    cards = parse_cards(door_cards)
    if not cards:
        raise ValueError("bring_in_card needs at least one door card")
    rank: Callable[[int], int] = low_rank if rules.aces == "low" else (lambda c: c >> 2)

    def order(card: int) -> tuple[int, int]:
        return rank(card), card & 3  # the rank, then the suit, clubs lowest

    return min(cards, key=order) if rules.bring_in == "lowest" else max(cards, key=order)
