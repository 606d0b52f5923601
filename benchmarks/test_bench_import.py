"""What `import studeval` costs beyond numpy, in a fresh interpreter each round.

Run: python -m pytest benchmarks/test_bench_import.py --benchmark-only
"""

import subprocess
import sys

import pytest

CODE = """
import time, numpy
t = time.perf_counter()
import studeval
print(time.perf_counter() - t)
"""


@pytest.mark.benchmark(group="import studeval (beyond numpy), fresh interpreter")
def test_import_time(benchmark):
    # each round starts python, imports numpy untimed, then times `import studeval` alone
    def measure():
        out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True)
        return float(out.stdout)

    samples = []

    def one_round():
        samples.append(measure())

    benchmark.pedantic(one_round, rounds=15, warmup_rounds=1)
    samples.sort()
    benchmark.extra_info["median import seconds (in-process timer)"] = samples[len(samples) // 2]
