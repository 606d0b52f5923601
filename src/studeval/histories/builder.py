"""One site hand as it is read, line by line, turned into a PHH :class:`HandHistory`.

Every site reader feeds the same :class:`HandBuilder`: the table's seats and stacks, the
antes, each street's deal (``None`` for a card the history hides), each action with the
site's amounts, the shown hands, the uncalled bets returned, the amounts collected and the
rake. The builder knows the stud deal of each game (from :mod:`studeval.games`), so a site
reader only says what the text says.

Amounts are exact: a site's text (``$1,234.56``, ``€0.02``, ``1,500``) is read as a
:class:`~decimal.Decimal` and scaled to whole chips for the engine by the hand's ``scale``
(100 for money, cents; 1 for tournament chips); an amount that is not a whole number of
chips at that scale is refused, never rounded. The scale is recorded as ``_scale``.

The amounts' grammar is what the sites write (../shared/histories/FORMATS.md): ASCII digits,
commas only as thousands separators (every three digits), a decimal point, at most one
currency sign (``$``, ``€``, ``£``) before the number or a euro sign or currency code after
it, in the hand's currency. Anything else (``$1,00``, a Unicode minus, ``USD$1``, another
script's digits) is refused naming the text, never read as a nearby number. A site that
writes another form (Winamax's decimal comma) turns it into this one first.

>>> b = HandBuilder("pokerstars", "42", "razz", scale=100, first_line=1)
>>> b.amount("$1,234.56")
123456
>>> b.amount("$0.015")
Traceback (most recent call last):
...
studeval.histories.builder.HistoryError: amount '$0.015' is not a whole number of cents
>>> b.amount("$12,50")
Traceback (most recent call last):
...
studeval.histories.builder.HistoryError: amount '$12,50' is not an amount as the sites write them (ASCII digits, a comma every three digits, a decimal point, one currency sign)
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from studeval.cards import format_cards, parse_cards
from studeval.game.phh import HandHistory
from studeval.game.structure import MAX_CHIPS, MAX_SEATS
from studeval.games import get_game

__all__ = [
    "MAX_AMOUNT_CHARS",
    "MAX_HAND_LINES",
    "MAX_SEAT_NUMBER",
    "HandBuilder",
    "HistoryError",
    "ascii_number",
    "level",
    "when",
    "when_matched",
]

#: The most lines one hand may have (a full eight-handed stud hand is about 120); more is
#: not a hand but a file that lost its separators, and is refused rather than read on.
MAX_HAND_LINES = 2000

#: The longest amount text read (a stack of 10**15 chips with separators and a sign is 26).
MAX_AMOUNT_CHARS = 32
#: The highest seat number a site prints (iPoker lists ten seats; the others fewer).
MAX_SEAT_NUMBER = 10
# The grammar of every site's amounts (FORMATS.md): no pattern of "anything, then digits".
_AMOUNT = re.compile(
    r"(?P<sign>[$\u20ac\u00a3]?)(?P<number>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<fraction>[0-9]+))?"
    r"(?P<after>\u20ac| (?:USD|EUR|GBP))?\Z",
    re.ASCII,
)
_CURRENCY = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}
_DIGITS = re.compile(r"[0-9]+\Z", re.ASCII)


def ascii_number(text: str) -> bool:
    """Whether a number's text is ASCII digits only (``str.isdigit`` takes any script's).

    >>> ascii_number("300001"), ascii_number("\uff13"), ascii_number("")
    (True, False, False)
    """
    return _DIGITS.match(text) is not None


class HistoryError(ValueError):
    """A hand the reader cannot read: ``line`` is its line in the file (None: the hand as a whole)."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


@dataclass
class _Player:
    name: str
    seat: int
    stack: int
    cards: list[int] = field(default_factory=list)  # -1: a card the history hides
    folded: bool = False
    index: int = 0  # p1, p2, ... once the first street is dealt
    collected: int = 0
    returned: int = 0
    invested: int = 0  # what the site says the player put in (antes, bets), before returns


