"""What the build and the wheel rest on: the Cython checks are set by setup.py alone, and the
files that ``cimport studeval._core`` needs ship in the package (and the table contents,
compiled into _core once, do not)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import studeval

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent.parent
SRC = ROOT / "src" / "studeval"
CHECKS = ("boundscheck", "wraparound", "initializedcheck")

pytestmark = pytest.mark.skipif(not (SRC / "_core.pyx").exists(), reason="needs the source tree")


def test_no_module_overrides_the_build_s_checks() -> None:
    # a header line, a decorator or a with block would switch a check off in the debug build
    for path in sorted(SRC.glob("*.pyx")) + sorted(SRC.glob("*.pxd")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0] if not line.lstrip().startswith("# cython:") else line
            for check in CHECKS:
                assert not re.search(rf"\b{check}\s*[=(]", code), f"{path.name}:{number} sets {check}: {line}"


def shipped() -> set[str]:
    """The names of src/studeval's files that [tool.setuptools.package-data] puts in a wheel."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["studeval"]
    return {p.name for pattern in patterns for p in SRC.glob(pattern)}


def included(name: str) -> set[str]:
    """The package's headers that a .pxd or header names, directly or through its includes."""
    text = (SRC / name).read_text()
    names = set(re.findall(r'cdef extern from "(\w+\.h)"', text)) | set(re.findall(r'#include "(\w+\.h)"', text))
    names -= {"Python.h"}  # CPython's own (the Ctrl-C helper's), not the package's
    for header in set(names):
        names |= included(header)
    return names


def test_the_wheel_carries_what_cimport_needs_and_no_table_contents() -> None:
    files = shipped()
    needed = {"_core.pxd"} | included("_core.pxd")
    assert {"_eval.h", "_tables.h", "_combin.h"} <= needed
    assert needed <= files, needed - files
    # the contents (1.5 MB of source) are compiled into _core; cimporters read them from there
    assert "_tables_data.h" not in files
    assert "_tables_data.h" not in needed


BUILD = """
from setuptools import Extension, setup
from Cython.Build import cythonize

ext = Extension("readme_cimport", ["readme_cimport.pyx"], include_dirs=["include/studeval"])
setup(ext_modules=cythonize([ext], include_path=["include"], quiet=True), script_args=["build_ext", "--inplace", "-q"])
"""

CHECK = """
import random, sys
sys.path.insert(0, ".")
import readme_cimport
from studeval import evaluate

rng = random.Random(18)
hands = [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(2000)]
assert all(readme_cimport.value(h) == evaluate(h) for h in hands)
print("ok")
"""


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler on PATH")
def test_readme_cimport_example_builds_from_the_shipped_files(tmp_path) -> None:
    """README's Cython example, compiled against the files a wheel ships (and nothing else
    of the source tree), agrees with studeval.evaluate."""
    pytest.importorskip("Cython")
    block = re.search(r"```cython\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert block, "README has no cython block"
    include = tmp_path / "include" / "studeval"
    include.mkdir(parents=True)
    (include / "__init__.py").write_text("")
    for name in shipped():
        shutil.copy(SRC / name, include / name)
    (tmp_path / "readme_cimport.pyx").write_text("# cython: language_level=3\n" + block.group(1))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["CFLAGS"] = "-O0"  # after Python's own flags: the check is that it builds and agrees, not speed
    build = subprocess.run([sys.executable, "-c", BUILD], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert build.returncode == 0, build.stderr[-3000:]
    # the example imports studeval._core at run time: this one, wherever the tests import it from
    env["PYTHONPATH"] = str(Path(studeval.__file__).resolve().parent.parent)
    run = subprocess.run([sys.executable, "-c", CHECK], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-3000:]
