"""The batch kernel's portable paths (SSE2, vector extensions, plain C) agree with the
per-hand kernel. Only one path is compiled into an extension on a given machine, so each is
built here as a small C program; skipped where no C compiler is on PATH."""

import shutil
import subprocess
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent.parent
SRC = TESTS.parent / "src" / "studeval"
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


@pytest.mark.skipif(CC is None, reason="no C compiler on PATH")
@pytest.mark.parametrize("path", ["default", "STUD_BATCH_VECEXT", "STUD_BATCH_SCALAR"])
def test_batch_path_agrees_with_per_hand_kernel(path, tmp_path) -> None:
    if not (SRC / "_batch.h").exists():
        pytest.skip("needs the source tree")
    exe = tmp_path / "batch_paths"
    flags = [] if path == "default" else [f"-D{path}"]
    build = subprocess.run(
        [CC, "-O2", "-std=gnu99", *flags, f"-I{SRC}", str(TESTS / "c" / "batch_paths.c"), "-o", str(exe)],
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


@pytest.mark.skipif(MINGW is None, reason="no mingw-w64 cross compiler on PATH")
@pytest.mark.parametrize("path", ["default", "STUD_BATCH_INTRIN"])
def test_batch_paths_build_for_windows(path, tmp_path) -> None:
    """The Windows paths compile: mingw-w64's GCC path, and (STUD_BATCH_INTRIN) the MSVC one,
    __popcnt64 behind a CPUID check, from mingw-w64's <intrin.h>. Run with wine where it is."""
    if not (SRC / "_batch.h").exists():
        pytest.skip("needs the source tree")
    exe = tmp_path / "batch_paths.exe"
    flags = [] if path == "default" else [f"-D{path}"]
    source = str(TESTS / "c" / "batch_paths.c")
    build = subprocess.run(
        [MINGW, "-O2", "-std=gnu99", "-Wall", *flags, f"-I{SRC}", source, "-o", str(exe)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    wine = shutil.which("wine") or shutil.which("wine64")
    if wine:
        run = subprocess.run([wine, str(exe)], capture_output=True, text=True)
        assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout
