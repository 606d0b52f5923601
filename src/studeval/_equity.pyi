"""Type stubs for the compiled equity kernels (studeval._equity); use studeval.equity instead."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__test__: dict[str, str]  # Cython's table of docstrings for doctest

#: Kernel codes by a game's ``pot`` as its kinds' codes (studeval.kinds: ``Kind.code``).
KERNELS: dict[tuple[int, ...], int]
#: Heads-up count keys by a kind's code, and "nolow_min", "nolow_max".
KEYS: dict[int | str, int]
#: A hi-lo pot share is counted in units of 1/HILO_SHARE_UNIT of a pot.
HILO_SHARE_UNIT: int
#: The columns of a hi-lo count: share, scoop, part, high, low.
HILO_COLUMNS: tuple[str, ...]

def check_signals_every() -> int: ...
def binom(n: int, k: int) -> int: ...
def headsup_exact(
    live: npt.NDArray[np.uint8],
    known_a: npt.NDArray[np.uint8],
    draws_a: int,
    known_b: npt.NDArray[np.uint8],
    draws_b: int,
    threads: int | None = 1,
    key_a: int = 0,
    key_b: int = 0,
    cancel: npt.NDArray[np.int32] | None = None,
) -> tuple[int, int, int]: ...
def headsup_dominance(
    live: npt.NDArray[np.uint8],
    known_a: npt.NDArray[np.uint8],
    draws_a: int,
    known_b: npt.NDArray[np.uint8],
    draws_b: int,
    key_first: int = 0,
    key_second: int = 2,
    threads: int | None = 1,
    cancel: npt.NDArray[np.int32] | None = None,
) -> tuple[int, int]: ...
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
    kernel: int = 0,
    hilo: npt.NDArray[np.int64] | None = None,
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
    kernel: int = 0,
    hilo: npt.NDArray[np.int64] | None = None,
    squares: npt.NDArray[np.float64] | None = None,
) -> None: ...
