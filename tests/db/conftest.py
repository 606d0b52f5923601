"""The hand database's tests: site files of many hands."""

from __future__ import annotations

from pathlib import Path

import pytest
from hand_files import stars_hands


@pytest.fixture
def stars_files(tmp_path: Path) -> list[Path]:
    """Four PokerStars files of 14 hands each (hand numbers distinct across files)."""
    folder = tmp_path / "hh"
    folder.mkdir()
    paths = []
    for k in range(4):
        path = folder / f"stars{k}.txt"
        path.write_text(stars_hands(14, 1000 + 100 * k), encoding="utf-8")
        paths.append(path)
    return paths
