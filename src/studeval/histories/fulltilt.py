"""Full Tilt Poker's text hand histories (seven card stud, razz, seven card stud hi-lo, five card stud).

The layout (docs/histories.md; what real files hold beyond it: FORMATS.md section 8)::

    Full Tilt Poker Game #2001: Table Danube - $2/$4 Ante $0.40 - Limit Stud Hi - 21:47:27 ET - 2010/02/23
    Seat 1: Alice ($85.20)
    Seat 2: Alice2 ($40)               (a name may begin with another's: the longest is read)
    Seat 4: Carl ($30), is sitting out (the mark decides nothing: does he ante?)
    Alice2 antes $0.40                 (antes in any order; ``antes 6, and is all in``)
    Alice antes $0.40
    *** 3RD STREET ***                 (tournaments: ``*** 3RD STREET *** (Total Pot: 12, 2 Players)``)
    Dealt to Alice [2c 5d] [3h]        (the hero's down cards, then the door card)
    Dealt to Alice2 [Kd]
    Alice is low with [3h]             (razz: ``is high with``)
    Alice brings in for $0.50
    Alice2 has 15 seconds left to act  (table events anywhere, some naming players not seated)
    Alice2 completes it to $2
    Alice raises to $4                 (raises print the street total)
    ...
    *** 7TH STREET ***                 (an opponent's seventh card is not printed)
    *** SHOW DOWN ***                  (missing in some all-in hands)
    Alice2 shows [8c 2s Kd 9s 4h 6d 7c] a pair of Kings    (no parentheses)
    Alice mucks
    Alice2 wins the pot ($19.30) with a pair of Kings      (also ``the side pot``, ``the main pot``)
    *** SUMMARY ***
    Total pot $19.30 | Rake $0

Games after ``Limit ``: ``Stud Hi``, ``Stud H/L``, ``Razz``, ``5 Card Stud`` (``*** 2ND STREET
***`` to ``*** 5TH STREET ***``, the hero's ``[C] [C]``). Time before date; a local zone
(``CCT``) is followed by the ET time in brackets, which is read. Tournaments: ``(T), Table N``,
chips with thousands separators. A third-street all-in may make both players show three cards
at once; their later deal lines then print every card. No colon after a player's name (a colon
starts a chat line); the table is in the header. The printed rake leaves the pot before the
winners are paid.

>>> from studeval.histories import read_text, verify
>>> [hand] = read_text('''Full Tilt Poker Game #9: Table Yuma - $0.10/$0.20 Ante $0.02 - Limit Razz - 10:20:15 CCT - 2010/12/05 [21:20:15 ET - 2010/12/04]
... Seat 1: Ann ($1)
... Seat 2: Ann2 ($1)
... Seat 3: Cy ($1), is sitting out
... Ann2 antes $0.02
... Ann antes $0.02
... *** 3RD STREET ***
... Dealt to Ann [2c 3d] [Kc]
... Dealt to Ann2 [4h]
... Ann is high with [Kc]
... Ann brings in for $0.03
... Ann2 has 15 seconds left to act
... Ann2 completes it to $0.10
... Ann folds
... Uncalled bet of $0.07 returned to Ann2
... Ann2 mucks
... Ann2 wins the pot ($0.10)
... *** SUMMARY ***
... Total pot $0.10 | Rake $0''')
>>> hand.history.extra["players"], str(hand.history.extra["time"]), verify(hand.history)
(['Ann', 'Ann2'], '21:20:15', [])
"""

from __future__ import annotations

import re

from studeval.histories import text
from studeval.histories.text import ALL_IN, AMOUNT, TextSite

__all__ = ["SITE"]

