"""The results: :class:`EquityResult` (one winner per pot), :class:`HiLoResult` (a pot split
between a high and a low half) and :class:`EquityTable` (many match-ups).

Both results share the deal count, method, time, the deck-exhaustion flag, the plan and the
players' labels, and both give themselves as JSON-ready data (:meth:`~EquityResult.to_dict`)
and as one row per player (:meth:`~EquityResult.records`, for ``pandas.DataFrame``). No
figure is NaN: a figure a method does not count is absent by its type (None).

>>> r = EquityResult(equity=(0.75, 0.25), win=(0.7, 0.2), tie=(0.1, 0.1), stderr=(0.0, 0.0),
...                  deals=10, method="exact", seconds=0.0, labels=("As Ah", "Kd Kc"))
>>> r
EquityResult(exact over 10 deals: As Ah 75.00%, Kd Kc 25.00%)
>>> r.records()[1]
{'player': 2, 'label': 'Kd Kc', 'equity': 0.25, 'win': 0.2, 'tie': 0.1, 'stderr': 0.0}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar

__all__ = ["EquityResult", "EquityTable", "HiLoResult"]


_Result = TypeVar("_Result", bound="_Shares")


class _Shares:
    """What both results do with their figures: the labels, the rows, the JSON, the repr."""

    # the per-player figures, in the order of a row
    _figures: ClassVar[tuple[str, ...]]
    equity: tuple[float, ...]
    stderr: tuple[float, ...]
    deals: int
    method: str
    seconds: float
    community_card: bool
    plan: str
    labels: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.equity)

    @classmethod
    def from_fields(cls: type[_Result], values: dict[str, Any]) -> _Result:
        """The result whose fields are ``values`` (every field by name, defaults too): what the
        constructor makes, in one step. A frozen dataclass sets its fields one at a time, a
        fifth of a small question's time once. (The direct route of a small question,
        :mod:`studeval.equity.small`, makes its results the same way in compiled code.)

        >>> figures = dict(equity=(1.0, 0.0), win=(1.0, 0.0), tie=(0.0, 0.0), stderr=(0.0, 0.0),
        ...                deals=1, method="exact", seconds=0.0, community_card=False, plan="",
        ...                labels=())
        >>> EquityResult.from_fields(figures) == EquityResult(**figures)
        True
        >>> EquityResult.from_fields({"deals": 1})
        Traceback (most recent call last):
        ...
        TypeError: EquityResult takes every one of its fields, not ['deals']
        """
        if values.keys() != _FIELDS[cls]:
            raise TypeError(f"{cls.__name__} takes every one of its fields, not {sorted(values)}")
        result = object.__new__(cls)
        result.__dict__.update(values)
        return result

    def _label(self, i: int) -> str:
        return self.labels[i] if i < len(self.labels) and self.labels[i] else f"player {i + 1}"

    def records(self) -> list[dict[str, Any]]:
        """One dict per player: ``player`` (1, 2, ...), ``label`` and the player's figures
        (:class:`EquityResult`: ``equity``, ``win``, ``tie``, ``stderr``; :class:`HiLoResult`:
        ``equity``, ``scoop``, ``high``, ``low``, ``stderr``)."""
        rows = []
        for i in range(len(self.equity)):
            row: dict[str, Any] = {"player": i + 1, "label": self._label(i)}
            for name in self._figures:
                figures = getattr(self, name)
                row[name] = None if figures is None else figures[i]
            rows.append(row)
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (no NaN): the method, deals, seconds, whether the
        seventh card was a community card, the plan, and ``players`` (:meth:`records`)."""
        return {
            "method": self.method,
            "deals": self.deals,
            "seconds": self.seconds,
            "community_card": self.community_card,
            "plan": self.plan,
            **self._extra(),
            "players": self.records(),
        }

    def _extra(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        exact = self.method == "exact"
        players = ", ".join(
            f"{self._label(i)} {100 * e:.2f}%" + ("" if exact else f" ± {100 * self.stderr[i]:.2f}%")
            for i, e in enumerate(self.equity)
        )
        how = "exact over" if exact else "Monte Carlo,"
        return f"{type(self).__name__}({how} {self.deals:,} deals: {players})"


@dataclass(frozen=True, repr=False)
class EquityResult(_Shares):
    """Equities of the players of a game with one winner per pot, in the order given.

    ``equity[i]`` is player i's share of the pot on average (wins plus tie shares); ``win[i]``
    and ``tie[i]`` the chances of winning alone and of splitting; ``stderr[i]`` the standard
    error of ``equity[i]`` (0 when exact). ``deals`` counts the deals enumerated or sampled
    (heads-up stud: the disjoint pairs of completions), ``method`` is ``"exact"`` or
    ``"monte-carlo"``, ``seconds`` the wall time, and ``community_card`` says whether the deck
    ran out and the seventh card is shared (seven card stud games, R47).

    ``labels`` names the players by what was given of them (their cards, a range), ``plan``
    says how the method was chosen. :meth:`to_dict` and :meth:`records` give it as JSON-ready
    data and as one row per player (``pandas.DataFrame(r.records())``):

    >>> from studeval.equity import stud_equity
    >>> r = stud_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"])
    >>> r
    EquityResult(exact over 1,560 deals: As Ah Kd 2c 3c 4c 40.38%, Qc Qd 7s 7h 8h 9h 59.62%)
    >>> r.records()[1]
    {'player': 2, 'label': 'Qc Qd 7s 7h 8h 9h', 'equity': 0.5961538461538461, 'win': 0.5961538461538461, 'tie': 0.0, 'stderr': 0.0}
    >>> d = r.to_dict()
    >>> d["method"], d["deals"], [p["label"] for p in d["players"]]
    ('exact', 1560, ['As Ah Kd 2c 3c 4c', 'Qc Qd 7s 7h 8h 9h'])
    """

    _figures: ClassVar[tuple[str, ...]] = ("equity", "win", "tie", "stderr")
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]
    deals: int
    method: str
    seconds: float
    community_card: bool = False
    #: how the method was chosen, in a line (see :class:`~studeval.equity.EquityPlan`)
    plan: str = ""
    #: each player as given: their known cards, after a range of hole cards if any
    labels: tuple[str, ...] = ()


