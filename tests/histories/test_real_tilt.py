"""Full Tilt as real files write it (FORMATS.md section 8): the fixtures in data/fulltilt/ are
written from that section's line kinds, in the files' encodings: ASCII with 2 to 4 empty lines
between hands, and UTF-16 little-endian behind its mark with an empty line after every line
and one stray ``0A`` byte at the end. Every hand imports and replays to the site's numbers;
each quirk is checked where it is read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studeval.cards import parse_cards
from studeval.game.phh import dumps, loads, replay
from studeval.histories import Imported, Refused, read_lines, read_text, verify
from studeval.histories.files import detect_encoding, numbered_lines, text_chunks

DATA = Path(__file__).parent / "data" / "fulltilt"
FILES = sorted(p.name for p in DATA.glob("*.txt"))


def _hands(name: str) -> list[Imported | Refused]:
    path = str(DATA / name)
    return list(read_lines(numbered_lines(text_chunks(path, detect_encoding(path))), source=name))


def _hand(name: str, number: str) -> Imported:
    [hand] = [h for h in _hands(name) if h.number == number]
    assert isinstance(hand, Imported), hand
    return hand


def _text(name: str, number: str) -> str:
    """One hand's text (ASCII files only), from its header to the next hand's."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    starts = [k for k, line in enumerate(lines) if line.startswith("Full Tilt Poker Game #")]
    [k] = [k for k in starts if f"#{number}:" in lines[k]]
    end = next((j for j in starts if j > k), len(lines))
    return "\n".join(lines[k:end]) + "\n"


def _one(text: str) -> Imported | Refused:
    [hand] = read_text(text, source="x.txt")
    return hand


def _p(hand: Imported, name: str) -> str:
    return f"p{hand.history.extra['players'].index(name) + 1}"


ALL = [(f, h.number) for f in FILES for h in _hands(f)]


def test_the_fixtures_hold_every_game_and_kind() -> None:
    hands = [h for f in FILES for h in _hands(f)]
    assert all(isinstance(h, Imported) for h in hands), [str(h) for h in hands if isinstance(h, Refused)]
    assert len(hands) == 8
    assert {h.game for h in hands if isinstance(h, Imported)} == {"seven", "razz", "stud8", "five"}
    assert {"_tournament" in h.history.extra for h in hands if isinstance(h, Imported)} == {True, False}


@pytest.mark.parametrize(("name", "number"), ALL)
def test_every_hand_replays_to_the_site_numbers(name: str, number: str) -> None:
    hh = _hand(name, number).history
    assert verify(hh) == []
    again = loads(dumps(hh))
    assert verify(again) == []
    state = replay(again)  # the printed rake out of the pots: the site's own stacks
    assert state.stacks == hh.finishing_stacks and state.raked == hh.extra["_rake"]


@pytest.mark.parametrize("name", ["razz_cct_utf16.txt", "sng_utf16.txt"])
def test_double_spaced_utf16_with_a_stray_last_byte(name: str) -> None:
    raw = (DATA / name).read_bytes()
    assert raw[:2] == b"\xff\xfe" and len(raw) % 2 == 1 and raw[-1:] == b"\n"
    assert detect_encoding(str(DATA / name)) == "utf-16-le"
    lines = [text for _, text in numbered_lines(text_chunks(str(DATA / name), "utf-16-le"))]
    assert all(not line for line in lines[1::2])  # every line followed by an empty one


