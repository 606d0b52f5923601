"""The shared Dask cluster closes after the last of a run of tests that use it (tests/clusters.py)."""

from clusters import close_after as pytest_runtest_teardown

__all__ = ["pytest_runtest_teardown"]
