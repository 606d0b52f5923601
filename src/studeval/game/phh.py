"""Hand histories in the PHH format: write, read and replay.

Seven card stud is written as variant ``F7S`` (readable by pokerkit and other PHH tools).
Five card stud has no PHH variant code, so studeval uses its own, ``F5S``: fixed-limit, fields
exactly as ``F7S`` (``antes``, ``bring_in``, ``small_bet``, ``big_bet``); the first deal is one
down card and one up card (``d dh p1 ??7s``), then three single up cards. Other tools do not
know ``F5S``.

What studeval writes beyond the standard (other tools skip or refuse these):

- ``d db 7h``: the community card of the deck-exhaustion rule (003); pokerkit has no such rule
  for ``F7S`` and refuses the line.
- ``# p3 time-out`` (a comment-only action): the player to act missed the time limit (003).
- user fields ``_tie_rule``, ``_odd_chip``, ``_raise_cap`` when a hand is played with options.

Reading: besides what studeval writes, :func:`replay` takes two forms pokerkit writes: a
bring-in posted all-in by a player holding no more than the bring-in, written ``p1 cbr 1``,
and an all-in showdown (``sm``) before the remaining cards are dealt as well as at the end.
pokerkit reads our all-in histories (a single showdown after the last card) unless the hand
uses a betting rule pokerkit does not share (see tests/test_game_pokerkit.py).

Seats: ``p1`` is the seat at the dealer's left (seat 0). A seat's history shows its own down
cards and ``??`` for everyone else's, exactly like :meth:`StudState.view`; shown hands appear in
``sm`` actions. ``full=True`` writes every card.

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

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studeval.cards import format_cards, parse_cards
from studeval.game.state import _DEALS, StudState
from studeval.game.structure import Structure

__all__ = ["VARIANTS", "HandHistory", "dumps", "load", "loads", "replay", "to_phh"]

#: PHH variant code per game.
VARIANTS = {"seven": "F7S", "five": "F5S"}
_GAME_OF = {v: k for k, v in VARIANTS.items()}
_PHH_KIND = {"fold": "f", "check": "cc", "call": "cc", "bring_in": "pb"}


@dataclass
class HandHistory:
    """One hand in PHH fields. ``extra`` keeps any other field read from a file.

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


def _cards_text(cards: list[int] | tuple[int, ...], visible: list[bool] | tuple[bool, ...]) -> str:
    return "".join(format_cards([c]) if v and c >= 0 else "??" for c, v in zip(cards, visible))


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
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < state.n):
        raise ValueError(f"seat {seat!r} is not 0..{state.n - 1}")
    actions: list[str] = []
    dealt: list[list[int]] = [[] for _ in range(state.n)]
    for entry in state.log:
        tag = entry[0]
        if tag == "dh":
            _, i, cards, pattern = entry
            dealt[i].extend(cards)
            see = full or seat == i
            actions.append(f"d dh p{i + 1} " + _cards_text(cards, [up or see for up in pattern]))
        elif tag == "a":
            _, i, kind, to = entry
            code = _PHH_KIND.get(kind)
            actions.append(f"p{i + 1} {code}" if code else f"p{i + 1} cbr {to}")
        elif tag == "db":
            actions.append(f"d db {format_cards([entry[1]])}")
        elif tag == "to":
            actions.append(f"# p{entry[1] + 1} time-out")
        elif tag == "sm":
            _, i, show = entry
            actions.append(f"p{i + 1} sm " + _cards_text(dealt[i], [True] * len(dealt[i])) if show else f"p{i + 1} sm")
    st = state.structure
    extra: dict[str, Any] = {}
    if state.tie_rule != "dealer_left":
        extra["_tie_rule"] = state.tie_rule
    if state.odd_chip != "high_card":
        extra["_odd_chip"] = state.odd_chip
    if state.raise_cap != 3:
        extra["_raise_cap"] = -1 if state.raise_cap is None else state.raise_cap
    return HandHistory(
        variant=VARIANTS[state.game],
        antes=[st.ante] * state.n,
        bring_in=st.bring_in,
        small_bet=st.small_bet,
        big_bet=st.big_bet,
        starting_stacks=list(state.starting_stacks),
        actions=actions,
        finishing_stacks=list(state.stacks) if state.finished else None,
        extra=extra,
    )


