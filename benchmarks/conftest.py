"""Benchmark fixtures; benchmarks import their shared inputs from bench_inputs.py beside this file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # pytest runs in importlib mode

from bench_inputs import random_hands  # noqa: E402


@pytest.fixture(scope="session")
def hands7() -> list[list[int]]:
    return random_hands(1000, 7).tolist()


@pytest.fixture(scope="session")
def hands5() -> list[list[int]]:
    return random_hands(1000, 5, seed=5).tolist()
