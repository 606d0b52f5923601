"""The same question as independent tasks, for ``studeval.distributed`` (a Dask cluster runs
them): the Monte Carlo tasks of :mod:`studeval.equity.montecarlo`, exactly those of the
threaded path, given to any ``map``.

>>> check_tasks(4)
4
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, cast

import numpy as np

from studeval.cards import CardsLike
from studeval.equity.counts import Counts, to_result
from studeval.equity.deal import DEFAULT_SAMPLES, Options, labels
from studeval.equity.montecarlo import MonteCarloJob, Task, layout, run_tasks, stopping, total
from studeval.equity.plan import plan
from studeval.equity.result import EquityResult, HiLoResult
from studeval.equity.solve import Question, answer
from studeval.games import Game

__all__ = ["MAX_TASKS", "Runner", "check_tasks", "sharded_equity"]

#: The most tasks a sharded job is split into (:func:`sharded_equity`, and the tasks and
#: shards of ``studeval.distributed``): each holds its own seed stream, here and on a
#: cluster's scheduler, so the count is checked before any is made.
MAX_TASKS = 10_000

#: ``run(task, items)``: a ``map`` that runs ``task(item)`` for each item, anywhere, in any
#: order, and yields the results.
Runner = Callable[[Callable[[Any], Any], Sequence[Any]], Iterable[Any]]


def check_tasks(tasks: object, *, name: str = "tasks") -> int:
    """The number of tasks (or shards) a job is split into: an int from 1 to
    :data:`MAX_TASKS` (numpy ints are taken, bools are not); ``name`` names it in the error.

    >>> check_tasks(4)
    4
    >>> check_tasks(10**9)
    Traceback (most recent call last):
    ValueError: tasks must be from 1 to 10000, got 1000000000
    """
    if isinstance(tasks, bool) or not isinstance(tasks, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {tasks!r}")
    if not 1 <= tasks <= MAX_TASKS:
        raise ValueError(f"{name} must be from 1 to {MAX_TASKS}, got {tasks}")
    return int(tasks)


def sharded_equity(
    players: Sequence[CardsLike],
    *,
    game: str | Game = "seven",
    board: CardsLike = (),
    dead: CardsLike = (),
    method: str = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    tasks: int = 1,
    threads: int | None = None,
    run: Runner | None = None,
    progress: Callable[[float], None] | None = None,
) -> EquityResult | HiLoResult:
    """:func:`stud_equity` (or, with ``game="holdem"``, :func:`holdem_equity`) as ``tasks`` tasks.

    The task layout: Monte Carlo task ``t`` of ``tasks`` deals ``samples // tasks`` deals (one
    more for ``t < samples % tasks``) with ``SFC64(SeedSequence(seed).spawn(tasks)[t])``, in
    the chunks the threaded path uses -- the very task function it runs -- so the exact
    counts, and the result, equal those of ``stud_equity(..., seed=seed, threads=tasks)``
    (``tasks`` is cut to ``samples`` as threads are). The counts of the tasks are added
    exactly (int64) and the result carries the standard error of the whole run. An exact
    answer is one task (``threads`` on it), and so is a question with ranges (the local
    function itself runs it: its result for the seed and ``threads``). Every argument is
    checked here as the local function checks it, before any task runs; ``tasks`` is an int
    from 1 to :data:`MAX_TASKS`.

    ``run(task, items)`` is a ``map``: it runs ``task(item)`` for each item (in any order,
    anywhere: ``task`` pickles, as Dask needs, and each item is one task's stream and deal
    count) and yields the results; by default a pool of ``threads`` threads in this process
    runs them (a single task runs in the calling thread). ``progress`` gets the fraction of
    the deals done (with ``run``: of the tasks).

    >>> from studeval.equity import holdem_equity
    >>> a = sharded_equity(["As Ah", "Kd Kc", "Qs Qh"], game="holdem", method="monte-carlo",
    ...                    samples=20_000, seed=7, tasks=4)
    >>> b = holdem_equity(["As Ah", "Kd Kc", "Qs Qh"], method="monte-carlo", samples=20_000, seed=7, threads=4)
    >>> a.equity == b.equity and a.stderr == b.stderr
    True
    """
    start = time.perf_counter()
    # every argument checked as the local function checks it, in its order, before any task
    question = Question.of(players, game=game, board=board, dead=dead)
    if any(question.ranges):
        # ranges: the options checked here, the rest of the checks (which hands of the ranges
        # are left, the exact budget) in the task, by the local function itself
        options, nthreads = Options(method, samples, seed, threads, progress).checked()
        exact = True
    else:
        deal = question.deal()
        options, nthreads, chosen = plan(deal, Options(method, samples, seed, threads, progress))
        exact = chosen.method == "exact"
    samples, seed = options.samples, options.seed
    tasks = check_tasks(tasks)
    if exact:
        # one task: the local function, threaded, on whichever machine runs it (ranges
        # included: their deals are drawn and counted there, reproducibly for a seed)
        def whole(_: object) -> EquityResult | HiLoResult:
            return answer(question, replace(options, progress=None))

        # in this process it runs in this thread, where Ctrl-C stops its kernels
        (result,) = [whole(None)] if run is None else run(whole, [None])
        if progress:
            progress(1.0)
        return replace(cast("EquityResult | HiLoResult", result), seconds=time.perf_counter() - start)
    job = MonteCarloJob.of(deal)
    items = layout(samples, seed, tasks)
    counts = run_tasks(job, items, nthreads, progress) if run is None else _run_elsewhere(job, items, run, progress)
    exhausted = deal.game.stud and deal.community == 1
    result = to_result(
        total(counts), deal.game, "monte-carlo", seconds=time.perf_counter() - start, community=exhausted
    )
    return replace(result, plan=chosen.reason, labels=labels(deal))


def _run_elsewhere(
    job: MonteCarloJob, items: list[Task], run: Runner, progress: Callable[[float], None] | None
) -> list[Counts]:
    """The tasks' counts from ``run``, in task order whatever order they finish in. Left
    early, the job's token stays stopped: its tasks in this process (an in-process cluster's)
    end at their next chunk."""
    counts: list[Counts | None] = [None] * len(items)
    with stopping(job.token):
        finished = 0
        for finished, result in enumerate(run(_Call(job), items), 1):
            task, c = cast("tuple[int, Counts]", result)
            counts[task] = c
            if progress:
                progress(finished / len(items))
    assert all(c is not None for c in counts), "the runner ran every task once"
    return cast("list[Counts]", counts)


class _Call:
    """The job on one task, with the task's index for putting the counts in order."""

    def __init__(self, job: MonteCarloJob) -> None:
        self.job = job

    def __call__(self, task: Task) -> tuple[int, Counts]:
        return task.index, self.job(task)
