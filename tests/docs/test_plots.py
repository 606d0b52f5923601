"""studeval.plots: each picture is written from real results; clear errors without matplotlib
or with empty input."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import studeval
from studeval import caribbean, plots
from studeval.cards import parse_cards
from studeval.evaluate import evaluate_batch

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


def _settled_money(hand: str, up: str) -> dict[str, Fraction]:
    """The expected money of raising and of folding ``hand`` against the dealer's up card:
    every four hold cards from the other 46 cards, each deal settled by settle_hand (grouped
    by the dealer hand's value: cards speak)."""
    player, (up_card,) = parse_cards(hand), parse_cards(up)
    rest = [c for c in range(52) if c not in player and c != up_card]
    cards = itertools.chain.from_iterable(itertools.combinations(rest, 4))
    holds = np.fromiter(cards, dtype=np.uint8, count=4 * math.comb(len(rest), 4)).reshape(-1, 4)
    dealers = np.hstack([np.full((len(holds), 1), up_card, dtype=np.uint8), holds])
    _, first, deals = np.unique(evaluate_batch(dealers), return_index=True, return_counts=True)
    money = {}
    for play, raised in (("raise", True), ("fold", False)):
        total = sum(
            int(n) * Fraction(caribbean.settle_hand(player, dealers[i].tolist(), raised=raised).net)
            for i, n in zip(first, deals, strict=True)
        )
        money[play] = total / len(holds)
    return money


def test_casino_strategy_grid_values_each_cell_by_settling_every_deal(mpl, tmp_path):
    """Each cell's hand and up card, and its values of raising and folding, against every
    dealer hand settled one by one (R60-R66), not against the advice the grid is made of."""
    hands = ["As Kd Qh 7c 3s", "Th Jh Qh Kh 2c"]
    grid = plots.casino_strategy_grid(hands, "9K", one_card_change=False)
    assert [[(a.player, a.dealer_up) for a in row] for row in grid] == [[(h, "9s"), (h, "Ks")] for h in hands]
    for row in grid:
        for cell in row:
            money = _settled_money(cell.player, cell.dealer_up)
            assert cell.exact == money
            assert cell.best == ("raise" if money["raise"] > money["fold"] else "fold")
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


def _drawn(monkeypatch) -> list[Any]:
    """The figures the plot functions write, as they write them (Figure.savefig watched)."""
    from matplotlib.figure import Figure

    written: list[Any] = []
    savefig = Figure.savefig

    def watched(fig, *args, **kwargs):
        written.append(fig)
        return savefig(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", watched)
    return written


def test_casino_returns_of_an_analysis(mpl, tmp_path, monkeypatch):
    """The picture's bars read back: one per outcome, top first, as long as its net times its
    chance, green when it adds to the return and red when it takes away; together the player's
    expected value, minus the house edge the title gives."""
    analysis = caribbean.analyze(ranks="TJQKA", one_card_change=False)
    written = _drawn(monkeypatch)
    assert _is_png(plots.plot_casino_returns(analysis, tmp_path / "returns.png"))
    (fig,) = written
    (ax,) = fig.axes
    bars = sorted(ax.patches, key=lambda bar: -bar.get_y())  # top first
    outcomes = analysis.outcomes
    assert len(bars) == len(outcomes) > 5
    assert [t.get_text() for t in sorted(ax.get_yticklabels(), key=lambda t: -t.get_position()[1])] == [
        o.event for o in outcomes
    ]
    for bar, o in zip(bars, outcomes, strict=True):
        assert bar.get_x() == 0 and bar.get_width() == pytest.approx(float(o.net) * o.probability, rel=1e-12)
        green = mpl.colors.to_rgba(plots.BEST_PLAY_COLORS["raise" if o.net * o.probability >= 0 else "fold"])
        assert bar.get_facecolor() == pytest.approx(green)
    assert math.fsum(bar.get_width() for bar in bars) == pytest.approx(-analysis.house_edge, abs=1e-12)
    assert f"house edge {analysis.house_edge:.3%}" in ax.get_title()


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


# ---------------------------------------------------------------------------------------------
# Every public function checks what it is given before it draws (issue 17 item 13)


@pytest.fixture
def two(mpl):
    return studeval.stud_equity(["As Ah Kd 2c 9h", "Qc Qd 7s 7h 3c"])


@pytest.fixture(scope="module")
def short_deck():
    return caribbean.analyze(ranks="TJQKA", one_card_change=False)


def _with_equity(result, equity):
    """``result`` with other equities; an EquityResult that refuses them itself refuses as well."""
    return dataclasses.replace(result, equity=tuple(equity))


@pytest.mark.parametrize(
    ("results", "words"),
    [
        ([1, 2], r"results\[0\] is 1 \(int\), not an EquityResult"),
        (["As Ah Kd"], r"results\[0\] is 'As Ah Kd' \(str\), not an EquityResult"),
        ("As Ah", r"results must be a list .*not 'As Ah' \(str\)"),
        (None, r"results must be a list .*not None \(NoneType\)"),
        (3.5, r"results must be a list .*not 3.5 \(float\)"),
    ],
)
def test_equity_picture_names_an_object_of_the_wrong_kind(mpl, tmp_path, results, words):
    with pytest.raises(TypeError, match=words):
        plots.plot_equity_by_street(results, tmp_path / "x.png")
    assert list(tmp_path.iterdir()) == []


def test_equity_picture_refuses_one_result_not_in_a_list_and_labels_that_are_not_text(two, tmp_path):
    with pytest.raises(TypeError, match=r"one EquityResult: give a list of them.*\[result\]"):
        plots.plot_equity_by_street(two, tmp_path / "x.png")
    with pytest.raises(TypeError, match="labels must be a list"):
        plots.plot_equity_by_street([two], tmp_path / "x.png", labels="aces")
    with pytest.raises(TypeError, match=r"labels\[1\] is 2 \(int\), not a str"):
        plots.plot_equity_by_street([two], tmp_path / "x.png", labels=["aces", 2])
    with pytest.raises(TypeError, match="streets must be a list"):
        plots.plot_equity_by_street([two], tmp_path / "x.png", streets="5th street")
    with pytest.raises(TypeError, match="title must be a str"):
        plots.plot_equity_by_street([two], tmp_path / "x.png", title=5)
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        plots.draw_equity_by_street("axes", [two])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "equity",
    [(math.nan, 0.5), (-0.25, 1.0), (1.5, 0.0), (math.inf, 0.0), (0.75, 0.75)],
    ids=["nan", "negative", "above 1", "inf", "more than the pot"],
)
def test_equity_picture_refuses_equities_no_pot_can_have(two, tmp_path, equity):
    with pytest.raises(ValueError, match="equit"):
        plots.plot_equity_by_street([_with_equity(two, equity)], tmp_path / "x.png")
    assert list(tmp_path.iterdir()) == []


@functools.cache
def _one_axes() -> Any:
    """One matplotlib Axes for every example below (a new Figure and Axes took most of an
    example's time); :func:`_emptied` clears it first."""
    from matplotlib.figure import Figure

    return Figure().add_subplot()


def _emptied(ax: Any) -> Any:
    """``ax`` without the bars, labels and legend an earlier example drew."""
    for bars in list(ax.containers):  # what the legend reads the players from; its bars go too
        bars.remove()
    for drawn in [*ax.patches, *ax.texts]:
        drawn.remove()
    if ax.get_legend() is not None:
        ax.get_legend().remove()
    assert not ax.containers and not ax.patches and not ax.texts
    return ax


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    weights=st.lists(st.floats(0.01, 1.0), min_size=2, max_size=8),
    spoil=st.one_of(st.none(), st.tuples(st.integers(0, 7), st.sampled_from([math.nan, -1e-9, -1.0, 1.0 + 1e-6, 7.0]))),
)
def test_equity_shares_are_drawn_exactly_when_they_are_shares_of_one_pot(weights, spoil):
    """Shares that add up to the pot are drawn, bar widths equal to them; one spoiled share (NaN,
    negative, above 1 or pushing the total over the pot) is refused, and nothing is drawn."""
    base = studeval.stud_equity(["As Ah Kd 2c 9h", "Qc Qd 7s 7h 3c"])
    equity = [w / sum(weights) for w in weights]
    if spoil is not None:
        seat, value = spoil
        equity[seat % len(equity)] = value
    # an independent reading of "a share of one pot"
    valid = all(0 <= e <= 1 for e in equity) and math.fsum(equity) <= 1 + 1e-9
    ax = _emptied(_one_axes())
    try:
        plots.draw_equity_by_street(ax, [_with_equity(base, equity)], streets=["7th street"])
    except ValueError:
        assert not valid and not ax.patches
    else:
        assert valid
        assert [p.get_width() for p in ax.patches] == pytest.approx(equity)


