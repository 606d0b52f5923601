"""A PHH hand history as data: :class:`HandHistory`, the checks of its standard fields (the
one check of the reader and the writer), the table options and rake rule its user fields
record, and the limits of a history (:mod:`studeval.game.phh` describes the format).

>>> check_fields({"variant": "F7S", "antes": [1, 1], "bring_in": 2, "small_bet": 5, "big_bet": 10,
...               "starting_stacks": [50, 50], "actions": []})["starting_stacks"]
[50, 50]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from studeval.game.rules import recorded_defaults
from studeval.game.structure import MAX_CHIPS, MAX_SEATS, PrintedRake, Rake
from studeval.games import GAMES

__all__ = [
    "FIELDS",
    "MAX_ACTIONS",
    "MAX_PHH_CHARS",
    "OPTIONS",
    "VARIANTS",
    "HandHistory",
    "check_fields",
    "printed_rake",
    "rake_fields",
    "rake_rule",
]

#: PHH variant code per stud game (the registry's ``Game.phh``).
VARIANTS: dict[str, str] = {name: g.phh for name, g in GAMES.items() if g.stud and g.phh is not None}

#: The longest PHH text the reader reads (characters), and the most actions in a hand.
MAX_PHH_CHARS = 1_000_000
MAX_ACTIONS = 10_000


#: The StudState options a history records, with their defaults (:class:`~studeval.game.rules.TableRules`'):
#: written as ``"_" + name`` where not the default.
OPTIONS: dict[str, object] = recorded_defaults()


@dataclass
class HandHistory:
    """One hand in PHH fields. ``extra`` keeps any other field read from a file.

    ``lines`` (set by :func:`loads`, not compared) gives each action's line in the file, for
    error messages.

    >>> HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], []).variant
    'F7S'
    """

    variant: str
    antes: list[int]
    bring_in: int
    small_bet: int
    big_bet: int
    starting_stacks: list[int]
    actions: list[str]
    finishing_stacks: list[int] | None = None
    ante_trimming_status: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    lines: list[int | None] | None = field(default=None, compare=False, repr=False)


#: The standard fields, in the order they are written.
FIELDS = (
    "variant",
    "ante_trimming_status",
    "antes",
    "bring_in",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
    "finishing_stacks",
)


def _chips(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"PHH field {field} must be an integer, got {value!r}")
    if abs(value) > MAX_CHIPS:
        raise ValueError(f"PHH field {field} = {value} is more than the limit of {MAX_CHIPS} chips")
    return value


_REQUIRED = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")


def check_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The standard fields of a hand history, checked: the one check of both the reader
    (a file's fields) and the writer (so that all it writes reads back the same)."""
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise ValueError(f"PHH file lacks the field(s) {', '.join(missing)}")
    ints = {key: _chips(key, data[key]) for key in ("bring_in", "small_bet", "big_bet")}
    lists = {}
    for key in ("antes", "starting_stacks", "finishing_stacks"):
        v = data.get(key)
        if v is None and key == "finishing_stacks":  # optional (the other two are required)
            continue
        if not isinstance(v, list):
            raise ValueError(f"PHH field {key} must be a list of integers, got {v!r}")
        if len(v) > MAX_SEATS:
            raise ValueError(f"PHH field {key} has {len(v)} entries: a stud table seats at most {MAX_SEATS}")
        lists[key] = [_chips(f"{key}[{k}]", x) for k, x in enumerate(v)]
    for key in ("starting_stacks", "finishing_stacks"):
        # the limit is on the chips at the table (as StudState's), so any stack a hand ends with fits
        total = sum(lists.get(key, []))
        if total > MAX_CHIPS:
            raise ValueError(f"PHH field {key} holds {total} chips in all: the limit is {MAX_CHIPS} chips at the table")
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise ValueError(f"PHH field ante_trimming_status must be true or false, got {trimming!r}")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("PHH field actions must be a list of strings")
    if len(actions) > MAX_ACTIONS:
        raise ValueError(f"PHH field actions has {len(actions)} actions: the limit is {MAX_ACTIONS}")
    variant = data["variant"]
    if not isinstance(variant, str):
        raise ValueError(f"PHH field variant must be a string, got {variant!r}")
    return {
        "variant": variant,
        "antes": lists["antes"],
        **ints,
        "starting_stacks": lists["starting_stacks"],
        "actions": list(actions),
        "finishing_stacks": lists.get("finishing_stacks"),
        "ante_trimming_status": trimming,
    }