def test_table_events_and_names_that_begin_with_another_name() -> None:
    """Ann and Ann2 (the longest name is matched), a name with two spaces, antes out of seat
    order; clock warnings, a seat taken by a player not seated (``sits down``, ``adds``), a
    folded player returning; an unmarked seat that posts no ante and a marked one: not dealt in."""
    hand = _hand("cash_2010.txt", "21234567890")
    hh = hand.history
    x = hh.extra
    assert x["players"] == ["Ann", "Ann2", "hero_t", "Bo  Diddley"]
    assert x["winnings"] == [0, 0, 4810, 0] and x["_rake"] == 200 and x["_total_pot"] == 5010
    assert x["_invested"] == [2240, 440, 2240, 90]
    assert f"{_p(hand, 'Ann2')} f" in hh.actions and f"{_p(hand, 'Ann')} cbr 200" in hh.actions
    assert (hh.small_bet, hh.big_bet, hh.antes[0], hh.bring_in) == (200, 400, 40, 50)
    assert x["table"] == "Delta Six" and (str(x["time"]), x["time_zone"]) == ("21:14:07", "ET")


def test_a_show_with_its_down_cards_in_another_order() -> None:
    """The deal said ``[Kd Ks]``, the show ``[Ks Kd ...]``: the same cards."""
    hand = _hand("cash_2010.txt", "21234567890")
    hero = hand.history.extra["players"].index("hero_t")
    assert sorted(replay(hand.history).hand(hero)) == sorted(parse_cards("Kd Ks 9d 9c 2c Qh Kh"))


def test_an_all_in_raise_and_no_seventh_street_lines() -> None:
    """``raises to $5, and is all in``; with the hero folded, no seventh-street deal line."""
    hh = _hand("cash_2010.txt", "21234567955").history
    assert hh.extra["winnings"] == [0, 0, 1120] and hh.finishing_stacks == [9630, 20460, 1120]


def test_stud_hi_lo_with_a_timed_out_player() -> None:
    """``Stud H/L``; ``has timed out`` and a clock warning without a name; an uncontested
    winner ``mucks`` before ``wins the pot``."""
    hand = _hand("cash_2010.txt", "22345678901")
    assert hand.game == "stud8" and hand.history.extra["winnings"] == [0, 1350, 0]
    assert hand.history.extra["_returned"] == [0, 300, 0]


def test_the_cct_time_uses_the_bracketed_et_one() -> None:
    x = _hand("razz_cct_utf16.txt", "24567890123").history.extra
    assert (str(x["time"]), x["day"], x["month"], x["year"], x["time_zone"]) == ("21:20:15", 4, 12, 2010, "ET")
    assert x["winnings"] == [0, 123, 0] and x["_rake"] == 6


def test_a_seat_marked_sitting_out_that_is_not_dealt_in() -> None:
    x = _hand("razz_cct_utf16.txt", "24567890188").history.extra
    assert x["players"] == ["Lin", "hero_t"] and x["winnings"] == [10, 0] and x["_returned"] == [7, 0]


def test_a_seat_marked_sitting_out_that_antes_brings_in_all_in_and_shows_down() -> None:
    """The heads-up tournament: the mark decides nothing; ``brings in for 10, and is all in``;
    the shows follow the seventh-street deals without a SHOW DOWN marker; comma separators."""
    hand = _hand("sng_utf16.txt", "25678901234")
    hh = hand.history
    assert hh.extra["players"] == ["hero_t", "Gone"] and hh.starting_stacks == [2985, 15]
    assert hh.extra["_tournament"] == 201234567 and hh.extra["_scale"] == 1 and "currency" not in hh.extra
    assert hh.extra["winnings"] == [30, 0] and hh.finishing_stacks == [3000, 0]


def test_an_all_in_ante_early_shows_and_pot_suffixes() -> None:
    """``antes 6, and is all in`` with the unmatched 4 returned before third street; the
    markers' ``(Total Pot: 12, 2 Players, 1 All-In)``; both show three cards at once, and later
    deal lines hold all their cards, seventh street included."""
    hand = _hand("tournaments_2012.txt", "31234567890")
    hh = hand.history
    assert hh.extra["_returned"] == [4, 0] and hh.extra["winnings"] == [12, 0]
    shorty = _p(hand, "Shorty")
    assert f"{shorty} sm 2s3s7d" in hh.actions and f"d dh {shorty} 5s" in hh.actions
    assert -1 not in replay(hh).hand(1)