@pytest.mark.parametrize(
    ("path", "error", "words"),
    [
        ("", ValueError, "empty"),
        ("equity", ValueError, "no picture format ending"),
        (".png", ValueError, "no picture format ending"),
        ("equity.xyz", ValueError, "not a picture format"),
        (123, TypeError, r"must be a str or path, not 123 \(int\)"),
        (None, TypeError, r"not None \(NoneType\)"),
    ],
)
def test_every_plot_refuses_a_file_name_it_would_not_write_as_named(
    two, short_deck, tmp_path, monkeypatch, path, error, words
):
    """matplotlib would add .png to a name without an ending: a file other than the one named."""
    monkeypatch.chdir(tmp_path)
    grid = [[caribbean.advise("As Kd Qh 7c 3s", "9s", one_card_change=False)]]
    analysis = short_deck
    for write in (
        lambda: plots.plot_equity_by_street([two], path),
        lambda: plots.plot_casino_strategy(grid, path),
        lambda: plots.plot_casino_returns(analysis, path),
    ):
        with pytest.raises(error, match=words):
            write()
    assert list(tmp_path.iterdir()) == []


def test_casino_pictures_name_an_object_of_the_wrong_kind(mpl, tmp_path):
    with pytest.raises(TypeError, match=r"grid\[0\]\[0\] is 1 \(int\), not an Advice"):
        plots.plot_casino_strategy([[1]], tmp_path / "x.png")
    with pytest.raises(TypeError, match="grid must be a list"):
        plots.plot_casino_strategy("As Kd", tmp_path / "x.png")
    with pytest.raises(TypeError, match="hands must be a list"):
        plots.casino_strategy_grid("As Kd Qh 7c 3s")
    with pytest.raises(TypeError, match="up_ranks must be a str"):
        plots.casino_strategy_grid(["As Kd Qh 7c 3s"], up_ranks=9)
    with pytest.raises(ValueError, match="no up-card ranks"):
        plots.casino_strategy_grid(["As Kd Qh 7c 3s"], up_ranks="")
    with pytest.raises(TypeError, match=r"analysis must be an Analysis .*not \{\} \(dict\)"):
        plots.plot_casino_returns({}, tmp_path / "x.png")
    assert list(tmp_path.iterdir()) == []


def test_every_accepted_ending_is_one_matplotlib_writes_here(two, tmp_path):
    """picture_formats is what the file name may end in: each one really writes (pgf only with
    its TeX program), and the file is the one named, in that format."""
    kinds = plots.picture_formats()
    assert {"png", "svg", "pdf"} <= set(kinds)
    for kind in kinds:
        out = plots.plot_equity_by_street([two], tmp_path / f"eq.{kind.upper()}")
        assert out == tmp_path / f"eq.{kind.upper()}" and out.stat().st_size > 100, kind
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"eq.{k.upper()}" for k in kinds)
    assert (tmp_path / "eq.PNG").read_bytes()[:8] == PNG and b"<svg" in (tmp_path / "eq.SVG").read_bytes()[:400]
