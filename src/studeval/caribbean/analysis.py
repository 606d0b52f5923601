"""The exact analysis: house edge, element of risk and return table over every deal.

The counting runs in :mod:`studeval._caribbean` (suit symmetry and inclusion-exclusion, one
up card at a time); this module prepares its inputs, checks that the exact money fits the
kernel's integer, and reads its accumulators by the names of :class:`studeval._caribbean.Slot`.

>>> a = analyze(ranks="TJQKA", one_card_change=False)
>>> a.total_combinations, round(a.house_edge, 6)
(232792560, -2.073641)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from studeval import _caribbean as kernel
from studeval._core import check_threads
from studeval.caribbean.advice import deck_of_ranks
from studeval.caribbean.money import as_number
from studeval.caribbean.paytable import (
    LINE_NAMES,
    PAIR_VALUE,
    QUALIFYING_VALUE,
    STANDARD_PAYTABLE,
    PayTable,
    PayTableLike,
)
from studeval.caribbean.settlement import EVERY_ANTE, WINNING_ANTES, check_no_qualify
from studeval.evaluate import HandCategory, evaluate_batch

__all__ = ["STRATEGIES", "Analysis", "ReturnRow", "analyze", "return_rows"]

Slot = kernel.Slot

#: The player's strategies: (kernel mode, raise threshold); "optimal" also picks the change.
STRATEGIES: dict[str, tuple[int, int]] = {
    "optimal": (0, 0),
    "pair_or_better": (1, PAIR_VALUE),
    "ace_king_or_better": (1, QUALIFYING_VALUE),
}
# progress steps per up card: slices of the player hands, so the bar moves evenly
_CHUNKS = 8


@dataclass(frozen=True)
class ReturnRow:
    """One row of a return table: net result in antes, how many deals, their probability."""

    event: str
    net: Fraction
    combinations: int
    probability: float
    wager: Fraction = Fraction(1)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form.

        >>> ReturnRow("Fold", Fraction(-1), 3, 0.5).to_dict()["net"]
        -1
        """
        return {
            "event": self.event,
            "net": as_number(self.net),
            "combinations": self.combinations,
            "probability": self.probability,
        }


@dataclass(frozen=True)
class Analysis:
    """The exact return of the game under a strategy, per unit ante."""

    paytable: PayTable
    one_card_change: bool
    strategy: str
    outcomes: list[ReturnRow]
    total_combinations: int
    expected_value: Fraction
    average_wager: Fraction
    raise_frequency: Fraction
    change_frequency: Fraction
    change_by_category: dict[str, Fraction]
    ties: int
    seconds: float
    no_qualify: str = EVERY_ANTE

    @property
    def house_edge(self) -> float:
        """Expected loss per ante."""
        return float(-self.expected_value)

    @property
    def element_of_risk(self) -> float:
        """Expected loss per unit wagered (ante, raise and change)."""
        return float(-self.expected_value / self.average_wager)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form.

        >>> sorted(analyze(ranks="JQKA", one_card_change=False).to_dict())[:3]
        ['average_wager', 'change_by_category', 'change_frequency']
        """
        return {
            "house_edge": self.house_edge,
            "element_of_risk": self.element_of_risk,
            "expected_value": float(self.expected_value),
            "expected_value_exact": str(self.expected_value),
            "average_wager": float(self.average_wager),
            "raise_frequency": float(self.raise_frequency),
            "change_frequency": float(self.change_frequency),
            "change_by_category": {k: float(v) for k, v in self.change_by_category.items()},
            "total_combinations": self.total_combinations,
            "outcomes": [o.to_dict() for o in self.outcomes],
            "paytable": self.paytable.to_dict(),
            "one_card_change": self.one_card_change,
            "no_qualify": self.no_qualify,
            "strategy": self.strategy,
            "seconds": round(self.seconds, 3),
        }


def return_rows(
    block: np.ndarray, pays: list[Fraction], *, changed: bool, merge_low: bool
) -> list[tuple[str, Fraction, int, Fraction]]:
    """Return-table rows (event, net, combinations, wager) of one accumulator block (EV_BLOCK
    counts laid out as :class:`studeval._caribbean.Slot`), every row even when empty.

    >>> rows = return_rows(np.zeros(16, dtype=np.int64), STANDARD_PAYTABLE.as_list(), changed=False, merge_low=True)
    >>> rows[-1]
    ('Dealer wins', Fraction(-3, 1), 0, Fraction(3, 1))
    """
    fee = Fraction(1) if changed else Fraction(0)
    prefix = "Change: " if changed else ""
    rows: list[tuple[str, Fraction, int, Fraction]] = []
    wins = [int(block[Slot.EV_WIN + line]) for line in range(10)]
    for line in range(9, -1, -1):
        if line == 0 and merge_low:
            continue
        count = wins[line] + (wins[0] if line == 1 and merge_low else 0)
        name = "pair or less" if line == 1 and merge_low else LINE_NAMES[line]
        rows.append((f"{prefix}Player wins with {name}", 1 + 2 * pays[line] - fee, count, 3 + fee))
    rows.append((f"{prefix}Dealer doesn't qualify", 1 - fee, int(block[Slot.EV_NOT_QUALIFY]), 3 + fee))
    rows.append((f"{prefix}Dealer doesn't qualify, tie", -fee, int(block[Slot.EV_NOT_QUALIFY_PUSH]), 3 + fee))
    rows.append(
        (f"{prefix}Dealer doesn't qualify, dealer higher", -1 - fee, int(block[Slot.EV_NOT_QUALIFY_LOSS]), 3 + fee)
    )
    rows.append((f"{prefix}Push", -fee, int(block[Slot.EV_PUSH]), 3 + fee))
    rows.append((f"{prefix}Fold", -1 - fee, int(block[Slot.EV_FOLD]), 1 + fee))
    rows.append((f"{prefix}Dealer wins", -3 - fee, int(block[Slot.EV_DEALER_WINS]), 3 + fee))
    return rows


def _scaled_pays(table: PayTable, deck_size: int) -> tuple[int, list[int], list[int]]:
    """The money scale D and the pays times D, checked to fit the kernel's integer."""
    pays, halves = table.as_list(), table.as_list(changed=True)
    scale = 1
    for p in pays + halves:
        scale = scale * p.denominator // math.gcd(scale, p.denominator)
    pay_scaled = [int(p * scale) for p in pays]
    half_scaled = [int(p * scale) for p in halves]
    m = deck_size - 1
    # the largest sum the kernel forms: every draw's raise result (each at most T5 dealer
    # hands times 4 D + 2 pay) for each changed card, or the unchanged result times the draws
    bound = 2 * (m - 5) * math.comb(m - 5, 4) * (4 * scale + 2 * max(pay_scaled + half_scaled))
    if bound.bit_length() >= kernel.MONEY_BITS:
        raise ValueError(
            f"the pay table's pays are too large or too finely divided for the exact analysis: its sums need "
            f"{bound.bit_length() + 1} bits, the kernel's integer has {kernel.MONEY_BITS}"
        )
    return scale, pay_scaled, half_scaled


