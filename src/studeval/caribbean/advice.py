"""Advice: the exact expected value of every play for a hand against a dealer up card.

>>> advise("As Kd Qh 7c 3s", dealer="9h", one_card_change=False).best
'fold'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import numpy as np

from studeval.cards import CardsLike, format_card, format_cards, parse_cards
from studeval.caribbean.paytable import QUALIFYING_VALUE, STANDARD_PAYTABLE, PayTable, PayTableLike, pay_line
from studeval.caribbean.settlement import EVERY_ANTE, WINNING_ANTES, check_no_qualify
from studeval.evaluate import evaluate, evaluate_batch

__all__ = ["Advice", "advise", "deck_of_ranks"]


@dataclass(frozen=True)
class Advice:
    """Exact expected values (in antes, per hand) of each play; ``best`` is the best play:
    "fold", "raise" or "change Xx" (then fold or raise as the new card says)."""

    player: str
    dealer_up: str
    fold_ev: float
    raise_ev: float
    change_evs: dict[str, float]
    best: str
    best_ev: float
    exact: dict[str, Fraction] = field(repr=False, compare=False, default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form.

        >>> sorted(advise("2c 3d 4h 5s 7c", dealer="Ah", one_card_change=False).to_dict())
        ['best', 'best_ev', 'change_evs', 'dealer_up', 'fold_ev', 'player', 'raise_ev', 'unit']
        """
        return {
            "unit": "ante",  # every EV is in antes, per hand
            "player": self.player,
            "dealer_up": self.dealer_up,
            "fold_ev": self.fold_ev,
            "raise_ev": self.raise_ev,
            "change_evs": dict(self.change_evs),
            "best": self.best,
            "best_ev": self.best_ev,
        }