# ---------------------------------------------------------------------- text form (TOML)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        if "'" in v or "\n" in v:
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
        return f"'{v}'"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {v!r} to a PHH file")


def dumps(hh: HandHistory) -> str:
    """The PHH (TOML) text of a hand history.

    >>> print(dumps(HandHistory("F7S", [1, 1], 2, 5, 10, [100, 100], ["d dh p1 2c3c4c"])))
    variant = 'F7S'
    ante_trimming_status = false
    antes = [1, 1]
    bring_in = 2
    small_bet = 5
    big_bet = 10
    starting_stacks = [100, 100]
    actions = [
      'd dh p1 2c3c4c',
    ]
    <BLANKLINE>
    """
    lines = [
        f"variant = {_toml_value(hh.variant)}",
        f"ante_trimming_status = {_toml_value(hh.ante_trimming_status)}",
        f"antes = {_toml_value(hh.antes)}",
        f"bring_in = {hh.bring_in}",
        f"small_bet = {hh.small_bet}",
        f"big_bet = {hh.big_bet}",
        f"starting_stacks = {_toml_value(hh.starting_stacks)}",
        "actions = [",
        *(f"  {_toml_value(a)}," for a in hh.actions),
        "]",
    ]
    if hh.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_toml_value(hh.finishing_stacks)}")
    for key, value in hh.extra.items():
        lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


