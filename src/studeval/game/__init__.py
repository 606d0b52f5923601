"""Fixed-limit stud at the table: every stud game of the registry (:mod:`studeval.games`):
Seven Card Stud, Five Card Stud, Razz, Seven Card Stud Hi-Lo eight or better, Seven Card Stud
Hi-Lo without a qualifier and 2-7 Razz (``game="seven" | "five" | "razz" | "stud8" |
"stud_hilo" | "razz27"``, :data:`STUD_GAMES`). The table code names no game: the streets, the
bring-in, who acts first, the open pair and what wins a pot come from the game's entry.

- :class:`Structure` and :data:`PRESETS`: ante, bring-in, small and big bet, seats, buy-in;
  :class:`Rake`: the house's rake, if any.
- :class:`StudState`: the state machine (dealing, betting, showdown), with seat views.
- :class:`Deck` and :class:`ScriptedDeck`: the deck a hand deals from (shuffled or stacked;
  a hand history's own deal, for a replay).
- :func:`settle_pots`, :func:`side_pots`, :func:`award`, :func:`award_hi_lo`: pots and
  payouts without the state machine.
- :class:`ActionType` (once ``ActionKind``) and the events of :attr:`StudState.log` (:class:`Deal`,
  :class:`Played`, :class:`BoardCard`, :class:`TimeOut`, :class:`Shown`).
- :func:`to_phh`, :func:`dumps`, :func:`loads`, :func:`replay`: PHH hand histories
  (``F7S``, ``FR``, ``F7S/8``; studeval's own ``F5S``, ``F7S/HL`` and ``F27R`` where the
  standard has no code).
- :func:`simulate` and the bots: self-play.

Rules as implemented, each with its number on the rules page (``docs/rules.md``, which names
the document or other source of each rule and the tests that show it). Each option is a
:class:`StudState` argument, recorded in PHH histories as a user field (``_`` + its name)
when it is not the default, so a replay plays by the same rules (R53).

- Structures (R32): anything that can be dealt: ante >= 0 (it may equal or exceed the
  bring-in, as in tournaments: the 2023 WSOP $50K Players Championship dealt ante 50,000,
  bring-in 50,000, limits 200,000/400,000), 0 < bring-in <= small bet <= big bet. Legal
  actions stay distinct when amounts coincide: a bring-in of a full small bet is the bet (no
  "complete" beside it); small bet = big bet gives one size on an open pair. Presets keep
  ante < bring-in < small bet < big bet. Two to eight players (R11); buy-ins inside the
  structure's limits (R7).
- Seats count from the dealer's left (seat 0, ``p1``); every player antes (R15); cards are
  dealt one at a time round the table; a burn card comes before every street but the first
  (R16). Seven card stud: two down and one up, three single up cards, the seventh card down
  (R1, R2). Five card stud: one down and one up, then three up (R8, R9). Streets are named
  as in the rules ("third street" is the opening round of seven card stud, "second street"
  that of five card stud).
- The bring-in is the lowest door card by rank then suit (clubs lowest) (R17; stud hi-lo
  too, R75); in razz the highest door card, aces low, ties by suit (spades highest) (R71).
  It must post the bring-in or complete (it may not check or fold) (R18); the others fold,
  call it or complete (R19); no big bet on the first round (R21). If that player is all-in
  from the ante, or times out, the duty passes to the next player clockwise who can act
  (R20, as pokerkit does).
- On later streets the best showing hand acts first (pairs and kickers only, no straights or
  flushes) (R22); in razz the best low showing (aces low, pairs count against: any pair
  showing is worse than no pair) (R72). Ties go to the player closest to the dealer's left,
  or with ``tie_rule="suits"`` to the higher suit in showing order (spades high; in razz the
  lower suit, since the best low acts first) (R24, R72). If that player is all-in, the next
  player clockwise who can act starts (R23).
- Small bets on the first two rounds, big bets after (R3, R10); a bet or raise is exactly
  one bet (R26); check, bet, call, raise, fold, check-raise (R25). Folding when a check is
  possible is accepted and binding (``fold_when_check="accepted"``, default; not listed
  among the legal actions), or refused with ``fold_when_check="refused"`` (R83). The open pair (any live
  player showing a pair on the second round: 3rd street in five card stud, 4th street in
  seven card stud) lets the bet be small or big (R4, R6, R12); never in razz or stud hi-lo
  (R74). Raises after a small bet: small or big until one is big, then all big
  (``open_pair_raises="small_or_big"``, default), or every raise big
  (``open_pair_raises="big"``) (R5, R13).
- The cap: one bet and three raises (the bring-in and the completion do not count as raises;
  the completion is the bet). ``raise_cap`` changes the number of raises (None: no cap)
  (R27). No cap while only two players are in the hand (default), or with
  ``cap_heads_up=True`` the cap in any betting round (R28). By default (Robert's Rules of
  Poker) the cap counts only players who are not all-in, and a round capped while the cap
  applied stays capped when a fold leaves two; ``cap_counts="live"`` counts every live
  player and ``cap_after_fold="lifted"`` lifts the cap when a fold leaves two (R28).
- All-in: a player may call, bet or raise for less (R29). Short all-ins follow the limit
  half-bet rule (``all_in_rule="half_bet"``, default; Robert's Rules of Poker, TDA): an
  all-in wager of half a bet or more counts as a full bet or raise and reopens the betting
  (on a 20 round a 15 all-in may be raised to 35); less does not reopen it for players who
  already acted, and a player yet to act may fold, call, or complete it to the full amount
  (bet 10, all-in to 13: complete to 20). ``all_in_rule="full_bet"``: only a full bet or
  raise reopens; completions as above (R31). A bet nobody can call is not offered (everyone
  else is all-in) (R29). Chips nobody matched are returned before the pots are built; side
  pots follow each all-in level; folded chips stay in the pots (R30). Chips are conserved
  (R36); a refused action changes nothing (R33).
- Time-out: a player who has put chips in beyond the ante is all-in for what is already in
  (keeps the rest of the stack, acts no more, wins at most the pots they are in) (R48);
  otherwise the hand is folded, even where a check was possible (the rule makes no
  exception) (R49). At a showdown choice a time-out takes the automatic choice.
- Deck exhaustion (the seven-card games: seven card stud, razz, stud hi-lo; R81): on seventh
  street the stub deals each player a card while it has one for everyone (no burn card then)
  (R43); else the burn cards are shuffled in with it, if that gives everyone a card (R44);
  else one community card is turned up for all (R45). Folded cards are never dealt again
  (R46).
- The games added by a registry entry alone: seven card stud hi-lo without a qualifier
  (``stud_hilo``) plays and splits as stud hi-lo, except that the best ace-to-five low,
  which every hand has, always takes the low half (R88); 2-7 razz (``razz27``): the highest
  door card brings in, aces high, spades highest (R89); the best deuce-to-seven low showing
  acts first (aces high, pairs count against, straights and flushes do not count on up
  cards) (R90); the best deuce-to-seven low wins (R91), the odd chip of tied lows to the
  lowest card, aces high. Neither has the open-pair big bet.
- Showdown: the last player to bet or raise on the final street shows first, else the first
  to act on it; then clockwise (R38); an uncalled winner takes the pot unshown (R39). Cards
  speak (no declaring). The best high hand wins (R37, R14); in razz the best ace-to-five low
  (aces low, straights and flushes do not count) (R73). Stud hi-lo: each pot (main and side)
  splits in halves between the best high and the best eight-or-better low among its
  eligible hands (R76), the odd chip to the high half (R77); identical hands (the same
  players win both halves) split the pot as one, as evenly as possible, and nobody takes
  two of the halves' odd chips while another low winner can take one (R84); a pot with no
  qualifying low goes whole to the high (also a side pot whose players have no low when the main pot has
  one) (R78). Ties split a pot (R41) (or a half: a low half shared by tied lows is
  "quartered", R79); odd chips go one by one by the cards (``odd_chip="high_card"``,
  default, Robert's Rules of Poker): to the tied winner holding the highest card by rank
  then suit in a high hand (R42), the lowest card (aces low, clubs lowest) in a low hand
  (razz, the low half) (R80), all their cards counting; or with ``odd_chip="dealer_left"``
  to the first winner from the dealer's left. Show or muck (R40): ``showdown="auto"``
  (default): a hand that can no longer win any part of a pot it is in is mucked (it stays
  hidden), others show, an uncalled winner does not show; ``showdown="choose"``: each player
  in turn takes a ``show`` or ``muck`` action (the first to show must show, and so must the
  last player who could still show in a pot nobody has shown in; an uncalled winner may
  show), recorded as PHH ``sm`` actions.
- Views and histories: a seat's view and history never hold another seat's down cards until
  they are shown (R34, R52); seeded deals repeat, else the OS's secure source (R35); PHH
  variants ``F7S``, ``F5S`` (R50), ``FR`` and ``F7S/8`` (R82), ``F7S/HL`` and ``F27R``
  (R92); a history replays to the
  same stacks (R51) and one that breaks the rules is refused (R54); antes are written as
  trimmed (``ante_trimming_status = true``) and a history saying otherwise about a short ante
  is refused (R85); a history that hides a live player's up card is refused naming the card
  (R86).
- A state takes one action at a time: ``act``, ``apply`` and ``time_out`` hold a lock, so
  threads sharing a state conserve chips (R87).
- The rake (none by default): ``rake=Rake(percent, cap=..., rounding=..., unit=...,
  first_round_free=..., min_pot=...)`` takes a percentage of the hand's pot (uncalled
  chips given back first), rounded to whole units (down by default) and capped, from the main
  pot first, before the pots are split; none when the hand ends on the first betting round
  with ``first_round_free``; ``raked`` is what it took (R93).

>>> from studeval.game import StudState, PRESETS
>>> st = StudState("seven", PRESETS["1/2"], [2000] * 4, seed=42)
>>> while not st.finished:
...     st.apply(st.legal_actions()[0])
>>> sum(st.stacks)
8000
"""

