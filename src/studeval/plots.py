r"""Pictures of studeval's own results, drawn with matplotlib (``pip install 'studeval[plot]'``).

Each ``plot_*`` function takes the library's result objects and a file name, writes one
picture and returns the path. The format is the file's ending (``.png``, ``.svg``, ``.pdf``,
any of :func:`picture_formats`); a name without one is refused, never completed, so the file
written is always the file named. Each ``draw_*`` function draws the same picture on a
matplotlib ``Axes`` the caller owns, for figures of several panels. matplotlib is imported on
first use; without it every function raises ImportError saying what to install.

Every function checks what it is given before it draws: TypeError for an object of the wrong
kind (naming it), ValueError for a value no picture can show (an equity that is NaN, negative
or above 1, a time that is not positive), so nothing false is ever drawn.

- :func:`plot_equity_by_street`: the equity of each player on each street, from a list of
  :class:`~studeval.equity.EquityResult` (one per street).
- :func:`plot_starting_hands`: a starting-hand table as one curve, best hand first, from
  :func:`studeval.equity.starting_hand_table`.
- :func:`casino_strategy_grid` and :func:`plot_casino_strategy`: the best play of the casino
  game (raise, fold or change a card) for some hands against each dealer up card, from
  :func:`studeval.caribbean.advise`.
- :func:`plot_casino_returns`: the return table of :func:`studeval.caribbean.analyze`.
- :func:`plot_winnings`: a player's actual and luck-adjusted winnings over real hands, from
  :func:`studeval.analysis.analyze` (any :class:`Winnings`).

(The benchmark picture, studeval beside the other libraries, is development tooling:
``tools/benchmark_files.py``.)

>>> import pytest, tempfile, studeval
>>> _ = pytest.importorskip("matplotlib")
>>> streets = [studeval.stud_equity(["As Ah Kd 2c 9h", "Qc Qd 7s 7h 3c"])]
>>> out = plot_equity_by_street(streets, tempfile.mkdtemp() + "/eq.png", labels=["aces", "queens"])
>>> out.read_bytes()[:4]
b'\x89PNG'
"""

from __future__ import annotations

import math
import numbers
import os
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from studeval.games import GAMES, STUD_GAMES

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from studeval.caribbean import Advice, Analysis
    from studeval.equity import EquityResult, HiLoResult
    from studeval.equity.tables import StartingHandTable

__all__ = [
    "BEST_PLAY_COLORS",
    "STREETS",
    "LuckLine",
    "Winnings",
    "WinningsHand",
    "casino_strategy_grid",
    "draw_casino_strategy",
    "draw_equity_by_street",
    "draw_luck",
    "draw_starting_hands",
    "draw_winnings",
    "picture_format",
    "picture_formats",
    "plot_casino_returns",
    "plot_casino_strategy",
    "plot_equity_by_street",
    "plot_luck",
    "plot_starting_hands",
    "plot_winnings",
]

#: Street names in order, per stud game, for the labels of an equity picture (the registry's).
STREETS = {name: tuple(street.label for street in GAMES[name].streets) for name in STUD_GAMES}
#: The colour of each best play in the casino strategy chart.
BEST_PLAY_COLORS = {"raise": "#2e7d32", "fold": "#c62828", "change": "#1565c0"}
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


def picture_formats() -> tuple[str, ...]:
    """The file endings a picture can be written with here: matplotlib's formats, less ``pgf``
    when its TeX program is not installed (matplotlib needs it to write one).

    >>> import pytest; _ = pytest.importorskip("matplotlib")
    >>> {"png", "svg", "pdf"} <= set(picture_formats())
    True
    """
    try:
        import matplotlib
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError as error:
        raise ImportError(_INSTALL) from error
    kinds = set(FigureCanvasBase.get_supported_filetypes())
    if shutil.which(str(matplotlib.rcParams["pgf.texsystem"])) is None:
        kinds.discard("pgf")
    return tuple(sorted(kinds))


