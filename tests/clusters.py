"""One Dask LocalCluster of two single-threaded worker processes per test process, shared by
every test module that runs work on a cluster (tests/distributed, tests/analysis): starting and
closing one takes seconds. Each such module's session fixture ``client`` enters
``shared_client()``; the cluster closes when the last of them is torn down, at the end of the
session (tests/conftest.py keeps the tests using ``client`` on one xdist worker)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_open: dict[str, Any] = {}  # the cluster, its client, and how many fixtures hold them


@contextmanager
def shared_client() -> Iterator[Any]:
    """The client of this process's shared LocalCluster, started by the first fixture to ask."""
    import distributed as dd

    if not _open:
        cluster = dd.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
        _open.update(cluster=cluster, client=dd.Client(cluster), users=0)
    _open["users"] += 1
    try:
        yield _open["client"]
    finally:
        _open["users"] -= 1
        if not _open["users"]:
            _open["client"].close()
            _open["cluster"].close()
            _open.clear()
