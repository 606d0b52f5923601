"""Type stubs for the compiled core (studeval._core)."""

from collections.abc import Iterable
from typing import Literal

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
KINDS: tuple[str, ...]
BEST_VALUE: dict[str, int]

def format_card(card: int) -> str: ...
def hand_class(kind: str, value: int) -> tuple[int, ...]: ...
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
    kind: Literal["high", "low", "low8", "low27"] = "high",
) -> npt.NDArray[np.uint16]: ...
def max_threads() -> int: ...
def check_threads(threads: int | None) -> int: ...
