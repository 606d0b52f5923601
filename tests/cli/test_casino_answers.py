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


# Short decks run on one thread: a job this small is quickest there (docs/casino.md).


def _without_time(data: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k != "seconds"}


def test_one_default_game_in_the_api_and_the_cli(capsys) -> None:
    """analyze(), advise() and the commands all mean the casino's game, where a player may
    change one card: the defaults give the same numbers from Python and from the shell."""
    from studeval.caribbean import analyze

    api = analyze(ranks="TJQKA", threads=1)
    assert api.one_card_change and api.change_frequency > 0
    assert main(["caribbean", "edge", "--ranks", "TJQKA", "--threads", "1", "--quiet", "--json"]) == 0
    assert _without_time(json.loads(capsys.readouterr().out)) == _without_time(api.to_dict())
    assert main(["caribbean", "advise", "Th Jh Qh Kh 2c", "--dealer", "5s", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == advise("Th Jh Qh Kh 2c", "5s").to_dict()
    no_change = analyze(ranks="TJQKA", one_card_change=False, threads=1)
    assert not no_change.one_card_change and no_change.total_combinations < api.total_combinations


def test_a_strategy_that_never_changes_plays_the_game_without_the_change(capsys) -> None:
    from studeval.caribbean import analyze

    simple = analyze(ranks="TJQKA", strategy="pair_or_better", threads=1)
    assert simple.to_dict() | {"seconds": 0} == analyze(
        ranks="TJQKA", strategy="pair_or_better", one_card_change=False, threads=1
    ).to_dict() | {"seconds": 0}
    edge = ["caribbean", "edge", "--ranks", "TJQKA", "--threads", "1", "--strategy", "pair_or_better"]
    assert main([*edge, "--quiet", "--json"]) == 0
    assert _without_time(json.loads(capsys.readouterr().out)) == _without_time(simple.to_dict())