from studeval.game.betting import ACTION_KINDS, ACTION_TYPES, Action
from studeval.game.bots import BOTS, simulate
from studeval.game.deck import Deck, ScriptedDeck, stacked_deck
from studeval.game.events import (
    ActionKind,
    ActionType,
    BoardCard,
    Deal,
    Event,
    EventTag,
    Played,
    Shown,
    TimeOut,
    TimeOutResult,
)
from studeval.game.phh import VARIANTS, HandHistory, dumps, load, loads, parse_action, replay, to_phh
from studeval.game.pots import (
    Pot,
    PotSettlement,
    UncalledBet,
    award,
    award_hi_lo,
    odd_chip_key,
    settle_pots,
    side_pots,
    take_rake,
    uncalled_bet,
)
from studeval.game.rules import (  # the table options, each written once there
    ALL_IN_RULES,
    CAP_AFTER_FOLD_RULES,
    CAP_COUNT_RULES,
    FOLD_WHEN_CHECK_RULES,
    ODD_CHIP_RULES,
    OPEN_PAIR_RULES,
    SHOWDOWN_RULES,
    TIE_RULES,
    TableRules,
)
from studeval.game.state import StudState, TableView
from studeval.game.structure import (
    MAX_CHIPS,
    MAX_SEATS,
    MIN_SEATS,
    PRESETS,
    RAKE_ROUNDING,
    PrintedRake,
    Rake,
    Structure,
)
from studeval.games import STUD_GAMES

