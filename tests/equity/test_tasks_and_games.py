"""Issue 19, items 4-6 (equity): one Monte Carlo task function and its stop tokens, the games
and range forms from the registry, keyword-only options."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from studeval.equity import check_tasks, holdem_equity, montecarlo, plan_equity, sharded_equity, stud_equity
from studeval.games import GAMES, get_game
from studeval.ranges import parse_player, parse_range

PLAYERS = ["As Ah Kd", "Qc Qd 7s", "8h 9h"]
MC = {"method": "monte-carlo", "samples": 6_000, "seed": 5}


def serial(task: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
    """A runner as Dask is one: the task on each item, here in order."""
    return map(task, items)


def test_a_finished_job_leaves_no_stop_token() -> None:
    """``_STOPPED`` gained a token on every sharded call (its comment said the opposite): now a
    job that ends normally, on the local threads or another runner, leaves none."""
    before = set(montecarlo.STOPPED)
    for _ in range(3):
        a = sharded_equity(PLAYERS, tasks=3, threads=2, **MC)
        b = stud_equity(PLAYERS, threads=3, **MC)
        c = sharded_equity(PLAYERS, tasks=3, run=serial, **MC)
        assert a.records() == b.records() == c.records()  # one task function, one layout
    assert before == montecarlo.STOPPED


def test_an_interrupted_local_job_stops_its_tasks_and_leaves_no_token() -> None:
    before = set(montecarlo.STOPPED)
    reports: list[float] = []

    def interrupt(fraction: float) -> None:
        reports.append(fraction)
        raise KeyboardInterrupt

    for run in (
        lambda: stud_equity(PLAYERS, method="monte-carlo", samples=10**7, seed=1, threads=2, progress=interrupt),
        lambda: sharded_equity(
            PLAYERS, method="monte-carlo", samples=10**7, seed=1, tasks=4, threads=2, progress=interrupt
        ),
    ):
        reports.clear()
        with pytest.raises(KeyboardInterrupt):
            run()
        # the first report is the last: the tasks were stopped (their pool has shut down)
        assert len(reports) == 1 and 0 < reports[0] < 1
    assert before == montecarlo.STOPPED


def test_a_job_another_runner_lost_keeps_its_tasks_here_stopped() -> None:
    """A runner may run tasks in this process (an in-process cluster) and lose the job half
    way: the job's token stays stopped, so a task of it that runs later ends at once."""
    before = set(montecarlo.STOPPED)
    tasks: list[Callable[[Any], Any]] = []
    items: list[Any] = []

    def lossy(task: Callable[[Any], Any], todo: Sequence[Any]) -> Iterator[Any]:
        tasks.append(task)
        items.extend(todo)
        yield task(todo[0])
        raise RuntimeError("worker lost")

    with pytest.raises(RuntimeError, match="worker lost"):
        sharded_equity(PLAYERS, tasks=2, run=lossy, **MC)
    (token,) = montecarlo.STOPPED - before
    with pytest.raises(KeyboardInterrupt, match="stopped"):
        tasks[0](items[1])
    montecarlo.STOPPED.discard(token)


def test_an_unknown_game_has_the_registrys_one_message() -> None:
    with pytest.raises(ValueError) as stud_error:
        get_game("omaha", stud=True)
    with pytest.raises(ValueError) as any_error:
        get_game("omaha")
    for call, expected in (
        (lambda: stud_equity(PLAYERS, game="omaha"), stud_error),
        (lambda: stud_equity(PLAYERS, game="holdem"), None),
        (lambda: plan_equity(PLAYERS, game="omaha"), any_error),
        (lambda: sharded_equity(PLAYERS, game="omaha"), any_error),
    ):
        with pytest.raises(ValueError) as got:
            call()
        if expected is not None:
            assert str(got.value) == str(expected.value)
        else:
            with pytest.raises(ValueError) as holdem:
                get_game("holdem", stud=True)
            assert str(got.value) == str(holdem.value)
    with pytest.raises(TypeError, match="a game is a name"):
        stud_equity(PLAYERS, game=7)  # type: ignore[arg-type]


def test_a_game_by_alias_or_registry_entry_is_the_same_game() -> None:
    names = ["As Ah Kd 2c 3c 4c", "Qc Qd 7s 7h 8h 9h"]
    expected = stud_equity(names, game="seven").records()
    assert stud_equity(names, game="Seven Card Stud").records() == expected
    assert stud_equity(names, game=GAMES["seven"]).records() == expected


def test_percentage_ranges_are_hold_em_ranges_only() -> None:
    """``[20%]`` orders hold'em's starting hands: meaningless in stud, refused there."""
    refused = "percentage of starting hands is a hold'em range"
    for game in (name for name, g in GAMES.items() if g.stud):
        with pytest.raises(ValueError, match=refused):
            parse_player("[20%] Kc", game=game)
    with pytest.raises(ValueError, match=f"player 2: range item '20%': a {refused}"):
        stud_equity(["As Ah Kd", "[20%] Kc"])
    assert len(parse_player("[20%]", game="holdem")[0].combos) == len(parse_range("20%").combos) == 276
    r = holdem_equity(["[5%]", "Kd Kc"], board="2c 7d 9h")
    assert r.method == "exact" and r.labels[0] == "[5%]"


def test_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        holdem_equity(["Ah As", "Kd Kc"], "2c 7d 9h")  # type: ignore[misc]
    with pytest.raises(TypeError):
        check_tasks(4, "shards")  # type: ignore[misc]
    assert holdem_equity(["Ah As", "Kd Kc"], board="2c 7d 9h", dead="3s").deals == 946
