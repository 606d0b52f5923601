"""PokerStars' text hand histories (seven card stud, razz, seven card stud hi-lo).

The layout (docs/histories.md gives every fact relied on)::

    PokerStars Hand #1001: 7 Card Stud Limit ($0.04/$0.08 USD) - 2024/01/05 20:15:00 ET
    Table 'Aldebaran II' 8-max
    Seat 1: Alice ($1.60 in chips)
    Alice: posts the ante $0.01
    *** 3rd STREET ***
    Dealt to Alice [8c 3d 5s]          (the hero's down cards and door card)
    Dealt to Bob [Kh]                  (an opponent's door card)
    Bob: brings in for $0.02
    Alice: raises $0.02 to $0.04       (the completion is printed as a raise)
    *** 4th STREET ***
    Dealt to Bob [Kh] [Kd]             (the up cards so far, then the new one)
    ...
    *** RIVER ***                      (an opponent's river card is not printed)
    *** SHOW DOWN ***
    Bob: shows [As Ad Kh Kd 7c 8s 2c] (two pair, Aces and Kings)
    Bob collected $0.50 from pot
    *** SUMMARY ***
    Total pot $0.52 | Rake $0.02

Stakes in the header are the small and big bet; the ante and bring-in come from the
``posts the ante`` and ``brings in for`` lines. Money is read in cents (``_scale = 100``),
tournament and play-money chips as they are (``_scale = 1``).
"""

from __future__ import annotations

import datetime
import re

from studeval.histories import text
from studeval.histories.builder import HandBuilder, HistoryError, level, when
from studeval.histories.text import ALL_IN, AMOUNT, TextSite

__all__ = ["SITE"]

_GAME = re.compile(r"(7 Card Stud Hi/Lo|7 Card Stud|Razz|5 Card Stud)\s+Limit", re.IGNORECASE)
_GAMES = {"7 card stud hi/lo": "stud8", "7 card stud": "seven", "razz": "razz", "5 card stud": "five"}
_OTHER_GAME = re.compile(r"Hold'em|Omaha|Draw|Badugi|Courchevel", re.IGNORECASE)
_STAKES = re.compile(r"[(,]\s*(?P<small>[$€£]?[0-9][0-9.,]*)/(?P<big>[$€£]?[0-9][0-9.,]*)(?:\s+(?P<iso>[A-Z]{3}))?\)")
_STAMP = r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})"
#: A local time is followed by the ET one in brackets (``... CET [2009/07/10 8:05:00 ET]``): that one is used.
_WHEN_ET = re.compile(r"\[" + _STAMP + r" ([A-Z]{2,5})\]")
_WHEN = re.compile(_STAMP + r"(?: ([A-Z]{2,5}))?")
_TOURNAMENT = re.compile(r"Tournament #(\d+)", re.IGNORECASE)
_LEVEL = re.compile(r"\bLevel ([IVXLC]+|[0-9]+)\b", re.IGNORECASE)
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}


def _header(m: re.Match[str], line: int) -> HandBuilder:
    rest = m.group("rest")
    game = _GAME.search(rest)
    if game is None:
        other = _OTHER_GAME.search(rest)
        raise HistoryError(f"{other.group() if other else 'the game'} is not a stud game studeval reads", line)
    stakes = _STAKES.search(rest)
    if stakes is None:
        raise HistoryError("the header gives no stakes (small bet/big bet)", line)
    tournament = _TOURNAMENT.search(rest)
    symbol = stakes.group("small")[0]
    currency = None if tournament else stakes.group("iso") or _SYMBOLS.get(symbol)
    name = _GAMES[game.group(1).lower()]
    b = HandBuilder("pokerstars", m.group("number"), name, scale=100 if currency else 1, first_line=line)
    b.small_bet = b.amount(stakes.group("small"))
    b.big_bet = b.amount(stakes.group("big"))
    if currency:
        b.fields["currency"] = currency
    if tournament:
        b.fields["_tournament"] = int(tournament.group(1))
        at = _LEVEL.search(rest)
        if at:
            level(b.fields, at.group(1).upper())
    stamp = _WHEN_ET.search(rest) or _WHEN.search(rest)
    if stamp:
        y, mo, d, h, mi, s = (int(x) for x in stamp.groups()[:6])
        try:
            when(b.fields, datetime.datetime(y, mo, d, h, mi, s), stamp.group(7))
        except ValueError:
            raise HistoryError(f"the date {stamp.group()!r} is not a date", line) from None
    return b


