"""studeval.plots: each picture is written from real results; clear errors without matplotlib
or with empty input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import studeval
from studeval import caribbean, plots

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def mpl():
    matplotlib = pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is not installed")
    matplotlib.use("Agg")
    return matplotlib


def _is_png(path: Path) -> bool:
    return path.read_bytes()[:8] == PNG and path.stat().st_size > 1000


def test_equity_by_street_writes_a_png(mpl, tmp_path):
    streets = [
        studeval.stud_equity(["As Ah Kd 2c 9h", "Qc Qd 7s 7h 3c"]),
        studeval.stud_equity(["As Ah Kd 2c 9h Js", "Qc Qd 7s 7h 3c Ts"]),
    ]
    out = plots.plot_equity_by_street(
        streets,
        tmp_path / "eq.png",
        labels=["aces", "queens"],
        streets=["5th street", "6th street"],
        title="aces v queens",
    )
    assert out == tmp_path / "eq.png" and _is_png(out)
    # one result (what `studeval equity --plot` has) draws too, with default labels
    assert _is_png(plots.plot_equity_by_street(streets[:1], tmp_path / "one.png"))


def test_equity_by_street_refuses_what_it_cannot_draw(mpl, tmp_path):
    two = studeval.stud_equity(["As Ah Kd 2c 9h", "Qc Qd 7s 7h 3c"])
    three = studeval.stud_equity(["As Ah Kd 2c 9h", "Qc Qd 7s 7h 3c", "2h 3h 4h 5h 8s"], samples=1000, seed=1)
    with pytest.raises(ValueError, match="one per street"):
        plots.plot_equity_by_street([], tmp_path / "x.png")
    with pytest.raises(ValueError, match="same players"):
        plots.plot_equity_by_street([two, three], tmp_path / "x.png")
    with pytest.raises(ValueError, match="1 labels for 2 players"):
        plots.plot_equity_by_street([two], tmp_path / "x.png", labels=["a"])
    assert not (tmp_path / "x.png").exists()


def test_casino_strategy_grid_is_the_advice_of_each_cell(mpl, tmp_path):
    grid = plots.casino_strategy_grid(["As Kd Qh 7c 3s", "Th Jh Qh Kh 2c"], "9K", one_card_change=False)
    assert [[a.dealer_up for a in row] for row in grid] == [["9s", "Ks"], ["9s", "Ks"]]
    # each cell is exactly what advise says for that hand and up card
    assert grid[0][1].exact == caribbean.advise("As Kd Qh 7c 3s", "Ks", one_card_change=False).exact
    assert grid[0][0].best == "fold" and grid[0][1].best == "raise"  # ace-king raises when the up card pairs it
    # the up card takes another suit when the hand holds it
    assert plots.casino_strategy_grid(["Ks Kd Qh 7c 3s"], "K", one_card_change=False)[0][0].dealer_up == "Kh"
    out = plots.plot_casino_strategy(grid, tmp_path / "strategy.png", title="t")
    assert _is_png(out)
    with pytest.raises(ValueError, match="up-card rank 'X'"):
        plots.casino_strategy_grid(["As Kd Qh 7c 3s"], "X")
    with pytest.raises(ValueError, match="empty"):
        plots.plot_casino_strategy([], tmp_path / "empty.png")


def test_casino_strategy_shows_a_change(mpl, tmp_path):
    grid = plots.casino_strategy_grid(["Th Jh Qh Kh 2c"], "5")
    assert grid[0][0].best == "change 2c"
    assert _is_png(plots.plot_casino_strategy(grid, tmp_path / "change.png"))


def test_casino_returns_of_an_analysis(mpl, tmp_path):
    analysis = caribbean.analyze(ranks="TJQKA")
    assert _is_png(plots.plot_casino_returns(analysis, tmp_path / "returns.png"))


def test_benchmarks_from_results_md_and_from_json(mpl, tmp_path):
    results = ROOT / "benchmarks" / "RESULTS.md"
    groups = plots.read_benchmarks(results)
    rows = dict(groups["evaluate 7 cards, one hand per call"])
    # the per-item column, read here by hand: "| test_studeval_evaluate7 | 63.6 µs | 63.6 ns | ..."
    line = next(x for x in results.read_text("utf-8").splitlines() if x.startswith("| test_studeval_evaluate7 |"))
    number, unit = line.split("|")[3].split()
    assert rows["test_studeval_evaluate7"] == pytest.approx(float(number) * {"ns": 1e-9, "µs": 1e-6}[unit])
    assert _is_png(plots.plot_benchmarks(groups, tmp_path / "bench.png"))
    data = {
        "benchmarks": [
            {"group": "g", "name": "test_studeval_x", "stats": {"median": 0.002}, "extra_info": {"hands": 1000}},
            {"group": "g", "name": "test_other_x[treys]", "stats": {"median": 0.5}, "extra_info": {}},
        ]
    }
    (tmp_path / "bench.json").write_text(json.dumps(data))
    assert plots.read_benchmarks(tmp_path / "bench.json") == {
        "g": [("test_studeval_x", 2e-6), ("test_other_x[treys]", 0.5)]
    }
    assert _is_png(plots.plot_benchmarks(tmp_path / "bench.json", tmp_path / "b2.png", groups=["g"]))
    with pytest.raises(ValueError, match="no benchmark group 'nope'"):
        plots.plot_benchmarks(tmp_path / "bench.json", tmp_path / "b3.png", groups=["nope"])
    (tmp_path / "empty.md").write_text("# nothing here\n")
    with pytest.raises(ValueError, match="no benchmark tables"):
        plots.read_benchmarks(tmp_path / "empty.md")


def test_library_names_from_benchmark_names():
    assert plots.library_of("test_other_evaluate7[holdem-hand-evaluator]") == "holdem-hand-evaluator"
    assert plots.library_of("test_selfplay_pokerkit") == "pokerkit"
    assert plots.library_of("test_studeval_batch7[1-True]") == "studeval [1-True]"


def test_without_matplotlib_the_error_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    r = studeval.stud_equity(["As Ah Kd 2c 9h", "Qc Qd 7s 7h 3c"])
    with pytest.raises(ImportError, match=r"pip install 'studeval\[plot\]'"):
        plots.plot_equity_by_street([r], tmp_path / "x.png")


def test_the_figure_script_draws_the_equity_figure(mpl, tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_figures", ROOT / "tools" / "make_figures.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for _title, game, starts, runouts in script.MATCHUPS:  # every card of a deal once only
        assert game in studeval.STUD_GAMES and game != "five"  # seven-card deals: 3 + 4 cards each
        cards = " ".join(starts + runouts).split()
        assert len(cards) == len(set(cards)) == 14
    script.equity_figure(tmp_path / "equity_streets.png")
    assert _is_png(tmp_path / "equity_streets.png")
