r"""Writing PHH hand histories: a hand's history from its state (:func:`to_phh`), and its
TOML text (:func:`dumps`; several hands as one ``.phhs`` file: :func:`dump_all`).

The values are written by ``tomli-w``, in the layout studeval has always written (one action
a line, short lists on one line), so that files stay the same from one version to the next.

>>> print(dumps(HandHistory("F7S", [1, 1], 2, 5, 10, [50, 50], ["d dh p1 2c3c4c"], extra={"_tab": "a\tb"})).splitlines()[-1])
_tab = "a\tb"
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from typing import Any, TextIO

import tomli_w

from studeval.cards import format_card
from studeval.game.events import BoardCard, Deal, Played, Shown, TimeOut
from studeval.game.phh_record import (
    FIELDS,
    MAX_PHH_CHARS,
    OPTIONS,
    HandHistory,
    check_fields,
    rake_fields,
)
from studeval.game.state import StudState
from studeval.game.structure import PrintedRake, Rake

__all__ = ["dump_all", "dumps", "dumps_all", "to_phh", "toml_key", "toml_string", "toml_value"]

_PHH_CODE = {"fold": "f", "check": "cc", "call": "cc", "bring_in": "pb"}


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
        variant=str(state.game_entry.phh),
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


def _option_fields(state: StudState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, default in OPTIONS.items():
        value = getattr(state, name)
        if value != default:
            out["_" + name] = -1 if name == "raise_cap" and value is None else value
    return out


def _rake_fields(state: StudState) -> dict[str, Any]:
    if state.rake is None:
        return {}
    out = rake_fields(state.rake) if isinstance(state.rake, Rake) else {}
    if state.finished or isinstance(state.rake, PrintedRake):
        out["_rake"] = state.raked
    return out


# ---------------------------------------------------------------------- text form (TOML)

# text with nothing to escape (most of a history: actions, cards, names) is written as it is
_PLAIN = re.compile(r'[^"\\\x00-\x1f\x7f\ud800-\udfff]*\Z')
# a lone surrogate, which no TOML string can hold
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")


def _scalar(v: object) -> str:
    """One value as ``tomli-w`` writes it (a tab escaped, as studeval always wrote it)."""
    if isinstance(v, str) and _SURROGATE.search(v):
        raise ValueError(f"cannot write the lone surrogate {_SURROGATE.search(v).group()!r} to a PHH file")  # type: ignore[union-attr]
    try:
        text = tomli_w.dumps({"v": v})
    except TypeError:
        raise TypeError(f"cannot write {v!r} to a PHH file") from None
    # tomli-w leaves a tab as it is in a string: the only raw tab its text can hold
    return text[4:-1].replace("\t", "\\t")


def toml_string(s: str) -> str:
    r"""A TOML basic string: quotes, backslashes and control characters escaped.

    >>> print(toml_string("p1 cbr 5"), toml_string('say "hi"\n'))
    "p1 cbr 5" "say \"hi\"\n"
    """
    return '"' + s + '"' if _PLAIN.match(s) else _scalar(s)


def toml_key(key: object) -> str:
    """A field's name as TOML writes it (bare, else quoted).

    >>> toml_key("_rake"), toml_key("a b")
    ('_rake', '"a b"')
    """
    if not isinstance(key, str):
        raise TypeError(f"a PHH field name must be a str, got {key!r}")
    return key if _BARE_KEY.match(key) else toml_string(key)


def toml_value(v: Any) -> str:
    """A field's value as TOML: lists and tables inline, on one line.

    >>> toml_value([1, 2]), toml_value({"a": [True]})
    ('[1, 2]', '{a = [true]}')
    """
    if type(v) is int:  # the most common values first, as tomli-w writes them
        return repr(v)
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    return _scalar(v)


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
    check_fields({key: getattr(hh, key) for key in FIELDS})
    lines = [
        f"variant = {toml_value(hh.variant)}",
        f"ante_trimming_status = {toml_value(hh.ante_trimming_status)}",
        f"antes = {toml_value(hh.antes)}",
        f"bring_in = {toml_value(hh.bring_in)}",
        f"small_bet = {toml_value(hh.small_bet)}",
        f"big_bet = {toml_value(hh.big_bet)}",
        f"starting_stacks = {toml_value(hh.starting_stacks)}",
        "actions = [",
        *(f"  {toml_value(a)}," for a in hh.actions),
        "]",
    ]
    if hh.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {toml_value(hh.finishing_stacks)}")
    for key, value in hh.extra.items():
        if key in FIELDS:
            raise ValueError(f"extra field {key!r} is a standard PHH field")
        lines.append(f"{toml_key(key)} = {toml_value(value)}")
    text = "\n".join(lines) + "\n"
    if len(text) > MAX_PHH_CHARS:
        raise ValueError(f"PHH text of {len(text)} characters: the limit is {MAX_PHH_CHARS}")
    return text


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
