"""iPoker's XML hand histories (seven card stud, stud hi-lo, five card stud; razz read alike).

A file is one XML document (../shared/histories/FORMATS.md, section 1, gives every fact relied
on)::

    <?xml version="1.0" encoding="utf-8"?>             (it says utf-8 even over Windows-1252)
    <session sessioncode="N">
     <general>
      <nickname>HERO</nickname>                         (the hero: his down cards are printed)
      <gametype>7 Card Stud L $0.10/$0.20</gametype>    (cash: small/big bet; tournament: none)
      <tablename>NAME</tablename> <tablecurrency>EUR</tablecurrency> (only in newer files)
      <tournamentname>NAME</tournamentname> ...}        (tournaments; a stray "}" as text)
     </general>
     <game gamecode="N">                                (one per hand, in the order played)
      <general>
       <startdate>YYYY-MM-DD HH:MM:SS</startdate>       (no time zone)
       <players>
        <player seat="S" name="NAME" chips="X" dealer="0" win="X" bet="X" .../>  (empty seats too)
       </players>
      </general>
      <round no="0"> <action no="1" player="NAME" type="15" sum="X" cards="[cards]"/> ... </round>
      <round no="1"/>                                   (always empty)
      <round no="2">                                    (third street; five card stud: second)
       <cards type="Third Street" player="NAME">X X C4</cards>   (suit then rank; X hidden)
       <action no="7" player="NAME" type="16" sum="X"/> ...
      </round> ...
     </game>
    </session>                                          (may be missing: a cut-off file)

Inside a round the elements are grouped by player, so the actions are sorted by ``no``. Action
types: 15 ante, 16 bring-in, 0 fold, 4 check, 3 call (chips added), 5 bet or completion
(chips added), 23 raise (to the street total), 7 all-in (chips added). ``win`` is what each
player took back after the rake, his uncalled chips included; the rake, printed nowhere, is
what the actions put in less what was won. Shown hands are written back into the deal (their
``X`` replaced): an opponent's down cards are read as hidden and his shown hand given at the
end, as a showdown. Tournaments print no limits: they are inferred from the bets (and from
earlier hands of the file at the same ante and bring-in), marked ``_limits_inferred`` when a
size was never bet.

A file is read a game at a time, whatever the chunks of text it comes in, memory bounded by
one game; a broken game is refused with its line, the others are read.

>>> xml = '''<?xml version="1.0" encoding="utf-8"?>
... <session sessioncode="5"><general><nickname>Ann</nickname>
... <gametype>7 Card Stud L $0.10/$0.20</gametype><tablename>Vega</tablename></general>
... <game gamecode="123"><general><startdate>2014-03-01 20:15:00</startdate><players>
... <player seat="1" name="Ann" chips="$1" win="$0.07" bet="$0.06"/>
... <player seat="2" name="Bob" chips="$1" win="$0" bet="$0.01"/></players></general>
... <round no="0"><action no="1" player="Ann" type="15" sum="$0.01" cards="[cards]"/>
... <action no="2" player="Bob" type="15" sum="$0.01" cards="[cards]"/></round><round no="1"/>
... <round no="2"><cards type="Third Street" player="Ann">S2 H3 C4</cards>
... <action no="3" player="Ann" type="16" sum="$0.05"/>
... <cards type="Third Street" player="Bob">X X HK</cards>
... <action no="4" player="Bob" type="0" sum="$0"/></round></game>'''
>>> [hand] = read_xml([xml[:100], xml[100:]], source="ipoker.xml")
>>> hand.line, hand.number, hand.history.actions
(4, '123', ['d dh p1 2s3h4c', 'd dh p2 ????Kh', 'p1 pb', 'p2 f'])
>>> hand.history.extra["winnings"], hand.history.extra["_returned"], hand.history.finishing_stacks
([2, 0], [5, 0], [101, 99])
>>> from studeval.histories import verify
>>> verify(hand.history)
[]
"""

from __future__ import annotations

import contextlib
import datetime
import re
import xml.parsers.expat as expat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from studeval.game.phh import HandHistory
from studeval.histories.builder import HandBuilder, HistoryError, ascii_number, when
from studeval.histories.hand import Imported, Refused
from studeval.histories.verify import verify

__all__ = ["MAX_GAME_CHARS", "NAME", "looks_like_ipoker", "read_xml"]

NAME = "ipoker"

#: The most characters one ``<game>`` may hold (a full eight-handed hand is about 15,000);
#: more is refused as a game that lost its end, and its text skipped.
MAX_GAME_CHARS = 1_000_000

