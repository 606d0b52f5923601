"""The benchmark files and their picture, for ``tools/make_figures.py``: studeval beside the other
libraries, read from a pytest-benchmark JSON file or from ``benchmarks/RESULTS.md``.

Development tooling, not part of the library: it reads what ``benchmarks/`` writes. Each
function checks what it is given (TypeError naming an object of the wrong kind, ValueError for
a time that is not a positive number of seconds), so nothing false is ever drawn.

    python tools/make_figures.py benchmarks      # docs/_static/benchmarks.png
"""

from __future__ import annotations

import json
import math
import numbers
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studeval.plots import picture_format

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["LIBRARIES", "draw_benchmarks", "library_of", "plot_benchmarks", "read_benchmarks"]

#: The libraries a benchmark name may mention, as their users spell them.
LIBRARIES = ("studeval", "phevaluator", "eval7", "treys", "pokerkit", "holdem-hand-evaluator", "poker-equity")
# studeval's bars in the first seat colour of studeval.plots' pictures, the others grey
_STUDEVAL_COLOR, _OTHER_COLOR = "#0072b2", "#9e9e9e"


def _what(value: object) -> str:
    """A value as an error message names it: its repr (cut short) and its type."""
    text = repr(value)
    return f"{text if len(text) <= 40 else text[:37] + '...'} ({type(value).__name__})"


def _listed(items: object, name: str, example: str) -> list[Any]:
    """A list from a sequence argument; one string or a lone object is a TypeError, not a list."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise TypeError(f"{name} must be a list such as {example}, not {_what(items)}")
    return list(items)


def _axes(ax: object) -> Axes:
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes, not {_what(ax)}")
    return ax


def _title(title: object) -> str | None:
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str or None, not {_what(title)}")
    return title


_TIME_UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "us": 1e-6, "ns": 1e-9}


def _seconds(text: str) -> float:
    number, _, unit = text.strip().partition(" ")
    if unit not in _TIME_UNITS:
        raise ValueError(f"unknown time {text!r}: expected a number and s, ms, µs or ns")
    try:
        value = float(number) * _TIME_UNITS[unit]
    except ValueError:
        raise ValueError(f"unknown time {text!r}: expected a number and s, ms, µs or ns") from None
    return _duration(value, repr(text))


def _duration(value: object, name: str) -> float:
    """A time a bar can show on a log scale: a finite number of seconds above 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"the time of {name} is {_what(value)}, not a number")
    x = float(value)
    if not (0.0 < x < math.inf):  # also refuses NaN
        raise ValueError(f"the time of {name} is {x!r}: a time must be a positive number of seconds")
    return x


def read_benchmarks(source: str | os.PathLike[str]) -> dict[str, list[tuple[str, float]]]:
    r"""The median time (seconds) of each benchmark, by group, from a pytest-benchmark JSON
    file or from the Markdown tables of ``benchmarks/RESULTS.md``.

    The time is per item (a hand, a deal) where the benchmark records how many items a round
    handles, so that libraries measured on rounds of different sizes compare fairly; else it
    is the time of a round. RESULTS.md's tables are read up to its appendices (``## Appendix``
    headings: earlier runs' figures, kept dated).

    >>> import pathlib, tempfile
    >>> md = pathlib.Path(tempfile.mkdtemp()) / "RESULTS.md"
    >>> _ = md.write_text("### evaluate\n\n| benchmark | median per round | per item |\n|---|---|---|\n"
    ...                   "| test_studeval_x | 2 ms | 20 ns |\n| test_treys_x | 3 ms |  |\n")
    >>> read_benchmarks(md)
    {'evaluate': [('test_studeval_x', 2e-08), ('test_treys_x', 0.003)]}
    """
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"source must be a file name, not {_what(source)}")
    path = Path(source)
    text = path.read_text(encoding="utf-8")
    groups: dict[str, list[tuple[str, float]]] = {}
    if path.suffix == ".json":
        try:
            for bench in json.loads(text)["benchmarks"]:
                extra = bench.get("extra_info") or {}
                items = extra.get("hands") or extra.get("items") or 1
                if isinstance(items, bool) or not isinstance(items, int) or items < 1:
                    raise ValueError(f"{bench['name']!r} handles {items!r} items a round: not a positive count")
                name = str(bench["name"])
                row = (name, _duration(bench["stats"]["median"], repr(name)) / items)
                groups.setdefault(str(bench.get("group") or "ungrouped"), []).append(row)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path}: not a pytest-benchmark JSON file ({type(exc).__name__}: {exc})") from None
        return groups
    group = None
    for line in text.splitlines():
        if line.startswith("## Appendix"):  # the dated figures of earlier runs: not this run's
            break
        if line.startswith("### "):
            group = line[4:].strip()
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if group is None or len(cells) < 2 or not cells[0].startswith("test_"):
            continue
        per_item = cells[2] if len(cells) > 2 and cells[2] else cells[1]
        groups.setdefault(group, []).append((cells[0], _seconds(per_item)))
    if not groups:
        raise ValueError(f"{path}: no benchmark tables found (### group headings with | test_... | rows)")
    return groups


