"""The site readers under hostile input, in each site's own format (issue 33): amounts, seats,
cards, line ends and encodings. Whatever the text, every hand ends Imported or Refused with a
reason and a line, never an exception or a hang; and a hand is imported only when what was
changed is still what the site writes (an amount in its grammar, a seat 1..10, a card), so
nothing is silently misread.

The hands are this project's own fixtures (tests/histories/data, written from
../shared/histories/FORMATS.md), one per site.
"""

from __future__ import annotations

import codecs
import os
import re
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

from hypothesis import given, settings
from hypothesis import strategies as st

from studeval.cards import parse_cards
from studeval.histories import Imported, Refused, read_file, read_text
from studeval.histories.files import split_lines
from studeval.histories.ipoker import read_xml

FUZZ = settings.get_profile("studeval-fuzz")
DATA = Path(__file__).resolve().parents[1] / "histories" / "data"


def _first(path: str, start: str) -> str:
    text = (DATA / path).read_text(encoding="utf-8")
    return start + text.split(start)[1].rstrip("\n") + "\n"


#: One hand of each text site, with the pattern of an amount in its action lines and of a
#: seat number in its seat lines (group 1: the text to replace).
HANDS = {
    "pokerstars": (
        _first("pokerstars.txt", "PokerStars Hand #"),
        re.compile(r"(?:calls|bets|raises \S+ to|brings in for|posts the ante) (\$[0-9.,]+)$", re.M),
        re.compile(r"^Seat ([0-9]+):", re.M),
    ),
    "fulltilt": (
        _first("fulltilt.txt", "Full Tilt Poker Game #"),
        re.compile(r"(?:calls|bets|raises to|brings in for|antes|completes it to) (\$[0-9.,]+)$", re.M),
        re.compile(r"^Seat ([0-9]+):", re.M),
    ),
    "winamax": (
        _first("winamax/cash_stud.txt", "Winamax Poker - "),
        re.compile(r"(?:calls|bets|brings in|posts ante) ([0-9.,]+\u20ac)$", re.M),
        re.compile(r"^Seat ([0-9]+):", re.M),
    ),
    "bovada": (
        _first("bovada/bovada_2014_cash.txt", "Bovada Hand #"),
        re.compile(r"(?:Calls|Bets|Ante chip|Bring_in chip) (\$[0-9.,]+)$", re.M),
        re.compile(r"^Seat\+([0-9]+)", re.M),
    ),
}
SITES = sorted(HANDS)

#: Amount text as the sites write it, and the hostile forms around it.
_GOOD_AMOUNT = re.compile(
    r"[$\u20ac\u00a3]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?(?:\u20ac| (?:USD|EUR|GBP))?"
)
_WINAMAX_COMMA = re.compile(r"[0-9]+,[0-9]{2}\u20ac")
HOSTILE_AMOUNTS = st.one_of(
    st.sampled_from(
        [
            "$1,00", "$12,50", "\u2212$5.00", "-$5", "$-5", "+$5", "abc$1.00", "USD$0.04", "$$1", "$.5", "$5.",
            "$1,0000", "$,100", "1,,000", "$\uff15", "$\u0665", "$1_000", "1e3", "0x10", "$1\u00a0000", "$1 000",
            "\u20ac1,500", "1,500\u20ac", "$" + "9" * 40, "$0.001", "NaN", "$inf", "\u00a35", "$5\u20ac", "5 USD",
        ]
    ),
    st.text(alphabet="0123456789,.$\u20ac\u00a3-\u2212+ eE\uff10\u0660_", min_size=1, max_size=12),
)  # fmt: skip
HOSTILE_SEATS = st.one_of(
    st.sampled_from(["0", "00", "11", "99", "99999999999999999999", "-1", "\uff11", "\u0661", "1.0", "+1", " 1"]),
    st.integers(0, 12).map(str),
    st.text(alphabet="0123456789\uff10\u0660-+ ", min_size=1, max_size=6),
)
CARD_TOKEN = re.compile(r"(?<=[\[ ])([2-9TJQKA][cdhs])(?=[\] ])")
HOSTILE_CARDS = st.one_of(
    st.sampled_from(["Xx", "xx", "of", "1s", "10h", "Ah Ah", "A\u2660", "Zz", "", "AsKs", "7D", "\uff21s", "??"]),
    st.text(alphabet="23456789TJQKAtjqkacdhsxX10 \u2660?", min_size=0, max_size=4),
)


def _spots(pattern: re.Pattern[str], text: str, *, before: str = "*** SUMMARY ***") -> list[re.Match[str]]:
    """The matches in the part of the hand that is read (the summary repeats it and is not)."""
    return list(pattern.finditer(text, 0, text.index(before)))


