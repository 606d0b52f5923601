"""studeval.distributed on a LocalCluster of two worker processes: the same answers as one machine."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import numpy as np
import pytest
from clusters import cluster_client

from studeval import evaluate_batch as local_evaluate_batch
from studeval import holdem_equity as local_holdem
from studeval import stud_equity as local_stud
from studeval.equity import sharded_equity
from studeval.game import load, replay
from studeval.game import simulate as local_simulate

dd = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
sd = pytest.importorskip("studeval.distributed")

THREE_WAY = ["As Ah Kd", "Qc Qd 7s", "8h 8d"]


@pytest.fixture
def client() -> dd.Client:
    return cluster_client()  # one cluster for a run of tests that ask (tests/clusters.py)


def same(a, b) -> bool:
    """The same result: its type and every figure (hi-lo's too), deals, method, deck."""
    return type(a) is type(b) and (a.records(), a.deals, a.method, a.community_card) == (
        b.records(),
        b.deals,
        b.method,
        b.community_card,
    )


# ---- equity --------------------------------------------------------------------------------


@pytest.mark.parametrize(("samples", "tasks"), [(300_001, 1), (300_001, 3), (50_000, 7)])
def test_stud_monte_carlo_equals_local_threads(client, samples, tasks):
    on_cluster = sd.stud_equity(THREE_WAY, method="monte-carlo", samples=samples, seed=12, tasks=tasks, client=client)
    here = local_stud(THREE_WAY, method="monte-carlo", samples=samples, seed=12, threads=tasks)
    assert same(on_cluster, here)
    assert on_cluster.method == "monte-carlo" and on_cluster.deals == samples
    assert 0 < min(on_cluster.stderr) < 0.01


def test_layout_decides_the_answer(client):
    """Another task count is another (equally valid) answer; the same one repeats exactly."""
    a = sd.stud_equity(THREE_WAY, game="seven", method="monte-carlo", samples=40_000, seed=3, tasks=2, client=client)
    b = sd.stud_equity(THREE_WAY, game="seven", method="monte-carlo", samples=40_000, seed=3, tasks=2, client=client)
    c = sd.stud_equity(THREE_WAY, game="seven", method="monte-carlo", samples=40_000, seed=3, tasks=5, client=client)
    assert same(a, b)
    assert a.equity != c.equity
    # both estimate the same equities (well inside 6 standard errors)
    assert all(abs(x - y) < 6 * (s + t) for x, y, s, t in zip(a.equity, c.equity, a.stderr, c.stderr, strict=True))


def test_more_tasks_than_threads_reproduced_here(client):
    """Past THREAD_LIMIT threads, sharded_equity's own runner replays the layout on one machine."""
    tasks = 80  # more than the thread limit of a small machine (64)
    on_cluster = sd.stud_equity(
        ["Kc Kd", "Qs Qh", "2c 3c"],
        game="five",
        method="monte-carlo",
        samples=8_000,
        seed=9,
        tasks=tasks,
        client=client,
    )
    here = sharded_equity(
        ["Kc Kd", "Qs Qh", "2c 3c"], game="five", method="monte-carlo", samples=8_000, seed=9, tasks=tasks, threads=2
    )
    assert same(on_cluster, here)


def test_holdem_monte_carlo_equals_local(client):
    hands = ["As Ah", "Kd Kc", "Qs Qh", "7c 8c"]
    options = {"board": "2c 3d", "method": "monte-carlo", "samples": 100_000, "seed": 4}
    on_cluster = sd.holdem_equity(hands, tasks=4, client=client, **options)
    assert same(on_cluster, local_holdem(hands, threads=4, **options))
    assert abs(sum(on_cluster.equity) - 1) < 1e-12


def test_deck_exhaustion_community_card(client):
    """Eight players to seventh street share one community card, on the cluster as here."""
    players = [
        "2c 2d 3c 3d 4c 4d", "5c 5d 6c 6d 7c 7d", "8c 8d 9c 9d Tc Td", "Jc Jd Qc Qd Kc Kd",
        "Ac Ad 2h 2s 3h 3s", "4h 4s 5h 5s 6h 6s", "7h 7s 8h 8s 9h 9s", "Th",
    ]  # fmt: skip
    here = local_stud(players, method="monte-carlo", samples=20_000, seed=1, threads=2)
    on_cluster = sd.stud_equity(players, method="monte-carlo", samples=20_000, seed=1, tasks=2, client=client)
    assert on_cluster.community_card and same(on_cluster, here)


def test_exact_question_is_one_task(client):
    on_cluster = sd.stud_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"], client=client)
    here = local_stud(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"])
    assert same(on_cluster, here) and on_cluster.method == "exact" and on_cluster.deals == 1560
    assert same(
        sd.holdem_equity(["Ah As", "Kd Kc"], board="2c 7d 9h", client=client),
        local_holdem(["Ah As", "Kd Kc"], board="2c 7d 9h"),
    )


def test_ranges_and_numpy_ints_as_here(client):
    """Issue 17 item 11: the local arguments, ranges and numpy ints, taken on the cluster too;
    a question with ranges is one task (the local function), so its answer is the local one."""
    exact = ["As Ah Kd 2c 3c", "[KK, QQ+] Kc 7d 8h"]
    on_cluster = sd.stud_equity(exact, client=client)
    assert on_cluster.method == "exact" and same(on_cluster, local_stud(exact))
    ranged = ["As Ah Kd", "[KK, QQ+, AKs] Kc"]
    args = {"method": "monte-carlo", "samples": np.int64(20_000), "seed": np.int64(3), "threads": np.int64(1)}
    on_cluster = sd.stud_equity(ranged, game="razz", client=client, **args)
    here = local_stud(ranged, game="razz", **args)
    assert on_cluster.method == "monte-carlo" and same(on_cluster, here)
    # and the local answer against an independent Monte Carlo run (another seed): within 4
    # standard errors
    other = local_stud(ranged, game="razz", method="monte-carlo", samples=20_000, seed=99, threads=1)
    for a, b, sa, sb in zip(on_cluster.equity, other.equity, on_cluster.stderr, other.stderr, strict=True):
        assert abs(a - b) < 4 * (sa * sa + sb * sb) ** 0.5
    plain = sd.stud_equity(THREE_WAY, client=client, tasks=np.int64(2), **(args | {"threads": None}))
    assert same(plain, local_stud(THREE_WAY, **(args | {"threads": 2})))


def test_hold_em_ranges_and_hi_lo_as_here(client):
    """Issue 19 item 4: hold'em ranges were refused on the cluster (taken locally); a hi-lo
    result is the local one, figure by figure."""
    args = {"method": "monte-carlo", "samples": 20_000, "seed": 3, "threads": 1}
    ranged = ["[QQ+, AKs]", "Kd Kc", "7h 8h"]
    on_cluster = sd.holdem_equity(ranged, board="2c 7d 9h", client=client, **args)
    assert on_cluster.labels[0] == "[QQ+, AKs]" and same(on_cluster, local_holdem(ranged, board="2c 7d 9h", **args))
    hilo = ["As 2h 3d", "Kc 7d 8h", "Qd 9h 4s"]
    on_cluster = sd.stud_equity(hilo, game="stud8", tasks=3, client=client, **(args | {"threads": None}))
    assert same(on_cluster, local_stud(hilo, game="stud8", **(args | {"threads": 3})))
    assert on_cluster.scoop is not None


def test_progress_counts_tasks(client):
    seen: list[float] = []
    sd.stud_equity(
        THREE_WAY, method="monte-carlo", samples=10_000, seed=0, tasks=5, client=client, progress=seen.append
    )
    assert seen == [0.2, 0.4, 0.6, 0.8, 1.0]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"players": ["As", "As"]}, ValueError, "held by player 1 and player 2"),
        ({"players": ["As", "Kd"], "game": "omaha"}, ValueError, "unknown game 'omaha'"),
        ({"players": ["As", "Kd"], "tasks": 0}, ValueError, "tasks must be from 1 to 10000, got 0"),
        ({"players": ["As", "Kd"], "samples": 0}, ValueError, "samples must be at least 1, got 0"),
        ({"players": ["As", "Kd"], "method": "guess"}, ValueError, "unknown method 'guess'"),
        ({"players": ["As", "Kd"], "client": "tcp://x:8786", "method": "monte-carlo"}, TypeError, "client must be"),
    ],
)
def test_bad_equity_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        sd.stud_equity(**kwargs)


