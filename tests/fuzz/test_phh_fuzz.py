"""Fuzzing the PHH reader and the table's state machine (issue 11), beside
tests/game/test_hostile_input.py (which splices fixed pieces into histories of random play):
here arbitrary unicode text, structural mutations of the fields and actions of histories the
bots played (``simulate``), and hostile actions between legal ones.

Each call ends in ValueError or TypeError, or in a finished hand whose chips are conserved and
whose full history replays to the same stacks; a refused action leaves the state as it was.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from studeval.game import MAX_CHIPS, PRESETS, HandHistory, Structure, StudState, dumps, loads, replay, simulate, to_phh
from studeval.game.deck import Deck

FUZZ = settings.get_profile("studeval-fuzz")
EXPECTED = (ValueError, TypeError)

# histories of bot play: both games, 2 to 8 players, full and as a seat or a spectator saw them
PLAYED = [
    (st, seat)
    for game in ("seven", "five")
    for players in (2, 3, 5, 8)
    for st in simulate(game, players, 2, seed=players)
    for seat in (None, 0)
]
HISTORIES = [to_phh(st, seat, full=seat is None) for st, seat in PLAYED]
TEXTS = [dumps(hh) for hh in HISTORIES]


def check_replayed(st: StudState) -> None:
    """A hand replayed from a history: over, chips conserved, and its own history replays."""
    assert st.finished and st.actor < 0
    assert sum(st.stacks) == sum(st.starting_stacks) and min(st.stacks) >= 0
    assert replay(dumps(to_phh(st, full=True))).stacks == st.stacks


def replay_or_refuse(history: str | HandHistory) -> StudState | None:
    try:
        st = replay(history)
    except EXPECTED as exc:
        assert str(exc)
        return None
    check_replayed(st)
    return st


# -------------------------------------------------------------------- arbitrary text


@settings(FUZZ, max_examples=300 * FUZZ.max_examples)
@given(text=hs.one_of(hs.text(max_size=300), hs.binary(max_size=300).map(lambda b: b.decode("latin-1"))))
def test_arbitrary_text(text):
    try:
        loads(text)
    except EXPECTED as exc:
        assert str(exc)
    replay_or_refuse(text)


@settings(FUZZ, max_examples=150 * FUZZ.max_examples)
@given(
    which=hs.integers(0, len(TEXTS) - 1), at=hs.integers(0, 10**6), cut=hs.integers(0, 40), text=hs.text(max_size=40)
)
def test_arbitrary_text_spliced_into_a_played_history(which, at, cut, text):
    valid = TEXTS[which]
    k = at % (len(valid) + 1)
    replay_or_refuse(valid[:k] + text + valid[k + cut :])


# -------------------------------------------------------------------- structural mutations

junk = hs.one_of(
    hs.integers(-3, 3),
    hs.integers(),
    hs.integers(10**15 - 2, 10**15 + 2),
    hs.floats(),
    hs.booleans(),
    hs.none(),
    hs.text(max_size=8),
    hs.lists(hs.integers(-2, 10**6), max_size=9),
    hs.lists(hs.one_of(hs.integers(), hs.text(max_size=3), hs.none()), max_size=4),
    hs.dictionaries(hs.text(max_size=3), hs.integers(), max_size=2),
)
amounts = hs.one_of(
    hs.integers(-5, 500).map(str), hs.sampled_from(["", "1e3", "0x10", "+5", "٥", "10_0", "99999999999999999999", " 7"])
)
cards = hs.one_of(
    hs.lists(hs.sampled_from(["As", "Kd", "2c", "??", "Th", "10h", "Xx", "a"]), min_size=1, max_size=4).map("".join),
    hs.text(max_size=6),
)
seat = hs.one_of(hs.integers(0, 9).map(lambda k: f"p{k}"), hs.sampled_from(["p", "p-1", "p01", "P1", "p1.0", "x"]))
action = hs.one_of(
    hs.tuples(seat, hs.sampled_from(["cc", "f", "pb", "cbr", "sm", "sd", "xx"]), amounts).map(" ".join),
    hs.tuples(seat, hs.sampled_from(["cc", "f", "pb"])).map(" ".join),
    hs.tuples(seat, hs.just("sm"), cards).map(" ".join),
    hs.tuples(hs.sampled_from(["d dh", "d db", "d"]), seat, cards).map(" ".join),
    hs.text(max_size=20),
)


@hs.composite
def mutated(draw: hs.DrawFn) -> HandHistory:
    """A played history with a few fields replaced by junk and its actions edited."""
    hh = copy.deepcopy(HISTORIES[draw(hs.integers(0, len(HISTORIES) - 1))])
    changes: dict[str, Any] = {}
    for name in draw(
        hs.lists(hs.sampled_from([f.name for f in dataclasses.fields(HandHistory)]), max_size=2, unique=True)
    ):
        if name == "lines":
            continue
        current = getattr(hh, name)
        if isinstance(current, list) and current and all(isinstance(v, int) for v in current) and draw(hs.booleans()):
            i = draw(hs.integers(0, len(current) - 1))
            changes[name] = [*current[:i], draw(junk), *current[i + 1 :]]  # one entry of a list
        elif name == "extra":
            changes[name] = draw(
                hs.dictionaries(
                    hs.sampled_from(["_raise_cap", "_showdown", "_tie_rule", "_odd_chip", "_x"]), junk, max_size=2
                )
            )
        else:
            changes[name] = draw(junk)
    actions = list(hh.actions)
    for _ in range(draw(hs.integers(0, 3))):
        op = draw(hs.sampled_from(["delete", "duplicate", "swap", "replace", "insert", "truncate"]))
        i = draw(hs.integers(0, max(0, len(actions) - 1)))
        j = draw(hs.integers(0, max(0, len(actions) - 1)))
        if not actions:
            op = "insert"
        if op == "delete":
            del actions[i]
        elif op == "duplicate":
            actions.insert(j, actions[i])
        elif op == "swap":
            actions[i], actions[j] = actions[j], actions[i]
        elif op == "replace":
            actions[i] = draw(action)
        elif op == "insert":
            actions.insert(i, draw(action))
        else:
            actions = actions[:i]
    changes.setdefault("actions", actions)
    return dataclasses.replace(hh, **changes)


@settings(FUZZ, max_examples=300 * FUZZ.max_examples)
@given(hh=mutated())
def test_mutated_fields_and_actions_of_played_histories(hh):
    direct = replay_or_refuse(hh)
    try:
        text = dumps(hh)
    except EXPECTED as exc:
        assert str(exc)
        return
    back = loads(text)  # what dumps writes loads back (the extra fields aside: nan != nan)
    assert dataclasses.replace(back, extra=hh.extra) == hh
    from_text = replay_or_refuse(back)
    if direct is not None and from_text is not None:
        assert from_text.stacks == direct.stacks


@pytest.mark.parametrize(
    "change",
    [
        {"ante_trimming_status": 0},
        {"finishing_stacks": 0},
        {"finishing_stacks": [1.5, 2, 3]},
        {"finishing_stacks": [10**15 + 1, 2520]},
        {"antes": [20.0, 20]},
    ],
)
def test_dumps_refuses_what_loads_would(change):
    hh = HandHistory("F7S", [20, 20], 50, 100, 200, [2000, 2000], [], finishing_stacks=[2000, 2000])
    assert loads(dumps(hh)) == hh
    (name,) = change
    with pytest.raises(EXPECTED, match=name):
        dumps(dataclasses.replace(hh, **change))


@settings(FUZZ, max_examples=100 * FUZZ.max_examples)
@given(which=hs.integers(0, len(HISTORIES) - 1))
def test_played_histories_replay_to_the_played_stacks(which):
    st, seat = PLAYED[which]
    replayed = replay(TEXTS[which])
    check_replayed(replayed)
    if seat is None:  # the full history holds every card: the same hand
        assert replayed.stacks == st.stacks


# -------------------------------------------------------------------- hostile actions between legal ones


def snapshot(st: StudState) -> dict[str, Any]:
    """Everything a refused action must leave as it was (the legal-action cache aside), copied
    by a pickle round trip (as deep as copy.deepcopy, several times faster)."""
    names = [k for cls in type(st).__mro__ for k in getattr(cls, "__slots__", ())]
    state = pickle.loads(pickle.dumps({k: getattr(st, k, None) for k in names if k not in ("_legal", "_lock")}))
    state["rng"] = st.deck.rng.getstate() if isinstance(st.deck, Deck) else None
    return state


hostile_actions = hs.one_of(
    hs.tuples(
        hs.sampled_from(["fold", "check", "call", "bet", "raise", "complete", "bring_in", "show", "muck", "x", ""]),
        junk,
    ),
    hs.tuples(junk, junk),
    junk,
    hs.lists(junk, max_size=4).map(tuple),
    hs.tuples(hs.sampled_from(["bet", "raise", "call"]), hs.integers(-10, 10**16)),
)


@settings(FUZZ, max_examples=60 * FUZZ.max_examples)
@given(
    game=hs.sampled_from(["seven", "five"]),
    n=hs.integers(2, 8),
    seed=hs.integers(0, 2**32),
    stacks=hs.sampled_from([[4, 30, 1000], [1000], [25, 60]]),
    plan=hs.lists(hs.tuples(hs.integers(0, 10**6), hostile_actions, hs.booleans()), min_size=1, max_size=60),
    showdown=hs.sampled_from(["auto", "choose"]),
)
def test_refused_actions_leave_the_state_as_it_was(game, n, seed, stacks, plan, showdown):
    st = StudState(game, PRESETS["1/2"], [stacks[k % len(stacks)] * 10 for k in range(n)], seed=seed, showdown=showdown)
    for pick, hostile, time_out in plan:
        if st.finished:
            break
        before = snapshot(st)
        try:
            st.apply(hostile)
        except EXPECTED as exc:
            assert str(exc)
            assert snapshot(st) == before
        if st.finished:
            break
        if time_out and pick % 17 == 0:
            st.time_out()
        else:
            legal = st.legal_actions()
            st.apply(legal[pick % len(legal)])
    while not st.finished:
        st.apply(st.legal_actions()[0])
    check_replayed(st)


def test_a_hand_at_the_chip_limit_loads_back():
    # the limit is on the chips at the table (found by the 10x hunt: a stack of MAX_CHIPS won
    # the other's ante and its own history no longer loaded)
    with pytest.raises(ValueError, match="at the table"):
        StudState("five", Structure(1, 2, 5, 10), [MAX_CHIPS, 100], seed=2)
    st = StudState("five", Structure(1, 2, 5, 10), [MAX_CHIPS - 100, 100], seed=2)
    while not st.finished:
        st.apply(st.legal_actions()[0])
    assert sum(st.stacks) == MAX_CHIPS and st.stacks[0] > MAX_CHIPS - 100  # the first seat won the second's ante
    assert replay(dumps(to_phh(st, full=True))).stacks == st.stacks
