"""MANIFEST.in is honest: the sdist carries every tracked file (the tests read docs/,
ARCHITECTURE.md, the hand histories in tests/game/data, ...) except the few left out on purpose.

The file list is what setuptools makes of MANIFEST.in, by its own template rules, without the
build that ``python -m build --sdist`` would run; CI also points ``STUDEVAL_SDIST`` at a real
sdist to check its members. Outside a git checkout (an unpacked sdist) there is nothing to
compare with, and the tests skip.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Tracked but not in the sdist: CI and editor settings, which no test reads (the sdist's own
# suite runs in CI from an unpacked sdist, so a test that read one would fail there).
LEFT_OUT = {".ci/run", ".clang-format", ".gitignore", ".pre-commit-config.yaml", "docs/.gitignore"}
LEFT_OUT_FOLDERS = (".github/",)
# Build products that must never ship: compiled modules and Cython's generated C.
BUILT = re.compile(r".*\.(so|pyd|pyc)|src/studeval/_\w+\.c")


def _tracked() -> set[str]:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout: nothing to compare the sdist with")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return {name for name in out.decode().split("\0") if name and (ROOT / name).is_file()}


def _manifest_files() -> set[str]:
    """The files MANIFEST.in selects from the working tree, as the sdist command reads it."""
    # setuptools is in every build environment, but a Python 3.12+ venv has none of its own
    egg_info = pytest.importorskip("setuptools.command.egg_info", reason="reads MANIFEST.in with setuptools")
    FileList = egg_info.FileList

    files = FileList()
    here = Path.cwd()
    os.chdir(ROOT)  # the template's patterns are relative to the project
    try:
        for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                files.process_template_line(line)
    finally:
        os.chdir(here)
    return {Path(name).as_posix() for name in files.files}


def _sdist_files(sdist: str) -> set[str]:
    with tarfile.open(sdist) as tar:
        # members are under "studeval-<version>/"
        return {m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile() and "/" in m.name}


@pytest.fixture(scope="module")
def shipped() -> set[str]:
    sdist = os.environ.get("STUDEVAL_SDIST")
    return _sdist_files(sdist) if sdist else _manifest_files()


def _missing(tracked: set[str], shipped: set[str]) -> list[str]:
    return sorted(n for n in tracked - shipped if n not in LEFT_OUT and not n.startswith(LEFT_OUT_FOLDERS))


def test_the_sdist_has_every_tracked_file(shipped: set[str]) -> None:
    missing = _missing(_tracked(), shipped)
    assert not missing, f"add these to MANIFEST.in (or to LEFT_OUT here, if no test reads them): {missing}"


def test_what_is_left_out_is_tracked_and_really_left_out(shipped: set[str]) -> None:
    tracked = _tracked()
    assert tracked >= LEFT_OUT, f"LEFT_OUT names files that are gone: {sorted(LEFT_OUT - tracked)}"
    assert not LEFT_OUT & shipped
    assert not [name for name in shipped if name.startswith(LEFT_OUT_FOLDERS)]


def test_the_sdist_has_no_build_products(shipped: set[str]) -> None:
    _tracked()  # only in a checkout, where the build leaves them beside the sources
    assert not sorted(name for name in shipped if BUILT.fullmatch(name))


def test_the_check_reports_a_file_left_out(shipped: set[str]) -> None:
    # not vacuous: without its hand histories the sdist is reported, and the CI folder is not
    tracked = _tracked()
    histories = {n for n in tracked if n.startswith("tests/game/data/")}
    assert histories and histories <= set(_missing(tracked, shipped - histories))
    assert ".github/workflows/new.yml" not in _missing(tracked | {".github/workflows/new.yml"}, shipped)
