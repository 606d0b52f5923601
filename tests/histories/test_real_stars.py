"""PokerStars as real files write it (FORMATS.md section 7): the fixtures in data/pokerstars/
are written from that section's line kinds, in the files' encodings (one behind a UTF-8
byte-order mark), hands three empty lines apart. Every hand imports and replays to the
site's numbers; each quirk is checked where it is read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studeval.cards import format_cards, parse_cards
from studeval.game.phh import dumps, loads, replay
from studeval.histories import Imported, Refused, read_lines, read_text, verify
from studeval.histories.files import detect_encoding, numbered_lines, text_chunks

DATA = Path(__file__).parent / "data" / "pokerstars"
FILES = sorted(p.name for p in DATA.glob("*.txt"))


def _hands(name: str) -> list[Imported | Refused]:
    path = str(DATA / name)
    return list(read_lines(numbered_lines(text_chunks(path, detect_encoding(path))), source=name))


def _hand(name: str, number: str) -> Imported:
    [hand] = [h for h in _hands(name) if h.number == number]
    assert isinstance(hand, Imported), hand
    return hand


def _one(text: str) -> Imported | Refused:
    [hand] = read_text(text, source="x.txt")
    return hand


def _text(name: str, number: str) -> str:
    """One hand's text as the file has it."""
    hands = (DATA / name).read_text(encoding="utf-8-sig").split("\n\n\n\n")
    [text] = [h for h in hands if f"#{number}:" in h.splitlines()[0]]
    return text + "\n"


def _p(hand: Imported, name: str) -> str:
    return f"p{hand.history.extra['players'].index(name) + 1}"


ALL = [(f, h.number) for f in FILES for h in _hands(f)]


def test_the_fixtures_hold_every_game_and_kind() -> None:
    hands = [h for f in FILES for h in _hands(f)]
    assert all(isinstance(h, Imported) for h in hands), [str(h) for h in hands if isinstance(h, Refused)]
    assert len(hands) == 13
    games = {h.game for h in hands if isinstance(h, Imported)}
    assert games == {"seven", "razz", "stud8"}
    assert {"_tournament" in h.history.extra for h in hands if isinstance(h, Imported)} == {True, False}


@pytest.mark.parametrize(("name", "number"), ALL)
def test_every_hand_replays_to_the_site_numbers(name: str, number: str) -> None:
    """The collected amounts, rake, uncalled bets, pot and the stacks after the rake."""
    hh = _hand(name, number).history
    assert verify(hh) == []
    again = loads(dumps(hh))
    assert verify(again) == []
    state = replay(again)
    winners = [i for i, w in enumerate(hh.extra["winnings"]) if w]
    # the rake leaves the pot before the winners are paid: the replay takes it and ends at the site's stacks
    assert state.stacks == hh.finishing_stacks and state.raked == hh.extra["_rake"]
    assert winners


def test_a_byte_order_mark_and_the_bracketed_et_time() -> None:
    """2011: a UTF-8 mark before the first hand; a CET time with the ET one in brackets."""
    assert (DATA / "cet_bom_2011.txt").read_bytes()[:3] == b"\xef\xbb\xbf"
    assert detect_encoding(str(DATA / "cet_bom_2011.txt")) == "utf-8-sig"
    x = _hand("cet_bom_2011.txt", "58123456701").history.extra
    assert (str(x["time"]), x["time_zone"], x["day"]) == ("14:05:11", "ET", 14)
    assert x["winnings"] == [0, 43, 0] and x["_rake"] == 2 and x["_returned"] == [0, 8, 0]


def test_a_header_without_currency_code_and_a_double_bet_allowed() -> None:
    """``($0.04/$0.08)`` without ``USD``: dollars all the same; the pair-on-board notice changes
    nothing, the big bet after it is read as printed."""
    hand = _hand("cet_2009.txt", "29123456701")
    x = hand.history.extra
    assert x["currency"] == "USD" and x["_scale"] == 100 and str(x["time"]) == "08:05:00"
    assert f"{_p(hand, 'Tom.T')} cbr 8" in hand.history.actions


def test_table_events_name_players_not_seated() -> None:
    """Zed joins, chats, connects; Mr. Pink leaves and 4ever_young sits out after folding:
    none of it is an action, and Zed is no player of the hand."""
    hand = _hand("cash_2009.txt", "27123456701")
    x = hand.history.extra
    assert x["players"] == ["Mr. Pink", "4ever_young", "Ann", "Big Joe [NL]", "hero_k"]
    assert x["seats"] == [1, 3, 4, 6, 8]
    assert x["winnings"] == [0, 0, 119, 0, 0] and x["_rake"] == 6 and x["_total_pot"] == 125
    assert hand.history.starting_stacks == [150, 200, 80, 300, 181]  # "$2" and "$3": whole dollars
    actions = hand.history.actions
    assert f"d dh {_p(hand, 'hero_k')} 7c2d8h" in actions  # the hero: three cards on third street
    assert f"d dh {_p(hand, 'Big Joe [NL]')} ????Qs" in actions  # a bracketed name: the last bracket
    assert f"{_p(hand, 'Big Joe [NL]')} sm" in actions  # a muck stays a muck (the summary's cards unused)


