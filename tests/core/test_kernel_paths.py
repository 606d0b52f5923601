"""The batch kernel's portable paths (SSE2, vector extensions, plain C) agree with the
per-hand kernel. Only one path is compiled into an extension on a given machine, so each is
built here as a small C program (the tables' contents compiled once, apart); skipped where no
C compiler is on PATH. Each build also runs the vector paths (_batch_simd.h: AVX2, AVX-512)
that the processor has against the same, bad rows at every position of a batch among them.
The arm64 build, NEON path included (_batch_neon.h), is cross-compiled and run under qemu
where aarch64-linux-gnu-gcc and qemu-aarch64 are installed (.ci/run installs them)."""

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
# STUD_NO_SIMD: the build of a machine without the vector paths (MSVC, x86-64 macOS): scalar alone
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


# arm64: the NEON path (_batch_neon.h), cross-compiled and run under qemu's user mode, the
# target's C library from the cross toolchain's sysroot (Debian: libc6-dev-arm64-cross)
AARCH64_CC = shutil.which("aarch64-linux-gnu-gcc")
QEMU_AARCH64 = shutil.which("qemu-aarch64")
AARCH64_SYSROOT = "/usr/aarch64-linux-gnu"
needs_arm64 = pytest.mark.skipif(
    AARCH64_CC is None or QEMU_AARCH64 is None or not Path(AARCH64_SYSROOT, "lib", "ld-linux-aarch64.so.1").exists(),
    reason="needs aarch64-linux-gnu-gcc and qemu-aarch64 on PATH and the arm64 C library in"
    f" {AARCH64_SYSROOT} (Debian: gcc-aarch64-linux-gnu, libc6-dev-arm64-cross, qemu-user) to test"
    " the NEON path",
)


@pytest.fixture(scope="session")
def arm64_tables_object(tmp_path_factory) -> Path:
    """tests/c/tables_data.c compiled for arm64."""
    return compile_tables(AARCH64_CC, tmp_path_factory.mktemp("arm64_tables") / "tables_data.o")


def build_arm64(source: str, tables: Path, tmp_path: Path, flags: tuple[str, ...] = ()) -> Path:
    """tests/c/<source> built for arm64 (warnings are errors: the NEON header compiles clean)."""
    exe = tmp_path / Path(source).stem
    build = subprocess.run(
        [
            AARCH64_CC,
            "-O2",
            "-std=gnu99",
            "-Wall",
            "-Wextra",
            "-Werror",
            *flags,
            f"-I{SRC}",
            str(TESTS / "c" / source),
            str(tables),
            "-o",
            str(exe),
        ],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    return exe


def run_arm64(exe: Path, *args: str) -> subprocess.CompletedProcess:
    """An arm64 program run under qemu-aarch64."""
    return subprocess.run(
        [QEMU_AARCH64, "-L", AARCH64_SYSROOT, str(exe), *args], capture_output=True, text=True, timeout=3600
    )


@needs_arm64
@pytest.mark.parametrize("path", ["default", "STUD_NO_SIMD"])
def test_batch_paths_on_arm64(path, arm64_tables_object, tmp_path) -> None:
    """batch_paths.c on arm64: the scalar kernel and the NEON path (path 3; STUD_NO_SIMD: the
    scalar kernel alone) against the per-hand kernels, random rows of every kind and length,
    every batch size, and bad rows at every position of a batch (a few seconds under qemu)."""
    flags = () if path == "default" else (f"-D{path}",)
    run = run_arm64(build_arm64("batch_paths.c", arm64_tables_object, tmp_path, flags))
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout
    ran = ["path", "0", "path", "3"] if path == "default" else ["path", "0"]
    assert run.stderr.split() == ran, run.stderr  # the paths the build has ran


# The NEON path against the scalar kernel over all hands (batch_all_hands.c), under qemu: every
# 5-, 6- and 7-card hand of every kind (627 million rows and kinds) took 100-115 s of a core
# (benchmarks/RESULTS.md), too long for the default run, so that is the slow one. The default
# one compares every 5-card hand of every kind and, of the 6- and 7-card hands, every 8th and
# every 32nd chunk of 65,536 in the order the subsets are listed, every kind (37 million rows
# and kinds, about 10 s of a core): the kernel has no branch on the cards but the flush lanes'
# (a block's work is the same whatever its hands), each of its instances (length, kind, check
# on or off) runs on millions of hands, and the chunks are spread over the whole list, every
# first card and rank pattern among them; batch_paths.c's random rows, flushes among them, and
# the bad rows at every position run each time too.
@needs_arm64
@pytest.mark.parametrize(
    "runs",
    [
        pytest.param([("5", "1"), ("6", "8"), ("7", "32")], id="every-5-card-hand-and-a-sample"),
        pytest.param([("567", "1")], id="every-hand", marks=pytest.mark.slow),
    ],
)
def test_neon_agrees_with_scalar_on_all_hands(runs, arm64_tables_object, tmp_path) -> None:
    exe = build_arm64("batch_all_hands.c", arm64_tables_object, tmp_path)
    for lengths, sample in runs:
        run = run_arm64(exe, lengths, "0123", sample)
        assert run.returncode == 0 and run.stdout.split()[-1:] == ["ok"], run.stdout
        assert run.stdout.startswith("path 3:"), run.stdout  # the NEON path, not the scalar one
