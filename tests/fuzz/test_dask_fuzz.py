"""Dask arguments (issue 17, item 11): ``studeval.distributed.stud_equity`` takes whatever
the local ``stud_equity`` takes -- ranges of hole cards, numpy ints, cards as ints -- and
refuses whatever it refuses, with the same type of error; an exact answer is the same."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import studeval
from studeval.equity import EquityResult, stud_equity

dd = pytest.importorskip("distributed")
sd = pytest.importorskip("studeval.distributed")

FUZZ = settings.get_profile("studeval-fuzz")


@pytest.fixture(scope="module")
def client() -> Iterator[dd.Client]:
    with (
        dd.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        dd.Client(cluster) as c,
    ):
        yield c


# each argument's values: (accepted by themselves, refused)
ARGUMENTS = {
    "players": (
        [
            ["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"],
            ("As Ah Kd 2c 3c", "[KK, QQ+] Kc 7d 8h"),
            ["As Ah Kd 2c 3c", "[KK:2, QQ+, AKs] Kc 7d 8h"],
            ["As Ah Kd", "Qc Qd 7s", "8h 8d"],
            [[51, 50, 49, 1, 2, 3], [40, 41, 42, 4, 5, 6]],
            [np.array([51, 50, 49, 1, 2], dtype=np.uint8), "Kc Kd 8h 8s 5h"],
            ["Ah Kd 2c 3c", "[K] Kc 7d 8h"],
        ],
        [
            ["As", "As"],
            ["As"],
            "As Kd",
            ["Zz", "Kd"],
            ["[KK", "Qd"],
            ["[ZZ] Kc", "Qd"],
            ["[AsAh] 2c 3c 4c 5c", "[AsAh] 3d 4d 5d 6d"],
            ["As Ah Kd 2c 3c 4c 5c 6c", "Kd"],
            [studeval.format_cards([c]) for c in range(13)],
            None,
            [1.5, "Kd"],
            ["[KK:1e400] Kc 7d 8h", "As Ah Kd 2c 3c"],
        ],
    ),
    "game": (["seven", "razz", "stud8", "five"], ["holdem", "omaha", None, 7, "Seven"]),
    "dead": ([(), "2d", [0], np.array([1], dtype=np.uint8)], ["Qc", "zz", 5, None, [52]]),
    "method": (["auto", "exact", "monte-carlo"], ["MC", None, 0]),
    "samples": ([500, np.int64(500), np.uint16(300)], [0, -3, 1.5, True, "100", None, np.float64(5)]),
    "seed": ([None, 7, np.int64(7), 2**70], [-1, 2.5, True, "1", np.int64(-1)]),
    "threads": ([None, 1, np.int64(2)], [0, -1, 1.5, True, studeval.THREAD_LIMIT + 1, "2"]),
    "progress": ([None], ["no", 3]),
}


@st.composite
def arguments(draw: st.DrawFn) -> dict[str, object]:
    """Each argument accepted by itself, but for a few (none in about half the examples)."""
    wrong = draw(st.sets(st.sampled_from(sorted(ARGUMENTS)), max_size=2))
    return {name: draw(st.sampled_from(values[name in wrong])) for name, values in ARGUMENTS.items()}


def outcome(call: Callable[[], EquityResult]) -> tuple[type[BaseException] | None, EquityResult | None]:
    try:
        return None, call()
    except Exception as exc:  # the type is compared: any other than these two is a defect
        assert isinstance(exc, (ValueError, TypeError)), f"{type(exc).__name__}: {exc}"
        return type(exc), None


@settings(FUZZ, max_examples=80 * FUZZ.max_examples)
@given(args=arguments())
def test_the_cluster_takes_and_refuses_what_the_local_function_does(client, args):
    players = args["players"]
    args = {name: value for name, value in args.items() if name != "players"}
    local_error, here = outcome(lambda: stud_equity(players, **args))
    cluster_error, there = outcome(lambda: sd.stud_equity(players, client=client, **args))
    event(f"{getattr(local_error, '__name__', 'answered')} {here.method if here else ''}")
    assert cluster_error is local_error
    if here is not None and there is not None:
        assert (there.method, there.deals, there.community_card) == (here.method, here.deals, here.community_card)
        if here.method == "exact":
            assert type(there) is type(here) and there.records() == here.records()
        else:
            assert abs(sum(there.equity) - 1) < 1e-9
