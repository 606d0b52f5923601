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
    nets = [int(line.split("net ")[1].split(",")[0]) for line in proc.stdout.splitlines() if "  player " in line]
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
        (["--game", "holdem"], "--game: unknown game 'holdem': use one of seven"),
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


def _player_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("  player ")]


def _percent_of(line: str, word: str) -> int:
    return int(line.split(f"{word} ")[1].split("%")[0])


def test_simulate_without_out_prints_statistics_and_writes_nothing(tmp_path, monkeypatch, capsys) -> None:
    """--out is optional: the statistics alone, nothing written anywhere (the current folder
    stays empty), and they agree with the hands of the same seed written to files."""
    from studeval.cli import main

    monkeypatch.chdir(tmp_path)
    args = ["simulate", "--game", "five", "--players", "2", "--hands", "60", "--seed", "4"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert list(tmp_path.iterdir()) == [] and "statistics only" in alone
    assert main([*args, "--out", "run.phhs"]) == 0
    written = capsys.readouterr().out
    assert _player_lines(alone) == _player_lines(written)


def test_simulate_writes_one_phhs_file_that_pokerkit_reads(tmp_path, capsys) -> None:
    """--out FILE.phhs: every hand in one file, in PHH's multi-hand form ([1], [2], ...),
    read back by pokerkit's own reader; the hands are those written one file each with the
    same seed, each replays to its recorded stacks, and the printed statistics are recounted
    from the file: folds, showdowns, wins and nets per player."""
    from pokerkit import HandHistory as PokerkitHistory

    from studeval.cli import main
    from studeval.game import loads

    args = ["simulate", "--game", "seven", "--players", "3", "--hands", "30", "--seed", "8"]
    assert main([*args, "--out", str(tmp_path / "run.phhs")]) == 0
    printed = _player_lines(capsys.readouterr().out)
    assert main([*args, "--out", str(tmp_path / "folder")]) == 0
    text = (tmp_path / "run.phhs").read_text()
    with (tmp_path / "run.phhs").open("rb") as f:
        theirs = list(PokerkitHistory.load_all(f))
    files = sorted((tmp_path / "folder").glob("*.phh"))
    assert len(theirs) == len(files) == 30
    tables = text.split("\n\n")
    assert [t.splitlines()[0] for t in tables] == [f"[{k}]" for k in range(1, 31)]
    folded, showdown, net = [0] * 3, [0] * 3, [0] * 3
    for h, (table, file, pk) in enumerate(zip(tables, files, theirs, strict=True)):
        ours = loads(table.split("\n", 1)[1])
        assert ours == load(file) and list(pk.actions) == ours.actions
        st = replay(ours)
        assert st.stacks == ours.finishing_stacks
        live = sum(not f for f in st.folded)
        for seat in range(3):
            player = (h + seat) % 3  # the seats rotate one a hand
            folded[player] += st.folded[seat]
            showdown[player] += live > 1 and not st.folded[seat]
            net[player] += st.stacks[seat] - st.starting_stacks[seat]
    for player, line in enumerate(printed):
        assert _percent_of(line, "folded") == round(100 * folded[player] / 30)
        assert _percent_of(line, "showdown") == round(100 * showdown[player] / 30)
        assert f"net {net[player]:+d}," in line


def test_simulate_statistics_vary_with_the_table(capsys) -> None:
    """The old "100% to showdown" was a constant of the line-up (two calling bots never fold);
    the statistics now tell tables apart: heads-up hands are won uncalled, and who folds
    differs by bot."""
    from studeval.cli import main

    assert main(["simulate", "--players", "2", "--hands", "300", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    showdown_line = out.splitlines()[1]
    assert 0 < _percent_of(showdown_line, "showdown in") < 100 and "won uncalled on third street" in showdown_line
    lines = _player_lines(out)
    assert _percent_of(lines[1], "folded") == 0 < _percent_of(lines[0], "folded")  # the calling bot never folds


def test_simulate_refuses_an_existing_phhs_unless_forced(tmp_path, capsys) -> None:
    from studeval.cli import main

    path = tmp_path / "run.phhs"
    path.write_text("kept")
    assert main(["simulate", "--hands", "2", "--seed", "1", "--out", str(path)]) == 2
    assert "exists" in capsys.readouterr().err and path.read_text() == "kept"
    assert main(["simulate", "--hands", "2", "--seed", "1", "--out", str(path), "--force"]) == 0
    assert path.read_text().startswith("[1]\n")


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
    nets = [int(line.split("net ")[1].split(",")[0]) for line in _player_lines(proc.stdout)]
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