class HandBuilder:
    """Collects one hand's facts as a site prints them; :meth:`history` gives its PHH form.

    ``site`` names the reader (``_site``), ``number`` is the site's hand number (``hand``),
    ``game`` a name :func:`studeval.games.get_game` knows, ``scale`` the chips per currency
    unit (100: cents) or 1 for chips, ``first_line`` the hand's first line in its file.
    """

    def __init__(self, site: str, number: str, game: str, *, scale: int, first_line: int) -> None:
        self.site = site
        self.number = number
        self.game = get_game(game, stud=True)
        if self.game.phh is None:  # pragma: no cover - every stud game has a PHH code (tests/test_games.py)
            raise HistoryError(f"{self.game.title} has no PHH code", first_line)
        self.variant: str = self.game.phh
        self.scale = scale
        self.first_line = first_line
        self.line = first_line  # the line being read, for error messages
        self.players: dict[str, _Player] = {}
        self.fields: dict[str, Any] = {}
        self.ante = 0
        self.bring_in: int | None = None
        self.small_bet = 0
        self.big_bet = 0
        self.rake = 0
        self.total_pot: int | None = None
        #: True where the site prints no uncalled bets and pays them back inside the amounts
        #: collected (iPoker, Winamax): :meth:`history` then works them out from what each put in.
        self.uncalled_in_collected = False
        self.actions: list[str] = []
        self.lines: list[int | None] = []
        self.street = -1
        self._street_in: dict[str, int] = {}
        self._dealt: dict[str, list[int | None]] | None = None
        self._anted: set[str] = set()
        self._order: list[_Player] = []
        self._listed: dict[int, str] = {}  # every seat listed, the dealt-in and the others

    # ------------------------------------------------------------------ reading amounts, names

    def fail(self, reason: str) -> HistoryError:
        """The error for the line being read."""
        return HistoryError(reason, self.line)

    def amount(self, text: str) -> int:
        """A site's amount in whole chips at the hand's scale (exact, or refused naming the text)."""
        if len(text) > MAX_AMOUNT_CHARS:
            raise self.fail(f"amount {text[:MAX_AMOUNT_CHARS]!r}... is longer than {MAX_AMOUNT_CHARS} characters")
        m = _AMOUNT.match(text.strip(" \t"))  # ASCII blanks only: no other script's spaces
        if not m:
            raise self.fail(
                f"amount {text!r} is not an amount as the sites write them "
                "(ASCII digits, a comma every three digits, a decimal point, one currency sign)"
            )
        after = (m.group("after") or "").strip()
        currency = _CURRENCY.get(m.group("sign")) or _CURRENCY.get(after) or (after or None)
        if m.group("sign") and after and _CURRENCY.get(m.group("sign")) != _CURRENCY.get(after, after):
            raise self.fail(f"amount {text!r} has two currencies")
        hand = self.fields.get("currency")
        if currency and hand and currency != hand:
            raise self.fail(f"amount {text!r} is not in the hand's currency ({hand})")
        try:
            value = Decimal(m.group("number").replace(",", "") + "." + (m.group("fraction") or "0")) * self.scale
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            raise self.fail(f"amount {text!r} is not a number") from None
        if value != value.to_integral_value():
            raise self.fail(f"amount {text!r} is not a whole number of {'cents' if self.scale == 100 else 'chips'}")
        if value > MAX_CHIPS:
            raise self.fail(f"amount {text!r} is more than the limit of {MAX_CHIPS} chips")
        return int(value)

    def player(self, name: str) -> _Player:
        """The seated player of a name the text gives."""
        p = self.players.get(name)
        if p is None:
            raise self.fail(f"{name!r} is not seated at this table")
        return p

    def name_at_start(self, text: str) -> tuple[_Player, str] | None:
        """The seated player whose name begins ``text`` (the longest such name; names may hold
        spaces and colons), with the rest of the text."""
        best = None
        for name, p in self.players.items():
            if text.startswith(name) and (best is None or len(name) > len(best.name)):
                best = p
        return None if best is None else (best, text[len(best.name) :])

    # ------------------------------------------------------------------ the table

    def listed(self, seat: int, name: str) -> None:
        """A seat the table lists, whether or not its player is dealt in: no seat listed twice,
        no player in two seats, seats 1 to :data:`MAX_SEAT_NUMBER`."""
        if type(seat) is not int or not 1 <= seat <= MAX_SEAT_NUMBER:
            raise self.fail(f"seat {seat!r} is not a seat 1..{MAX_SEAT_NUMBER}")
        there = self._listed.get(seat)
        if there is not None and there != name:
            raise self.fail(f"seat {seat} is taken twice ({there!r} and {name!r})")
        if there is None and name in self._listed.values():
            raise self.fail(f"{name!r} is seated twice")
        self._listed[seat] = name

    def seat(self, seat: int, name: str, stack_text: str) -> None:
        """A player in a seat with a stack."""
        if name in self.players:
            raise self.fail(f"{name!r} is seated twice")
        if any(p.seat == seat for p in self.players.values()):
            raise self.fail(f"seat {seat} is taken twice")
        self.listed(seat, name)
        if len(self.players) >= MAX_SEATS:
            raise self.fail(f"more than {MAX_SEATS} players: a stud table seats at most {MAX_SEATS}")
        stack = self.amount(stack_text)
        self.players[name] = _Player(name, seat, stack)

    def post_ante(self, name: str, amount_text: str) -> None:
        """An ante; the structure's ante is the largest posted (a short stack posts less)."""
        p = self.player(name)
        a = self.amount(amount_text)
        p.invested += a
        self.ante = max(self.ante, a)
        self._anted.add(name)

    # ------------------------------------------------------------------ streets and deals

    def begin_street(self, street: int) -> None:
        """A street marker: the street's deals follow, then its betting."""
        self._flush_deals()
        if street != self.street + 1 or street >= len(self.game.streets):
            raise self.fail(f"street {street + 1} of {self.game.title} comes out of order")
        if street == 0:
            if self._anted:  # seated but not dealt in (waiting, sitting out)
                self.players = {name: p for name, p in self.players.items() if name in self._anted}
            self._order = sorted(self.players.values(), key=lambda p: p.seat)  # p1, p2, ... from here on
            for k, p in enumerate(self._order, 1):
                p.index = k
        self.street = street
        self._street_in = {}
        self._dealt = {}

    def deal(self, name: str, cards: list[str], before: list[str] | None = None) -> None:
        """The cards a player gets this street, as the text shows them: the new ones only,
        all of them (a hero's down cards) or just the up ones (an opponent's). ``before``: the
        cards the line repeats from earlier streets (``Dealt to Bob [7d] [4d]``), which must
        be his up cards so far, or all his cards so far (the hero's)."""
        self.player(name)  # seated, or refused
        if before is not None:
            self.repeated(name, before)
        if self.street < 0 or self._dealt is None:
            raise self.fail("cards dealt outside a street's deal (before the first street, or after its betting began)")
        up = self.game.streets[self.street].up
        known = self._cards(cards)
        if len(known) == len(up):
            new: list[int | None] = list(known)
        elif len(known) == up.count(True) and len(known) < len(up):
            it = iter(known)
            new = [next(it) if u else None for u in up]
        else:
            raise self.fail(f"{len(known)} cards dealt to {name} on {self.game.streets[self.street].name}")
        if name in self._dealt:  # one deal line a player and street: a second one contradicts or repeats it
            raise self.fail(f"{name} is dealt twice on {self.game.streets[self.street].name}")
        self._dealt[name] = new

    def repeated(self, name: str, before: list[str]) -> None:
        """The cards a deal line repeats from earlier streets (``Dealt to Bob [7d] [4d]``) are his
        up cards so far, or all his cards so far (the hero's); a contradiction is refused."""
        p = self.player(name)
        shown = sorted(self._cards(before))
        ups = [u for s in self.game.streets[: self.street] for u in s.up]
        up_cards = sorted(c for c, u in zip(p.cards, ups, strict=False) if u and c >= 0)
        every = sorted(p.cards) if all(c >= 0 for c in p.cards) else None
        if shown != up_cards and shown != every:
            raise self.fail(f"{p.name}'s earlier cards [{' '.join(before)}] are not the cards dealt before")

    def community(self, card_text: str) -> None:
        """The one community card of the deck-exhaustion rule, dealt instead of this street's
        cards: every remaining player's last card (``d db``)."""
        if self._dealt is None or self._dealt:
            raise self.fail("a community card is dealt instead of a street's cards, before its betting")
        cards = self._cards([card_text])
        if len(cards) != 1:
            raise self.fail(f"one community card, not {card_text!r}")
        card = cards[0]
        self._dealt = None
        self._emit(f"d db {format_cards([card])}")

    def _cards(self, texts: list[str]) -> list[int]:
        try:
            return [parse_cards(t)[0] for t in texts if t]
        except ValueError as exc:
            raise self.fail(str(exc)) from None

    def _flush_deals(self) -> None:
        """Write this street's deals (``d dh``), every live player in seat order, hidden cards as ``??``."""
        if self._dealt is None:
            return
        up = self.game.streets[self.street].up
        for p in self._order:
            if p.folded:
                continue
            got = self._dealt.get(p.name) or [None] * len(up)
            codes = [-1 if c is None else c for c in got]
            p.cards.extend(codes)
            self._emit(f"d dh p{p.index} " + "".join("??" if c < 0 else format_cards([c]) for c in codes))
        self._dealt = None

    def _seated(self) -> list[_Player]:
        return sorted(self.players.values(), key=lambda p: p.seat)

    def _index(self, p: _Player) -> int:
        if not p.index:
            raise self.fail(f"{p.name} acts before the first street is dealt")
        return p.index

    def _emit(self, action: str) -> None:
        self.actions.append(action)
        self.lines.append(self.line)

    # ------------------------------------------------------------------ betting

    def bring_in_for(self, name: str, amount_text: str, *, all_in: bool = False) -> None:
        """The forced bring-in (one posted all-in may be short of the table's: it is not the structure's)."""
        self._flush_deals()
        p = self.player(name)
        a = self.amount(amount_text)
        if not all_in:
            self.bring_in = a
        self._put(p, a)
        self._emit(f"p{self._index(p)} pb")

    def bet_to(self, name: str, to_text: str) -> None:
        """A bet, completion or raise to a street total (``raises $2 to $4``, ``completes it to $4``)."""
        self._raise_to(self.player(name), self.amount(to_text))

    def bet_by(self, name: str, amount_text: str) -> None:
        """A bet of an amount on top of what the player has in this street (``bets $4``)."""
        p = self.player(name)
        self._raise_to(p, self._street_in.get(name, 0) + self.amount(amount_text))

    def _raise_to(self, p: _Player, to: int) -> None:
        self._flush_deals()
        already = self._street_in.get(p.name, 0)
        if to <= already:
            raise self.fail(f"{p.name} raises to {to}, not more than the {already} chips already in")
        self._put(p, to - already)
        self._emit(f"p{self._index(p)} cbr {to}")

    def put_in(self, name: str, amount_text: str) -> None:
        """An action given only by the chips it adds (iPoker's all-in, Bovada's ``All-in``):
        a call (a short one when below the bet faced) when it brings the player's street total
        to the high bet or less, else a bet or raise to that total."""
        p = self.player(name)
        added = self.amount(amount_text)
        to = self._street_in.get(name, 0) + added
        if to > max(self._street_in.values(), default=0):
            self._raise_to(p, to)
            return
        self._flush_deals()
        self._put(p, added)
        self._emit(f"p{self._index(p)} cc")

    def call(self, name: str, amount_text: str | None) -> None:
        """A call (the site's amount is what the player added)."""
        self._flush_deals()
        p = self.player(name)
        if amount_text is not None:
            self._put(p, self.amount(amount_text))
        self._emit(f"p{self._index(p)} cc")

    def check(self, name: str) -> None:
        self._flush_deals()
        self._emit(f"p{self._index(self.player(name))} cc")

    def fold(self, name: str) -> None:
        self._flush_deals()
        p = self.player(name)
        p.folded = True
        self._emit(f"p{self._index(p)} f")

    def _put(self, p: _Player, chips: int) -> None:
        self._street_in[p.name] = self._street_in.get(p.name, 0) + chips
        p.invested += chips

    # ------------------------------------------------------------------ the end of the hand

    def returned(self, name: str, amount_text: str) -> None:
        """An uncalled bet given back."""
        self.player(name).returned += self.amount(amount_text)

    def shows(self, name: str, cards: list[str]) -> None:
        """A shown hand: the known cards must be among those shown; the others fill the hidden slots."""
        self._flush_deals()
        p = self.player(name)
        shown = self._cards(cards)
        mine = p.cards
        if len(shown) != len(mine) or len(set(shown)) != len(shown):
            raise self.fail(f"{name} shows {len(shown)} cards, holds {len(mine)}")
        rest = [c for c in shown if c not in mine]
        missing = [c for c in mine if c >= 0 and c not in shown]
        if missing:
            raise self.fail(f"{name} shows {' '.join(cards)} without {format_cards(missing)}, dealt before")
        it = iter(rest)
        full = [c if c >= 0 else next(it) for c in mine]
        p.cards = full
        self._emit(f"p{self._index(p)} sm {''.join(format_cards([c]) for c in full)}")

    def mucks(self, name: str) -> None:
        """A hand mucked at the showdown (its cards stay unknown)."""
        self._flush_deals()
        p = self.player(name)
        self._emit(f"p{self._index(p)} sm")

    def collected(self, name: str, amount_text: str) -> None:
        """An amount paid to a player from a pot (several lines add up: side pots, hi-lo halves)."""
        self.player(name).collected += self.amount(amount_text)

    # ------------------------------------------------------------------ the PHH form

    def history(self) -> HandHistory:
        """The hand as a PHH :class:`HandHistory`, with the site's numbers in its fields."""
        self._flush_deals()
        anted = self._anted
        seated = self._seated()
        if len(seated) < 2:
            raise HistoryError("fewer than two players in the hand", self.first_line)
        if self.street < 0:
            raise HistoryError("the hand has no first street (cancelled, or cut short)", self.first_line)
        if self.ante and len(anted) != len(seated):
            missing = [p.name for p in seated if p.name not in anted]
            raise HistoryError(f"{', '.join(missing)} dealt in without an ante", self.first_line)
        if not self.small_bet or not self.big_bet:
            raise HistoryError("the header gives no small and big bet", self.first_line)
        bring_in = self.bring_in
        if bring_in is None:  # the bring-in player completed: the text never says the bring-in
            bring_in = max(1, self.small_bet // 2)
            self.fields["_bring_in_unknown"] = True
        n = len(seated)
        if self.uncalled_in_collected:
            self._uncalled_from_totals(seated)
        extra: dict[str, Any] = {
            "hand": int(self.number) if ascii_number(self.number) and len(self.number) < 19 else self.number,
            **{k: v for k, v in self.fields.items() if not k.startswith("_")},
            "players": [p.name for p in seated],
            "seats": [p.seat for p in seated],
            "winnings": [p.collected for p in seated],
            "_site": self.site,
            "_scale": self.scale,
            "_rake": self.rake,
            "_returned": [p.returned for p in seated],
            "_invested": [p.invested for p in seated],
            **{k: v for k, v in self.fields.items() if k.startswith("_")},
        }
        if self.total_pot is not None:
            extra["_total_pot"] = self.total_pot
        finishing = [p.stack - p.invested + p.returned + p.collected for p in seated]
        if min(finishing) < 0:
            k = finishing.index(min(finishing))
            raise HistoryError(f"{seated[k].name} puts in more than the stack of {seated[k].stack}", self.first_line)
        return HandHistory(
            variant=self.variant,
            antes=[self.ante] * n,
            bring_in=bring_in,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            starting_stacks=[p.stack for p in seated],
            actions=list(self.actions),
            finishing_stacks=finishing,
            ante_trimming_status=True,
            extra=extra,
            lines=list(self.lines),
        )

    def _uncalled_from_totals(self, seated: list[_Player]) -> None:
        """The chips nobody matched, given back to the player who put in the most: his total less
        the next largest (the last bet or raise not called, an all-in opponent's shortfall)."""
        if any(p.returned for p in seated):
            raise HistoryError("uncalled bets printed by a site that pays them inside the amounts won", self.first_line)
        top, second = sorted(seated, key=lambda p: p.invested, reverse=True)[:2]
        excess = top.invested - second.invested
        if excess > top.collected:
            raise HistoryError(
                f"{top.name} is paid {top.collected}, less than the {excess} chips nobody matched", self.first_line
            )
        top.returned, top.collected = excess, top.collected - excess


def when(fields: dict[str, Any], stamp: datetime.datetime, zone: str | None) -> None:
    """The PHH date and time fields of a hand's start."""
    fields["time"] = stamp.time()
    fields["day"], fields["month"], fields["year"] = stamp.day, stamp.month, stamp.year
    if zone:
        fields["time_zone"] = zone


_STAMP_GROUPS = ("year", "month", "day", "hour", "minute", "second", "zone")


def when_matched(fields: dict[str, Any], stamp: re.Match[str], line: int) -> None:
    """:func:`when` from a match whose groups ``year``, ``month``, ``day``, ``hour``,
    ``minute``, ``second`` and ``zone`` are named, or else whose first six groups are those and
    whose seventh is the zone (or None); HistoryError for a date that is none."""
    named = stamp.groupdict()
    parts = [named[k] for k in _STAMP_GROUPS] if "year" in named else [*stamp.groups()[:6], stamp.group(7)]
    y, mo, d, h, mi, s = (int(x) for x in parts[:6])
    try:
        when(fields, datetime.datetime(y, mo, d, h, mi, s), parts[6])
    except ValueError:
        raise HistoryError(f"the date {stamp.group()!r} is not a date", line) from None


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def level(fields: dict[str, Any], text: str) -> None:
    """A tournament level (``level``, an int as PHH has it), from digits or Roman numerals.

    >>> f = {}; level(f, "XIV"); f
    {'level': 14}
    """
    if ascii_number(text):
        fields["level"] = int(text)
        return
    values = [_ROMAN[c] for c in text]
    fields["level"] = sum(-v if v < w else v for v, w in zip(values, [*values[1:], 0], strict=True))
