"""Type stubs for studeval._multiway (compiled); studeval.equity wires it in."""

from collections.abc import Iterable, Sequence
from typing import Any

KINDS: dict[int, int]
MAX_COMPLETIONS: int
MAX_WORK: int
CHUNKS_PER_THREAD: int
HILO_PASSES: dict[bool, int]
MAX_DUAL_LOW_BYTES: int
MAX_HILO_WORK: int

def threeway_work(n: int, draws: Sequence[int]) -> int: ...
def threeway_counts(
    known: Sequence[Iterable[int]],
    dead: Iterable[int] = (),
    kind: int = 0,
    hand_size: int = 7,
    threads: int | None = None,
    max_work: int | None = ...,
) -> tuple[int, tuple[int, int, int], tuple[int, int, int], int]: ...
def threeway_hilo_work(n: int, draws: Sequence[int], qualifier: bool = True) -> int: ...
def threeway_hilo_counts(
    known: Sequence[Iterable[int]],
    dead: Iterable[int] = (),
    qualifier: bool = True,
    hand_size: int = 7,
    threads: int | None = None,
    max_work: int | None = ...,
) -> dict[str, Any]: ...
