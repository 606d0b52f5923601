"""The same jobs on a Dask cluster: hand evaluation, Monte Carlo equity and self-play.

An optional extra (``pip install "studeval[dask]"``); Dask is imported only when one of these
functions runs, so ``import studeval.distributed`` works without it and a missing extra shows
as an ImportError that names the command to install it.

* :func:`evaluate_batch` maps the evaluator over a ``dask.array`` of cards, block by block,
  and returns a lazy ``dask.array`` of hand values.
* :func:`stud_equity` and :func:`holdem_equity` split the Monte Carlo deals into tasks, each
  with its own stream spawned from one ``numpy.random.SeedSequence`` (each task the very task
  function the local threads run), and add their exact counts into one result
  (:class:`~studeval.equity.EquityResult`, or :class:`~studeval.equity.HiLoResult` for a
  hi-lo game). Ranges of hole cards are taken as locally; such a question runs as one task.
* :func:`starting_matchups` counts the full heads-up table of third-street starting hands,
  every pair of them exactly, one task per class of the first hand, into a CSV file.
* :func:`simulate` plays bot self-play in shards, each seeded the same way, writes the hand
  histories per shard, and merges the totals into a :class:`SimulationSummary`.

Each takes the arguments of the local function plus ``client=``: a ``dask.distributed.Client``
to run on; without one, a ``LocalCluster`` (one single-threaded worker process per core) is
started for the call and closed afterwards.
Its worker processes import the main script again, so a script
that calls these functions without a client must do so under ``if __name__ == "__main__":``;
without the guard the call raises RuntimeError saying so (:data:`MAIN_GUARD_MESSAGE`).

**The layout** decides the answer, never the cluster: the same seed and the same number of
tasks (shards) give the same result on any cluster, with workers lost and tasks retried on the
way. For equity the layout is exactly that of ``threads`` on one machine, so
``stud_equity(..., seed=s, tasks=t)`` here equals ``studeval.stud_equity(..., seed=s,
threads=t)`` (``studeval.equity.sharded_equity`` reproduces any ``t``); for self-play
:func:`shard_plan` gives each shard's seed and hand count, and ``studeval.game.simulate`` run
with them replays a shard.

>>> shard_plan(hands=10, shards=3, seed=1)[0][1], [n for _, n in shard_plan(10, 3, seed=1)]
(4, [4, 3, 3])
"""

from __future__ import annotations

import csv
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from studeval.cards import RANKS, CardsLike
from studeval.equity import DEFAULT_SAMPLES, MAX_TASKS, EquityResult, HiLoResult, check_tasks, sharded_equity
from studeval.games import HOLDEM, Game, get_game

if TYPE_CHECKING:
    import dask.array as da
    from distributed import Client

    from studeval.game import Structure
    from studeval.game.bots import Bot

__all__ = [
    "EQUITY_TASK_DEALS",
    "EVALUATE_BLOCK_ROWS",
    "MAIN_GUARD_MESSAGE",
    "SIMULATE_SHARD_HANDS",
    "SimulationSummary",
    "evaluate_batch",
    "holdem_equity",
    "shard_plan",
    "simulate",
    "stud_equity",
]

#: Monte Carlo deals per task when ``tasks`` is not given: a few tenths of a second on a core,
#: long enough that Dask's per-task cost (about a millisecond) does not show.
EQUITY_TASK_DEALS = 1 << 22
#: Self-play hands per shard when ``shards`` is not given (a few seconds of play).
SIMULATE_SHARD_HANDS = 5_000
#: Rows per block when :func:`evaluate_batch` is given a numpy array (16 MB of 7-card hands).
EVALUATE_BLOCK_ROWS = 1 << 21

_INSTALL = "pip install 'studeval[dask]'"


