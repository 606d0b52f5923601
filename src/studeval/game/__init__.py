"""Fixed-limit Seven Card Stud and Five Card Stud at the table.

- :class:`Structure` and :data:`PRESETS`: ante, bring-in, small and big bet, seats, buy-in.
- :class:`StudState`: the state machine (dealing, betting, showdown), with seat views.
- :func:`settle`, :func:`side_pots`: pots and payouts without the state machine.
- :func:`to_phh`, :func:`dumps`, :func:`loads`, :func:`replay`: PHH hand histories
  (``F7S``; five card stud as studeval's own ``F5S``).
- :func:`simulate` and the bots: self-play.

>>> from studeval.game import StudState, PRESETS
>>> st = StudState("seven", PRESETS["1/2"], [2000] * 4, seed=42)
>>> while not st.finished:
...     st.apply(st.legal_actions()[0])
>>> sum(st.stacks)
8000
"""

from studeval.game.bots import BOTS, simulate
from studeval.game.phh import HandHistory, dumps, load, loads, replay, to_phh
from studeval.game.pots import ODD_CHIP_RULES, Pot, Settlement, settle, side_pots, uncalled_bet
from studeval.game.state import ACTION_KINDS, GAMES, TIE_RULES, Action, StudState, TableView, stacked_deck
from studeval.game.structure import MAX_SEATS, MIN_SEATS, PRESETS, Structure

__all__ = [
    "ACTION_KINDS",
    "BOTS",
    "GAMES",
    "MAX_SEATS",
    "MIN_SEATS",
    "ODD_CHIP_RULES",
    "PRESETS",
    "TIE_RULES",
    "Action",
    "HandHistory",
    "Pot",
    "Settlement",
    "Structure",
    "StudState",
    "TableView",
    "dumps",
    "load",
    "loads",
    "replay",
    "settle",
    "side_pots",
    "simulate",
    "stacked_deck",
    "to_phh",
    "uncalled_bet",
]
