"""The batch kernel's portable paths (SSE2, vector extensions, plain C) agree with the
per-hand kernel. Only one path is compiled into an extension on a given machine, so each is
built here as a small C program (the tables' contents compiled once, apart); skipped where no
C compiler is on PATH. Each build also runs the vector paths (_batch_simd.h: AVX2, AVX-512)
that the processor has against the same, bad rows at every position of a batch among them."""

import shutil
import subprocess
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent.parent
SRC = TESTS.parent / "src" / "studeval"
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


def compile_tables(compiler: str, out: Path) -> Path:
    """The tables' contents as an object file (tests/c/tables_data.c), for each build of
    batch_paths.c to link: built once per compiler and session, as it takes most of a build's time."""
    if not (SRC / "_batch.h").exists():
        pytest.skip("needs the source tree")
    build = subprocess.run(
        [compiler, "-c", "-std=gnu99", f"-I{SRC}", str(TESTS / "c" / "tables_data.c"), "-o", str(out)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    return out


@pytest.fixture(scope="session")
def tables_object(tmp_path_factory) -> Path:
    """tests/c/tables_data.c compiled by the C compiler on PATH."""
    return compile_tables(CC, tmp_path_factory.mktemp("tables") / "tables_data.o")


@pytest.mark.skipif(CC is None, reason="no C compiler on PATH")
# STUD_NO_SIMD: the build of a machine without the vector paths (arm64, MSVC): scalar alone
@pytest.mark.parametrize("path", ["default", "STUD_BATCH_VECEXT", "STUD_BATCH_SCALAR", "STUD_NO_SIMD"])
def test_batch_path_agrees_with_per_hand_kernel(path, tables_object, tmp_path) -> None:
    exe = tmp_path / "batch_paths"
    flags = [] if path == "default" else [f"-D{path}"]
    source = str(TESTS / "c" / "batch_paths.c")
    build = subprocess.run(
        [CC, "-O2", "-std=gnu99", *flags, f"-I{SRC}", source, str(tables_object), "-o", str(exe)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout


@pytest.mark.skipif(CC is None, reason="no C compiler on PATH")
def test_subset_walk_against_direct_count(tmp_path) -> None:
    if not (SRC / "_subsets.h").exists():
        pytest.skip("needs the source tree")
    exe = tmp_path / "subset_walk"
    build = subprocess.run(
        [
            CC,
            "-O2",
            "-std=gnu99",
            "-Wall",
            "-Wextra",
            "-Werror",
            f"-I{SRC}",
            str(TESTS / "c" / "subset_walk.c"),
            "-o",
            str(exe),
        ],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout


MINGW = shutil.which("x86_64-w64-mingw32-gcc")


@pytest.fixture(scope="session")
def windows_tables_object(tmp_path_factory) -> Path:
    """tests/c/tables_data.c compiled by mingw-w64's GCC."""
    return compile_tables(MINGW, tmp_path_factory.mktemp("windows_tables") / "tables_data.o")


@pytest.mark.skipif(MINGW is None, reason="no mingw-w64 cross compiler on PATH")
@pytest.mark.parametrize("path", ["default", "STUD_BATCH_INTRIN"])
def test_batch_paths_build_for_windows(path, windows_tables_object, tmp_path) -> None:
    """The Windows paths compile: mingw-w64's GCC path, and (STUD_BATCH_INTRIN) the MSVC one,
    __popcnt64 behind a CPUID check, from mingw-w64's <intrin.h>. Run with wine where it is."""
    exe = tmp_path / "batch_paths.exe"
    flags = [] if path == "default" else [f"-D{path}"]
    source = str(TESTS / "c" / "batch_paths.c")
    build = subprocess.run(
        [MINGW, "-O2", "-std=gnu99", "-Wall", *flags, f"-I{SRC}", source, str(windows_tables_object), "-o", str(exe)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    wine = shutil.which("wine") or shutil.which("wine64")
    if wine:
        run = subprocess.run([wine, str(exe)], capture_output=True, text=True)
        assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout
