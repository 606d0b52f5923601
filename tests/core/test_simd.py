"""The batch kernel's vector paths (AVX-512, AVX2; NEON on arm64: studeval._core.simd_paths)
against the scalar kernel, bit for bit: every 5-card hand (every 6- and 7-card hand in the slow
run), millions of random hands of every kind and length, flush-heavy hands, every batch size up
to a few blocks, misaligned and non-contiguous arrays, and bad rows at every position of a
batch. On a machine without a vector path the comparisons run the scalar kernel against itself
(and say so in their ids). The NEON path is also tested under qemu from x86-64
(tests/core/test_kernel_paths.py)."""

from __future__ import annotations

import functools
import os
import subprocess
import sys

import numpy as np
import pytest

from studeval import _core
from studeval.dealing import random_hands

KINDS = [_core.KIND_HIGH, _core.KIND_LOW, _core.KIND_LOW8, _core.KIND_LOW27]
VECTOR_PATHS = [p for p in _core.simd_paths() if p != "scalar"] or ["scalar"]


def scalar(hands: np.ndarray, kind: int, check: bool = True) -> np.ndarray:
    return _core.evaluate_batch(hands, kind=kind, check=check, simd="scalar")


def test_paths_and_default() -> None:
    paths = _core.simd_paths()
    assert paths[0] == "scalar" and set(paths) <= set(_core.SIMD_NAMES)
    assert _core.simd_path() in paths
    # x86-64 paths or NEON (arm64), not both
    assert not ("neon" in paths and {"avx2", "avx512"} & set(paths))
    if os.environ.get("STUDEVAL_SIMD") is None:
        assert _core.simd_path() == fastest(paths)


def fastest(paths: tuple[str, ...]) -> str:
    """The path taken by default: AVX-512, NEON, else scalar (AVX2 only when asked)."""
    return "avx512" if "avx512" in paths else "neon" if "neon" in paths else "scalar"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("0", "scalar"),
        ("scalar", "scalar"),
        ("avx2", "avx2"),
        ("avx512", "avx512"),
        ("neon", "neon"),
        ("", None),
        ("1", None),
    ],
)
def test_environment_picks_the_path(value: str, expected: str | None) -> None:
    """STUDEVAL_SIMD, read at import: 0 forces the scalar kernel, a path's name that path (or
    for an x86-64 path the widest below it that the processor runs; for another processor's
    path the scalar kernel), empty or 1 the default."""
    paths = _core.simd_paths()
    if expected is None:
        expected = fastest(paths)
    elif expected not in paths:
        expected = "avx2" if expected == "avx512" and "avx2" in paths else "scalar"
    code = "import studeval._core as c; print(c.simd_path())"
    env = {**os.environ, "STUDEVAL_SIMD": value}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert run.stdout.strip() == expected


def test_path_argument_is_checked() -> None:
    hands = random_hands(3, 7)
    with pytest.raises(ValueError, match="simd must be None or one of"):
        _core.evaluate_batch(hands, simd="sse9")
    with pytest.raises(ValueError, match="simd must be None or one of"):
        _core.evaluate_batch(hands, simd=1)  # type: ignore[arg-type]
    missing = [p for p in _core.SIMD_NAMES if p not in _core.simd_paths()]
    for path in missing:
        with pytest.raises(ValueError, match="cannot run"):
            _core.evaluate_batch(hands, simd=path)


