"""Type stubs for the compiled core (studeval._core)."""

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

__test__: dict[str, str]  # Cython's table of docstrings for doctest
RANKS: str
MAX_CARDS: int
SUITS: str
SUIT_SYMBOLS: dict[str, str]
OPENMP: bool
THREAD_LIMIT: int
CATEGORY_FIRST_VALUE: tuple[int, ...]
KIND_HIGH: int
KIND_LOW: int
KIND_LOW8: int
KIND_LOW27: int
BEST_VALUE: dict[int, int]

def format_card(card: int) -> str: ...
def hand_class(kind: int, value: int) -> tuple[int, ...]: ...
def parse_cards(
    cards: str | int | Iterable[int | str] | npt.NDArray[np.integer], *, allow_duplicates: bool = False
) -> list[int]: ...
def evaluate(cards: str | Iterable[int | str] | npt.NDArray[np.integer]) -> int: ...
def evaluate_low(cards: str | Iterable[int | str] | npt.NDArray[np.integer]) -> int: ...
def evaluate_low8(cards: str | Iterable[int | str] | npt.NDArray[np.integer]) -> int: ...
def evaluate_low27(cards: str | Iterable[int | str] | npt.NDArray[np.integer]) -> int: ...
def evaluate_batch(
    hands: npt.NDArray[np.uint8],
    *,
    threads: int | None = None,
    check: bool = True,
    kind: int = 0,
) -> npt.NDArray[np.uint16]: ...
def check_hand_array(hands: Any) -> None: ...
def max_threads() -> int: ...
def check_threads(threads: int | None) -> int: ...