@lru_cache(maxsize=8)
def _four_subsets(n: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """All 4-subsets of range(n) as rows, and for each k the rows that hold k."""
    rows = np.array(list(itertools.combinations(range(n), 4)), dtype=np.intp).reshape(-1, 4)
    holding = [np.nonzero((rows == k).any(axis=1))[0] for k in range(n)]
    return rows, holding


def deck_of_ranks(ranks: Iterable[int | str] | None) -> list[int]:
    """The cards of a deck restricted to some ranks (all 52 by default).

    >>> deck_of_ranks("QKA")[::4]
    [40, 44, 48]
    """
    if ranks is None:
        return list(range(52))
    chosen = set()
    if isinstance(ranks, (int, bytes)) or not isinstance(ranks, Iterable):
        raise TypeError(f"give the ranks as text such as 'TJQKA' or a sequence of 0..12, got {ranks!r}")
    for r in ranks:
        if isinstance(r, str):
            if len(r) != 1 or r.upper() not in "23456789TJQKA":
                raise ValueError(f"unknown rank {r!r}")
            r = "23456789TJQKA".index(r.upper())
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r <= 12:
            raise ValueError(f"unknown rank {r!r}: use 0..12 or '2'..'A'")
        chosen.add(r)
    if len(chosen) < 3:
        raise ValueError("a deck needs at least three ranks")
    return [4 * r + s for r in sorted(chosen) for s in range(4)]


def _raise_total(pay: Fraction, split: tuple[int, int, int, int, int]) -> Fraction:
    """Raise result summed over dealer hands split as (ante wins against a dealer who does not
    qualify, ante loses to one, qualifying below, equal, above)."""
    nq_win, nq_loss, lt, _eq, gt = split
    return nq_win - nq_loss + lt * (1 + 2 * pay) - 3 * gt


def _counts_below(sorted_values: np.ndarray, t: int) -> int:
    return int(np.searchsorted(sorted_values, t, side="left"))


def advise(
    player: CardsLike,
    dealer: CardsLike,
    *,
    paytable: PayTableLike | None = None,
    one_card_change: bool = True,
    ranks: Iterable[int | str] | None = None,
    no_qualify: str = EVERY_ANTE,
) -> Advice:
    """Exact EVs of folding, raising and each one-card change, counting every dealer hand and
    replacement card (the dealer's four hidden cards and the new card come from the cards not
    seen). ``ranks`` restricts the deck (for checks against brute force); ``no_qualify`` is
    the rule for a dealer who does not qualify (see :mod:`studeval.caribbean.settlement`).

    >>> a = advise("5d 9c 2s 6s 9d", dealer="8h")
    >>> a.best, round(a.raise_ev, 4), round(a.change_evs["2s"], 4)
    ('raise', 0.8484, 0.2641)
    >>> advise("As Kd", dealer="9h")
    Traceback (most recent call last):
    ...
    ValueError: the player's hand must have 5 cards, got 2
    """
    table = STANDARD_PAYTABLE if paytable is None else PayTable.parse(paytable)
    rule = check_no_qualify(no_qualify)
    if not isinstance(one_card_change, bool):
        raise TypeError(f"one_card_change must be True or False, got {one_card_change!r}")
    hand = parse_cards(player)
    if len(hand) != 5:
        raise ValueError(f"the player's hand must have 5 cards, got {len(hand)}")
    up_cards = parse_cards(dealer)
    if len(up_cards) != 1:
        raise ValueError(f"give exactly one dealer up card, got {len(up_cards)}")
    up = up_cards[0]
    if up in hand:
        raise ValueError(f"the dealer's up card {format_card(up)} is also in the player's hand")
    deck = deck_of_ranks(ranks)
    missing = [c for c in hand + [up] if c not in deck]
    if missing:
        raise ValueError(f"card {format_card(missing[0])} is not in the deck")
    unseen = np.array([c for c in deck if c not in hand and c != up], dtype=np.uint8)
    n = len(unseen)
    rows, holding = _four_subsets(n)
    dealer_hands = np.empty((len(rows), 5), dtype=np.uint8)
    dealer_hands[:, 0] = up
    dealer_hands[:, 1:] = unseen[rows]
    values = evaluate_batch(dealer_hands).astype(np.int32)
    all_sorted = np.sort(values)
    total = len(values)
    q = QUALIFYING_VALUE

    def counts(p: int, with_card: np.ndarray | None) -> tuple[int, tuple[int, int, int, int, int]]:
        def below(t: int) -> int:
            c = _counts_below(all_sorted, t)
            if with_card is not None:
                c -= _counts_below(with_card, t)
            return c

        size = total - (0 if with_card is None else len(with_card))
        nq = below(q)
        if p < q:
            if rule == WINNING_ANTES:  # only antes that beat the dealer win
                return size, (below(p), nq - below(p + 1), 0, 0, size - nq)
            return size, (nq, 0, 0, 0, size - nq)
        lt, eq = below(p) - nq, below(p + 1) - below(p)
        return size, (nq, 0, lt, eq, size - nq - lt - eq)

    p = evaluate(hand)
    size, split = counts(p, None)
    raise_ev = _raise_total(table.pays(pay_line(p)), split) / size
    exact: dict[str, Fraction] = {"fold": Fraction(-1), "raise": raise_ev}
    if one_card_change:
        per_card = [np.sort(values[holding[k]]) for k in range(n)]
        for d in hand:
            acc = Fraction(0)
            for k in range(n):
                final = [c for c in hand if c != d] + [int(unseen[k])]
                pv = evaluate(final)
                size, split = counts(pv, per_card[k])
                r = _raise_total(table.pays(pay_line(pv), changed=True), split) / size
                acc += max(Fraction(-1), r)
            exact[f"change {format_card(d)}"] = -1 + acc / n
    best = max(exact, key=lambda k: (exact[k], k == "raise", k == "fold"))
    return Advice(
        player=format_cards(hand),
        dealer_up=format_card(up),
        fold_ev=-1.0,
        raise_ev=float(raise_ev),
        change_evs={k.split()[1]: float(v) for k, v in exact.items() if k.startswith("change")},
        best=best,
        best_ev=float(exact[best]),
        exact=exact,
    )