def analyze(
    paytable: PayTableLike | None = None,
    *,
    one_card_change: bool | None = None,
    strategy: str = "optimal",
    no_qualify: str = EVERY_ANTE,
    ranks: Iterable[int | str] | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> Analysis:
    """Exact return table of the game over every player hand, dealer hand and up card.

    The game is the casino's, where each player may change one card (``one_card_change``
    None or True, as :func:`advise`, :class:`Table` and ``studeval caribbean`` play it);
    ``one_card_change=False`` is the game without the change (the classic Caribbean Stud,
    a matter of seconds where the change takes a minute or two). ``strategy`` is "optimal"
    (the best play for each hand against each up card, the change included when offered),
    "pair_or_better" or "ace_king_or_better" (raise with those, never change: with the
    default they are analysed without the change, which they never use; an explicit
    ``one_card_change=True`` is refused for them). ``no_qualify`` is the rule for a dealer who does not qualify
    (:data:`EVERY_ANTE`, the default; :data:`WINNING_ANTES`). ``ranks``
    plays with a deck of those ranks only (for checks against brute force). ``progress``, if
    given, is called with the fraction done (0..1) as the work goes on. Money is exact: the
    pays are scaled to integers, and a table whose sums would not fit the kernel's integer
    (128 bits with GCC or Clang) is refused with a ValueError.

    >>> a = analyze(ranks="TJQKA", one_card_change=False, no_qualify="winning_antes")
    >>> a.total_combinations, round(a.house_edge, 6)
    (232792560, -2.073641)
    >>> analyze(ranks="TJQKA").one_card_change  # the casino's game offers the change
    True
    """
    table = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
    if not isinstance(strategy, str):
        raise TypeError(f"the strategy must be one of {', '.join(STRATEGIES)}, got {strategy!r}")
    key = strategy.lower().replace("-", "_").replace(" ", "_")
    if key not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: use one of {', '.join(STRATEGIES)}")
    if one_card_change is not None and not isinstance(one_card_change, bool):
        raise TypeError(f"one_card_change must be True, False or None, got {one_card_change!r}")
    if one_card_change is None:  # the casino's game: the change is there for whoever uses it
        one_card_change = key == "optimal"
    elif key != "optimal" and one_card_change:
        raise ValueError("the simple strategies never change a card: use them without one_card_change")
    rule = check_no_qualify(no_qualify)
    winning_antes = rule == WINNING_ANTES
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of the fraction done, or None, got {progress!r}")
    mode, threshold = STRATEGIES[key]
    deck_list = deck_of_ranks(ranks)
    nthreads = check_threads(threads)
    started = time.perf_counter()
    scale, pay_scaled, half_scaled = _scaled_pays(table, len(deck_list))
    deck = np.array(deck_list, dtype=np.uint8)
    hands, orbit = kernel.canonical_hands(deck, 5)
    if not one_card_change:
        # in order of value: a pass reads its tables at each hand's value, so hands of one
        # value read the same entries, then in the cache (the full deck's passes a fifth
        # faster; the sums are the same). The change's passes, which mostly read the six-card
        # store by the hand's cards, gain nothing.
        by_value = np.argsort(evaluate_batch(hands), kind="stable")
        hands, orbit = np.ascontiguousarray(hands[by_value]), np.ascontiguousarray(orbit[by_value])
    store, sixes = None, np.zeros((0, 6), dtype=np.uint8)
    if one_card_change:
        sixes, _ = kernel.canonical_hands(deck, 6)
        store = kernel.SixCardStore(sixes, kernel.six_card_index(sixes))
    ups = [c for c in deck_list if c & 3 == 0]
    bounds = np.linspace(0, len(hands), _CHUNKS + 1).astype(int)
    steps = len(ups) * (_CHUNKS + (1 if one_card_change else 0))
    done = 0
    acc = np.zeros(int(Slot.NSLOT), dtype=np.int64)
    for up in ups:
        tables = kernel.UpCardTables(deck, up)
        if store is not None:
            store.fill(tables, sixes, QUALIFYING_VALUE, nthreads, winning_antes)
            done += 1
            if progress is not None:
                progress(done / steps)
        for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
            acc += kernel.play_pass(
                tables,
                store,
                hands[lo:hi],
                orbit[lo:hi],
                deck,
                pay_scaled,
                half_scaled,
                scale,
                QUALIFYING_VALUE,
                mode,
                threshold,
                one_card_change,
                nthreads,
                winning_antes,
            )
            done += 1
            if progress is not None:
                progress(done / steps)
        del tables
    n = len(deck_list)
    draws = n - 6  # the replacement comes from the cards not in the hand or the up card
    total = math.comb(n, 5) * (n - 5) * math.comb(n - 6, 4) * ((n - 10) if one_card_change else 1)
    pays, halves = table.as_list(), table.as_list(changed=True)
    block = int(Slot.EV_BLOCK)
    rows = return_rows(
        acc[Slot.EV_NO_CHANGE : Slot.EV_NO_CHANGE + block], pays, changed=False, merge_low=pays[0] == pays[1]
    )
    if one_card_change:
        rows += return_rows(
            acc[Slot.EV_CHANGE : Slot.EV_CHANGE + block], halves, changed=True, merge_low=halves[0] == halves[1]
        )
    counted = sum(r[2] for r in rows)
    if counted != total:  # pragma: no cover - a broken kernel, never a user error
        raise RuntimeError(f"return table counts {counted} deals, expected {total}")
    outcomes = [ReturnRow(ev, net, c, c / total, wager) for ev, net, c, wager in rows if c]
    ev = sum((o.net * o.combinations for o in outcomes), Fraction(0)) / total
    wager = sum((o.wager * o.combinations for o in outcomes), Fraction(0)) / total
    situations = math.comb(n, 5) * (n - 5)
    raised = Fraction(int(acc[Slot.ST_RAISE]))
    if one_card_change:
        raised += Fraction(int(acc[Slot.ST_RAISE_AFTER_CHANGE]), draws)
    dealt = [int(acc[Slot.ST_CAT_ALL + i]) for i in range(9)]
    changed = [int(acc[Slot.ST_CAT_CHANGE + i]) for i in range(9)]
    by_cat = (
        {HandCategory(i).name.lower(): Fraction(changed[i], dealt[i]) for i in range(9) if dealt[i]}
        if one_card_change
        else {}
    )
    return Analysis(
        paytable=table,
        one_card_change=one_card_change,
        strategy=key,
        outcomes=outcomes,
        total_combinations=total,
        expected_value=ev,
        average_wager=wager,
        raise_frequency=raised / situations,
        change_frequency=Fraction(int(acc[Slot.ST_CHANGE]), situations),
        change_by_category=by_cat,
        ties=int(acc[Slot.ST_TIES]),
        seconds=time.perf_counter() - started,
        no_qualify=rule,
    )
