"""Every option naming something to write (``--plot``, ``simulate --out``) is checked while the
arguments are read: a name that could not be written as given is one line and status 2, before
any work, and nothing is written; a good name is written as named, never completed
(issue 17 item 13, issue 21)."""

from __future__ import annotations

import argparse
import os
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from workspaces import fresh_workspace

import studeval.caribbean
import studeval.cli.equity
import studeval.cli.game
from studeval.cli import common, main

mpl = pytest.importorskip("matplotlib", reason="the plot extra (matplotlib) is not installed")

# Each command with an output option: its arguments before the option, the option, and the
# function doing its long work (which must not run when the output is refused).
OUTPUTS = {
    "equity": (["equity", "As Ah Kd", "Qc Qd 7s", "--no-time"], "--plot", (studeval.cli.equity, "stud_equity")),
    "caribbean edge": (
        ["caribbean", "edge", "--no-change", "--ranks", "TJQKA", "--quiet"],
        "--plot",
        (studeval.caribbean, "analyze"),
    ),
    "simulate": (["simulate", "--hands", "2", "--seed", "1"], "--out", (studeval.cli.game, "simulate")),
}

# A workspace: a folder, a file, and names relative to it; (name, words of the refusal).
BAD_PICTURES = [
    ("", "empty"),
    ("   ", "empty"),
    ("-", "stdout"),
    ("folder", "is a folder"),
    ("folder/", "is a folder"),
    ("picture", "no picture format ending"),
    (".png", "no picture format ending"),  # a hidden file without ending: matplotlib writes .png.png
    ("picture.", "no picture format ending"),
    ("picture.xyz", "not a picture format"),
    ("missing/picture.png", "the folder missing does not exist"),
    ("file.txt/picture.png", "the folder file.txt is a file, not a folder"),
    ("bad\0name.png", "NUL"),
]
BAD_FOLDERS = [
    ("", "empty"),
    ("-", "stdout"),
    ("file.txt", "is a file, not a folder"),
    ("missing/hands", "the folder missing does not exist"),
    ("file.txt/hands", "the folder file.txt is a file, not a folder"),
]
UNWRITABLE = "/proc/self"  # a folder nobody may create files in, root included (Linux)


