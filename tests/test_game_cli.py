"""The ``studeval replay`` and ``studeval simulate`` commands."""

from __future__ import annotations

import json

from studeval.cli import main
from studeval.game import StudState, Structure, dumps, load, replay, to_phh


def test_simulate_writes_one_history_per_hand_and_a_summary(tmp_path, capsys):
    out = tmp_path / "hands"
    assert main(["simulate", "--game", "seven", "--players", "8", "--hands", "40", "--seed", "5", "--out", str(out)]) == 0
    files = sorted(out.glob("*.phh"))
    assert len(files) == 40
    summary = capsys.readouterr().out
    assert "40 hands of seven card stud, 8 players" in summary and summary.count("player ") == 8
    for f in files:
        hh = load(f)
        assert hh.variant == "F7S" and hh.finishing_stacks is not None
        assert replay(hh).stacks == hh.finishing_stacks


def test_simulate_is_reproducible_with_a_seed(tmp_path):
    for name in ("a", "b"):
        assert main(["simulate", "--game", "five", "--players", "3", "--hands", "5", "--seed", "9",
                     "--out", str(tmp_path / name)]) == 0
    for f in (tmp_path / "a").glob("*.phh"):
        assert f.read_text() == (tmp_path / "b" / f.name).read_text()


def test_simulate_refuses_bad_arguments(tmp_path, capsys):
    assert main(["simulate", "--players", "9", "--hands", "1", "--out", str(tmp_path)]) == 2
    assert "seats 2..8" in capsys.readouterr().err
    assert main(["simulate", "--structure", "7/14", "--hands", "1", "--out", str(tmp_path)]) == 2


def _hand_file(tmp_path):
    st = StudState("seven", Structure(1, 2, 5, 10), [100, 100, 100], seed=12)
    while st.actor >= 0:
        st.apply(st.legal_actions()[1] if len(st.legal_actions()) > 1 else st.legal_actions()[0])
    path = tmp_path / "h.phh"
    path.write_text(dumps(to_phh(st, full=True)))
    return path, st


def test_replay_prints_the_hand_street_by_street(tmp_path, capsys):
    path, st = _hand_file(tmp_path)
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    for street in ("third street", "fourth street", "seventh street"):
        assert f"-- {street}" in text
    assert "finishing stacks: " + " ".join(map(str, st.stacks)) in text


def test_replay_json(tmp_path, capsys):
    path, st = _hand_file(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finishing_stacks"] == st.stacks
    assert sum(p["amount"] for p in data["pots"]) + sum(data["returned"]) == st.pot
    assert data["winners"] and all(w.startswith("p") for w in data["winners"])


def test_replay_errors_are_one_line_with_status_2(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.phh")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
                   "starting_stacks = [50, 50]\nactions = ['d dh p1 AsAd2c', 'd dh p2 AsKd9h']\n")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "dealt twice" in err and err.count("\n") == 1
