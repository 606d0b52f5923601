"""tools/benchmark_files.py, the benchmark files and their picture for tools/make_figures.py:
RESULTS.md and pytest-benchmark JSON read, each group drawn, clear errors for what it cannot
draw. (Development tooling: moved out of studeval.plots, its tests with it.)"""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _load("benchmark_files", ROOT / "tools" / "benchmark_files.py")
summarize = _load("summarize", ROOT / "benchmarks" / "summarize.py")


@pytest.fixture
def mpl():
    matplotlib = pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is not installed")
    matplotlib.use("Agg")
    return matplotlib


def _is_png(path: Path) -> bool:
    return path.read_bytes()[:8] == PNG and path.stat().st_size > 1000


def test_benchmarks_from_results_md_and_from_json(mpl, tmp_path):
    """RESULTS.md's tables are read (a figure checked by hand) and every group of them draws,
    a bar per benchmark; the picture of the groups chosen by default (studeval beside another
    library) is written from them and from a pytest-benchmark JSON file."""
    results = ROOT / "benchmarks" / "RESULTS.md"
    groups = tool.read_benchmarks(results)
    rows = dict(groups["evaluate 7 cards, one hand per call"])
    # the per-item column, read here by hand: "| test_studeval_evaluate7 | 63.6 µs | 63.6 ns | ..."
    line = next(x for x in results.read_text("utf-8").splitlines() if x.startswith("| test_studeval_evaluate7 |"))
    number, unit = line.split("|")[3].split()
    assert rows["test_studeval_evaluate7"] == pytest.approx(float(number) * {"ns": 1e-9, "µs": 1e-6}[unit])
    from matplotlib.figure import Figure

    for group, group_rows in groups.items():  # each group's bars, drawn without a file
        ax = Figure().add_subplot()
        tool.draw_benchmarks(ax, group_rows, title=group)
        assert len(ax.patches) == len(group_rows) and ax.get_title() == group
    # one file, from the evaluate group and a group of studeval alone (which the default leaves
    # out): laying out and writing the 14 panels of every group took seconds
    alone = next(g for g, r in groups.items() if all(tool.library_of(n).startswith("studeval") for n, _ in r))
    chosen = {g: groups[g] for g in ("evaluate 7 cards, one hand per call", alone)}
    assert _is_png(tool.plot_benchmarks(chosen, tmp_path / "bench.png"))
    data = {
        "benchmarks": [
            {"group": "g", "name": "test_studeval_x", "stats": {"median": 0.002}, "extra_info": {"hands": 1000}},
            {"group": "g", "name": "test_other_x[treys]", "stats": {"median": 0.5}, "extra_info": {}},
        ]
    }
    (tmp_path / "bench.json").write_text(json.dumps(data))
    assert tool.read_benchmarks(tmp_path / "bench.json") == {
        "g": [("test_studeval_x", 2e-6), ("test_other_x[treys]", 0.5)]
    }
    assert _is_png(tool.plot_benchmarks(tmp_path / "bench.json", tmp_path / "b2.png", groups=["g"]))
    with pytest.raises(ValueError, match="no benchmark group 'nope'"):
        tool.plot_benchmarks(tmp_path / "bench.json", tmp_path / "b3.png", groups=["nope"])
    (tmp_path / "empty.md").write_text("# nothing here\n")
    with pytest.raises(ValueError, match="no benchmark tables"):
        tool.read_benchmarks(tmp_path / "empty.md")


def test_library_names_from_benchmark_names():
    assert tool.library_of("test_other_evaluate7[holdem-hand-evaluator]") == "holdem-hand-evaluator"
    assert tool.library_of("test_selfplay_pokerkit") == "pokerkit"
    assert tool.library_of("test_studeval_batch7[1-True]") == "studeval [1-True]"


