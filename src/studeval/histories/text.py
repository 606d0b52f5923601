"""The text histories' common reader: a site is data (:class:`TextSite`), read by one loop.

PokerStars and Full Tilt write a hand the same way: a header line, the table, one line per
seat, the antes, a marker per street (``*** 3rd STREET ***``) followed by that street's
``Dealt to`` lines and its betting, a showdown, the amounts collected, and a summary with the
total pot and the rake. They differ in words, which a :class:`TextSite` lists: the patterns
of the header and seats, the street markers, and the verbs after a player's name. Real files
also hold lines that change nothing (table events, chat, the site's notices), often naming
someone not seated in the hand: a site's ``events`` pattern recognises them by their whole
line. A line that is none of these is refused (the hand is reported, not guessed at).

Player names may hold spaces, dots and brackets, so a line is matched by the seated names it
starts with (the longest first, then shorter ones), never by a pattern for the name.

Who is dealt in is what the hand shows, not a seat's mark: a seat marked sitting out whose
player posts an ante or is dealt cards plays the hand; one that does neither is left out, and
so is an unmarked seat that posts no ante when others do (:meth:`HandBuilder.begin_street`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from studeval.cards import format_cards, parse_cards
from studeval.game.phh import HandHistory
from studeval.histories.builder import HandBuilder, HistoryError, level, when_matched

__all__ = ["ALL_IN", "AMOUNT", "Header", "TextSite", "Verb", "read_hand"]

#: What a verb does with its captured text (the name's player, the groups).
Verb = tuple["re.Pattern[str]", Callable[[HandBuilder, str, Sequence[str]], None]]
_BRACKETS = re.compile(r"\[([^\]]*)\]")
#: The word PokerStars prints where a card should be (``[of]``, FORMATS.md 7.9): a card the
#: text does not give. Only that word: any other text where a card should be is refused.
_WORD = re.compile(r"of\Z")
#: The field where a partial show waits for the end of the hand (popped before the history).
_PARTIAL = "_partial_shows"


#: A currency's symbol before an amount, as PHH names the currency.
SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}


@dataclass(frozen=True)
class Header:
    r"""A text site's first line as data, read by calling it (a :class:`TextSite`'s ``header``).

    Each pattern is searched for in the line's ``rest`` (the start pattern's group):

    - ``game``: group 1 the game's words, studeval's name by ``games`` (lower-cased words; words
      not listed are the name: ``Razz``); ``other_game``: a game studeval does not read, named
      in the error.
    - ``stakes``: groups ``small`` and ``big`` (the bets), ``iso`` (when present) the currency's
      code; else a cash game's currency is its symbol's (:data:`SYMBOLS`), amounts in cents.
    - ``tournament``: group 1 the tournament's number (chips, no currency); ``level`` its level.
    - ``table``: group ``table`` the table's name, when the header names it.
    - ``when``: the start's date and time, the first that matches (named groups ``year``,
      ``month``, ``day``, ``hour``, ``minute``, ``second`` and ``zone``).

    >>> h = Header("demo", re.compile(r"(Razz) Limit"), {}, re.compile("Hold'em"),
    ...            re.compile(r"\((?P<small>\S+)/(?P<big>\S+)\)"), re.compile(r"T#([0-9]+)"))
    >>> b = h(re.match(r"#(?P<number>[0-9]+): (?P<rest>.*)", "#7: Razz Limit ($0.10/$0.20)"), 1)
    >>> b.game.name, b.small_bet, b.big_bet, b.fields["currency"]
    ('razz', 10, 20, 'USD')
    """

    site: str
    game: re.Pattern[str]
    games: dict[str, str] = dataclasses.field(hash=False)  # the header, like its site, stays hashable
    other_game: re.Pattern[str]
    stakes: re.Pattern[str]
    tournament: re.Pattern[str]
    level: re.Pattern[str] | None = None
    table: re.Pattern[str] | None = None
    when: tuple[re.Pattern[str], ...] = ()

    def __call__(self, m: re.Match[str], line: int) -> HandBuilder:
        """The :class:`HandBuilder` of a hand from its first line's match (groups ``number``, ``rest``)."""
        rest = m.group("rest")
        game = self.game.search(rest)
        if game is None:
            other = self.other_game.search(rest)
            raise HistoryError(f"{other.group() if other else 'the game'} is not a stud game studeval reads", line)
        stakes = self.stakes.search(rest)
        if stakes is None:
            raise HistoryError("the header gives no stakes (small bet/big bet)", line)
        tournament = self.tournament.search(rest)
        currency = None if tournament else stakes.groupdict().get("iso") or SYMBOLS.get(stakes.group("small")[0])
        name = self.games.get(game.group(1).lower(), game.group(1))
        b = HandBuilder(self.site, m.group("number"), name, scale=100 if currency else 1, first_line=line)
        b.small_bet = b.amount(stakes.group("small"))
        b.big_bet = b.amount(stakes.group("big"))
        if currency:
            b.fields["currency"] = currency
        if tournament:
            b.fields["_tournament"] = int(tournament.group(1))
            at = self.level.search(rest) if self.level else None
            if at:
                level(b.fields, at.group(1).upper())
        table = self.table.search(rest) if self.table else None
        if table:
            b.fields["table"] = table.group("table")
        stamp = next((s for s in (p.search(rest) for p in self.when) if s), None)
        if stamp:
            when_matched(b.fields, stamp, line)
        return b


