"""Fixed-limit Seven Card Stud and Five Card Stud at the table.

- :class:`Structure` and :data:`PRESETS`: ante, bring-in, small and big bet, seats, buy-in.
- :class:`StudState`: the state machine (dealing, betting, showdown), with seat views.
- :func:`settle_pots`, :func:`side_pots`: pots and payouts without the state machine
  (``settle`` and ``Settlement`` are the old names of :func:`settle_pots` and
  :class:`PotSettlement`, kept for one release).
- :class:`ActionKind` and the events of :attr:`StudState.log` (:class:`Deal`,
  :class:`Played`, :class:`BoardCard`, :class:`TimeOut`, :class:`Shown`).
- :func:`to_phh`, :func:`dumps`, :func:`loads`, :func:`replay`: PHH hand histories
  (``F7S``; five card stud as studeval's own ``F5S``).
- :func:`simulate` and the bots: self-play.

Rules as implemented (000, 001, 003; DESIGN.md's table where they disagree):

- Seats count from the dealer's left (seat 0, ``p1``); cards are dealt one at a time round
  the table; a burn card comes before every street but the first. Seven card stud: two down
  and one up, three single up cards, the seventh card down. Five card stud: one down and one
  up, then three up. Streets are named as in the documents ("third street" is the opening
  round of seven card stud, "second street" that of five card stud).
- The bring-in is the lowest door card by rank then suit; it must post the bring-in or
  complete (it may not check or fold). If that player is all-in from the ante, or times out,
  the duty passes to the next player clockwise who can act (as pokerkit does).
- On later streets the best showing hand acts first (pairs and kickers only, no straights or
  flushes); ties go to the player closest to the dealer's left, or with
  ``tie_rule="suits"`` to the higher suit in showing order (spades high, 001). If that player
  is all-in, the next player clockwise who can act starts.
- Small bets on the first two rounds, big bets after. The open pair (any live player showing a
  pair on the second round: 3rd street in five card stud, 4th street in seven card stud) lets
  any bet or raise be small or big until one is big; then all further bets and raises that
  round are big ("once big, always big").
- The cap: one bet and three raises (the bring-in and the completion do not count as raises;
  the completion is the bet); no cap while only two players are in the hand, including when a
  fold leaves two mid-round. ``raise_cap`` changes the number of raises (None: no cap).
- All-in: a player may call, bet or raise for less. A short all-in bet or raise does not
  reopen the betting: players who already acted may only call or fold. A bet nobody can call
  is not offered (everyone else is all-in). Chips nobody matched are returned before the pots
  are built; side pots follow each all-in level; folded chips stay in the pots.
- Time-out (003): a player who has put chips in beyond the ante is all-in for what is already
  in (keeps the rest of the stack, acts no more, wins at most the pots they are in);
  otherwise the hand is folded, even where a check was possible (the rule makes no exception).
- Deck exhaustion (seven card stud, 003): if the deck cannot give a burn card and a seventh
  card to every player, the burn cards and the rest of the deck are shuffled; if they give
  everyone a card each gets one (no further burn), else one community card is turned up for
  all. Folded cards are never dealt again.
- Showdown: the last player to bet or raise on the final street shows first, else the first
  to act on it; then clockwise. A hand that can no longer win any part of a pot it is in is
  mucked (it stays hidden); others show. Cards speak. An uncalled winner does not show. Ties
  split a pot; odd chips go one by one to the tied winner holding the highest card by rank
  then suit (default), or with ``odd_chip="dealer_left"`` to the first winner from the
  dealer's left.

>>> from studeval.game import StudState, PRESETS
>>> st = StudState("seven", PRESETS["1/2"], [2000] * 4, seed=42)
>>> while not st.finished:
...     st.apply(st.legal_actions()[0])
>>> sum(st.stacks)
8000
"""

from studeval.game.bots import BOTS, simulate
from studeval.game.events import (
    ActionKind,
    BoardCard,
    Deal,
    Event,
    EventTag,
    Played,
    Shown,
    TimeOut,
    TimeOutResult,
)
from studeval.game.phh import HandHistory, dumps, load, loads, parse_action, replay, to_phh
from studeval.game.pots import (
    ODD_CHIP_RULES,
    Pot,
    PotSettlement,
    Settlement,
    award,
    settle,
    settle_pots,
    side_pots,
    uncalled_bet,
)
from studeval.game.state import (
    ACTION_KINDS,
    DEALS,
    GAMES,
    STREET_NAMES,
    TIE_RULES,
    Action,
    StudState,
    TableView,
    stacked_deck,
)
from studeval.game.structure import MAX_SEATS, MIN_SEATS, PRESETS, Structure

__all__ = [
    "ACTION_KINDS",
    "BOTS",
    "DEALS",
    "GAMES",
    "MAX_SEATS",
    "MIN_SEATS",
    "ODD_CHIP_RULES",
    "PRESETS",
    "STREET_NAMES",
    "TIE_RULES",
    "Action",
    "ActionKind",
    "BoardCard",
    "Deal",
    "Event",
    "EventTag",
    "HandHistory",
    "Played",
    "Pot",
    "PotSettlement",
    "Settlement",
    "Shown",
    "Structure",
    "StudState",
    "TableView",
    "TimeOut",
    "TimeOutResult",
    "award",
    "dumps",
    "load",
    "loads",
    "parse_action",
    "replay",
    "settle",
    "settle_pots",
    "side_pots",
    "simulate",
    "stacked_deck",
    "to_phh",
    "uncalled_bet",
]