#: Deprecated alias of :data:`STUD_GAMES` (the names of the stud games; the registry itself is
#: :data:`studeval.games.GAMES`).
GAMES = STUD_GAMES

__all__ = [
    "ACTION_KINDS",
    "ACTION_TYPES",
    "ALL_IN_RULES",
    "BOTS",
    "CAP_AFTER_FOLD_RULES",
    "CAP_COUNT_RULES",
    "FOLD_WHEN_CHECK_RULES",
    "GAMES",
    "STUD_GAMES",
    "MAX_CHIPS",
    "MAX_SEATS",
    "MIN_SEATS",
    "ODD_CHIP_RULES",
    "OPEN_PAIR_RULES",
    "PRESETS",
    "RAKE_ROUNDING",
    "SHOWDOWN_RULES",
    "TIE_RULES",
    "VARIANTS",
    "Action",
    "ActionKind",
    "ActionType",
    "BoardCard",
    "Deal",
    "Deck",
    "Event",
    "EventTag",
    "HandHistory",
    "Played",
    "Pot",
    "ScriptedDeck",
    "PotSettlement",
    "PrintedRake",
    "Rake",
    "Shown",
    "Structure",
    "StudState",
    "TableRules",
    "TableView",
    "TimeOut",
    "TimeOutResult",
    "UncalledBet",
    "award",
    "award_hi_lo",
    "dumps",
    "load",
    "loads",
    "odd_chip_key",
    "parse_action",
    "replay",
    "settle_pots",
    "side_pots",
    "simulate",
    "take_rake",
    "stacked_deck",
    "to_phh",
    "uncalled_bet",
]
