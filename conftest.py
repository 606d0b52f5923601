"""Doctests run against the installed studeval, whichever files or folders are named.

pytest imports a module for its doctests by path, and ``src/studeval/x.py`` is the source
tree, which has no compiled modules after a plain (non-editable) install: ``python -m pytest
src/studeval`` failed with "No module named 'studeval._core'" unless a test had imported the
installed package first. Importing the module by name before pytest does puts the installed
one in ``sys.modules``, where pytest's importlib mode takes it. With an editable install (or
``PYTHONPATH=src``) the installed module is the source file, as before.
"""

from __future__ import annotations

import contextlib
import importlib
from pathlib import Path

SRC = Path(__file__).resolve().parent / "src"


def module_name(path: Path) -> str | None:
    """The dotted name of a module file under src/studeval, else None. ``__main__.py`` is
    not a module to import (it runs the CLI), and pytest collects no doctests from it."""
    if path.suffix != ".py" or path.name == "__main__.py" or not path.is_relative_to(SRC / "studeval"):
        return None
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def pytest_collect_file(file_path: Path, parent: object) -> None:
    name = module_name(file_path)
    if name is not None:
        # a module that fails to import fails as before, in pytest's own import, with its error
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
