"""Type stubs for studeval._unseen (compiled); use studeval.equity instead."""

import numpy as np
import numpy.typing as npt

KINDS: tuple[int, ...]

def headsup_unseen(
    live: npt.NDArray[np.uint8],
    known_a: npt.NDArray[np.uint8],
    draws_a: int,
    known_b: npt.NDArray[np.uint8],
    draws_b: int,
    kind: int = 0,
) -> tuple[int, int, int]: ...
def headsup_unseen_split(
    live: npt.NDArray[np.uint8],
    known_a: npt.NDArray[np.uint8],
    draws_a: int,
    known_b: npt.NDArray[np.uint8],
    draws_b: int,
) -> tuple[tuple[tuple[int, int, int], tuple[int, int, int]], tuple[tuple[int, int, int], tuple[int, int, int]]]: ...
def headsup_unseen_both(
    live: npt.NDArray[np.uint8],
    known_a: npt.NDArray[np.uint8],
    draws_a: int,
    known_b: npt.NDArray[np.uint8],
    draws_b: int,
    qualifier: bool,
) -> tuple[int, int]: ...
