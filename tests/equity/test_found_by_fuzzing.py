"""Regressions of the equity bugs the fuzz layer found (tests/fuzz/test_equity_fuzz.py):
hold'em heads-up on the river with a hand partly unknown, progress on the heads-up exact
paths, numpy integers for seed and samples."""

from __future__ import annotations

import numpy as np
import pytest
from in_process import run_main

from studeval._reference import brute_force_equity
from studeval.equity import holdem_equity, stud_equity

BOARD = "2c 7d 9h Ts 3c"


def river_brute_force(hands: list[str], board: str) -> tuple[float, ...]:
    """Each player's pot share over every way to fill the unknown hole cards (the board is
    full): the slow oracle, studeval._reference.brute_force_equity."""
    return brute_force_equity(hands, game="holdem", board=board).equity


@pytest.mark.parametrize("hands", [["As Ah", "Kd"], ["Kd", "As Ah"], ["", "As Kd"], ["As", ""], ["9c", "9d 9s"]])
def test_holdem_river_with_a_hand_partly_unknown_equals_brute_force(hands):
    # heads-up hands that share the board once chose the stud 'unseen' kernel, which refused them
    r = holdem_equity(hands, board=BOARD)
    assert r.method == "exact"
    for got, want in zip(r.equity, river_brute_force(hands, BOARD), strict=True):
        assert abs(got - want) < 1e-12


def test_holdem_river_with_a_hand_partly_unknown_from_the_cli():
    out = run_main("equity", "As Ah", "Kd", "--game", "holdem", "--board", BOARD)
    assert out.returncode == 0, out.stderr
    want = river_brute_force(["As Ah", "Kd"], BOARD)
    assert f"{float(want[0]) * 100:.2f}" in out.stdout


@pytest.mark.parametrize(
    ("hands", "game"),
    [
        (["As Ah Kd 2c 3c", "Qc Qd 7s 7h 8h"], "seven"),  # the card-subset count
        (["As Ah Kd", "Qc"], "seven"),  # the rank-multiset count
        (["As 2h 3d 4c", "Qc Qd 7s 7h"], "stud8"),  # four one-key counts
        (["As Kd", "Qc"], "five"),
    ],
)
def test_heads_up_exact_counts_report_progress_to_the_end(hands, game):
    seen: list[float] = []
    r = stud_equity(hands, game=game, method="exact", progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen) and all(0 <= f <= 1 for f in seen)
    assert r.equity == stud_equity(hands, game=game, method="exact").equity  # watching changes nothing


def test_holdem_river_reports_progress():
    seen: list[float] = []
    holdem_equity(["As Ah", "Kd"], board=BOARD, progress=seen.append)
    assert seen[-1] == 1.0


HANDS = ["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"]


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint16])
def test_numpy_integers_are_taken_for_seed_and_samples(kind):
    a = stud_equity(HANDS, method="monte-carlo", samples=kind(300), seed=kind(3), threads=kind(1))
    b = stud_equity(HANDS, method="monte-carlo", samples=300, seed=3, threads=1)
    assert (a.equity, a.stderr, a.deals) == (b.equity, b.stderr, b.deals)
    assert type(a.deals) is int


@pytest.mark.parametrize("name", ["seed", "samples"])
@pytest.mark.parametrize("value", [True, np.bool_(True), 1.0, "1", np.float64(1)])
def test_other_types_for_seed_and_samples_are_type_errors(name, value):
    with pytest.raises(TypeError, match=name):
        stud_equity(HANDS, method="monte-carlo", **{name: value})


def test_a_negative_numpy_seed_is_a_value_error():
    with pytest.raises(ValueError, match="seed must be a non-negative int or None, got -1"):
        stud_equity(HANDS, method="monte-carlo", samples=10, seed=np.int64(-1))
    with pytest.raises(ValueError, match="samples must be at least 1, got 0"):
        holdem_equity(["As Ah", "Kd Kc"], method="monte-carlo", samples=np.int64(0))


@pytest.mark.parametrize("threads", [1, 2])
def test_stud8_heads_up_reports_each_of_its_four_counts(threads):
    """The counts report as they end and as time passes within them (test_results.py checks
    that on a count long enough to watch): up only, within (0, 1], and 1.0 once, at the end.
    A job of a few milliseconds may be over before its first report: then 1.0 alone."""
    seen: list[float] = []
    stud_equity(["As 2h 3d 4c", "Qc Qd 7s 7h"], game="stud8", method="exact", threads=threads, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and seen.count(1.0) == 1 and seen[0] > 0
