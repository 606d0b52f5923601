"""Monte Carlo: one task function that the local threads and every sharded job run.

A run of ``samples`` deals with ``seed`` is laid out as tasks (:func:`layout`): task ``t`` of
``n`` deals ``samples // n`` deals (one more for ``t < samples % n``) with the bit generator
``SFC64(SeedSequence(seed).spawn(n)[t])``, in chunks of a fixed size. A :class:`MonteCarloJob`
is the deal in the kernel's form; called on a :class:`Task` it deals the task's deals and
returns their :class:`~studeval.equity.counts.Counts`. It pickles, so a Dask cluster runs it
as it is (:func:`studeval.equity.sharded_equity`); here :func:`run_tasks` runs the tasks on a
pool of threads (the kernel releases the GIL), or in the calling thread for one task. The
counts are exact integers (and, hi-lo, float sums of squares added in task order), so a seed
and a task count give the same result wherever the tasks run.

>>> from studeval.equity.deal import stud_deal
>>> from studeval.games import get_game
>>> deal = stud_deal([[51, 50, 45], [43, 42, 23]], get_game("seven"), [])
>>> a = monte_carlo(deal, 20_000, 7, 2, None)
>>> job, tasks = MonteCarloJob.of(deal), layout(20_000, 7, 2)
>>> b = total(job(t) for t in tasks)
>>> a.deals, (a.wins == b.wins).all()
(20000, np.True_)
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from studeval import _equity
from studeval.equity.counts import Counts
from studeval.equity.deal import Deal, kernel
from studeval.equity.exact import PROGRESS_POLL

__all__ = ["CHUNK", "STOPPED", "MonteCarloJob", "Task", "job_token", "layout", "monte_carlo", "run_tasks", "total"]

#: Deals per kernel call of a task: between chunks a task checks whether its job was stopped
#: and reports its progress. Fixed, so that the result for a seed does not depend on either.
CHUNK = 1 << 18
#: The tokens of the jobs stopped (Ctrl-C, an error) whose tasks may still be running in this
#: process: each such task ends at its next chunk. A job that ends normally leaves none, and
#: a job whose tasks ran here removes its token once they have all ended; only a job whose
#: tasks another runner had (a Dask cluster, which may run them in this process) keeps it.
STOPPED: set[int] = set()
_TOKENS = itertools.count()


@dataclass(frozen=True)
class Task:
    """One task of a run: its place in the layout, its seed stream and its number of deals."""

    index: int
    stream: np.random.SeedSequence
    deals: int


def layout(samples: int, seed: int | None, tasks: int) -> list[Task]:
    """The tasks of ``samples`` deals with ``seed`` cut into ``tasks`` (at most ``samples``).

    >>> [t.deals for t in layout(10, 1, 4)]
    [3, 3, 2, 2]
    """
    tasks = max(1, min(tasks, samples))
    streams = np.random.SeedSequence(seed).spawn(tasks)
    return [Task(t, streams[t], samples // tasks + (t < samples % tasks)) for t in range(tasks)]


def job_token() -> int:
    """A new job's stop token (an int pickles, and a task on another machine carries a copy
    of nothing: it ends with its deals)."""
    return next(_TOKENS)


@dataclass(frozen=True, eq=False)
class MonteCarloJob:
    """A deal in the Monte Carlo kernel's form: call it on a :class:`Task` for its counts."""

    live: np.ndarray[Any, np.dtype[np.uint8]]
    known: np.ndarray[Any, np.dtype[np.uint8]]
    nknown: np.ndarray[Any, np.dtype[np.int32]]
    draws: np.ndarray[Any, np.dtype[np.int32]]
    shares: np.ndarray[Any, np.dtype[np.uint8]]
    community: int
    kernel: int
    hilo: bool
    token: int

    @classmethod
    def of(cls, deal: Deal, token: int | None = None) -> MonteCarloJob:
        """The job of a deal; ``token`` the job's stop token (default: a new one)."""
        live, known, nknown, draws, shares = deal.arrays()
        return cls(
            live,
            known,
            nknown,
            draws,
            shares,
            deal.community,
            kernel(deal.game),
            deal.game.hilo,
            job_token() if token is None else token,
        )

    @property
    def players(self) -> int:
        return len(self.nknown)

    def __call__(self, task: Task, on_chunk: Callable[[int], None] | None = None) -> Counts:
        """Deal the task's deals in chunks of :data:`CHUNK`; ``on_chunk`` gets the deals of each
        chunk done. Raises KeyboardInterrupt between chunks once the job is stopped."""
        P = self.players
        generator = [np.random.SFC64(task.stream)]
        wins = np.zeros((1, P), dtype=np.int64)
        ties = np.zeros((1, P, P + 1), dtype=np.int64)
        hl = np.zeros((1, P, len(_equity.HILO_COLUMNS)), dtype=np.int64) if self.hilo else None
        squares = np.zeros((1, P)) if self.hilo else None
        for done in range(0, task.deals, CHUNK):
            if self.token in STOPPED:
                raise KeyboardInterrupt("the equity job was stopped")
            chunk = min(CHUNK, task.deals - done)
            _equity.monte_carlo(
                self.live,
                self.known,
                self.nknown,
                self.draws,
                self.community,
                self.shares,
                generator,
                np.array([chunk], dtype=np.int64),
                wins,
                ties,
                self.kernel,
                hl,
                squares,
            )
            if on_chunk is not None:
                on_chunk(chunk)
        counts = Counts(P, self.hilo)
        counts.wins, counts.ties, counts.deals = wins[0], ties[0], task.deals
        if hl is not None and squares is not None:
            counts.hilo, counts.squares = hl[0], squares[0]
        return counts


