"""Winamax's text hand histories (seven card stud, stud hi-lo, razz; five card stud and
tournaments read as the format plausibly writes them).

The layout (the shared FORMATS.md notes, section 2, give every fact relied on)::

    Winamax Poker - CashGame - HandId: #12-345-1450000000 - 7-Card Stud fixed limit (0.50€/2€/4€) - 2016/01/05 20:15:00 UTC
    Table: 'Lyon' 6-max (real money)
    Seat 1: Alice (80€)
    Seat 2: Bob (45.50€)
    *** ANTE/BLINDS ***
    Alice posts ante 0.50€
    Bob posts ante 0.50€
    *** 3rd STREET ***                 (the play-money export: *** THIRD *** ... *** SEVENTH ***)
    Dealt to Alice [8c 3d 5s]          (the hero: his down cards are printed)
    Dealt to Bob [X X Kh]              (an opponent: X for a hidden card)
    Alice brings in 1€                 (the export: Alice bring-in 1)
    Bob raises 2€ to 2€                (the completion, written as a raise)
    *** 4th STREET ***
    Dealt to Bob [X X Kh] [Kd]         (the cards so far, then the new one; any order of names)
    ...
    *** SHOW DOWN ***
    Bob shows [As Ad Kh Kd 7c 8s 2c] (Two pairs : Aces and Kings)
    Bob collected 20€ from pot         (after the rake, uncalled chips included; pot(HI), pot(LO))
    *** SUMMARY ***
    Total pot 20€ | Rake 1€            (after the rake, uncalled chips included)
    Seat 2: Bob showed [As Ad Kh Kd 7c 8s 2c] and won 20€ with Two pairs : Aces and Kings

The header's three stakes are the ante, the small bet and the big bet. Amounts have a decimal
point and no thousands separator, the euro sign after the number (``2417.80€``, ``5€``); play
money and tournament chips are bare. Money is read in cents (``_scale = 100``), tournament and
play chips as they are (``_scale = 1``; play money with decimals in cents).

The quirks read here:

- ``raises A to B``: ``B`` is the street total when it is more than the bet faced (or when only
  the total reading is a legal raise), else the chips added, and then the player must be all in
  (the "negative raise" ``raises -A€ to B€`` of a bring-in player going all in).
- No all-in marker, no uncalled-bet line: ``collected`` and ``Total pot`` include the uncalled
  chips, which the builder works out from what each put in (``uncalled_in_collected``).
- ``Total pot`` is after the rake: the collected lines must add up to it, and it with the rake
  to everything put in, or the hand is refused; the pot checked by the replay is derived.
- A hand with no ``Dealt to`` line at all (the play-money export) cannot tell who brings in or
  acts first: it is refused with that reason.
- The hero (``_hero``) is the player whose down cards are printed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from studeval.cards import parse_cards
from studeval.game.phh import HandHistory
from studeval.histories.builder import HandBuilder, HistoryError, level, when_matched

__all__ = ["SITE"]

_GAME = re.compile(
    r"(?P<stud8>7[- ]?card[- ]stud[- ]?hi[- /]?lo(?:[- ]?8)?|7[- ]?stud[- ]?8|stud[- ]?8|stud[- ]hi[- /]?lo)"
    r"|(?P<five>5[- ]?card[- ]stud|5[- ]?stud)"
    r"|(?P<razz>razz)"
    r"|(?P<seven>7[- ]?card[- ]stud|7[- ]?stud|stud)",
    re.IGNORECASE,
)
_OTHER_GAME = re.compile(r"hold'?em|omaha|draw|badugi|courchevel", re.IGNORECASE)
_AMOUNT = r"(-?[0-9][0-9,]*(?:\.[0-9]+)?\s*(?:€|EUR)?)"
_STAKES = re.compile(r"\((?P<a>[^()/]+)/(?P<b>[^()/]+)(?:/(?P<c>[^()/]+))?\)")
_WHEN = re.compile(r"([0-9]{4})/([0-9]{1,2})/([0-9]{1,2}) ([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?: ([A-Z]{2,5}))?")
_TOURNAMENT = re.compile(r"Tournament|Sit ?& ?Go|Expresso|Go Fast|Freeroll", re.IGNORECASE)
_TOURNAMENT_NAME = re.compile(r"\"(?P<name>[^\"]*)\"")
_LEVEL = re.compile(r"level:?\s*(?P<level>[0-9]+|[IVXLC]+)\b", re.IGNORECASE)
_TABLE = re.compile(r"Table: '(?P<table>.*)'(?: (?P<max>[0-9]+)-max)?(?: \((?P<money>real|play) money\))?.*\Z")
_TABLE_TOURNAMENT = re.compile(r"\((?P<id>[0-9]+)\)#[0-9]+\Z")
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<name>.+) \((?P<stack>[^()]+?)(?:, [^()]*)?\)(?P<out>\s*\(?(?:sitting out|out of hand).*)?\Z",
    re.IGNORECASE,
)
_BUTTON = re.compile(r"Seat #[0-9]+ is the button\Z")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
_STREET = re.compile(
    r"\*\*\* (?:(?P<n>[1-7])(?:st|nd|rd|th) STREET|(?P<word>FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH)(?: STREET)?)"
    r" \*\*\*(?:\s*\[(?P<card>[^\]]*)\])?\Z",
    re.IGNORECASE,
)
_MARKER = re.compile(r"\*\*\* (?P<what>[^*]+?) \*\*\*(?:\s*\[[^\]]*\])?\Z")
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_TOTAL = re.compile(
    r"Total pot (?P<total>"
    + _AMOUNT[1:-1]
    + r")(?:.*?\|\s*(?:Rake (?P<rake>"
    + _AMOUNT[1:-1]
    + r")|(?P<none>No rake)))?",
    re.IGNORECASE,
)

# What may follow a player's name (the leading space included).
_ANTE = re.compile(r" posts ante " + _AMOUNT + r"(?: and is all-in)?\Z")
_BRING_IN = re.compile(
    r" (?:brings in|bring-in|brings-in|brings in for)(?: for)? " + _AMOUNT + r"(?: and is all-in)?\Z"
)
_BETS = re.compile(r" bets " + _AMOUNT + r"(?: and is all-in)?\Z")
_RAISES = re.compile(r" raises " + _AMOUNT + r" to " + _AMOUNT + r"(?: and is all-in)?\Z")
_COMPLETES = re.compile(r" completes(?: it)? to " + _AMOUNT + r"(?: and is all-in)?\Z")
_CALLS = re.compile(r" calls " + _AMOUNT + r"(?: and is all-in)?\Z")
_CHECKS = re.compile(r" checks\Z")
_FOLDS = re.compile(r" folds(?: \[[^\]]*\])?\Z")
_SHOWS = re.compile(r" shows \[(?P<cards>[^\]]*)\](?: \(.*\))?.*\Z")
_MUCKS = re.compile(r" (?:mucks(?: hand)?|doesn't show(?: hand)?)\Z")
_COLLECTED = re.compile(
    r" collected " + _AMOUNT + r" from (?:the )?(?:main |side )?pot(?:\s*-?\s*[0-9]+)?\s*(?:\((?:HI|LO|HIGH|LOW)\))?\Z",
    re.IGNORECASE,
)
_SUMMARY_SEAT = re.compile(r"Seat [0-9]+: (?P<rest>.*)\Z")
_SHOWED = re.compile(r" (?:\([^)]*\) )?showed \[(?P<cards>[^\]]*)\]")
_NOTHING = re.compile(
    r" (?:sits out|is sitting out|is disconnected|is connected|has timed out.*|has returned|is back"
    r"|leaves the table|joins the table.*|sits down.*|will be allowed to play.*|said, .*|says: .*"
    r"|is timed out.*|wins the tournament.*|finished the tournament.*)\Z",
    re.IGNORECASE,
)


_DECIMAL_COMMA = re.compile(r"([0-9]+),([0-9]{2})\s*(?:€|EUR)\Z")


def _chips(b: HandBuilder, text: str) -> int:
    """A Winamax amount (``2417.80€``, ``5€``, ``1500``) in whole chips at the hand's scale.

    Money has no thousands separator, so a comma before two last digits of a euro amount is a
    decimal comma (``2,50€``); in chips a comma separates thousands (``1,500``).
    """
    text = _DECIMAL_COMMA.sub(r"\1.\2", text.strip())
    if "," in text and ("€" in text or "EUR" in text):  # euros have no thousands separator: 1,500€ is no amount
        raise b.fail(f"amount {text!r} is not a euro amount as Winamax writes them (2417.80€, 2,50€)")
    return b.amount(text.replace("€", "").replace("EUR", "").strip())


def _header(number: str | None, head: str, line: int, has_decimals: bool) -> HandBuilder:
    plain = _TOURNAMENT_NAME.sub("", head)  # a tournament's name may hold a game's name
    game = _GAME.search(plain)
    if game is None:
        other = _OTHER_GAME.search(plain)
        raise HistoryError(f"{other.group() if other else 'the game'} is not a stud game studeval reads", line)
    name = next(k for k, v in game.groupdict().items() if v)
    stakes = _STAKES.search(plain, game.end()) or _STAKES.search(plain)
    if stakes is None:
        raise HistoryError("the header gives no stakes (ante/small bet/big bet)", line)
    tournament = _TOURNAMENT.search(head) is not None and "CashGame" not in head
    money = not tournament and "€" in stakes.group()
    scale = 100 if money or (not tournament and has_decimals) else 1
    b = HandBuilder(
        "winamax",
        number or "",
        name,  # the pattern's groups are named after the registry's games
        scale=scale,
        first_line=line,
    )
    parts = [stakes.group(k) for k in ("a", "b", "c") if stakes.group(k) is not None]
    try:
        if len(parts) == 3:  # ante / small bet / big bet
            b.ante, b.small_bet, b.big_bet = (_chips(b, p) for p in parts)
        else:  # small bet / big bet: the ante comes from the antes posted
            b.small_bet, b.big_bet = (_chips(b, p) for p in parts)
    except HistoryError as exc:
        raise HistoryError(f"the stakes {stakes.group()!r}: {exc.reason}", line) from None
    if money:
        b.fields["currency"] = "EUR"
    if tournament:
        title = _TOURNAMENT_NAME.search(head)
        if title:
            b.fields["event"] = title.group("name")
        at = _LEVEL.search(plain)
        if at:
            level(b.fields, at.group("level").upper())
        if number:
            b.fields["_tournament"] = int(number.split("-")[0]) if number.split("-")[0].isdigit() else 0
        else:
            b.fields["_tournament"] = 0
    stamp = _WHEN.search(plain)
    if stamp:
        when_matched(b.fields, stamp, line)
    return b


@dataclass
class _Hand:
    """One hand being read: the builder, and what the reader needs to know of the betting."""

    b: HandBuilder
    section: str = "seats"
    first_ordinal: int = 0
    street_line: int = 0
    street_in: dict[str, int] = field(default_factory=dict)
    bet: int = 0  # the bet faced on this street (the bring-in is not a bet)
    dealt_lines: int = 0
    collected: int = 0
    printed_total: int | None = None
    prefer_added: bool = True  # an ambiguous raise line: the chips added by an all-in player
    ambiguous: bool = False  # such a line was met
    total_line: int = 0
    community: int = -1  # the community card of deck exhaustion
    shown: set[str] = field(default_factory=set)  # the players whose shows line was read

    # ------------------------------------------------------------------ streets and cards

    def street(self, m: re.Match[str], line: int) -> None:
        b = self.b
        ordinal = int(m.group("n")) if m.group("n") else _ORDINALS[m.group("word").lower()]
        if b.street < 0:
            first = (1, 2) if len(b.game.streets[0].up) == 2 else (3,)  # five card stud: 2nd street on
            if ordinal not in first:
                raise b.fail(f"{b.game.title} does not begin with street {ordinal} ({m.group().strip()!r})")
            self.first_ordinal = ordinal
        b.begin_street(ordinal - self.first_ordinal)
        self.section, self.street_line = "streets", line
        self.street_in, self.bet = {}, 0
        if m.group("card"):  # deck exhaustion: the one card for all
            b.community(m.group("card").strip())
            self.community = _card(b, m.group("card").strip())

    def dealt(self, rest: str) -> None:
        b = self.b
        found = b.name_at_start(rest)
        if found is None or not found[1].startswith(" ["):
            raise b.fail(f"cards dealt to someone not seated: {rest!r}")
        groups = _BRACKETS.findall(found[1])
        if not groups:
            raise b.fail(f"no cards in 'Dealt to {rest}'")
        name = found[0].name
        if b.street > 0 and len(groups) > 1:  # the cards so far, repeated (X hidden): checked, not trusted
            b.repeated(name, [t for t in " ".join(groups[:-1]).split() if t.upper() != "X"])
        tokens = " ".join(groups).split() if b.street == 0 else groups[-1].split()
        known = [t for t in tokens if t.upper() != "X"]
        self.dealt_lines += 1
        if b.street == 0 and known and len(known) == len(tokens) and len(tokens) > 1:
            b.fields["_hero"] = name  # the one whose down cards are printed
        if not known:
            return  # a hidden card (an opponent's seventh)
        if b.street == 0 and len(known) < len(tokens):
            ups = b.game.streets[0].up
            if len(tokens) != len(ups) or any((t.upper() != "X") != u for t, u in zip(tokens, ups, strict=True)):
                raise b.fail(f"the hidden and shown cards of {name} do not fit {b.game.streets[0].name}")
        b.deal(name, known)

    # ------------------------------------------------------------------ betting

    def _before_action(self) -> None:
        b = self.b
        if b.street == 0 and not self.dealt_lines:
            raise HistoryError(
                f"no cards dealt on {b.game.streets[0].name} (no 'Dealt to' line, as in the play-money export):"
                " who brings in and who acts first are unknown, the hand cannot be replayed",
                self.street_line,
            )

    def _left(self, name: str) -> int:
        p = self.b.player(name)
        return p.stack - p.invested

    def _sizes(self) -> set[int]:
        b = self.b
        if b.street == 0:
            return {b.small_bet}
        if b.street == 1:  # an open pair on the second dealt street allows the big bet
            return {b.small_bet, b.big_bet}
        return {b.big_bet}

    def bring_in(self, name: str, text: str) -> None:
        self._before_action()
        b = self.b
        chips = _chips(b, text)
        left = self._left(name)
        short = chips == left and (not b.ante or chips < 2 * b.ante)  # all in for less than the bring-in
        b.bring_in_for(name, _text(b, chips), all_in=short)
        self.street_in[name] = chips

    def bets(self, name: str, text: str) -> None:
        self._before_action()
        b = self.b
        chips = _chips(b, text)
        mine, high = self.street_in.get(name, 0), max(self.street_in.values(), default=0)
        if not mine or chips > high:  # an opening bet; the bring-in player's completion, to a total
            b.bet_to(name, _text(b, chips))
            self.street_in[name] = chips
        else:
            b.put_in(name, _text(b, chips))
            self.street_in[name] = mine + chips
        self.bet = max(self.street_in.values())

    def raises(self, name: str, to_text: str) -> None:
        """``raises A to B``: B the street total (the safe reading of FORMATS.md 2.4), else the
        chips added by a player going all in (the negative raise), or a full raise written as
        the chips added by a player who already has chips in. A line that both readings fit
        (a full raise to B, or all in adding B) is read by :attr:`prefer_added`."""
        self._before_action()
        b = self.b
        to = _chips(b, to_text)
        mine, high = self.street_in.get(name, 0), max(self.street_in.values(), default=0)
        left = self._left(name)
        sizes = self._sizes()
        full_total = to > high and to - mine <= left and to - self.bet in sizes
        all_in_added = to == left
        if full_total and all_in_added and mine:
            self.ambiguous = True
            added = self.prefer_added
        elif full_total:
            added = False
        elif all_in_added or (mine and to < left and mine + to > high and mine + to - self.bet in sizes):
            added = True
        elif to > high:
            added = False  # an all-in to a total, or a size the replay will judge
        else:
            raise b.fail(f"{name} raises to {to_text}, not more than the bet of {_text(b, high)}, without going all in")
        if added:
            b.put_in(name, _text(b, to))
            self.street_in[name] = mine + to
        else:
            b.bet_to(name, _text(b, to))
            self.street_in[name] = to
        self.bet = max(self.bet, max(self.street_in.values()))

    def calls(self, name: str, text: str) -> None:
        self._before_action()
        b = self.b
        chips = _chips(b, text)
        b.call(name, _text(b, chips))
        self.street_in[name] = self.street_in.get(name, 0) + chips

    # ------------------------------------------------------------------ the lines

    def action(self, line: str) -> None:
        b = self.b
        if line.startswith("Dealt to "):
            self.dealt(line[len("Dealt to ") :])
            return
        found = b.name_at_start(line)
        if found is None:
            if _BUTTON.match(line):
                return
            raise b.fail(f"unreadable line {line!r}")
        player, rest = found
        name = player.name
        if m := _ANTE.match(rest):
            b.post_ante(name, _text(b, _chips(b, m.group(1))))
        elif m := _BRING_IN.match(rest):
            self.bring_in(name, m.group(1))
        elif m := _BETS.match(rest):
            self.bets(name, m.group(1))
        elif m := _RAISES.match(rest):
            self.raises(name, m.group(2))
        elif m := _COMPLETES.match(rest):
            self.raises(name, m.group(1))
        elif m := _CALLS.match(rest):
            self.calls(name, m.group(1))
        elif _CHECKS.match(rest):
            self._before_action()
            b.check(name)
        elif _FOLDS.match(rest):
            self._before_action()
            b.fold(name)
        elif m := _SHOWS.match(rest):
            self.show(name, m.group("cards"))
        elif _MUCKS.match(rest):
            b.mucks(name)
        elif m := _COLLECTED.match(rest):
            chips = _chips(b, m.group(1))
            b.collected(name, _text(b, chips))
            self.collected += chips
        elif _NOTHING.match(rest):
            return
        else:
            raise b.fail(f"unreadable line {line!r}")

    def show(self, name: str, cards: str) -> None:
        # under deck exhaustion the shown hand holds the community card, not his own
        b = self.b
        b.shows(name, [c for c in cards.split() if _card(b, c) != self.community])
        self.shown.add(name)

    def summary(self, line: str) -> None:
        b = self.b
        seat = _SUMMARY_SEAT.match(line)
        if seat:  # the seats' summary repeats the hand; a hand shown only here is read
            found = b.name_at_start(seat.group("rest"))
            showed = _SHOWED.match(found[1]) if found else None
            if found and showed and found[0].name not in self.shown and not found[0].folded:
                self.show(found[0].name, showed.group("cards"))
            return
        m = _TOTAL.match(line)
        if m is None:
            return
        self.printed_total = _chips(b, m.group("total"))
        b.rake = _chips(b, m.group("rake")) if m.group("rake") else 0
        self.total_line = b.line

    def finish(self, last_line: int) -> HandHistory:
        b = self.b
        if self.printed_total is None:
            raise HistoryError("the hand has no summary with its total pot and rake (cut short?)", last_line)
        b.line = self.total_line
        if b.street >= 0 and not self.dealt_lines:
            raise HistoryError(
                "no cards dealt at all (no 'Dealt to' line, as in the play-money export):"
                " who brings in and who acts first are unknown, the hand cannot be replayed",
                self.street_line,
            )
        if self.collected != self.printed_total:
            raise b.fail(
                f"the amounts collected add up to {_text(b, self.collected)}, the summary's total pot is"
                f" {_text(b, self.printed_total)}"
            )
        put_in = sorted((p.invested for p in b.players.values()), reverse=True)
        if self.printed_total + b.rake != sum(put_in):
            raise b.fail(
                f"the total pot {_text(b, self.printed_total)} and rake {_text(b, b.rake)} are not the"
                f" {_text(b, sum(put_in))} put in"
            )
        uncalled = put_in[0] - put_in[1] if len(put_in) > 1 else 0
        b.total_pot = sum(put_in) - uncalled  # before the rake, the uncalled chips given back
        return b.history()


def _card(b: HandBuilder, text: str) -> int:
    """A card's code (-1 for a text that is not one card: the builder refuses it where it matters)."""
    try:
        cards = parse_cards(text)
    except ValueError:
        return -1
    return cards[0] if len(cards) == 1 else -1


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _text(b: HandBuilder, chips: int) -> str:
    """Chips as text the builder reads back to the same chips."""
    return str(chips) if b.scale == 1 else _money(chips)