def _is_studeval(benchmark: str) -> bool:
    return library_of(benchmark).startswith("studeval")


def _is_other_library(benchmark: str) -> bool:
    return library_of(benchmark).split(" ")[0] in LIBRARIES[1:]


def library_of(benchmark: str) -> str:
    """The library a benchmark measures, from its name, with its parameters.

    >>> library_of("test_other_evaluate7[phevaluator (C evaluate_7cards)]")
    'phevaluator (C evaluate_7cards)'
    >>> library_of("test_holdem_exact_studeval[2]"), library_of("test_stud_mc_poker_equity")
    ('studeval [2]', 'poker-equity')
    """
    if not isinstance(benchmark, str):
        raise TypeError(f"a benchmark name is a str, not {_what(benchmark)}")
    match = re.fullmatch(r"([^\[]*)(?:\[(.*)\])?", benchmark)
    base, param = (match.group(1), match.group(2)) if match else (benchmark, None)
    for lib in LIBRARIES:
        if lib.replace("-", "_") in base:
            return f"{lib} [{param}]" if param else lib
    if param:
        return param
    return base.removeprefix("test_")


def draw_benchmarks(ax: Axes, rows: Sequence[tuple[str, float]], *, title: str | None = None) -> None:
    """Draw one benchmark group as horizontal bars of median time (log scale), fastest on top,
    each with its ratio to the fastest; studeval's bars in blue, the others grey. ``rows`` are
    (benchmark name, seconds) as :func:`read_benchmarks` gives them."""
    ax = _axes(ax)
    order = sorted(_benchmark_rows(rows, "rows"), key=lambda r: r[1])[::-1]
    title = _title(title)
    names = [library_of(n) for n, _ in order]
    times = [t for _, t in order]
    colors = [_STUDEVAL_COLOR if n.startswith("studeval") else _OTHER_COLOR for n in names]
    ax.barh(range(len(order)), times, color=colors)
    ax.set_xscale("log")
    ax.set_yticks(range(len(order)), names, fontsize=8)
    fastest = min(times)
    for i, t in enumerate(times):
        ratio = t / fastest
        label = " fastest" if ratio == 1 else f" {ratio:,.0f}x" if ratio >= 100 else f" {ratio:.3g}x"
        ax.text(t, i, label, va="center", fontsize=7)
    ax.set_xlim(right=max(times) * 30)
    ax.set_xlabel("median time per hand or deal (s, log scale)", fontsize=8)
    if title:
        ax.set_title(title, fontsize=9)


def _benchmark_rows(rows: object, name: str) -> list[tuple[str, float]]:
    """(benchmark name, seconds) pairs, checked; an empty group is a ValueError."""
    checked = []
    for i, row in enumerate(_listed(rows, name, "[('test_studeval_x', 2e-08)]")):
        if not isinstance(row, (tuple, list)) or len(row) != 2 or not isinstance(row[0], str):
            raise TypeError(f"{name}[{i}] is {_what(row)}, not a (benchmark name, seconds) pair")
        checked.append((row[0], _duration(row[1], repr(row[0]))))
    if not checked:
        raise ValueError("an empty benchmark group")
    return checked


def plot_benchmarks(
    source: str | os.PathLike[str] | Mapping[str, Sequence[tuple[str, float]]],
    path: str | os.PathLike[str],
    *,
    groups: Sequence[str] | None = None,
) -> Path:
    """Write one panel per benchmark group; ``source`` is a file for :func:`read_benchmarks`
    or its result. By default every group that measures studeval and another library."""
    kind = picture_format(path)  # the file name checked before anything is drawn
    data = dict(source) if isinstance(source, Mapping) else read_benchmarks(source)
    data = {str(g): _benchmark_rows(rows, f"source[{g!r}]") for g, rows in data.items()}
    if groups is not None:
        groups = _listed(groups, "groups", "['evaluate 7 cards, one hand per call']")
        for i, group in enumerate(groups):
            if not isinstance(group, str):
                raise TypeError(f"groups[{i}] is {_what(group)}, not a str")
    if groups is None:
        chosen = [
            g
            for g, rows in data.items()
            if any(_is_studeval(n) for n, _ in rows) and any(_is_other_library(n) for n, _ in rows)
        ]
    else:
        missing = [g for g in groups if g not in data]
        if missing:
            raise ValueError(f"no benchmark group {missing[0]!r}; there are: {', '.join(data)}")
        chosen = list(groups)
    if not chosen:
        raise ValueError("no benchmark group to draw")
    cols = 2 if len(chosen) > 1 else 1
    nrows = math.ceil(len(chosen) / cols)
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6 * cols, 0.6 + 2.1 * nrows), layout="constrained")
    for k, group in enumerate(chosen):
        draw_benchmarks(fig.add_subplot(nrows, cols, k + 1), data[group], title=group)
    fig.savefig(path, dpi=100, format=kind)
    return Path(path)
