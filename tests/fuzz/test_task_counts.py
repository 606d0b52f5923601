"""Task and shard counts (issue 17, item 10): every entry point that splits a job into tasks
or shards takes an int from 1 to ``MAX_TASKS`` (numpy ints too) and refuses anything else --
a huge int, zero, a negative, a bool, a float -- with an error naming the value, before one
seed stream is made (10^9 of them were about 200 GB); the default counts stay within it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studeval.equity import MAX_TASKS, check_tasks, sharded_equity, stud_equity

FUZZ = settings.get_profile("studeval-fuzz")
THREE_WAY = ["As Ah Kd", "Qc Qd 7s", "8h 8d"]
_SeedSequence = np.random.SeedSequence


class _GuardedSeeds:
    """``numpy.random.SeedSequence`` that fails a spawn of more than a million streams: a
    count past the limit must be refused before any stream is made."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self._seeds = _SeedSequence(*args, **kwargs)

    def spawn(self, n: int) -> list[np.random.SeedSequence]:
        assert n <= 10**6, f"{n} seed streams made before the count was checked"
        return self._seeds.spawn(n)


@contextmanager
def guarded() -> Iterator[None]:
    with mock.patch.object(np.random, "SeedSequence", _GuardedSeeds):
        yield


def _distributed() -> object:
    pytest.importorskip("distributed")
    import studeval.distributed as sd

    return sd


def _entry_points() -> dict[str, Callable[[object], object]]:
    """Each entry point with the count as its only varying argument (the rest valid)."""
    mc = {"method": "monte-carlo", "samples": 10**12, "seed": 1}
    points: dict[str, Callable[[object], object]] = {
        "check_tasks": check_tasks,
        "sharded_equity stud": lambda n: sharded_equity(THREE_WAY, tasks=n, **mc),
        "sharded_equity hold'em": lambda n: sharded_equity(["As Ah", "Kd Kc"], game="holdem", tasks=n, **mc),
        "sharded_equity exact": lambda n: sharded_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"], tasks=n),
        "sharded_equity ranges": lambda n: sharded_equity(["As Ah Kd 2c 3c", "[KK, QQ+] Kc 7d 8h"], tasks=n),
    }
    try:
        sd = _distributed()
    except pytest.skip.Exception:
        return points
    return points | {
        "distributed.stud_equity": lambda n: sd.stud_equity(THREE_WAY, tasks=n, **mc),
        "distributed.holdem_equity": lambda n: sd.holdem_equity(["As Ah", "Kd Kc"], tasks=n, **mc),
        "distributed.shard_plan": lambda n: sd.shard_plan(10**12, n, seed=1),
        "distributed.simulate": lambda n: sd.simulate("seven", 2, 10**12, seed=1, shards=n),
    }


ENTRY_POINTS = _entry_points()

# too big, too small, and the wrong kind of value
_OUT_OF_RANGE = st.one_of(
    st.integers(min_value=MAX_TASKS + 1),
    st.integers(max_value=0),
    st.sampled_from([10**9, 10**100, MAX_TASKS + 1, 0, -1]),
    st.sampled_from([np.int64(10**9), np.uint64(2**63), np.int32(0), np.int8(-1)]),
)
_WRONG_KIND = st.one_of(
    st.booleans(),
    st.floats(allow_nan=True),
    st.sampled_from([1.0, 1e9, "4", b"4", None, [4], np.float64(4.0), np.array(4), 4 + 0j]),
)


@pytest.mark.parametrize("entry", ENTRY_POINTS.values(), ids=ENTRY_POINTS.keys())
@settings(FUZZ, max_examples=30 * FUZZ.max_examples)
@given(count=_OUT_OF_RANGE)
def test_a_count_out_of_range_is_refused_before_any_stream(entry, count):
    with guarded(), pytest.raises(ValueError, match=rf"must be from 1 to {MAX_TASKS}, got {count}"):
        entry(count)


@pytest.mark.parametrize("entry", ENTRY_POINTS.values(), ids=ENTRY_POINTS.keys())
@settings(FUZZ, max_examples=20 * FUZZ.max_examples)
@given(count=_WRONG_KIND)
def test_a_count_of_the_wrong_kind_is_refused(entry, count):
    if count is None and entry is not check_tasks:
        return  # None is the default count of the distributed entry points (and not sharded_equity's)
    with guarded(), pytest.raises(TypeError, match=r"must be an int, got"):
        entry(count)


def test_none_is_refused_by_sharded_equity():
    with pytest.raises(TypeError, match="tasks must be an int, got None"):
        sharded_equity(THREE_WAY, method="monte-carlo", samples=100, tasks=None)  # type: ignore[arg-type]


@settings(FUZZ, max_examples=20 * FUZZ.max_examples)
@given(
    tasks=st.one_of(
        st.integers(1, 70),
        st.sampled_from([np.int64(3), np.uint8(5), np.int16(64), MAX_TASKS]),
    ),
    samples=st.integers(1, 3_000),
)
def test_a_count_in_range_is_taken_as_that_many_threads(tasks, samples):
    """The layout of ``tasks`` tasks is that of as many threads (cut to ``samples``), numpy
    ints as Python ints; the most tasks are taken too."""
    with guarded():
        sharded = sharded_equity(THREE_WAY, method="monte-carlo", samples=samples, seed=4, tasks=tasks, threads=1)
    assert check_tasks(tasks) == int(tasks) and type(check_tasks(tasks)) is int
    if int(tasks) <= 64:
        here = stud_equity(THREE_WAY, method="monte-carlo", samples=samples, seed=4, threads=int(tasks))
        assert (sharded.equity, sharded.stderr) == (here.equity, here.stderr)
    assert sharded.deals == samples


def test_the_default_counts_stay_within_the_limit():
    """One task per EQUITY_TASK_DEALS deals and one shard per SIMULATE_SHARD_HANDS hands, up
    to MAX_TASKS, however many samples or hands."""
    sd = _distributed()
    for samples, tasks in [
        (1, 1),
        (sd.EQUITY_TASK_DEALS, 1),
        (sd.EQUITY_TASK_DEALS + 1, 2),
        (np.int64(3 * sd.EQUITY_TASK_DEALS), 3),
        (MAX_TASKS * sd.EQUITY_TASK_DEALS, MAX_TASKS),
        (10**30, MAX_TASKS),
    ]:
        assert sd._default_tasks(samples) == tasks
    for hands, shards in [(0, 1), (1, 1), (sd.SIMULATE_SHARD_HANDS + 1, 2), (10**30, MAX_TASKS)]:
        assert sd._default_shards(hands) == shards
    # and a plan of the most shards is made as asked
    with guarded():
        plan = sd.shard_plan(10**30, MAX_TASKS, seed=1)
    assert len(plan) == MAX_TASKS and sum(n for _, n in plan) == 10**30
