"""One Dask LocalCluster of two single-threaded worker processes at a time per test process,
shared by the tests that run work on a cluster (tests/distributed, tests/analysis): starting
one takes seconds, and an idle one keeps using CPU (heartbeats, the workers' profilers), so
it lives from the first test that asks for it to the last of a run of such tests.

The folders' conftest.py make ``close_after`` their ``pytest_runtest_teardown``: the cluster
closes when the next test neither asks for ``client`` nor is in the same module (a module's
tests without a client, run in between, keep it). tests/conftest.py keeps the tests that take
``client`` on one xdist worker, one after another."""

from __future__ import annotations

from typing import Any

import pytest

_open: dict[str, Any] = {}  # the running cluster and its client


def cluster_client() -> Any:
    """The client of this process's LocalCluster, started if none runs."""
    import distributed as dd

    if not _open:
        cluster = dd.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
        _open.update(cluster=cluster, client=dd.Client(cluster))
    return _open["client"]


def close_after(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Close the cluster after ``item`` unless ``nextitem`` takes it or is in the same module."""
    if not _open or (
        nextitem is not None and ("client" in getattr(nextitem, "fixturenames", ()) or nextitem.path == item.path)
    ):
        return
    _open.pop("client").close()
    _open.pop("cluster").close()