def test_five_card_stud_with_a_side_pot() -> None:
    """``Limit 5 Card Stud``, ``*** 2ND STREET ***`` to ``5TH``, the hero's ``[Ah] [Kd]``;
    ``calls 950, and is all in``; ``wins the side pot`` then ``the main pot``."""
    hand = _hand("tournaments_2012.txt", "33456789012")
    hh = hand.history
    assert hand.game == "five" and hh.variant == "F5S"
    assert (hh.small_bet, hh.big_bet, hh.antes[0], hh.bring_in) == (1000, 2000, 200, 500)
    assert "d dh p1 AhKd" in hh.actions and hh.starting_stacks == [12400, 3150, 27915]
    assert hh.extra["winnings"] == [0, 0, 17550]
    assert [p.amount for p in replay(hh).pots] == [9450, 8100]


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Ann2 calls $2\n", "Ann3 calls $2\n", "unreadable line 'Ann3 calls $2'"),
        ("Dealt to Ann2 [Jc]", "Dealt to Ann3 [Jc]", "not seated"),
        ("- Limit Stud Hi -", "- Pot Limit Omaha Hi -", "Omaha"),
        ("*** 5TH STREET ***", "*** 2ND STREET ***", "has no street"),
        ("hero_t shows [Ks Kd 9d", "hero_t shows [Ks Kc 9d", "without Kd"),
    ],
)
def test_what_changes_the_result_is_refused_with_its_line(old: str, new: str, reason: str) -> None:
    text = _text("cash_2010.txt", "21234567890").replace(old, new, 1)
    assert new in text
    hand = _one(text)
    assert isinstance(hand, Refused), hand
    assert reason in hand.reason
    assert new.strip() in text.splitlines()[hand.line - 1]


def test_events_between_any_two_lines_change_nothing() -> None:
    """Every event kind of 8.4 after every line of a hand."""
    text = _text("cash_2010.txt", "22345678901")
    base = _one(text)
    assert isinstance(base, Imported)
    lines = text.splitlines()
    events = [
        "Rex has 15 seconds left to act",
        "7 seconds left to act",
        "Rex has timed out",
        "Nobody is sitting out",
        "Kat has returned",
        "Kat stands up",
        "Nobody sits down",
        "Nobody adds $300",
        "hero_t is low with [4c]",
    ]
    for at in range(1, len(lines)):
        event = events[at % len(events)]
        hand = _one("\n".join([*lines[:at], event, *lines[at:]]))
        assert isinstance(hand, Imported), (at, event, hand)
        assert hand.history.actions == base.history.actions


def test_damaged_hands_are_refused_never_crash() -> None:
    """Lines dropped, doubled, swapped or garbled in every fixture: each hand is imported or
    refused with a line, and an imported one's check runs (no exception escapes)."""
    import random

    texts = [
        "\n".join(t for _, t in numbered_lines(text_chunks(str(p), detect_encoding(str(p)))))
        for p in sorted((DATA.parent).glob("*/*.txt"))
    ]
    rng = random.Random(30)
    for _ in range(300):
        lines = rng.choice(texts).splitlines()
        k = rng.randrange(len(lines))
        j = rng.randrange(len(lines))
        change = rng.randrange(4)
        if change == 0:
            del lines[k]
        elif change == 1:
            lines.insert(k, lines[j])
        elif change == 2:
            lines[k], lines[j] = lines[j], lines[k]
        elif lines[k]:
            p = rng.randrange(len(lines[k]))
            lines[k] = lines[k][:p] + rng.choice("[]()$,:0 of") + lines[k][p + 1 :]
        for hand in read_text("\n".join(lines)):
            if isinstance(hand, Imported):
                verify(hand.history)
            else:
                assert hand.line >= 1 and hand.reason
