"""Type stubs for studeval._matchups (compiled); use studeval.equity.equity_batch instead."""

import numpy as np
import numpy.typing as npt

__test__: dict[str, str]  # Cython's table of docstrings for doctest

#: The most cards a player of a match-up may still draw.
MAX_DRAWS: int
#: A match-up's columns per player: one kind decides the pot, or a high and a low half.
COLUMNS: tuple[str, ...]
HILO_COLUMNS: tuple[str, ...]

def headsup_batch(
    hands: npt.NDArray[np.int8],
    dead_cards: list[int],
    cards: int,
    kind: int,
    low_kind: int | None = None,
    threads: int | None = None,
) -> npt.NDArray[np.int64]: ...
def headsup_one(
    known_a: bytes, known_b: bytes, dead_cards: bytes, cards: int, kind: int, low_kind: int | None = None
) -> list[int]: ...