def read_hand(lines: Sequence[tuple[int, str]]) -> HandHistory:
    """One Winamax hand's numbered lines to its :class:`HandHistory` (or :class:`HistoryError`).

    >>> hand = '''Winamax Poker - CashGame - HandId: #7-21-1452025200 - Razz fixed limit (0.50€/2€/4€) - 2016/01/05 20:20:00 UTC
    ... Table: 'Nice' 6-max (real money)
    ... Seat 1: Ann (20€)
    ... Seat 2: Bob (20€)
    ... *** ANTE/BLINDS ***
    ... Ann posts ante 0.50€
    ... Bob posts ante 0.50€
    ... *** 3rd STREET ***
    ... Dealt to Ann [2c 3d Kc]
    ... Dealt to Bob [X X 4h]
    ... Ann brings in 1€
    ... Bob folds
    ... Ann collected 2€ from pot
    ... *** SUMMARY ***
    ... Total pot 2€ | Rake 0€
    ... Seat 1: Ann won 2€'''
    >>> hh = read_hand(list(enumerate(hand.splitlines(), 1)))
    >>> hh.actions, hh.extra["hand"], hh.extra["_hero"]
    (['d dh p1 2c3dKc', 'd dh p2 ????4h', 'p1 pb', 'p2 f'], '7-21-1452025200', 'Ann')
    >>> hh.extra["winnings"], hh.extra["_returned"], hh.finishing_stacks
    ([100, 0], [100, 0], [2050, 1950])
    """
    hh, ambiguous = _read(lines, prefer_added=True)
    if ambiguous:  # a raise line both readings fit: the one the replay agrees with
        from studeval.histories.verify import verify  # here: the package imports this module

        if isinstance(hh, HistoryError) or verify(hh):
            try:
                other, _ = _read(lines, prefer_added=False)
            except ValueError:  # the PHH checks refuse the other reading: keep the first
                other = None
            if isinstance(other, HandHistory) and not verify(other):
                return other
    if isinstance(hh, HistoryError):
        raise hh
    return hh


