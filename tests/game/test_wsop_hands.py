"""Real razz and stud hi-lo hands: the 2023 WSOP Poker Players Championship ($50K, Event #43,
Day 5) and H.O.R.S.E. Championship ($10K, Event #54, Day 4), as tests/game/data/*.phh.

Each history records the cards seen, the actions and the stacks after the hand; studeval
replays it to those stacks, and pokerkit reads our file to the same stacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from studeval import evaluate, evaluate_low, evaluate_low8
from studeval.game import load, replay

DATA = Path(__file__).parent / "data"
HANDS = sorted(DATA.glob("wsop2023-*.phh"))


def test_the_fixtures_hold_both_games_from_both_events():
    """R82: PHH variants FR and F7S/8."""
    names = [p.name for p in HANDS]
    assert sum(n.endswith("-razz.phh") for n in names) == 10
    assert sum(n.endswith("-stud8.phh") for n in names) == 13
    assert {n.split("-")[1] for n in names} == {"e43", "e54"}
    assert {load(p).variant for p in HANDS} == {"FR", "F7S/8"}


@pytest.mark.parametrize("path", HANDS, ids=[p.stem for p in HANDS])
@pytest.mark.parametrize("odd_chip", ["high_card", "dealer_left"])
def test_a_real_hand_replays_to_the_recorded_stacks(path, odd_chip):
    """R51, R82: a recorded hand replays to the same stacks; PHH variants FR and F7S/8."""
    hh = load(path)
    assert hh.finishing_stacks is not None
    st = replay(hh, odd_chip=odd_chip)
    assert st.stacks == hh.finishing_stacks
    assert st.game == {"FR": "razz", "F7S/8": "stud8"}[hh.variant]
    shown = [i for i in range(st.n) if st.shown[i]]
    if len(shown) > 1:  # a showdown: the best hands by the game's rules took the pots
        for pot in st.pots:
            seats = [i for i in pot.eligible if st.shown[i]]
            if st.game == "razz":
                value = {i: evaluate_low(st.hand(i)) for i in seats}
            else:
                value = {i: evaluate(st.hand(i)) for i in seats}
            assert set(pot.winners) == {i for i in seats if value[i] == max(value.values())}
            if st.game == "stud8":
                low = {i: evaluate_low8(st.hand(i)) for i in seats}
                best = max(low.values())
                assert set(pot.low_winners) == {i for i in seats if best and low[i] == best}


def test_real_hi_lo_hands_split_pots_and_razz_hands_reach_showdown():
    """R73, R76: razz: the best ace-to-five low wins; hi-lo: each pot split between the best high
    and the best qualifying low.
    """
    states = {p.name: replay(load(p)) for p in HANDS}
    assert sum(any(pot.low_winners for pot in st.pots) for st in states.values()) >= 3
    assert sum(st.game == "razz" and sum(st.shown) > 1 for st in states.values()) >= 2
    assert any(len(st.pots) > 1 for st in states.values())  # a side pot


@pytest.mark.parametrize("path", HANDS, ids=[p.stem for p in HANDS])
def test_pokerkit_reads_the_real_hands_to_the_same_stacks(path):
    """R82: PHH variants FR and F7S/8."""
    pk = pytest.importorskip("pokerkit", reason="pokerkit is a test extra")
    state = list(pk.HandHistory.loads(path.read_text(encoding="utf-8")))[-1]
    assert list(state.stacks) == load(path).finishing_stacks
