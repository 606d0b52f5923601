"""Every fixture file of every site (tests/histories/data, written from
../shared/histories/FORMATS.md), imported by the command as a user would: whatever its
encoding, each hand it writes replays, by the table rules and the site's printed rake, to that
file's own ``finishing_stacks`` and the site's amounts won (issue 30)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studeval.cli import main
from studeval.game.phh import load, loads, replay
from studeval.histories import verify

DATA = Path(__file__).parent / "data"
FILES = sorted(p for p in DATA.rglob("*") if p.is_file() and not p.name.startswith("."))


def test_there_are_fixtures_of_every_site() -> None:
    from studeval.histories import SITES

    names = " ".join(str(p.relative_to(DATA)) for p in FILES)
    assert all(site in names for site in SITES), names


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(DATA)) for p in FILES])
def test_what_the_importer_writes_replays_to_its_own_finishing_stacks(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["import", str(path), "--out", str(tmp_path), "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert summary["unread"] == [], summary["unread"]
    assert status == (1 if summary["refused"] else 0)
    for refused in summary["refused"]:  # a fixture's refused hand says where and why
        assert refused["line"] >= 1 and refused["reason"]
    written = sorted(tmp_path.glob("*.phh"))
    assert len(written) == summary["imported"] and (written or "refused" in path.name)
    for phh in written:
        hh = load(phh)
        state = replay(hh)
        assert state.stacks == hh.finishing_stacks, phh.name
        assert [state.payouts[i] - state.returned[i] for i in range(state.n)] == hh.extra["winnings"], phh.name
        assert state.raked == hh.extra.get("_rake", 0), phh.name
        assert verify(loads(phh.read_text(encoding="utf-8"))) == [], phh.name