def _read(lines: Sequence[tuple[int, str]], *, prefer_added: bool) -> tuple[HandHistory | HistoryError, bool]:
    """The hand read one way (its history or why not), and whether a raise line was ambiguous."""
    first_no, first = lines[0]
    m = SITE.start.match(first.strip())
    if not m:
        raise HistoryError("not the first line of a hand", first_no)
    decimals = any(re.search(r"[0-9]\.[0-9]", text) for _, text in lines[1:] if not text.lstrip().startswith("Table:"))
    b = _header(m.group("number"), m.group("rest"), first_no, decimals)
    b.uncalled_in_collected = True
    hand = _Hand(b, street_line=first_no, prefer_added=prefer_added)
    try:
        return _feed(hand, lines), hand.ambiguous
    except HistoryError as exc:
        return exc, hand.ambiguous


def _feed(hand: _Hand, lines: Sequence[tuple[int, str]]) -> HandHistory:
    """The hand's lines after the first, read into ``hand``; its history."""
    b = hand.b
    for no, raw in lines[1:]:
        b.line = no
        line = raw.strip()
        if not line:
            continue
        if hand.section == "summary":
            hand.summary(line)
            continue
        street = _STREET.match(line)
        if street:
            hand.street(street, no)
            continue
        marker = _MARKER.match(line)
        if marker:
            what = marker.group("what").upper()
            if what == "SUMMARY":
                hand.section = "summary"
            elif what in ("ANTE/BLINDS", "ANTE", "ANTES", "BLINDS"):
                hand.section = "antes"
            elif what in ("SHOW DOWN", "SHOWDOWN"):
                hand.section = "showdown"
            else:
                raise b.fail(f"unknown street marker {line!r}")
            continue
        if hand.section == "seats":
            t = _TABLE.match(line)
            if t:
                b.fields["table"] = t.group("table")
                if t.group("max"):
                    b.fields["seat_count"] = int(t.group("max"))
                tid = _TABLE_TOURNAMENT.search(t.group("table"))
                if tid and "_tournament" in b.fields:
                    b.fields["_tournament"] = int(tid.group("id"))
                continue
            s = _SEAT.match(line)
            if s:
                b.listed(int(s.group("seat")), s.group("name"))  # a seat taken twice is refused, dealt in or not
                if not s.group("out"):
                    b.seat(int(s.group("seat")), s.group("name"), _text(b, _chips(b, s.group("stack"))))
                continue
        hand.action(line)
    return hand.finish(lines[-1][0])


@dataclass(frozen=True)
class _Site:
    """Winamax as :mod:`studeval.histories` reads it (a :class:`~studeval.histories.hand.LineSite`)."""

    name: str
    start: re.Pattern[str]

    def read(self, lines: Sequence[tuple[int, str]]) -> HandHistory:
        return read_hand(lines)


#: The site, as :mod:`studeval.histories` reads it.
SITE = _Site(
    name="winamax",
    start=re.compile(r"Winamax Poker - (?=(?:.*?HandId: #(?P<number>[0-9A-Za-z]+(?:-[0-9A-Za-z]+)*))?)(?P<rest>.*)\Z"),
)