def test_events_anywhere_leave_the_hand_unchanged() -> None:
    """Each event kind of 7.4, put after any line, is passed over."""
    text = _text("cash_2009.txt", "27123456705")
    base = _one(text)
    assert isinstance(base, Imported)
    lines = text.splitlines()
    events = [
        "Nobody joins the table at seat #7",
        "Nobody was removed from the table for failing to post",
        "Nobody is connected",
        "Nobody is disconnected",
        "Bob leaves the table",
        "Bob is sitting out",
        'Nobody said, "Bob: folds"',
        "Bob finished the tournament in 11th place",
        "Pair on board - a double bet is allowed",
        "Betting is capped",
        "No low hand qualified",
    ]
    for k, event in enumerate(events):
        at = 2 + (7 * k) % (len(lines) - 2)
        hand = _one("\n".join([*lines[:at], event, *lines[at:]]))
        assert isinstance(hand, Imported), (event, hand)
        assert hand.history.actions == base.history.actions


def test_a_capped_razz_pot_and_a_winner_who_does_not_show() -> None:
    hand = _hand("cash_2009.txt", "27123456702")
    x = hand.history.extra
    assert x["winnings"] == [0, 36, 0] and x["_returned"] == [0, 4, 0] and x["_rake"] == 1
    assert sum(1 for a in hand.history.actions if " cbr " in a) == 5  # 4 bets on third street, one on fourth


def test_a_hi_lo_split_the_odd_cent_high() -> None:
    """Two plain collected lines; the high hand has the odd cent."""
    x = _hand("cash_2009.txt", "27123456703").history.extra
    assert x["winnings"] == [5, 4, 0] and x["_total_pot"] == 9


def test_no_low_hand_qualified() -> None:
    hh = _hand("cash_2009.txt", "27123456707").history
    state = replay(hh)
    assert [state.payouts[i] - state.returned[i] for i in range(2)] == hh.extra["winnings"] == [21, 0]  # 22 less rake


def test_the_community_river_card() -> None:
    """Eight players reach the river: ``*** RIVER *** [2d]`` is every player's seventh card;
    the shows hold six cards; ``Board [2d]`` in the summary."""
    hand = _hand("cash_2009.txt", "27123456704")
    hh = hand.history
    assert len(hh.starting_stacks) == 8 and "d db 2d" in hh.actions
    assert not any(a.startswith("d dh") and a.endswith("??") and len(a) == 10 for a in hh.actions[-20:])
    state = replay(hh)
    eli = hh.extra["players"].index("Eli")
    assert state.community >= 0 and -1 not in state.hand(eli) and len(state.hand(eli)) == 7
    assert hh.extra["winnings"][eli] == 23


def test_side_and_main_pots_after_the_rake() -> None:
    """``bets X and is all-in`` (Bob), ``calls X and is all-in`` (Ann) with the excess returned,
    ``collected from side pot`` then ``main pot``; the summary's main and side pots."""
    hand = _hand("cash_2009.txt", "27123456705")
    hh = hand.history
    x = hh.extra
    assert x["winnings"] == [0, 0, 67] and x["_returned"] == [0, 0, 3] and x["_rake"] == 3
    assert x["_total_pot"] == 70 and hh.finishing_stacks == [0, 0, 142]
    state = replay(hh)
    assert [p.amount for p in state.pots] == [57, 10]  # 60 and 10 before the 3 cents, out of each in proportion


def test_an_uncontested_winner_shows_four_cards_after_collecting() -> None:
    hand = _hand("cash_2009.txt", "27123456706")
    lola = hand.history.extra["players"].index("Lola")
    assert format_cards(sorted(replay(hand.history).hand(lola))) == format_cards(sorted(parse_cards("3h 5c 4c 2d")))
    assert hand.history.extra["winnings"][lola] == 10


def test_the_tracker_export_with_a_dealt_in_sitting_out_player() -> None:
    """Capital letters; ``Seat 2: Snoozer (1480 in chips) is sitting out`` antes, is dealt and
    folds: he is in the hand."""
    hh = _hand("tournaments.txt", "26123456701").history
    x = hh.extra
    assert x["players"] == ["bigstack", "Snoozer", "hero_k"] and x["_tournament"] == 171234567
    assert x["level"] == 2 and x["_scale"] == 1 and "currency" not in x
    assert (hh.small_bet, hh.big_bet, hh.antes, hh.bring_in) == (20, 40, [5, 5, 5], 10)
    assert x["winnings"] == [208, 0, 207] and hh.finishing_stacks == [1500 - 205 + 208, 1475, 1520 - 205 + 207]


