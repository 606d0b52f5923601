"""A scratch folder for tests of what commands write: a folder holding just a folder and a
file, the current folder while it lasts (shared by tests/cli and tests/fuzz; pytest's
``pythonpath`` setting puts tests/ on the path)."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_ROOT: list[Path] = []  # this process's workspace, made by the first test that asks for one


@contextmanager
def fresh_workspace() -> Iterator[Path]:
    """A folder holding only ``folder/`` (empty) and ``file.txt`` (``x``), the current folder
    while it lasts. One folder per process, emptied of what the last test made in it: a
    property test asks for hundreds, and making and removing folders is slow on some disks
    (4 ms a folder here)."""
    if not _ROOT:
        _ROOT.append(Path(tempfile.mkdtemp(prefix="workspace-")))
        atexit.register(shutil.rmtree, _ROOT[0], ignore_errors=True)
    root = _ROOT[0]
    _restore(root)
    cwd = os.getcwd()
    os.chdir(root)
    try:
        yield root
    finally:
        os.chdir(cwd)


def _restore(root: Path) -> None:
    """``root`` as a new workspace is: anything else in it or in its folder removed, the
    folder and the file made again unless they are still there as made."""
    for entry in os.scandir(root):
        if entry.name == "folder" and entry.is_dir(follow_symlinks=False):
            for inner in os.scandir(entry.path):
                _remove(inner)
        elif entry.name != "file.txt" or not entry.is_file(follow_symlinks=False):
            _remove(entry)
    (root / "folder").mkdir(exist_ok=True)
    if not (root / "file.txt").exists() or (root / "file.txt").read_text() != "x":
        (root / "file.txt").write_text("x")


def _remove(entry: os.DirEntry[str]) -> None:
    if entry.is_dir(follow_symlinks=False):
        shutil.rmtree(entry.path)
    else:
        os.unlink(entry.path)
