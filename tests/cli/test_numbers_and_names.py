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
