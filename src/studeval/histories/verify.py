"""An imported hand replayed by studeval's table rules and checked against the site's own numbers.

The replay takes the rake out of the pots as the site did (the printed ``_rake``, out of
every pot in proportion, :class:`~studeval.game.structure.PrintedRake`; or, where the history
states the site's rake rule, ``_rake_percent`` and the other ``_rake_`` fields, by that rule,
:class:`~studeval.game.structure.Rake`, which must take exactly the printed rake). Then, for
each player:

- the uncalled bet the replay gives back is the one the site returned (``_returned``);
- what the replay pays from the pots is what the site paid (``winnings``), to the chip;
- the total pot is the site's (``_total_pot``), what each player put in is what the site's
  lines add up to (``_invested``), and the stacks after the hand are the site's
  (``finishing_stacks``, which the reader computes from the site's lines).

A hand that replays differently is reported with each difference, never accepted.
:class:`SiteRake` writes a site's rule, as a player writes it down, into a cash hand's
history (``studeval import --rake``).

>>> from studeval.game.phh import HandHistory
>>> hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100],
...                  ["d dh p1 ????Kc", "d dh p2 ????3d", "p1 pb", "p2 f"],
...                  finishing_stacks=[101, 99],
...                  extra={"winnings": [2, 0], "_rake": 0, "_returned": [0, 0]})
>>> verify(hh)
['p1: the replay returns 2 uncalled, the site 0']
>>> hh.extra["_returned"] = [2, 0]
>>> verify(hh)
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, NamedTuple

from studeval.game.phh import HandHistory, rake_fields
from studeval.game.phh_replay import Replay, replay_hand
from studeval.game.state import StudState
from studeval.game.structure import RAKE_ROUNDING, Rake
from studeval.histories.hand import Imported, Refused

__all__ = ["Checked", "SiteRake", "check_hands", "replay_checked", "verify"]


@dataclass(frozen=True)
class SiteRake:
    """A site's rake rule as a player writes it down, amounts in the hand's currency
    (``"5,cap=3.00,half_even,first_round_free"``: 5 percent, a $3.00 cap, rounded half to
    even, none on a hand that ends on the first betting round). :meth:`state` writes it
    into a cash hand's history, its amounts in the hand's chips; :func:`verify` then replays
    the hand with that rake and checks it against the site's to the chip.

    >>> rule = SiteRake.parse("5,cap=3.00,half_even,first_round_free")
    >>> rule.rake(100)
    Rake(percent=Fraction(5, 1), cap=300, rounding='half_even', unit=1, first_round_free=True, min_pot=0, proportional=True)
    >>> SiteRake.parse("5,cap=-1")
    Traceback (most recent call last):
    ...
    ValueError: rake cap '-1' must be an amount such as 3.00
    """

    percent: str
    cap: Decimal | None = None
    unit: Decimal = Decimal(0)  # 0: one chip
    min_pot: Decimal = Decimal(0)
    rounding: str = "down"
    first_round_free: bool = False

    @classmethod
    def parse(cls, text: str) -> SiteRake:
        """``PERCENT[,cap=AMOUNT][,unit=AMOUNT][,min_pot=AMOUNT][,ROUNDING][,first_round_free]``
        (ROUNDING one of :data:`~studeval.game.structure.RAKE_ROUNDING`); ValueError names a bad part."""
        if not isinstance(text, str):
            raise TypeError(f"a rake rule is text such as '5,cap=3.00', got {text!r}")
        percent, *rest = [part.strip() for part in text.split(",")]
        options: dict[str, Any] = {}
        for part in rest:
            name, _, value = part.partition("=")
            if name in ("cap", "unit", "min_pot") and value:
                options[name] = _amount(name, value)
            elif part in RAKE_ROUNDING:
                options["rounding"] = part
            elif part == "first_round_free":
                options["first_round_free"] = True
            else:
                raise ValueError(
                    f"rake rule part {part!r}: use cap=AMOUNT, unit=AMOUNT, min_pot=AMOUNT, "
                    f"{', '.join(RAKE_ROUNDING)} or first_round_free"
                )
        rule = cls(percent, **options)
        Rake(percent, rounding=rule.rounding)  # the percentage checked now, the amounts per hand (its scale)
        return rule

    def rake(self, scale: int) -> Rake:
        """The rule in chips, at ``scale`` chips to the currency unit; ValueError for an amount
        that is not a whole number of chips there."""
        chips = {}
        for name in ("cap", "unit", "min_pot"):
            value = getattr(self, name)
            if value is None or (name == "unit" and not value):
                continue
            whole = value * scale
            if whole != whole.to_integral_value():
                raise ValueError(f"rake {name} {value} is not a whole number of chips at {scale} chips to the unit")
            chips[name] = int(whole)
        return Rake(
            self.percent, rounding=self.rounding, first_round_free=self.first_round_free, proportional=True, **chips
        )

    def state(self, hh: HandHistory) -> None:
        """Write the rule into a cash hand's history (its ``_scale``); a tournament hand
        (``_tournament``, ``_tournament_name``) has no rake and is left as it is."""
        if "_tournament" in hh.extra or "_tournament_name" in hh.extra:
            return
        scale = hh.extra.get("_scale", 1)
        hh.extra.update(rake_fields(self.rake(scale if type(scale) is int and scale > 0 else 1)))


def _amount(name: str, text: str) -> Decimal:
    try:
        value = Decimal(text.lstrip("$€£"))
    except InvalidOperation:
        value = Decimal(-1)
    if not value.is_finite() or value < 0:
        raise ValueError(f"rake {name} {text!r} must be an amount such as 3.00")
    return value


def _list(hh: HandHistory, key: str, n: int, problems: list[str]) -> list[int] | None:
    value: Any = hh.extra.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(type(x) is int for x in value):
        problems.append(f"{key} is not a list of whole numbers: {value!r}")
        return None
    if len(value) != n:
        problems.append(f"{key} has {len(value)} entries for {n} players")
        return None
    return value


def verify(hh: HandHistory) -> list[str]:
    """The differences between a hand's replay and the site's numbers (empty: they agree).

    A hand the table rules refuse to replay is one difference, the replay's error.

    >>> from studeval.game.phh import HandHistory
    >>> verify(HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 ????Kc", "d dh p2 ????3d", "p2 f"]))
    ["the replay fails: action 3 'p2 f': p2 acts but p1 is to act"]
    """
    return replay_checked(hh)[1]


def replay_checked(hh: HandHistory) -> tuple[Replay | None, list[str]]:
    """The hand's :class:`~studeval.game.phh_replay.Replay` (None when the table rules refuse
    it) and :func:`verify`'s differences: a hand that agrees is then analysed from this
    replay, not replayed again.

    >>> from studeval.game.phh import HandHistory
    >>> replayed, problems = replay_checked(HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 ????Kc", "d dh p2 ????3d", "p1 pb", "p2 f"], extra={"winnings": [2, 0]}))
    >>> replayed.state.stacks, problems
    ([101, 99], [])
    """
    try:
        replayed = replay_hand(hh)
    except ValueError as exc:
        return None, [f"the replay fails: {exc}"]
    return replayed, _differences(hh, replayed.state)


class Checked(NamedTuple):
    """A hand read that agrees with its replay, and the replay (what the statistics and the
    analysis read, so the hand is not replayed again)."""

    hand: Imported
    replay: Replay


def check_hands(hands: Iterable[Imported | Refused], rake: SiteRake | None = None) -> Iterator[Checked | Refused]:
    """Each hand read, replayed and checked against the site's numbers (:func:`verify`): a
    :class:`Checked` hand, or the hand :class:`Refused` with every difference. ``rake``, a
    site's rake rule, is written into each cash hand first and the replay takes it.

    >>> from studeval.histories import read_text
    >>> [type(h).__name__ for h in check_hands(read_text("no hand here"))]
    []
    """
    for hand in hands:
        if not isinstance(hand, Imported):
            yield hand
            continue
        try:
            if rake is not None:
                rake.state(hand.history)
        except ValueError as exc:  # an amount of the rule that is not whole chips in this hand
            yield Refused(hand.source, hand.line, hand.site, hand.number, str(exc))
            continue
        replayed, problems = replay_checked(hand.history)
        if problems or replayed is None:
            yield Refused(hand.source, hand.line, hand.site, hand.number, "replay disagrees: " + "; ".join(problems))
            continue
        yield Checked(hand, replayed)


def _differences(hh: HandHistory, state: StudState) -> list[str]:
    n = state.n
    problems: list[str] = []
    names = hh.extra.get("players")
    who = [f"p{i + 1}" + (f" ({names[i]})" if isinstance(names, list) and i < len(names) else "") for i in range(n)]
    collected = _list(hh, "winnings", n, problems)
    returned = _list(hh, "_returned", n, problems)
    invested = _list(hh, "_invested", n, problems)
    rake = hh.extra.get("_rake", 0)
    if problems or collected is None:
        return problems or ["the history has no winnings to check against"]
    won = [state.payouts[i] - state.returned[i] for i in range(n)]
    if returned is not None:
        for i in range(n):
            if state.returned[i] != returned[i]:
                problems.append(f"{who[i]}: the replay returns {state.returned[i]} uncalled, the site {returned[i]}")
    if invested is not None:
        for i in range(n):
            if state.totals[i] != invested[i]:
                problems.append(f"{who[i]}: puts in {state.totals[i]} in the replay, {invested[i]} on the site")
    if state.raked != rake:
        how = "by the history's rake rule" if isinstance(state.rake, Rake) else "as the site printed it"
        problems.append(f"the replay takes {state.raked} rake {how}, the site took {rake}")
    for i in range(n):
        if won[i] != collected[i]:
            problems.append(f"{who[i]}: wins {won[i]} in the replay after rake, the site paid {collected[i]}")
    total = hh.extra.get("_total_pot")
    pot = sum(state.totals) - sum(state.returned)
    if type(total) is int and total != pot:
        problems.append(f"the replay's pot is {pot}, the site's total pot {total}")
    if hh.finishing_stacks is not None and not problems:
        for i in range(n):
            if state.stacks[i] != hh.finishing_stacks[i]:
                problems.append(
                    f"{who[i]}: ends with {state.stacks[i]} after rake, the site's lines give {hh.finishing_stacks[i]}"
                )
    return problems