@pytest.mark.parametrize("path", VECTOR_PATHS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_five_card_hand(all_combinations, path: str, kind: int) -> None:
    for rows in all_combinations(52, 5):
        assert np.array_equal(_core.evaluate_batch(rows, kind=kind, simd=path), scalar(rows, kind))


@pytest.mark.slow  # 6-30 s (quiet or loaded machine), chunks of up to 18 M rows (about 250 MB)
@pytest.mark.parametrize("k", [6, 7])
def test_every_six_and_seven_card_hand(all_combinations, k: int) -> None:
    for rows in all_combinations(52, k):
        for kind in KINDS:
            want = scalar(rows, kind)
            for path in VECTOR_PATHS:
                assert np.array_equal(_core.evaluate_batch(rows, kind=kind, simd=path), want), (k, kind, path)


@functools.cache
def many_hands(k: int) -> np.ndarray:
    return random_hands(2_000_000, k, seed=100 + k)


@pytest.mark.parametrize("path", VECTOR_PATHS)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands(path: str, k: int) -> None:
    """Two million random hands (cards in random order) of each length, every kind, checked
    and not, one thread and all."""
    hands = many_hands(k)
    for kind in KINDS:
        want = scalar(hands, kind)
        for check in (True, False):
            for threads in (1, None):
                got = _core.evaluate_batch(hands, kind=kind, check=check, threads=threads, simd=path)
                assert np.array_equal(got, want), (kind, check, threads)


def flush_heavy(n: int, k: int, seed: int) -> np.ndarray:
    """Hands of k distinct cards from two suits (or one and a few more): most hold a flush,
    many a straight flush or a flush whose 2-7 low needs the exact path."""
    rng = np.random.default_rng(seed)
    suits = rng.integers(0, 4, size=(n, 1))
    other = (suits + rng.integers(1, 4, size=(n, 1))) % 4
    ranks = np.argsort(rng.random((n, 13)), axis=1)[:, :k]
    pick_other = rng.random((n, k)) < 0.25
    # the same rank in the other suit is another card: distinct as long as ranks are
    cards = 4 * ranks + np.where(pick_other, other, suits)
    return cards.astype(np.uint8)


@pytest.mark.parametrize("path", VECTOR_PATHS)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_flush_heavy_hands(path: str, k: int) -> None:
    hands = flush_heavy(300_000, k, seed=k)
    assert all(len(set(r)) == k for r in hands[:1000].tolist())
    for kind in KINDS:
        assert np.array_equal(_core.evaluate_batch(hands, kind=kind, simd=path), scalar(hands, kind)), kind


@pytest.mark.parametrize("path", VECTOR_PATHS)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_batch_size_and_layout(path: str, k: int) -> None:
    """Batches of 0 to 100 rows (whole blocks and tails), from a misaligned start, and
    non-contiguous arrays (every other row, columns reversed, Fortran order)."""
    hands = random_hands(300, k, seed=7 * k)
    buffer = np.zeros(300 * k + 1, dtype=np.uint8)
    buffer[1:] = hands.ravel()
    shifted = buffer[1:].reshape(300, k)  # starts one byte past the allocation's alignment
    assert shifted.ctypes.data % 2 == 1 or buffer.ctypes.data % 2 == 1
    for kind in KINDS:
        for n in range(101):
            got = _core.evaluate_batch(shifted[:n], kind=kind, simd=path)
            assert np.array_equal(got, scalar(hands[:n], kind)), (kind, n)
        for view in (hands[::2], hands[:, ::-1], np.asfortranarray(hands), shifted[1::3]):
            assert np.array_equal(_core.evaluate_batch(view, kind=kind, simd=path), scalar(view, kind))


@pytest.mark.parametrize("path", _core.simd_paths())
@pytest.mark.parametrize("k", [5, 7])
def test_bad_card_at_every_position(path: str, k: int) -> None:
    """A repeated card, the byte 52 and the byte 255 in each row of a batch of 9 blocks of 16
    and a tail (AVX-512 checks 64 rows at a time, then a block, then the tail goes to the
    scalar kernel), at each card position in turn: each path raises, naming that row."""
    rows = 150
    hands = random_hands(rows, k, seed=11)
    for at in range(rows):
        j = at % k
        for bad, what in ((int(hands[at, (j + 1) % k]), "twice"), (52, "not a card"), (255, "not a card")):
            broken = hands.copy()
            broken[at, j] = bad
            for kind in (_core.KIND_HIGH, _core.KIND_LOW8):
                with pytest.raises(ValueError, match=f"row {at} .*{what}"):
                    _core.evaluate_batch(broken, kind=kind, simd=path)
                if what == "not a card":  # caught without the check too
                    with pytest.raises(ValueError, match=f"row {at} "):
                        _core.evaluate_batch(broken, kind=kind, check=False, simd=path)


FIRST_BATCHES = """
import numpy as np
from studeval import _core as c
from studeval.dealing import random_hands
for width in (5, 6, 7):
    hands = random_hands(100_000, width, seed=width)
    for kind in (c.KIND_HIGH, c.KIND_LOW, c.KIND_LOW8, c.KIND_LOW27):
        got = c.evaluate_batch(hands, kind=kind, simd="avx512", threads=2)
        assert (got == c.evaluate_batch(hands, kind=kind, simd="scalar")).all(), (width, kind)
print("ok")
"""


@pytest.mark.skipif("avx512" not in _core.simd_paths(), reason="this processor has no AVX-512")
def test_first_batch_of_each_width_and_kind_fills_its_table() -> None:
    """The AVX-512 kernel's tables by rank multiset are filled by the first batch of their
    width and kind (none at import), before threads share it: in a fresh process, each first
    batch, on two threads, gives the scalar kernel's values."""
    run = subprocess.run([sys.executable, "-c", FIRST_BATCHES], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
