"""Hand histories in the PHH format: write, read and replay.

Each game's variant code is its registry entry's ``phh`` (:mod:`studeval.games`). Seven card
stud is written as variant ``F7S``, razz as ``FR`` and seven card stud hi-lo eight or better as
``F7S/8``, the standard's codes (readable by pokerkit and other PHH tools). The other games
have no PHH variant code, so studeval uses its own, with fields exactly as ``F7S`` (``antes``,
``bring_in``, ``small_bet``, ``big_bet``): ``F5S`` five card stud (the first deal is one down
card and one up card, ``d dh p1 ??7s``, then three single up cards), ``F7S/HL`` seven card
stud hi-lo without a qualifier and ``F27R`` 2-7 razz (dealt as ``F7S``). Other tools do not
know these three.

What studeval writes beyond the standard (other tools skip or refuse these):

- ``d db 7h``: the community card of the deck-exhaustion rule (R45); pokerkit has no such rule
  for ``F7S`` and refuses the line.
- ``# p3 time-out`` (a comment-only action): the player to act missed the time limit (R48, R49).
- user fields (``_`` + the :class:`StudState` option) when a hand is played with a rule that
  is not the default: ``_tie_rule``, ``_odd_chip``, ``_raise_cap`` (-1: no cap),
  ``_cap_heads_up``, ``_all_in_rule``, ``_open_pair_raises``, ``_showdown``,
  ``_cap_after_fold``, ``_cap_counts``, ``_fold_when_check``; a hand played with a rake
  (:class:`~studeval.game.structure.Rake`) states its rule as ``_rake_percent`` (exact text,
  ``"4.15"``) and, where not the default, ``_rake_cap``, ``_rake_rounding``, ``_rake_unit``,
  ``_rake_first_round_free``, ``_rake_min_pot``, ``_rake_proportional``, and the rake taken as ``_rake`` (the field
  a site's history gives its printed rake in); :func:`replay` takes the rake the rule
  states, or, where a history states no rule, the ``_rake`` it records (the site's printed
  rake, :class:`~studeval.game.structure.PrintedRake`: out of every pot in proportion). With
  ``_showdown = "choose"`` the ``sm`` lines are the players' decisions, in turn (also the
  uncalled winner's); otherwise they record what the automatic showdown did.

``ante_trimming_status`` is written true: the engine trims antes (a player all-in for less
than the ante wins from each opponent only what he matched), and so does pokerkit reading the
history. :func:`replay` refuses a history whose field is false (or absent) when a player
could not post the full ante, rather than replay it to other stacks.

Reading: besides what studeval writes, :func:`replay` takes two forms pokerkit writes: a
bring-in posted all-in by a player holding no more than the bring-in, written ``p1 cbr 1``,
and an all-in showdown (``sm``) before the remaining cards are dealt as well as at the end.
Histories of real hands often hide the cards of players who folded unseen, door cards
included (``d dh p5 ??????``): then the bring-in is the player the history has act first,
unless a known door card has to bring in before theirs.
pokerkit reads our all-in histories (a single showdown after the last card) unless the hand
uses a betting rule pokerkit does not share (see tests/game/test_pokerkit.py).

Seats: ``p1`` is the seat at the dealer's left (seat 0). A seat's history shows its own down
cards and ``??`` for everyone else's, exactly like :meth:`StudState.view`; shown hands appear in
``sm`` actions (``p2 sm`` alone is a muck). ``full=True`` writes every card.

The text is TOML, read with :mod:`tomllib` (the ``tomli`` package on Python 3.10). Limits
of the reader: at most :data:`MAX_PHH_CHARS` characters and :data:`MAX_ACTIONS` actions;
amounts in ASCII digits up to ``MAX_CHIPS``; booleans only as TOML booleans; a UTF-8
byte-order mark is skipped. A seat's ``sm`` comes once (again only after more cards, as
pokerkit writes an all-in showdown). Errors are ValueErrors naming the action and its line.

>>> from studeval.game import StudState, Structure
>>> st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
>>> st.act("bring_in"); st.act("fold")
>>> hh = to_phh(st, seat=0)
>>> hh.actions
['d dh p1 2c4h', 'd dh p2 ??5s', 'p1 pb', 'p2 f']
>>> replay(loads(dumps(hh))).stacks == st.stacks
True
"""

