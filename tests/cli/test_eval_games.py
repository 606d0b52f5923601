"""``studeval eval --game``: every game of the registry rates a hand by its pot's kinds, checked
against the slow reference evaluators."""

from __future__ import annotations

import json
import random

import pytest

from studeval import _reference
from studeval.cards import format_cards, parse_cards
from studeval.cli import main
from studeval.cli.evaluate import hand_row
from studeval.games import GAMES

REFERENCE = {
    "high": _reference.evaluate,
    "low": _reference.evaluate_low,
    "low8": _reference.evaluate_low8,
    "low27": _reference.evaluate_low27,
}


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_each_game_rates_by_its_pot_kinds(game) -> None:
    rng = random.Random(game.name)
    sizes = (5,) if game.cards + game.board == 5 else (5, 6, 7)
    for _ in range(40):
        cards = rng.sample(range(52), rng.choice(sizes))
        row = hand_row(format_cards(cards), game.name)
        main_kind, *halves = game.pot
        assert row["kind"] == main_kind and row["value"] == REFERENCE[main_kind](cards)
        for kind in halves:
            assert row[kind] == REFERENCE[kind](cards)
            assert (row["low_description"] is None) == (row[kind] == 0)


def test_a_hand_longer_than_the_game_deals_is_refused(capsys) -> None:
    assert main(["eval", "--game", "five", "As Ks Qs Js Ts 2c"]) == 2
    assert capsys.readouterr().err == "studeval eval: a five card stud hand has 5 cards, got 6\n"


def test_json_names_the_low_half_by_its_kind(capsys) -> None:
    assert main(["eval", "--game", "stud hi-lo regular", "--json", "Kh Kd 9c 9s 2d"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["kind"] == "high" and row["low"] == _reference.evaluate_low(parse_cards("Kh Kd 9c 9s 2d"))
    assert row["low_description"].startswith("Two pair")  # no qualifier: any hand has a low
