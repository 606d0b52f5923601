"""``studeval replay`` and ``studeval simulate``, through the real entry point."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from studeval import best_five, best_five_low, describe, evaluate, format_cards
from studeval.game import Structure, StudState, dumps, load, replay, to_phh


def test_simulate_writes_one_history_per_hand_and_a_summary(tmp_path, studeval) -> None:
    out = tmp_path / "hands"
    proc = studeval("simulate", "--game", "seven", "--players", "8", "--hands", "40", "--seed", "5", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    files = sorted(out.glob("*.phh"))
    assert len(files) == 40
    assert proc.stdout.startswith("40 hands of seven card stud, 8 players")
    assert proc.stdout.count("  player ") == 8
    nets = [int(line.rsplit(" ", 1)[1]) for line in proc.stdout.splitlines()[1:]]
    assert sum(nets) == 0  # chips move between players, none appear or vanish
    for f in files:
        hh = load(f)
        assert hh.variant == "F7S" and hh.finishing_stacks is not None
        assert replay(hh).stacks == hh.finishing_stacks


def test_simulate_is_reproducible_with_a_seed(tmp_path, studeval) -> None:
    for name in ("a", "b"):
        args = ("simulate", "--game", "five", "--players", "3", "--hands", "5", "--seed", "9")
        assert studeval(*args, "--out", str(tmp_path / name)).returncode == 0
    for f in (tmp_path / "a").glob("*.phh"):
        assert f.read_text() == (tmp_path / "b" / f.name).read_text()


def test_simulate_refuses_a_folder_with_files_unless_forced(tmp_path, studeval, one_error) -> None:
    out = tmp_path / "hands"
    assert studeval("simulate", "--hands", "3", "--seed", "1", "--out", str(out)).returncode == 0
    before = {f.name: f.read_text() for f in out.iterdir()}
    message = one_error(studeval("simulate", "--hands", "2", "--seed", "2", "--out", str(out)), "simulate")
    assert "is not empty" in message and "--force" in message
    assert {f.name: f.read_text() for f in out.iterdir()} == before  # nothing written
    assert studeval("simulate", "--hands", "2", "--seed", "2", "--out", str(out), "--force").returncode == 0
    assert len(list(out.iterdir())) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "--players: expected an integer from 2 to 8, got 9"),
        (["--players", "1"], "--players: expected an integer from 2 to 8"),
        (["--hands", "0"], "--hands: expected an integer from 1 to"),
        (["--hands", "-1"], "--hands: expected an integer from 1 to"),
        (["--seed", "-5"], "--seed: expected an integer from 0 to"),
        (["--structure", "7/14"], "--structure: invalid choice: '7/14'"),
        (["--game", "holdem"], "--game: invalid choice"),
    ],
)
def test_simulate_refuses_bad_arguments(tmp_path, studeval, one_error, args, message) -> None:
    proc = studeval("simulate", *args, "--out", str(tmp_path / "x"))
    assert message in one_error(proc, "simulate")
    assert not (tmp_path / "x").exists()


def test_simulate_refuses_an_empty_out(tmp_path, studeval, one_error) -> None:
    message = one_error(studeval("simulate", "--hands", "1", "--out", "", cwd=tmp_path), "simulate")
    assert "--out" in message and "empty" in message
    assert list(tmp_path.iterdir()) == []  # nothing written into the current folder


def test_simulate_stops_on_ctrl_c_with_status_130(tmp_path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "studeval", "simulate", "--hands", "1000000", "--out", str(tmp_path / "h")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not (tmp_path / "h" / "hand_000001.phh").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.strip().splitlines()[-1:] == ["studeval simulate: interrupted"]
    assert "Traceback" not in err


def _hand_file(tmp_path):
    st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], seed=12)
    while st.actor >= 0:
        st.apply(st.legal_actions()[1] if len(st.legal_actions()) > 1 else st.legal_actions()[0])
    path = tmp_path / "h.phh"
    path.write_text(dumps(to_phh(st, full=True)))
    return path, st


def test_replay_prints_the_hand_street_by_street(tmp_path, studeval) -> None:
    path, st = _hand_file(tmp_path)
    proc = studeval("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    for street in ("third street", "fourth street", "seventh street"):
        assert f"-- {street}" in proc.stdout
    assert "finishing stacks: " + " ".join(map(str, st.stacks)) in proc.stdout


def test_replay_ends_with_what_the_winner_held(tmp_path, studeval) -> None:
    path, st = _hand_file(tmp_path)
    last = studeval("replay", str(path)).stdout.splitlines()[-1]
    winner = next(w for p in st.pots for w in p.winners)
    cards = st.hand(winner)
    assert last.startswith(f"p{winner + 1} wins with ")
    assert format_cards(best_five(cards)) in last and describe(evaluate(cards)).lower() in last


def test_replay_of_an_uncalled_hand_says_nothing_was_shown(tmp_path, studeval) -> None:
    st = StudState("five", Structure(1, 2, 5, 10), [50, 50], deck="2c 3d 4h 5s")
    st.act("bring_in")
    st.act("fold")
    path = tmp_path / "h.phh"
    path.write_text(dumps(to_phh(st, full=True)))
    assert studeval("replay", str(path)).stdout.splitlines()[-1] == "p1 wins with uncalled, cards not shown"


def test_replay_json(tmp_path, studeval) -> None:
    path, st = _hand_file(tmp_path)
    data = json.loads(studeval("replay", str(path), "--json").stdout)
    assert data["finishing_stacks"] == st.stacks
    assert sum(p["amount"] for p in data["pots"]) + sum(data["returned"]) == sum(st.totals)
    assert data["winners"] and all(w.startswith("p") for w in data["winners"])


def test_replay_reads_stdin(tmp_path, studeval) -> None:
    path, st = _hand_file(tmp_path)
    proc = studeval("replay", "-", input=path.read_text())
    assert proc.returncode == 0 and "finishing stacks: " + " ".join(map(str, st.stacks)) in proc.stdout


def test_replay_errors_are_one_line_with_status_2(tmp_path, studeval, one_error) -> None:
    assert "missing.phh" in one_error(studeval("replay", str(tmp_path / "missing.phh")), "replay")
    bad = tmp_path / "bad.phh"
    bad.write_text(
        "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
        "starting_stacks = [50, 50]\nactions = ['d dh p1 AsAd2c', 'd dh p2 AsKd9h']\n"
    )
    assert "dealt twice" in one_error(studeval("replay", str(bad)), "replay")


def test_replay_of_deeply_nested_arrays_is_one_line(tmp_path, studeval, one_error) -> None:
    deep = tmp_path / "deep.phh"
    deep.write_text("variant = 'F7S'\nantes = " + "[" * 5000 + "]" * 5000 + "\n")
    one_error(studeval("replay", str(deep)), "replay")


@pytest.mark.parametrize(
    ("game", "variant", "name"), [("razz", "FR", "razz"), ("stud8", "F7S/8", "seven card stud hi-lo")]
)
def test_simulate_razz_and_stud8(tmp_path, studeval, game, variant, name) -> None:
    out = tmp_path / game
    proc = studeval("simulate", "--game", game, "--players", "6", "--hands", "30", "--seed", "3", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"30 hands of {name}, 6 players")
    nets = [int(line.rsplit(" ", 1)[1]) for line in proc.stdout.splitlines()[1:]]
    assert sum(nets) == 0
    for f in sorted(out.glob("*.phh")):
        hh = load(f)
        assert hh.variant == variant and replay(hh).stacks == hh.finishing_stacks


_DATA = __import__("pathlib").Path(__file__).parents[1] / "game" / "data"


def test_replay_of_a_real_stud8_hand_names_the_high_and_the_low(studeval) -> None:
    path = _DATA / "wsop2023-e43-day5-020920-stud8.phh"
    proc = studeval("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("seven card stud hi-lo, 5 players, ante 50000")
    st = replay(load(path))
    (pot,) = st.pots
    high, low = pot.winners[0], pot.low_winners[0]
    cards = format_cards(best_five(st.hand(high)))
    assert f"   main pot {pot.amount}: high p{high + 1}, low p{low + 1}" in lines
    assert f"p{high + 1} wins the high with {cards}, {describe(evaluate(st.hand(high))).lower()}" in lines
    low_cards = format_cards(best_five_low(st.hand(low)))
    assert any(line.startswith(f"p{low + 1} wins the low with {low_cards}, eight low: ") for line in lines)
    report = json.loads(studeval("replay", str(path), "--json").stdout)
    assert report["variant"] == "F7S/8" and report["finishing_stacks"] == load(path).finishing_stacks
    assert report["pots"][0]["low_winners"] == [f"p{low + 1}"]
    assert {w["player"]: w["won"] for w in report["winning_hands"]} == {
        f"p{high + 1}": "the high",
        f"p{low + 1}": "the low",
    }


def test_replay_of_a_real_razz_hand_names_the_low(studeval) -> None:
    path = _DATA / "wsop2023-e43-day5-010720-razz.phh"
    proc = studeval("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    st = replay(load(path))
    (w,) = st.pots[0].winners
    assert proc.stdout.startswith("razz, 5 players")
    expected = f"p{w + 1} wins with {format_cards(best_five_low(st.hand(w)))}, "
    assert any(line.startswith(expected) and " low: " in line for line in proc.stdout.splitlines()), proc.stdout


def test_replay_reports_a_no_low_pot_whole_to_the_high(studeval) -> None:
    path = _DATA / "wsop2023-e54-day4-000332-stud8.phh"
    proc = studeval("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "side pot 1 1440000: p1 (no low: the high takes it all)" in proc.stdout
