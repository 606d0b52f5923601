"""The fixed-limit stud state machine for every stud game of the registry
(:mod:`studeval.games`: seven card stud, five card stud, razz, the stud hi-lo games, 2-7
razz), 2-8 players. What differs between the games (the streets, the bring-in, who acts
first, the open pair, what wins the pot) is read from the game's entry there.

Seats are numbered from the dealer's left (seat 0 = ``p1`` in hand histories); the dealer
deals clockwise, so "closest to the dealer's left" means the lowest seat number. A hand runs
on its own from the antes to the payouts; the only inputs are the players' actions (and
time-outs). Every action is validated before anything changes, so a refused action leaves
the state exactly as it was.

>>> from studeval.game import StudState, Structure
>>> s = Structure(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> st = StudState("seven", s, [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s  2d 3h Ks")
>>> st.actor, [(a.kind, a.to) for a in st.legal_actions()]
(0, [('bring_in', 2), ('complete', 5)])
>>> st.act("bring_in"); st.act("call"); st.act("fold")
>>> st.street_name, st.actor
('fourth street', 1)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import fields
from typing import NamedTuple

from studeval.cards import CardsLike, format_cards, parse_cards
from studeval.evaluate import bring_in_card
from studeval.game.betting import ACTION_KINDS, Action, BettingRound, best_showing
from studeval.game.deck import Deck, ScriptedDeck
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
from studeval.game.pots import (
    HandValue,
    Pot,
    hand_value,
    settle_pots,
    side_pots,
    uncalled_bet,
)
from studeval.game.rules import DEFAULT_RULES, TableRules
from studeval.game.showdown import Showdown
from studeval.game.structure import MAX_CHIPS, PrintedRake, Rake, Structure
from studeval.games import Game, get_game

# the table options' names (TIE_RULES ...) are studeval.game.rules' (re-exported by the package)
__all__ = ["ACTION_KINDS", "Action", "StudState", "TableRules", "TableView"]

SHOW, MUCK, FOLD, CHECK = ActionKind.SHOW, ActionKind.MUCK, ActionKind.FOLD, ActionKind.CHECK
_KIND_OF: dict[str, ActionKind] = {str(k): k for k in ActionKind}
_DEFAULT_OPTIONS = tuple(getattr(DEFAULT_RULES, f.name) for f in fields(TableRules))  # in its fields' order
# In the games with the open-pair big bet (``Game.open_pair``) the second betting round is the
# open-pair street.
_OPEN_PAIR_STREET = 1
_new = tuple.__new__  # builds a NamedTuple event without the keyword machinery (the hot path)
_ACTION, _DEAL = EventTag.ACTION, EventTag.DEAL  # an enum attribute lookup costs ~0.2 us


class TableView(NamedTuple):
    """What one seat (or a spectator, ``seat=None``) may see of the table.

    ``down_cards[j]`` is None for a down hand the viewer may not see, else the cards. The
    cards are ints (see :mod:`studeval.cards`); the repr prints them as card text.

    >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
    >>> v = st.view(0)
    >>> v.down_cards[0] is not None, v.down_cards[1] is None
    (True, True)
    >>> v.up_cards
    ((10,), (15,))
    >>> v  # doctest: +ELLIPSIS
    TableView(game='five', street='second street', seat=0, actor=0, ..., up_cards=('4h', '5s'), down_cards=('2c', None), community=None, ...)
    """

    game: str
    street: str
    seat: int | None
    actor: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    up_cards: tuple[tuple[int, ...], ...]
    down_cards: tuple[tuple[int, ...] | None, ...]
    community: int | None
    legal_actions: tuple[Action, ...]
    finished: bool
    payouts: tuple[int, ...]

    def __repr__(self) -> str:
        cards = {
            "up_cards": tuple(_card_text(c) for c in self.up_cards),
            "down_cards": tuple(None if c is None else _card_text(c) for c in self.down_cards),
            "community": None if self.community is None else _card_text([self.community]),
        }
        fields = [f"{name}={cards.get(name, value)!r}" for name, value in zip(self._fields, self, strict=True)]
        return f"TableView({', '.join(fields)})"


def _card_text(cards: Sequence[int]) -> str:
    """Cards as text, ``??`` for a card a replayed history does not know."""
    return " ".join("??" if c < 0 else format_cards([c]) for c in cards)


def _positive_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")
    if value > MAX_CHIPS:
        raise ValueError(f"{name} {value} is more than the limit of {MAX_CHIPS} chips")
    return value


class StudState:
    """One hand of fixed-limit stud, from the antes to the payouts.

    ``game`` is a stud game of the registry (:mod:`studeval.games`): its name ("seven",
    "five", "razz", "stud8", "stud_hilo", "razz27"), an alias ("stud hi-lo regular") or the
    :class:`~studeval.games.Game` itself; :attr:`game` holds its name. ``deck`` stacks the
    deck: the cards in the order they come off the top, burn cards included (the rest of the
    deck follows, shuffled); or it is a :class:`~studeval.game.deck.Deck`, or the
    :class:`~studeval.game.deck.ScriptedDeck` of a hand history being replayed. The state
    deals from it (:attr:`deck`). Without ``seed`` the shuffle uses the operating system's
    secure random source; a seed (an int >= 0) gives a reproducible deal.

    Options, where the rule documents disagree or leave a choice (defaults first):

    - ``raise_cap``: the number of raises after the bet (3; None: no cap).
    - ``cap_heads_up``: False: no cap while only two players are in the hand (R28; the
      five and seven card stud room rules); True: the cap holds in any betting round (the five
      card stud description).
    - ``cap_after_fold``: see :data:`CAP_AFTER_FOLD_RULES` ("stays" or "lifted").
    - ``cap_counts``: see :data:`CAP_COUNT_RULES` ("not_all_in" or "live").
    - ``fold_when_check``: see :data:`FOLD_WHEN_CHECK_RULES` ("accepted" or "refused"); an
      accepted fold is not listed by :meth:`legal_actions` (it is never the better play).
    - ``tie_rule``: see :data:`TIE_RULES`; ``odd_chip``: see ``ODD_CHIP_RULES``.
    - ``all_in_rule``: see :data:`ALL_IN_RULES` ("half_bet" or "full_bet").
    - ``open_pair_raises``: see :data:`OPEN_PAIR_RULES` ("small_or_big" or "big").
    - ``showdown``: see :data:`SHOWDOWN_RULES` ("auto" or "choose").
    - ``rake``: None (no rake), the house's :class:`~studeval.game.structure.Rake`, or the
      :class:`~studeval.game.structure.PrintedRake` a site's history says it took, taken out
      of the pots before they are paid (``raked``: the chips it took).
    - ``rules``: all of these at once, a :class:`~studeval.game.rules.TableRules` (then none
      of the keywords above); :attr:`rules` holds the table's, however given.

    What a program reads (seats are 0-based here; ``p1`` in histories and "player 1" in the
    command line are seat 0); lists are indexed by seat, cards are ints (:mod:`studeval.cards`):

    - ``actor``: the seat to act, or -1 when the hand is over; :meth:`legal_actions` its choices.
    - ``street``: the street's index (0: the first); ``street_name`` its name.
    - ``round``: this street's betting (a :class:`~studeval.game.betting.BettingRound`):
      each seat's ``bets``, the bet to call (``high``), the raises, the open pair, the opener.
    - ``stacks``: the chips behind; ``totals``: the chips each put in this hand; ``pot``
      (a property): the chips in the middle; ``folded``, ``n_live``.
    - ``down`` and ``up``: each seat's down and up cards as dealt so far (-1: a card a replayed
      history hides); ``community``: a community card under deck exhaustion, or -1. A seat's
      own view without the others' down cards is :meth:`view`.
    - ``pots``, ``payouts``, ``returned``, ``raked``: the pots with their winners (as paid,
      the rake taken out), the chips each seat won, the uncalled chips given back and the
      rake, once the hand is over; ``log``: the events so far.

    >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100], seed=7)
    >>> while st.actor >= 0:
    ...     st.act(*st.legal_actions()[-1][:2])  # always the most aggressive choice
    >>> sum(st.stacks)
    200
    """

    __slots__ = (
        "game",
        "structure",
        "n",
        "tie_rule",
        "raise_cap",
        "odd_chip",
        "all_in_rule",
        "open_pair_raises",
        "cap_heads_up",
        "showdown",
        "cap_after_fold",
        "cap_counts",
        "fold_when_check",
        "rake",
        "rules",
        "starting_stacks",
        "stacks",
        "totals",
        "antes_paid",
        "folded",
        "frozen",
        "round",
        "down",
        "up",
        "community",
        "street",
        "actor",
        "n_live",
        "shown",
        "mucked",
        "pots",
        "payouts",
        "returned",
        "raked",
        "log",
        "deck",
        "_scripted",
        "_last",
        "_legal",
        "_n_act",
        "_half",
        "_big_raises",
        "_capped_heads_up",
        "_sd",
        "_rules",
        "_acts_first",
        "_open_pair_game",
        "_lock",
    )

    def __init__(
        self,
        game: str | Game,
        structure: Structure,
        starting_stacks: Sequence[int],
        *,
        seed: int | None = None,
        deck: CardsLike | Deck | ScriptedDeck | None = None,
        tie_rule: str = DEFAULT_RULES.tie_rule,
        raise_cap: int | None = DEFAULT_RULES.raise_cap,
        odd_chip: str = DEFAULT_RULES.odd_chip,
        all_in_rule: str = DEFAULT_RULES.all_in_rule,
        open_pair_raises: str = DEFAULT_RULES.open_pair_raises,
        cap_heads_up: bool = DEFAULT_RULES.cap_heads_up,
        showdown: str = DEFAULT_RULES.showdown,
        cap_after_fold: str = DEFAULT_RULES.cap_after_fold,
        cap_counts: str = DEFAULT_RULES.cap_counts,
        fold_when_check: str = DEFAULT_RULES.fold_when_check,
        rake: Rake | PrintedRake | None = None,
        rules: TableRules | None = None,
    ) -> None:
        entry = get_game(game, stud=True)
        if not isinstance(structure, Structure):
            raise TypeError(f"structure must be a Structure, got {structure!r}")
        options = (
            tie_rule,
            raise_cap,
            odd_chip,
            all_in_rule,
            open_pair_raises,
            cap_heads_up,
            showdown,
            cap_after_fold,
            cap_counts,
            fold_when_check,
            rake,
        )
        # (3.0 == 3 and 0 == False, but are not the defaults: TableRules refuses them)
        default = options == _DEFAULT_OPTIONS and type(raise_cap) is int and cap_heads_up is False
        if rules is None:  # the options as keywords: checked once, by TableRules
            rules = DEFAULT_RULES if default else TableRules(*options)
        elif not isinstance(rules, TableRules):
            raise TypeError(f"rules must be a TableRules or None, got {rules!r}")
        elif not default:
            raise ValueError("give the table's options as rules=TableRules(...) or as keywords, not both")
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError(f"seed must be an int or None, got {seed!r}")
            if seed < 0:
                raise ValueError(f"seed must be >= 0, got {seed}")
        if type(starting_stacks) is not list and (
            isinstance(starting_stacks, (str, bytes)) or not isinstance(starting_stacks, Sequence)
        ):
            raise TypeError(f"starting_stacks must be a sequence of ints, got {starting_stacks!r}")
        stacks = list(starting_stacks)
        for i, s in enumerate(stacks):
            if type(s) is not int or not 0 < s <= MAX_CHIPS:
                _positive_int(f"starting stack {i}", s)
        # the limit is on the chips at the table, so that a winner's stack stays within it
        # (and the hand's history loads back: the PHH reader checks the same)
        if sum(stacks) > MAX_CHIPS:
            raise ValueError(
                f"starting stacks of {sum(stacks)} chips in all: the limit is {MAX_CHIPS} chips at the table"
            )
        n = structure.check_seats(len(stacks))
        self.game = entry.name
        self.structure = structure
        self.n = n
        self.rules = rules
        # each option also as an attribute of its own, read on the hot path
        self.tie_rule = rules.tie_rule
        self.raise_cap = rules.raise_cap
        self.odd_chip = rules.odd_chip
        self.all_in_rule = rules.all_in_rule
        self.open_pair_raises = rules.open_pair_raises
        self.cap_heads_up = rules.cap_heads_up
        self.showdown = rules.showdown
        self.cap_after_fold = rules.cap_after_fold
        self.cap_counts = rules.cap_counts
        self.fold_when_check = rules.fold_when_check
        self.rake = rules.rake
        # one action at a time: a state shared between threads stays consistent (issue 17)
        self._lock = threading.Lock()
        self._half = rules.all_in_rule == "half_bet"
        self._big_raises = rules.open_pair_raises == "big"
        self._capped_heads_up = rules.cap_heads_up
        self.starting_stacks = tuple(stacks)
        self._rules = entry
        self._acts_first = entry.acts_first
        self._open_pair_game = entry.open_pair
        self._last = len(entry.streets) - 1
        rng = None if seed is None else random.Random(seed)  # None: the OS's secure source
        if isinstance(deck, ScriptedDeck):
            if deck.seats != n:
                raise ValueError(f"the scripted deck deals to {deck.seats} seats, the table has {n}")
            self.deck: Deck | ScriptedDeck = deck
        elif isinstance(deck, Deck):
            self.deck = deck
        else:
            self.deck = Deck(rng, None if deck is None else parse_cards(deck))
        self._scripted = isinstance(self.deck, ScriptedDeck)
        self._legal: list[Action] | None = None  # legal actions at this decision, until the next change
        self._sd: Showdown | None = None  # the showdown (or an uncalled winner's choice) in progress
        self.stacks = stacks
        self.round = BettingRound(n)
        self.totals = [0] * n
        self.antes_paid = [0] * n
        self.folded = [False] * n
        self.frozen = [False] * n  # all-in by a time-out: in the hand, acts no more
        self.down: list[list[int]] = [[] for _ in range(n)]
        self.up: list[list[int]] = [[] for _ in range(n)]
        self.community = -1
        self.street = -1
        self.actor = -1
        self.n_live = n
        self.shown = [False] * n
        self.mucked = [False] * n
        self.pots: list[Pot] = []
        self.payouts = [0] * n
        self.returned = [0] * n
        self.raked = 0
        self.log: list[Event] = []
        ante = structure.ante
        if ante:
            for i in range(n):
                a = ante if ante < stacks[i] else stacks[i]
                stacks[i] -= a
                self.totals[i] = self.antes_paid[i] = a
        self._n_act = sum(1 for x in stacks if x > 0)  # players still able to act
        self._next_street()
        self._legal = self._compute_legal()

    # ----------------------------------------------------------------- reading the state

    @property
    def finished(self) -> bool:
        """True once the pots are paid (and, with ``showdown="choose"``, every choice made).

        >>> StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=1).finished
        False
        """
        return self.street > self._last

    @property
    def game_entry(self) -> Game:
        """The game's registry entry (:attr:`game` is its name).

        >>> StudState("razz", Structure(1, 2, 5, 10), [50, 50], seed=1).game_entry.bring_in
        'highest'
        """
        return self._rules

    @property
    def street_name(self) -> str:
        """The current street, e.g. "third street" (the opening deal in seven card stud).

        >>> StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=1).street_name
        'second street'
        """
        return self._rules.streets[min(self.street, self._last)].name

    @property
    def pot(self) -> int:
        """The chips in the middle: all put in so far this hand (antes included) until the
        pots are paid, then none; ``sum(stacks) + pot + raked`` is the chips the table started
        with at every moment. ``sum(totals)`` stays what the hand put in.

        >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=1)
        >>> st.pot
        2
        >>> st.act("bring_in"); st.act("fold"); st.pot, sum(st.totals)
        (0, 4)
        """
        return sum(self.totals) - sum(self.payouts) - self.raked

    def hand(self, seat: int) -> list[int]:
        """All of a seat's cards (down, up, and a community card), for the dealer's eyes only.

        >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
        >>> format_cards(st.hand(1))
        '3d 5s'
        >>> st.hand(-1)
        Traceback (most recent call last):
        ...
        ValueError: seat -1 is not 0..1
        """
        self._check_seat(seat)
        cards = self.down[seat] + self.up[seat]
        if self.community >= 0:
            cards.append(self.community)
        return cards

    def _check_seat(self, seat: object) -> None:
        """The one check of every seat argument: TypeError for a non-int, ValueError out of range."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int, got {seat!r}")
        if not 0 <= seat < self.n:
            raise ValueError(f"seat {seat} is not 0..{self.n - 1}")

    def _actionable(self, j: int) -> bool:
        return not self.folded[j] and not self.frozen[j] and self.stacks[j] > 0

    def legal_actions(self) -> list[Action]:
        """The actions the player to act may take, with their exact amounts.

        Empty when the hand is over. On the open-pair street a bet or raise comes in two
        sizes (small and big) until someone makes it big. Facing an all-in wager short of a
        full bet or raise, a player yet to act may ``complete`` it to the full amount.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s")
        >>> st.act("bring_in")
        >>> [tuple(a) for a in st.legal_actions()]
        [('fold', 0, 0), ('call', 2, 2), ('complete', 5, 5)]
        """
        acts = self._legal  # computed under the lock as each change ends: a list between two actions
        if acts is None:  # an action failed halfway (a replayed history's deal): computed now
            with self._lock:  # never halfway through another thread's action
                return self._legal_list()
        return list(acts)

    def _legal_list(self) -> list[Action]:
        acts = self._legal
        if acts is None:
            acts = self._legal = self._compute_legal()
        return list(acts)

    def _compute_legal(self) -> list[Action]:
        i = self.actor
        if i < 0:
            return []
        if self._sd is not None:
            return self._decisions(i)
        r = self.round
        cap = self.raise_cap
        may_raise = self._n_act >= 2 and (cap is None or r.n_raises <= cap or not self._cap_applies())
        return r.options(i, self.stacks[i], self.structure, may_raise, self._big_raises)

    def _cap_players(self) -> int:
        """The players the cap counts: those not all-in (Robert's Rules), or every live one."""
        return self.n_live if self.cap_counts == "live" else self._n_act

    def _cap_applies(self) -> bool:
        """The cap holds in every round with ``cap_heads_up``, else while three or more
        players count (R28), and, by default, for the rest of a round once capped."""
        return self._capped_heads_up or self.round.capped or self._cap_players() >= 3

    def _decisions(self, i: int) -> list[Action]:
        """Show or muck at showdown (showdown="choose")."""
        assert self._sd is not None
        show, muck = Action(SHOW, self.round.bets[i], 0), Action(MUCK, self.round.bets[i], 0)
        return [show] if self._sd.must_show(i, self.shown) else [show, muck]

    # ----------------------------------------------------------------- acting

    def act(self, kind: str, to: int | None = None) -> None:
        """Take an action for the player to act; ``to`` is the bet on this street after it.

        ``to`` may be left out when the action has one amount. An illegal action raises
        ValueError (TypeError for a wrong type) and changes nothing.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s")
        >>> st.act("check")
        Traceback (most recent call last):
        ...
        ValueError: p1 cannot check: the legal actions are bring_in 2, complete 5
        """
        with self._lock:
            self._act(kind, to)
            self._legal = self._compute_legal()  # the next decision's, once (every act needs it)

    def _act(self, kind: str, to: int | None) -> None:
        if not isinstance(kind, str):
            raise TypeError(f"action kind must be a str, got {kind!r}")
        if kind not in _KIND_OF:
            raise ValueError(f"unknown action {kind!r}; actions are {', '.join(ACTION_KINDS)}")
        kind = _KIND_OF[kind]
        if to is not None and (isinstance(to, bool) or not isinstance(to, int)):
            raise TypeError(f"amount must be an int, got {to!r}")
        acts = self._legal
        if acts is None:
            acts = self._legal = self._compute_legal()
        if not acts:
            raise ValueError("the hand is over: nobody is to act")
        match = None
        for a in acts:
            if a.kind == kind and (to is None or a.to == to):
                if match is not None:
                    raise ValueError(f"{kind} is possible to {match.to} or {a.to}: give the amount")
                match = a
        if kind == FOLD and acts[0].kind == CHECK and to in (None, acts[0].to) and self.fold_when_check == "accepted":
            match = Action(FOLD, acts[0].to, 0)  # folding when a check is possible: binding (R83)
        if match is None:
            what = kind if to is None else f"{kind} to {to}"
            legal = ", ".join(a.kind if a.kind in (FOLD, CHECK, SHOW, MUCK) else f"{a.kind} {a.to}" for a in acts)
            why = ""
            if (
                kind in (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
                and self.round.acted[self.actor]
                and self._sd is None
            ):
                why = " (an all-in short of a full bet or raise does not reopen the betting)"
            raise ValueError(f"p{self.actor + 1} cannot {what}: the legal actions are {legal}{why}")
        self._apply(match)

    def apply(self, action: Action | tuple[str, int]) -> None:
        """Take an :class:`Action` (as returned by :meth:`legal_actions`), or a ``(kind, to)`` pair.

        >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=3)
        >>> st.apply(st.legal_actions()[0]); st.round.bets[st.round.opener] > 0
        True
        >>> st.apply(())
        Traceback (most recent call last):
        ...
        ValueError: an action is an Action or a (kind, to) pair, got ()
        """
        with self._lock:
            acts = self._legal
            if acts is None:
                acts = self._legal = self._compute_legal()
            if type(action) is Action and action in acts:  # offered as is: no need to match again
                self._apply(action)
            else:
                self._apply_pair(action)
            self._legal = self._compute_legal()  # the next decision's, once (every act needs it)

    def _apply_pair(self, action: Action | tuple[str, int]) -> None:
        if not isinstance(action, (tuple, list)):
            raise TypeError(f"an action is an Action or a (kind, to) pair, got {action!r}")
        if not 2 <= len(action) <= 3:
            raise ValueError(f"an action is an Action or a (kind, to) pair, got {action!r}")
        self._act(action[0], action[1])

    def _apply(self, a: Action) -> None:
        self._legal = None
        i = self.actor
        kind = a.kind
        if self._sd is not None:
            self._decide(i, kind == SHOW)
            return
        r = self.round
        if kind == FOLD:
            self.folded[i] = True
            self.n_live -= 1
            self._n_act -= 1
        elif a.chips:
            self.stacks[i] -= a.chips
            if not self.stacks[i]:
                self._n_act -= 1
            self.totals[i] += a.chips
            full = r.wager(i, a, self.structure, half_bet=self._half)
            if full and r.n_raises - 1 == self.raise_cap and self.cap_after_fold == "stays":
                # the capping raise: was the cap in force when it was made?
                players = self._cap_players()
                if self.cap_counts != "live" and not self.stacks[i]:
                    players += 1  # the raiser, all-in by this raise, counted as before it
                r.capped = self._capped_heads_up or players >= 3
        r.acted[i] = True
        self.log.append(_new(Played, (_ACTION, i, kind, r.bets[i])))
        self._advance(i)

    def time_out(self) -> None:
        """The player to act missed the time limit (R48, R49).

        If they have put chips in beyond the ante they are all-in for what is already in the
        pot (they keep their stack, act no more, and can win only what they are in for);
        otherwise their hand is folded. At a showdown choice the automatic policy decides.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s")
        >>> st.act("bring_in"); st.time_out(); st.folded[1]
        True
        """
        with self._lock:
            self._time_out()
            self._legal = self._compute_legal()

    def _time_out(self) -> None:
        i = self.actor
        if i < 0:
            raise ValueError("the hand is over: nobody is to act")
        self._legal = None
        if self._sd is not None:
            self._decide(i, self._sd.auto_show(i, self.shown))
            return
        self._n_act -= 1
        if self.totals[i] > self.antes_paid[i]:
            self.frozen[i] = True
            self.log.append(TimeOut(EventTag.TIME_OUT, i, TimeOutResult.ALL_IN))
        else:
            self.folded[i] = True
            self.n_live -= 1
            self.log.append(TimeOut(EventTag.TIME_OUT, i, TimeOutResult.FOLD))
        self.round.acted[i] = True
        self._advance(i)

    def _advance(self, i: int) -> None:
        if self.n_live == 1:
            self._finish_by_fold()
            return
        n = self.n
        r = self.round
        folded, frozen, stacks, bets, acted = self.folded, self.frozen, self.stacks, r.bets, r.acted
        n_act = self._n_act
        high = r.high
        for k in range(1, n + 1):
            j = (i + k) % n
            if folded[j] or frozen[j] or stacks[j] == 0:
                continue
            if bets[j] < high or (not acted[j] and n_act >= 2):
                self.actor = j
                return
        self.actor = -1
        if self.street == self._last:
            self._showdown()
        else:
            self._next_street()

    # ----------------------------------------------------------------- dealing

    def _next_street(self) -> None:
        while True:
            self.street += 1
            s = self.street
            pattern = self._rules.streets[s].up
            live = [i for i in range(self.n) if not self.folded[i]]
            community = False
            if s == self._last:  # the burn, or the deck-exhaustion rule
                community = self.deck.last_street(len(live))
            elif s > 0:
                self.deck.burn()
            draw, name, folded = self.deck.draw, self.street_name, self.folded
            if community:
                c = draw(self.n, name, folded)
                self.community = c
                self.log.append(BoardCard(EventTag.BOARD, c))
            else:
                dealt: list[list[int]] = [[] for _ in live]
                for is_up in pattern:  # one card at a time round the table, from the dealer's left
                    hands = self.up if is_up else self.down
                    for k, c in enumerate(self.deck.deal_round(live, name, folded)):
                        hands[live[k]].append(c)
                        dealt[k].append(c)
                for k, i in enumerate(live):
                    self.log.append(_new(Deal, (_DEAL, i, tuple(dealt[k]), pattern)))
            self._begin_round()
            if self.actor >= 0:
                return
            if s == self._last:
                self._showdown()
                return

    def _hidden_door_bring_in(self, live: list[int], doors: list[int]) -> int:
        """The bring-in of a replayed history that hides a door card (-1; real histories do
        not record the cards of players who folded unseen): the player the history names,
        if no known door card must bring in instead."""
        opener = self.deck.bring_in if isinstance(self.deck, ScriptedDeck) else None
        if opener is None or opener not in live:
            return live[doors.index(min(doors))]  # the history acts for nobody: it fails later
        known = [c for c in doors if c >= 0]
        door = self.up[opener][0]
        if door >= 0 and bring_in_card(known, self._rules) != door:
            card = format_cards([bring_in_card(known, self._rules)])
            raise ValueError(f"p{opener + 1} cannot bring in: {card} is a door card that brings in before theirs")
        return opener

    def _check_up_cards_known(self, live: list[int]) -> None:
        """A replayed history may hide a door card of a player who folds on the first round,
        but every live player's up cards decide who acts first from the second round on."""
        for i in live:
            if -1 in self.up[i]:
                up_streets = [street.name for street in self._rules.streets for up in street.up if up]
                dealt_on = up_streets[self.up[i].index(-1)]
                raise ValueError(
                    f"the history hides p{i + 1}'s up card dealt on {dealt_on} ('??'): p{i + 1} is still "
                    f"in the hand, and who acts first on {self.street_name} depends on every live player's up cards"
                )

    def _begin_round(self) -> None:
        n = self.n
        s = self.street
        live = [i for i in range(n) if not self.folded[i]]
        if s == 0:  # the bring-in: the lowest or highest door card, as the game says
            doors = [self.up[i][0] for i in live]
            if min(doors) >= 0:
                opener = live[doors.index(bring_in_card(doors, self._rules))]
            else:
                opener = self._hidden_door_bring_in(live, doors)
        else:
            if self._scripted:
                self._check_up_cards_known(live)
            opener = best_showing(self.up, live, kind=self._acts_first, tie_rule=self.tie_rule)
        up = self.up
        open_pair = (
            s == _OPEN_PAIR_STREET and self._open_pair_game and any(up[i][0] >> 2 == up[i][1] >> 2 for i in live)
        )
        self.round = BettingRound(n, s, open_pair=open_pair)
        self.round.opener = opener
        actor = -1
        if self._n_act >= 2:
            for k in range(n):  # the opener acts, or the next player able to act
                j = (opener + k) % n
                if self._actionable(j):
                    actor = j
                    break
        self.actor = actor
        self.round.bring_in_pending = s == 0 and actor >= 0
        if actor >= 0 and s > 0:
            self.round.opener = actor

    # ----------------------------------------------------------------- the end of the hand

    def _finish_by_fold(self) -> None:
        self.actor = -1
        w = self.folded.index(False)
        total = sum(self.totals)
        uncalled = uncalled_bet(self.totals, [not f for f in self.folded])
        if uncalled.amount:
            self.returned[uncalled.seat] = uncalled.amount
        self.pots = [Pot(total - uncalled.amount - self._uncalled_rake(), (w,), (w,))]
        if self.showdown == "choose":  # the uncalled winner may show or not (R40), then is paid
            self._sd = Showdown([w])
            self.actor = w
            return
        self._pay_uncalled_winner()

    def _uncalled_rake(self) -> int:
        """The rake of a hand won without a showdown: of the pot less the uncalled chips, none
        with ``first_round_free`` when it ends on the first betting round."""
        if self.rake is None:
            return 0
        pot = sum(self.totals) - sum(self.returned)
        return self.rake.of(pot, first_round=self.street == 0)

    def _pay_uncalled_winner(self) -> None:
        w = self.folded.index(False)
        payouts = [0] * self.n
        raked = self._uncalled_rake()
        payouts[w] = sum(self.totals) - raked  # uncalled chips come back, the rest is won; nobody has to show
        self._pay(payouts, raked)

    def _pay(self, payouts: list[int], raked: int = 0) -> None:
        """Push the pots to the winners (the house takes its rake): the stacks take the
        payouts, the pot is empty, the hand over."""
        self.payouts = payouts
        self.raked = raked
        for i in range(self.n):
            self.stacks[i] += payouts[i]
        self.street = self._last + 1

    def _showdown(self) -> None:
        n = self.n
        self.actor = -1
        live = [not f for f in self.folded]
        totals = list(self.totals)
        uncalled = uncalled_bet(totals, live)
        if uncalled.amount:
            totals[uncalled.seat] -= uncalled.amount
            self.returned[uncalled.seat] = uncalled.amount
        values: list[HandValue | None] = [None] * n
        for i in range(n):
            if live[i]:
                cards = self.hand(i)
                if min(cards) >= 0:  # a replayed history may not know a hand
                    values[i] = hand_value(cards, self._rules)
        # Showdown order: the last to bet or raise on the final street, else the first to act.
        start = self.round.last_aggressor if self.round.last_aggressor >= 0 else self.round.opener
        order = [(start + k) % n for k in range(n) if live[(start + k) % n]]
        self._sd = Showdown(order, side_pots(totals, live), values)
        if self.showdown == "choose":
            self.actor = order[0]
            return
        shows = self.deck.shows if isinstance(self.deck, ScriptedDeck) else {}
        for i in order:
            choice = shows.get(i)
            self._decide(i, self._sd.auto_show(i, self.shown) if choice is None else choice)

    def _decide(self, i: int, show: bool) -> None:
        sd = self._sd
        assert sd is not None
        sd.decide(i, show)
        if show:
            self.shown[i] = True
        else:
            self.mucked[i] = True
        self.log.append(Shown(EventTag.SHOWDOWN, i, show))
        if sd.waiting:
            self.actor = sd.waiting[0]
            return
        self.actor = -1
        self._sd = None
        if sd.pots is None:
            self._pay_uncalled_winner()
            return
        live = [not f for f in self.folded]
        hands = [self.down[i] + self.up[i] if self.shown[i] else None for i in range(self.n)]
        board = [self.community] if self.community >= 0 else []
        result = settle_pots(
            self.totals, hands, odd_chip=self.odd_chip, game=self._rules, live=live, board=board, rake=self.rake
        )
        self.pots = result.pots
        self._pay(result.payouts, result.rake)

    # ----------------------------------------------------------------- views

    def view(self, seat: int | None = None) -> TableView:
        """The table as ``seat`` sees it (None: a spectator): never another seat's down cards.

        Down cards of a hand shown at showdown are visible to everyone.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100], seed=5)
        >>> v = st.view(None)
        >>> v.down_cards, len(v.up_cards[0])
        ((None, None), 1)
        """
        if seat is not None:
            self._check_seat(seat)
        with self._lock:  # a view between two actions, never halfway through one
            return self._view(seat)

    def _view(self, seat: int | None) -> TableView:
        down = tuple(tuple(self.down[j]) if (j == seat or self.shown[j]) else None for j in range(self.n))
        return TableView(
            game=self.game,
            street=self.street_name,
            seat=seat,
            actor=self.actor,
            stacks=tuple(self.stacks),
            bets=tuple(self.round.bets),
            pot=self.pot,
            folded=tuple(self.folded),
            up_cards=tuple(tuple(u) for u in self.up),
            down_cards=down,
            community=self.community if self.community >= 0 else None,
            legal_actions=tuple(self._legal_list()) if seat is not None and seat == self.actor else (),
            finished=self.finished,
            payouts=tuple(self.payouts) if self.finished else (),
        )

    def __getstate__(self) -> dict[str, object]:
        """Copies and pickles hold the hand, not the lock (a lock cannot be copied).

        >>> import copy
        >>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], seed=1)
        >>> twin = copy.deepcopy(st); twin.act("bring_in"); st.actor != twin.actor
        True
        """
        return {name: getattr(self, name) for name in self.__slots__ if name != "_lock" and hasattr(self, name)}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        """One line of what the table shows: the game, the street, the pot, who acts, and
        each seat's stack and up cards (folded seats marked). Never a down card: a repr
        ends up in logs and tracebacks; :meth:`view` and :meth:`hand` give those.

        >>> st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], deck="2c 3c Kh  4d 5d Ad  6h 7h 9s")
        >>> st
        <StudState seven, third street, pot 3, p1 to act: p1 99 [6h], p2 99 [7h], p3 99 [9s]>
        >>> st.act("bring_in"); st.act("fold"); st.act("fold"); st
        <StudState seven, finished, payouts 5 0 0: p1 102 [6h], p2 99 folded, p3 99 folded>
        """
        # no lock: a repr never waits (a debugger may print the state halfway through an action)
        if self.finished:
            where = f"finished, payouts {' '.join(map(str, self.payouts))}"
        elif self.actor >= 0:
            where = f"{self.street_name}, pot {self.pot}, p{self.actor + 1} to act"
        else:
            where = f"{self.street_name}, pot {self.pot}"
        seats = [
            f"p{i + 1} {self.stacks[i]} " + ("folded" if self.folded[i] else f"[{_card_text(self.up[i])}]")
            for i in range(self.n)
        ]
        if self.community >= 0:
            seats.append(f"board [{_card_text([self.community])}]")
        return f"<StudState {self.game}, {where}: {', '.join(seats)}>"
