"""What a kernel counted (:class:`Counts`), added over tasks and turned into a result.

>>> c = Counts(2, hilo=False)
>>> c.wins[:] = [6, 3]; c.ties[:, 2] = 1; c.deals = 10
>>> from studeval.games import get_game
>>> r = to_result(c, get_game("seven"), "exact", seconds=0.0, community=False)
>>> r.equity, r.win, r.tie
((0.65, 0.35), (0.6, 0.3), (0.1, 0.1))
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from studeval import _equity
from studeval.equity.result import EquityResult, HiLoResult
from studeval.games import Game

__all__ = ["NOLOW", "Counts", "hilo_result", "pot_result", "to_result"]

#: The column of the hi-lo counts that holds the deals with no qualifying low (every row alike).
NOLOW = _equity.HILO_COLUMNS.index("nolow")


class Counts:
    """What a kernel counted: wins and k-way ties (games with one winner per pot), or for a
    hi-lo game the columns of ``_equity.HILO_COLUMNS`` (pot share in units of
    ``HILO_SHARE_UNIT``, scoops, part shares, high and low halves, the deals where nobody has
    a qualifying low) and, for Monte Carlo, the sum of each player's squared share."""

    __slots__ = ("wins", "ties", "deals", "hilo", "squares")

    def __init__(self, players: int, hilo: bool) -> None:
        self.wins = np.zeros(players, dtype=np.int64)
        self.ties = np.zeros((players, players + 1), dtype=np.int64)
        self.deals = 0
        self.hilo = np.zeros((players, len(_equity.HILO_COLUMNS)), dtype=np.int64) if hilo else None
        self.squares = np.zeros(players) if hilo else None

    @property
    def nolow(self) -> int:
        """The deals where nobody has a qualifying low (0 for a game of one pot)."""
        return 0 if self.hilo is None else int(self.hilo[0, NOLOW])

    def add(self, other: Counts) -> None:
        """Add another count of the same question (another task's deals)."""
        self.wins += other.wins
        self.ties += other.ties
        self.deals += other.deals
        if self.hilo is not None and other.hilo is not None and self.squares is not None and other.squares is not None:
            self.hilo += other.hilo
            self.squares += other.squares


def _stderr(method: str, square: float, e: float, deals: int) -> float:
    """The standard error of a mean share ``e`` whose squares sum to ``square`` over the deals."""
    if method == "exact":
        return 0.0
    var = max(square / deals - e * e, 0.0) * deals / max(deals - 1, 1)
    return math.sqrt(var / deals)


def to_result(
    counts: Counts,
    game: Game,
    method: str,
    *,
    seconds: float,
    community: bool,
    plan: str = "",
    labels: tuple[str, ...] = (),
) -> EquityResult | HiLoResult:
    """Probabilities from counts: ties[p, k] counts the k-way splits of player p; a hi-lo
    game's count gives a :class:`HiLoResult` (where the low needs no qualifier every hand
    has one: the chance of none is 0). ``plan`` and ``labels`` are the result's."""
    deals = counts.deals
    if counts.hilo is not None and counts.squares is not None:
        no_low = counts.nolow / deals if game.low_qualifies else 0.0
        rows, squares = counts.hilo.tolist(), counts.squares.tolist()
        return hilo_result(rows, squares, deals, method, no_low, seconds, community, plan, labels)
    return pot_result(counts.wins.tolist(), counts.ties.tolist(), deals, method, seconds, community, plan, labels)


def pot_result(
    wins: list[int],
    ties: list[list[int]],
    deals: int,
    method: str,
    seconds: float,
    community: bool,
    plan: str,
    labels: tuple[str, ...],
) -> EquityResult:
    """The result of a game with one winner per pot: ``ties[p][k]`` counts player p's k-way
    splits (plain lists: a heads-up question's figures are built without numpy)."""
    splits = range(2, len(ties[0]))
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    if len(wins) == 2:  # heads-up (as the small questions' compiled route): ties are two-way, no loops
        equity = ((wins[0] + ties[0][2] / 2) / deals, (wins[1] + ties[1][2] / 2) / deals)
        win = (wins[0] / deals, wins[1] / deals)
        tie = (sum(ties[0]) / deals, sum(ties[1]) / deals)
    else:
        equity = tuple([(w + sum([row[k] / k for k in splits])) / deals for w, row in zip(wins, ties, strict=True)])
        win = tuple([w / deals for w in wins])
        tie = tuple([sum(row) / deals for row in ties])
    if method == "exact":
        stderr = (0.0,) * len(wins)
    else:  # each deal pays 1, 1/k or 0: the variance of that share over the deals
        squares = [w + sum([row[k] / (k * k) for k in splits]) for w, row in zip(wins, ties, strict=True)]
        stderr = tuple([_stderr(method, sq, e, deals) for sq, e in zip(squares, equity, strict=True)])
    return EquityResult.from_fields(
        {
            "equity": equity,
            "win": win,
            "tie": tie,
            "stderr": stderr,
            **_about(deals, method, seconds, community, plan, labels),
        }
    )


def hilo_result(
    rows: list[list[int]],
    squares: list[float],
    deals: int,
    method: str,
    no_low: float,
    seconds: float,
    community: bool,
    plan: str,
    labels: tuple[str, ...],
) -> HiLoResult:
    """The result of a hi-lo game: per player a row of ``_equity.HILO_COLUMNS`` and the sum of
    the squared shares."""
    unit = _equity.HILO_SHARE_UNIT
    equity = [row[0] / unit / deals for row in rows]
    return HiLoResult.from_fields(
        {
            "equity": tuple(equity),
            "high": tuple([row[3] / deals for row in rows]),
            "low": tuple([row[4] / deals for row in rows]),
            "scoop": tuple([row[1] / deals for row in rows]),
            "no_low": no_low,
            "stderr": tuple([_stderr(method, sq, e, deals) for e, sq in zip(equity, squares, strict=True)]),
            **_about(deals, method, seconds, community, plan, labels),
        }
    )


def _about(
    deals: int, method: str, seconds: float, community: bool, plan: str, labels: tuple[str, ...]
) -> dict[str, Any]:
    """The fields every result has beside its figures: how it was answered, and for whom."""
    return {
        "deals": int(deals),
        "method": method,
        "seconds": seconds,
        "community_card": community,
        "plan": plan,
        "labels": labels,
    }