@dataclass(frozen=True, repr=False)
class HiLoResult(_Shares):
    """Equities of the players of a hi-lo game (``stud8``, ``stud_hilo``), in the order given.

    Each pot splits into a high half and a low half (the odd chip to the high); tied hands
    share their half; in ``stud8`` a pot nobody has an eight-or-better low for goes whole to
    the high. ``equity[i]`` is player i's share of the pot on average and ``stderr[i]`` its
    standard error (0 when exact); ``high[i]`` the chance to win or share the high half (the
    whole pot when nobody has a low), ``low[i]`` to win or share the low half, ``scoop[i]``
    to take the whole pot alone (both halves, or the high with no low). ``no_low`` is the
    chance that nobody has a qualifying low (0 in ``stud_hilo``, where every hand has a low).

    Every method counts every figure: each is always a number (the scoops too: heads-up on
    every street the exact count takes both hands' comparisons at once; Monte Carlo and the
    enumeration count the deals with no low beside the pot shares). The other fields are
    those of :class:`EquityResult`.

    >>> from studeval.equity import stud_equity
    >>> r = stud_equity(["As 2h 3d 4c 9s", "Kc Kd 8h 8s 5h"], game="stud8")
    >>> r.method, [round(x, 4) for x in r.equity], [round(x, 4) for x in r.scoop]
    ('exact', [0.3683, 0.6317], [0.1606, 0.424])
    >>> r = stud_equity(["As 2h 3d", "Kc 7d 8h"], game="stud8")   # the heads-up count
    >>> [round(x, 4) for x in r.scoop], [round(x, 4) for x in r.high], round(r.no_low, 4)
    ([0.4316, 0.2498], [0.4968, 0.5032], 0.4539)
    """

    _figures: ClassVar[tuple[str, ...]] = ("equity", "scoop", "high", "low", "stderr")
    equity: tuple[float, ...]
    high: tuple[float, ...]
    low: tuple[float, ...]
    scoop: tuple[float, ...]
    no_low: float
    stderr: tuple[float, ...]
    deals: int
    method: str
    seconds: float
    community_card: bool = False
    plan: str = ""
    labels: tuple[str, ...] = ()

    def _extra(self) -> dict[str, Any]:
        return {"no_low": self.no_low}


# each result's field names (from_fields checks it is given every one)
_FIELDS: dict[type[_Shares], frozenset[str]] = {
    kind: frozenset(f.name for f in fields(kind)) for kind in (EquityResult, HiLoResult)
}


class EquityTable(list[EquityResult | HiLoResult]):
    """The results of :func:`~studeval.equity.equity_table`: a list, one result per match-up in
    the order given, and :meth:`records` for a table of them."""

    def records(self) -> list[dict[str, Any]]:
        """One dict per player of each match-up: ``matchup`` (1, 2, ...), ``method``, ``deals``
        and the player's :meth:`EquityResult.records` row (``pandas.DataFrame(t.records())``)."""
        return [
            {"matchup": m, "method": r.method, "deals": r.deals, **row}
            for m, r in enumerate(self, 1)
            for row in r.records()
        ]
