"""A hand whose replay disagrees with the site's numbers is reported, never accepted (issue 20).

Each case changes one number the site printed in a hand that agrees, and the check must
name the difference.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studeval.histories import Imported, read_text, verify

DATA = Path(__file__).parent / "data"


def _first_stars_hand() -> str:
    return (DATA / "pokerstars.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0] + "\n"


def _problems(text: str) -> list[str]:
    [hand] = read_text(text)
    assert isinstance(hand, Imported), hand
    return verify(hand.history)


def test_the_untouched_hand_agrees() -> None:
    assert _problems(_first_stars_hand()) == []


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        # paid more than the replay's pots give (the rake would be negative for him)
        ("Ann collected $1.60 from pot", "Ann collected $1.70 from pot", "the site paid 170"),
        # paid less than the replay's pots give once the printed rake is out
        ("Bob collected $0.80 from pot", "Bob collected $0.70 from pot", "the site paid 70"),
        # the printed rake is not what is missing from the payouts: the replay takes 15, pays 1 more
        ("| Rake $0.16", "| Rake $0.15", "wins 161 in the replay after rake, the site paid 160"),
        # a loser paid (the quartered low given to the wrong player)
        ("Cid collected $0.80 from pot", "Cid collected $0.00 from pot\nAnn collected $0.80 from pot", "the site paid"),
        # the total pot is not the replay's
        ("Total pot $3.36", "Total pot $3.38", "total pot 338"),
        # an uncalled bet the replay does not give back
        (
            "Ann collected $1.60 from pot",
            "Uncalled bet ($0.04) returned to Ann\nAnn collected $1.60 from pot",
            "uncalled",
        ),
    ],
)
def test_a_difference_is_reported(old: str, new: str, said: str) -> None:
    text = _first_stars_hand()
    assert old in text
    problems = _problems(text.replace(old, new, 1))
    assert problems, "a disagreeing hand was accepted"
    assert any(said in p for p in problems), problems


def test_a_hand_the_rules_refuse_is_reported_with_the_replay_error() -> None:
    """Bob acts out of turn: the reader takes the text as written, the replay refuses it."""
    text = _first_stars_hand().replace(
        "Ann: raises $0.05 to $0.10\nBob: calls $0.10", "Bob: calls $0.05\nAnn: raises $0.05 to $0.10", 1
    )
    problems = _problems(text)
    assert len(problems) == 1 and problems[0].startswith("the replay fails:") and "is to act" in problems[0]
    line = text.splitlines().index("Bob: calls $0.05") + 1
    assert f"(line {line})" in problems[0]  # the replay names the line of the site's file


def test_the_stacks_and_the_rake_must_both_agree() -> None:
    """A cent more paid than the pots and rake allow, or a stack a cent off, is reported."""
    [hand] = read_text(_first_stars_hand())
    assert isinstance(hand, Imported)
    hh = hand.history
    hh.extra["winnings"] = [160, 80, 80]
    assert verify(hh) == []
    hh.extra["winnings"] = [161, 80, 80]
    assert verify(hh)
    hh.extra["winnings"] = [160, 80, 80]
    hh.finishing_stacks = [548, 468, 469]
    assert any("ends with" in p for p in verify(hh))


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("winnings", [1, 2], "entries"),
        ("winnings", "lots", "whole numbers"),
        ("_rake", -1, "_rake"),
        ("_returned", [0.5, 0, 0], "whole numbers"),
    ],
)
def test_bad_fields_are_named(field: str, value: object, said: str) -> None:
    [hand] = read_text(_first_stars_hand())
    assert isinstance(hand, Imported)
    hand.history.extra[field] = value
    problems = verify(hand.history)
    assert problems and any(said in p for p in problems), problems
