"""The table options of a hand, each written once with its default: :class:`TableRules`.

Where the rule documents disagree or leave a choice, a table picks one; each choice given as
text has its allowed values here, the default first (``TIE_RULES`` ... ``SHOWDOWN_RULES``,
re-exported where the rule is played: :mod:`~studeval.game.betting`,
:mod:`~studeval.game.pots`, :mod:`~studeval.game.showdown`). :class:`TableRules` holds one
table's choices, checked once when it is made; :class:`~studeval.game.state.StudState` takes
it (``rules=``) or builds it from its keyword options, and the PHH reader and writer read its
defaults (a history records only the options that are not the default).

>>> TableRules().raise_cap, TableRules(tie_rule="suits").tie_rule
(3, 'suits')
>>> TableRules(showdown="manual")
Traceback (most recent call last):
...
ValueError: showdown 'manual' must be one of ('auto', 'choose')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from studeval.game.structure import PrintedRake, Rake

__all__ = [
    "ALL_IN_RULES",
    "CAP_AFTER_FOLD_RULES",
    "CAP_COUNT_RULES",
    "DEFAULT_RULES",
    "FOLD_WHEN_CHECK_RULES",
    "ODD_CHIP_RULES",
    "OPEN_PAIR_RULES",
    "SHOWDOWN_RULES",
    "TIE_RULES",
    "TableRules",
    "recorded_defaults",
]

#: Who acts first when showing hands tie on later streets (R24): "dealer_left" (the five and
#: seven card stud room rules; default) or "suits" (the five card stud description: compare
#: suits, spades high).
TIE_RULES = ("dealer_left", "suits")
#: "high_card": the odd chip goes by the cards (Robert's Rules of Poker): to the tied winner
#: holding the highest card by rank then suit in a high hand, the lowest card (ace low, clubs
#: lowest) in a low hand, counting all their cards (default); "dealer_left": to the first tied
#: winner left of the dealer (seat order).
ODD_CHIP_RULES = ("high_card", "dealer_left")
#: Short all-in wagers in limit betting: "half_bet" (Robert's Rules of Poker, TDA; default):
#: an all-in of half a bet or more is a full bet or raise and reopens the betting;
#: "full_bet": only a full bet or raise reopens it.
ALL_IN_RULES = ("half_bet", "full_bet")
#: Raises on the open-pair street after a small bet (R5, R13): "small_or_big" (the five and
#: seven card stud room rules; default), small or big until one is big; "big" (a later
#: sentence of the seven card stud room rules): every raise is big.
OPEN_PAIR_RULES = ("small_or_big", "big")
#: Showdown choices: "auto" (default): losers muck, winners show, an uncalled winner does
#: not show; "choose": each player shows or mucks as an action (R40; the five and
#: seven card stud room rules).
SHOWDOWN_RULES = ("auto", "choose")
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

# each option given as text, with its allowed values (in the order the checks name them)
_CHOICES: dict[str, tuple[str, ...]] = {
    "tie_rule": TIE_RULES,
    "odd_chip": ODD_CHIP_RULES,
    "all_in_rule": ALL_IN_RULES,
    "open_pair_raises": OPEN_PAIR_RULES,
    "showdown": SHOWDOWN_RULES,
    "cap_after_fold": CAP_AFTER_FOLD_RULES,
    "cap_counts": CAP_COUNT_RULES,
    "fold_when_check": FOLD_WHEN_CHECK_RULES,
}


@dataclass(frozen=True, slots=True)
class TableRules:
    """One table's options (see :class:`~studeval.game.state.StudState`), the defaults first
    in each ``*_RULES`` tuple; checked once, here: ValueError for a value not allowed,
    TypeError for one of the wrong type.

    ``raise_cap``: the raises after the bet (None: no cap); ``cap_heads_up``: whether the cap
    holds with two players in the hand; ``rake``: None, a house
    :class:`~studeval.game.structure.Rake` or a site's
    :class:`~studeval.game.structure.PrintedRake`.

    >>> TableRules(raise_cap=None, cap_heads_up=True).raise_cap is None
    True
    >>> TableRules(raise_cap=-1)
    Traceback (most recent call last):
    ...
    ValueError: raise_cap must be None or an int >= 0, got -1
    """

    tie_rule: str = TIE_RULES[0]
    raise_cap: int | None = 3
    odd_chip: str = ODD_CHIP_RULES[0]
    all_in_rule: str = ALL_IN_RULES[0]
    open_pair_raises: str = OPEN_PAIR_RULES[0]
    cap_heads_up: bool = False
    showdown: str = SHOWDOWN_RULES[0]
    cap_after_fold: str = CAP_AFTER_FOLD_RULES[0]
    cap_counts: str = CAP_COUNT_RULES[0]
    fold_when_check: str = FOLD_WHEN_CHECK_RULES[0]
    rake: Rake | PrintedRake | None = None

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(f"{name} {value!r} must be one of {allowed}")
        cap = self.raise_cap
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
            raise ValueError(f"raise_cap must be None or an int >= 0, got {cap!r}")
        if self.rake is not None and not isinstance(self.rake, (Rake, PrintedRake)):
            raise TypeError(f"rake must be a Rake, a PrintedRake or None, got {self.rake!r}")
        if not isinstance(self.cap_heads_up, bool):
            raise TypeError(f"cap_heads_up must be True or False, got {self.cap_heads_up!r}")


#: The default table (what a :class:`~studeval.game.state.StudState` plays without options).
DEFAULT_RULES = TableRules()


def recorded_defaults() -> dict[str, Any]:
    """The options a hand history records (all but the rake, which has its own fields), with
    their defaults: a history writes those that differ, as ``"_" + name``.

    >>> recorded_defaults()["all_in_rule"], "rake" in recorded_defaults()
    ('half_bet', False)
    """
    return {f.name: getattr(DEFAULT_RULES, f.name) for f in fields(TableRules) if f.name != "rake"}
