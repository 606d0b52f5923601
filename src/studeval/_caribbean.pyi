"""Typed stubs of the banked game's analysis kernels (see studeval.caribbean)."""

import enum
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from typing_extensions import Self, disjoint_base

MONEY_BITS: int

class Slot(enum.IntEnum):
    """The accumulator layout of play_pass (int64[NSLOT])."""

    EV_BLOCK = 16
    EV_NO_CHANGE = 0
    EV_CHANGE = 16
    EV_FOLD = 0
    EV_NOT_QUALIFY = 1
    EV_PUSH = 2
    EV_DEALER_WINS = 3
    EV_WIN = 4
    EV_NOT_QUALIFY_PUSH = 14
    EV_NOT_QUALIFY_LOSS = 15
    ST_RAISE = 32
    ST_CHANGE = 33
    ST_TIES = 34
    ST_CAT_ALL = 35
    ST_CAT_CHANGE = 44
    ST_CAT_RAISE = 53
    ST_RAISE_AFTER_CHANGE = 62
    NSLOT = 64

@disjoint_base
class UpCardTables:
    """Counting tables of the dealer hands that hold one up card, over a deck of cards."""

    up: int
    deck_size: int
    deck_cards: bytes
    # a cdef class that takes its arguments in __cinit__: at runtime they go to __new__
    def __new__(cls, deck: npt.NDArray[np.uint8], up: int) -> Self: ...
    def count_below(self, cards: Sequence[int], thresholds: Sequence[int]) -> list[int]: ...

@disjoint_base
class SixCardStore:
    """Per up card: dealer counts for every canonical six-card set (the change variant)."""

    rows: int
    filled_for: UpCardTables | None
    filled_qualify: int
    filled_winning_antes: bool
    def __init__(self, sets: npt.NDArray[np.uint8], index: npt.NDArray[np.int32]) -> None: ...
    def fill(
        self,
        tables: UpCardTables,
        sets: npt.NDArray[np.uint8],
        qualify: int,
        threads: int | None,
        winning_antes: bool = False,
    ) -> None: ...
    def arrays(self) -> tuple[np.ndarray, ...]: ...

def canonical_hands(deck: npt.NDArray[np.uint8], k: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]: ...
def six_card_index(sets: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]: ...
def play_pass(
    tables: UpCardTables,
    store: SixCardStore | None,
    hands: npt.NDArray[np.uint8],
    orbit: npt.NDArray[np.uint8],
    deck: npt.NDArray[np.uint8],
    pay: Sequence[int],
    half: Sequence[int],
    D: int,
    qualify: int,
    mode: int,
    threshold: int,
    change: bool,
    threads: int | None,
    winning_antes: bool = False,
) -> npt.NDArray[np.int64]: ...