from __future__ import annotations

import datetime
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from studeval.cards import format_card, format_cards, parse_cards
from studeval.game.deck import ScriptedDeck
from studeval.game.events import BoardCard, Deal, Played, Shown, TimeOut
from studeval.game.rules import recorded_defaults
from studeval.game.state import Action, StudState
from studeval.game.structure import MAX_CHIPS, MAX_SEATS, PrintedRake, Rake, Structure
from studeval.games import GAMES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "MAX_ACTIONS",
    "MAX_PHH_CHARS",
    "VARIANTS",
    "HandHistory",
    "PhhAction",
    "PhhBoard",
    "PhhDeal",
    "PhhPlay",
    "PhhShow",
    "PhhTimeOut",
    "dumps",
    "load",
    "loads",
    "parse_action",
    "printed_rake",
    "rake_fields",
    "rake_rule",
    "replay",
    "to_phh",
]

#: PHH variant code per stud game (the registry's ``Game.phh``).
VARIANTS: dict[str, str] = {name: g.phh for name, g in GAMES.items() if g.stud and g.phh is not None}
_PHH_CODE = {"fold": "f", "check": "cc", "call": "cc", "bring_in": "pb"}


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


def _cards_text(cards: tuple[int, ...] | list[int], visible: tuple[bool, ...] | list[bool]) -> str:
    return "".join(format_card(c) if v and c >= 0 else "??" for c, v in zip(cards, visible, strict=False))


def to_phh(state: StudState, seat: int | None = None, *, full: bool = False) -> HandHistory:
    """The history of a hand so far, as ``seat`` saw it (None: a spectator; full: everything).

    ``finishing_stacks`` is filled in once the hand is over.

    >>> from studeval.game import StudState, Structure
    >>> st = StudState("seven", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s 6c 7d")
    >>> to_phh(st).actions
    ['d dh p1 ????6c', 'd dh p2 ????7d']
    >>> to_phh(st, full=True).actions[0]
    'd dh p1 2c4h6c'
    """
    if not isinstance(state, StudState):
        raise TypeError(f"state must be a StudState, got {type(state).__name__}")
    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat must be an int or None, got {seat!r}")
        if not 0 <= seat < state.n:
            raise ValueError(f"seat {seat!r} is not 0..{state.n - 1}")
    actions: list[str] = []
    dealt: list[list[int]] = [[] for _ in range(state.n)]
    for event in state.log:
        if isinstance(event, Deal):
            i = event.seat
            dealt[i].extend(event.cards)
            see = full or seat == i
            actions.append(f"d dh p{i + 1} " + _cards_text(event.cards, [up or see for up in event.up]))
        elif isinstance(event, Played):
            code = _PHH_CODE.get(event.kind)
            actions.append(f"p{event.seat + 1} {code}" if code else f"p{event.seat + 1} cbr {event.to}")
        elif isinstance(event, BoardCard):
            actions.append(f"d db {format_card(event.card)}")
        elif isinstance(event, TimeOut):
            actions.append(f"# p{event.seat + 1} time-out")
        elif isinstance(event, Shown):
            i = event.seat
            shown = _cards_text(dealt[i], [True] * len(dealt[i]))
            actions.append(f"p{i + 1} sm {shown}" if event.shows else f"p{i + 1} sm")
    st = state.structure
    return HandHistory(
        variant=VARIANTS[state.game],
        antes=[st.ante] * state.n,
        bring_in=st.bring_in,
        small_bet=st.small_bet,
        big_bet=st.big_bet,
        starting_stacks=list(state.starting_stacks),
        actions=actions,
        finishing_stacks=list(state.stacks) if state.finished else None,
        ante_trimming_status=True,  # a player all-in for less than the ante wins only what he matched
        extra={**_option_fields(state), **_rake_fields(state)},
    )


# The StudState options a history records, with their defaults (TableRules'); written as "_" + name.
_OPTIONS: dict[str, object] = recorded_defaults()


