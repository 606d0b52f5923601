"""Equity entry points against the third hostile pass (issue 33): a deck that runs short in
``equity_batch`` and the direct route, every card known, and the memory ``MAX_BATCH`` states."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from studeval.cards import format_cards, parse_cards
from studeval.equity import MAX_BATCH, equity_batch, stud_equity

A, B = parse_cards("As Ah Kd 2c 3c"), parse_cards("Qs Qh 7s 7d 8d")
# 39 dead cards: three live for the four the two players draw (a community card is dealt)
DEAD = [c for c in range(52) if c not in A + B][:39]


def test_equity_batch_refuses_a_deck_that_runs_short_instead_of_zero_counts() -> None:
    rows = np.array([[A + [-1, -1], B + [-1, -1]]], dtype=np.int8)
    with pytest.raises(ValueError, match="39 dead cards"):
        equity_batch(rows, dead=DEAD)
    assert equity_batch(rows, dead=DEAD[:38])[0, 0, 0] > 0  # one more live card: counted


@pytest.mark.parametrize("game", ["seven", "stud8", "razz"])
def test_the_direct_route_answers_a_short_deck_as_the_general_route(game: str) -> None:
    general = stud_equity([A, B], dead=DEAD, game=game)
    text = stud_equity([format_cards(A), format_cards(B)], dead=format_cards(DEAD), game=game)
    assert general.deals > 0 and text.deals == general.deals and text.equity == general.equity


@pytest.mark.parametrize("players", [2, 3])
def test_every_card_known_is_one_deal(players: int) -> None:
    hands = [list(range(7 * k, 7 * k + 7)) for k in range(players)]
    r = stud_equity(hands, dead=list(range(7 * players, 52)), method="exact")
    assert r.deals == 1 and sum(r.equity) == pytest.approx(1.0)


def test_eight_players_on_the_river_with_a_community_card() -> None:
    hands = [list(range(6 * k, 6 * k + 6)) for k in range(8)]
    r = stud_equity(hands, dead=[48, 49, 50], method="exact")  # one live card: everyone's seventh
    assert r.deals == 1 and sum(r.equity) == pytest.approx(1.0)


@pytest.mark.parametrize(("game", "per_row"), [("seven", 64), ("stud8", 96)])
def test_max_batch_and_the_limits_page_state_the_counts_memory(game: str, per_row: int) -> None:
    counts = equity_batch(np.array([[A + [-1, -1], B + [-1, -1]]], dtype=np.int8), game=game)
    assert counts.nbytes == per_row
    page = (Path(__file__).resolve().parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
    [row] = [line for line in page.splitlines() if "studeval.equity.MAX_BATCH" in line]
    assert re.search(r"\b64 or 96 bytes\b", row), row
    assert f"{MAX_BATCH * 64 // 10**6:,} MB" in page or "640 MB" in page
    import studeval.equity.batch as batch

    assert "64 or 96 bytes" in Path(batch.__file__).read_text(encoding="utf-8")