def test_worker_killed_mid_job_same_answer(client):
    """A worker process dies while tasks run: Dask reruns its tasks, the answer does not change."""
    client.wait_for_workers(2)
    pids = client.run(os.getpid)
    killed: list[int] = []

    def kill_one(fraction: float) -> None:
        if not killed:  # the first task is done; kill a worker that is running another one
            busy = {addr: keys for addr, keys in client.processing().items() if keys}
            addr = next(iter(busy))
            os.kill(pids[addr], getattr(signal, "SIGKILL", signal.SIGTERM))  # Windows: TerminateProcess
            killed.append(pids[addr])

    args = {"method": "monte-carlo", "samples": 6_000_000, "seed": 21}
    on_cluster = sd.stud_equity(THREE_WAY, client=client, progress=kill_one, tasks=12, **args)
    assert killed
    assert same(on_cluster, local_stud(THREE_WAY, threads=12, **args))
    client.wait_for_workers(2, timeout=30)  # the nanny restarts the process
    assert killed[0] not in client.run(os.getpid).values()


# ---- evaluate_batch ------------------------------------------------------------------------


def random_hands(n: int, width: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_evaluate_batch_blocks_equal_local(client, width):
    hands = random_hands(5_000, width, width)
    cards = da.from_array(hands, chunks=(1_234, 2))  # the card axis split too: joined for the kernel
    values = sd.evaluate_batch(cards)
    assert isinstance(values, da.Array)
    assert values.dtype == np.uint16 and values.chunks == ((1_234, 1_234, 1_234, 1_234, 64),)
    assert np.array_equal(values.compute(), local_evaluate_batch(hands))
    assert np.array_equal(sd.evaluate_batch(cards, client=client).compute(), local_evaluate_batch(hands))


def test_evaluate_batch_is_lazy_and_takes_unknown_lengths():
    hands = random_hands(3_000, 7, 1)
    calls: list[int] = []

    def block(i: int) -> np.ndarray:
        calls.append(i)
        return hands[1_000 * i : 1_000 * (i + 1)]

    import dask

    parts = [da.from_delayed(dask.delayed(block)(i), shape=(np.nan, 7), dtype=np.uint8) for i in range(3)]
    values = sd.evaluate_batch(da.concatenate(parts), check=False)
    assert calls == [] and np.isnan(values.shape[0])
    assert np.array_equal(values.compute(scheduler="sync"), local_evaluate_batch(hands))
    assert sorted(calls) == [0, 1, 2]


@pytest.mark.parametrize("kind", ["low", "low8"])
def test_evaluate_batch_every_kind(kind):
    """The lows of the stud family (once the core has them) go through the same blocks."""
    hands = random_hands(3_000, 7, 3)
    try:
        expected = local_evaluate_batch(hands, kind=kind)
    except TypeError:
        pytest.skip("this build's evaluate_batch has no kind= yet")
    values = sd.evaluate_batch(da.from_array(hands, chunks=(700, 7)), kind=kind)
    assert values.dtype == expected.dtype
    assert np.array_equal(values.compute(scheduler="sync"), expected)


def test_evaluate_batch_numpy_input_and_errors():
    hands = random_hands(100, 5, 2)
    assert np.array_equal(sd.evaluate_batch(hands).compute(scheduler="sync"), local_evaluate_batch(hands))
    with pytest.raises(TypeError, match="uint8 array, got dtype int64"):
        sd.evaluate_batch(da.zeros((4, 7), dtype=np.int64))
    with pytest.raises(ValueError, match=r"got \(4, 4\)"):
        sd.evaluate_batch(da.zeros((4, 4), dtype=np.uint8))
    with pytest.raises(TypeError, match="got list"):
        sd.evaluate_batch([[0, 1, 2, 3, 4]])
    with pytest.raises((TypeError, ValueError), match="kind|middle"):
        sd.evaluate_batch(hands, kind="middle")  # checked by the local function, before any block runs
    bad = hands.copy()
    bad[57, 3] = bad[57, 0]
    with pytest.raises(ValueError, match="row 57 of the array holds card"):
        sd.evaluate_batch(da.from_array(bad, chunks=(200, 5))).compute(scheduler="sync")


# ---- simulate ------------------------------------------------------------------------------


def test_simulate_shards_equal_local_runs(client, tmp_path):
    summary = sd.simulate("five", 3, 61, seed=8, shards=4, out=tmp_path, client=client)
    plan = sd.shard_plan(61, 4, seed=8)
    net = [0, 0, 0]
    showdowns = pot_total = 0
    for shard, (seed, hands) in enumerate(plan):
        states = list(local_simulate("five", 3, hands, seed=seed))
        files = sorted((tmp_path / f"shard-{shard:05d}").glob("hand_*.phh"))
        assert len(files) == hands == len(states)
        for h, (st, f) in enumerate(zip(states, files, strict=True)):
            assert replay(load(f)).stacks == st.stacks  # the written history replays to the same hand
            for seat in range(3):
                net[(h + seat) % 3] += st.stacks[seat] - st.starting_stacks[seat]
            showdowns += any(st.shown)
            pot_total += sum(st.totals)
        shard_totals = json.loads((tmp_path / f"shard-{shard:05d}" / "summary.json").read_text())
        assert shard_totals["hands"] == hands and shard_totals["seed"] == seed
    assert (summary.hands, summary.shards, summary.net, summary.showdowns, summary.pot_total) == (
        61,
        4,
        tuple(net),
        showdowns,
        pot_total,
    )
    assert sum(summary.net) == 0
    merged = json.loads((tmp_path / "summary.json").read_text())
    assert merged["net"] == list(net) and [t["shard"] for t in merged["shard_totals"]] == [0, 1, 2, 3]


def test_simulate_without_histories_and_progress(client):
    seen: list[float] = []
    a = sd.simulate("seven", 4, 30, seed=2, shards=3, client=client, progress=seen.append)
    b = sd.simulate("seven", 4, 30, seed=2, shards=3, client=client)
    assert seen == pytest.approx([1 / 3, 2 / 3, 1.0]) and a.net == b.net and a.hands == 30


def test_shard_plan():
    plan = sd.shard_plan(10, 4, seed=3)
    assert [n for _, n in plan] == [3, 3, 2, 2]
    assert len({s for s, _ in plan}) == 4 and plan == sd.shard_plan(10, 4, seed=3)
    assert plan != sd.shard_plan(10, 4, seed=4)
    with pytest.raises(ValueError, match="shards must be from 1 to 10000, got 0"):
        sd.shard_plan(10, 0)
    with pytest.raises(ValueError, match="seed must be a non-negative int or None, got -1"):
        sd.shard_plan(10, 2, seed=-1)


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        (("omaha", 2, 5), {}, "game 'omaha'"),
        (("five", 2, -1), {}, "hands must be an int >= 0, got -1"),
        (("five", 1, 5), {}, "1"),
    ],
)
def test_simulate_bad_input_before_any_cluster(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        sd.simulate(*args, **kwargs)


# ---- the extra ------------------------------------------------------------------------------


def test_missing_extra_says_how_to_install(monkeypatch):
    for name in ("distributed", "dask", "dask.array"):
        monkeypatch.setitem(sys.modules, name, None)  # import of it now fails
    with pytest.raises(ImportError, match=r"pip install 'studeval\[dask\]'"):
        sd.simulate("five", 2, 3, seed=1)
    with pytest.raises(ImportError, match=r"pip install 'studeval\[dask\]'"):
        sd.evaluate_batch(np.zeros((1, 5), dtype=np.uint8))
    with pytest.raises(ImportError, match=r"pip install 'studeval\[dask\]'"):
        sd.stud_equity(THREE_WAY, method="monte-carlo", samples=10, seed=1)


def test_importing_studeval_imports_no_dask():
    code = "import sys, studeval, studeval.equity, studeval.game, studeval.distributed; print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_local_cluster_when_no_client_is_given():
    """client=None starts a LocalCluster for the call and closes it afterwards."""
    r = sd.holdem_equity(["As Ah", "Kd Kc", "Qs Qh"], method="monte-carlo", samples=20_000, seed=5, tasks=2)
    assert same(r, local_holdem(["As Ah", "Kd Kc", "Qs Qh"], method="monte-carlo", samples=20_000, seed=5, threads=2))


def test_default_layout_is_one_task_per_task_size(client):
    """Without tasks=, the layout follows the samples only: ceil(samples / EQUITY_TASK_DEALS) tasks."""
    samples = sd.EQUITY_TASK_DEALS + 1  # two tasks
    hands = ["As Ah", "Kd Kc", "Qs Qh"]
    on_cluster = sd.holdem_equity(hands, method="monte-carlo", samples=samples, seed=6, client=client)
    assert same(on_cluster, local_holdem(hands, method="monte-carlo", samples=samples, seed=6, threads=2))


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"board": "2c"}, ValueError, "stud has no board: got board '2c'"),
        ({"progress": 3}, TypeError, "progress must be callable or None, got 3"),
        ({"tasks": True}, TypeError, "tasks must be an int, got True"),
        ({"seed": -2}, ValueError, "seed must be a non-negative int or None, got -2"),
        ({"threads": 0}, ValueError, "0"),
    ],
)
def test_sharded_equity_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        sharded_equity(THREE_WAY, method="monte-carlo", samples=100, **kwargs)


def test_simulate_relative_out_is_the_clients(client, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = sd.simulate("seven", 2, 5, seed=3, shards=2, out="run", client=client)
    assert len(list((tmp_path / "run").glob("shard-*/hand_*.phh"))) == 5 == s.hands
    assert json.loads((tmp_path / "run" / "summary.json").read_text())["hands"] == 5
