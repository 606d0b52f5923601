"""What reading a hand gives: an :class:`Imported` hand (its PHH form) or a :class:`Refused` one
(the file, the line and the reason). Every site reader yields these.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from studeval.game.phh import HandHistory
from studeval.games import game_of_phh

__all__ = ["Imported", "LineSite", "Refused"]


class LineSite(Protocol):
    """A site whose hands are runs of lines, each hand starting at a line ``start`` matches
    (its group ``number`` is the site's hand number): every text site. ``read`` turns one
    hand's numbered lines into its history, or raises ``HistoryError`` (the line, the reason)."""

    @property
    def name(self) -> str: ...

    @property
    def start(self) -> re.Pattern[str]: ...

    def read(self, lines: Sequence[tuple[int, str]]) -> HandHistory: ...


@dataclass(frozen=True)
class Imported:
    """A hand read: where it starts, its site, its site's hand number and its PHH form."""

    source: str
    line: int
    site: str
    number: str
    history: HandHistory

    @property
    def game(self) -> str:
        """The game's registry name (``"razz"``)."""
        return game_of_phh(self.history.variant).name


@dataclass(frozen=True)
class Refused:
    """A hand not read (or not agreeing with its replay): the file, the line, the reason.

    >>> str(Refused("stars.txt", 12, "pokerstars", "42", "unreadable line 'x'"))
    "stars.txt line 12: hand #42 unreadable line 'x'"
    """

    source: str
    line: int
    site: str | None
    number: str | None
    reason: str

    def __str__(self) -> str:
        hand = f" hand #{self.number}" if self.number else ""
        return f"{self.source} line {self.line}:{hand} {self.reason}"
