"""docs/limits.md states the limits in the code: every number on the page equals the constant
named beside it, and the limits the page states without a constant hold."""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest

import studeval

PAGE = Path(__file__).resolve().parents[2] / "docs" / "limits.md"
# | what | value | `module.NAME` |
ROW = re.compile(r"^\| (?P<what>[^|]+) \| (?P<value>[^|]+) \| `(?P<name>studeval[\w.]*)` \|$", re.MULTILINE)


def rows() -> list[tuple[str, str, str]]:
    return [(m["what"], m["value"], m["name"]) for m in ROW.finditer(PAGE.read_text(encoding="utf-8"))]


def resolve(name: str) -> object:
    """``studeval.a.b.NAME``: the longest importable module, then attributes."""
    parts = name.split(".")
    for k in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:k]))
        except ImportError:
            continue
        for attr in parts[k:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(name)


def test_the_page_has_its_tables():
    names = [name for _, _, name in rows()]
    assert len(names) >= 18
    for must in (
        "THREAD_LIMIT",
        "MAX_FILE_BYTES",
        "MAX_LINE_BYTES",
        "MAX_PHH_CHARS",
        "MAX_ACTIONS",
        "MAX_CHIPS",
        "MAX_SAMPLES",
        "MAX_SIMULATED_HANDS",
        "MAX_AMOUNT",
        "MAX_TASKS",
        "EQUITY_TASK_DEALS",
        "SIMULATE_SHARD_HANDS",
    ):
        assert any(n.endswith("." + must) for n in names), must


@pytest.mark.parametrize(("what", "value", "name"), rows(), ids=[r[2] for r in rows()])
def test_each_number_on_the_page_is_the_constant_in_the_code(what, value, name):
    number = int(re.match(r"[\d,]+", value.strip())[0].replace(",", ""))
    constant = resolve(name)
    if name == "studeval.THREAD_LIMIT":
        assert "or the number of CPUs, if larger" in value
        assert constant == max(number, os.cpu_count() or 1)
    elif name == "studeval.check_threads":
        assert constant(number) == number
        with pytest.raises(ValueError):
            constant(number - 1)
    else:
        assert constant == number, f"{what}: the page says {value}, the code {name} = {constant}"
    if "^" in value:
        base, power = re.search(r"(\d+)\^(\d+)", value).groups()
        assert int(base) ** int(power) == number


def test_the_equity_functions_take_at_most_12_players():
    players = [studeval.format_cards([c]) for c in range(13)]
    with pytest.raises(ValueError, match="at most 12"):
        studeval.stud_equity(players, method="monte-carlo", samples=10)
    with pytest.raises(ValueError, match="at most 12"):
        studeval.holdem_equity(players, method="monte-carlo", samples=10)
    assert len(studeval.holdem_equity(players[:12], method="monte-carlo", samples=10, seed=1)) == 12


def test_threads_beyond_the_limit_are_refused():
    with pytest.raises(ValueError, match=str(studeval.THREAD_LIMIT)):
        studeval.check_threads(studeval.THREAD_LIMIT + 1)


def test_tasks_beyond_the_limit_are_refused():
    """MAX_TASKS is the bound at every entry point that splits a job (the class of inputs in
    test_task_counts.py)."""
    from studeval.equity import MAX_TASKS, sharded_equity

    with pytest.raises(ValueError, match=f"tasks must be from 1 to {MAX_TASKS}, got {MAX_TASKS + 1}"):
        sharded_equity(["As", "Kd", "Qh"], method="monte-carlo", samples=10**12, tasks=MAX_TASKS + 1)
    sd = pytest.importorskip("studeval.distributed")
    with pytest.raises(ValueError, match=f"shards must be from 1 to {MAX_TASKS}, got {MAX_TASKS + 1}"):
        sd.shard_plan(10, MAX_TASKS + 1)
    assert len(sd.shard_plan(10, MAX_TASKS)) == MAX_TASKS
