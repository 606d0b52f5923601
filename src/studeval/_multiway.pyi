"""Type stubs for studeval._multiway (compiled); studeval.equity wires it in."""

from collections.abc import Iterable, Sequence

KINDS: dict[int, int]
MAX_COMPLETIONS: int
MAX_WORK: int
CHUNKS_PER_THREAD: int

def threeway_work(n: int, draws: Sequence[int]) -> int: ...
def threeway_counts(
    known: Sequence[Iterable[int]],
    dead: Iterable[int] = (),
    kind: int = 0,
    hand_size: int = 7,
    threads: int | None = None,
    max_work: int | None = ...,
) -> tuple[int, tuple[int, int, int], tuple[int, int, int], int]: ...