@dataclass(frozen=True)
class TextSite:
    """One text site's words.

    - ``name``: the site as ``--site`` and ``_site`` name it.
    - ``start``: a hand's first line (a match starts a new hand).
    - ``header(match, line)``: the :class:`HandBuilder` of a hand, from its first line.
    - ``table``: the table line (groups ``table``, ``max``), None when the header names the table.
    - ``seat``: a seat line (groups ``seat``, ``name``, ``stack``, ``out`` when marked sitting out).
    - ``streets``: the street markers in order; ``showdown`` and ``summary`` markers (a line
      starting with one of these two is that marker).
    - ``verbs``: what may follow a player's name, each with its handler.
    - ``uncalled``: the uncalled bet line (groups ``amount``, ``name``); ``pot``: the summary's
      total (groups ``total``, ``rake``); ``noise``: lines without a player that say nothing
      for the replay (``Betting is capped``).
    - ``marker``: when given, the street markers as a pattern instead of ``streets``: group
      ``street`` the street's number (``3`` of ``3rd``; None or absent for the last street,
      ``RIVER``), group ``board`` a community card printed with the marker.
    - ``events``: whole lines that change nothing, whoever they name (a seat taken, a player
      disconnected, chat, a clock warning), tried after the verbs of a seated name.
    """

    name: str
    start: re.Pattern[str]
    header: Callable[[re.Match[str], int], HandBuilder]
    table: re.Pattern[str] | None
    seat: re.Pattern[str]
    streets: tuple[str, ...]
    showdown: str
    summary: str
    verbs: tuple[Verb, ...]
    uncalled: re.Pattern[str]
    pot: re.Pattern[str]
    noise: re.Pattern[str]
    marker: re.Pattern[str] | None = None
    events: re.Pattern[str] | None = None

    def read(self, lines: Sequence[tuple[int, str]]) -> HandHistory:
        """One hand's numbered lines to its history (:func:`read_hand`)."""
        return read_hand(self, lines)