@pytest.mark.parametrize("seconds", [math.nan, 0.0, -1e-9, math.inf])
def test_benchmark_pictures_refuse_a_time_that_is_not_positive(mpl, tmp_path, seconds):
    with pytest.raises(ValueError, match="a time must be a positive number of seconds"):
        tool.plot_benchmarks({"g": [("test_studeval_x", seconds)]}, tmp_path / "x.png", groups=["g"])
    bench = {"benchmarks": [{"group": "g", "name": "test_studeval_x", "stats": {"median": seconds}}]}
    (tmp_path / "b.json").write_text(json.dumps(bench))
    with pytest.raises(ValueError, match="a time must be a positive number of seconds"):
        tool.read_benchmarks(tmp_path / "b.json")
    (tmp_path / "b.md").write_text(f"### g\n\n| benchmark | median |\n|---|---|\n| test_studeval_x | {seconds} s |\n")
    with pytest.raises(ValueError, match="a time must be a positive number of seconds"):
        tool.read_benchmarks(tmp_path / "b.md")
    (tmp_path / "bad.json").write_text(json.dumps({"benchmarks": [{"name": "x"}]}))
    with pytest.raises(ValueError, match="not a pytest-benchmark JSON file"):
        tool.read_benchmarks(tmp_path / "bad.json")
    assert not (tmp_path / "x.png").exists()


def test_the_benchmark_picture_refuses_a_file_name_it_would_not_write_as_named(mpl, tmp_path, monkeypatch):
    """As every picture of studeval.plots: matplotlib would add .png to a name without an ending."""
    monkeypatch.chdir(tmp_path)
    for path, error, words in [
        ("", ValueError, "empty"),
        ("equity", ValueError, "no picture format ending"),
        (".png", ValueError, "no picture format ending"),
        ("equity.xyz", ValueError, "not a picture format"),
        (123, TypeError, r"must be a str or path, not 123 \(int\)"),
        (None, TypeError, r"not None \(NoneType\)"),
    ]:
        with pytest.raises(error, match=words):
            tool.plot_benchmarks({"g": [("test_studeval_x", 1e-8)]}, path, groups=["g"])
    assert list(tmp_path.iterdir()) == []


def test_benchmark_pictures_name_an_object_of_the_wrong_kind(mpl, tmp_path):
    with pytest.raises(TypeError, match="a benchmark name is a str"):
        tool.library_of(5)
    with pytest.raises(TypeError, match="groups must be a list"):
        tool.plot_benchmarks({"g": [("test_studeval_x", 1e-8)]}, tmp_path / "x.png", groups="g")
    from matplotlib.figure import Figure  # (a submodule matplotlib does not import by itself)

    with pytest.raises(TypeError, match=r"rows\[0\] is 'test_x' \(str\), not a \(benchmark name, seconds\) pair"):
        tool.draw_benchmarks(Figure().add_subplot(), ["test_x"])
    with pytest.raises(TypeError, match="source must be a file name"):
        tool.read_benchmarks(42)
    assert list(tmp_path.iterdir()) == []


def test_the_tools_examples_pass():
    """The tool's doctests (outside the package, so the default run does not collect them)."""
    import doctest

    failed, tried = doctest.testmod(tool, report=True)
    assert tried > 0 and failed == 0


RESULTS = """# Benchmark results

### evaluate

| benchmark | median per round | per item |
|---|---|---|
| test_studeval_x | 2 ms | 20 ns |

## Appendix A: earlier figures

#### evaluate

| benchmark | median per round | per item |
|---|---|---|
| test_studeval_x | 9 ms | 90 ns |
"""


def test_results_appendices_are_neither_read_nor_updated(tmp_path) -> None:
    """The dated figures after ``## Appendix`` are not this run's: the picture reads the body's
    tables alone, and summarize.py --update replaces the body's groups, puts a new group before
    the appendices and leaves them as they were."""
    path = tmp_path / "RESULTS.md"
    path.write_text(RESULTS + "### later\n\n| benchmark | median per round |\n|---|---|\n| test_studeval_y | 1 s |\n")
    assert tool.read_benchmarks(path) == {"evaluate": [("test_studeval_x", 2e-08)]}
    sections = {"evaluate": "### evaluate\n\nnew table\n", "fresh": "### fresh\n\nits table\n"}
    text = summarize.update(RESULTS, sections)
    body, appendix = text.split("## Appendix A")
    assert "new table" in body and "2 ms" not in body and "### fresh" in body
    assert appendix == RESULTS.split("## Appendix A")[1]
