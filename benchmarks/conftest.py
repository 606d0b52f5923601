"""Benchmark fixtures; benchmarks import their shared inputs from bench_inputs.py beside this file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # pytest runs in importlib mode

from bench_inputs import random_hands  # noqa: E402


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Benchmarks time one process on a machine left alone: the tests' workers (pyproject's
    ``-n auto``, pytest-xdist) would share the cores with them, and pytest-benchmark turns
    itself off under xdist. So a run of benchmarks/ has none."""
    if getattr(config.option, "numprocesses", None) is not None:
        config.option.numprocesses = 0
        config.option.dist = "no"


@pytest.fixture(scope="session")
def hands7() -> list[list[int]]:
    return random_hands(1000, 7).tolist()


@pytest.fixture(scope="session")
def hands5() -> list[list[int]]:
    return random_hands(1000, 5, seed=5).tolist()
