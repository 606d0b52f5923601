"""Build the compiled extensions, with OpenMP where the compiler has it.

Environment variables:

* ``STUDEVAL_NATIVE=1``: add ``-march=native`` (local builds only; wheels stay portable).
* ``STUDEVAL_NO_OPENMP=1``: build without OpenMP (batch calls then run on one thread).
* ``STUDEVAL_DEBUG=1``: a debug build for tests: Cython's ``boundscheck``, ``wraparound`` and
  ``initializedcheck`` on, ``-O0 -g`` (``-O1 -g`` with the address sanitizer), and the undefined-behaviour sanitizer
  (``-fsanitize=undefined -fno-sanitize-recover=undefined``, so undefined behaviour aborts the
  test run) where the compiler has it. ``STUDEVAL_DEBUG=asan`` adds the address sanitizer,
  which only works when its runtime is loaded first, so run Python with it preloaded::

      STUDEVAL_DEBUG=1 python setup.py build_ext --inplace --force
      python -m pytest

      STUDEVAL_DEBUG=asan python setup.py build_ext --inplace --force
      LD_PRELOAD=$(cc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 python -m pytest

  The plain undefined-behaviour build is the practical default (no preloading, any Python);
  the address build is opt-in. Rebuild without the variable (``--force``) to get the fast
  build back. Each sanitizer is probed like OpenMP and left out, with a note, where the
  compiler or its runtime is missing. The directives are set here only: no module sets them
  in its own source (a test checks), so the debug build checks every module.

A release build is stripped (``-s``, or ``-Wl,-x`` on macOS; MSVC keeps symbols out of the
.pyd anyway): the wheels carry no symbol tables.
"""

import os
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src" / "studeval"
# every compiled module: src/studeval/*.pyx (each may cimport studeval._core)
MODULES = sorted(p.stem for p in SRC.glob("*.pyx"))
DEBUG = os.environ.get("STUDEVAL_DEBUG", "").strip().lower()
if DEBUG in ("", "0"):
    DEBUG = ""
elif DEBUG not in ("1", "asan"):
    sys.exit(f"setup.py: STUDEVAL_DEBUG must be 1 or asan, got {DEBUG!r}")
# Cython's checks: off in the release build (the entry points check their arguments first)
CHECKS = bool(DEBUG)
DIRECTIVES = {"language_level": "3", "boundscheck": CHECKS, "wraparound": CHECKS, "initializedcheck": CHECKS}


def _compiles(compiler, flags, link_flags, source="int main(void) { return 0; }\n") -> bool:
    """Whether a tiny program compiles, links and runs with these flags."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.c"
        src.write_text(source)
        try:
            objs = compiler.compile([str(src)], output_dir=tmp, extra_postargs=flags)
            compiler.link_executable(objs, str(Path(tmp) / "probe"), extra_postargs=link_flags)
        except Exception:
            return False
    return True


OMP_PROBE = "#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n"


def _sanitizers(compiler) -> list[str]:
    """The -fsanitize flags of the debug build that this compiler has."""
    wanted = ["undefined"] + (["address"] if DEBUG == "asan" else [])
    flags = []
    for name in wanted:
        flag = f"-fsanitize={name}"
        if _compiles(compiler, [flag], [flag]):
            flags.append(flag)
        else:
            print(f"studeval: debug build without {flag} (the compiler lacks it)", file=sys.stderr)
    if "-fsanitize=undefined" in flags:
        flags.append("-fno-sanitize-recover=undefined")
    return flags


def _strip(compiler, msvc) -> list[str]:
    """Linker flags that leave the symbol tables out of a release build (MSVC keeps them out)."""
    if msvc:
        return []
    if sys.platform == "darwin":
        return ["-Wl,-x"]  # ld64: local symbols out (PyInit_* is global and stays)
    if _compiles(compiler, [], ["-s"]):  # GNU ld, gold, lld
        return ["-s"]
    return []


class BuildExt(build_ext):
    def build_extensions(self):
        msvc = self.compiler.compiler_type == "msvc"
        if DEBUG:
            # -O1 under the address sanitizer (its recommended level: -O0 made the casino tests
            # take hours); -O0 for the plain debug build, the one for stepping in a debugger
            level = "-O1" if DEBUG == "asan" else "-O0"
            opt = ["/Od", "/Zi"] if msvc else [level, "-g", "-UNDEBUG", "-fno-omit-frame-pointer"]
            sanitizers = [] if msvc else _sanitizers(self.compiler)
            opt += sanitizers
            link = [f for f in sanitizers if f.startswith("-fsanitize")]  # -g kept: no strip
        else:
            # -g0: no debug info (it would triple the size of the wheels)
            opt = ["/O2"] if msvc else ["-O3", "-g0", "-fno-strict-aliasing"]
            link = _strip(self.compiler, msvc)
        if os.environ.get("STUDEVAL_NATIVE") and not msvc:
            opt.append("-march=native")  # local builds only: wheels stay portable
        omp, omp_link = (["/openmp"], []) if msvc else (["-fopenmp"], ["-fopenmp"])
        if os.environ.get("STUDEVAL_NO_OPENMP") or not _compiles(self.compiler, omp, omp_link, OMP_PROBE):
            omp, omp_link = [], []
            print("studeval: building without OpenMP (batch calls run on one thread)", file=sys.stderr)
        for ext in self.extensions:
            ext.extra_compile_args = opt + omp
            ext.extra_link_args = omp_link + link
        super().build_extensions()


def extensions():
    from Cython.Build import cythonize

    exts = [
        Extension(
            f"studeval.{name}",
            [f"src/studeval/{name}.pyx"],
            include_dirs=["src/studeval"],
            depends=[str(p.relative_to(HERE)) for p in SRC.glob("*.h")],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        )
        for name in MODULES
    ]
    # the generated C depends on the directives: regenerate it when the build kind changes
    marker = HERE / "build" / "studeval-build-kind"
    kind = f"debug={DEBUG or 'off'}"
    force = not marker.exists() or marker.read_text() != kind
    out = cythonize(exts, compiler_directives=DIRECTIVES, include_path=["src"], force=force)
    marker.parent.mkdir(exist_ok=True)
    marker.write_text(kind)
    return out


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
