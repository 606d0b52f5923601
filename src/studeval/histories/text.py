"""The text histories' common reader: a site is data (:class:`TextSite`), read by one loop.

PokerStars and Full Tilt write a hand the same way: a header line, the table, one line per
seat, the antes, a marker per street (``*** 3rd STREET ***``) followed by that street's
``Dealt to`` lines and its betting, a showdown, the amounts collected, and a summary with the
total pot and the rake. They differ in words, which a :class:`TextSite` lists: the patterns
of the header and seats, and the verbs after a player's name. A line that is none of these
is refused (the hand is reported, not guessed at).

Player names may hold spaces, colons and brackets, so a line is matched by the longest seated
name it starts with, never by a pattern for the name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from studeval.game.phh import HandHistory
from studeval.histories.builder import HandBuilder, HistoryError

__all__ = ["ALL_IN", "AMOUNT", "TextSite", "Verb", "read_hand"]

#: What a verb does with its captured text (the name's player, the groups).
Verb = tuple["re.Pattern[str]", Callable[[HandBuilder, str, Sequence[str]], None]]
_BRACKETS = re.compile(r"\[([^\]]*)\]")


@dataclass(frozen=True)
class TextSite:
    """One text site's words.

    - ``name``: the site as ``--site`` and ``_site`` name it.
    - ``start``: a hand's first line (a match starts a new hand).
    - ``header(match, line)``: the :class:`HandBuilder` of a hand, from its first line.
    - ``table``: the table line (groups ``table``, ``max``), None when the header names the table.
    - ``seat``: a seat line (groups ``seat``, ``name``, ``stack``, ``out`` when sitting out).
    - ``streets``: the street markers in order; ``showdown`` and ``summary`` markers.
    - ``verbs``: what may follow a player's name, each with its handler.
    - ``uncalled``: the uncalled bet line (groups ``amount``, ``name``); ``pot``: the summary's
      total (groups ``total``, ``rake``); ``noise``: lines without a player that say nothing
      for the replay (``Betting is capped``).
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
        if line in site.streets:
            b.begin_street(site.streets.index(line))
            section = "streets"
            continue
        if line == site.showdown:
            section = "showdown"
            continue
        if line == site.summary:
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
                if not s.group("out"):
                    b.seat(int(s.group("seat")), s.group("name"), s.group("stack"))
                continue
        _action(site, b, line)
    if b.total_pot is None:
        raise HistoryError("the hand has no summary with its total pot and rake (cut short?)", lines[-1][0])
    return b.history()


def _action(site: TextSite, b: HandBuilder, line: str) -> None:
    if line.startswith("Dealt to "):
        found = b.name_at_start(line[len("Dealt to ") :])
        if found is None:
            raise b.fail(f"cards dealt to someone not seated: {line!r}")
        groups = _BRACKETS.findall(found[1])
        if not groups:
            raise b.fail(f"no cards in {line!r}")
        # the first street: every card shown (a hero's down cards and door card); later: the new one
        cards = " ".join(groups).split() if b.street == 0 else groups[-1].split()
        b.deal(found[0].name, cards)
        return
    u = site.uncalled.match(line)
    if u:
        b.returned(u.group("name"), u.group("amount"))
        return
    if site.noise.match(line):
        return
    found = b.name_at_start(line)
    if found is not None:
        player, rest = found
        for pattern, handler in site.verbs:
            v = pattern.match(rest)
            if v:
                handler(b, player.name, v.groups())
                return
    raise b.fail(f"unreadable line {line!r}")


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
    b.shows(name, cards_of(g[0]))


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
