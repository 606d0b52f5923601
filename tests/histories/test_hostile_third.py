"""The site readers and ``studeval import`` against the third hostile pass (issue 33): amounts
read by each site's grammar, contradictions refused, ASCII numbers only, one line-splitting
rule, the rake's numbers bounded where parsed, refusals streamed."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from hand_files import bogus_hands, command_peak

from studeval.cli import main
from studeval.histories import Imported, Refused, read_text
from studeval.histories.builder import HandBuilder, HistoryError
from studeval.histories.verify import SiteRake

DATA = Path(__file__).parent / "data"
STARS = (DATA / "pokerstars.txt").read_text(encoding="utf-8")
FIRST = STARS.split("\n\n\n\n")[0] + "\n"  # hand 300001: three players to the showdown


def _one(text: str) -> Imported | Refused:
    [hand] = list(read_text(text))
    return hand


def _refused(text: str, reason: str) -> None:
    hand = _one(text)
    assert isinstance(hand, Refused), hand
    assert reason in hand.reason


# ---------------------------------------------------------------------- item 1


def test_an_output_never_writes_over_an_input_named_relatively(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("stars.phhs").write_text(STARS, encoding="utf-8")
    assert main(["import", "stars.phhs", "--out", ".", "--phhs"]) == 2
    assert "is an input" in capsys.readouterr().err
    assert Path("stars.phhs").read_text(encoding="utf-8") == STARS


# ---------------------------------------------------------------------- item 2: amounts


@pytest.mark.parametrize(
    ("text", "chips"),
    [
        ("$1,234.56", 123456),
        ("$1000", 100000),
        ("$0.04", 4),
        ("1,500", 150000),
        ("$1,000,000", 100000000),
        ("€2417.80", 241780),
        ("2417.80€", 241780),
        ("$0.04 USD", 4),
        ("12.5", 1250),
    ],
)
def test_amounts_in_the_sites_grammar(text: str, chips: int) -> None:
    assert HandBuilder("pokerstars", "1", "razz", scale=100, first_line=1).amount(text) == chips


@pytest.mark.parametrize(
    "text",
    [
        "$1,00",  # a thousands separator before two digits
        "$12,50",  # Full Tilt's dollars have a decimal point
        "$1,0000",
        "$,100",
        "$1,000,00",
        "1,,000",
        "\u2212$5.00",  # a Unicode minus
        "-$5.00",
        "$-5",
        "+$5",
        "abc$1.00",
        "USD$0.04",
        "$$1",
        "$ 1",
        "$1.",
        "$.50",
        "$1.2.3",
        "$\uff11",  # a fullwidth digit
        "$\u0661",  # an Arabic-Indic digit
        "$1_000",
        "1e3",
        "$1\u00a0000",
        "\u00a0$1",  # another script's space
        "0x10",
        "$1 XYZ",
        "$" + "9" * 40,
    ],
)
def test_amounts_outside_the_grammar_are_refused_naming_them(text: str) -> None:
    b = HandBuilder("pokerstars", "1", "razz", scale=100, first_line=1)
    with pytest.raises(HistoryError) as caught:
        b.amount(text)
    assert repr(text)[:20] in str(caught.value)  # named (a long one cut short)


def test_an_amount_in_another_currency_than_the_hands_is_refused() -> None:
    _refused(FIRST.replace("Bob: calls $0.10", "Bob: calls \u20ac0.10"), "currency")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Bob: calls $0.10", "Bob: calls $0,10"),
        ("Seat 1: Ann ($5.00 in chips)", "Seat 1: Ann ($5,00 in chips)"),
        ("Bob: calls $0.10", "Bob: calls \u2212$0.10"),
        ("Bob: calls $0.10", "Bob: calls abc$0.10"),
        ("Seat 1: Ann ($5.00 in chips)", "Seat 1: Ann (USD$5.00 in chips)"),
    ],
)
def test_a_hand_with_a_miswritten_amount_is_refused(old: str, new: str) -> None:
    assert old in FIRST
    _refused(FIRST.replace(old, new), "amount")


def test_full_tilts_decimal_comma_is_not_a_thousands_separator() -> None:
    tilt = (DATA / "fulltilt.txt").read_text(encoding="utf-8")
    first = "Full Tilt Poker Game" + tilt.split("Full Tilt Poker Game")[1]
    assert isinstance(_one(first), Imported)
    _refused(first.replace("Seat 1: Ann ($12.50)", "Seat 1: Ann ($12,50)"), "$12,50")


# ---------------------------------------------------------------------- item 3: contradictions


def test_two_players_in_one_seat_are_refused_even_when_one_sits_out() -> None:
    _refused(FIRST.replace("Seat 2: Bob", "Seat 1: Bob"), "seat 1")
    sitting = FIRST.replace(
        "Seat 3: Cid ($5.00 in chips)\n", "Seat 3: Cid ($5.00 in chips)\nSeat 1: Dan ($5.00 in chips) is sitting out\n"
    )
    _refused(sitting, "seat 1")


@pytest.mark.parametrize("seat", ["0", "11", "99999999999999999999", "\uff11", "\u0661"])
def test_a_seat_outside_the_table_is_refused(seat: str) -> None:
    text = FIRST.replace("Seat 3: Cid", f"Seat {seat}: Cid")
    hand = _one(text)
    assert isinstance(hand, Refused)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Dealt to Bob [7d] [4d]", "Dealt to Bob [8d] [4d]"),  # the door card was the 7d
        ("Dealt to Ann [9s 9h 9d] [Jc]", "Dealt to Ann [9s 9h 8d] [Jc]"),  # the hero's down cards
        ("Dealt to Cid [7c 4h] [5c]", "Dealt to Cid [7c] [5c]"),  # a card left out
        ("Dealt to Cid [7c 4h] [5c]", "Dealt to Cid [7c 4h 2c] [5c]"),  # a card too many
        ("Dealt to Ann [9s 9h 9d Jc Jd Ts] [3d]", "Dealt to Ann [9s 9h 9d Jc Jd Tc] [3d]"),
    ],
)
def test_a_deal_whose_first_bracket_contradicts_the_cards_dealt_before_is_refused(old: str, new: str) -> None:
    assert old in FIRST
    _refused(FIRST.replace(old, new), "dealt before")


def test_a_hand_number_in_other_digits_is_not_a_second_hand() -> None:
    hands = list(read_text(FIRST + "\n\n\n" + FIRST.replace("#300001", "#\uff13\uff10\uff10\uff10\uff10\uff11")))
    assert [h.number for h in hands] == ["300001"]  # fullwidth digits: no header, so no second hand


# ---------------------------------------------------------------------- item 13: lines


def test_one_line_splitting_rule() -> None:
    from studeval.histories.files import split_lines

    assert split_lines("a\r\nb\rc\nd") == ["a", "b", "c", "d"]
    assert split_lines("a\u2028b\x0cc\x85d\x1ce") == ["a\u2028b\x0cc\x85d\x1ce"]
    assert split_lines("a\n") == ["a"] and split_lines("") == []


def test_a_chat_line_holding_a_unicode_line_break_neither_refuses_nor_shifts_lines() -> None:
    chat = FIRST.replace("Bob: calls $0.10\n", 'Bob: calls $0.10\nBob said, "a\u2028b\x0cc\x85d"\n')
    bad = FIRST.replace("#300001", "#300009").replace("Bob: bets $0.20", "Bob: wobbles")
    text = chat + "\n\n\n" + bad
    first, second = read_text(text)
    assert isinstance(first, Imported) and isinstance(second, Refused)
    from studeval.histories.files import split_lines

    lines = split_lines(text)
    assert "wobbles" in lines[second.line - 1]


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_import_and_read_text_split_lines_alike(end: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = FIRST.replace("Bob: calls $0.10\n", 'Bob: calls $0.10\nBob said, "a\u2028b"\n').replace("\n", end)
    path = tmp_path / "stars.txt"
    path.write_bytes(text.encode("utf-8"))
    assert isinstance(_one(text), Imported)
    assert main(["import", str(path), "--out", str(tmp_path / "o"), "--json"]) == 0, capsys.readouterr()


# ---------------------------------------------------------------------- items 8 and 10: the rake


@pytest.mark.parametrize(
    "rule",
    [
        "1e-999999",
        "1e-50",
        "5,cap=1e999990",
        "5,cap=1e999999",
        "5,cap=1e400",
        "5,cap=1e16",
        "5,unit=1e999999",
        "5,min_pot=1e-999999",
        "5,cap=0.0000001",
        "5,cap=NaN",
        "5,cap=Infinity",
        "5,cap=\uff13",
        "\uff15",
        "5,cap=" + "9" * 100,
        "1/" + "3" * 100,
    ],
)
def test_a_rake_rule_is_bounded_where_it_is_parsed(rule: str) -> None:
    start = time.perf_counter()
    with pytest.raises(ValueError) as caught:
        SiteRake.parse(rule)
    assert time.perf_counter() - start < 0.5
    message = str(caught.value)
    assert "rake" in message and len(message) < 200 and "<class" not in message


def test_the_import_command_refuses_a_rake_beyond_the_bounds_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "stars.txt"
    path.write_text(FIRST, encoding="utf-8")
    for rule in ("5,cap=1e999999", "5,cap=1e400", "1e-999999"):
        with pytest.raises(SystemExit) as exited:
            main(["import", str(path), "--out", str(tmp_path / "o"), "--rake", rule])
        assert exited.value.code == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "rake" in err and "Overflow" not in err


# ---------------------------------------------------------------------- item 9: refusals streamed


def test_refused_hands_are_not_kept_in_memory(tmp_path: Path) -> None:
    """30,000 one-line bogus hands: the import's peak memory stays near a small file's (it grew
    by about 1.6 KB a refusal, kept in a list and in the report's text)."""

    def peak(n: int) -> int:
        path = bogus_hands(tmp_path / f"bogus{n}.txt", n)
        summary, kib = command_peak(["import", str(path), "--out", str(tmp_path / "o"), "--json"])
        assert len(summary["refused"]) == n and summary["refused"][-1]["hand"] == str(n)
        return kib

    small, large = peak(1_000), peak(30_000)
    assert large - small < 12_000, (small, large)  # KiB: kept, they would take about 48 MB


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_the_commands_line_reader_splits_by_the_same_rule(end: str, tmp_path: Path) -> None:
    from studeval.cli.common import read_lines
    from studeval.histories.files import split_lines

    text = "one\u2028two\x0cthree\x85" + end + "four" + end + end + "five"
    path = tmp_path / "lines.txt"
    path.write_bytes(text.encode("utf-8"))
    assert [line for _, line in read_lines(str(path))] == split_lines(text)


def test_analyze_reads_a_history_with_cr_line_ends_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(FIRST.replace("\n", "\r"), newline="\n"))
    assert main(["analyze", "-", "--json"]) == 0, capsys.readouterr().err
    assert len(json.loads(capsys.readouterr().out)["hands"]) == 1


def test_a_decimal_exception_is_reported_in_words() -> None:
    import argparse
    import decimal

    from studeval.cli.common import run_command

    def overflow(args: argparse.Namespace) -> int:
        raise decimal.Overflow([decimal.Overflow])

    import contextlib
    import io

    with contextlib.redirect_stderr(io.StringIO()) as err:
        assert run_command(argparse.Namespace(command="demo", func=overflow)) == 2
    assert "too large" in err.getvalue() and "<class" not in err.getvalue()


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Dealt to Bob [7d] [4d]\n", "Dealt to Bob [7d] [4d]\nDealt to Bob [7d] [5d]\n"),
        ("Dealt to Bob [7d]\n", "Dealt to Bob [7d]\nDealt to Bob [7d]\n"),
    ],
)
def test_a_player_dealt_twice_on_one_street_is_refused(old: str, new: str) -> None:
    assert old in FIRST
    _refused(FIRST.replace(old, new), "dealt twice")