#: Lines that change nothing, whoever they name: most name a player not seated in the hand
#: (joining, removed, connecting), so they are known by their endings; chat; the site's notices.
_EVENTS = re.compile(
    r"(?:.+ (?:joins the table at seat #\d+|was removed from the table for failing to post|is connected"
    r"|is disconnected|has been disconnected|has reconnected|leaves the table|is sitting out|sits out"
    r"|has returned|has timed out(?: while disconnected)?|will be allowed to play after the button"
    r"|finished the tournament(?: in \d+\w* place)?.*|wins the tournament.*|wins the \S+ bounty.*"
    r"|re-buys and receives .*|takes the add-on.*)"
    r"|.+?: (?:sits out|is sitting out|doesn't show hand|shows? nothing)"
    r"|.+? said, \".*"
    r"|Pair on board - a double bet is allowed|Betting is capped|No low hand qualified"
    r"|.+? (?:has|have) \d+ seconds? left to act)\Z"
)

#: The site, as :mod:`studeval.histories` reads it.
SITE = TextSite(
    name="pokerstars",
    start=re.compile(r"PokerStars (?:Hand|Game|Zoom Hand|Home Game Hand|Home Game) #(?P<number>\d+):\s+(?P<rest>.*)\Z"),
    header=_header,
    table=re.compile(r"Table '(?P<table>.*)'(?: (?P<max>\d+)-max)?.*\Z"),
    seat=re.compile(
        r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]*?) in chips(?:, [^()]*? bounty)?\)"
        r"(?P<out> is sitting out| out of hand.*)?\Z"
    ),
    streets=("*** 3rd STREET ***", "*** 4th STREET ***", "*** 5th STREET ***", "*** 6th STREET ***", "*** RIVER ***"),
    showdown="*** SHOW DOWN ***",
    summary="*** SUMMARY ***",
    verbs=(
        (re.compile(r": posts (?:the )?ante " + AMOUNT + ALL_IN + r"\Z", re.IGNORECASE), text.ante),
        (re.compile(r": brings[- ]in(?: low)? for " + AMOUNT + ALL_IN + r"\Z"), text.bring_in),
        (re.compile(r": bets " + AMOUNT + ALL_IN + r"\Z"), text.bet_by),
        (re.compile(r": raises \S+ to " + AMOUNT + ALL_IN + r"\Z"), text.bet_to),
        (re.compile(r": completes it to " + AMOUNT + ALL_IN + r"\Z"), text.bet_to),
        (re.compile(r": calls " + AMOUNT + ALL_IN + r"\Z"), text.call),
        (re.compile(r": checks\Z"), text.check),
        (re.compile(r": folds(?: \[[^\]]*\])?\Z"), text.fold),
        (re.compile(r": shows \[([^\]]*)\](?: \(.*\))?\Z"), text.shows),
        (re.compile(r": mucks hand(?: \[[^\]]*\])?\Z"), text.mucks),
        (re.compile(r" collected " + AMOUNT + r" from (?:the )?(?:main |side )?pot(?:-\d+)?\Z"), text.collected),
    ),
    uncalled=re.compile(r"Uncalled bet \((?P<amount>[^()]+)\) returned to (?P<name>.+)\Z"),
    pot=re.compile(r"Total pot (?P<total>\S+).*?\| Rake (?P<rake>\S+)"),
    noise=re.compile(r"Betting is capped\Z"),
    # 3rd to 6th STREET by number, the last street RIVER, with the community card when the deck runs out
    marker=re.compile(
        r"\*\*\* (?:(?P<street>\d)(?:st|nd|rd|th) STREET|RIVER) \*\*\*(?: \[(?P<board>[^\]]*)\])?\Z", re.IGNORECASE
    ),
    events=_EVENTS,
)
