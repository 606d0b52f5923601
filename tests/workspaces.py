"""A scratch folder for tests of what commands write: a new folder holding a folder and a
file, the current folder while it lasts (shared by tests/cli and tests/fuzz; pytest's
``pythonpath`` setting puts tests/ on the path)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def fresh_workspace() -> Iterator[Path]:
    """A new folder holding ``folder/`` and ``file.txt``, the current folder while it lasts."""
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as name:
        root = Path(name)
        (root / "folder").mkdir()
        (root / "file.txt").write_text("x")
        os.chdir(root)
        try:
            yield root
        finally:
            os.chdir(cwd)
