"""Regressions of the game bugs the fuzz layer found (tests/fuzz/test_phh_fuzz.py): the PHH
writer accepted fields its reader refuses, and the table's chip limit (per stack) let a winner
end above the reader's limit. Now one check serves both, and the limit is on the chips at the
table."""

from __future__ import annotations

import dataclasses

import pytest

from studeval.game import MAX_CHIPS, HandHistory, Structure, StudState, dumps, loads, replay, to_phh

HH = HandHistory("F7S", [20, 20], 50, 100, 200, [2000, 2000], [], finishing_stacks=[2000, 2000])


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"ante_trimming_status": 0}, "ante_trimming_status"),
        ({"ante_trimming_status": None}, "ante_trimming_status"),
        ({"finishing_stacks": 0}, "finishing_stacks"),
        ({"finishing_stacks": [1.5, 2, 3]}, r"finishing_stacks\[0\]"),
        ({"finishing_stacks": [2000, 10**15 + 1]}, r"finishing_stacks\[1\]"),
        ({"finishing_stacks": [MAX_CHIPS, 1]}, "finishing_stacks holds"),
        ({"starting_stacks": [MAX_CHIPS - 5, 6]}, "starting_stacks holds"),
        ({"starting_stacks": (2000, 2000)}, "starting_stacks"),
        ({"antes": [20.0, 20]}, r"antes\[0\]"),
        ({"antes": None}, "antes"),
        ({"bring_in": True}, "bring_in"),
        ({"big_bet": 10**15 + 1}, "big_bet"),
        ({"variant": 7}, "variant"),
        ({"actions": ["d dh p1 2c3c4c", 5]}, "actions"),
        ({"starting_stacks": [100] * 9}, "starting_stacks has 9 entries"),
    ],
)
def test_dumps_refuses_what_loads_refuses_naming_the_field(change, error):
    bad = dataclasses.replace(HH, **change)
    with pytest.raises(ValueError, match=error):
        dumps(bad)
    # and the reader refuses the same field when it comes from a file (what dumps would write)
    text = dumps(HH)
    field = next(iter(change))
    if field in ("antes", "starting_stacks", "finishing_stacks") and isinstance(change[field], list):
        raw = "[" + ", ".join(repr(v) for v in change[field]) + "]"
        edited = text.replace(f"{field} = {_list(getattr(HH, field))}", f"{field} = {raw}")
        assert edited != text
        with pytest.raises(ValueError, match=error):
            loads(edited)


def _list(values: list[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def test_what_dumps_writes_loads_back():
    for hh in (HH, dataclasses.replace(HH, finishing_stacks=None, ante_trimming_status=True, extra={"x": [1, "a"]})):
        assert loads(dumps(hh)) == hh


def test_a_table_holds_at_most_max_chips_in_all():
    s = Structure(1, 2, 5, 10)
    with pytest.raises(ValueError, match="at the table"):
        StudState("five", s, [MAX_CHIPS, 100], seed=2)
    with pytest.raises(ValueError, match="at the table"):
        StudState("seven", s, [MAX_CHIPS // 2 + 1] * 2, seed=2)
    before = [MAX_CHIPS // 2, MAX_CHIPS // 2]
    st = StudState("seven", s, before, seed=2)
    assert list(st.starting_stacks) == before


@pytest.mark.parametrize("seed", range(4))
def test_a_hand_with_max_chips_at_the_table_replays_from_its_own_history(seed):
    st = StudState("five", Structure(1, 2, 5, 10), [MAX_CHIPS - 300, 100, 200], seed=seed)
    while not st.finished:
        st.apply(st.legal_actions()[0])
    assert sum(st.stacks) == MAX_CHIPS and max(st.stacks) <= MAX_CHIPS
    hh = to_phh(st, full=True)
    assert loads(dumps(hh)) == hh
    assert replay(dumps(hh)).stacks == st.stacks