#: The game after ``Limit``: real files write ``Stud Hi``, ``Stud H/L``, ``Razz``, ``5 Card Stud``.
_GAME = re.compile(
    r"Limit (Stud Hi/Lo|Stud H/L|Stud Hi|Stud|7 Card Stud Hi/Lo|7 Card Stud|Razz|5 Card Stud)\b", re.IGNORECASE
)
_GAMES = {
    "stud hi/lo": "stud8",
    "stud h/l": "stud8",
    "stud hi": "seven",
    "stud": "seven",
    "7 card stud hi/lo": "stud8",
    "7 card stud": "seven",
    "5 card stud": "five",
}
_STAMP = (
    r"(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2}) (?P<zone>[A-Z]{2,5})"
    r" - (?P<year>[0-9]{4})/(?P<month>[0-9]{1,2})/(?P<day>[0-9]{1,2})"
)
#: The header as data: a local time is followed by the ET one in brackets
#: (``... CCT - 2010/12/05 [08:20:00 ET - 2010/12/04]``), which is read first.
_HEADER = text.Header(
    "fulltilt",
    game=_GAME,
    games=_GAMES,  # razz is razz
    other_game=re.compile(r"Hold'em|Omaha|Draw|Badugi|Triple|Lowball", re.IGNORECASE),
    stakes=re.compile(
        r" - (?P<small>[$€£]?[0-9][0-9.,]*)/(?P<big>[$€£]?[0-9][0-9.,]*)(?: Ante (?P<ante>[$€£]?[0-9][0-9.,]*))? - "
    ),
    tournament=re.compile(r"\(([0-9]+)\), Table "),
    table=re.compile(r"Table (?P<table>.+?)(?: \([^)]*\))? - "),
    when=(re.compile(r"\[" + _STAMP + r"\]"), re.compile(_STAMP)),
)


_POT = r"(?:the )?(?:high |low |main |side )?pot(?: #?[0-9]+)? \((\S+)\)(?: with .*)?\Z"

#: Lines that change nothing, whoever they name (``sits down`` and ``adds`` name players not
#: seated in the hand): clock warnings (also without a name), seats taken and left, the
#: bring-in notice, chat.
_EVENTS = re.compile(
    r"(?:(?:.+ has )?[0-9]+ seconds left to act"
    r"|.+ (?:has timed out.*|is sitting out|sits out|has returned|stands up|sits down|adds \S+|leaves the table"
    r"|has been disconnected|has reconnected|is disconnected|is connected|has requested TIME|is feeling \S+"
    r"|is (?:low|high) with \[[^\]]*\]|mucks hand|doesn't show(?: hand)?|has been removed.*)"
    r"|[^:]+: .*"
    r"|Betting is capped)\Z"
)

#: The site, as :mod:`studeval.histories` reads it.
SITE = TextSite(
    name="fulltilt",
    start=re.compile(r"Full Tilt Poker Game #(?P<number>[0-9]+):\s+(?P<rest>.*)\Z"),
    header=_HEADER,
    table=None,
    seat=re.compile(
        r"Seat (?P<seat>[0-9]+): (?P<name>.+) \((?P<stack>[$€£]?[0-9][0-9.,]*)\)(?P<out>, is sitting out)?\Z"
    ),
    streets=(
        "*** 3RD STREET ***",
        "*** 4TH STREET ***",
        "*** 5TH STREET ***",
        "*** 6TH STREET ***",
        "*** 7TH STREET ***",
    ),
    showdown="*** SHOW DOWN ***",
    summary="*** SUMMARY ***",
    verbs=(
        (re.compile(r" antes " + AMOUNT + ALL_IN + r"\Z"), text.ante),
        (re.compile(r" brings in for " + AMOUNT + ALL_IN + r"\Z"), text.bring_in),
        (re.compile(r" completes it to " + AMOUNT + ALL_IN + r"\Z"), text.bet_to),
        (re.compile(r" bets " + AMOUNT + ALL_IN + r"\Z"), text.bet_by),
        (re.compile(r" raises to " + AMOUNT + ALL_IN + r"\Z"), text.bet_to),
        (re.compile(r" calls " + AMOUNT + ALL_IN + r"\Z"), text.call),
        (re.compile(r" checks\Z"), text.check),
        (re.compile(r" folds\Z"), text.fold),
        (re.compile(r" shows \[([^\]]*)\](?: .*)?\Z"), text.shows),
        (re.compile(r" mucks\Z"), text.mucks),
        (re.compile(r" wins " + _POT), text.collected),
        (re.compile(r" ties for " + _POT), text.collected),
    ),
    uncalled=re.compile(r"Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+)\Z"),
    pot=re.compile(r"Total pot (?P<total>\S+).*?\| Rake (?P<rake>\S+)"),
    noise=re.compile(r"Betting is capped\Z"),
    # 2ND (five card stud) to 7TH STREET, some with the pot so far: ``(Total Pot: 120, 2 Players, 1 All-In)``
    marker=re.compile(
        r"\*\*\* (?P<street>[0-9])(?:ST|ND|RD|TH) STREET \*\*\*(?: \[(?P<board>[^\]]*)\])?(?: \(Total Pot: [^)]*\))?\Z",
        re.IGNORECASE,
    ),
    events=_EVENTS,
)