# The tags that cut a file into games (<gamecode>, <gametype> are not <game>), and what the
# scanner skips over whole (a comment or CDATA may hold anything).
_TAG = re.compile(r"<(/?)(game|session)(?=[\s/>])|<!--|<!\[CDATA\[")
_CLOSE_GAME = re.compile(r"</game\s*>")
_GAMECODE = re.compile(r"""\bgamecode\s*=\s*["']([^"']*)["']""")
_LOOKS = re.compile(r"\A(?:\ufeff)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*(?:<session[\s/>]|\Z)", re.DOTALL)
_KEEP = 16  # characters kept back when a tag may straddle two chunks

_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
_STAKES = re.compile(r"([$€£]?)\s*([0-9][0-9.,]*)\s*(?:[A-Z]{3})?\s*/\s*[$€£]?\s*([0-9][0-9.,]*)")
_NOT_LIMIT = re.compile(r"\b(?:NL|PL|No ?Limit|Pot ?Limit)\b", re.IGNORECASE)
_OTHER_GAME = re.compile(r"hold\s*'?em|omaha|draw|badugi|courchevel|texas", re.IGNORECASE)

# The street names of <cards type="...">, by the street they are in each deal.
_SEVEN_STREETS = {"third street": 0, "fourth street": 1, "fifth street": 2, "sixth street": 3}
_SEVEN_STREETS |= {"seventh street": 4, "river": 4}
_FIVE_STREETS = {"second street": 0, "third street": 1, "fourth street": 2, "fifth street": 3, "river": 3}

_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A", **{str(r): str(r) for r in range(2, 10)}}
_SUITS = "SHDC"

_ANTE, _BRING_IN, _FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN = 15, 16, 0, 4, 3, 5, 23, 7
_ACTIONS = (_ANTE, _BRING_IN, _FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN)


def looks_like_ipoker(start: str) -> bool:
    """Whether the start of a file's decoded text is an iPoker session: an XML declaration
    and/or a ``<session`` element first (a comment may come between).

    >>> looks_like_ipoker('<?xml version="1.0" encoding="utf-8"?>\\n<session sessioncode="1">')
    True
    >>> looks_like_ipoker('<?xml version="1.0"?><html>'), looks_like_ipoker("PokerStars Hand #1")
    (False, False)
    """
    if not isinstance(start, str):
        return False
    text = start.lstrip("\ufeff").lstrip()
    if not text.startswith(("<?xml", "<session", "<!--")):
        return False
    return _LOOKS.match(start) is not None


# ---------------------------------------------------------------------- the XML of one game


@dataclass
class _Node:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[_Node] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.parts).strip()

    def all(self, tag: str) -> list[_Node]:
        return [c for c in self.children if c.tag == tag]

    def first(self, tag: str) -> _Node | None:
        return next((c for c in self.children if c.tag == tag), None)


def _text(node: _Node | None) -> str:
    return "" if node is None else node.text


