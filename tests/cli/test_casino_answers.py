"""``studeval caribbean``: the natural answers at the table, and EVs that name their unit."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from studeval.caribbean import advise
from studeval.cli import main


def _play(monkeypatch, capsys, answers: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    assert main(["caribbean", "play", "--seed", "7", "--hands", "1"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("keep", ["n", "no", "No", "none", "keep", "KEEP", " n "])
def test_change_prompt_takes_the_natural_answers_for_keeping(monkeypatch, capsys, keep) -> None:
    """n / no / keep keep the hand, exactly as Enter does: same deal, same result, no refusal."""
    enter = _play(monkeypatch, capsys, "\nr\n")
    answered = _play(monkeypatch, capsys, f"{keep}\nr\n")
    assert "not a card" not in answered and "you draw" not in answered
    assert answered == enter


def test_change_prompt_yes_asks_for_the_card(monkeypatch, capsys) -> None:
    out = _play(monkeypatch, capsys, "yes\n\nr\n")
    assert "name the card to change, such as " in out and "please answer again" in out
    assert "you played 1 hand" in out


def test_change_prompt_still_changes_a_card(monkeypatch, capsys) -> None:
    out = _play(monkeypatch, capsys, "\nr\n")
    first = re.search(r"your cards: (\S\S) ", out)
    assert first is not None
    changed = _play(monkeypatch, capsys, f"{first.group(1)}\nr\n")
    assert "you draw" in changed and ", change -1" in changed


def test_advise_says_its_unit(capsys) -> None:
    """Every EV line names antes, and the figures are advise()'s own."""
    assert main(["caribbean", "advise", "Th Jh Qh Kh 2c", "--dealer", "5s"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("expected value of each play, in antes")
    assert all(line.endswith(("antes", "antes)")) for line in lines[1:])
    advice = advise("Th Jh Qh Kh 2c", "5s")
    assert f"{advice.raise_ev:+.6f} antes" in lines[2]
    assert main(["caribbean", "advise", "Th Jh Qh Kh 2c", "--dealer", "5s", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["unit"] == "ante" and row["raise_ev"] == advice.raise_ev
