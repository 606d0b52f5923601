r"""Pictures of studeval's own results, drawn with matplotlib (``pip install 'studeval[plot]'``).

Each ``plot_*`` function takes the library's result objects and a file name, writes one
picture (the format follows the file's extension: ``.png``, ``.svg``, ``.pdf``) and returns
the path. Each ``draw_*`` function draws the same picture on a matplotlib ``Axes`` the caller
owns, for figures of several panels. matplotlib is imported on first use; without it every
function raises ImportError saying what to install.

- :func:`plot_equity_by_street`: the equity of each player on each street, from a list of
  :class:`~studeval.equity.EquityResult` (one per street).
- :func:`casino_strategy_grid` and :func:`plot_casino_strategy`: the best play of the casino
  game (raise, fold or change a card) for some hands against each dealer up card, from
  :func:`studeval.caribbean.advise`.
- :func:`plot_casino_returns`: the return table of :func:`studeval.caribbean.analyze`.
- :func:`read_benchmarks` and :func:`plot_benchmarks`: studeval beside the other libraries,
  from a pytest-benchmark JSON file or ``benchmarks/RESULTS.md``.

>>> import pytest, tempfile, studeval
>>> _ = pytest.importorskip("matplotlib")
>>> streets = [studeval.stud_equity(["As Ah Kd 2c 9h", "Qc Qd 7s 7h 3c"])]
>>> out = plot_equity_by_street(streets, tempfile.mkdtemp() + "/eq.png", labels=["aces", "queens"])
>>> out.read_bytes()[:4]
b'\x89PNG'
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from studeval.caribbean import Advice, Analysis
    from studeval.equity import EquityResult

__all__ = [
    "BEST_PLAY_COLORS",
    "LIBRARIES",
    "STREETS",
    "casino_strategy_grid",
    "draw_benchmarks",
    "draw_casino_strategy",
    "draw_equity_by_street",
    "library_of",
    "plot_benchmarks",
    "plot_casino_returns",
    "plot_casino_strategy",
    "plot_equity_by_street",
    "read_benchmarks",
]

#: Street names in order, per game, for the labels of an equity picture.
STREETS = {
    "seven": ("3rd street", "4th street", "5th street", "6th street", "7th street"),
    "five": ("2nd street", "3rd street", "4th street", "5th street"),
}
#: The colour of each best play in the casino strategy chart.
BEST_PLAY_COLORS = {"raise": "#2e7d32", "fold": "#c62828", "change": "#1565c0"}
#: The libraries a benchmark name may mention, as their users spell them.
LIBRARIES = ("studeval", "phevaluator", "eval7", "treys", "pokerkit", "holdem-hand-evaluator", "poker-equity")
_UP_RANKS = "23456789TJQKA"
# the player's colours: one per seat, readable on white and for colour-blind readers
_SEAT_COLORS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#999999")
_INSTALL = "studeval.plots needs matplotlib: pip install 'studeval[plot]'"


def _new_figure(width: float, height: float) -> Figure:
    """A matplotlib Figure not tied to pyplot (no global state, no display needed)."""
    try:
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ImportError(_INSTALL) from error
    return Figure(figsize=(width, height), layout="constrained")


def _save(fig: Figure, path: str | os.PathLike[str]) -> Path:
    out = Path(path)
    fig.savefig(out, dpi=100)
    return out


# ---------------------------------------------------------------------------------------------
# Equity


def draw_equity_by_street(
    ax: Axes,
    results: Sequence[EquityResult],
    *,
    labels: Sequence[str] | None = None,
    streets: Sequence[str] | None = None,
    title: str | None = None,
) -> None:
    """Draw each street's equities as one stacked bar (each player's share of the pot).

    ``results`` holds one :class:`~studeval.equity.EquityResult` per street, oldest first;
    ``labels`` names the players (default "player 1", ...), ``streets`` the bars (default:
    seven card stud's streets from third on).
    """
    results = list(results)
    if not results:
        raise ValueError("no equity results to draw: give one per street")
    players = len(results[0].equity)
    if any(len(r.equity) != players for r in results):
        raise ValueError(f"every street needs the same players: got {[len(r.equity) for r in results]} players")
    names = list(labels) if labels is not None else [f"player {i + 1}" for i in range(players)]
    if len(names) != players:
        raise ValueError(f"{len(names)} labels for {players} players")
    bars = list(streets) if streets is not None else list(STREETS["seven"][: len(results)])
    if len(bars) != len(results):
        raise ValueError(f"{len(bars)} street names for {len(results)} results")
    y = list(range(len(results)))[::-1]  # the first street on top
    left = [0.0] * len(results)
    for p in range(players):
        widths = [r.equity[p] for r in results]
        color = _SEAT_COLORS[p % len(_SEAT_COLORS)]
        ax.barh(y, widths, left=left, color=color, label=names[p], edgecolor="white")
        for yi, x0, w in zip(y, left, widths, strict=True):
            if w >= 0.08:
                ax.text(x0 + w / 2, yi, f"{w:.0%}", ha="center", va="center", color="white", fontsize=9)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.set_yticks(y, bars)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter("{x:.0%}")
    ax.set_xlabel("share of the pot (equity)")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=min(players, 4), frameon=False, fontsize=9)
    if title:
        ax.set_title(title, pad=24)


def plot_equity_by_street(
    results: Sequence[EquityResult],
    path: str | os.PathLike[str],
    *,
    labels: Sequence[str] | None = None,
    streets: Sequence[str] | None = None,
    title: str | None = None,
) -> Path:
    """Write a picture of each player's equity on each street (one result per street).

    The arguments are those of :func:`draw_equity_by_street`; a single result draws one bar.
    """
    fig = _new_figure(7, 1.2 + 0.55 * max(1, len(results)))
    draw_equity_by_street(fig.add_subplot(), results, labels=labels, streets=streets, title=title)
    return _save(fig, path)


# ---------------------------------------------------------------------------------------------
# The casino game


def casino_strategy_grid(hands: Sequence[str], up_ranks: str = _UP_RANKS, **options: Any) -> list[list[Advice]]:
    """The exact advice for each hand (a row) against a dealer up card of each rank (a column).

    The up card of each rank takes the highest suit not in the hand, so it never collides.
    Each cell is :func:`studeval.caribbean.advise` called with ``options`` (such as
    ``one_card_change=False`` or ``paytable=``); about half a second a cell with the change.

    >>> grid = casino_strategy_grid(["As Kd Qh 7c 3s"], "9K", one_card_change=False)
    >>> [[a.dealer_up + ": " + a.best for a in row] for row in grid]
    [['9s: fold', 'Ks: raise']]
    """
    from studeval.cards import format_card, parse_cards
    from studeval.caribbean import advise

    if not hands:
        raise ValueError("no hands for the strategy chart")
    ranks = [r.upper() for r in up_ranks]
    for r in ranks:
        if r not in _UP_RANKS:
            raise ValueError(f"unknown up-card rank {r!r}: use 2-9, T, J, Q, K, A")
    grid: list[list[Advice]] = []
    for hand in hands:
        cards = parse_cards(hand)
        row = []
        for r in ranks:
            up = next(4 * _UP_RANKS.index(r) + s for s in (3, 2, 1, 0) if 4 * _UP_RANKS.index(r) + s not in cards)
            row.append(advise(cards, format_card(up), **options))
        grid.append(row)
    return grid


def _play_of(advice: Advice) -> str:
    return "change" if advice.best.startswith("change") else advice.best


def draw_casino_strategy(ax: Axes, grid: Sequence[Sequence[Advice]], *, title: str | None = None) -> None:
    """Draw the best play of each hand (rows) against each dealer up card (columns).

    ``grid`` is what :func:`casino_strategy_grid` returns (or any rows of
    :class:`~studeval.caribbean.Advice` of equal length). A cell's colour is the best play
    (:data:`BEST_PLAY_COLORS`); its text is the expected value of that play in antes, and the
    card to change when the best play is a change.
    """
    from matplotlib.colors import ListedColormap

    rows = [list(r) for r in grid]
    if not rows or not rows[0]:
        raise ValueError("an empty strategy grid: give rows of advice")
    if any(len(r) != len(rows[0]) for r in rows):
        raise ValueError(f"rows of different lengths: {[len(r) for r in rows]}")
    plays = list(BEST_PLAY_COLORS)
    codes = [[plays.index(_play_of(a)) for a in row] for row in rows]
    ax.imshow(codes, cmap=ListedColormap(list(BEST_PLAY_COLORS.values())), vmin=0, vmax=len(plays) - 1, aspect="auto")
    for i, row in enumerate(rows):
        for j, a in enumerate(row):
            text = f"{a.best_ev:+.2f}"
            if _play_of(a) == "change":
                text = a.best.split()[1] + "\n" + text
            ax.text(j, i, text, ha="center", va="center", color="white", fontsize=7)
    ax.set_xticks(range(len(rows[0])), [a.dealer_up[0] for a in rows[0]])
    ax.set_yticks(range(len(rows)), [r[0].player for r in rows])
    ax.set_xlabel("dealer's up card")
    ax.tick_params(length=0)
    handles = [_patch(color, play) for play, color in BEST_PLAY_COLORS.items()]
    ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=3, frameon=False, fontsize=9)
    if title:
        ax.set_title(title, pad=24)


def _patch(color: str, label: str) -> Any:
    from matplotlib.patches import Patch

    return Patch(color=color, label=label)


def plot_casino_strategy(
    grid: Sequence[Sequence[Advice]], path: str | os.PathLike[str], *, title: str | None = None
) -> Path:
    """Write the chart of :func:`draw_casino_strategy` to ``path``."""
    rows = len(grid)
    cols = len(grid[0]) if rows else 0
    fig = _new_figure(2.2 + 0.55 * max(cols, 4), 1.2 + 0.42 * max(rows, 1))
    draw_casino_strategy(fig.add_subplot(), grid, title=title)
    return _save(fig, path)


def plot_casino_returns(analysis: Analysis, path: str | os.PathLike[str], *, title: str | None = None) -> Path:
    """Write the return table of an exact analysis: what each outcome adds to the player's
    return per ante (net times probability), with the house edge in the title.

    ``analysis`` is what :func:`studeval.caribbean.analyze` returns.
    """
    rows = [(o.event, float(o.net) * o.probability) for o in analysis.outcomes]
    if not rows:
        raise ValueError("the analysis has no outcomes to draw")
    fig = _new_figure(8, 1.0 + 0.3 * len(rows))
    ax = fig.add_subplot()
    y = list(range(len(rows)))[::-1]
    ax.barh(
        y,
        [v for _, v in rows],
        color=[BEST_PLAY_COLORS["raise"] if v >= 0 else BEST_PLAY_COLORS["fold"] for _, v in rows],
    )
    ax.set_yticks(y, [e for e, _ in rows], fontsize=8)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("contribution to the return, per ante")
    game = "with the one-card change" if analysis.one_card_change else "without the change"
    ax.set_title(title or f"5 Card Stud Poker {game}: house edge {analysis.house_edge:.3%}")
    return _save(fig, path)


# ---------------------------------------------------------------------------------------------
# Benchmarks

_TIME_UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "us": 1e-6, "ns": 1e-9}


def _seconds(text: str) -> float:
    number, _, unit = text.strip().partition(" ")
    if unit not in _TIME_UNITS:
        raise ValueError(f"unknown time {text!r}: expected a number and s, ms, µs or ns")
    return float(number) * _TIME_UNITS[unit]


def read_benchmarks(source: str | os.PathLike[str]) -> dict[str, list[tuple[str, float]]]:
    r"""The median time (seconds) of each benchmark, by group, from a pytest-benchmark JSON
    file or from the Markdown tables of ``benchmarks/RESULTS.md``.

    The time is per item (a hand, a deal) where the benchmark records how many items a round
    handles, so that libraries measured on rounds of different sizes compare fairly; else it
    is the time of a round.

    >>> import pathlib, tempfile
    >>> md = pathlib.Path(tempfile.mkdtemp()) / "RESULTS.md"
    >>> _ = md.write_text("### evaluate\n\n| benchmark | median per round | per item |\n|---|---|---|\n"
    ...                   "| test_studeval_x | 2 ms | 20 ns |\n| test_treys_x | 3 ms |  |\n")
    >>> read_benchmarks(md)
    {'evaluate': [('test_studeval_x', 2e-08), ('test_treys_x', 0.003)]}
    """
    path = Path(source)
    text = path.read_text(encoding="utf-8")
    groups: dict[str, list[tuple[str, float]]] = {}
    if path.suffix == ".json":
        for bench in json.loads(text)["benchmarks"]:
            extra = bench.get("extra_info") or {}
            items = extra.get("hands") or extra.get("items") or 1
            row = (bench["name"], float(bench["stats"]["median"]) / items)
            groups.setdefault(bench.get("group") or "ungrouped", []).append(row)
        return groups
    group = None
    for line in text.splitlines():
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
    if not rows:
        raise ValueError("an empty benchmark group")
    order = sorted(rows, key=lambda r: r[1])[::-1]
    names = [library_of(n) for n, _ in order]
    times = [t for _, t in order]
    colors = [_SEAT_COLORS[0] if n.startswith("studeval") else "#9e9e9e" for n in names]
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


def plot_benchmarks(
    source: str | os.PathLike[str] | Mapping[str, Sequence[tuple[str, float]]],
    path: str | os.PathLike[str],
    *,
    groups: Sequence[str] | None = None,
) -> Path:
    """Write one panel per benchmark group; ``source`` is a file for :func:`read_benchmarks`
    or its result. By default every group that measures studeval and another library."""
    data = dict(source) if isinstance(source, Mapping) else read_benchmarks(source)
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
    fig = _new_figure(6 * cols, 0.6 + 2.1 * nrows)
    for k, group in enumerate(chosen):
        draw_benchmarks(fig.add_subplot(nrows, cols, k + 1), data[group], title=group)
    return _save(fig, path)
