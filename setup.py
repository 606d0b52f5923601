"""Build the compiled extensions, with OpenMP where the compiler has it."""

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


def _compiles(compiler, flags, link_flags) -> bool:
    """Whether a tiny OpenMP program compiles and links with these flags."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "omp.c"
        src.write_text("#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n")
        try:
            objs = compiler.compile([str(src)], output_dir=tmp, extra_postargs=flags)
            compiler.link_executable(objs, str(Path(tmp) / "omp"), extra_postargs=link_flags)
        except Exception:
            return False
    return True


class BuildExt(build_ext):
    def build_extensions(self):
        msvc = self.compiler.compiler_type == "msvc"
        # -g0: no debug info (it would triple the size of the wheels)
        opt = ["/O2"] if msvc else ["-O3", "-g0", "-fno-strict-aliasing"]
        if os.environ.get("STUDEVAL_NATIVE") and not msvc:
            opt.append("-march=native")  # local builds only: wheels stay portable
        omp, omp_link = (["/openmp"], []) if msvc else (["-fopenmp"], ["-fopenmp"])
        if os.environ.get("STUDEVAL_NO_OPENMP") or not _compiles(self.compiler, omp, omp_link):
            omp, omp_link = [], []
            print("studeval: building without OpenMP (batch calls run on one thread)", file=sys.stderr)
        for ext in self.extensions:
            ext.extra_compile_args = opt + omp
            ext.extra_link_args = omp_link
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
    return cythonize(exts, compiler_directives={"language_level": "3"}, include_path=["src"])


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