def picture_format(path: str | os.PathLike[str]) -> str:
    """The format of the picture file ``path``, from its ending (one of :func:`picture_formats`).

    TypeError when ``path`` is not a file name; ValueError when it is empty or has no ending
    matplotlib writes (matplotlib would add ``.png`` to a name without one: a file other
    than the one named).

    >>> import pytest; _ = pytest.importorskip("matplotlib")
    >>> picture_format("equity.PNG"), picture_format("out/returns.svg")
    ('png', 'svg')
    >>> picture_format("equity")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: 'equity' has no picture format ending: name the file with one of the endings ...
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"the picture's file name must be a str or path, not {_what(path)}")
    name = os.fspath(path)
    if not isinstance(name, str):
        raise TypeError(f"the picture's file name must be text, not {_what(name)}")
    if not name:
        raise ValueError("the picture's file name is empty")
    suffix = os.path.splitext(name)[1].lstrip(".").lower()
    kinds = picture_formats()
    if suffix not in kinds:
        what = "has no picture format ending" if not suffix else f"ends in .{suffix}, not a picture format written here"
        raise ValueError(f"{name!r} {what}: name the file with one of the endings {', '.join(kinds)}")
    return suffix


def _target(path: str | os.PathLike[str]) -> tuple[Path, str]:
    """The file a plot_* function writes and its format, checked before anything is drawn."""
    kind = picture_format(path)
    return Path(path), kind


def _save(fig: Figure, target: tuple[Path, str]) -> Path:
    out, kind = target
    fig.savefig(out, dpi=100, format=kind)
    return out


def _what(value: object) -> str:
    """A value as an error message names it: its repr (cut short) and its type."""
    text = repr(value)
    return f"{text if len(text) <= 40 else text[:37] + '...'} ({type(value).__name__})"


def _axes(ax: object) -> Axes:
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes, not {_what(ax)}")
    return ax


def _listed(items: object, name: str, example: str) -> list[Any]:
    """A list from a sequence argument; one string or a lone object is a TypeError, not a list."""
    if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
        raise TypeError(f"{name} must be a list such as {example}, not {_what(items)}")
    return list(items)


def _texts(items: object, name: str, example: str) -> list[str]:
    out = _listed(items, name, example)
    for i, item in enumerate(out):
        if not isinstance(item, str):
            raise TypeError(f"{name}[{i}] is {_what(item)}, not a str")
    return out


def _title(title: object) -> str | None:
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str or None, not {_what(title)}")
    return title


def _share(value: object, name: str) -> float:
    """A share of the pot: a real number from 0 to 1 (NaN and infinities are refused)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} is {_what(value)}, not a number")
    x = float(value)
    if not 0.0 <= x <= 1.0:  # also refuses NaN
        raise ValueError(f"{name} is {x!r}: an equity is a share of the pot, from 0 to 1")
    return x


# ---------------------------------------------------------------------------------------------
# Equity