def _import(module: str) -> Any:
    """Import a Dask module, or say how to install the extra."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"studeval.distributed needs Dask ({module} is missing): {_INSTALL}") from exc


@contextmanager
def _connect(client: Client | None) -> Iterator[Client]:
    """The given client, or one on a LocalCluster that lives as long as the block."""
    dd = _import("distributed")
    if client is not None:
        if not isinstance(client, dd.Client):
            raise TypeError(f"client must be a dask.distributed.Client or None, got {client!r}")
        yield client
        return
    _check_main_guard()
    # single-threaded workers: every task is one CPU-bound stream, and processes avoid the GIL
    with (
        dd.LocalCluster(threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        dd.Client(cluster) as own,
    ):
        yield own


#: The error of a local cluster started from a script's top level without the main guard.
MAIN_GUARD_MESSAGE = (
    "studeval.distributed starts a local Dask cluster, whose worker processes import your "
    'script again: put the call under `if __name__ == "__main__":` (or pass client=)'
)


def _check_main_guard() -> None:
    """Refuse to start a local cluster from a script's top level without the main guard.

    Dask starts its workers by spawning fresh processes, each of which imports the main
    script again (as ``__mp_main__``): unguarded, the call runs again in every worker, which
    tries to start a cluster of its own before it has finished starting, and Dask prints a
    wall of "Nanny failed to start" tracebacks. So: in such a worker, refuse at once; in the
    script, find the frame of the main module's top level that leads to this call and see
    whether the line it runs is inside ``if __name__ == "__main__":`` (by the script's source).
    """
    import multiprocessing
    import sys

    main = sys.modules.get("__main__")
    if main is None:
        return
    if getattr(main, "__name__", "") == "__mp_main__" and multiprocessing.parent_process() is not None:
        raise RuntimeError(MAIN_GUARD_MESSAGE)
    path = getattr(main, "__file__", None)
    frame = sys._getframe(1)
    while frame is not None and not (frame.f_code.co_name == "<module>" and frame.f_globals is vars(main)):
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None or not path:  # not called from a script's top level (a notebook, python -c, a function)
        return
    if not _guarded(path, frame.f_lineno):
        raise RuntimeError(MAIN_GUARD_MESSAGE)


def _guarded(path: str, line: int) -> bool:
    """Whether ``line`` of the script at ``path`` is inside ``if __name__ == "__main__":``
    (True when the source cannot be read: then nothing is known to be wrong)."""
    import ast

    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return True
    return any(
        isinstance(node, ast.If)
        and _is_main_test(node.test)
        and node.body[0].lineno <= line <= (node.body[-1].end_lineno or node.body[-1].lineno)
        for node in ast.walk(tree)
    )


def _is_main_test(test: Any) -> bool:
    """``__name__ == "__main__"`` (either way round)."""
    import ast

    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    names = [isinstance(x, ast.Name) and x.id == "__name__" for x in sides]
    mains = [isinstance(x, ast.Constant) and x.value == "__main__" for x in sides]
    return (names[0] and mains[1]) or (names[1] and mains[0])


def _run_on(client: Client | None) -> Callable[[Callable[[Any], Any], Sequence[Any]], Iterator[Any]]:
    """A runner for ``sharded_equity``: the tasks on the cluster, results as they finish.

    The cluster is reached only when there is work, so bad input fails before one starts.
    """

    def run(task: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        dd = _import("distributed")
        with _connect(client) as c:
            # pure=False: every call gets fresh keys, never a cached result of another question
            futures = c.map(task, items, pure=False)
            try:
                for future in dd.as_completed(futures):
                    yield future.result()
                    future.release()
            finally:
                c.cancel(futures)  # type: ignore[no-untyped-call]  # (distributed is partly typed)

    return run


def evaluate_batch(hands: Any, *, threads: int | None = 1, client: Client | None = None, **kwargs: Any) -> da.Array:
    """:func:`studeval.evaluate_batch` over a ``dask.array``: lazily, one block at a time.

    ``hands`` is an (N, 5), (N, 6) or (N, 7) uint8 ``dask.array`` (from ``da.from_zarr``, a
    Parquet column stack, ...) or a numpy array (cut into blocks of
    :data:`EVALUATE_BLOCK_ROWS` rows). The rows may be chunked any way (even of unknown
    length); the card axis is joined into one chunk. The result is an (N,) ``dask.array`` of
    hand values with the local function's dtype, computed when asked, with ``threads``
    threads per block (Dask already runs blocks side by side). ``kwargs`` (``check=``,
    ``kind=`` ...) go to the local function, which checks them here, on an empty block. With
    ``client`` the result is persisted on that cluster (computing starts at once).

    >>> import numpy as np, pytest
    >>> da = pytest.importorskip("dask.array")  # the dask extra
    >>> cards = da.from_array(np.array([[48, 49, 50, 51, 44], [0, 4, 8, 12, 17]] * 3, dtype=np.uint8), chunks=(2, 5))
    >>> values = evaluate_batch(cards)
    >>> values.dtype, values.chunks, values.compute().tolist()
    (dtype('uint16'), ((2, 2, 2),), [7452, 5855, 7452, 5855, 7452, 5855])
    """
    dask_array = _import("dask.array")
    from studeval.evaluate import check_hand_array, check_threads
    from studeval.evaluate import evaluate_batch as local

    check_threads(threads)
    if isinstance(hands, np.ndarray):
        hands = dask_array.from_array(hands, chunks=(EVALUATE_BLOCK_ROWS, -1))
    if not isinstance(hands, dask_array.Array):
        raise TypeError(f"evaluate_batch takes a dask or numpy array of dtype uint8, got {type(hands).__name__}")
    check_hand_array(hands)  # the local function's checks, before a cluster is reached
    # the local function on no rows checks the options and tells the result's dtype
    meta = local(np.empty((0, hands.shape[1]), dtype=np.uint8), threads=1, **kwargs)
    if hands.numblocks[1] != 1:
        hands = hands.rechunk({1: -1})
    values = hands.map_blocks(
        local, threads=threads, **kwargs, drop_axis=1, chunks=(hands.chunks[0],), dtype=meta.dtype, meta=meta
    )
    if client is not None:
        with _connect(client) as c:
            values = c.persist(values)  # type: ignore[no-untyped-call]
    return values  # type: ignore[no-any-return]


def stud_equity(
    players: Sequence[CardsLike],
    *,
    game: str | Game = "seven",
    dead: CardsLike = (),
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    tasks: int | None = None,
    client: Client | None = None,
) -> EquityResult | HiLoResult:
    """:func:`studeval.stud_equity` on a Dask cluster, with the same arguments and result.

    Every argument the local function takes is taken here (ranges of hole cards, numpy
    ints ...) and checked the same way, before a cluster is reached. Monte Carlo runs as
    ``tasks`` tasks (default: one per :data:`EQUITY_TASK_DEALS` deals, at most
    :data:`~studeval.equity.MAX_TASKS`, the most ``tasks`` may be), task ``t`` with the
    stream ``SeedSequence(seed).spawn(tasks)[t]``; their exact counts are added into one
    result with its standard error, equal to the local ``stud_equity(..., seed=seed,
    threads=tasks)``. An exact answer runs as one task, on ``threads`` threads of one worker,
    and so does a question with ranges: its result is the local one for the same ``seed``
    and ``threads``. ``progress`` gets the fraction of tasks done.

    >>> r = stud_equity(["As Ah Kd", "Qc Qd 7s", "8h"], method="monte-carlo",
    ...                 samples=10**9, seed=1)  # doctest: +SKIP
    >>> r.deals, r.method  # doctest: +SKIP
    (1000000000, 'monte-carlo')
    """
    game = get_game(game, stud=True)  # sharded_equity takes hold'em too: not here
    if tasks is None:
        tasks = _default_tasks(samples)
    return sharded_equity(
        players, game=game, dead=dead, method=method, samples=samples, seed=seed, tasks=tasks,
        threads=threads, run=_run_on(client), progress=progress,
    )  # fmt: skip


def holdem_equity(
    hands: Sequence[CardsLike],
    *,
    board: CardsLike = (),
    dead: CardsLike = (),
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    tasks: int | None = None,
    client: Client | None = None,
) -> EquityResult:
    """:func:`studeval.holdem_equity` on a Dask cluster: tasks and seeds as :func:`stud_equity`.

    >>> from studeval.equity import sharded_equity
    >>> hands = ["As Ah", "Kd Kc", "Qs Qh", "Jc Jd"]
    >>> r = holdem_equity(hands, method="monte-carlo", samples=10**9, seed=1, tasks=240)  # doctest: +SKIP
    >>> here = sharded_equity(hands, game="holdem", method="monte-carlo", samples=10**9, seed=1, tasks=240)  # doctest: +SKIP
    >>> r.equity == here.equity, r.stderr == here.stderr  # doctest: +SKIP
    (True, True)
    """
    if tasks is None:
        tasks = _default_tasks(samples)
    result = sharded_equity(
        hands, game=HOLDEM, board=board, dead=dead, method=method, samples=samples, seed=seed,
        tasks=tasks, threads=threads, run=_run_on(client), progress=progress,
    )  # fmt: skip
    assert isinstance(result, EquityResult)  # hold'em has one winner per pot
    return result


def _default_tasks(samples: object) -> int:
    """One task per :data:`EQUITY_TASK_DEALS` deals, at most ``MAX_TASKS`` (bigger tasks past
    that); anything but a count of samples is left to the local checks, which refuse it."""
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 1:
        return 1
    return min(-(-int(samples) // EQUITY_TASK_DEALS), MAX_TASKS)


def _default_shards(hands: object) -> int:
    """One shard per :data:`SIMULATE_SHARD_HANDS` hands, at most ``MAX_TASKS`` (bigger shards
    past that); anything but a count of hands is left to :func:`shard_plan`, which refuses it."""
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        return 1
    return min(-(-hands // SIMULATE_SHARD_HANDS), MAX_TASKS)


@dataclass(frozen=True)
class SimulationSummary:
    """Totals of a self-play run, merged over its shards.

    ``net[i]`` is player i's (bot i's) result in chips, following the player round the seats
    as the seats rotate; ``showdowns`` counts the hands that went to a showdown, ``pot_total``
    the chips in every pot, ``seconds`` the wall time of the whole run.
    """

    game: str
    players: int
    hands: int
    shards: int
    net: tuple[int, ...]
    showdowns: int
    pot_total: int
    seconds: float


def shard_plan(hands: int, shards: int, seed: int | None = None) -> list[tuple[int, int]]:
    """(seed, hands) of every shard of a self-play run: the layout :func:`simulate` uses.

    Shard ``s`` plays ``hands // shards`` hands (one more for ``s < hands % shards``) with
    the 128-bit seed drawn from ``SeedSequence(seed).spawn(shards)[s]``; ``studeval.game.simulate``
    with that seed and count plays the same hands on one machine. ``seed=None`` draws fresh
    entropy (the shards still never share a stream). ``shards`` is an int from 1 to
    :data:`~studeval.equity.MAX_TASKS`, checked before any stream is made.

    >>> [n for _, n in shard_plan(7, 2, seed=5)], shard_plan(7, 2, seed=5) == shard_plan(7, 2, seed=5)
    ([4, 3], True)
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise ValueError(f"hands must be an int >= 0, got {hands!r}")
    shards = check_tasks(shards, name="shards")  # one seed stream each
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed must be a non-negative int or None, got {seed!r}")
    streams = np.random.SeedSequence(seed).spawn(shards)
    return [
        (int.from_bytes(s.generate_state(4, np.uint32).tobytes(), "little"), hands // shards + (k < hands % shards))
        for k, s in enumerate(streams)
    ]


def _play_shard(
    shard: int,
    seed: int,
    hands: int,
    game: str,
    players: int,
    structure: Structure | None,
    bots: Sequence[Bot] | None,
    out: str | None,
) -> dict[str, Any]:
    """One shard of self-play on a worker: its totals, and its histories under ``out``."""
    from studeval.game import dumps, simulate, to_phh

    fs = root = None
    if out is not None:
        fsspec = _import("fsspec")
        fs, root = fsspec.core.url_to_fs(out)
        root = f"{root}/shard-{shard:05d}"
        fs.makedirs(root, exist_ok=True)
    net = [0] * players
    showdowns = pot_total = 0
    for h, st in enumerate(simulate(game, players, hands, seed=seed, structure=structure, bots=bots)):
        if fs is not None:
            with fs.open(f"{root}/hand_{h + 1:06d}.phh", "w", encoding="utf-8") as f:
                f.write(dumps(to_phh(st, full=True)))
        for seat in range(st.n):
            net[(h + seat) % st.n] += st.stacks[seat] - st.starting_stacks[seat]  # seats rotate each hand
        showdowns += any(st.shown)
        pot_total += sum(st.totals)  # what the hand put in (st.pot is empty once paid)
    totals = {"shard": shard, "seed": seed, "hands": hands, "net": net, "showdowns": showdowns, "pot_total": pot_total}
    if fs is not None:
        with fs.open(f"{root}/summary.json", "w", encoding="utf-8") as f:
            json.dump(totals, f, indent=1)
    return totals


def simulate(
    game: str,
    players: int,
    hands: int,
    *,
    seed: int | None = None,
    structure: Structure | None = None,
    bots: Sequence[Bot] | None = None,
    out: str | os.PathLike[str] | None = None,
    shards: int | None = None,
    progress: Callable[[float], None] | None = None,
    client: Client | None = None,
) -> SimulationSummary:
    """:func:`studeval.game.simulate` split into shards over a Dask cluster; the merged totals.

    Shard ``s`` plays the hands :func:`shard_plan` gives it (default: one shard per
    :data:`SIMULATE_SHARD_HANDS` hands, at most :data:`~studeval.equity.MAX_TASKS` shards, the
    most ``shards`` may be), seats rotating from the first hand of the shard.
    With ``out`` (a directory every worker can write: a shared filesystem, or an fsspec URL
    such as ``s3://bucket/run``) shard ``s`` writes ``shard-0000s/hand_000001.phh`` ... and
    its ``summary.json``, and the run's merged ``summary.json`` goes to ``out``. ``bots``
    must pickle (module-level functions do). ``progress`` gets the fraction of shards done.

    >>> s = simulate("seven", players=3, hands=20_000, seed=1, out="run1")  # doctest: +SKIP
    >>> s.hands, s.shards, sum(s.net)  # doctest: +SKIP
    (20000, 4, 0)
    """
    from studeval.game import simulate as local

    # one hand here checks every argument the way the local function does, before a cluster starts
    next(
        local(
            game, players, min(hands, 1) if isinstance(hands, int) else hands, seed=0, structure=structure, bots=bots
        ),
        None,
    )
    plan = shard_plan(hands, _default_shards(hands) if shards is None else shards, seed)
    shards = len(plan)  # checked there: an int from 1 to MAX_TASKS
    if out is not None:
        out = os.fspath(out)
        if "://" not in out:
            out = os.path.abspath(out)  # a worker's working directory may be another
    start = time.perf_counter()
    dd = _import("distributed")
    net = [0] * players
    showdowns = pot_total = 0
    per_shard: list[dict[str, Any]] = []
    with _connect(client) as c:
        futures = [
            c.submit(_play_shard, s, sd, n, game, players, structure, bots, out, pure=False)
            for s, (sd, n) in enumerate(plan)
        ]
        try:
            for done, future in enumerate(dd.as_completed(futures), 1):
                totals = future.result()
                future.release()
                per_shard.append(totals)
                net = [a + b for a, b in zip(net, totals["net"], strict=True)]
                showdowns += totals["showdowns"]
                pot_total += totals["pot_total"]
                if progress:
                    progress(done / len(plan))
        finally:
            c.cancel(futures)  # type: ignore[no-untyped-call]  # (distributed is partly typed)
    summary = SimulationSummary(
        game, players, hands, shards, tuple(net), showdowns, pot_total, time.perf_counter() - start
    )
    if out is not None:
        fsspec = _import("fsspec")
        fs, root = fsspec.core.url_to_fs(out)
        fs.makedirs(root, exist_ok=True)
        with fs.open(f"{root}/summary.json", "w", encoding="utf-8") as f:
            json.dump({**asdict(summary), "shard_totals": sorted(per_shard, key=lambda t: t["shard"])}, f, indent=1)
    return summary


# ---- hand analysis (studeval.analysis), kept at the end of the module with its imports -------

from collections.abc import Iterable  # noqa: E402

if TYPE_CHECKING:
    from studeval.analysis import Report
    from studeval.game.phh import HandHistory

#: Hands per task of :func:`analyze` when ``chunk`` is not given (a few seconds of work).
ANALYZE_CHUNK_HANDS = 100
__all__ += ["ANALYZE_CHUNK_HANDS", "analyze"]


def _analyze_chunk(item: tuple[int, list[Any], str | None]) -> tuple[int, Any]:
    from studeval.analysis import analyze as local

    first, hands, hero = item
    return first, local(hands, hero=hero, first=first)


def analyze(
    histories: Iterable[HandHistory],
    *,
    hero: str | None = None,
    chunk: int = ANALYZE_CHUNK_HANDS,
    progress: Callable[[float], None] | None = None,
    client: Client | None = None,
) -> Report:
    """:func:`studeval.analysis.analyze` on a Dask cluster: the hands in tasks of ``chunk``
    hands each, the result equal to the local one (every equity is exact or seeded Monte
    Carlo on one thread, so a hand's figures do not depend on where it ran), hands and
    refused hands in the order given. ``progress`` gets the fraction of tasks done. The
    hands are read here and sent to the workers; the result holds every hand's analysis.

    >>> analyze([], chunk=0)
    Traceback (most recent call last):
    ...
    ValueError: chunk is the number of hands per task, an int >= 1, got 0
    """

    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk is the number of hands per task, an int >= 1, got {chunk!r}")
    if hero is not None and not isinstance(hero, str):
        raise TypeError(f"hero is a player's name or p1, p2, ..., got {hero!r}")
    items: list[tuple[int, list[Any], str | None]] = []
    part: list[Any] = []
    for k, hh in enumerate(histories, 1):
        part.append(hh)
        if len(part) == chunk:
            items.append((k - chunk + 1, part, hero))
            part = []
    if part:
        items.append((len(items) * chunk + 1, part, hero))
    return _reports_in_order(_analyze_chunk, items, progress, client)


def _reports_in_order(
    task: Callable[[Any], tuple[int, Report]],
    items: Sequence[Any],
    progress: Callable[[float], None] | None,
    client: Client | None,
) -> Report:
    """The tasks' reports, each keyed by its place, added in that order (they finish in any)."""
    from studeval.analysis import Report

    done: dict[int, Report] = {}
    for key, result in _run_on(client)(task, items) if items else ():
        done[key] = result
        if progress:
            progress(len(done) / len(items))
    total = Report()
    for key in sorted(done):
        total = total + done[key]
    return total


__all__ += ["analyze_export"]


def _analyze_partition(item: tuple[int, str, str | None]) -> tuple[int, Any]:
    import pyarrow.parquet as pq

    from studeval.analysis import analyze as local
    from studeval.game.phh import loads

    index, path, hero = item
    table = pq.read_table(path, columns=["id", "phh"])
    ids, texts = table.column("id").to_pylist(), table.column("phh").to_pylist()
    return index, local((loads(text) for text in texts), hero=hero, first=ids[0] if ids else 1)


def analyze_export(
    folder: str | os.PathLike[str],
    *,
    hero: str | None = None,
    progress: Callable[[float], None] | None = None,
    client: Client | None = None,
) -> Report:
    """:func:`studeval.analysis.analyze` of a hand database's Parquet export
    (:func:`studeval.db.export_parquet`: ``folder/hands/part-*.parquet``) on a Dask cluster,
    one task per partition: each worker reads its partition's PHH texts itself (the folder
    must be where the workers can read it: a shared file system, or the local cluster), so
    millions of hands never pass through this process. The result equals the local analysis
    of the same hands in the database's order.

    >>> analyze_export("/nowhere")
    Traceback (most recent call last):
    ...
    ValueError: /nowhere/hands holds no part-*.parquet files: write them with studeval db export --parquet
    """
    from pathlib import Path

    if hero is not None and not isinstance(hero, str):
        raise TypeError(f"hero is a player's name or p1, p2, ..., got {hero!r}")
    parts = sorted(Path(folder, "hands").glob("part-*.parquet"))
    if not parts:
        raise ValueError(
            f"{Path(folder, 'hands')} holds no part-*.parquet files: write them with studeval db export --parquet"
        )
    items = [(k, str(path.resolve()), hero) for k, path in enumerate(parts)]
    return _reports_in_order(_analyze_partition, items, progress, client)


# ---- the heads-up match-up table of starting hands (studeval.equity.tables) -----------------

__all__ += ["starting_matchups"]


def _count_matchups(item: tuple[tuple[int, ...], int, str, str]) -> list[list[str]]:
    from studeval.equity.tables import count_matchups, matchup_cells

    hero, sets, game, ranks = item
    return [matchup_cells(m, r) for m, r in count_matchups(hero, sets, game, ranks=ranks, threads=1)]


def starting_matchups(
    path: str | os.PathLike[str],
    game: str | Game = "seven",
    *,
    ranks: str = RANKS,
    progress: Callable[[float], None] | None = None,
    client: Client | None = None,
) -> int:
    """The full heads-up match-up table of third-street starting hands, exact, written to the
    CSV file ``path``; the number of match-up classes written.

    Every unordered pair of disjoint sets of three cards up to suit permutation (razz: pairs
    of rank multisets), each counted exactly against the other
    (:func:`studeval.equity.tables.count_matchups`): one task per class of the first hand
    (:func:`~studeval.equity.tables.starting_sets`, 1,755 in seven card stud), listing the
    match-ups its hand is the lesser of and counting them in ``equity_table`` calls. The columns are :func:`~studeval.equity.tables.matchup_columns`
    (both hands, the weight: the ordered deals of the two hands it stands for, and each
    player's figures); the rows come in the order the tasks finish. ``ranks`` takes a short
    deck (the other cards dead), ``progress`` the fraction of tasks done. docs/scaling.md
    gives the run time (seven card stud: 9,273,888 match-ups, about 105 CPU-hours measured on
    the 2-core development machine).

    >>> n = starting_matchups("seven.csv", "seven")  # doctest: +SKIP
    """
    from studeval.equity.tables import matchup_columns, starting_sets

    game = get_game(game, stud=True)
    items = [(hero, n, game.name, ranks) for hero, n in starting_sets(game, ranks=ranks)]  # checks the deck
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file name, got {path!r}")
    rows = 0
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(matchup_columns(game))
        for done, cells in enumerate(_run_on(client)(_count_matchups, items), 1):
            writer.writerows(cells)
            rows += len(cells)
            if progress:
                progress(done / len(items))
    return rows
