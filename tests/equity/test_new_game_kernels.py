"""The equity kernels of the two games the registry added: 2-7 razz (``pot=("low27",)``) and
stud hi-lo without a qualifier (``pot=("high", "low")``), each exact count (heads-up by one-key
counts, enumeration of every deal) and Monte Carlo, against brute force with the slow
reference evaluators of studeval._reference, on late streets."""

from __future__ import annotations

import random

import pytest
from questions import close, random_question

from studeval._reference import brute_force_equity
from studeval.equity import HiLoResult, plan_equity, stud_equity
from studeval.games import get_game


def brute_force(players: list[str], game: str, dead: str = "") -> dict[str, list[float]]:
    """Every deal listed and each showdown judged by the slow oracle
    (studeval._reference.brute_force_equity, with the reference evaluators): its figures by
    name."""
    r = brute_force_equity(players, game=game, dead=dead)
    figures = {"equity": list(r.equity), "deals": [r.deals]}
    if isinstance(r, HiLoResult):
        figures |= {"scoop": list(r.scoop), "high": list(r.high), "low": list(r.low)}
    return figures


def check(players: list[str], game: str, dead: str, method: str = "exact") -> None:
    r = stud_equity(players, game=game, dead=dead, method=method)
    b = brute_force(players, game, dead)
    assert r.method == "exact" and r.deals == b["deals"][0]
    assert close(r.equity, b["equity"]), (players, dead)
    if get_game(game).hilo:
        assert isinstance(r, HiLoResult) and r.no_low == 0.0  # no qualifier: always a low
        assert close(r.high, b["high"]) and close(r.low, b["low"])
        assert sum(r.low) >= 1.0 - 1e-12  # no qualifier: the low half is never empty
        if r.scoop is not None:
            assert close(r.scoop, b["scoop"])
    else:
        assert not isinstance(r, HiLoResult)


@pytest.mark.parametrize("game", ["razz27", "stud_hilo"])
@pytest.mark.parametrize(
    ("known", "ndead"), [((6, 6), 0), ((6, 5), 3), ((5, 6), 1), ((6, 6, 6), 2), ((7, 6, 6), 0), ((7, 7, 6), 4)]
)
def test_late_streets_equal_brute_force(game: str, known: tuple[int, ...], ndead: int) -> None:
    rng = random.Random(f"{game} {known} {ndead}")  # a str seed is stable; hash() of one is not
    for i in range(3):
        players, dead = random_question(rng, list(known), ndead, suited=i == 0)
        check(players, game, dead)


def test_razz27_headsup_count_equals_brute_force() -> None:
    """Sixth and seventh street heads-up: 2-7 razz takes the heads-up count."""
    rng = random.Random(7)
    for i, known in enumerate([[6, 5], [5, 6], [6, 6], [7, 5]]):
        players, dead = random_question(rng, known, 2, suited=i % 2 == 0)
        assert plan_equity(players, game="razz27", dead=dead).kernel == "headsup"
        check(players, "razz27", dead)


def test_stud_hilo_headsup_count_equals_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fifth street heads-up: the two one-key counts (high, low) and the two-key count (the
    scoops) against the enumeration of every deal (which the late streets check against brute
    force), by the planner's threshold."""
    import studeval.equity.plan as plan_module

    rng = random.Random(8)
    for i in range(2):
        players, dead = random_question(rng, [5, 5], 3, suited=i == 0)
        monkeypatch.setattr(plan_module, "HILO_ENUMERATE_WORK", 0)
        assert plan_equity(players, game="stud_hilo", dead=dead).kernel == "headsup"
        counted = stud_equity(players, game="stud_hilo", dead=dead, method="exact")
        monkeypatch.setattr(plan_module, "HILO_ENUMERATE_WORK", 10**12)
        assert plan_equity(players, game="stud_hilo", dead=dead).kernel == "enumerate"
        enumerated = stud_equity(players, game="stud_hilo", dead=dead, method="exact")
        assert counted.deals == enumerated.deals and close(counted.equity, enumerated.equity)
        assert isinstance(counted, HiLoResult) and isinstance(enumerated, HiLoResult)
        assert close(counted.high, enumerated.high) and close(counted.low, enumerated.low)
        assert close(counted.scoop, enumerated.scoop)


def test_rank_multiset_count_is_not_used_for_27_lows() -> None:
    # the count against unseen cards by rank multiset knows high hands and ace-to-five lows
    # (and hi-lo pots of them: test_unseen_hilo.py); 2-7 lows need the suits (flushes): they
    # go card by card
    assert plan_equity(["As Ah Kd", "Qc"], game="seven").kernel == "unseen"
    assert plan_equity(["As Ah Kd", "Qc"], game="razz27").kernel != "unseen"


@pytest.mark.parametrize("game", ["razz27", "stud_hilo"])
def test_monte_carlo_within_four_standard_errors_of_exact(game: str) -> None:
    players = ["7s 2h 3d 4c", "Kc 7d 8h 5s"]
    exact = stud_equity(players, game=game, dead="4d", method="exact")
    mc = stud_equity(players, game=game, dead="4d", method="monte-carlo", samples=300_000, seed=11)
    for p in range(2):
        assert 0 < mc.stderr[p] < 0.01
        assert abs(mc.equity[p] - exact.equity[p]) < 4 * mc.stderr[p]
    three = ["7s 2h 3d 4s Jc Tc", "Kc 7d 8h 6c 2s 3c", "Qd Qh 5c 9s 4d 8d"]
    mc3 = stud_equity(three, game=game, method="monte-carlo", samples=200_000, seed=2)
    ex3 = stud_equity(three, game=game, method="exact")
    for p in range(3):
        assert abs(mc3.equity[p] - ex3.equity[p]) < 4 * mc3.stderr[p] + 1e-12
    if isinstance(mc3, HiLoResult):
        assert sum(mc3.low) >= 1.0 - 1e-12


def test_razz27_counts_the_flush_against() -> None:
    # 7-5-4-3-2 all clubs is a flush in 2-7: the plain 8-6-4-3-2 beats it
    r = stud_equity(["7c 5c 4c 3c 2c Kd Kh", "8d 6h 4s 3d 2h Qs Qd"], game="razz27")
    assert r.equity == (0.0, 1.0)
    # and the ace is high: A-5-4-3-2 (the other cards pair it) loses to K-Q-J-9-8
    r = stud_equity(["As 5d 4h 3s 2d Ah Ad", "Kc Qd Jh 9s 8c 8d 8h"], game="razz27")
    assert r.equity == (0.0, 1.0)


def test_stud_hilo_splits_without_a_qualifier() -> None:
    # no eight-or-better low anywhere: stud8 gives the high the whole pot, stud hi-lo regular
    # gives the best ace-to-five low (here a king low against a pair) half
    hands = ["As Ad Ac Ks Kd Qh Jh", "9s 9d Tc 7s 6d 2c 3c"]
    assert stud_equity(hands, game="stud8").equity == (1.0, 0.0)
    r = stud_equity(hands, game="stud_hilo")
    assert r.equity == (0.5, 0.5) and r.high == (1.0, 0.0) and r.low == (0.0, 1.0)
