"""``method="auto"`` chooses by a cost model: exact whenever it is not much slower than Monte
Carlo, and it says which it chose and why (``EquityResult.plan``, :func:`plan_equity`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from studeval.cli import main
from studeval.equity import (
    AUTO_EXACT_GRACE,
    AUTO_EXACT_RATIO,
    SECONDS_PER_UNIT,
    holdem_equity,
    plan_equity,
    stud_equity,
)

README_RANGE = ["As Ah Kd", "[KK, QQ+] Kc"]

# questions an exact count answers in well under a second on one core
CHEAP = [
    ("seven", ["As Ah Kd", "Qc Qd 7s"]),
    ("seven", ["As Ah Kd", "Qc"]),
    ("seven", ["As Ah Kd 2c", "Qc Qd 7s 8h"]),
    ("seven", ["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h", "Js Jd 5s 5h 6h 6d"]),
    ("five", ["Ac Ad 9h", "Kc Qc Jc"]),
    ("five", ["As Ah Kd", "Qc Qd 7s 8h", "Js Jd 9h 2c"]),
    ("razz", ["As 2h 3d", "Kc 7d 8h"]),
    ("razz", ["As 2h 3d", "Kc"]),
    ("stud8", ["As 2h 3d", "Kc 7d 8h"]),
    ("stud8", ["As 2h 3d 4c 9s", "Kc Kd 8h 8s 5h"]),
    ("seven", README_RANGE),
    ("seven", ["As Ah Kd 2c 3c", "[KK, QQ+] Kc 7d 8h"]),
    ("holdem", ["Ah As", "Kd Kc"]),
    ("holdem", ["Ah As", "Kd Kc", "Qs Qh"]),
]


def test_the_readme_range_example_is_exact_under_auto() -> None:
    auto = stud_equity(README_RANGE)
    exact = stud_equity(README_RANGE, method="exact")
    assert auto.method == "exact" and auto.stderr == (0.0, 0.0)
    assert auto.equity == pytest.approx(exact.equity, abs=1e-12)
    assert auto.plan.startswith("auto chose exact")


@pytest.mark.parametrize(("game", "players"), CHEAP, ids=lambda x: x if isinstance(x, str) else " v ".join(x))
def test_cheap_exact_questions_are_counted(game: str, players: list[str]) -> None:
    plan = plan_equity(players, game=game)
    assert plan.method == "exact", plan.reason
    assert plan.exact_seconds < 2.0  # the estimate itself: the test's premise


def test_a_huge_question_samples_and_says_why() -> None:
    players = ["As Ah Kd", "Qc Qd 7s", "Jh 9h 8c", "5s 5d Tc"]
    plan = plan_equity(players)
    assert plan.method == "monte-carlo" and plan.kernel == "enumerate"
    assert plan.exact_seconds > 1000 * plan.monte_carlo_seconds
    r = stud_equity(players, samples=20_000, seed=1)
    assert r.method == "monte-carlo"
    assert r.plan == plan_equity(players, samples=20_000).reason
    assert "auto chose Monte Carlo" in r.plan and "20,000 Monte Carlo deals" in r.plan


def test_more_samples_tip_the_choice_to_counting() -> None:
    """Three-way fourth street of stud8 takes about half a second to count (its hi-lo counts):
    sampled for a million deals, counted for a billion (sampling those would take longer
    still). (Seven card stud's three-way count takes a tenth of that there, counted against a
    million deals, and fifth street stud8's some milliseconds.)"""
    players = ["As Ah Kd 2c", "Qc Qd 7s 7h", "Js Jd 5s 5h"]
    assert plan_equity(players, game="stud8").method == "monte-carlo"
    assert plan_equity(players, game="stud8", samples=10**9).method == "exact"
    assert plan_equity(players).method == "exact"
    fifth = [p + c for p, c in zip(players, (" 3c", " 8h", " 6h"), strict=True)]
    assert plan_equity(fifth, game="stud8").method == "exact"


@pytest.mark.parametrize(
    ("game", "players"), [*CHEAP, ("seven", ["As Ah Kd", "Qc", "7s"]), ("seven", ["Ks", "Qc", "7s"])]
)
def test_the_choice_follows_the_estimates(game: str, players: list[str]) -> None:
    for samples in (1_000, 1_000_000, 100_000_000):
        plan = plan_equity(players, game=game, samples=samples)
        counts = plan.exact_seconds <= max(AUTO_EXACT_RATIO * plan.monte_carlo_seconds, AUTO_EXACT_GRACE)
        assert (plan.method == "exact") == counts, plan
        assert plan.reason.startswith(f"auto chose {'exact' if counts else 'Monte Carlo'}")
        assert f"{samples:,} Monte Carlo deals" in plan.reason


def test_an_asked_method_is_kept_and_said() -> None:
    players = ["As Ah Kd", "Qc Qd 7s"]
    assert plan_equity(players, method="monte-carlo").method == "monte-carlo"
    r = stud_equity(players, method="monte-carlo", samples=1_000, seed=1)
    assert r.plan.startswith("Monte Carlo, as asked")
    assert holdem_equity(["Ah As", "Kd Kc"], board="2c 7d 9h", method="exact").plan.startswith("exact, as asked")


def test_plan_equity_checks_its_arguments_as_the_equity_functions() -> None:
    with pytest.raises(ValueError, match="unknown method 'guess'"):
        plan_equity(["As", "Kd"], method="guess")
    with pytest.raises(ValueError, match="too many deals for an exact answer"):
        plan_equity(["", ""], method="exact")
    with pytest.raises(ValueError, match="stud has no board"):
        plan_equity(["As", "Kd"], board="2c 3c 4c")


def test_cli_verbose_says_the_plan(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", *README_RANGE, "--verbose", "--no-time"]) == 0
    out = capsys.readouterr().out
    assert "exact over" in out
    assert out.splitlines()[-1].startswith("plan: auto chose exact: the heads-up count, about ")
    assert main(["equity", "As Ah Kd", "Qc Qd 7s", "--json"]) == 0
    assert '"plan": "auto chose exact' in capsys.readouterr().out


def test_the_measuring_tool_times_each_kernel_on_its_own_queries() -> None:
    """tools/measure_costs.py (which measured SECONDS_PER_UNIT) times each kernel only on
    questions that kernel answers, and measures every constant the model uses."""
    path = Path(__file__).resolve().parents[2] / "tools" / "measure_costs.py"
    spec = importlib.util.spec_from_file_location("measure_costs", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert set(tool.QUERIES) | {"monte-carlo", "call"} == set(SECONDS_PER_UNIT)
    for kernel, queries in tool.QUERIES.items():
        for game, players in queries:
            assert plan_equity(players, game=game, method="exact", threads=1).kernel == kernel
