"""Type stubs for studeval._matchups (compiled); use studeval.equity.equity_batch instead."""

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

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

#: The fields of the results SmallRoute writes, in their classes' order.
POT_FIELDS: tuple[str, ...]
HILO_FIELDS: tuple[str, ...]

@disjoint_base
class SmallRoute:
    def __init__(
        self,
        parse: Callable[[str], tuple[bytes, str] | None],
        game: Callable[[str], tuple[str, Any, int, int, int | None, bool] | None],
        plan: Callable[[bytes, bytes, bytes, Any, str, int, int | None, int | None], tuple[bool, str]],
        settings: Callable[[], object],
        pot_type: type,
        hilo_type: type,
        fields: tuple[tuple[str, ...], tuple[str, ...]],
        share_unit: int,
        max_text: int = 160,
        max_cached: int = 4096,
    ) -> None: ...
    def clear(self) -> None: ...
    def answer(
        self,
        players: object,
        game: object,
        dead: object,
        method: object,
        samples: object,
        seed: object,
        threads: object,
    ) -> Any: ...
    def answer_cards(
        self, a: bytes, b: bytes, dead: bytes, labels: tuple[str, ...], game: str, reason: str, start: float
    ) -> Any: ...
