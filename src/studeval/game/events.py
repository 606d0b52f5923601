"""What happens at a stud table, as typed values: action types, time-out results, and the
events a hand records in :attr:`StudState.log <studeval.game.StudState.log>`.

The action types are string enums: ``ActionType.BRING_IN == "bring_in"``, so code and files
that use the plain strings keep working. Each event is a :class:`~typing.NamedTuple` whose first field
is its :class:`EventTag` (the PHH code where there is one), so ``event.seat`` and
``match event: case Deal(...)`` both read naturally.

>>> ActionType("bring_in") is ActionType.BRING_IN, ActionType.BRING_IN == "bring_in"
(True, True)
>>> e = Deal(EventTag.DEAL, 0, (12, 40), (False, True))
>>> e.seat, e.tag == "dh"
(0, True)
"""

from __future__ import annotations

import enum
import sys
from typing import NamedTuple

__all__ = [
    "ActionKind",
    "ActionType",
    "BoardCard",
    "Deal",
    "Event",
    "EventTag",
    "Played",
    "Shown",
    "StrEnum",
    "TimeOut",
    "TimeOutResult",
]

if sys.version_info >= (3, 11):
    from enum import StrEnum
else:  # pragma: no cover - Python 3.10

    class StrEnum(str, enum.Enum):
        """A string enum whose members are their values (``enum.StrEnum`` from 3.11)."""

        def __str__(self) -> str:
            return str(self.value)


class _Word(StrEnum):
    """A string enum that prints as its string, so tuples holding one read like plain data."""

    def __repr__(self) -> str:
        return repr(self.value)


class ActionType(_Word):
    """Every decision a player makes, in poker terms (``ActionKind`` is its old name: "kind"
    is the hand kinds' word, :mod:`studeval.kinds`).

    ``SHOW`` and ``MUCK`` are the showdown choices (with ``showdown="choose"``).

    >>> list(ActionType)[:4]
    ['fold', 'check', 'call', 'bring_in']
    """

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    SHOW = "show"
    MUCK = "muck"


#: The old name of :class:`ActionType`, kept for code that uses it.
ActionKind = ActionType


class TimeOutResult(_Word):
    """What a time-out did to the hand (R48, R49): all-in for what is in, or folded.

    >>> TimeOutResult.ALL_IN == "all_in"
    True
    """

    ALL_IN = "all_in"
    FOLD = "fold"


class EventTag(_Word):
    """The first field of every event; the PHH code where the standard has one.

    >>> EventTag.DEAL == "dh", EventTag.SHOWDOWN == "sm"
    (True, True)
    """

    DEAL = "dh"
    ACTION = "a"
    BOARD = "db"
    TIME_OUT = "to"
    SHOWDOWN = "sm"


class Deal(NamedTuple):
    """Cards dealt to one seat on one street; ``up[k]`` tells if ``cards[k]`` is face up.

    >>> Deal(EventTag.DEAL, 1, (3,), (True,)).cards
    (3,)
    """

    tag: EventTag
    seat: int
    cards: tuple[int, ...]
    up: tuple[bool, ...]


class Played(NamedTuple):
    """A betting action: the seat, its kind, and the seat's bet on the street after it.

    >>> Played(EventTag.ACTION, 2, ActionType.CALL, 10).kind == "call"
    True
    """

    tag: EventTag
    seat: int
    kind: ActionType
    to: int


class BoardCard(NamedTuple):
    """The community card of the deck-exhaustion rule (R45).

    >>> BoardCard(EventTag.BOARD, 51).card
    51
    """

    tag: EventTag
    card: int


class TimeOut(NamedTuple):
    """A seat missed the time limit (R48, R49).

    >>> TimeOut(EventTag.TIME_OUT, 0, TimeOutResult.FOLD)
    TimeOut(tag='to', seat=0, result='fold')
    """

    tag: EventTag
    seat: int
    result: TimeOutResult


class Shown(NamedTuple):
    """A seat's showdown decision: ``shows`` is True for a shown hand, False for a muck.

    >>> Shown(EventTag.SHOWDOWN, 1, False).shows
    False
    """

    tag: EventTag
    seat: int
    shows: bool


#: Any event of :attr:`StudState.log`.
Event = Deal | Played | BoardCard | TimeOut | Shown
