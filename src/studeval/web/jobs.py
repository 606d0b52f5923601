"""The work of a request run off the event loop, bounded: on a small pool of threads
(:data:`~studeval.web.limits.WORKERS`), within a time limit, and stopped when the client has
gone.

A job is a function taking a ``progress`` callback (``Callable[[float], None]``, what the
equity functions take): when its time is up or its client has gone, the callback raises
:class:`Stopped`, which ends the library's work at its next report. Work that cannot report
(the library's shortest counts, a hand's analysis) is abandoned instead: the request is
answered at once and the thread finishes on its own, its result dropped; such work is
bounded by its plan before it starts.

>>> import asyncio
>>> async def main():
...     runner = Runner(workers=1)
...     try:
...         return await runner.run(lambda progress: 6 * 7, limit=5)
...     finally:
...         runner.close()
>>> asyncio.run(main())
42
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["POLL_SECONDS", "ClientGone", "Runner", "Stopped", "TimeUp"]

T = TypeVar("T")

#: How often a waiting request looks at its client and its clock.
POLL_SECONDS = 0.05


class Stopped(Exception):
    """Raised inside a job's progress callback to end its work."""


class TimeUp(Exception):
    """A job ran past its time limit (the API answers 503 naming the limit)."""

    def __init__(self, limit: float) -> None:
        super().__init__(f"the work was stopped at the limit of {limit:g} s a request may compute")
        self.limit = limit


class ClientGone(Exception):
    """The client went away before the answer: the work was stopped."""


class Runner:
    """A pool of ``workers`` threads for the requests' work.

    :meth:`run` waits for a job without blocking the event loop, looking every
    :data:`POLL_SECONDS` at the clock and at ``disconnected`` (the request's
    ``is_disconnected``).
    """

    def __init__(self, workers: int) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="studeval-web")
        self._lock = threading.Lock()
        #: the jobs running now (on a thread, not waiting for one)
        self.running = 0

    def close(self) -> None:
        """Let the threads finish; take no more work."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def run(
        self,
        job: Callable[[Callable[[float], None]], T],
        *,
        limit: float,
        disconnected: Callable[[], Awaitable[bool]] | None = None,
    ) -> T:
        """``job(progress)`` on the pool, its result; :class:`TimeUp` after ``limit`` seconds
        (time waiting for a thread counts), :class:`ClientGone` when ``disconnected()`` says
        so. Either way the job's progress callback raises :class:`Stopped` from then on."""
        stop = threading.Event()
        start = time.monotonic()

        def progress(fraction: float) -> None:
            if stop.is_set():
                raise Stopped("stopped")

        def work() -> T:
            if stop.is_set():  # stopped while it waited for a thread
                raise Stopped("stopped")
            with self._lock:
                self.running += 1
            try:
                return job(progress)
            finally:
                with self._lock:
                    self.running -= 1

        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, work)
        try:
            while True:
                done, _ = await asyncio.wait({future}, timeout=POLL_SECONDS)
                if done:
                    return future.result()
                if time.monotonic() - start > limit:
                    raise TimeUp(limit)
                if disconnected is not None and await disconnected():
                    raise ClientGone()
        except BaseException:
            stop.set()
            future.cancel()  # not started yet: never runs; running: abandoned, stopped by its callback
            future.add_done_callback(_drop)
            raise


def _drop(future: asyncio.Future[Any]) -> None:
    """Read a dropped job's outcome, so no error is logged as never retrieved."""
    if not future.cancelled():
        future.exception()
