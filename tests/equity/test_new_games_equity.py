"""Stud hi-lo without a qualifier (``stud_hilo``) and 2-7 razz (``razz27``) through the equity
package's other paths: the result shape, unknown down cards, ranges, the sharded tasks. (The
kernels against brute force: test_new_game_kernels.py.)"""

from __future__ import annotations

import itertools
import math

import pytest
from questions import close

from studeval.equity import EquityResult, HiLoResult, plan_equity, sharded_equity, stud_equity
from studeval.games import get_game

NEW_GAMES = ["stud_hilo", "razz27"]


def test_stud_hilo_gives_a_hi_lo_result_whose_low_half_is_never_empty() -> None:
    for players in (["As 2h 3d 4c 9s", "Kc Kd 8h 8s 5h"], ["As 2h 3d", "Kc 7d 8h"]):
        r = stud_equity(players, game="stud_hilo")
        assert isinstance(r, HiLoResult) and r.method == "exact"
        # every hand has an ace-to-five low: someone always takes the low half
        assert r.no_low == 0.0 and sum(r.low) >= 1.0 - 1e-12 and sum(r.high) >= 1.0 - 1e-12
        assert math.isclose(sum(r.equity), 1.0)
    assert isinstance(stud_equity(["As 2h 3d", "Kc 7d 8h"], game="razz27"), EquityResult)


@pytest.mark.parametrize("game", NEW_GAMES)
def test_unknown_down_cards_counted_exactly_and_sampled(game: str) -> None:
    """An opponent shown by two up cards only: the exact count (2-7 razz: card by card, the
    count by rank multiset does not know its lows, which need the suits; hi-lo: either, the
    scoops by a two-key count of each), within 4 standard errors of Monte Carlo."""
    players = ["As 2h 3d 4c", "Kc 7d"]
    assert plan_equity(players, game=game, dead="9s").kernel in (
        ("headsup", "unseen") if get_game(game).hilo else ("headsup",)
    )
    exact = stud_equity(players, game=game, dead="9s", method="exact")
    mc = stud_equity(players, game=game, dead="9s", method="monte-carlo", samples=200_000, seed=4)
    assert exact.method == "exact" and type(exact) is type(mc)
    for p in range(2):
        assert abs(mc.equity[p] - exact.equity[p]) < 4 * mc.stderr[p]
    if isinstance(exact, HiLoResult) and isinstance(mc, HiLoResult):
        for p in range(2):
            for e, m in ((exact.high[p], mc.high[p]), (exact.low[p], mc.low[p]), (exact.scoop[p], mc.scoop[p])):
                assert abs(m - e) < 4 * math.sqrt(e * (1 - e) / mc.deals) + 1e-9


@pytest.mark.parametrize("game", NEW_GAMES)
def test_a_range_is_the_mean_of_its_hands(game: str) -> None:
    wide = stud_equity(["As 2h 3d 4c 9s", "[77, 8c 8d] Kc 6s 5h"], game=game, dead="Qs 7s")
    hands = [" ".join(pair) for pair in itertools.combinations(["7c", "7d", "7h"], 2)] + ["8c 8d"]
    parts = [stud_equity(["As 2h 3d 4c 9s", f"{h} Kc 6s 5h"], game=game, dead="Qs 7s") for h in hands]
    assert wide.method == "exact" and type(wide) is type(parts[0])
    figures = ("equity", "high", "low") if get_game(game).hilo else ("equity", "win", "tie")
    for f in figures:
        mean = [sum(getattr(r, f)[p] for r in parts) / len(parts) for p in range(2)]
        assert close(getattr(wide, f), mean), f


@pytest.mark.parametrize("game", NEW_GAMES)
def test_the_sharded_tasks_are_the_local_threads(game: str) -> None:
    players = ["As 2h 3d", "Kc 7d 8h", "Qd 9h 4s"]
    a = sharded_equity(players, game=game, method="monte-carlo", samples=30_000, seed=5, tasks=3)
    b = stud_equity(players, game=game, method="monte-carlo", samples=30_000, seed=5, threads=3)
    assert type(a) is type(b) and a.records() == b.records()
