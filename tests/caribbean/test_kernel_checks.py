"""The analysis kernel checks its arguments before it releases the GIL (issue 8 item 4):
every wrong call is a ValueError or TypeError, never a crash or a silent wrong count."""

from __future__ import annotations

import numpy as np
import pytest

from studeval import _caribbean as kernel
from studeval.caribbean import QUALIFYING_VALUE

SMALL = np.array([4 * r + s for r in range(9, 13) for s in range(4)], dtype=np.uint8)  # J..A


@pytest.fixture(scope="module")
def small():
    hands, orbit = kernel.canonical_hands(SMALL, 5)
    sixes, _ = kernel.canonical_hands(SMALL, 6)
    store = kernel.SixCardStore(sixes, kernel.six_card_index(sixes))
    tables = kernel.UpCardTables(SMALL, int(SMALL[0]))
    store.fill(tables, sixes, QUALIFYING_VALUE, 1)
    return tables, store, hands, orbit, sixes


def _pass(tables, store, hands, orbit, deck=SMALL, **kw):
    args = {
        "pay": [1] * 10,
        "half": [1] * 10,
        "D": 1,
        "qualify": QUALIFYING_VALUE,
        "mode": 0,
        "threshold": 0,
        "change": True,
        "threads": 1,
    }
    args.update(kw)
    return kernel.play_pass(
        tables,
        store,
        hands,
        orbit,
        deck,
        args["pay"],
        args["half"],
        args["D"],
        args["qualify"],
        args["mode"],
        args["threshold"],
        args["change"],
        args["threads"],
    )


def test_a_correct_pass_runs(small):
    tables, store, hands, orbit, _ = small
    assert _pass(tables, store, hands, orbit).sum() > 0


def test_fill_with_other_card_sets_is_refused(small):
    """Once a segfault (exit 139): the store's rows and the sets given disagreed."""
    tables, store, _, _, sixes = small
    full, _ = kernel.canonical_hands(np.arange(52, dtype=np.uint8)[:20], 6)
    with pytest.raises(ValueError, match="built with"):
        store.fill(tables, full, QUALIFYING_VALUE, 1)
    with pytest.raises(ValueError, match="built with"):
        store.fill(tables, sixes[:5].copy(), QUALIFYING_VALUE, 1)
    with pytest.raises(ValueError, match="threads"):
        store.fill(tables, sixes, QUALIFYING_VALUE, 0)
    with pytest.raises(ValueError, match="qualifying"):
        store.fill(tables, sixes, 9000, 1)


@pytest.mark.parametrize(
    "deck, error",
    [
        (np.arange(60, dtype=np.uint8), ValueError),  # more than 52 cards: once copied into int deck[52]
        (np.array([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], dtype=np.uint8), ValueError),
        (np.arange(52, dtype=np.int64), TypeError),
        (np.arange(52, dtype=np.uint8)[:20], ValueError),  # not the tables' deck
    ],
)
def test_play_pass_refuses_a_bad_deck(small, deck, error):
    tables, store, hands, orbit, _ = small
    with pytest.raises(error):
        _pass(tables, store, hands, orbit, deck=deck)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"pay": [1] * 9}, "10 pays"),
        ({"D": 0}, "money scale"),
        ({"D": 2**200}, "does not fit"),
        ({"pay": [-1] * 10}, "does not fit"),
        ({"mode": 2}, "mode"),
        ({"threshold": 10**6}, "threshold"),
        ({"threads": 10**6}, "threads"),
        ({"qualify": 0}, "qualifying"),
    ],
)
def test_play_pass_refuses_bad_numbers(small, change, message):
    tables, store, hands, orbit, _ = small
    with pytest.raises(ValueError, match=message):
        _pass(tables, store, hands, orbit, **change)


def test_play_pass_refuses_bad_hands_and_an_unfilled_store(small):
    tables, store, hands, orbit, sixes = small
    with pytest.raises(ValueError, match="shape"):
        _pass(tables, store, hands[:, :4].copy(), orbit)
    with pytest.raises(ValueError, match="increasing"):
        _pass(tables, store, hands[:, ::-1].copy(), orbit)
    with pytest.raises(ValueError, match="orbits"):
        _pass(tables, store, hands, orbit[:-1].copy())
    other = kernel.UpCardTables(SMALL, int(SMALL[1]))
    with pytest.raises(ValueError, match="fill"):
        _pass(other, store, hands, orbit)
    with pytest.raises(ValueError, match="store"):
        _pass(tables, None, hands, orbit)
    with pytest.raises(TypeError):
        kernel.play_pass(None, store, hands, orbit, SMALL, [1] * 10, [1] * 10, 1, QUALIFYING_VALUE, 0, 0, True, 1)


def test_the_other_entries_check_their_arguments():
    with pytest.raises(ValueError, match="5 or 6"):
        kernel.canonical_hands(SMALL, 7)
    with pytest.raises(ValueError, match="distinct"):
        kernel.canonical_hands(np.array([1, 1, 2, 3, 4, 5], dtype=np.uint8), 5)
    with pytest.raises(ValueError, match="not in the deck"):
        kernel.UpCardTables(SMALL, 0)
    with pytest.raises(ValueError, match="at least 12"):
        kernel.UpCardTables(SMALL[:8].copy(), int(SMALL[0]))
    with pytest.raises(ValueError, match="shape"):
        kernel.six_card_index(np.zeros((3, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match="twice"):
        kernel.six_card_index(np.array([[0, 1, 2, 3, 4, 5]] * 2, dtype=np.uint8))
    sixes, _ = kernel.canonical_hands(SMALL, 6)
    with pytest.raises(ValueError, match="index"):
        kernel.SixCardStore(sixes, np.zeros(20358520, dtype=np.int32))
    tables = kernel.UpCardTables(SMALL, int(SMALL[0]))
    with pytest.raises(ValueError, match="thresholds"):
        tables.count_below([int(SMALL[1])], [10**6])
    with pytest.raises(ValueError, match="distinct deck cards"):
        tables.count_below([0], [5])


def test_the_store_takes_only_the_index_of_its_sets():
    """The store reads the index once to check it (it built a second index to compare with:
    81 MB, most of a short-deck store's making): exactly six_card_index(sets) is taken, and
    each way of differing from it is refused (one index changed in place and put back)."""
    sixes, _ = kernel.canonical_hands(SMALL, 6)
    index = kernel.six_card_index(sixes)
    kernel.SixCardStore(sixes, index)
    at = np.flatnonzero(index >= 0)
    unused = int(np.argmax(index < 0))
    for where, values in (
        ([unused], [0]),  # row 0 named twice
        ([unused], [-2]),
        (at[:2], index[at[1::-1]]),  # two rows swapped
        (at[-1:], [-1]),  # a set left out
    ):
        kept = index[where].copy()
        index[where] = values
        assert (index[where] != kept).any()
        with pytest.raises(ValueError, match="index"):
            kernel.SixCardStore(sixes, index)
        index[where] = kept
    kernel.SixCardStore(sixes, index)


def test_the_layout_is_named_by_the_kernel():
    assert kernel.Slot.EV_CHANGE == kernel.Slot.EV_NO_CHANGE + kernel.Slot.EV_BLOCK
    assert kernel.Slot.ST_RAISE_AFTER_CHANGE < kernel.Slot.NSLOT and kernel.MONEY_BITS in (64, 128)
