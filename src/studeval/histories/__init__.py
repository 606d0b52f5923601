"""Stud players' own hand histories: the sites' text files read as PHH hand histories.

:func:`read_lines` streams the hands of a file (any number of hands, one at a time, memory
bounded by the longest hand) and yields, per hand, an :class:`Imported` hand (its
:class:`~studeval.game.phh.HandHistory`) or a :class:`Refused` one (the file, line and
reason); a hand that cannot be read never stops the others. The site is detected from each
hand's first line, or forced. :func:`~studeval.histories.verify.verify` replays a hand and
lists where it disagrees with the site's numbers (collected amounts, rake, uncalled bets).

Sites read: :data:`SITE_NAMES` (PokerStars, Full Tilt, Winamax, Bovada/Bodog as text, iPoker as
XML; :func:`read_file` tells them apart); docs/histories.md lists the formats' facts.

>>> text = '''PokerStars Hand #7: Razz Limit ($0.04/$0.08 USD) - 2024/01/05 20:15:00 ET
... Table 'Vega' 8-max
... Seat 1: Ann ($1.00 in chips)
... Seat 2: Bob ($1.00 in chips)
... Ann: posts the ante $0.01
... Bob: posts the ante $0.01
... *** 3rd STREET ***
... Dealt to Ann [2c 3d Kc]
... Dealt to Bob [4h]
... Ann: brings in for $0.02
... Bob: folds
... Uncalled bet ($0.02) returned to Ann
... Ann collected $0.02 from pot
... *** SUMMARY ***
... Total pot $0.02 | Rake $0'''
>>> [hand] = read_text(text)
>>> hand.history.actions
['d dh p1 2c3dKc', 'd dh p2 ????4h', 'p1 pb', 'p2 f']
>>> hand.history.extra["winnings"], hand.history.finishing_stacks
([2, 0], [101, 99])
>>> verify(hand.history)
[]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from studeval.histories import bovada, fulltilt, ipoker, pokerstars, winamax
from studeval.histories.builder import MAX_HAND_LINES, HistoryError
from studeval.histories.files import detect_encoding, numbered_lines, text_chunks
from studeval.histories.hand import Imported, LineSite, Refused
from studeval.histories.verify import Checked, check_hands, replay_checked, verify

__all__ = [
    "MAX_HAND_LINES",
    "SITES",
    "SITE_NAMES",
    "Checked",
    "HistoryError",
    "HistoryFile",
    "Imported",
    "Refused",
    "check_hands",
    "detect_site",
    "read_file",
    "read_lines",
    "read_text",
    "replay_checked",
    "verify",
]

#: The text sites read, by the name ``--site`` takes (and iPoker's XML: :data:`SITE_NAMES`).
SITES: dict[str, LineSite] = {s.name: s for s in (pokerstars.SITE, fulltilt.SITE, winamax.SITE, bovada.SITE)}

#: Every site read, as ``--site`` names them.
SITE_NAMES: tuple[str, ...] = (*SITES, ipoker.NAME)


def detect_site(line: str) -> LineSite | None:
    """The site whose hands start with this line (None: no site's).

    >>> detect_site("PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2024/01/01 1:00:00 ET").name
    'pokerstars'
    >>> detect_site("hello") is None
    True
    """
    for site in SITES.values():
        if site.start.match(line.lstrip("\ufeff").strip()):
            return site
    return None


def _site(name: str | None) -> LineSite | None:
    if name is None:
        return None
    site = SITES.get(name.strip().lower().replace(" ", ""))
    if site is None:
        raise ValueError(f"unknown site {name!r}: use one of {', '.join(SITES)}")
    return site


def read_lines(
    lines: Iterable[tuple[int, str]], *, source: str = "<text>", site: str | None = None
) -> Iterator[Imported | Refused]:
    """The hands of numbered lines (as ``cli.common.read_lines`` gives them), one at a time.

    ``site`` forces a site (a name in :data:`SITES`); otherwise each hand's first line says
    which. Text before the first hand, and between hands, is skipped; a hand longer than
    :data:`MAX_HAND_LINES` lines is refused and its remaining lines skipped.

    >>> lines = [(7, "PokerStars Hand #9: Razz Limit ($0.04/$0.08 USD) - 2024/01/05 20:15:00 ET"),
    ...          (8, "Seat 1: Ann ($1.00 in chips)")]
    >>> [str(hand) for hand in read_lines(lines, source="razz.txt")]
    ['razz.txt line 8: hand #9 the hand has no summary with its total pot and rake (cut short?)']
    """
    forced = _site(site)
    hand: list[tuple[int, str]] = []
    current: LineSite | None = None
    skipping = False
    for number, text in lines:
        line = text.lstrip("\ufeff").strip()
        starts = forced if forced is not None and forced.start.match(line) else None if forced else detect_site(line)
        if starts is not None:
            if hand and current is not None:
                yield _read(current, hand, source)
            hand, current, skipping = [(number, line)], starts, False
        elif current is not None and not skipping:
            if len(hand) >= MAX_HAND_LINES:
                yield Refused(
                    source, hand[0][0], current.name, _number(current, hand), f"longer than {MAX_HAND_LINES} lines"
                )
                hand, skipping = [], True
            else:
                hand.append((number, line))
    if hand and current is not None:
        yield _read(current, hand, source)


@dataclass(frozen=True)
class HistoryFile:
    """A site's file opened for reading (:func:`read_file`): its path, its encoding as detected
    (:func:`~studeval.histories.files.detect_encoding`), the site forced if any; iterating it
    reads its hands one at a time."""

    source: str
    encoding: str
    site: str | None = None

    def __iter__(self) -> Iterator[Imported | Refused]:
        chunks = text_chunks(self.source, self.encoding)
        first = next(chunks, "")
        text = itertools.chain([first], chunks)
        if self.site == ipoker.NAME or (self.site is None and ipoker.looks_like_ipoker(first[:4096])):
            yield from ipoker.read_xml(text, source=self.source)  # an XML session, not lines
            return
        yield from read_lines(numbered_lines(text, source=self.source), source=self.source, site=self.site)


def read_file(path: str, *, site: str | None = None) -> HistoryFile:
    """A site's history file, its encoding detected: a byte-order mark (UTF-8, UTF-16), else
    UTF-8, else Windows-1252. OSError names a file that cannot be opened, ValueError an empty
    one; reading it may raise ValueError for a file that is not a history (a line over
    :data:`~studeval.histories.files.MAX_LINE_CHARS` characters).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
    ...     _ = f.write(b"\\xef\\xbb\\xbfno hand here\\r\\n")
    >>> hands = read_file(f.name)
    >>> hands.encoding, list(hands)
    ('utf-8-sig', [])
    """
    if site != ipoker.NAME:
        _site(site)
    return HistoryFile(path, detect_encoding(path), site)


def read_text(text: str, *, source: str = "<text>", site: str | None = None) -> Iterator[Imported | Refused]:
    """The hands of a text (:func:`read_lines` on its lines, numbered from 1).

    >>> list(read_text("no hand here"))
    []
    """
    return read_lines(enumerate(text.splitlines(), 1), source=source, site=site)


def _number(site: LineSite, hand: list[tuple[int, str]]) -> str | None:
    m = site.start.match(hand[0][1])
    return m.group("number") if m else None


def _read(site: LineSite, hand: list[tuple[int, str]], source: str) -> Imported | Refused:
    number = _number(site, hand)
    try:
        history = site.read(hand)
    except HistoryError as exc:
        return Refused(source, exc.line or hand[0][0], site.name, number, exc.reason)
    except ValueError as exc:  # the PHH checks of a history (a card dealt twice ...)
        return Refused(source, hand[0][0], site.name, number, str(exc))
    return Imported(source, hand[0][0], site.name, number or "", history)
