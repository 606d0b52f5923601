"""studeval.distributed: the same job on the local threaded path and on a LocalCluster of 1 and 2 workers.

Run: python -m pytest benchmarks/test_bench_distributed.py --benchmark-only -p no:cacheprovider
(then python benchmarks/summarize.py on a --benchmark-json file for the tables of RESULTS.md).

Each group runs one job three or four ways: the local function on 2 threads (and on 1), and
studeval.distributed with a client on a LocalCluster of 1 and of 2 single-threaded worker
processes (started once per module, outside the timing). ``extra_info['items']`` is the hands
or deals of one round, so summarize.py prints a rate. For equity and evaluation one machine's
threaded path has nothing to gain from a cluster (pickling, the scheduler's round trips, copying
blocks between processes cost, and the cores are the same); self-play has no threaded local
path, so there 2 workers can beat the local loop. The figures show what the cluster costs, and
how close 2 workers come to 2x of 1.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # pytest runs in importlib mode

from bench_inputs import random_hands  # noqa: E402

import studeval  # noqa: E402
from studeval.game import simulate as local_simulate  # noqa: E402

dd = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
sd = pytest.importorskip("studeval.distributed")

THREE_WAY = ["As Ah Kd", "Qc Qd 7s", "Jh Tc 9c"]
MC_DEALS = 16 * 1_048_576
MC_TASKS = 8  # 2^21 deals a task: about 0.2 s on one core
EVAL_HANDS = 8_000_000
EVAL_BLOCK = 1_000_000
SIM_HANDS = 2_000
SIM_SHARDS = 4


@pytest.fixture(scope="module", params=[1, 2], ids=["1-worker", "2-workers"])
def client(request) -> Iterator[dd.Client]:
    with (
        dd.LocalCluster(
            n_workers=request.param, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        dd.Client(cluster) as c,
    ):
        yield c


@pytest.fixture(scope="module")
def hands7() -> np.ndarray:
    return random_hands(EVAL_HANDS, 7, seed=14)


def _run(benchmark, fn, items: int):
    benchmark.extra_info["items"] = items
    return benchmark.pedantic(fn, rounds=5, iterations=1, warmup_rounds=1)


# ---- Monte Carlo equity: 16 M deals, 3-way seven card stud, 3rd street ----------------------


@pytest.mark.benchmark(group="distributed: Monte Carlo 3-way stud, 16 M deals")
@pytest.mark.parametrize("threads", [1, 2], ids=["1 thread", "2 threads"])
def test_equity_local(benchmark, threads):
    r = _run(
        benchmark,
        lambda: studeval.stud_equity(THREE_WAY, method="monte-carlo", samples=MC_DEALS, seed=1, threads=threads),
        MC_DEALS,
    )
    assert r.deals == MC_DEALS


@pytest.mark.benchmark(group="distributed: Monte Carlo 3-way stud, 16 M deals")
def test_equity_dask(benchmark, client):
    r = _run(
        benchmark,
        lambda: sd.stud_equity(
            THREE_WAY, method="monte-carlo", samples=MC_DEALS, seed=1, tasks=MC_TASKS, client=client
        ),
        MC_DEALS,
    )
    assert (
        r.equity
        == studeval.stud_equity(THREE_WAY, method="monte-carlo", samples=MC_DEALS, seed=1, threads=MC_TASKS).equity
    )


# ---- batch evaluation: 8 M random 7-card hands ---------------------------------------------


@pytest.mark.benchmark(group="distributed: evaluate_batch, 8 M 7-card hands")
@pytest.mark.parametrize("threads", [1, 2], ids=["1 thread", "2 threads"])
def test_evaluate_local(benchmark, hands7, threads):
    _run(benchmark, lambda: studeval.evaluate_batch(hands7, threads=threads), EVAL_HANDS)


@pytest.mark.benchmark(group="distributed: evaluate_batch, 8 M 7-card hands")
def test_evaluate_dask(benchmark, hands7, client):
    # the hands live on the cluster already (as they would, read from Zarr or Parquet there)
    cards = client.persist(da.from_array(hands7, chunks=(EVAL_BLOCK, 7)))
    dd.wait(cards)
    values = _run(benchmark, lambda: sd.evaluate_batch(cards).sum().compute(), EVAL_HANDS)
    assert values == int(studeval.evaluate_batch(hands7).sum(dtype=np.int64))


# ---- self-play: 2,000 hands of 4-handed seven card stud ------------------------------------


@pytest.mark.benchmark(group="distributed: self-play, 2,000 hands 4-handed seven card stud")
def test_simulate_local(benchmark):
    _run(benchmark, lambda: sum(1 for _ in local_simulate("seven", 4, SIM_HANDS, seed=1)), SIM_HANDS)


@pytest.mark.benchmark(group="distributed: self-play, 2,000 hands 4-handed seven card stud")
def test_simulate_dask(benchmark, client):
    s = _run(benchmark, lambda: sd.simulate("seven", 4, SIM_HANDS, seed=1, shards=SIM_SHARDS, client=client), SIM_HANDS)
    assert s.hands == SIM_HANDS and sum(s.net) == 0
