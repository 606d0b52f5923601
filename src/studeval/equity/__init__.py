"""Equity: each player's share of the pot when the rest of the cards come at random.

Every stud game of the registry (:mod:`studeval.games`: seven and five card stud, razz,
seven card stud hi-lo eight or better "stud8" and without a qualifier "stud_hilo", 2-7 razz)
and hold'em. A player is given by the cards known of them --
your whole hand so far, only the up cards of an opponent -- and the rest of every hand comes
from the live deck: the 52 cards less every known card and every dead card (cards seen and out
of play, such as folded up cards). Each deal is one uniformly random assignment of distinct live
cards to the open slots; equity is the chance of winning plus the tie shares.

Methods (``plan_equity`` says which a question gets, and why):

* heads-up stud, every street: exact, by evaluating each player's completions once and
  counting the disjoint pairs by inclusion-exclusion over the cards they would share (a low
  game compares its lows the same way; a hi-lo pot share is a sum of such counts, each a
  comparison of one key within a class: high over all pairs, the low over all pairs, and in
  stud8 high among the pairs where nobody has a low, where the high takes the whole pot); when
  one side has many unknown cards (an opponent shown by up cards only), that side is counted
  by rank multiset, with its flushes corrected suit by suit (``studeval._unseen``), which
  makes third street against a door card exact in about a twentieth of a second (seven and
  five card stud, and razz, where a low ignores suits; hi-lo pots several times that, their
  scoops a two-key count by rank multiset too; 2-7 razz counts such players card by card);
* three stud players where one kind of hand takes the pot (seven and five card stud, razz,
  2-7 razz), every street: exact by the three-way count (``studeval._multiway``: for each
  completion of one player, the disjoint pairs of the other two by the same inclusion-exclusion);
* hold'em from any board, stud hi-lo three-way, and four or more players: exact by
  enumerating every deal when the count fits a budget;
* otherwise Monte Carlo, with one numpy bit generator per task (seeded from one
  ``SeedSequence``, so a seed and a thread count reproduce the result) and a standard error.

Hi-lo (stud8, stud_hilo): each pot is split into a high half and a low half; tied hands share
their half; in stud8 a pot with no eight-or-better low goes whole to the high hand. The
result is then a :class:`HiLoResult`: each player's chance to scoop (take the whole pot
alone), to win or share the high half and the low half, and the chance of no low. Heads-up,
every street's exact answer counts all of them (the scoop, a condition on both halves at
once, by the same inclusion-exclusion on two keys).

Deck exhaustion (the seven-card games; R47): when the live cards cannot give every player the
rest of their seven cards, the seventh card is one community card shared by every player who
does not already hold seven known cards; everyone else's cards up to the sixth come from the
live deck as usual. The burn cards are part of the unseen (live) cards from the player's point
of view, so the rule's reshuffle of burns changes nothing here; folded cards, given as dead,
are never dealt. The test is exactly the dealer's: the cards still to be dealt (every
player's missing cards less their down cards already out, which are unseen and so counted on
both sides) against the unseen cards (the stub and the burns). Eight players all going to
seventh street with no cards folded is the case the rule describes: 8 x 6 = 48 cards out and
3 burns leave one card plus the burns, 4 in all, for 8 players, so the seventh card is shared.
If even the sixth street cannot be dealt privately, or any game asks for more cards than
there are, the call raises ValueError ("more players than the deck allows"). One assumption:
cards folded face down that nobody saw are not known to be out, so they count as live.

The package, one module per job: ``deal`` (the question and its checks), ``plan`` (the cost
model and ``method="auto"``), ``exact`` and ``montecarlo`` (the counts), ``ranged`` (ranges of
hole cards), ``counts`` and ``result`` (the results), ``solve`` (the functions below) and
``sharded`` (the same as independent tasks, for ``studeval.distributed``), ``small`` (the direct
route of a small heads-up question), ``batch`` (many late-street match-ups as an int array,
:func:`equity_batch`) and ``tables`` (every starting hand against a random hand:
``starting_hand_table``; the classes of the heads-up match-up table that
``studeval.distributed.starting_matchups`` counts).

>>> r = stud_equity(["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"])
>>> r.method, r.deals, [round(e, 4) for e in r.equity]
('exact', 1560, [0.4038, 0.5962])
"""

from __future__ import annotations

from studeval.equity.batch import BATCH_COLUMNS, BATCH_HILO_COLUMNS, BATCH_MAX_DRAWS, MAX_BATCH, equity_batch
from studeval.equity.deal import DEFAULT_SAMPLES, METHODS
from studeval.equity.plan import (
    AUTO_EXACT_GRACE,
    AUTO_EXACT_RATIO,
    EXACT_WORK_LIMIT,
    HEADSUP_MAX_COMPLETIONS,
    SECONDS_PER_UNIT,
    EquityPlan,
)
from studeval.equity.result import EquityResult, EquityTable, HiLoResult
from studeval.equity.sharded import MAX_TASKS, check_tasks, sharded_equity
from studeval.equity.solve import MAX_MATCHUPS, equity_table, holdem_equity, plan_equity, stud_equity
from studeval.equity.tables import STARTING_HAND_BUDGET, StartingHand, StartingHandTable, starting_hand_table

__all__ = [
    "AUTO_EXACT_GRACE",
    "AUTO_EXACT_RATIO",
    "BATCH_COLUMNS",
    "BATCH_HILO_COLUMNS",
    "BATCH_MAX_DRAWS",
    "DEFAULT_SAMPLES",
    "EXACT_WORK_LIMIT",
    "HEADSUP_MAX_COMPLETIONS",
    "MAX_BATCH",
    "MAX_MATCHUPS",
    "MAX_TASKS",
    "METHODS",
    "SECONDS_PER_UNIT",
    "STARTING_HAND_BUDGET",
    "EquityPlan",
    "EquityResult",
    "EquityTable",
    "HiLoResult",
    "StartingHand",
    "StartingHandTable",
    "check_tasks",
    "equity_batch",
    "equity_table",
    "holdem_equity",
    "plan_equity",
    "sharded_equity",
    "starting_hand_table",
    "stud_equity",
]