def draw_equity_by_street(
    ax: Axes,
    results: Sequence[EquityResult | HiLoResult],
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
    ax = _axes(ax)
    shares, names, bars, title = _equity_inputs(results, labels, streets, title)
    players = len(names)
    y = list(range(len(shares)))[::-1]  # the first street on top
    left = [0.0] * len(shares)
    for p in range(players):
        widths = [street[p] for street in shares]
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


def _equity_inputs(
    results: object, labels: object, streets: object, title: object
) -> tuple[list[list[float]], list[str], list[str], str | None]:
    """The equities (street by player), player names and street names of an equity picture,
    each checked: the arguments of :func:`draw_equity_by_street`."""
    from studeval.equity import EquityResult, HiLoResult

    if isinstance(results, (EquityResult, HiLoResult)):
        raise TypeError(f"results is one {type(results).__name__}: give a list of them, one per street, e.g. [result]")
    checked = _listed(results, "results", "[result] (one EquityResult per street)")
    if not checked:
        raise ValueError("no equity results to draw: give one per street")
    shares: list[list[float]] = []
    for i, r in enumerate(checked):
        if not isinstance(r, (EquityResult, HiLoResult)):
            raise TypeError(f"results[{i}] is {_what(r)}, not an EquityResult")
        street = [_share(e, f"results[{i}].equity[{p}]") for p, e in enumerate(r.equity)]
        if not street:
            raise ValueError(f"results[{i}] has no players")
        if sum(street) > 1 + 1e-9:  # the bar is one pot: the shares cannot add up to more
            raise ValueError(f"results[{i}]: the equities add up to {sum(street):.6g}, more than the whole pot")
        shares.append(street)
    players = len(shares[0])
    if any(len(street) != players for street in shares):
        raise ValueError(f"every street needs the same players: got {[len(street) for street in shares]} players")
    names = (
        [f"player {i + 1}" for i in range(players)]
        if labels is None
        else _texts(labels, "labels", "['aces', 'queens']")
    )
    if len(names) != players:
        raise ValueError(f"{len(names)} labels for {players} players")
    bars = (
        list(STREETS[STUD_GAMES[0]][: len(shares)])  # the first game's, seven card stud's
        if streets is None
        else _texts(streets, "streets", "['5th street', '6th street']")
    )
    if len(bars) != len(shares):
        raise ValueError(f"{len(bars)} street names for {len(shares)} results")
    return shares, names, bars, _title(title)


def plot_equity_by_street(
    results: Sequence[EquityResult | HiLoResult],
    path: str | os.PathLike[str],
    *,
    labels: Sequence[str] | None = None,
    streets: Sequence[str] | None = None,
    title: str | None = None,
) -> Path:
    """Write a picture of each player's equity on each street (one result per street).

    The arguments are those of :func:`draw_equity_by_street`; a single result draws one bar.
    Everything is checked before anything is drawn or written.

    >>> plot_equity_by_street([1, 2], "x.png")
    Traceback (most recent call last):
    TypeError: results[0] is 1 (int), not an EquityResult
    """
    _equity_inputs(results, labels, streets, title)
    target = _target(path)
    fig = _new_figure(7, 1.2 + 0.55 * len(results))
    draw_equity_by_street(fig.add_subplot(), results, labels=labels, streets=streets, title=title)
    return _save(fig, target)


# the hands named on a starting-hand curve: the best, and those at these shares of the deals
_CURVE_MARKS = (0.1, 0.25, 0.5, 0.75)


def draw_starting_hands(ax: Axes, table: StartingHandTable, *, title: str | None = None) -> None:
    """Draw a starting-hand table as one curve: each hand's equity against a random hand
    (up), best first, over the share of all starting deals as good or better (across, each
    hand as wide as the deals it stands for), the best hand and the hands at 10, 25, 50 and
    75 % named, the even line dashed.
    """
    ax = _axes(ax)
    shares, hands = _starting_inputs(table)
    title = _title(title)
    total = sum(h.combos for h in table.hands)
    x, y, done = [0.0], [shares[0]], 0
    for share, h in zip(shares, table.hands, strict=True):
        done += h.combos
        x += [x[-1], done / total]
        y += [share, share]
    ax.plot(x[1:], y[1:], color=_SEAT_COLORS[0])
    ax.axhline(0.5, color="#9e9e9e", linestyle="--", linewidth=0.8)
    marks, done, want = [(0.0, shares[0], hands[0])], 0, list(_CURVE_MARKS)
    for share, h, name in zip(shares, table.hands, hands, strict=True):
        done += h.combos
        if want and done / total >= want[0]:
            marks.append((done / total, share, name))
            want.pop(0)
    for mx, my, name in marks:
        ax.plot([mx], [my], "o", color=_SEAT_COLORS[1], markersize=4)
        ax.annotate(f"{name} {my:.1%}", (mx, my), xytext=(6, 4), textcoords="offset points", fontsize=8)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter("{x:.0%}")
    ax.yaxis.set_major_formatter("{x:.0%}")
    ax.set_xlabel("share of starting deals as good or better")
    ax.set_ylabel("equity against a random hand")
    ax.grid(alpha=0.3)
    ax.set_title(title or f"{table.game.title}: {len(table.hands):,} starting hands, exact")


def _starting_inputs(table: object) -> tuple[list[float], list[str]]:
    """Each hand's equity and name, checked: the argument of :func:`draw_starting_hands`."""
    from studeval.equity.tables import StartingHandTable

    if not isinstance(table, StartingHandTable):
        raise TypeError(f"table must be a StartingHandTable (studeval.equity.starting_hand_table), not {_what(table)}")
    if not table.hands:
        raise ValueError("the starting-hand table has no hands to draw")
    shares = [_share(h.result.equity[0], f"hand {h.hand!r}'s equity") for h in table.hands]
    return shares, [h.hand for h in table.hands]


def plot_starting_hands(table: StartingHandTable, path: str | os.PathLike[str], *, title: str | None = None) -> Path:
    """Write the picture of :func:`draw_starting_hands`.

    >>> import pytest, tempfile
    >>> _ = pytest.importorskip("matplotlib")
    >>> from studeval.equity import starting_hand_table
    >>> t = starting_hand_table("razz", ranks="JQKA", threads=1)
    >>> plot_starting_hands(t, tempfile.mkdtemp() + "/razz.png").read_bytes()[:4]
    b'\x89PNG'
    """
    _starting_inputs(table)
    target = _target(path)
    fig = _new_figure(7, 4.2)
    draw_starting_hands(fig.add_subplot(), table, title=title)
    return _save(fig, target)


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

    hands = _listed(hands, "hands", "['As Kd Qh 7c 3s']")
    if not hands:
        raise ValueError("no hands for the strategy chart")
    if not isinstance(up_ranks, str):
        raise TypeError(f"up_ranks must be a str of ranks such as '9TJQKA', not {_what(up_ranks)}")
    if not up_ranks:
        raise ValueError("no up-card ranks: give some, such as '9TJQKA'")
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

    ax = _axes(ax)
    rows = _advice_grid(grid)
    title = _title(title)
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


def _advice_grid(grid: object) -> list[list[Advice]]:
    """The rows of a strategy chart, checked: equal rows of Advice with finite values."""
    from studeval.caribbean import Advice

    example = "casino_strategy_grid(...)'s result"
    rows = [_listed(row, f"grid[{i}]", example) for i, row in enumerate(_listed(grid, "grid", example))]
    if not rows or not rows[0]:
        raise ValueError("an empty strategy grid: give rows of advice")
    if any(len(r) != len(rows[0]) for r in rows):
        raise ValueError(f"rows of different lengths: {[len(r) for r in rows]}")
    for i, row in enumerate(rows):
        for j, a in enumerate(row):
            if not isinstance(a, Advice):
                raise TypeError(f"grid[{i}][{j}] is {_what(a)}, not an Advice")
            if not math.isfinite(a.best_ev):
                raise ValueError(f"grid[{i}][{j}] has the expected value {a.best_ev!r}: not a number to draw")
    return rows


def _patch(color: str, label: str) -> Any:
    from matplotlib.patches import Patch

    return Patch(color=color, label=label)


def plot_casino_strategy(
    grid: Sequence[Sequence[Advice]], path: str | os.PathLike[str], *, title: str | None = None
) -> Path:
    """Write the chart of :func:`draw_casino_strategy` to ``path``."""
    checked = _advice_grid(grid)
    target = _target(path)
    rows, cols = len(checked), len(checked[0])
    fig = _new_figure(2.2 + 0.55 * max(cols, 4), 1.2 + 0.42 * rows)
    draw_casino_strategy(fig.add_subplot(), checked, title=title)
    return _save(fig, target)


def plot_casino_returns(analysis: Analysis, path: str | os.PathLike[str], *, title: str | None = None) -> Path:
    """Write the return table of an exact analysis: what each outcome adds to the player's
    return per ante (net times probability), with the house edge in the title.

    ``analysis`` is what :func:`studeval.caribbean.analyze` returns.

    >>> plot_casino_returns("edge", "returns.png")
    Traceback (most recent call last):
    TypeError: analysis must be an Analysis (from studeval.caribbean.analyze), not 'edge' (str)
    """
    from studeval.caribbean import Analysis

    if not isinstance(analysis, Analysis):
        raise TypeError(f"analysis must be an Analysis (from studeval.caribbean.analyze), not {_what(analysis)}")
    rows = [(o.event, float(o.net) * o.probability) for o in analysis.outcomes]
    if not rows:
        raise ValueError("the analysis has no outcomes to draw")
    for event, value in rows:
        if not math.isfinite(value):
            raise ValueError(f"the outcome {event!r} adds {value!r} to the return: not a number to draw")
    title = _title(title)
    target = _target(path)
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
    return _save(fig, target)


# ---------------------------------------------------------------------------------------------
# The winnings of real hands (studeval.analysis)


@runtime_checkable
class WinningsHand(Protocol):
    """What the winnings picture reads of a hand (:class:`studeval.analysis.HandAnalysis`)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def hero(self) -> int | None: ...
    @property
    def currency(self) -> str: ...
    @property
    def scale(self) -> int: ...


@runtime_checkable
class Winnings(Protocol):
    """What the winnings picture reads of many hands analysed (a :class:`studeval.analysis.Report`):
    the hands, and a player's running winnings and luck-adjusted winnings.

    >>> isinstance(object(), Winnings)
    False
    """

    @property
    def hands(self) -> Sequence[WinningsHand]: ...

    def cumulative(self, player: str, currency: str | None = None) -> tuple[list[int], list[float]]: ...


def _player_to_draw(analysis: Winnings, player: str | None) -> str:
    if not isinstance(analysis, Winnings):
        raise TypeError(f"analysis must be a Report, got {type(analysis).__name__}")
    if player is not None:
        if not isinstance(player, str):
            raise TypeError(f"player is a player's name, got {player!r}")
        if not any(player in h.players for h in analysis.hands):
            raise ValueError(f"player {player!r} plays none of the hands")
        return player
    heroes = {h.players[h.hero] for h in analysis.hands if h.hero is not None}
    if len(heroes) == 1:
        return heroes.pop()
    counts: dict[str, int] = {}
    for h in analysis.hands:
        for name in h.players:
            counts[name] = counts.get(name, 0) + 1
    if not counts:
        raise ValueError("no hands to draw")
    return max(counts, key=lambda name: (counts[name], name))


def _currency_to_draw(analysis: Winnings, player: str, currency: str | None) -> tuple[str, int]:
    """The currency of the player's hands to draw (default: the one of most of them) and its scale."""
    mine = [h for h in analysis.hands if player in h.players]
    counts: dict[str, int] = {}
    for h in mine:
        counts[h.currency] = counts.get(h.currency, 0) + 1
    if currency is None:
        currency = max(counts, key=lambda c: (counts[c], c))
    elif currency not in counts:
        raise ValueError(f"{player} plays no hand in {currency!r}: his hands are in {', '.join(sorted(counts))}")
    return currency, next(h.scale for h in mine if h.currency == currency)


def draw_winnings(
    ax: Axes, analysis: Winnings, *, player: str | None = None, currency: str | None = None, title: str | None = None
) -> None:
    """Draw a player's cumulative winnings and luck-adjusted winnings, hand by hand.

    ``player`` defaults to the hero (when the hands have one) or the player in most hands;
    ``currency`` to the currency of most of his hands (chips for tournaments): the hands of
    one currency are drawn, in its units (dollars, not cents).
    """
    name = _player_to_draw(analysis, player)
    unit, scale = _currency_to_draw(analysis, name, currency)
    actual, expected = analysis.cumulative(name, unit)
    x = list(range(1, len(actual) + 1))
    ax.plot(x, [a / scale for a in actual], color="#0072b2", label="winnings")
    ax.plot(x, [e / scale for e in expected], color="#d55e00", linestyle="--", label="luck-adjusted (all-in EV)")
    ax.axhline(0, color="#999999", linewidth=0.8)
    ax.set_xlabel(f"{name}'s hands")
    ax.set_ylabel(unit)
    ax.legend(frameon=False)
    ax.set_title(title or f"{name}: winnings and luck-adjusted winnings")


def plot_winnings(
    analysis: Winnings,
    path: str | os.PathLike[str],
    *,
    player: str | None = None,
    currency: str | None = None,
    title: str | None = None,
) -> Path:
    """Write the picture of :func:`draw_winnings` to ``path`` (its ending is the format: .png,
    .svg, .pdf, ...); returns the path. Checked before anything is drawn.

    >>> from studeval.analysis import Report
    >>> plot_winnings(Report(), "x.png")
    Traceback (most recent call last):
    ...
    ValueError: no hands to draw
    """
    _currency_to_draw(analysis, _player_to_draw(analysis, player), currency)
    form = picture_format(path)
    try:
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ImportError("studeval.analysis pictures need matplotlib: pip install 'studeval[plot]'") from error
    fig = Figure(figsize=(8, 4.5), layout="constrained")
    draw_winnings(fig.add_subplot(), analysis, player=player, currency=currency, title=title)
    target = Path(path)
    fig.savefig(target, format=form)
    return target


class LuckLine(Protocol):
    """What the luck picture reads (a :class:`studeval.db.Luck`): a player's running results
    in big bets, hand by hand, actual and luck-adjusted, over one game or all."""

    @property
    def player(self) -> str: ...
    @property
    def game(self) -> str | None: ...
    @property
    def actual(self) -> Sequence[float]: ...
    @property
    def expected(self) -> Sequence[float]: ...


def draw_luck(ax: Axes, lines: Sequence[LuckLine], *, title: str | None = None) -> None:
    """Draw each line's running winnings (solid) and luck-adjusted winnings (dashed) in big
    bets, hand by hand: the tracker's first picture, one colour per line (player or game)."""
    lines = list(lines)
    if not lines or not any(line.actual for line in lines):
        raise ValueError("no analysed hands to draw: run studeval analyze --db first")
    for k, line in enumerate(lines):
        color = _SEAT_COLORS[k % len(_SEAT_COLORS)]
        label = line.player + (f" ({line.game})" if line.game else "")
        x = list(range(1, len(line.actual) + 1))
        ax.plot(x, list(line.actual), color=color, label=f"{label}: won")
        ax.plot(x, list(line.expected), color=color, linestyle="--", label=f"{label}: luck-adjusted (all-in EV)")
    ax.axhline(0, color="#999999", linewidth=0.8)
    ax.set_xlabel("hands")
    ax.set_ylabel("big bets")
    ax.legend(frameon=False)
    ax.set_title(title or "winnings and luck-adjusted winnings, in big bets")


def plot_luck(lines: Sequence[LuckLine], path: str | os.PathLike[str], *, title: str | None = None) -> Path:
    """Write :func:`draw_luck`'s picture to ``path`` (its ending is the format); returns it.

    >>> plot_luck([], "luck.png")
    Traceback (most recent call last):
    ...
    ValueError: no analysed hands to draw: run studeval analyze --db first
    """
    if not lines or not any(line.actual for line in lines):
        raise ValueError("no analysed hands to draw: run studeval analyze --db first")
    target = _target(path)
    fig = _new_figure(8, 4.5)
    draw_luck(fig.add_subplot(), lines, title=title)
    return _save(fig, target)
