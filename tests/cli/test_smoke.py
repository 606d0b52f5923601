"""Every sub-command, given bad flags, ends with one line on stderr and exit status 2."""

from __future__ import annotations

import pytest

from studeval.cli import build_parser

# Each command with the arguments it needs to get past argparse, so a bad flag is the only fault.
COMMANDS = {
    "eval": ["As Ks Qs Js Ts"],
    "bench": [],
    "equity": ["As Ah", "Kd"],
    "replay": ["hand.phh"],
    "simulate": ["--out", "hands"],
    "import": ["hh.txt", "--out", "hands"],
    "analyze": ["hh.txt"],
    "stats": ["--db", "h.db"],
    "db info": ["--db", "h.db"],
    "db export": ["--db", "h.db", "--parquet", "pq"],
    "caribbean edge": [],
    "caribbean advise": ["As Kd Qh 7c 3s", "--dealer", "9h"],
    "caribbean play": [],
    "serve": [],
}

BAD = [
    ["--no-such-flag"],
    ["--threads", "2147483648"],
    ["--threads", "0"],
    ["--seed", "-5"],
    ["--hands", "1e400"],
    ["--json", "extra", "args", "--", "-x"],
]


def test_every_command_is_covered() -> None:
    """A new command must be added to COMMANDS (and so to this test)."""
    from studeval.cli import command_parsers

    names = {p.prog.removeprefix("studeval ") for p in command_parsers(build_parser())}
    assert names == set(COMMANDS)


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("bad", BAD, ids=lambda b: " ".join(b))
def test_bad_flags_give_one_line_and_status_2(tmp_path, studeval, one_error, command, bad) -> None:
    proc = studeval(*command.split(), *COMMANDS[command], *bad, cwd=tmp_path)
    one_error(proc, command)
    assert list(tmp_path.iterdir()) == []  # nothing was written


@pytest.mark.parametrize("command", ["equity", "caribbean advise"])
def test_a_bad_flag_is_exit_status_2_of_the_real_process(tmp_path, studeval_process, one_error, command) -> None:
    """The status reaches the shell through ``python -m studeval``: the same path (argparse's
    exit) for every command, shown for a command and a command of a group."""
    proc = studeval_process(*command.split(), *COMMANDS[command], *BAD[0], cwd=tmp_path, timeout=60)
    one_error(proc, command)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["", "caribbean"])
def test_a_missing_command_is_one_line(studeval, command) -> None:
    proc = studeval(*command.split())
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
