"""PokerStars' text hand histories (seven card stud, razz, seven card stud hi-lo).

The layout (docs/histories.md; what real files hold beyond it: FORMATS.md section 7)::

    PokerStars Game #1001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/06/12 21:05:17 ET
    Table 'Aldebaran II' 8-max
    Seat 1: Alice ($1.60 in chips)
    Seat 3: Bob [NL] ($3 in chips)      (names with spaces and brackets)
    Seat 5: Carl ($2 in chips) is sitting out   (the mark decides nothing: does he ante?)
    Alice: posts the ante $0.01
    *** 3rd STREET ***
    Dealt to Alice [8c 3d 5s]          (the hero's down cards and door card)
    Dealt to Bob [NL] [Kh]             (an opponent's door card: the last bracket)
    Bob [NL]: brings in for $0.02
    Zed joins the table at seat #4     (table events, chat, notices: anywhere, often
    Alice: raises $0.02 to $0.04        naming a player not seated; known by their endings)
    *** 4th STREET ***
    Dealt to Bob [NL] [Kh] [Kd]        (the up cards so far, then the new one)
    Pair on board - a double bet is allowed
    ...
    *** RIVER ***                      (an opponent's river card is not printed; with eight
    *** RIVER *** [7h]                  players the deck runs out: one community card)
    Dealt to Alice [8c 3d 5s 2h Qd 9c] [of]   (once, a word for a card: unknown)
    *** SHOW DOWN ***
    Bob [NL]: shows [As Ad Kh Kd 7c 8s 2c] (two pair, Aces and Kings)
    Alice: mucks hand
    Bob [NL] collected $0.50 from pot  (also ``from side pot``, ``from main pot``)
    *** SUMMARY ***
    Total pot $0.52 | Rake $0.02       (or ``Total pot X Main pot A. Side pot B. | Rake Y``)

Headers: ``Game #`` or ``Hand #``; cash ``GAME Limit ($X/$Y USD)``, the currency code perhaps
missing; a mixed game names the game dealt in parentheses (``8-Game (7 Card Stud Hi/Lo Limit,
$400/$800 USD)``, ``Triple Stud (7 Card Stud Limit)``); tournaments ``Tournament #T, ...
Level R (X/Y)``, a tracker's export in capitals. A local time is followed by the ET time in
brackets, which is the one read. Stakes in the header are the small and big bet; the ante and
bring-in come from the ``posts the ante`` and ``brings in for`` lines. Money is read in cents
(``_scale = 100``), tournament and play-money chips as they are (``_scale = 1``). The printed
rake leaves the pot before the collected amounts are paid.

>>> from studeval.histories import read_text, verify
>>> [hand] = read_text('''PokerStars Game #7:  Razz Limit ($0.04/$0.08) - 2009/07/10 14:05:00 CET [2009/07/10 8:05:00 ET]
... Seat 1: Ann ($1 in chips)
... Seat 2: Bob [NL] ($1 in chips)
... Ann: posts the ante $0.01
... Bob [NL]: posts the ante $0.01
... *** 3rd STREET ***
... Dealt to Ann [2c 3d Kc]
... Dealt to Bob [NL] [4h]
... Zed joins the table at seat #5
... Ann: brings in for $0.02
... Bob [NL]: folds
... Uncalled bet ($0.02) returned to Ann
... Ann collected $0.02 from pot
... Ann: doesn't show hand
... *** SUMMARY ***
... Total pot $0.02 | Rake $0''')
>>> hand.history.extra["players"], str(hand.history.extra["time"]), verify(hand.history)
(['Ann', 'Bob [NL]'], '08:05:00', [])
"""

from __future__ import annotations

import re

from studeval.histories import text
from studeval.histories.text import ALL_IN, AMOUNT, TextSite

__all__ = ["SITE"]

