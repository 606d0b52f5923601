"""The banked game of a casino's posted rules: "5 Card Stud Poker", Caribbean Stud style.

Each player antes and gets five cards; the dealer gets five, one of them face up. A player may
first change one card (a wager equal to the ante, collected, buys a card from the stub), then
folds (losing the ante) or raises twice the ante. The dealer qualifies with ace-king or better.
If he does not, the ante wins even money and the raise pushes; if he does, the better hand
wins: the ante even money and the raise by the pay table (each bet's win capped by the
maximum payout), ties push. After a change, royal flush, straight flush and four of a kind pay
half.

Two choices the document leaves open, and what studeval does:

* **A dealer who does not qualify.** The rules' pay-out section pays every raising hand's
  ante even money ("players will receive even money on their ante bet only"); their opening
  section pays only the antes of hands that beat the dealer's. The default is the pay-out
  section's (``no_qualify="every_ante"``, the usual Caribbean Stud rule); the other is the option
  ``no_qualify="winning_antes"`` (the ante of a hand below the dealer's loses, a tie pushes,
  the raise pushes either way), for :func:`settle_hand`, :class:`Table`, :func:`advise` and
  :func:`analyze`, which gives its exact house edge too. Without the change the two readings
  have the same exact edge under optimal play (5.2243%: no hand below ace-king is worth
  raising, so the other reading never applies); with the change it costs a little (1.2116%
  against 1.2091%), since some hands below ace-king are raised after a missed draw.
* **The maximum payout's unit.** The rules cap each bet's payout at 5,000 euro. The wagers'
  unit is explicit (``currency``, "EUR" by default, or "cent"), and the cap is the rules' 5,000 euro in
  that unit, or given by the caller in the wagers' unit or with its own ("500000 cent");
  a cap that cannot be put in the wagers' unit is refused (:func:`payout_cap`).

One module per job:

* :mod:`~studeval.caribbean.money`: exact, bounded amounts and the payout cap;
* :mod:`~studeval.caribbean.paytable`: the pay table and who qualifies;
* :mod:`~studeval.caribbean.settlement`: :func:`settle_hand` settles one hand;
* :mod:`~studeval.caribbean.table`: :class:`Table` deals rounds for up to seven seats, with
  the dead-hand and misdeal rules, hands killed for a player violation
  (:meth:`Round.kill_hand`) and hold cards exposed before "No More Bets"
  (:meth:`Round.expose_hold_card`);
* :mod:`~studeval.caribbean.advice`: :func:`advise` gives the exact expected value of
  folding, raising and every one-card change for a hand against a dealer up card;
* :mod:`~studeval.caribbean.analysis`: :func:`analyze` computes the exact house edge,
  element of risk and return table over every deal (suit symmetry and inclusion-exclusion
  in :mod:`studeval._caribbean`).

>>> a = advise("As Kd Qh 7c 3s", dealer="9h", one_card_change=False)
>>> a.best, round(a.raise_ev, 4), a.fold_ev
('fold', -1.017, -1.0)
>>> s = settle_hand("Ah Ad 7c 5s 2d", "Kc Kd 9h 4s 3c", ante=10, raised=True)
>>> s.outcome, s.net
('player wins', 30)
"""

from __future__ import annotations

from studeval.caribbean.advice import Advice, advise, deck_of_ranks
from studeval.caribbean.analysis import STRATEGIES, Analysis, ReturnRow, analyze, return_rows
from studeval.caribbean.money import (
    CURRENCY_UNITS,
    MAX_AMOUNT,
    MAX_DENOMINATOR,
    MAX_PAYOUT_EUR,
    Amount,
    parse_amount,
    payout_cap,
)
from studeval.caribbean.paytable import (
    PAIR_VALUE,
    PAY_LINES,
    QUALIFYING_VALUE,
    STANDARD_PAYTABLE,
    PayTable,
    PayTableLike,
    PayValue,
    dealer_qualifies,
    pay_line,
)
from studeval.caribbean.settlement import (
    EVERY_ANTE,
    NO_QUALIFY_RULES,
    WINNING_ANTES,
    HandSettlement,
    settle_hand,
)
from studeval.caribbean.table import SEATS, Round, Seat, Table

__all__ = [
    "CURRENCY_UNITS",
    "EVERY_ANTE",
    "MAX_AMOUNT",
    "MAX_DENOMINATOR",
    "MAX_PAYOUT_EUR",
    "NO_QUALIFY_RULES",
    "PAIR_VALUE",
    "PAY_LINES",
    "QUALIFYING_VALUE",
    "SEATS",
    "STANDARD_PAYTABLE",
    "STRATEGIES",
    "WINNING_ANTES",
    "Advice",
    "Amount",
    "Analysis",
    "HandSettlement",
    "PayTable",
    "PayTableLike",
    "PayValue",
    "ReturnRow",
    "Round",
    "Seat",
    "Table",
    "advise",
    "analyze",
    "dealer_qualifies",
    "deck_of_ranks",
    "parse_amount",
    "pay_line",
    "payout_cap",
    "return_rows",
    "settle_hand",
]
