"""Card notation that players type and the tool prints (issue 21, item 5): suit symbols, black
and white, wherever cards are read (cards, hands, ranges), and ``eval`` taking a hand as
``replay`` prints it, down cards in brackets. Anything else stays refused, naming it."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from studeval import evaluate, format_cards, parse_cards
from studeval.cards import SUIT_SYMBOLS
from studeval.cli import main
from studeval.cli.evaluate import hand_row
from studeval.ranges import parse_player, parse_range

# written out here, not read from the package: black and white symbols of each suit
SPELLINGS = {
    0: ["c", "C", "\u2663", "\u2667", "\u2663\ufe0f", "\u2667\ufe0e"],
    1: ["d", "D", "\u2666", "\u2662", "\u2666\ufe0f", "\u2662\ufe0e"],
    2: ["h", "H", "\u2665", "\u2661", "\u2665\ufe0f", "\u2661\ufe0e"],
    3: ["s", "S", "\u2660", "\u2664", "\u2660\ufe0f", "\u2664\ufe0e"],
}
RANKS = "23456789TJQKA"

cards = hs.lists(hs.integers(0, 51), min_size=1, max_size=7, unique=True)


@hs.composite
def written(draw: hs.DrawFn, hand: list[int], separators: tuple[str, ...] = (" ", ", ", ",", "  ", "")) -> str:
    """The cards as a player may type them: any case, suit letters or symbols, any separator."""
    parts = []
    for c in hand:
        rank = RANKS[c >> 2]
        rank = draw(hs.sampled_from(["10", "T", "t"])) if rank == "T" else draw(hs.sampled_from([rank, rank.lower()]))
        parts.append(rank + draw(hs.sampled_from(SPELLINGS[c & 3])))
    seps = draw(hs.lists(hs.sampled_from(separators), min_size=len(parts), max_size=len(parts)))
    return "".join(p + (s if k < len(parts) - 1 else "") for k, (p, s) in enumerate(zip(parts, seps, strict=True)))


@settings(max_examples=300, deadline=None)
@given(hs.data(), cards)
def test_suit_symbols_read_as_their_letters(data: hs.DataObject, hand: list[int]) -> None:
    text = data.draw(written(hand))
    assert parse_cards(text) == hand
    if len(hand) >= 5:
        assert evaluate(text) == evaluate(hand)


def test_the_symbols_are_the_eight_suit_characters() -> None:
    assert {s: "cdhs".index(letter) for s, letter in SUIT_SYMBOLS.items()} == {
        s: suit for suit, ways in SPELLINGS.items() for s in ways if len(s) == 1 and not s.isascii()
    }


other_non_ascii = hs.characters(min_codepoint=0x80).filter(lambda ch: ch not in SUIT_SYMBOLS and not ch.isspace())


@settings(max_examples=200, deadline=None)
@given(other_non_ascii)
def test_any_other_non_ascii_suit_is_refused_naming_it(ch: str) -> None:
    with pytest.raises(ValueError, match="unknown card") as info:
        parse_cards(f"As K{ch}")
    assert repr(f"K{ch}") in str(info.value)  # the card named as Python writes it
    with pytest.raises(ValueError) as info:
        parse_range(f"A\u2660K{ch}")
    assert f"U+{ord(ch):04X}" in str(info.value)


@settings(max_examples=100, deadline=None)
@given(hs.data(), hs.lists(hs.integers(0, 51), min_size=2, max_size=2, unique=True))
def test_explicit_range_combos_take_symbols(data: hs.DataObject, two: list[int]) -> None:
    text = data.draw(written(two, (" ", "", "  ")))  # a comma separates range items
    ascii_text = format_cards(two, sep="")
    assert parse_range(text).combos == parse_range(ascii_text).combos == (tuple(sorted(two)),)
    hole, up = parse_player(f"[{text}] {data.draw(written([c for c in range(52) if c not in two][:1]))}")
    assert hole is not None and hole.combos == (tuple(sorted(two)),) and len(up) == 1


def test_look_alikes_in_ranges_stay_refused() -> None:
    with pytest.raises(ValueError, match="U\\+212A"):  # the Kelvin sign
        parse_range("A\u2660\u212a\u2660")


# ---------------------------------------------------------------------------------------------
# eval takes the bracket notation replay prints


@hs.composite
def bracketed(draw: hs.DrawFn) -> tuple[list[int], str]:
    """5 to 7 cards, with some runs of them put in brackets as replay marks down cards."""
    hand = draw(hs.lists(hs.integers(0, 51), min_size=5, max_size=7, unique=True))
    words, k = [], 0
    while k < len(hand):
        run = draw(hs.integers(1, len(hand) - k))
        text = " ".join(format_cards(hand[k : k + run]).split())
        words.append(f"[{text}]" if draw(hs.booleans()) else text)
        k += run
    return hand, " ".join(words)


@settings(max_examples=200, deadline=None)
@given(bracketed())
def test_eval_takes_down_cards_in_brackets(case: tuple[list[int], str]) -> None:
    hand, text = case
    assert hand_row(text) == hand_row(format_cards(hand))
    assert hand_row(text)["value"] == evaluate(hand)


def test_eval_command_takes_what_replay_prints() -> None:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        assert (
            main(["eval", "[Ah Kh] Qh Jh Th", "[2d Jc] Qh 5s 8c 9d [Kc]", "A\u2660 K\u2660 Q\u2660 J\u2660 T\u2660"])
            == 0
        )
    lines = out.getvalue().splitlines()
    assert "Royal flush" in lines[0] and "King high" in lines[1] and "Royal flush" in lines[2]


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("[Ah Kh] Qh Jh Xx", "unknown card 'Xx'"),
        ("[Ah Kh Qh Jh Th", "unmatched bracket"),
        ("Ah] Kh Qh Jh Th", "unmatched bracket"),
        ("[[Ah]] Kh Qh Jh Th", "unmatched bracket"),
        ("[] Ah Kh Qh Jh Th", "empty brackets"),
        ("A[h Kh] Qh Jh Th", "unknown card 'A'"),
    ],
)
def test_eval_still_refuses_garbage(hand: str, words: str) -> None:
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        assert main(["eval", hand]) == 2
    assert words in err.getvalue() and len(err.getvalue().splitlines()) == 1