def read_hand(site: TextSite, lines: Sequence[tuple[int, str]]) -> HandHistory:
    """One hand's lines (numbered as in its file) to a :class:`HandHistory`.

    Raises :class:`HistoryError` with the line and the reason when the hand cannot be read.

    >>> from studeval.histories.pokerstars import SITE
    >>> read_hand(SITE, [(3, "Seat 1: Ann ($1.00 in chips)")])
    Traceback (most recent call last):
    ...
    studeval.histories.builder.HistoryError: not the first line of a hand
    """
    first_no, first = lines[0]
    m = site.start.match(first)
    if not m:
        raise HistoryError("not the first line of a hand", first_no)
    b = site.header(m, first_no)
    section = "seats"
    for no, raw in lines[1:]:
        b.line = no
        line = raw.strip()
        if not line:
            continue
        if _street(site, b, line):
            section = "streets"
            continue
        if line.startswith(site.showdown):
            section = "showdown"
            continue
        if line.startswith(site.summary):
            section = "summary"
            continue
        if section == "summary":
            pot = site.pot.match(line)
            if pot:
                b.total_pot = b.amount(pot.group("total"))
                b.rake = b.amount(pot.group("rake"))
            continue  # the seats' summary repeats what the hand said
        if section == "seats":
            t = site.table.match(line) if site.table else None
            if t:
                b.fields["table"] = t.group("table")
                if t.group("max"):
                    b.fields["seat_count"] = int(t.group("max"))
                continue
            s = site.seat.match(line)
            if s:
                # the mark does not decide: a marked player who antes or is dealt plays the hand
                b.listed(int(s.group("seat")), s.group("name"))  # a seat taken twice is refused, dealt in or not
                if not s.group("out") or _plays(site, lines, s.group("name")):
                    b.seat(int(s.group("seat")), s.group("name"), s.group("stack"))
                continue
        _action(site, b, line)
    if b.total_pot is None:
        raise HistoryError("the hand has no summary with its total pot and rake (cut short?)", lines[-1][0])
    partial = b.fields.pop(_PARTIAL, [])
    hh = b.history()
    for name, at, line in partial:
        hh = _fill_partial_show(b, hh, name, at, line)
    return hh


def _street(site: TextSite, b: HandBuilder, line: str) -> bool:
    """A street marker begins its street (and deals its community card); False: not a marker."""
    if site.marker is None:
        if line not in site.streets:
            return False
        b.begin_street(site.streets.index(line))
        return True
    m = site.marker.match(line)
    if not m:
        return False
    streets = b.game.streets
    number = m.groupdict().get("street")
    if number:  # the street's number counts the cards: 3rd street is the first of seven card games
        first = sum(len(s.up) for s in streets) - len(streets) + 1
        k = int(number) - first
        if not 0 <= k < len(streets):
            raise b.fail(f"{b.game.title} has no street {line!r}")
    else:
        k = len(streets) - 1
    b.begin_street(k)
    board = m.groupdict().get("board")
    if board:
        b.community(board.strip())
    return True


def _plays(site: TextSite, lines: Sequence[tuple[int, str]], name: str) -> bool:
    """Whether a seat's player takes part in the hand: posts an ante or is dealt cards."""
    antes = [pattern for pattern, handler in site.verbs if handler is ante]
    dealt = "Dealt to " + name + " ["
    for _, raw in lines:
        line = raw.strip()
        if line.startswith(dealt):
            return True
        if line.startswith(name) and any(p.match(line[len(name) :]) for p in antes):
            return True
    return False


def _action(site: TextSite, b: HandBuilder, line: str) -> None:
    if line.startswith("Dealt to "):
        dealt = line[len("Dealt to ") :]
        # the name is followed by the cards: ``Ann [Jc]`` is not ``Ann2 [Jc]``'s deal
        name = next((n for n in _players_at_start(b, dealt) if dealt[len(n) :].startswith(" [")), None)
        if name is None:
            raise b.fail(f"cards dealt to someone not seated: {line!r}")
        groups = _BRACKETS.findall(dealt[len(name) :])
        if not groups:
            raise b.fail(f"no cards in {line!r}")
        # the first street: every card shown (a hero's down cards and door card); later: the new one
        tokens = " ".join(groups).split() if b.street == 0 else groups[-1].split()
        # later streets repeat the cards dealt before in the first bracket: checked, not trusted
        before = " ".join(groups[:-1]).split() if b.street > 0 and len(groups) > 1 else None
        # a word where a card should be (PokerStars' ``[of]``) is a card the text does not give
        b.deal(name, [t for t in tokens if not _WORD.match(t)], before)
        return
    u = site.uncalled.match(line)
    if u:
        b.returned(u.group("name"), u.group("amount"))
        return
    if site.noise.match(line):
        return
    for player in _players_at_start(b, line):
        rest = line[len(player) :]
        for pattern, handler in site.verbs:
            v = pattern.match(rest)
            if v:
                handler(b, player, v.groups())
                return
    if site.events is not None and site.events.match(line):
        return  # a table event, chat or notice: it changes nothing
    raise b.fail(f"unreadable line {line!r}")