def total(counts: Iterable[Counts]) -> Counts:
    """The counts of a run's tasks added, in the order given (the task order: float sums of
    squares then add up the same way every time)."""
    out: Counts | None = None
    for c in counts:
        if out is None:
            out = Counts(len(c.wins), c.hilo is not None)
        out.add(c)
    assert out is not None, "a run has at least one task"
    return out


@contextmanager
def stopping(token: int) -> Iterator[None]:
    """Stop the job's tasks in this process when the body is left early (Ctrl-C, an error)."""
    try:
        yield
    except BaseException:
        STOPPED.add(token)
        raise


def run_tasks(
    job: MonteCarloJob, tasks: list[Task], threads: int, progress: Callable[[float], None] | None
) -> list[Counts]:
    """Every task's counts, in task order: one task in the calling thread (where Ctrl-C stops
    the kernel itself), more on a pool of ``threads`` threads while this thread reports
    progress (the fraction of deals done) and, interrupted, stops the tasks at their next
    chunk. The job's token is gone from :data:`STOPPED` when this returns or raises."""
    deals = sum(t.deals for t in tasks)
    done = 0
    lock = threading.Lock()

    def on_chunk(n: int) -> None:
        nonlocal done
        with lock:
            done += n

    def report(n: int) -> None:  # in the calling thread: progress at once
        on_chunk(n)
        if progress is not None:
            progress(done / deals)

    try:
        if len(tasks) == 1:
            return [job(tasks[0], report if progress else None)]
        pool = ThreadPoolExecutor(max(1, min(threads, len(tasks))))
        try:
            with stopping(job.token):
                futures = [pool.submit(job, t, on_chunk) for t in tasks]
                pending = set(futures)
                reported = 0
                while pending:
                    # woken by each task's end, and between ends every poll
                    timeout = PROGRESS_POLL if progress else None
                    pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED).not_done
                    if progress and done > reported:
                        reported = done
                        progress(done / deals)
                return [f.result() for f in futures]
        finally:
            pool.shutdown(wait=True, cancel_futures=True)  # the stopped tasks end at their next chunk
    finally:
        STOPPED.discard(job.token)  # every task of the job has ended


def monte_carlo(
    deal: Deal, samples: int, seed: int | None, threads: int, progress: Callable[[float], None] | None
) -> Counts:
    """``samples`` deals of ``deal`` with ``seed``, as ``threads`` tasks run here."""
    return total(run_tasks(MonteCarloJob.of(deal), layout(samples, seed, threads), threads, progress))
