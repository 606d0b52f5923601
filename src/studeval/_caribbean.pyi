"""Typed stubs of the banked game's analysis kernels (see studeval.caribbean)."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

class UpCardTables:
    """Counting tables of the dealer hands that hold one up card, over a deck of cards."""

    up: int
    deck_size: int
    def __init__(self, deck: npt.NDArray[np.uint8], up: int) -> None: ...
    def count_below(self, cards: Sequence[int], thresholds: Sequence[int]) -> list[int]: ...

class SixCardStore:
    """Per up card: dealer counts for every canonical six-card set (the change variant)."""

    rows: int
    def __init__(self, sets: npt.NDArray[np.uint8], index: npt.NDArray[np.int32]) -> None: ...
    def fill(self, tables: UpCardTables, sets: npt.NDArray[np.uint8], qualify: int, threads: int) -> None: ...
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
    threads: int,
) -> npt.NDArray[np.int64]: ...