def _well_formed_amount(site: str, text: str) -> bool:
    if site == "winamax" and _WINAMAX_COMMA.fullmatch(text):
        return True
    if site == "bovada":  # its reader takes a space after the dollar sign
        text = text.replace("$ ", "$", 1)
    return _GOOD_AMOUNT.fullmatch(text) is not None and not (site == "winamax" and "," in text)


def _read_or_refused(text: str) -> list[Imported | Refused]:
    hands = list(read_text(text))
    for hand in hands:
        assert isinstance(hand, (Imported, Refused))
        if isinstance(hand, Refused):
            assert hand.reason and hand.reason.strip() and hand.line >= 1
    return hands


@settings(FUZZ, max_examples=120 * FUZZ.max_examples)
@given(st.sampled_from(SITES), st.data(), HOSTILE_AMOUNTS)
def test_a_hostile_amount_is_read_in_the_sites_grammar_or_refused(site: str, data: st.DataObject, amount: str) -> None:
    text, amounts, _ = HANDS[site]
    spots = _spots(amounts, text)
    m = spots[data.draw(st.integers(0, len(spots) - 1))]
    changed = text[: m.start(1)] + amount + text[m.end(1) :]
    hands = _read_or_refused(changed)
    if any(isinstance(h, Imported) for h in hands):
        assert _well_formed_amount(site, amount.strip()) or amount.strip() == m.group(1), (site, amount)


@settings(FUZZ, max_examples=60 * FUZZ.max_examples)
@given(st.sampled_from(SITES), st.data(), HOSTILE_SEATS)
def test_a_hostile_seat_number_is_a_seat_1_to_10_or_refused(site: str, data: st.DataObject, seat: str) -> None:
    text, _, seats = HANDS[site]
    spots = _spots(seats, text, before="***")
    m = spots[data.draw(st.integers(0, len(spots) - 1))]
    changed = text[: m.start(1)] + seat + text[m.end(1) :]
    if site == "bovada":  # the seat names the player in every line of his
        changed = changed.replace(f"Seat+{m.group(1)}", f"Seat+{seat}")
    hands = _read_or_refused(changed)
    if any(isinstance(h, Imported) for h in hands):
        number = seat.strip() if site == "bovada" else seat  # Bovada's reader takes spaces around a seat
        assert re.fullmatch(r"[0-9]+", number, re.ASCII) and 1 <= int(number) <= 10, (site, seat)


@settings(FUZZ, max_examples=80 * FUZZ.max_examples)
@given(st.sampled_from(SITES), st.data(), HOSTILE_CARDS)
def test_a_hostile_card_is_a_card_or_refused(site: str, data: st.DataObject, card: str) -> None:
    text = HANDS[site][0]
    spots = _spots(CARD_TOKEN, text)
    m = spots[data.draw(st.integers(0, len(spots) - 1))]
    changed = text[: m.start(1)] + card + text[m.end(1) :]
    hands = _read_or_refused(changed)
    if any(isinstance(h, Imported) for h in hands) and card not in ("of", "??", "Xx", "xX", "X X"):
        tokens = card.split()
        try:
            parsed = [parse_cards(t) for t in tokens]
        except ValueError:
            parsed = None
        # a card text that is no card may only go where the line's earlier cards are repeated
        # (checked against what was dealt), never be read as a card
        assert parsed is not None or card.strip() == "", (site, card)


_ENDS = st.sampled_from(["\n", "\r\n", "\r"])
_CHAT = st.sampled_from(["\u2028", "\u2029", "\x0c", "\x0b", "\x85", "\x1c", "\x1d", "\x1e"])


@settings(FUZZ, max_examples=40 * FUZZ.max_examples)
@given(st.sampled_from(SITES), st.lists(_ENDS, min_size=1, max_size=400), _CHAT)
def test_any_line_ends_read_as_line_feeds(site: str, ends: list[str], odd: str) -> None:
    """Mixed CRLF, LF and CR ends give the hands LF ends give; a character that other rules
    take for a line end (U+2028, a form feed, NEL) is text inside its line."""
    text = HANDS[site][0]
    lines = split_lines(text)
    lines = [lines[0], *(line + odd if k == 2 else line for k, line in enumerate(lines[1:], 1))]
    plain = "\n".join(lines) + "\n"
    mixed = "".join(line + ends[k % len(ends)] for k, line in enumerate(lines))
    a, b = _read_or_refused(plain), _read_or_refused(mixed)
    assert [type(h) for h in a] == [type(h) for h in b]
    assert [h.line for h in a] == [h.line for h in b]
    assert [h.history.actions for h in a if isinstance(h, Imported)] == [
        h.history.actions for h in b if isinstance(h, Imported)
    ]