def _players_at_start(b: HandBuilder, line: str) -> list[str]:
    """The seated names the line starts with, the longest first (``Ann 2`` before ``Ann``)."""
    return sorted((name for name in b.players if line.startswith(name)), key=len, reverse=True)


def _fill_partial_show(b: HandBuilder, hh: HandHistory, name: str, at: int, line: int | None) -> HandHistory:
    """A player who showed part of his hand while the text hides one of his cards (PokerStars'
    Triple Stud hero: three cards shown, his seventh printed ``[of]``): the collected lines
    decide, so the hidden card is the first card not seen in the hand with which the replay
    pays what the site paid. The card is recorded as guessed (``_guessed``)."""
    from studeval.histories.verify import verify  # here: verify's package imports this module

    p = b.players[name]
    unknown = [k for k, c in enumerate(p.cards) if c < 0]
    if len(unknown) != 1:
        raise HistoryError(f"{name} shows part of his hand and {len(unknown)} of his cards are unknown", line)
    seen = {c for q in b.players.values() for c in q.cards if c >= 0}
    seen.update(parse_cards(a.split()[2])[0] for a in hh.actions if a.startswith("d db "))
    mine = f"d dh p{p.index} "
    deal = next((k for k, a in enumerate(hh.actions) if a.startswith(mine) and "??" in a), None)
    if deal is None:  # pragma: no cover - an unknown card is dealt as ??
        raise HistoryError(f"{name} shows part of his hand; his unknown card is not in a deal", line)
    for card in range(52):
        if card in seen:
            continue
        cards = [card if c < 0 else c for c in p.cards]
        actions = list(hh.actions)
        actions[deal] = actions[deal].replace("??", format_cards([card]), 1)
        actions[at] = f"p{p.index} sm " + "".join(format_cards([c]) for c in cards)
        guess = dataclasses.replace(
            hh, actions=actions, extra={**hh.extra, "_guessed": [f"p{p.index} {format_cards([card])}"]}
        )
        if not verify(guess):
            return guess
    raise HistoryError(
        f"{name} shows part of his hand; no card for the one the text hides gives the site's result", line
    )


def cards_of(text: str) -> list[str]:
    """The cards of a bracket's text (``7h 2h Ts``)."""
    return text.split()


# The handlers a site's verbs use.
def ante(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.post_ante(name, g[0])


def bring_in(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.bring_in_for(name, g[0], all_in=bool(g[-1]))


def bet_by(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.bet_by(name, g[0])


def bet_to(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.bet_to(name, g[0])


def call(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.call(name, g[0])


def check(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.check(name)


def fold(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.fold(name)


def shows(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    """A shown hand. Fewer cards than he holds, all of them known already (PokerStars' Triple
    Stud hero shows his three third-street cards): he showed his hand, the one we know; when
    the text hides one of its cards, the end of the hand decides it (:func:`_fill_partial_show`)."""
    cards = cards_of(g[0])
    p = b.player(name)
    try:
        shown = [parse_cards(c)[0] for c in cards]
    except ValueError as exc:
        raise b.fail(str(exc)) from None
    known = [c for c in p.cards if c >= 0]
    if len(shown) < len(p.cards) and set(shown) <= set(known):
        if len(known) == len(p.cards):
            b.shows(name, [format_cards([c]) for c in p.cards])
            return
        b.mucks(name)  # a placeholder, made a show once the hidden card is known
        b.fields.setdefault(_PARTIAL, []).append((name, len(b.actions) - 1, b.line))
        return
    b.shows(name, cards)


def mucks(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.mucks(name)


def collected(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    b.collected(name, g[0])


def nothing(b: HandBuilder, name: str, g: Sequence[str]) -> None:
    """A line that says nothing the replay needs (a chat line, a disconnection)."""


#: An amount after a verb: ends with a digit, so that a comma after it is not taken in
#: (Full Tilt's ``calls $2, and is all in``; thousands separators stay: ``1,245``).
AMOUNT = r"(\S*?[0-9](?:[0-9,]*[0-9])?(?:\.[0-9]+)?)"

#: The ending of an all-in action, whatever the site's spelling: the last group of a verb
#: (the engine knows the stack; only a bring-in needs to know, see ``HandBuilder.bring_in_for``).
ALL_IN = r"(,? and is all[- ]in)?"