def _parse(text: str, first_line: int, *, final: bool = True) -> tuple[_Node | None, HistoryError | None]:
    """The element tree of an XML text that starts on ``first_line``, with each element's line;
    what was read before an error comes back with the error."""
    parser = expat.ParserCreate()
    root: list[_Node] = []
    stack: list[_Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = _Node(tag, attrs, first_line + parser.CurrentLineNumber - 1)
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def data(text: str) -> None:
        if stack:
            stack[-1].parts.append(text)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.buffer_text = True
    error = None
    try:
        parser.Parse(text, final)
    except expat.ExpatError as exc:
        line = first_line + (exc.lineno or 1) - 1
        error = HistoryError(f"the XML is broken: {expat.ErrorString(exc.code)}", line)
    return (root[0] if root else None), error


# ---------------------------------------------------------------------- the session header


@dataclass
class _Session:
    """What the session's <general> says for all its games."""

    line: int
    fields: dict[str, str] = field(default_factory=dict)
    broken: HistoryError | None = None

    @property
    def hero(self) -> str | None:
        return self.fields.get("nickname") or None


def _session(text: str, line: int) -> _Session:
    """The session header (``<session ...><general>...``, read up to the first game): its
    <general> children by name; a header broken after what a game needs is still read."""
    root, error = _parse(text, line, final=False)
    session = _Session(line)
    general = root.first("general") if root is not None else None
    if general is not None:
        for child in general.children:
            session.fields.setdefault(child.tag.lower(), child.text)
    if error is not None and not ("gametype" in session.fields and "nickname" in session.fields):
        session.broken = error
    return session


# ---------------------------------------------------------------------- cutting the text into games


class _Games:
    """Cuts a file's text, a chunk at a time, into its session headers and games (each with
    the line it starts on), never holding more than one game and one chunk."""

    def __init__(self) -> None:
        self.buf = ""
        self.line = 1  # the line of buf[0]
        self.scan = 0  # where the next tag search starts in buf
        self.mode = "outside"  # "header", "game", "skip"
        self.start = 0  # where the header or game began in buf

    def _line_at(self, k: int) -> int:
        return self.line + self.buf.count("\n", 0, k)

    def _drop(self, k: int) -> None:
        self.line += self.buf.count("\n", 0, k)
        self.buf = self.buf[k:]
        self.scan = max(0, self.scan - k)
        self.start = max(0, self.start - k)

    def _skip_markup(self, m: re.Match[str]) -> bool:
        """Past a comment or CDATA at ``m`` (True), or False when its end is yet to come."""
        end = self.buf.find("-->" if m.group() == "<!--" else "]]>", m.end())
        if end < 0 and len(self.buf) - m.start() > MAX_GAME_CHARS:  # never ends: read on as text
            self.scan = m.end()
            return True
        if end < 0:
            self.scan = m.start()
            return False
        self.scan = end + 3
        return True

    def _next_tag(self, eof: bool) -> re.Match[str] | None:
        """The next <game>, <session> tag (or their end tags) from ``scan``, skipping comments
        and CDATA; None when the buffer holds none (yet)."""
        while True:
            m = _TAG.search(self.buf, self.scan)
            if m is None:
                self.scan = len(self.buf) if eof else max(self.scan, len(self.buf) - _KEEP)
                return None
            if m.group() in ("<!--", "<![CDATA["):
                if not self._skip_markup(m):
                    return None
                continue
            if not eof and m.end() >= len(self.buf):  # the lookahead needs the next character
                self.scan = m.start()
                return None
            return m

    def feed(self, text: str, eof: bool = False) -> Iterator[tuple[str, int, str]]:
        """The (kind, line, text) of each session header ("session") and game ("game")
        complete so far; "cut" for a game that stops without its end, "long" for one too long."""
        self.buf += text
        while True:
            if self.mode == "game":
                m = self._game_end(eof)
                if m is None:
                    if len(self.buf) - self.start > MAX_GAME_CHARS:
                        yield "long", self._line_at(self.start), self.buf[self.start : self.start + 2000]
                        self.mode = "outside"
                        self._drop(len(self.buf) - _KEEP)
                        self.scan = 0
                        continue
                    if eof:
                        yield "cut", self._line_at(self.start), self.buf[self.start :]
                        self.mode = "outside"
                        self._drop(len(self.buf))
                    return
                if m.group(0).startswith("</game"):
                    yield "game", self._line_at(self.start), self.buf[self.start : m.end()]
                    end = m.end()
                else:  # a new game or session, or </session>, before this game ended
                    yield "cut", self._line_at(self.start), self.buf[self.start : m.start()]
                    end = m.start()
                self.mode = "outside"
                self._drop(end)
                self.scan = 0
                continue
            m = self._next_tag(eof)
            if self.mode == "header":
                if m is None and not eof and len(self.buf) - self.start <= MAX_GAME_CHARS:
                    return  # the header goes on
                end = len(self.buf) if m is None else m.start()
                yield "session", self._line_at(self.start), self.buf[self.start : end][:MAX_GAME_CHARS]
                self.mode = "outside"
                self._drop(end)
                self.scan = 0
                continue
            if m is None:  # nothing to keep but what a tag straddling two chunks needs
                self._drop(self.scan)
                return
            if m.group(1):  # </session> or a stray </game>: nothing to read
                self.scan = m.end()
                continue
            self.mode = "header" if m.group(2) == "session" else "game"
            self._drop(m.start())
            self.start = 0
            self.scan = m.end() - m.start()

    def _game_end(self, eof: bool) -> re.Match[str] | None:
        """The end of the game being cut (``</game>``), or what cuts it off: the next game or
        session starting, or ``</session>``; None when the buffer holds none of them (yet)."""
        while True:
            m = self._next_tag(eof)
            if m is None:
                return None
            if m.group(2) == "game" and m.group(1):
                close = _CLOSE_GAME.match(self.buf, m.start())
                if close is None and not eof and ">" not in self.buf[m.end() :]:
                    self.scan = m.start()
                    return None
                if close is None:  # a broken end tag: the parser says so
                    self.scan = m.end()
                    continue
                self.scan = close.end()
                return close
            return m


# ---------------------------------------------------------------------- reading a game


def _card(text: str, line: int) -> str | None:
    """An iPoker card (suit then rank: ``S10``, ``HA``) as ``Ts``, ``Ah``; None for ``X``."""
    t = text.strip().upper()
    if t and set(t) == {"X"}:
        return None
    if len(t) >= 2 and t[0] in _SUITS and t[1:] in _RANKS:
        return _RANKS[t[1:]] + t[0].lower()
    if len(t) >= 2 and t[-1] in _SUITS and t[:-1] in _RANKS:  # rank then suit, as other sites write
        return _RANKS[t[:-1]] + t[-1].lower()
    raise HistoryError(f"{text!r} is not a card", line)


def _game_of(gametype: str, line: int) -> str:
    """The registry name of a ``gametype`` (``7 Card Stud Hi-Lo L $1/$2``)."""
    t = gametype.lower()
    game = None
    if re.search(r"\brazz\b", t):
        game = "Razz"  # the registry's title (get_game reads titles too)
    elif re.search(r"(?:7|seven)[\s-]*card[\s-]*stud", t) or re.match(r"\s*stud\b", t):
        game = "stud8" if re.search(r"hi\s*[-/]?\s*lo|\blow\b|8\s*or\s*better|\bh/l\b", t) else "seven"
    elif re.search(r"(?:5|five)[\s-]*card[\s-]*stud", t):
        game = "five"
    if game is None:
        other = _OTHER_GAME.search(gametype)
        raise HistoryError(f"{other.group() if other else repr(gametype)} is not a stud game studeval reads", line)
    if _NOT_LIMIT.search(gametype):
        raise HistoryError(f"{gametype!r} is not fixed limit: studeval replays fixed-limit stud", line)
    return game


@dataclass
class _Act:
    no: int
    line: int
    name: str
    type: int
    sum: str


@dataclass
class _Step:
    """One betting action as the limits inference sees it (street totals, chips)."""

    street: int
    kind: str  # "bring_in", "aggressive", "all_in", "call"
    to: int  # the player's street total after it


@dataclass
class _Level:
    """A tournament's limits learnt from earlier hands at an ante and bring-in."""

    known: dict[tuple[int, int | None], tuple[int, int]] = field(default_factory=dict)


def _limits(
    steps: list[_Step], open_pair: set[int], ante: int, bring_in: int | None, memory: tuple[int, int] | None
) -> list[tuple[int, int, bool]]:
    """Candidate (small bet, big bet, inferred) of a hand whose header gives none, best first,
    each fitting every bet of the hand by the table rules (:func:`_fits`)."""
    candidates: list[tuple[int, int, bool]] = []
    low = max(bring_in or 0, 1)
    for all_in_reopens in (True, False):
        small: set[int] = set()
        big: set[int] = set()
        either: set[int] = set()
        street = -1
        full = 0
        for s in steps:
            if s.street != street:
                street, full = s.street, 0
            if s.kind == "aggressive":
                inc = s.to - full
                if s.street == 0 or (s.street == 1 and 1 not in open_pair):
                    small.add(inc)
                else:
                    (either if s.street == 1 else big).add(inc)
                full = s.to
            elif s.kind == "all_in" and all_in_reopens:
                full = max(full, s.to)
        if len(small) > 1 or len(big) > 1:
            continue
        sb = next(iter(small), None)
        bb = next(iter(big), None)
        rest = either - {x for x in (sb, bb) if x is not None}
        if sb is not None and bb is None and len(rest) == 1:
            bb = rest.pop()
        elif sb is None and bb is not None and len(rest) == 1:
            sb = rest.pop()
        elif sb is None and bb is None and rest:
            sb, bb = min(rest), (max(rest) if len(rest) > 1 else None)
        seen = sb is not None and bb is not None
        options: list[tuple[int | None, int | None]] = [(sb, bb)]
        if memory is not None:
            options.insert(0, memory)
        for s0, b0 in options:
            if sb is not None and s0 != sb or bb is not None and b0 != bb:
                continue
            if s0 is None and b0 is None:
                s0 = 2 * max(low, ante)
            if s0 is None:
                assert b0 is not None
                s0 = b0 // 2 if b0 % 2 == 0 and b0 // 2 >= low else b0
            if b0 is None:
                b0 = 2 * s0
            candidates.append((s0, b0, not seen))
        if sb is None and bb is not None and bb % 2 == 0:
            candidates.append((bb, bb, True))
        if bb is None and sb is not None:
            candidates.append((sb, sb, True))
    # all-ins bigger than any size seen: the sizes grown to hold them
    extra: list[tuple[int, int, bool]] = []
    for s0, b0, _ in candidates:
        grow_s = max([s0] + [_need(steps, 0)] + ([_need(steps, 1)] if 1 not in open_pair else []))
        grow_b = max([b0, 2 * grow_s] + [_need(steps, k) for k in range(2, 8)])
        if (grow_s, grow_b) != (s0, b0):
            extra.append((grow_s, grow_b, True))
    out: list[tuple[int, int, bool]] = []
    for c in candidates + extra:
        if c not in out and 0 < low <= c[0] <= c[1] and _fits(steps, c[0], c[1], open_pair, bring_in):
            out.append(c)
    return out


def _need(steps: list[_Step], street: int) -> int:
    """The largest street total any action reaches on a street (a lower bound of its bet size
    when no bet before it)."""
    return max((s.to for s in steps if s.street == street and s.kind in ("aggressive", "all_in")), default=0)


def _fits(steps: list[_Step], small: int, big: int, open_pair: set[int], bring_in: int | None) -> bool:
    """Whether every bet, completion and raise of the hand has a size the table rules allow
    at these limits (the engine's rules of :class:`~studeval.game.betting.BettingRound`)."""
    street = -1
    full = 0
    big_mode = False
    for s in steps:
        if s.street != street:
            street, full, big_mode = s.street, 0, s.street >= 2
        if s.kind == "bring_in":
            if s.to >= small:
                full = s.to
            continue
        if s.kind == "call":
            continue
        if big_mode:
            units: tuple[int, ...] = (big,)
        elif s.street in open_pair and big != small:
            units = (small, big)
        else:
            units = (small,)
        inc = s.to - full
        if s.kind == "aggressive" and inc not in units:
            return False
        if s.kind == "all_in" and inc > max(units):
            return False
        unit = big if big_mode else small
        if inc >= unit or 2 * inc >= unit:
            full = s.to
            if inc >= big and big != small:
                big_mode = True
    return True


class _Game:
    """One <game> read into a :class:`HandBuilder`."""

    def __init__(self, node: _Node, session: _Session, levels: _Level) -> None:
        self.node = node
        self.session = session
        self.levels = levels
        self.number = node.attrs.get("gamecode", "").strip()

    def read(self) -> HandHistory:
        first = self.read_once(community=None)
        if first[1]:  # the hand's limits or deal were guessed: take the reading the replay accepts
            alternatives = first[1]
            problems = verify(first[0])
            if problems:
                for option in alternatives:
                    try:
                        hh = self.read_once(**option)[0]
                    except ValueError:
                        continue
                    if not verify(hh):
                        return hh
        return first[0]

    def read_once(
        self, *, community: str | None = None, limits: tuple[int, int, bool] | None = None, bet_total: bool = False
    ) -> tuple[HandHistory, list[dict[str, Any]]]:
        """The hand read once (``community``: a river card read as the deck-exhaustion card;
        ``limits``: the tournament limits to use; ``bet_total``: a type 5 by a player with chips
        in the street read as his street total, not the chips added), and the other readings
        worth a try."""
        node, session = self.node, self.session
        if not ascii_number(self.number):  # a hand number in other digits would be a second hand
            raise HistoryError(f"<game> gamecode={self.number!r} is not a number in ASCII digits", node.line)
        alternatives: list[dict[str, Any]] = []
        options = {"community": community, "limits": limits, "bet_total": bet_total}
        general = node.first("general")
        if general is None:
            raise HistoryError("the game has no <general> (its date and players)", node.line)
        fields = session.fields
        gametype = fields.get("gametype") or _text(general.first("gametype"))
        if not gametype:
            raise HistoryError("the session header gives no <gametype>: the game is unknown", node.line)
        game = _game_of(gametype, node.line)
        stakes = _STAKES.search(gametype)
        tournament = stakes is None or bool(fields.get("tournamentname"))
        b = HandBuilder(NAME, self.number, game, scale=1 if tournament else 100, first_line=node.line)
        hero = session.hero

        players_node = general.first("players")
        listed = players_node.all("player") if players_node is not None else []
        rounds = sorted(node.all("round"), key=lambda r: self._int(r, "no", r.attrs.get("no")))
        acts: dict[int, list[_Act]] = {}
        cards: dict[int, list[_Node]] = {}
        for r in rounds:
            no = self._int(r, "no", r.attrs.get("no"))
            if no in acts:
                raise HistoryError(f"round {no} is written twice", r.line)
            acts[no] = sorted(
                (
                    _Act(
                        self._int(a, "no", a.attrs.get("no")),
                        a.line,
                        a.attrs.get("player", ""),
                        self._int(a, "type", a.attrs.get("type")),
                        a.attrs.get("sum", "0").strip() or "0",
                    )
                    for a in r.all("action")
                ),
                key=lambda a: a.no,
            )
            cards[no] = r.all("cards")
        # who is dealt in: an ante or cards (the line that first says so, for errors)
        dealt: dict[str, int] = {}
        for a in acts.get(0, []):
            if a.type == _ANTE:
                dealt.setdefault(a.name, a.line)
        for c in sorted((c for cs in cards.values() for c in cs), key=lambda c: c.line):
            dealt.setdefault(c.attrs.get("player", ""), c.line)

        # the table: only the players dealt in (empty seats and players sitting out are listed)
        win: dict[str, str] = {}
        seen_names: set[str] = set()
        for p in listed:
            name = p.attrs.get("name", "")
            b.line = p.line
            if name in seen_names and name:
                raise HistoryError(f"{name!r} is listed twice", p.line)
            seen_names.add(name)
            if name:  # an empty seat is listed with no name; a named one once, dealt in or not
                b.listed(self._int(p, "seat", p.attrs.get("seat")), name)
            if name not in dealt:
                if name and b.amount(p.attrs.get("win", "0") or "0"):
                    raise HistoryError(f"{name} wins without being dealt in", p.line)
                continue
            b.seat(self._int(p, "seat", p.attrs.get("seat")), name, p.attrs.get("chips", "0") or "0")
            win[name] = p.attrs.get("win", "0") or "0"
        for name, line in dealt.items():
            if name not in win:
                raise HistoryError(f"{name!r} has cards or an ante but no seat in <players>", line)
        stack = {name: b.players[name].stack for name in win}
        put = 0

        for a in acts.get(0, []):
            b.line = a.line
            if a.type != _ANTE:
                raise HistoryError(f"an action of type {a.type} among the antes (round 0)", a.line)
            chips = b.amount(a.sum)
            b.post_ante(a.name, a.sum)
            stack[a.name] -= chips
            put += chips
        if acts.get(1) or cards.get(1):
            where = (acts.get(1) or [])[:1] or cards.get(1) or []
            raise HistoryError("round 1 holds cards or actions: stud has none there", where[0].line)

        names = _FIVE_STREETS if len(b.game.streets[0].up) == 2 else _SEVEN_STREETS  # five card stud's are shifted
        streets = b.game.streets
        held: dict[str, list[str | None]] = {name: [] for name in win}  # every card as printed
        folded: set[str] = set()
        steps: list[_Step] = []
        open_pair: set[int] = set()
        bring_in_all_in: int | None = None
        ups: dict[str, list[str]] = {name: [] for name in win}
        for r in rounds:
            no = self._int(r, "no", r.attrs.get("no"))
            if no < 2:
                continue
            k = no - 2
            b.line = r.line
            if k >= len(streets):
                raise HistoryError(f"round {no}: {b.game.title} has {len(streets)} betting rounds", r.line)
            b.begin_street(k)
            live_now = [n for n in win if n not in folded]
            up = streets[k].up
            river_cards: dict[str, str] = {}
            deals: list[tuple[_Node, str, list[str | None]]] = []
            for c in cards.get(no, []):
                b.line = c.line
                name = c.attrs.get("player", "")
                kind = c.attrs.get("type", "").strip().lower()
                if kind in names and names[kind] != k:
                    raise HistoryError(f"{c.attrs.get('type')} cards in round {no} ({streets[k].name})", c.line)
                got = [_card(t, c.line) for t in c.text.split()]
                if len(got) != len(up):
                    raise HistoryError(f"{len(got)} cards dealt to {name} on {streets[k].name}", c.line)
                deals.append((c, name, got))
                if not any(up) and got[-1] is not None:
                    river_cards[name] = got[-1]
            # deck exhaustion: one card for everyone, printed as each player's last card
            board = community
            if board is None and not any(up) and len(b.game.streets[0].up) != 2:  # not five card stud
                counts: dict[str, int] = {}
                for v in river_cards.values():
                    counts[v] = counts.get(v, 0) + 1
                board = next((v for v, n in counts.items() if n >= 2), None)
                if board is None and len(win) >= 7 and river_cards and k == len(streets) - 1:
                    for v in dict.fromkeys(river_cards.values()):
                        alternatives.append({**options, "community": v})
            if board is not None and k == len(streets) - 1:
                b.line = deals[0][0].line if deals else r.line
                b.community(board)
                for _c, name, got in deals:
                    if got[-1] not in (None, board):
                        raise HistoryError(f"{name}'s river card {got[-1]} is not the community card {board}", _c.line)
            else:
                for c, name, got in deals:
                    b.line = c.line
                    if name not in held:
                        b.player(name)  # refused: not seated
                    held[name] += got
                    shown_up = [g for g, u in zip(got, up, strict=True) if u]
                    if any(g is None for g in shown_up):
                        raise HistoryError(f"{name}'s up card is hidden on {streets[k].name}", c.line)
                    ups[name] += [g for g in shown_up if g is not None]
                    if name == hero and all(g is not None for g in got):
                        b.deal(name, [g for g in got if g is not None])
                    else:
                        b.deal(name, [g for g in shown_up if g is not None])
            # the open-pair street: a big bet may be made (seven and five card stud)
            if k == 1 and b.game.open_pair and any(len({c[0] for c in ups[n]}) < len(ups[n]) for n in live_now):
                open_pair.add(k)
            street_in: dict[str, int] = {}
            for a in acts.get(no, []):
                b.line = a.line
                if a.type not in _ACTIONS:
                    raise HistoryError(f"action type {a.type} is not one iPoker writes in stud", a.line)
                if a.name not in stack:
                    b.player(a.name)  # refused: not seated
                    raise HistoryError(f"{a.name} acts without being dealt in", a.line)
                chips = b.amount(a.sum)
                before = street_in.get(a.name, 0)
                high = max(street_in.values(), default=0)
                if a.type == _ANTE:
                    raise HistoryError("an ante after the antes", a.line)
                if a.type == _BRING_IN:
                    all_in = chips >= stack[a.name]
                    b.bring_in_for(a.name, a.sum, all_in=all_in)
                    if all_in:
                        bring_in_all_in = chips
                    steps.append(_Step(k, "bring_in", before + chips))
                elif a.type == _FOLD:
                    b.fold(a.name)
                    folded.add(a.name)
                    chips = 0
                elif a.type == _CHECK:
                    b.check(a.name)
                    chips = 0
                elif a.type == _CALL:
                    b.call(a.name, a.sum)
                    steps.append(_Step(k, "call", before + chips))
                elif a.type == _BET and before and bet_total and chips > before:
                    b.bet_to(a.name, a.sum)  # the bring-in player completing after calls: unseen, so both readings
                    chips -= before
                    steps.append(_Step(k, "all_in" if chips >= stack[a.name] else "aggressive", before + chips))
                elif a.type == _BET:
                    if before and not bet_total:
                        alternatives.append({**options, "bet_total": True})
                    b.bet_by(a.name, a.sum)
                    steps.append(_Step(k, "all_in" if chips >= stack[a.name] else "aggressive", before + chips))
                elif a.type == _RAISE:
                    b.bet_to(a.name, a.sum)
                    chips = b.amount(a.sum) - before
                    steps.append(_Step(k, "all_in" if chips >= stack[a.name] else "aggressive", before + chips))
                else:  # all-in: the chips added, whatever they do
                    b.put_in(a.name, a.sum)
                    steps.append(_Step(k, "all_in" if before + chips > high else "call", before + chips))
                if chips > stack[a.name]:
                    raise HistoryError(f"{a.name} puts in {a.sum}, more than the {stack[a.name]} chips left", a.line)
                stack[a.name] -= chips
                street_in[a.name] = before + chips
                put += chips

        # the end: shown hands (written back into the deal), mucked ones, what each won
        live = [name for name in win if name not in folded]
        b.line = node.line
        for name in live:
            if name == hero:
                continue
            mine = held[name]
            down = [g for g, u in zip(mine, [u for s in streets for u in s.up], strict=False) if not u]
            if mine and all(g is not None for g in mine):
                b.shows(name, [g for g in mine if g is not None])
            elif any(g is not None for g in down):
                raise HistoryError(f"{name}'s hand is shown in part (some down cards X)", node.line)
            elif len(live) > 1:
                b.mucks(name)
        won = 0
        for name, text in win.items():
            chips = b.amount(text)
            if chips:
                b.collected(name, text)
            won += chips
        b.uncalled_in_collected = True
        if won > put:
            raise HistoryError(f"the players win {won} chips, {won - put} more than they put in", node.line)
        b.rake = put - won

        if tournament:
            b.fields["_tournament_name"] = fields.get("tournamentname") or fields.get("tablename") or ""
        if stakes is None:
            bring_in = b.bring_in
            # the level's limits, as earlier hands of the file showed them (same ante and bring-in,
            # else the same ante: the bring-in is not always stated)
            known = self.levels.known
            memory = known.get((b.ante, bring_in)) if bring_in is not None else None
            memory = memory or known.get((b.ante, None))
            if limits is None:
                found = _limits(steps, open_pair, b.ante, bring_in if bring_in is not None else bring_in_all_in, memory)
                if not found:
                    raise HistoryError("no small and big bet fit every bet of this tournament hand", node.line)
                limits = found[0]
                alternatives += [{**options, "limits": c} for c in found[1:]]
                if not limits[2]:
                    known[(b.ante, None)] = limits[:2]
                    if bring_in is not None:
                        known[(b.ante, bring_in)] = limits[:2]
            b.small_bet, b.big_bet = limits[0], limits[1]
            if limits[2]:
                b.fields["_limits_inferred"] = True
        else:  # the limits as the gametype gives them (a tournament's too, should one say them)
            b.line = node.line
            b.small_bet, b.big_bet = b.amount(stakes.group(2)), b.amount(stakes.group(3))
        if stakes is not None and not tournament:
            sign = stakes.group(1)
            currency = (fields.get("tablecurrency") or "").strip().upper() or _SIGNS.get(sign)
            if currency is None:
                currency = next((_SIGNS[ch] for p in listed for ch in p.attrs.get("chips", "") if ch in _SIGNS), None)
            if currency:
                b.fields["currency"] = currency
        if b.bring_in is None and bring_in_all_in is not None:
            b.bring_in = min(max(bring_in_all_in, b.small_bet // 2, 1), b.small_bet)
            b.fields["_bring_in_unknown"] = True
        table = _text(general.first("tablename")) or fields.get("tablename")
        if table:
            b.fields["table"] = table
        if hero:
            b.fields["_hero"] = hero
        start = general.first("startdate")
        if start is not None:
            with contextlib.suppress(ValueError):  # an unreadable date changes nothing in the hand
                when(b.fields, datetime.datetime.strptime(start.text, "%Y-%m-%d %H:%M:%S"), None)
        return b.history(), alternatives

    @staticmethod
    def _int(node: _Node, name: str, text: str | None) -> int:
        digits = (text or "").strip()
        if not ascii_number(digits) or len(digits) > 9:  # int() would take "+1", "1_0" and other scripts' digits
            raise HistoryError(f"<{node.tag}> {name}={text!r} is not a whole number", node.line)
        return int(digits)


# ---------------------------------------------------------------------- the file


def read_xml(chunks: Iterable[str], *, source: str) -> Iterator[Imported | Refused]:
    """The hands of an iPoker file's decoded text, given in chunks of any size: one
    :class:`Imported` or :class:`Refused` per ``<game>``, in order. The line of each is its
    ``<game>`` tag's, its number the ``gamecode``.

    >>> text = '<session><general><nickname>Ann</nickname><gametype>Razz L $1/$2</gametype>'
    >>> text += '</general>\\n<game gamecode="7"><general>'
    >>> [str(hand) for hand in read_xml([text], source="cut.xml")]
    ['cut.xml line 2: hand #7 the file ends inside this game (cut off)']
    """
    games = _Games()
    session: _Session | None = None
    levels = _Level()
    pending: list[str] = []
    size = 0

    def run(text: str, eof: bool) -> Iterator[Imported | Refused]:
        nonlocal session
        for kind, line, body in games.feed(text, eof):
            if kind == "session":
                session = _session(body, line)
                levels.known.clear()
                continue
            yield _one(kind, line, body, session, levels, source)

    for chunk in chunks:
        if not isinstance(chunk, str):
            raise TypeError(f"read_xml reads decoded text, got a chunk of {type(chunk).__name__}")
        pending.append(chunk)
        size += len(chunk)
        if size >= 8192:  # tiny chunks are gathered first: the cutting rescans less
            yield from run("".join(pending), False)
            pending, size = [], 0
    yield from run("".join(pending), True)


def _one(kind: str, line: int, body: str, session: _Session | None, levels: _Level, source: str) -> Imported | Refused:
    code = _GAMECODE.search(body[:2000])
    number = code.group(1).strip() if code else None
    if kind == "cut":
        return Refused(source, line, NAME, number, "the file ends inside this game (cut off)")
    if kind == "long":
        return Refused(source, line, NAME, number, f"longer than {MAX_GAME_CHARS:,} characters without its end")
    if session is None:
        return Refused(source, line, NAME, number, "no <session> header (hero, game) before this game")
    if session.broken is not None:
        return Refused(source, line, NAME, number, f"the session header is unreadable: {session.broken.reason}")
    node, error = _parse(body, line)
    if error is not None or node is None:
        err = error or HistoryError("the game is empty", line)
        return Refused(source, err.line or line, NAME, number, err.reason)
    try:
        history = _Game(node, session, levels).read()
    except HistoryError as exc:
        return Refused(source, exc.line or line, NAME, number, exc.reason)
    except ValueError as exc:  # the PHH checks of a history (a card dealt twice ...)
        return Refused(source, line, NAME, number, str(exc))
    return Imported(source, line, NAME, number or "", history)