_GAME = re.compile(r"(7 Card Stud Hi/Lo|7 Card Stud|Razz|5 Card Stud)\s+Limit", re.IGNORECASE)
_GAMES = {"7 card stud hi/lo": "stud8", "7 card stud": "seven", "5 card stud": "five"}  # razz is razz
_STAMP = r"(?P<year>[0-9]{4})/(?P<month>[0-9]{1,2})/(?P<day>[0-9]{1,2}) (?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
#: The header as data: a local time is followed by the ET one in brackets
#: (``... CET [2009/07/10 8:05:00 ET]``), which is read first.
_HEADER = text.Header(
    "pokerstars",
    game=_GAME,
    games=_GAMES,  # razz is razz
    other_game=re.compile(r"Hold'em|Omaha|Draw|Badugi|Courchevel", re.IGNORECASE),
    stakes=re.compile(r"[(,]\s*(?P<small>[$€£]?[0-9][0-9.,]*)/(?P<big>[$€£]?[0-9][0-9.,]*)(?:\s+(?P<iso>[A-Z]{3}))?\)"),
    tournament=re.compile(r"Tournament #([0-9]+)", re.IGNORECASE),
    level=re.compile(r"\bLevel ([IVXLC]+|[0-9]+)\b", re.IGNORECASE),
    when=(
        re.compile(r"\[" + _STAMP + r" (?P<zone>[A-Z]{2,5})\]"),
        re.compile(_STAMP + r"(?: (?P<zone>[A-Z]{2,5}))?"),
    ),
)


#: Lines that change nothing, whoever they name: most name a player not seated in the hand
#: (joining, removed, connecting), so they are known by their endings; chat; the site's notices.
_EVENTS = re.compile(
    r"(?:.+ (?:joins the table at seat #[0-9]+|was removed from the table for failing to post|is connected"
    r"|is disconnected|has been disconnected|has reconnected|leaves the table|is sitting out|sits out"
    r"|has returned|has timed out(?: while disconnected)?|will be allowed to play after the button"
    r"|finished the tournament(?: in [0-9]+\w* place)?.*|wins the tournament.*|wins the \S+ bounty.*"
    r"|re-buys and receives .*|takes the add-on.*)"
    r"|.+?: (?:sits out|is sitting out|doesn't show hand|shows? nothing)"
    r"|.+? said, \".*"
    r"|Pair on board - a double bet is allowed|Betting is capped|No low hand qualified"
    r"|.+? (?:has|have) [0-9]+ seconds? left to act)\Z"
)

#: The site, as :mod:`studeval.histories` reads it.
SITE = TextSite(
    name="pokerstars",
    start=re.compile(
        r"PokerStars (?:Hand|Game|Zoom Hand|Home Game Hand|Home Game) #(?P<number>[0-9]+):\s+(?P<rest>.*)\Z"
    ),
    header=_HEADER,
    table=re.compile(r"Table '(?P<table>.*)'(?: (?P<max>[0-9]+)-max)?.*\Z"),
    seat=re.compile(
        r"Seat (?P<seat>[0-9]+): (?P<name>.+) \((?P<stack>[^()]*?) in chips(?:, [^()]*? bounty)?\)"
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
        (re.compile(r" collected " + AMOUNT + r" from (?:the )?(?:main |side )?pot(?:-[0-9]+)?\Z"), text.collected),
    ),
    uncalled=re.compile(r"Uncalled bet \((?P<amount>[^()]+)\) returned to (?P<name>.+)\Z"),
    pot=re.compile(r"Total pot (?P<total>\S+).*?\| Rake (?P<rake>\S+)"),
    noise=re.compile(r"Betting is capped\Z"),
    # 3rd to 6th STREET by number, the last street RIVER, with the community card when the deck runs out
    marker=re.compile(
        r"\*\*\* (?:(?P<street>[0-9])(?:st|nd|rd|th) STREET|RIVER) \*\*\*(?: \[(?P<board>[^\]]*)\])?\Z", re.IGNORECASE
    ),
    events=_EVENTS,
)
