"""The showdown: who shows or mucks, in which order, and who must show.

When the betting is over with two or more players in the hand, the last player to bet or
raise on the final street shows first (else the first to act on it), then the others
clockwise (R38). With ``showdown="auto"`` a hand shows only if it can still win part of a
pot it is in (losers muck, R40); with ``showdown="choose"`` each player decides, except that
the first to show must show and so must the last player who could still show in a pot
nobody has shown in. The pots are then settled by :func:`~studeval.game.pots.settle_pots`,
counting only the shown hands. An uncalled winner's choice (``showdown="choose"``) is a
showdown with ``pots=None``: free to show or not.

>>> from studeval.game.pots import Pot, hand_value
>>> from studeval.cards import parse_cards
>>> sd = Showdown([1, 0], [Pot(20, (0, 1))], [hand_value(parse_cards("As Ad 2c 3d 4h"), "seven"),
...                                            hand_value(parse_cards("Ks Kd 2h 3c 5h"), "seven")])
>>> sd.must_show(1, [False, False]), sd.auto_show(1, [False, False])  # the first to show shows
(True, True)
>>> sd.decide(1, True); sd.auto_show(0, [False, True])  # aces beat kings: p1 shows
True
"""

from __future__ import annotations

from collections.abc import Sequence

from studeval.game.pots import HandValue, Pot
from studeval.game.rules import SHOWDOWN_RULES

__all__ = ["SHOWDOWN_RULES", "Showdown"]


class Showdown:
    """The showdown in progress: ``waiting`` the seats still to show or muck, in turn;
    ``pots`` the pots the hands contest (None for an uncalled winner's choice); ``values[i]``
    seat i's hand (None: folded, or cards a replayed history does not know); the best shown
    high and low of each pot so far."""

    __slots__ = ("best", "best_low", "pots", "values", "waiting")

    def __init__(
        self, order: Sequence[int], pots: Sequence[Pot] | None = None, values: Sequence[HandValue | None] = ()
    ) -> None:
        self.waiting = list(order)
        self.pots = None if pots is None else list(pots)
        self.values = list(values)
        self.best = [0] * len(pots or ())
        self.best_low = [0] * len(pots or ())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Showdown):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def must_show(self, seat: int, shown: Sequence[bool]) -> bool:
        """Whether ``seat`` may not muck (``showdown="choose"``): the first to show must show,
        and so must a pot's last undecided player if nobody in it has shown."""
        if self.pots is None:  # an uncalled winner: free to show or not
            return False
        if not any(shown):
            return True
        for pot in self.pots:
            unshown = seat in pot.eligible and not any(shown[j] for j in pot.eligible)
            if unshown and not any(j in pot.eligible for j in self.waiting if j != seat):
                return True
        return False

    def auto_show(self, seat: int, shown: Sequence[bool]) -> bool:
        """The automatic policy: the first to show shows; after that, a hand shows only if it
        can still win part of a pot it is in (losers muck). An uncalled winner does not show."""
        if self.pots is None:
            return False
        if not any(shown):
            return True
        mine = self.values[seat]
        value, low = (mine.value, mine.low) if mine is not None else (0, 0)
        for p, pot in enumerate(self.pots):
            if seat in pot.eligible and (value >= self.best[p] or (low and low >= self.best_low[p])):
                return True
        return False

    def decide(self, seat: int, show: bool) -> None:
        """``seat`` (the first waiting) shows or mucks. A hand whose cards a replayed history
        does not know cannot show (ValueError, nothing changed)."""
        assert self.waiting and self.waiting[0] == seat
        if self.pots is None:
            self.waiting.pop(0)
            return
        mine = self.values[seat]
        if show and mine is None:
            raise ValueError(f"p{seat + 1} must show but their down cards are unknown")
        self.waiting.pop(0)
        if show and mine is not None:
            for p, pot in enumerate(self.pots):
                if seat in pot.eligible:
                    self.best[p] = max(self.best[p], mine.value)
                    self.best_low[p] = max(self.best_low[p], mine.low)
