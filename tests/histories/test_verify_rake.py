"""``verify`` with the site's rake rule stated in the history (issue 20 item 2): the replay
takes the rake by the engine's :class:`~studeval.game.Rake` and must give the site's printed
rake and each player's collected amount exactly; without a rule the rake is checked from the
history's own numbers, as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studeval.game import Rake, dumps, loads
from studeval.histories import Imported, read_text, verify

DATA = Path(__file__).parent / "data"


def _stars(k: int):
    """The k-th PokerStars hand of the fixtures, read."""
    text = (DATA / "pokerstars.txt").read_text(encoding="utf-8")
    hands = [h for h in read_text(text) if isinstance(h, Imported)]
    return hands[k].history


def test_a_stated_rule_that_gives_the_printed_rake_agrees_to_the_cent() -> None:
    """Hand 300001: a $3.36 stud8 pot, $0.16 rake, quartered: 5% rounded down is 16 cents (16.8);
    what is left, 320, pays Ann 160 high and Bob and Cid 80 each low. The rule survives PHH."""
    hh = _stars(0)
    assert hh.extra["_rake"] == 16 and Rake(5).of(336) == 16
    hh.extra["_rake_percent"] = "5"
    assert verify(hh) == []
    assert verify(loads(dumps(hh))) == []


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        (
            {"_rake_percent": "5", "_rake_rounding": "half_even"},
            "takes 17 rake by the history's rake rule, the site took 16",
        ),
        ({"_rake_percent": "5", "_rake_cap": 10}, "takes 10 rake"),
        ({"_rake_percent": "4"}, "takes 13 rake"),
        ({"_rake_percent": "5", "_rake_min_pot": 400}, "takes 0 rake"),
    ],
)
def test_a_stated_rule_that_does_not_give_the_printed_rake_is_reported(rule, said) -> None:
    """The printed rake is still checked: a rule that takes another amount is a difference,
    and so is every payout it changes."""
    hh = _stars(0)
    hh.extra.update(rule)
    problems = verify(hh)
    assert any(said in p for p in problems), problems
    assert any("after rake, the site paid" in p for p in problems), problems


def test_the_pot_the_rake_comes_from_is_checked_too() -> None:
    """Hand 300002: Bob all-in, a main pot of $1.03 and a side pot of $0.46 before a $0.07 rake.
    The site takes it out of both pots in proportion (Bob $0.98, Dan $0.44); a rule that takes
    it from the main pot first (Bob $0.96, Dan the whole side pot $0.46) pays otherwise: the
    replay says so, player by player, rather than accept a split its rule does not give."""
    hh = _stars(1)
    assert verify(hh) == []  # the printed rake, out of every pot in proportion
    hh.extra["_rake_percent"] = "5"  # 5% of 149 is 7.45: 7 cents, the printed rake, main pot first
    problems = verify(hh)
    assert not any("rake by the history's rake rule" in p for p in problems), problems
    assert any("(Bob): wins 96 in the replay after rake, the site paid 98" in p for p in problems), problems
    assert any("(Dan): wins 46 in the replay after rake, the site paid 44" in p for p in problems), problems


def test_a_bad_stated_rule_is_reported_naming_the_field() -> None:
    hh = _stars(0)
    hh.extra["_rake_percent"] = "105"
    [problem] = verify(hh)
    assert problem.startswith("the replay fails") and "_rake_percent" in problem and "'105'" in problem
