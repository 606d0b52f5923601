"""Type stubs for the compiled equity kernels (studeval._equity); use studeval.equity instead."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__test__: dict[str, str]  # Cython's table of docstrings for doctest

def binom(n: int, k: int) -> int: ...
def headsup_exact(
    live: npt.NDArray[np.uint8],
    known_a: npt.NDArray[np.uint8],
    draws_a: int,
    known_b: npt.NDArray[np.uint8],
    draws_b: int,
    threads: int | None = 1,
) -> tuple[int, int, int]: ...
def enumerate_exact(
    live: npt.NDArray[np.uint8],
    known: npt.NDArray[np.uint8],
    nknown: npt.NDArray[np.int32],
    draws: npt.NDArray[np.int32],
    community: int,
    shares: npt.NDArray[np.uint8],
    first_lo: int,
    first_hi: int,
    threads: int | None,
    wins: npt.NDArray[np.int64],
    ties: npt.NDArray[np.int64],
) -> None: ...
def board5_exact(
    live: npt.NDArray[np.uint8],
    known: npt.NDArray[np.uint8],
    nknown: npt.NDArray[np.int32],
    first_lo: int,
    first_hi: int,
    threads: int | None,
    wins: npt.NDArray[np.int64],
    ties: npt.NDArray[np.int64],
) -> None: ...
def monte_carlo(
    live: npt.NDArray[np.uint8],
    known: npt.NDArray[np.uint8],
    nknown: npt.NDArray[np.int32],
    draws: npt.NDArray[np.int32],
    community: int,
    shares: npt.NDArray[np.uint8],
    bit_generators: Sequence[np.random.BitGenerator],
    samples: npt.NDArray[np.int64],
    wins: npt.NDArray[np.int64],
    ties: npt.NDArray[np.int64],
) -> None: ...