def _status(argv: list[str]) -> int:
    """The exit status of ``studeval argv``, run in-process (a usage error exits the parser)."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.fixture
def workspace(tmp_path, monkeypatch) -> Path:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.txt").write_text("x")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _refused(monkeypatch, capsys, workspace: Path, command: str, value: str) -> str:
    """Run the command with the output ``value``: status 2, one line, no work, nothing written."""
    args, option, (module, work) = OUTPUTS[command]

    def no_work(*a: object, **k: object) -> None:
        raise AssertionError(f"{work} ran although {option} {value!r} was refused")

    monkeypatch.setattr(module, work, no_work)
    before = sorted(p.name for p in workspace.rglob("*"))
    status = _status([*args, option, value])
    out, err = capsys.readouterr()
    assert status == 2 and out == "", (status, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"studeval {command}: argument {option}: "), err
    assert "internal error" not in err
    assert sorted(p.name for p in workspace.rglob("*")) == before  # nothing written
    return lines[0]


@pytest.mark.parametrize("command", ["equity", "caribbean edge"])
@pytest.mark.parametrize(("name", "words"), BAD_PICTURES, ids=[repr(n) for n, _ in BAD_PICTURES])
def test_a_picture_that_cannot_be_written_as_named_is_refused_first(
    monkeypatch, capsys, workspace, command, name, words
) -> None:
    assert words in _refused(monkeypatch, capsys, workspace, command, name)


@pytest.mark.parametrize(("name", "words"), BAD_FOLDERS, ids=[repr(n) for n, _ in BAD_FOLDERS])
def test_an_out_folder_that_cannot_be_written_is_refused_first(monkeypatch, capsys, workspace, name, words) -> None:
    assert words in _refused(monkeypatch, capsys, workspace, "simulate", name)


@pytest.mark.skipif(not os.path.isdir(UNWRITABLE), reason="needs Linux's /proc")
@pytest.mark.parametrize("command", list(OUTPUTS))
def test_a_folder_nobody_may_write_in_is_refused_first(monkeypatch, capsys, workspace, command) -> None:
    name = "equity.png" if OUTPUTS[command][1] == "--plot" else "hands"
    assert "cannot be written in" in _refused(monkeypatch, capsys, workspace, command, f"{UNWRITABLE}/{name}")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
@pytest.mark.parametrize("command", list(OUTPUTS))
def test_a_read_only_folder_or_file_is_refused_first(monkeypatch, capsys, workspace, command) -> None:
    locked = workspace / "locked"
    locked.mkdir()
    (workspace / "old.png").write_text("x")
    (workspace / "old.png").chmod(0o444)
    locked.chmod(0o555)
    try:
        name = "equity.png" if OUTPUTS[command][1] == "--plot" else "hands"
        assert "cannot be written in" in _refused(monkeypatch, capsys, workspace, command, f"locked/{name}")
        if OUTPUTS[command][1] == "--plot":
            assert "cannot be overwritten" in _refused(monkeypatch, capsys, workspace, command, "old.png")
    finally:
        locked.chmod(0o755)


@pytest.mark.parametrize("name", ["equity.png", "EQUITY.SVG", "folder/eq.pdf", "x.y.png", "-.png"])
def test_a_good_picture_is_written_exactly_as_named(capsys, workspace, name) -> None:
    assert main(["equity", "As Ah Kd", "Qc Qd 7s", "--no-time", f"--plot={name}"]) == 0, capsys.readouterr().err
    written = {str(p.relative_to(workspace)) for p in workspace.rglob("*") if p.is_file()} - {"file.txt"}
    assert written == {name}  # that file, no other
    assert Path(name).stat().st_size > 1000


def test_simulate_creates_the_out_folder_only_in_a_folder_that_exists(capsys, workspace) -> None:
    assert main(["simulate", "--hands", "1", "--seed", "1", "--out", "folder/new"]) == 0
    assert [p.name for p in (workspace / "folder" / "new").iterdir()] == ["hand_000001.phh"]


def test_help_says_a_picture_name_is_never_completed(capsys) -> None:
    for command in (["equity"], ["caribbean", "edge"]):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "a FILE without one is refused, never completed" in text


# ---------------------------------------------------------------------------------------------
# The checkers themselves, over many names, against what the file system says

_PARTS = ["folder", "file.txt", "missing", "new", "x.png", "y.SVG", "z.xyz", ".png", "-", " ", "", ".", "a b.pdf"]
_NAMES = st.one_of(
    st.lists(st.sampled_from(_PARTS), min_size=1, max_size=4).map("/".join),
    st.text(alphabet=string.ascii_letters + "./- \\", max_size=12),
).filter(lambda name: not name.startswith("/"))  # inside the workspace only


def _can_create(name: str) -> bool:
    """Whether a file can be created under the name as given (and is gone again after)."""
    try:
        with open(name, "xb"):
            pass
    except OSError:
        return False
    os.unlink(name)
    return True


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.filter_too_much])
@given(name=_NAMES)
def test_picture_file_accepts_exactly_the_names_it_can_write(name) -> None:
    from studeval.plots import picture_formats

    with fresh_workspace():
        try:
            accepted = common.picture_file(name) == name
        except argparse.ArgumentTypeError as exc:
            accepted, message = False, str(exc)
            assert "\n" not in message and message
        ending = os.path.splitext(name)[1].lstrip(".").lower()
        new = not os.path.lexists(name)
        if accepted:
            assert ending in picture_formats() and name.strip() and name != "-"
            assert not os.path.isdir(name)
            # the file system agrees: the file can be made (or is a file that can be rewritten)
            assert _can_create(name) if new else os.access(name, os.W_OK) and os.path.isfile(name)
        elif ending in picture_formats() and name.strip() and not os.path.isdir(name) and not name.endswith("/"):
            # refused for its place, so the place really cannot take it
            assert new and not _can_create(name), message


@settings(max_examples=200, deadline=None, derandomize=True)
@given(name=_NAMES)
def test_output_folder_accepts_exactly_the_folders_it_can_make_or_fill(name) -> None:
    with fresh_workspace():
        try:
            accepted = common.output_folder(name) == name
        except argparse.ArgumentTypeError as exc:
            accepted = False
            assert "\n" not in str(exc)
        if name.strip() and name != "-":
            existed = os.path.isdir(name)
            try:
                if not existed:
                    os.mkdir(name)  # the folder itself, not its parents
                made = _can_create(os.path.join(name, "hand_000001.phh"))
            except OSError:
                made = False
            assert accepted == made, (name, accepted, made)
            if made and not existed:
                os.rmdir(name)
        else:
            assert not accepted
