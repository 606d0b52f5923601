"""EquityResult as data (to_dict, records, a readable repr) and equity_table, many match-ups
in one call; each checked against the single-question functions."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from studeval import equity_table, holdem_equity, stud_equity
from studeval.equity import MAX_MATCHUPS, EquityTable, HiLoResult, plan_equity


def test_a_hi_lo_result_has_its_own_figures_each_a_number() -> None:
    """Issue 19 item 5: early-street stud8 heads-up (the heads-up count) gave win=(nan, nan)
    and scoop=None; a hi-lo result has its own figures, each a number (issue 22 item 3: the
    heads-up count counts the scoops too)."""
    r = stud_equity(["As 2d 3c", "Kh 7d 8s"], game="stud8")
    assert isinstance(r, HiLoResult) and not hasattr(r, "win") and not hasattr(r, "tie")
    assert r.no_low is not None
    for figure in (r.equity, r.high, r.low, r.scoop, r.stderr, (r.no_low,)):
        assert all(math.isfinite(x) for x in figure)
    d = json.loads(json.dumps(r.to_dict(), allow_nan=False))
    assert d["method"] == r.method and d["deals"] == r.deals and d["plan"] == r.plan and d["no_low"] == r.no_low
    for i, p in enumerate(d["players"]):
        assert p["player"] == i + 1 and p["scoop"] == r.scoop[i] and "win" not in p
        assert p["equity"] == r.equity[i] and p["high"] == r.high[i] and p["low"] == r.low[i]
    # a later street is enumerated: every figure counted, the scoop a number
    late = stud_equity(["As 2d 3c 4h 9s", "Kh 7d 8s 8c 5h"], game="stud8")
    assert isinstance(late, HiLoResult) and late.scoop is not None
    assert [row["scoop"] for row in late.records()] == list(late.scoop)


def test_records_carry_each_players_figures_and_label() -> None:
    players = ["As Ah Kd 2c", "[KK, QQ+] Kc 7d", "9h 8h"]
    r = stud_equity(players, samples=5_000, seed=3)
    rows = r.records()
    assert [row["label"] for row in rows] == players
    for i, row in enumerate(rows):
        assert (row["equity"], row["win"], row["tie"], row["stderr"]) == (r.equity[i], r.win[i], r.tie[i], r.stderr[i])
        assert "scoop" not in row
    assert sum(row["equity"] for row in rows) == pytest.approx(1.0)


def test_labels_are_the_hands_as_given_hold_em_without_the_board() -> None:
    r = holdem_equity(["Ah As", "Kd Kc"], board="2c 7d 9h")
    assert r.labels == ("Ah As", "Kd Kc")
    assert stud_equity([[51, 50, 45], "qc qd 7s"]).labels == ("As Ah Kd", "Qc Qd 7s")
    # a player with no known card is named by number
    assert (
        stud_equity(["As Ah Kd 2c 3c 4c 5c", ""], method="monte-carlo", samples=100, seed=1).records()[1]["label"]
        == "player 2"
    )


def test_repr_reads_like_the_result() -> None:
    r = stud_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"])
    text = repr(r)
    assert "object at" not in text
    assert text == "EquityResult(exact over 1,560 deals: As Ah Kd 2c 3c 4c 40.38%, Qc Qd 7s 7h 8h 9h 59.62%)"
    mc = repr(stud_equity(["As Ah Kd", "Qc", "7s"], samples=10_000, seed=1))
    assert mc.startswith("EquityResult(Monte Carlo, 10,000 deals: As Ah Kd ") and mc.count("±") == 3


def test_records_go_into_pandas() -> None:
    pd = pytest.importorskip("pandas")
    t = equity_table([["As Ah Kd", "Qc Qd 7s"], ["As 2d 3c", "Kh 7d 8s"]])
    frame = pd.DataFrame(t.records())
    assert frame.shape[0] == 4 and list(frame["matchup"]) == [1, 1, 2, 2]
    assert frame.groupby("matchup")["equity"].sum().tolist() == pytest.approx([1.0, 1.0])


MATCHUPS = [
    ["As Ah Kd", "Qc Qd 7s"],
    ["As Ah Kd", "Qc"],
    ["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h", "Js Jd 5s 5h 6h 6d"],
    ["As Ah Kd", "[KK, QQ+] Kc"],
    ["As Ah Kd", "Qc Qd 7s"],
]


def test_equity_table_equals_the_questions_asked_one_by_one() -> None:
    t = equity_table(MATCHUPS)
    assert isinstance(t, EquityTable) and isinstance(t, list) and len(t) == len(MATCHUPS)
    for r, players in zip(t, MATCHUPS, strict=True):
        alone = stud_equity(players)
        assert r.method == alone.method == "exact"
        assert r.equity == pytest.approx(alone.equity, abs=1e-12) and r.deals == alone.deals
        assert r.labels == alone.labels and r.plan.startswith("auto chose exact")
    assert t[4] is t[0]  # asked twice, answered once
    assert [row["matchup"] for row in t.records()] == [1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5]


def test_equity_table_monte_carlo_is_reproducible_per_matchup() -> None:
    matchups = [["As Ah Kd", "Qc", "7s"], ["Ks Kh", "Qc", "7s 7d"]]
    a = equity_table(matchups, samples=20_000, seed=11, threads=2)
    b = equity_table(matchups, samples=20_000, seed=11, threads=1)
    assert [r.equity for r in a] == [r.equity for r in b]
    streams = np.random.SeedSequence(11).spawn(2)
    alone = stud_equity(matchups[1], samples=20_000, seed=int(streams[1].generate_state(1)[0]), threads=1)
    assert a[1].equity == alone.equity and a[1].method == "monte-carlo"


def test_equity_table_hold_em_and_other_games() -> None:
    t = equity_table([["Ah As", "Kd Kc"], ["7h 8h", "Ac Kd", "2s 2c"]], game="holdem", board="2d 7d 9h")
    assert t[0].equity == holdem_equity(["Ah As", "Kd Kc"], board="2d 7d 9h").equity
    assert t[1].labels == ("7h 8h", "Ac Kd", "2s 2c")
    razz = equity_table([["As 2d 3c", "Kh 7d 8s"]], game="razz")
    assert razz[0].equity == stud_equity(["As 2d 3c", "Kh 7d 8s"], game="razz").equity


def test_equity_table_progress_is_the_fraction_of_matchups_done() -> None:
    seen: list[float] = []
    equity_table(MATCHUPS, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) == 4  # four distinct questions


@pytest.mark.parametrize(
    ("matchups", "options", "error", "message"),
    [
        (
            [["As Ah Kd", "Qc"], ["As Ah Kd", "As"]],
            {},
            ValueError,
            "matchup 2: card As is held by player 1 and player 2",
        ),
        ([["As Ah Kd", "Qc"], ["As"]], {}, ValueError, "matchup 2: equity needs at least two players"),
        ([["As", "Kd"]], {"method": "guess"}, ValueError, "unknown method 'guess'"),
        ([["As", "Kd"]], {"game": "lowball"}, ValueError, "matchup 1: unknown game 'lowball'"),
        ([], {}, ValueError, f"1 to {MAX_MATCHUPS} match-ups, got 0"),
        ([["As", "Kd"]] * (MAX_MATCHUPS + 1), {}, ValueError, f"got {MAX_MATCHUPS + 1}"),
        ("As Kd", {}, TypeError, "matchups must be a sequence"),
        ([["As", "Kd"]], {"samples": 0}, ValueError, "samples must be at least 1"),
    ],
)
def test_equity_table_refuses_bad_input_before_any_work(matchups, options, error, message) -> None:
    with pytest.raises(error, match=message):
        equity_table(matchups, **options)


def test_stud8_exact_progress_moves_within_each_count() -> None:
    """The four counts of stud8's heads-up count used to report only as each ended (0, 25,
    75, 100 %): now the fraction moves within each count, up only, without a jump of half.
    (Against up cards only, stud8 is counted by rank multiset: the opponent shows three here.)"""
    players = ["As 2h 3d", "Kc 7d 8h"]
    assert plan_equity(players, game="stud8", method="exact").kernel == "headsup"
    results = []
    for threads in (1, 2):
        seen: list[float] = []
        r = stud_equity(players, game="stud8", method="exact", threads=threads, progress=seen.append)
        assert r.method == "exact" and r.plan.startswith("exact, as asked: the heads-up count")  # the premise
        assert seen == sorted(seen) and seen[-1] == 1.0 and all(0 < f <= 1 for f in seen)
        steps = [b - a for a, b in zip([0.0, *seen[:-1]], seen, strict=True)]
        assert max(steps) <= 0.5, seen
        assert set(seen) - {0.25, 0.5, 0.75, 1.0}, seen  # reports within the counts
        results.append(r.equity)
    assert results[0] == results[1]
