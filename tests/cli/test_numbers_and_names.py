"""What one command prints, the next accepts: numbers as the help writes them, one game vocabulary."""

from __future__ import annotations

import json

import pytest

from studeval.cli import main


def _json(capsys, args: list[str]) -> dict[str, object]:
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out)
    result.pop("seconds", None)  # the time taken, the one thing that varies
    return result


@pytest.mark.parametrize("samples", ["2e4", "20,000", "20_000", "2.0e4"])
def test_samples_written_as_the_help_prints_them(capsys, samples) -> None:
    """``--samples 1e6`` and ``1,000,000`` (the help's own way of writing a default) mean the
    same run as ``1000000``: the same seeded estimate, bit for bit."""
    base = ["equity", "As Ah", "Kd", "--method", "monte-carlo", "--seed", "3", "--json", "--samples"]
    assert _json(capsys, [*base, samples]) == _json(capsys, [*base, "20000"])


@pytest.mark.parametrize("hands", ["1.5", "nan", "inf", "-3", "1e-1", "3,00"])
def test_a_count_that_is_not_a_whole_number_is_one_line(capsys, hands) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--hands", hands, "--seed", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--hands: expected an integer from 1 to 1,000,000, got " in err


@pytest.mark.parametrize("game", ["seven", "five", "holdem", "high", "razz", "stud8"])
def test_eval_takes_the_game_names_of_every_command(capsys, game) -> None:
    """``eval --game seven`` as ``equity``/``simulate --game seven``; ``high`` stays as a name of
    the high hand. The value is under one key, ``value``, and ``kind`` says what it measures,
    checked against the evaluators themselves."""
    from studeval import evaluate, evaluate_low, evaluate_low8

    hand = "Kh 7c 5d 4h 3s"
    row = _json(capsys, ["eval", "--game", game, "--json", hand])
    low = game == "razz"
    assert (row["kind"], row["value"]) == (("low", evaluate_low(hand)) if low else ("high", evaluate(hand)))
    assert "rank" not in row and "low" not in row
    assert ("low8" in row) == (game == "stud8") and row.get("low8", 0) == (
        evaluate_low8(hand) if game == "stud8" else 0
    )


@pytest.mark.parametrize("command", ["eval", "equity", "simulate"])
def test_every_command_takes_the_registry_names_and_aliases(capsys, command) -> None:
    """One vocabulary: each game's name and aliases (any case) reach the command as its name;
    an unknown name is one line naming it (the registry's message) and status 2."""
    from studeval.cli import build_parser
    from studeval.games import GAMES

    parser = build_parser()
    for game in GAMES.values():
        if command == "simulate" and not game.stud:
            continue
        for spelling in (game.name, *game.aliases, game.title.upper()):
            assert (
                parser.parse_args([command, "--game", spelling, "x"][: 3 + (command != "simulate")]).game == game.name
            )
    with pytest.raises(SystemExit) as exit_info:
        parser.parse_args([command, "--game", "omaha"])
    assert exit_info.value.code == 2
    assert "unknown game 'omaha'" in capsys.readouterr().err


def test_eval_five_card_stud_hand_is_five_cards(capsys) -> None:
    assert main(["eval", "--game", "five", "As Ks Qs Js Ts 2c"]) == 2
    assert capsys.readouterr().err == "studeval eval: a five card stud hand has 5 cards, got 6\n"


@pytest.mark.parametrize("command", ["replay", "simulate"])
def test_help_says_how_seats_are_numbered(capsys, command) -> None:
    """Seats are 0-based in Python, p1.. in histories and player 1.. in the output: said where it shows."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "seat 0 is p1" in " ".join(capsys.readouterr().out.split())


def test_simulate_player_k_is_pk_in_the_first_hand(tmp_path, capsys) -> None:
    """The printed "player k" is the bot that sits as pk in hand 1: checked against the history."""
    from studeval.game import load, replay

    assert main(["simulate", "--players", "3", "--hands", "1", "--seed", "6", "--out", str(tmp_path / "h")]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  player ")]
    st = replay(load(tmp_path / "h" / "hand_000001.phh"))
    for seat, line in enumerate(lines):
        assert line.startswith(f"  player {seat + 1} ")
        assert f"net {st.stacks[seat] - st.starting_stacks[seat]:+d}," in line