# The Rake's fields, written as "_rake_" + name where they are not the default; the percent
# (exact text) says a history states its rake rule, and ``_rake`` is the rake the hand took.
_RAKE_FIELDS: dict[str, object] = {
    "cap": None,
    "rounding": "down",
    "unit": 1,
    "first_round_free": False,
    "min_pot": 0,
    "proportional": False,
}


def rake_fields(rake: Rake) -> dict[str, Any]:
    """A rake rule as a history's ``_rake_`` fields (those not the default).

    >>> rake_fields(Rake("4.15", cap=300, rounding="half_even"))
    {'_rake_percent': '4.15', '_rake_cap': 300, '_rake_rounding': 'half_even'}
    """
    out: dict[str, Any] = {"_rake_percent": rake.percent_text}
    for name, default in _RAKE_FIELDS.items():
        value = getattr(rake, name)
        if value != default:
            out["_rake_" + name] = value
    return out


def printed_rake(hh: HandHistory) -> PrintedRake | None:
    """The rake a history says the site took (``_rake``, in chips), for a history that states no
    rake rule; None when it says none (or 0). ValueError for a field that is not chips.

    >>> printed_rake(HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], [], extra={"_rake": 3}))
    PrintedRake(chips=3)
    >>> printed_rake(HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], [], extra={"_rake": 1.5}))
    Traceback (most recent call last):
    ...
    ValueError: PHH field _rake = 1.5 must be a whole number of chips >= 0
    """
    chips = hh.extra.get("_rake", 0)
    if type(chips) is not int or chips < 0:
        raise ValueError(f"PHH field _rake = {chips!r} must be a whole number of chips >= 0")
    try:
        return PrintedRake(chips) if chips else None
    except ValueError as exc:
        raise ValueError(f"PHH field _rake: {exc}") from None


def rake_rule(hh: HandHistory) -> Rake | None:
    """The rake rule a history states (``_rake_percent`` and the other ``_rake_`` fields), or
    None when it states none. ValueError names a field that is not a rake rule.

    >>> rake_rule(HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], [], extra={"_rake_percent": "5", "_rake_cap": 3}))
    Rake(percent=Fraction(5, 1), cap=3, rounding='down', unit=1, first_round_free=False, min_pot=0, proportional=False)
    >>> rake_rule(HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], [], extra={"_rake_percent": "-5"}))
    Traceback (most recent call last):
    ...
    ValueError: PHH field _rake_percent: rake percent '-5' must be a number from 0 to 100
    """
    percent = hh.extra.get("_rake_percent")
    names = [k for k in hh.extra if k.startswith("_rake_")]
    if percent is None:
        if names:
            raise ValueError(f"PHH field {names[0]} without _rake_percent: a rake rule starts with its percent")
        return None
    if not isinstance(percent, str):
        raise ValueError(f'PHH field _rake_percent = {percent!r} must be a string such as "4.15" (exact)')
    try:
        rake = Rake(percent)
    except ValueError as exc:
        raise ValueError(f"PHH field _rake_percent: {exc}") from None
    options: dict[str, Any] = {}
    for key in names:
        name = key.removeprefix("_rake_")
        if name == "percent":
            continue
        if name not in _RAKE_FIELDS:
            known = ", ".join("_rake_" + n for n in ("percent", *_RAKE_FIELDS))
            raise ValueError(f"unknown PHH field {key}: the rake fields are {known}")
        try:  # each field checked alone, so the error names it
            Rake(percent, **{name: hh.extra[key]})
        except (TypeError, ValueError) as exc:
            raise ValueError(f"PHH field {key}: {exc}") from None
        options[name] = hh.extra[key]
    return Rake(percent, **options) if options else rake
