"""``studeval import --rake RULE`` (issue 20 item 2): the site's rake rule, stated once for the
files, is written into each cash hand and the replay takes the rake by it, so the check
against the site's collected amounts and printed rake is exact; tournament hands have no rake.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from studeval.cli import main
from studeval.game import Rake
from studeval.game.phh import load, rake_rule, replay
from studeval.histories.verify import SiteRake

DATA = Path(__file__).parent / "data"
STARS = str(DATA / "pokerstars.txt")


def test_the_rule_is_written_into_each_cash_hand_and_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hand 300001 ($3.36 pot, $0.16 rake) and hand 300002 ($1.49, $0.07 out of a main and a
    side pot in proportion, as the site) agree with 5% rounded down; the razz tournament hand
    300004 is imported without a rule; 300003 is unreadable."""
    out = tmp_path / "hands"
    assert main(["import", STARS, "--out", str(out), "--rake", "5,cap=3.00,first_round_free"]) == 1
    text = capsys.readouterr().out
    assert text.splitlines()[0] == "4 hands read from 1 file: 3 imported (razz 1, seven 1, stud8 1), 1 refused"
    cash = load(out / "pokerstars-300001.phh")
    assert rake_rule(cash) == Rake(5, cap=300, first_round_free=True, proportional=True)
    side = load(out / "pokerstars-300002.phh")
    assert replay(side).raked == side.extra["_rake"] == 7
    assert replay(cash).raked == cash.extra["_rake"] == 16
    tournament = load(out / "pokerstars-300004.phh")
    assert rake_rule(tournament) is None and "_tournament" in tournament.extra


def test_a_rule_that_takes_another_rake_refuses_the_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Half to even, 5% of 336 cents is 17: the site printed 16."""
    assert main(["import", STARS, "--out", str(tmp_path), "--rake", "5,half_even"]) == 1
    text = capsys.readouterr().out
    assert (
        "hand #300001 replay disagrees: the replay takes 17 rake by the history's rake rule, the site took 16" in text
    )


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("-5", "rake percent '-5' must be a number from 0 to 100"),
        ("nan", "rake percent 'nan'"),
        ("5,cap=x", "rake cap 'x' must be an amount"),
        ("5,cap=-3", "rake cap '-3'"),
        ("5,nearest", "rake rule part 'nearest'"),
    ],
)
def test_a_bad_rule_is_one_line_and_exit_2(rule, said, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["import", STARS, "--out", str(tmp_path), "--rake", rule])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())  # refused before any work


def test_an_amount_that_is_not_whole_chips_refuses_the_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A cap of $0.005 is half a cent: the cash hands are refused saying so, the tournament
    hand (no rake) is imported."""
    assert main(["import", STARS, "--out", str(tmp_path), "--rake", "5,cap=0.005"]) == 1
    text = capsys.readouterr().out
    assert "hand #300001 rake cap 0.005 is not a whole number of chips at 100 chips to the unit" in text
    assert "1 imported (razz 1)" in text


def test_the_rule_in_chips_at_each_scale() -> None:
    rule = SiteRake.parse("4.15, cap=$1.50, unit=0.05, min_pot=0.20, half_up")
    assert rule.cap == Decimal("1.50")
    assert rule.rake(100) == Rake("4.15", cap=150, unit=5, min_pot=20, rounding="half_up", proportional=True)
    with pytest.raises(ValueError, match="cap 1.50 is not a whole number of chips at 1 chips"):
        rule.rake(1)
