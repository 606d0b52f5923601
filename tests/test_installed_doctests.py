"""Any part of the suite runs on its own against a plain (non-editable) install: the doctests
of ``src/studeval/x.py`` run against the installed module, not a source tree that has no
compiled modules (issue 18: ``python -m pytest src/studeval`` gave 24 collection errors
unless a test had imported studeval first)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import studeval

ROOT = Path(__file__).resolve().parents[1]
INSTALLED = Path(studeval.__file__).resolve().parent


def _source_tree_without_compiled_modules(where: Path) -> None:
    """The project's test set-up and Python sources, as a non-editable install leaves the
    checkout: src/studeval without the compiled modules, which live in site-packages."""
    for name in ("conftest.py", "pyproject.toml"):
        shutil.copy(ROOT / name, where / name)
    shutil.copytree(
        ROOT / "src" / "studeval",
        where / "src" / "studeval",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"),
    )


@pytest.mark.skipif(not (ROOT / "conftest.py").exists(), reason="needs the project's conftest.py and src/")
def test_doctests_of_a_source_file_run_against_the_installed_package(tmp_path: Path) -> None:
    _source_tree_without_compiled_modules(tmp_path)
    # the package is importable only from where it is installed (here maybe a checkout's src/,
    # which the copy stands in for)
    env = {**os.environ, "PYTHONPATH": str(INSTALLED.parent)}
    files = ["src/studeval/cards.py", "src/studeval/evaluate.py", "src/studeval/game/pots.py"]
    # without the plugins these doctests do not use: importing hypothesis was half of the run
    plugins = ["-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:benchmark"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", *plugins, "-n", "0", *files],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "passed" in run.stdout and "error" not in run.stdout.lower()