class _MiniToml:
    """Enough TOML for PHH files (Python 3.10 has no tomllib): key = value, strings,
    numbers, booleans, (multi-line) arrays and comments."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    def error(self, msg: str) -> ValueError:
        line = self.s.count("\n", 0, self.i) + 1
        return ValueError(f"PHH line {line}: {msg}")

    def skip(self, newlines: bool) -> None:
        s = self.s
        while self.i < len(s):
            ch = s[self.i]
            if ch in " \t\r" or (newlines and ch == "\n"):
                self.i += 1
            elif ch == "#":
                while self.i < len(s) and s[self.i] != "\n":
                    self.i += 1
            else:
                break

    def parse(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        s = self.s
        while True:
            self.skip(True)
            if self.i >= len(s):
                return out
            if s[self.i] == "[":
                raise self.error("tables are not supported in a PHH file read without tomllib")
            m = re.compile(r"[A-Za-z0-9_\-]+").match(s, self.i)
            if not m:
                raise self.error(f"expected a key, got {s[self.i:self.i + 20]!r}")
            key = m.group()
            self.i = m.end()
            self.skip(False)
            if s[self.i:self.i + 1] != "=":
                raise self.error(f"expected '=' after {key!r}")
            self.i += 1
            self.skip(False)
            out[key] = self.value()

    def value(self) -> Any:
        s = self.s
        ch = s[self.i:self.i + 1]
        if ch == "[":
            self.i += 1
            items: list[Any] = []
            while True:
                self.skip(True)
                if s[self.i:self.i + 1] == "]":
                    self.i += 1
                    return items
                items.append(self.value())
                self.skip(True)
                if s[self.i:self.i + 1] == ",":
                    self.i += 1
                elif s[self.i:self.i + 1] != "]":
                    raise self.error("expected ',' or ']' in an array")
        if ch == "'":
            end = s.find("'", self.i + 1)
            if end < 0:
                raise self.error("unterminated string")
            v = s[self.i + 1:end]
            self.i = end + 1
            return v
        if ch == '"':
            j = self.i + 1
            buf = []
            while j < len(s) and s[j] != '"':
                if s[j] == "\\":
                    j += 1
                    buf.append({"n": "\n", "t": "\t"}.get(s[j], s[j]))
                else:
                    buf.append(s[j])
                j += 1
            if j >= len(s):
                raise self.error("unterminated string")
            self.i = j + 1
            return "".join(buf)
        m = re.compile(r"[^\s,\]#]+").match(s, self.i)
        if not m:
            raise self.error("expected a value")
        word = m.group()
        self.i = m.end()
        if word in ("true", "false"):
            return word == "true"
        try:
            return int(word.replace("_", ""))
        except ValueError:
            pass
        try:
            return float(word.replace("_", ""))
        except ValueError:
            return word  # dates and times are kept as text


def _parse_toml(text: str) -> dict[str, Any]:
    try:
        import tomllib  # type: ignore[import-not-found,unused-ignore]
    except ImportError:  # Python 3.10
        return _MiniToml(text).parse()
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"not a PHH (TOML) file: {exc}") from None


_REQUIRED = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")


def loads(text: str) -> HandHistory:
    """Read a hand history from PHH text.

    >>> hh = loads("variant = 'F7S'\\nantes = [1, 1]\\nbring_in = 2\\nsmall_bet = 5\\nbig_bet = 10\\n"
    ...            "starting_stacks = [50, 50]\\nactions = ['d dh p1 2c3c4c']")
    >>> hh.starting_stacks, hh.actions
    ([50, 50], ['d dh p1 2c3c4c'])
    """
    if not isinstance(text, str):
        raise TypeError(f"PHH text must be a str, got {type(text).__name__}")
    data = _parse_toml(text)
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise ValueError(f"PHH file lacks the field(s) {', '.join(missing)}")
    ints = {}
    for key in ("bring_in", "small_bet", "big_bet"):
        v = data[key]
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"PHH field {key} must be an integer, got {v!r}")
        ints[key] = v
    lists = {}
    for key in ("antes", "starting_stacks", "finishing_stacks"):
        v = data.get(key)
        if v is None:
            continue
        if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            raise ValueError(f"PHH field {key} must be a list of integers, got {v!r}")
        lists[key] = v
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("PHH field actions must be a list of strings")
    known = set(_REQUIRED) | {"finishing_stacks", "ante_trimming_status"}
    return HandHistory(
        variant=str(data["variant"]),
        antes=lists["antes"],
        bring_in=ints["bring_in"],
        small_bet=ints["small_bet"],
        big_bet=ints["big_bet"],
        starting_stacks=lists["starting_stacks"],
        actions=list(actions),
        finishing_stacks=lists.get("finishing_stacks"),
        ante_trimming_status=bool(data.get("ante_trimming_status", False)),
        extra={k: v for k, v in data.items() if k not in known},
    )


def load(path: str | Path) -> HandHistory:
    """Read a hand history from a .phh file.

    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "h.phh")
    >>> _ = open(p, "w").write(dumps(HandHistory("F7S", [1, 1], 2, 5, 10, [50, 50], [])))
    >>> load(p).big_bet
    10
    """
    with open(path, encoding="utf-8") as f:
        return loads(f.read())


# ---------------------------------------------------------------------- replay

_PLAYER = re.compile(r"^p([1-9][0-9]*)$")
_TIMEOUT = re.compile(r"^#\s*p([1-9][0-9]*)\s+time-out\b")


def _phh_cards(text: str, where: str) -> list[int]:
    if len(text) % 2:
        raise ValueError(f"{where}: bad cards {text!r}")
    out = []
    for k in range(0, len(text), 2):
        chunk = text[k:k + 2]
        out.append(-1 if chunk == "??" else parse_cards(chunk)[0])
    return out


def _seat(word: str, n: int, where: str) -> int:
    m = _PLAYER.match(word)
    if not m or int(m.group(1)) > n:
        raise ValueError(f"{where}: {word!r} is not a player p1..p{n}")
    return int(m.group(1)) - 1


def replay(hh: HandHistory | str, *, tie_rule: str | None = None, odd_chip: str | None = None) -> StudState:
    """Play a hand history through the state machine; returns the finished :class:`StudState`.

    Raises ValueError, naming the action, where the history breaks studeval's rules (a player
    acting out of turn, an illegal amount, a folded card dealt again, a deal that ignores the
    deck-exhaustion rule, a hand that stops before it is over).

    >>> h = HandHistory("F5S", [1, 1], 2, 5, 10, [50, 50], ["d dh p1 ????4h", "d dh p2 ????5s", "p2 pb"])
    >>> replay(h)
    Traceback (most recent call last):
    ...
    ValueError: action 3 'p2 pb': p2 acts but p1 is to act
    """
    if isinstance(hh, str):
        hh = loads(hh)
    game = _GAME_OF.get(hh.variant)
    if game is None:
        raise ValueError(f"variant {hh.variant!r} is not stud: studeval replays {', '.join(_GAME_OF)}")
    n = len(hh.starting_stacks)
    if len(hh.antes) != n:
        raise ValueError(f"{len(hh.antes)} antes for {n} players")
    if len(set(hh.antes)) > 1:
        raise ValueError(f"antes {hh.antes} differ between players: studeval needs one ante")
    structure = Structure(ante=hh.antes[0] if hh.antes else 0, bring_in=hh.bring_in,
                          small_bet=hh.small_bet, big_bet=hh.big_bet)
    extra = hh.extra
    cap = extra.get("_raise_cap", 3)
    raise_cap = None if cap == -1 else cap
    tie_rule = tie_rule or extra.get("_tie_rule", "dealer_left")
    odd_chip = odd_chip or extra.get("_odd_chip", "high_card")
    pattern = [up for street in _DEALS[game] for up in street]
    script: list[list[int]] = [[] for _ in range(n + 1)]  # seat n: the community card
    choices: dict[int, bool] = {}
    plan: list[tuple[str, int, str, int | None]] = []
    for k, action in enumerate(hh.actions, 1):
        where = f"action {k} {action!r}"
        m = _TIMEOUT.match(action)
        if m:
            plan.append((where, _seat("p" + m.group(1), n, where), "time_out", None))
            continue
        words = action.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                seat = _seat(words[2], n, where)
                script[seat].extend(_phh_cards(words[3], where))
                if len(script[seat]) > len(pattern):
                    raise ValueError(f"{where}: p{seat + 1} gets more than {len(pattern)} cards")
            elif len(words) == 3 and words[1] == "db":
                script[n].extend(_phh_cards(words[2], where))
            else:
                raise ValueError(f"{where}: not a stud dealing action")
            continue
        i = _seat(words[0], n, where)
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            choices[i] = len(words) > 2
            if len(words) > 2 and words[2] != "-":
                shown = _phh_cards(words[2], where)
                mine = script[i]
                if len(shown) == len(mine):
                    slots = list(range(len(mine)))
                else:
                    slots = [j for j in range(len(mine)) if not pattern[j]]
                    if len(shown) != len(slots):
                        raise ValueError(f"{where}: shows {len(shown)} cards, p{i + 1} holds {len(mine)}")
                for j, c in zip(slots, shown):
                    if mine[j] >= 0 and mine[j] != c:
                        raise ValueError(f"{where}: shows {format_cards([c])} but was dealt {format_cards([mine[j]])}")
                    mine[j] = c
            continue
        if verb in ("f", "cc", "pb") and len(words) == 2:
            plan.append((where, i, verb, None))
        elif verb == "cbr" and len(words) == 3 and words[2].isdigit():
            plan.append((where, i, "cbr", int(words[2])))
        else:
            raise ValueError(f"{where}: not a stud action")
    try:
        state = StudState(game, structure, hh.starting_stacks, tie_rule=tie_rule, odd_chip=odd_chip,
                          raise_cap=raise_cap, _script=script, _choices=choices)
    except ValueError as exc:
        raise ValueError(f"dealing: {exc}") from None
    for where, i, verb, amount in plan:
        if state.actor < 0:
            raise ValueError(f"{where}: the hand is already over")
        if state.actor != i:
            raise ValueError(f"{where}: p{i + 1} acts but p{state.actor + 1} is to act")
        try:
            if verb == "time_out":
                state.time_out()
                continue
            kinds = {a.kind: a for a in state.legal_actions()}
            if verb == "f":
                state.act("fold")
            elif verb == "pb":
                state.act("bring_in")
            elif verb == "cc":
                state.act("check" if "check" in kinds else "call")
            else:
                kind: str | None = next((k for k in ("complete", "bet", "raise") if k in kinds), None)
                if kind is None and "bring_in" in kinds and kinds["bring_in"].to == amount:
                    kind = "bring_in"  # pokerkit writes a bring-in all-in (stack <= bring-in) as cbr
                state.act(kind or "raise", amount)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
    if not state.finished:
        raise ValueError(f"the history stops before the hand is over (p{state.actor + 1} is to act)")
    left = [f"p{i + 1}" if i < n else "the board" for i, q in enumerate(script) if q]
    if left:
        raise ValueError(f"the history deals more cards than the hand uses (to {', '.join(left)})")
    return state