_ENCODINGS = {
    "utf-8": lambda t: t.encode("utf-8"),
    "utf-8-sig": lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
    "utf-16-le": lambda t: codecs.BOM_UTF16_LE + t.encode("utf-16-le") + b"\n",  # Full Tilt's stray byte
    "utf-16-be": lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be"),
    "windows-1252": lambda t: t.encode("cp1252"),
}


@settings(FUZZ, max_examples=40 * FUZZ.max_examples)
@given(st.sampled_from(SITES), st.sampled_from(sorted(_ENCODINGS)), _ENDS, st.binary(max_size=6))
def test_a_file_in_any_encoding_reads_as_its_text(site: str, encoding: str, end: str, junk: bytes) -> None:
    """The same hand in each encoding a site writes reads as the text does; bytes that are not
    the encoding's refuse the file's reading with a ValueError, never an exception of another kind."""
    text = HANDS[site][0]
    try:
        data = _ENCODINGS[encoding](text.replace("\n", end))
    except UnicodeEncodeError:  # a name no Windows-1252 byte writes
        return
    expected = [(type(h), h.line) for h in _read_or_refused(text)]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "hand.txt")
        with open(path, "wb") as f:
            f.write(data)
        hands = read_file(path)
        assert hands.encoding == encoding or (encoding == "windows-1252" and hands.encoding == "utf-8")
        assert [(type(h), h.line) for h in hands] == expected
        with open(path, "ab") as f:
            f.write(junk)
        try:
            for hand in read_file(path):
                assert isinstance(hand, (Imported, Refused))
        except ValueError as exc:
            assert str(exc)


IPOKER = (DATA / "ipoker" / "cash_usd.xml").read_text(encoding="utf-8")
_IPOKER_AMOUNT = re.compile(r'\b(?:sum|chips|win|bet)="([^"]*)"')
_IPOKER_SEAT = re.compile(r'<player seat="([^"]*)" name="[^"]+"')


def _ipoker(text: str) -> list[Imported | Refused]:
    hands = list(read_xml([text], source="fuzz.xml"))
    for hand in hands:
        assert isinstance(hand, (Imported, Refused))
        if isinstance(hand, Refused):
            assert hand.reason.strip() and hand.line >= 1
    return hands


@settings(FUZZ, max_examples=60 * FUZZ.max_examples)
@given(st.data(), HOSTILE_AMOUNTS)
def test_ipoker_amounts_in_the_grammar_or_refused(data: st.DataObject, amount: str) -> None:
    spots = list(_IPOKER_AMOUNT.finditer(IPOKER))
    m = spots[data.draw(st.integers(0, len(spots) - 1))]
    changed = IPOKER[: m.start(1)] + escape(amount, {'"': "&quot;"}) + IPOKER[m.end(1) :]
    before, after = _ipoker(IPOKER), _ipoker(changed)
    if not _well_formed_amount("ipoker", amount.strip()) and amount != m.group(1):
        # the hand holding the amount is refused, or the amount is one the reader does not use
        # (a seat not dealt in, a total it does not need): everything reads as before
        assert sum(isinstance(h, Imported) for h in after) < sum(isinstance(h, Imported) for h in before) or [
            _facts(h) for h in after
        ] == [_facts(h) for h in before], amount


def _facts(h: Imported | Refused) -> object:
    if isinstance(h, Refused):
        return ("refused", h.line)
    hh = h.history
    return (hh.actions, hh.starting_stacks, hh.finishing_stacks, hh.extra.get("winnings"))


@settings(FUZZ, max_examples=40 * FUZZ.max_examples)
@given(st.data(), HOSTILE_SEATS)
def test_ipoker_seats_1_to_10_or_refused(data: st.DataObject, seat: str) -> None:
    spots = list(_IPOKER_SEAT.finditer(IPOKER))
    m = spots[data.draw(st.integers(0, len(spots) - 1))]
    changed = IPOKER[: m.start(1)] + escape(seat, {'"': "&quot;"}) + IPOKER[m.end(1) :]
    game_of = IPOKER.rfind("<game ", 0, m.start())
    imported = {h.line for h in _ipoker(changed) if isinstance(h, Imported)}
    line = IPOKER.count("\n", 0, game_of) + 1
    if line in imported:
        number = seat.strip()
        assert re.fullmatch(r"[0-9]+", number, re.ASCII) and 1 <= int(number) <= 10, seat