def _option_fields(state: StudState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, default in _OPTIONS.items():
        value = getattr(state, name)
        if value != default:
            out["_" + name] = -1 if name == "raise_cap" and value is None else value
    return out


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


def _rake_fields(state: StudState) -> dict[str, Any]:
    if state.rake is None:
        return {}
    out = rake_fields(state.rake) if isinstance(state.rake, Rake) else {}
    if state.finished or isinstance(state.rake, PrintedRake):
        out["_rake"] = state.raked
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


# ---------------------------------------------------------------------- text form (TOML)

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


# text with nothing to escape (most of a history: actions, cards, names) is written as it is
_PLAIN = re.compile(r'[^"\\\x00-\x1f\x7f\ud800-\udfff]*\Z')
# a lone surrogate, which no TOML string can hold
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def _toml_string(s: str) -> str:
    r"""A TOML basic string: quotes, backslashes and control characters escaped.

    >>> print(_toml_string("p1 cbr 5"), _toml_string('say "hi"\n'))
    "p1 cbr 5" "say \"hi\"\n"
    """
    if _PLAIN.match(s):
        return '"' + s + '"'
    out = []
    for ch in s:
        code = ord(ch)
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:
            raise ValueError(f"cannot write the lone surrogate {ch!r} to a PHH file")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_key(key: object) -> str:
    if not isinstance(key, str):
        raise TypeError(f"a PHH field name must be a str, got {key!r}")
    return key if _BARE_KEY.match(key) else _toml_string(key)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return _toml_string(v)
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {v!r} to a PHH file")


_FIELDS = (
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


def dumps(hh: HandHistory) -> str:
    """The PHH (TOML) text of a hand history; :func:`loads` reads it back to the same history.

    >>> print(dumps(HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], ["d dh p1 2c3c4c"])))
    variant = "F7S"
    ante_trimming_status = false
    antes = [1, 1]
    bring_in = 2
    small_bet = 5
    big_bet = 10
    starting_stacks = [100, 100]
    actions = [
      "d dh p1 2c3c4c",
    ]
    <BLANKLINE>
    """
    if not isinstance(hh, HandHistory):
        raise TypeError(f"dumps takes a HandHistory, got {type(hh).__name__}")
    _check_fields({key: getattr(hh, key) for key in _FIELDS})
    lines = [
        f"variant = {_toml_value(hh.variant)}",
        f"ante_trimming_status = {_toml_value(hh.ante_trimming_status)}",
        f"antes = {_toml_value(hh.antes)}",
        f"bring_in = {_toml_value(hh.bring_in)}",
        f"small_bet = {_toml_value(hh.small_bet)}",
        f"big_bet = {_toml_value(hh.big_bet)}",
        f"starting_stacks = {_toml_value(hh.starting_stacks)}",
        "actions = [",
        *(f"  {_toml_value(a)}," for a in hh.actions),
        "]",
    ]
    if hh.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_toml_value(hh.finishing_stacks)}")
    for key, value in hh.extra.items():
        if key in _FIELDS:
            raise ValueError(f"extra field {key!r} is a standard PHH field")
        lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    text = "\n".join(lines) + "\n"
    if len(text) > MAX_PHH_CHARS:
        raise ValueError(f"PHH text of {len(text)} characters: the limit is {MAX_PHH_CHARS}")
    return text


#: The longest PHH text :func:`loads` reads (characters), and the most actions in a hand.
MAX_PHH_CHARS = 1_000_000
MAX_ACTIONS = 10_000


def _parse_toml(text: str) -> dict[str, Any]:
    if len(text) > MAX_PHH_CHARS:
        raise ValueError(f"PHH text of {len(text)} characters: the limit is {MAX_PHH_CHARS}")
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark
        text = text[1:]
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not a PHH (TOML) file: {exc}") from None
    except RecursionError:
        raise ValueError("not a PHH (TOML) file: arrays or tables nested too deep") from None
    except ValueError:  # Python's own limit on the digits of an int
        raise ValueError("not a PHH (TOML) file: a number has too many digits") from None


def _chips(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"PHH field {field} must be an integer, got {value!r}")
    if abs(value) > MAX_CHIPS:
        raise ValueError(f"PHH field {field} = {value} is more than the limit of {MAX_CHIPS} chips")
    return value


_REQUIRED = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")


def _action_lines(text: str, actions: list[str]) -> list[int | None]:
    """The line of each action in the file (None where the text cannot be found as written)."""
    out: list[int | None] = []
    pos = 0
    line = 1
    for a in actions:
        found = -1
        for quoted in (f"'{a}'", None if _SURROGATE.search(a) else _toml_string(a)):
            if quoted is not None:
                k = text.find(quoted, pos)
                if k >= 0 and (found < 0 or k < found):
                    found = k
        if found < 0:
            out.append(None)
            continue
        line += text.count("\n", pos, found)
        pos = found
        out.append(line)
    return out


def loads(text: str) -> HandHistory:
    """Read a hand history from PHH text.

    >>> hh = loads("variant = 'F7S'\\nantes = [1, 1]\\nbring_in = 2\\nsmall_bet = 5\\nbig_bet = 10\\n"
    ...            "starting_stacks = [50, 50]\\nactions = ['d dh p1 2c3c4c']")
    >>> hh.starting_stacks, hh.actions
    ([50, 50], ['d dh p1 2c3c4c'])
    """
    hh = _history(text)
    hh.lines = _action_lines(text, hh.actions)
    return hh


def _history(text: str) -> HandHistory:
    """:func:`loads` but for the actions' lines (:func:`replay` finds them only for an error)."""
    if not isinstance(text, str):
        raise TypeError(f"PHH text must be a str, got {type(text).__name__}")
    data = _parse_toml(text)
    return HandHistory(**_check_fields(data), extra={k: v for k, v in data.items() if k not in _FIELDS})


def _check_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The standard fields of a hand history, checked: the one check of both :func:`loads`
    (a file's fields) and :func:`dumps` (so that all it writes reads back the same)."""
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


def load(path: str | Path) -> HandHistory:
    """Read a hand history from a .phh file.

    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "h.phh")
    >>> _ = open(p, "w").write(dumps(HandHistory("F7S", [1, 1], 2, 5, 10, [50, 50], [])))
    >>> load(p).big_bet
    10
    """
    with open(path, encoding="utf-8-sig") as f:
        return loads(f.read())


# ---------------------------------------------------------------------- actions, parsed in one place


class PhhDeal(NamedTuple):
    """``d dh p1 ??Kh``: cards dealt to a seat (-1 for an unknown card)."""

    seat: int
    cards: list[int]


class PhhBoard(NamedTuple):
    """``d db 7h``: the community card of the deck-exhaustion rule."""

    cards: list[int]


class PhhPlay(NamedTuple):
    """``p1 f``, ``p1 cc``, ``p1 pb``, ``p1 cbr 10``: a betting action (amount for ``cbr`` only)."""

    seat: int
    code: str
    amount: int | None


class PhhShow(NamedTuple):
    """``p1 sm AsAd2c``: a shown hand; ``p1 sm``: a muck (``cards`` None)."""

    seat: int
    cards: list[int] | None


class PhhTimeOut(NamedTuple):
    """``# p1 time-out``: studeval's note of a time-out (R53)."""

    seat: int


PhhAction = PhhDeal | PhhBoard | PhhPlay | PhhShow | PhhTimeOut

_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_TIMEOUT = re.compile(r"#\s*p([1-9][0-9]*)\s+time-out\b")
_AMOUNT = re.compile(r"[0-9]+\Z")


def _phh_cards(text: str) -> list[int]:
    if len(text) % 2:
        raise ValueError(f"bad cards {text!r}")
    out = []
    for k in range(0, len(text), 2):
        chunk = text[k : k + 2]
        out.append(-1 if chunk == "??" else parse_cards(chunk)[0])
    return out


def _seat(word: str, players: int) -> int:
    m = _PLAYER.match(word)
    if not m or int(m.group(1)) > players:
        raise ValueError(f"{word!r} is not a player p1..p{players}")
    return int(m.group(1)) - 1


def parse_action(text: str, players: int) -> PhhAction | None:
    """One PHH action of a stud hand as a typed value (None for a comment-only line).

    >>> parse_action("p2 cbr 10", 3)
    PhhPlay(seat=1, code='cbr', amount=10)
    >>> parse_action("d dh p1 ??Kh", 3)
    PhhDeal(seat=0, cards=[-1, 46])
    >>> parse_action("p4 cc", 3)
    Traceback (most recent call last):
    ...
    ValueError: 'p4' is not a player p1..p3
    """
    m = _TIMEOUT.match(text)
    if m:
        return PhhTimeOut(_seat("p" + m.group(1), players))
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            return PhhDeal(_seat(words[2], players), _phh_cards(words[3]))
        if len(words) == 3 and words[1] == "db":
            return PhhBoard(_phh_cards(words[2]))
        raise ValueError("not a stud dealing action")
    seat = _seat(words[0], players)
    verb = words[1] if len(words) > 1 else ""
    if verb == "sm" and len(words) <= 3:
        if len(words) == 2 or words[2] == "-":
            return PhhShow(seat, None)
        return PhhShow(seat, _phh_cards(words[2]))
    if verb in ("f", "cc", "pb") and len(words) == 2:
        return PhhPlay(seat, verb, None)
    if verb == "cbr" and len(words) == 3:
        if not _AMOUNT.match(words[2]):
            raise ValueError(f"amount {words[2]!r} is not a whole number in ASCII digits")
        if len(words[2]) > 16 or int(words[2]) > MAX_CHIPS:
            raise ValueError(f"amount {words[2]} is more than the limit of {MAX_CHIPS} chips")
        return PhhPlay(seat, verb, int(words[2]))
    raise ValueError("not a stud action")


# ---------------------------------------------------------------------- replay


def _options(hh: HandHistory, tie_rule: str | None, odd_chip: str | None) -> dict[str, Any]:
    """The StudState options recorded in a history's user fields (defaults where absent)."""
    out: dict[str, Any] = {}
    for name, default in _OPTIONS.items():
        value = hh.extra.get("_" + name, default)
        if type(value) is not type(default):  # booleans only as booleans, ints only as ints
            raise ValueError(f"PHH field _{name} = {value!r} must be a {type(default).__name__}")
        out[name] = value
    cap = out["raise_cap"]
    if cap < -1:
        raise ValueError(f"PHH field _raise_cap = {cap!r}: a cap is an int >= 0, or -1 for none")
    out["raise_cap"] = None if cap == -1 else cap
    out["tie_rule"] = tie_rule or out["tie_rule"]
    out["odd_chip"] = odd_chip or out["odd_chip"]
    return out


class _Step(NamedTuple):
    """A player's action of a history to replay, with its number (from 1) and text."""

    number: int
    text: str
    action: PhhPlay | PhhShow | PhhTimeOut


def _where(number: int, text: str, hh: HandHistory, source: str | None) -> str:
    """An action as an error message names it: its number, its line in the file if known
    (``source``: the text ``hh`` was read from), its text. Written only for a message: most
    histories replay without one."""
    lines: list[int | None] = []
    if source is not None:
        lines = _action_lines(source, hh.actions)
    elif hh.lines is not None and len(hh.lines) == len(hh.actions):  # else stale: edited
        lines = hh.lines
    line = lines[number - 1] if number - 1 < len(lines) else None
    return f"action {number}" + (f" (line {line})" if line else "") + f" {text!r}"


def replay(hh: HandHistory | str, *, tie_rule: str | None = None, odd_chip: str | None = None) -> StudState:
    """Play a hand history through the state machine; returns the finished :class:`StudState`.

    Raises ValueError, naming the action, where the history breaks studeval's rules (a player
    acting out of turn, an illegal amount, a folded card dealt again, a deal that ignores the
    deck-exhaustion rule, a hand that stops before it is over).

    >>> h = HandHistory("F5S", [1, 1], 2, 5, 10, [50, 50], ["d dh p1 ??4h", "d dh p2 ??5s", "p2 pb"])
    >>> replay(h)
    Traceback (most recent call last):
    ...
    ValueError: action 3 'p2 pb': p2 acts but p1 is to act
    """
    source: str | None = None  # the text read, for the lines of an error message
    if isinstance(hh, str):
        source, hh = hh, _history(hh)
    if not isinstance(hh, HandHistory):
        raise TypeError(f"replay takes a HandHistory or PHH text, got {type(hh).__name__}")
    game = next((name for name, code in VARIANTS.items() if code == hh.variant), None)
    if game is None:
        raise ValueError(f"variant {hh.variant!r} is not stud: studeval replays {', '.join(VARIANTS.values())}")
    n = len(hh.starting_stacks)
    if len(hh.antes) != n:
        raise ValueError(f"{len(hh.antes)} antes for {n} players")
    if len(set(hh.antes)) > 1:
        raise ValueError(f"antes {hh.antes} differ between players: studeval needs one ante")
    structure = Structure(
        ante=hh.antes[0] if hh.antes else 0, bring_in=hh.bring_in, small_bet=hh.small_bet, big_bet=hh.big_bet
    )
    options = _options(hh, tie_rule, odd_chip)
    options["rake"] = rake_rule(hh) or printed_rake(hh)
    _check_ante_trimming(hh, structure.ante)
    pattern = [up for street in GAMES[game].streets for up in street.up]
    script: list[list[int]] = [[] for _ in range(n + 1)]  # seat n: the community card
    choices: dict[int, bool] = {}
    plan: list[_Step] = []
    if len(hh.actions) > MAX_ACTIONS:
        raise ValueError(f"{len(hh.actions)} actions: the limit is {MAX_ACTIONS}")
    shown_at: dict[int, int] = {}  # seat -> the number of deals before its last sm
    deals = 0
    for k, text in enumerate(hh.actions, 1):
        try:
            action = parse_action(text, n)
            if isinstance(action, PhhDeal):
                deals += 1
                script[action.seat].extend(action.cards)
                if len(script[action.seat]) > len(pattern):
                    raise ValueError(f"p{action.seat + 1} gets more than {len(pattern)} cards")
            elif isinstance(action, PhhBoard):
                if script[n] or len(action.cards) != 1:
                    raise ValueError("the deck-exhaustion rule deals one community card, once")
                script[n].extend(action.cards)
            elif isinstance(action, PhhShow):
                if shown_at.get(action.seat) == deals:  # once, or again after more cards (pokerkit)
                    raise ValueError(f"p{action.seat + 1} shows or mucks twice")
                shown_at[action.seat] = deals
                _merge_shown(action, script[action.seat], pattern)
                if options["showdown"] == "choose":  # a decision in turn
                    plan.append(_Step(k, text, action))
                else:  # the automatic showdown, as the file records it
                    choices[action.seat] = action.cards is not None
            elif action is not None:
                plan.append(_Step(k, text, action))
        except ValueError as exc:
            raise ValueError(f"{_where(k, text, hh, source)}: {exc}") from None
    first = next((p.action.seat for p in plan if isinstance(p.action, (PhhPlay, PhhTimeOut))), None)  # the bring-in
    deck = ScriptedDeck(script[:n], script[n], bring_in=first, shows=choices)
    try:
        state = StudState(game, structure, hh.starting_stacks, deck=deck, **options)
    except ValueError as exc:
        raise ValueError(f"dealing: {exc}") from None
    for step in plan:
        action = step.action
        i = action.seat
        if state.actor < 0:
            raise ValueError(f"{_where(step.number, step.text, hh, source)}: the hand is already over")
        if state.actor != i:
            where = _where(step.number, step.text, hh, source)
            raise ValueError(f"{where}: p{i + 1} acts but p{state.actor + 1} is to act")
        street = state.street
        try:
            if isinstance(action, PhhTimeOut):
                state.time_out()
            elif isinstance(action, PhhShow):
                state.act("muck" if action.cards is None else "show")
            else:
                _play(state, action)
        except ValueError as exc:
            where = _where(step.number, step.text, hh, source)
            if state.street != street:  # the action was taken; the next street's deal failed
                raise ValueError(f"dealing {state.street_name} after {where}: {exc}") from None
            raise ValueError(f"{where}: {exc}") from None
    if not state.finished:
        raise ValueError(f"the history stops before the hand is over (p{state.actor + 1} is to act)")
    left = [f"p{i + 1}" if i < n else "the board" for i in deck.undealt()]
    if left:
        raise ValueError(f"the history deals more cards than the hand uses (to {', '.join(left)})")
    return state


def _check_ante_trimming(hh: HandHistory, ante: int) -> None:
    """studeval trims antes: a player all-in for less than the ante is in the pot for what he
    posted, and wins from each opponent only that much. A history that says antes are not
    trimmed settles such a hand otherwise (pokerkit pays him every full ante), so it is refused
    rather than replayed to other stacks; when every ante is posted in full the field does not matter."""
    if hh.ante_trimming_status:
        return
    posted = [min(ante, stack) for stack in hh.starting_stacks]
    if len(set(posted)) > 1:
        short = posted.index(min(posted))
        raise ValueError(
            f"ante_trimming_status = false, but p{short + 1} is all-in for {posted[short]}, less than "
            f"the ante of {ante}: studeval trims antes (he wins from each opponent only what he "
            "matched), so this history would replay to other stacks; write ante_trimming_status = true"
        )


def _merge_shown(action: PhhShow, mine: list[int], pattern: list[bool]) -> None:
    """Fill a seat's unknown cards from what it shows, checking the known ones."""
    shown = action.cards
    if shown is None:
        return
    if -1 in shown:
        raise ValueError(f"p{action.seat + 1} shows unknown cards: a shown hand names every card")
    if len(shown) == len(mine):
        slots = list(range(len(mine)))
    else:
        slots = [j for j in range(len(mine)) if not pattern[j]]
        if len(shown) != len(slots):
            raise ValueError(f"shows {len(shown)} cards, p{action.seat + 1} holds {len(mine)}")
    for j, c in zip(slots, shown, strict=False):
        if mine[j] >= 0 and mine[j] != c:
            raise ValueError(f"shows {format_cards([c])} but was dealt {format_cards([mine[j]])}")
        mine[j] = c


def _play(state: StudState, action: PhhPlay) -> None:
    kinds: dict[str, Action] = {a.kind: a for a in state.legal_actions()}
    if action.code == "f":
        state.act("fold")
    elif action.code == "pb":
        state.act("bring_in")
    elif action.code == "cc":
        state.act("check" if "check" in kinds else "call")
    else:
        amount = action.amount
        kind: str | None = next((k for k in ("complete", "bet", "raise") if k in kinds), None)
        if kind is None and "bring_in" in kinds and kinds["bring_in"].to == amount:
            kind = "bring_in"  # pokerkit writes a bring-in all-in (stack <= bring-in) as cbr
        state.act(kind or "raise", amount)


# The multi-hand form, kept at the end of the module (its imports with it).
import io  # noqa: E402
from collections.abc import Iterable  # noqa: E402
from typing import TextIO  # noqa: E402


def dump_all(histories: Iterable[HandHistory], fp: TextIO) -> int:
    """Write hand histories to ``fp`` as one ``.phhs`` file, one hand at a time; returns how many.

    The PHH standard's multi-hand form (as pokerkit's ``HandHistory.dump_all`` writes it):
    each hand is a TOML table headed by its number, ``[1]``, ``[2]``, ..., the tables apart by
    a blank line. Written as the hands come, so a million hands never sit in memory at once.

    >>> import io
    >>> hh = HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], ["d dh p1 2c3c4c"])
    >>> out = io.StringIO(); dump_all([hh, hh], out)
    2
    >>> print(out.getvalue().split("\\n\\n")[1].splitlines()[0])
    [2]
    """
    count = 0
    for count, hh in enumerate(histories, 1):
        fp.write(f"[{count}]\n{dumps(hh)}" if count == 1 else f"\n[{count}]\n{dumps(hh)}")
    return count


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """The ``.phhs`` text of several hand histories (:func:`dump_all`).

    >>> hh = HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], ["d dh p1 2c3c4c"])
    >>> import tomllib; sorted(tomllib.loads(dumps_all([hh, hh, hh])))
    ['1', '2', '3']
    """
    out = io.StringIO()
    dump_all(histories, out)
    return out.getvalue()


__all__ += ["dump_all", "dumps_all"]
