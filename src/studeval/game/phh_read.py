"""Reading PHH hand histories: a ``.phh`` file's text (:func:`loads`, :func:`load`), the hands
of a ``.phhs`` file one at a time (:func:`read_phhs`), and each action as a typed value
(:func:`parse_action`). The text is TOML, read with :mod:`tomllib` (the ``tomli`` package on
Python 3.10); :mod:`studeval.game.phh` gives the reader's limits.

>>> parse_action("p1 sm", 2)
PhhShow(seat=0, cards=None)
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from studeval.cards import parse_cards
from studeval.game.phh_record import FIELDS, MAX_PHH_CHARS, HandHistory, check_fields
from studeval.game.phh_write import toml_string
from studeval.game.structure import MAX_CHIPS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "PhhAction",
    "PhhBoard",
    "PhhDeal",
    "PhhPlay",
    "PhhShow",
    "PhhTimeOut",
    "PhhsError",
    "load",
    "loads",
    "parse_action",
    "read_phhs",
    "read_phhs_each",
]

# a lone surrogate, which no TOML string can hold
_SURROGATE = re.compile(r"[\ud800-\udfff]")


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


def _action_lines(text: str, actions: list[str]) -> list[int | None]:
    """The line of each action in the file (None where the text cannot be found as written)."""
    out: list[int | None] = []
    pos = 0
    line = 1
    for a in actions:
        found = -1
        for quoted in (f"'{a}'", None if _SURROGATE.search(a) else toml_string(a)):
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
    """:func:`loads` but for the actions' lines."""
    if not isinstance(text, str):
        raise TypeError(f"PHH text must be a str, got {type(text).__name__}")
    data = _parse_toml(text)
    return HandHistory(**check_fields(data), extra={k: v for k, v in data.items() if k not in FIELDS})


def load(path: str | Path) -> HandHistory:
    """Read a hand history from a .phh file.

    >>> import tempfile, os
    >>> from studeval.game.phh_write import dumps
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


# ---------------------------------------------------------------------- .phhs files


class PhhsError(ValueError):
    """A ``.phhs`` file that cannot be read on: a hand that is not PHH, one too long, or text
    before the first header (the message names the line). The hands before it were read.

    >>> issubclass(PhhsError, ValueError), PhhsError("not TOML", hand="[2]").hand
    (True, '[2]')
    """

    def __init__(self, message: str, hand: str | None = None) -> None:
        super().__init__(message)
        #: the hand's header (``[2]``), None for text outside any hand
        self.hand = hand


_HEADER = re.compile(r"\[\s*([0-9]+)\s*\]\s*(#.*)?\Z")


def read_phhs(lines: Iterable[tuple[int, str]]) -> Iterator[HandHistory]:
    """The hands of a ``.phhs`` file, one at a time, from its numbered lines (each hand a
    TOML table headed ``[1]``, ``[2]``, ... as :func:`~studeval.game.phh_write.dump_all` writes).

    A hand longer than :data:`~studeval.game.phh_record.MAX_PHH_CHARS` characters, text before
    the first header, or a hand that is not PHH raises :class:`PhhsError` naming the line
    (:func:`read_phhs_each` reports it and reads on).

    >>> from studeval.game.phh_write import dumps_all
    >>> text = dumps_all([HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], ["d dh p1 2c3c4c"])] * 2)
    >>> [hh.starting_stacks for hh in read_phhs(enumerate(text.splitlines(), 1))]
    [[100, 100], [100, 100]]
    """
    for hand in read_phhs_each(lines):
        if isinstance(hand, PhhsError):
            raise hand
        yield hand


def read_phhs_each(lines: Iterable[tuple[int, str]]) -> Iterator[HandHistory | PhhsError]:
    """The hands of a ``.phhs`` file as :func:`read_phhs` reads them, a bad one given as its
    :class:`PhhsError` (its header ``[k]`` and line named) in its place, and the reading
    going on at the next header: one bad hand never hides the later ones. Text before the
    first header is one error; the lines of a hand too long are skipped to the next header.

    >>> from studeval.game.phh_write import dumps
    >>> text = "[1]\\nnot = toml =\\n[2]\\n" + dumps(HandHistory("F7S", [1, 1], 2, 5, 10, [9, 9], []))
    >>> [type(h).__name__ for h in read_phhs_each(enumerate(text.splitlines(), 1))]
    ['PhhsError', 'HandHistory']
    """
    chunk: list[str] = []
    start = 0
    label = ""
    size = 0
    skipping = False  # a hand too long, or text before the first header: read on at a header
    for number, text in lines:
        header = _HEADER.match(text.strip())
        if header:
            if chunk and not skipping:
                yield _hand_or_error(chunk, start, label)
            chunk, start, label, size, skipping = [], number, f"[{header.group(1)}]", 0, False
            continue
        if skipping:
            continue
        if not start:
            if text.strip() and not text.lstrip().startswith("#"):
                yield PhhsError(
                    f"line {number}: a .phhs file starts with a header such as [1], got {text.strip()[:40]!r}"
                )
                skipping = True
            continue
        size += len(text) + 1
        if size > MAX_PHH_CHARS:
            yield PhhsError(f"the hand of line {start} is longer than {MAX_PHH_CHARS:,} characters", label)
            chunk, skipping = [], True
            continue
        chunk.append(text)
    if chunk and not skipping:
        yield _hand_or_error(chunk, start, label)


def _hand_or_error(chunk: list[str], start: int, label: str) -> HandHistory | PhhsError:
    try:
        return _hand_at(chunk, start)
    except PhhsError as exc:
        return PhhsError(str(exc), label)


def _hand_at(chunk: list[str], start: int) -> HandHistory:
    try:
        return loads("\n".join(chunk))
    except ValueError as exc:
        raise PhhsError(f"the hand of line {start}: {exc}") from None
