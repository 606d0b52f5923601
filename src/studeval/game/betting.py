"""The betting round: who acts first, the legal actions with their amounts, the bet sizes,
and the cap (fixed limit). One :class:`BettingRound` per street; the state keeps the stacks
and moves the action round the table.

>>> from studeval.game import Structure
>>> r = BettingRound(3, street=1)  # fourth street: small bets, nobody has bet
>>> r.options(0, 100, Structure(1, 2, 5, 10), may_raise=True, big_raises=False)
[Action(kind='check', to=0, chips=0), Action(kind='bet', to=5, chips=5)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from studeval.game.events import ActionType
from studeval.game.pots import low_order
from studeval.game.structure import Structure
from studeval.kinds import HAND_KINDS

__all__ = [
    "ACTION_KINDS",
    "ACTION_TYPES",
    "ALL_IN_RULES",
    "CAP_AFTER_FOLD_RULES",
    "CAP_COUNT_RULES",
    "FOLD_WHEN_CHECK_RULES",
    "OPEN_PAIR_RULES",
    "TIE_RULES",
    "Action",
    "BettingRound",
    "best_showing",
]

K = ActionType
FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE = K.FOLD, K.CHECK, K.CALL, K.BRING_IN, K.COMPLETE, K.BET, K.RAISE
#: Every action a player can take, in poker terms (string enums: ``ACTION_TYPES[0] == "fold"``).
ACTION_TYPES = tuple(ActionType)
#: The old name of :data:`ACTION_TYPES`, kept for code that uses it.
ACTION_KINDS = ACTION_TYPES
#: Who acts first when showing hands tie on later streets (R24): "dealer_left" (the five and
#: seven card stud room rules; default) or "suits" (the five card stud description: compare
#: suits, spades high).
TIE_RULES = ("dealer_left", "suits")
#: Short all-in wagers in limit betting: "half_bet" (Robert's Rules of Poker, TDA; default):
#: an all-in of half a bet or more is a full bet or raise and reopens the betting;
#: "full_bet": only a full bet or raise reopens it.
ALL_IN_RULES = ("half_bet", "full_bet")
#: Raises on the open-pair street after a small bet (R5, R13): "small_or_big" (the five and
#: seven card stud room rules; default), small or big until one is big; "big" (a later
#: sentence of the seven card stud room rules): every raise is big.
OPEN_PAIR_RULES = ("small_or_big", "big")
#: A round capped while the cap applied, when a fold then leaves two players: "stays"
#: (Robert's Rules of Poker: once capped, a round cannot be uncapped; default); "lifted"
#: (the literal reading of the seven card stud room rules: no cap with two players).
CAP_AFTER_FOLD_RULES = ("stays", "lifted")
#: Who counts towards the three players the cap needs: "not_all_in" (Robert's Rules: the
#: cap applies while three or more players are not all-in; default); "live": every player
#: still in the hand, all-in or not.
CAP_COUNT_RULES = ("not_all_in", "live")
#: Folding when a check is possible: "accepted" (binding; card rooms and sites accept it;
#: default); "refused" (a room that forbids it).
FOLD_WHEN_CHECK_RULES = ("accepted", "refused")

# In every game big bets start on the third betting round (the first street is 0).
BIG_FROM = 2

_SHOWING: dict[str, dict[tuple[int, ...], int]] = {}  # by kind, then the ranks showing


class Action(NamedTuple):
    """A legal action: its kind, the player's bet on this street after it, and the chips it adds.

    >>> Action("call", 10, 8)
    Action(kind='call', to=10, chips=8)
    """

    kind: ActionType
    to: int
    chips: int


_action = tuple.__new__  # _action(Action, (kind, to, chips)): an Action without the keyword machinery (the hot path)


def _showing_value(up: list[int], kind: str) -> int:
    """The showing rank by ``kind`` of some up cards, cached by their ranks (suits never count)."""
    ranks = tuple(sorted(c >> 2 for c in up))
    cache = _SHOWING.setdefault(kind, {})
    v = cache.get(ranks)
    if v is None:
        seen: dict[int, int] = {}
        cards = []
        for r in ranks:  # distinct suits for repeated ranks; the suits do not matter here
            cards.append(4 * r + seen.get(r, 0))
            seen[r] = seen.get(r, 0) + 1
        # the kind's showing order (Game.acts_first): higher acts first
        found = HAND_KINDS.get(kind)
        rank = found.showing if found is not None else None
        if rank is None:
            raise ValueError(f"no showing order for the evaluator kind {kind!r}")
        v = cache[ranks] = rank(cards)
    return v


def _suit_key(up: list[int], kind: str) -> tuple[int, ...]:
    """Cards in showing order (groups first, high first, aces where ``kind`` ranks them):
    compares suits between equal showings; the larger key acts first (spades high; where the
    best low acts first, the lower suits do: the key is negated)."""
    found = HAND_KINDS[kind]
    order: Callable[[int], int] = low_order if found.aces == "low" else int
    counts: dict[int, int] = {}
    for c in up:
        counts[order(c) >> 2] = counts.get(order(c) >> 2, 0) + 1
    ordered = sorted(up, key=lambda c: (counts[order(c) >> 2], order(c)), reverse=True)
    sign = -1 if found.low else 1
    return tuple(sign * order(c) for c in ordered)


def best_showing(up: list[list[int]], live: list[int], *, kind: str = "high", tie_rule: str = "dealer_left") -> int:
    """The seat of ``live`` with the best showing hand by the evaluator ``kind`` (a game's
    ``acts_first``: "high", or the best low, "low" as in razz), who acts first on later
    streets; ties by ``tie_rule`` (:data:`TIE_RULES`).

    >>> best_showing([[0, 4], [48, 49], [1, 5]], [0, 1, 2])  # a pair of aces showing
    1
    >>> best_showing([[0, 4], [48, 44], [1, 5]], [0, 2], tie_rule="suits")  # 3d 2d over 3c 2c
    2
    >>> best_showing([[0, 4], [48, 44], [1, 5]], [0, 1, 2], kind="low")  # A-K: no, 3-2 is lower
    0
    """
    best = live[0]
    best_v = _showing_value(up[best], kind)
    for i in live[1:]:
        v = _showing_value(up[i], kind)
        if v > best_v:
            best, best_v = i, v
        elif v == best_v and tie_rule == "suits" and _suit_key(up[i], kind) > _suit_key(up[best], kind):
            best = i
    return best


class BettingRound:
    """The betting on one street (``street`` 0 is the first): each seat's bet, who has acted
    since the betting was last opened, the bet to call (``high``) and the last full bet or
    raise (``full_high``), the full bets and raises made (``n_raises``; the bring-in does not
    count, the completion is the bet), whether the round was capped while the cap applied,
    whether bets are big (``big_mode``: from the third round, or once a big bet is made on
    an open pair), the open pair, the bring-in still to post, the last aggressor and the
    opener (the first to act)."""

    __slots__ = (
        "acted",
        "bets",
        "big_mode",
        "bring_in_pending",
        "capped",
        "completed",
        "full_high",
        "high",
        "last_aggressor",
        "n_raises",
        "open_pair",
        "opener",
    )

    def __init__(self, players: int, street: int = -1, *, open_pair: bool = False) -> None:
        self.bets = [0] * players
        self.acted = [False] * players
        self.high = 0
        self.full_high = 0  # the bet level of the last full bet or raise this round
        self.n_raises = 0
        self.capped = False  # the raising was capped while the cap applied (this round)
        self.big_mode = street >= BIG_FROM
        self.open_pair = open_pair
        self.completed = street > 0  # on the first street the bring-in is not yet a bet
        self.bring_in_pending = False
        self.last_aggressor = -1
        self.opener = -1

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BettingRound):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def options(self, seat: int, stack: int, st: Structure, may_raise: bool, big_raises: bool) -> list[Action]:
        """The betting actions of ``seat`` holding ``stack``: the bring-in or completion, or
        fold/call or check, then a bet, raise or completion in each size the round allows
        (``may_raise``: the seat may bet or raise at all; ``big_raises``: every raise on an
        open pair after a small bet is big, see :data:`OPEN_PAIR_RULES`)."""
        b = self.bets[seat]
        if self.bring_in_pending:
            bi = st.bring_in if st.bring_in < stack else stack
            acts = [_action(Action, (BRING_IN, b + bi, bi))]
            if stack > st.bring_in and st.small_bet > st.bring_in:  # else completing is the bring-in
                c = st.small_bet if st.small_bet < stack else stack
                acts.append(_action(Action, (COMPLETE, b + c, c)))
            return acts
        high = self.high
        to_call = high - b
        if to_call > 0:
            c = to_call if to_call < stack else stack
            acts = [_action(Action, (FOLD, b, 0)), _action(Action, (CALL, b + c, c))]
        else:
            acts = [_action(Action, (CHECK, b, 0))]
        if may_raise and stack > to_call and not self.acted[seat]:
            full = self.full_high
            # facing the bring-in, or an all-in short of a full bet or raise: complete it
            kind = COMPLETE if high > full else BET if high == 0 else RAISE
            if self.big_mode:
                units: tuple[int, ...] = (st.big_bet,)
            elif self.open_pair and st.big_bet != st.small_bet:
                units = (st.big_bet,) if big_raises and full else (st.small_bet, st.big_bet)
            else:
                units = (st.small_bet,)
            for u in units:
                c = full + u - b
                if c >= stack:
                    acts.append(_action(Action, (kind, b + stack, stack)))
                    break
                acts.append(_action(Action, (kind, b + c, c)))
        return acts

    def wager(self, seat: int, action: Action, st: Structure, *, half_bet: bool) -> bool:
        """Put ``action``'s chips in for ``seat`` (not a fold). Returns True when it is a full
        bet or raise (or, with ``half_bet``, an all-in of half a bet or more), which reopens
        the betting for everyone."""
        kind = action.kind
        self.bets[seat] += action.chips
        new = self.bets[seat]
        full = False
        if kind == BRING_IN:
            self.bring_in_pending = False
            if new >= st.small_bet:  # a bring-in of a full small bet is the bet itself
                self.completed = True
                self.full_high = new
                self.n_raises = 1
        elif kind != CALL:  # complete, bet or raise
            self.bring_in_pending = False
            self.last_aggressor = seat
            inc = new - self.full_high
            unit = st.big_bet if self.big_mode else st.small_bet
            if inc >= unit or (half_bet and 2 * inc >= unit):  # a full bet or raise (or half, all-in)
                full = True
                self.full_high = new
                self.completed = True
                self.n_raises += 1
                acted = self.acted
                for j in range(len(acted)):
                    acted[j] = False
                if inc >= st.big_bet and st.big_bet != st.small_bet:
                    self.big_mode = True  # once big, always big
        if new > self.high:
            self.high = new
        return full