def test_a_razz_tournament_bust() -> None:
    x = _hand("tournaments.txt", "41123456701").history.extra
    assert x["level"] == 4 and x["winnings"] == [0, 0, 105] and x["_returned"] == [0, 0, 75]


def test_the_triple_stud_hand_of_the_word_of() -> None:
    """EET time with ET in brackets; the hero's seventh card printed ``[of]``, his show three
    cards: the card is unknown, the collected lines decide, the card put in is marked guessed."""
    hand = _hand("tournaments.txt", "98123456701")
    hh = hand.history
    x = hh.extra
    assert (str(x["time"]), x["day"], x["time_zone"], x["level"]) == ("20:15:00", 19, "ET", 1)
    assert x["winnings"] == [124, 0]
    [guess] = x["_guessed"]
    hero, card = guess.split()
    assert hero == "p1" and card not in ["Th", "Tc", "9s", "Kd", "2s", "9d", "4h", "6c", "7d", "8h"]
    assert f"d dh p1 {card}" in hh.actions
    [show] = [a for a in hh.actions if a.startswith("p1 sm ")]
    assert sorted(parse_cards(show[6:])) == sorted(parse_cards(f"Th Tc 9s Kd 2s 9d {card}"))


def test_a_mixed_game_header_and_a_capped_rake() -> None:
    """2017: ``Hand #`` with twelve digits, ``8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)``,
    five-digit stacks without separators, a $2 rake."""
    hh = _hand("eightgame_2017.txt", "165123456701").history
    assert hh.variant == "F7S/8" and (hh.small_bet, hh.big_bet) == (40000, 80000)
    assert hh.starting_stacks == [2500000, 1846000] and hh.extra["_rake"] == 200
    assert hh.extra["hand"] == 165123456701 and hh.extra["seat_count"] == 6


@pytest.mark.parametrize(
    ("number", "old", "new", "reason", "at"),
    [
        ("27123456701", "hero_k: calls $0.04\n", "Zed: calls $0.04\n", "unreadable line 'Zed: calls $0.04'", 0),
        ("27123456701", "Dealt to hero_k [7c 2d 8h]", "Dealt to hero_k [7c of 8h]", "2 cards dealt to hero_k", 0),
        ("27123456701", "Dealt to Ann [9h Tc] [Jd]", "Dealt to Ann [9h Tc] [of]", "0 cards dealt to Ann", 0),
        # a community card with seven cards still to deal: the river's deal line is refused
        ("27123456701", "*** RIVER ***", "*** RIVER *** [Qh]", "cards dealt outside a street's deal", 1),
        ("27123456701", "Ann: shows [As Ah 9h Tc", "Ann: shows [As Ah 9h 2h", "without Tc", 0),
        ("27123456701", "*** 5th STREET ***", "*** 9th STREET ***", "no street", 0),
    ],
)
def test_what_changes_the_result_is_refused_with_its_line(
    number: str, old: str, new: str, reason: str, at: int
) -> None:
    text = _text("cash_2009.txt", number).replace(old, new, 1)
    assert new in text
    hand = _one(text)
    assert isinstance(hand, Refused), hand
    assert reason in hand.reason, hand
    lines = text.splitlines()
    assert lines[hand.line - 1 - at].startswith(new.strip())


def test_a_community_card_dealt_twice_fails_the_replay() -> None:
    text = _text("cash_2009.txt", "27123456704").replace("*** RIVER *** [2d]", "*** RIVER *** [As]")
    hand = _one(text)
    assert isinstance(hand, Imported)
    assert any("dealt twice" in p for p in verify(hand.history))


def test_a_partial_show_no_card_can_explain_is_refused() -> None:
    """The Triple Stud hero shows three cards but the site pays his opponent: no seventh card
    makes that true of a hand that already beats hers, so the hand is refused at the show."""
    text = _text("tournaments.txt", "98123456701")
    for old, new in [
        (
            "Zora: mucks hand\nhero_k collected 124 from pot",
            "Zora: shows [Jc 3d 4h 6c 7d 8h 2d] (high card Jack)\nZora collected 124 from pot",
        ),
    ]:
        assert old in text
        text = text.replace(old, new)
    hand = _one(text)
    assert isinstance(hand, Refused) and "shows part of his hand" in hand.reason
    assert text.splitlines()[hand.line - 1] == "hero_k: shows [Th Tc 9s] (two pair, Tens and Nines)"
