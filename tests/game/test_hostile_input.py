"""Hostile input to the table rules and the PHH reader and writer (issue 11): every call ends
in a documented exception (ValueError or TypeError, naming the problem) or a correct result.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from table_helpers import S, snapshot

from studeval.game import MAX_CHIPS, HandHistory, StudState, dumps, load, loads, replay, to_phh
from studeval.game.phh import MAX_ACTIONS, MAX_PHH_CHARS


def finished(seed: int, **kw) -> StudState:
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    st = StudState(rng.choice(["seven", "five"]), S, [rng.choice([4, 20, 300]) for _ in range(n)], seed=seed, **kw)
    while st.actor >= 0:
        if rng.random() < 0.02:
            st.time_out()
        else:
            st.apply(rng.choice(st.legal_actions()))
    return st


VALID = [
    dumps(
        to_phh(
            finished(seed, showdown="choose" if seed % 3 == 0 else "auto"), None if seed % 2 else 0, full=seed % 4 == 1
        )
    )
    for seed in range(24)
]
BASE = "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\nstarting_stacks = [50, 50]\n"
DEAL = "'d dh p1 AsAd2c', 'd dh p2 KsKd9h'"


# -------------------------------------------------------------------- the writer


@settings(max_examples=200, deadline=None)
@given(
    variant=hs.text(max_size=12),
    actions=hs.lists(hs.text(max_size=20), max_size=5),
    extra=hs.dictionaries(
        hs.text(min_size=1, max_size=12).filter(lambda k: k not in {"variant", "antes", "actions", "bring_in"}),
        hs.one_of(
            hs.text(max_size=12), hs.integers(-(2**63), 2**63), hs.booleans(), hs.lists(hs.integers(0, 9), max_size=3)
        ),
        max_size=3,
    ),
)
def test_everything_written_loads_back_to_the_same_history(variant, actions, extra):
    """R51: a recorded hand replays to the same stacks."""
    extra = {
        k: v
        for k, v in extra.items()
        if k not in {"small_bet", "big_bet", "starting_stacks", "finishing_stacks", "ante_trimming_status"}
    }
    hh = HandHistory(variant, [1, 1], 2, 5, 10, [50, 50], actions, extra=extra)
    assert loads(dumps(hh)) == hh


def test_a_quoted_key_cannot_smuggle_in_a_field():
    hh = loads(BASE + 'actions = []\n"_q = 1\\n_raise_cap" = 0\n')
    assert hh.extra == {"_q = 1\n_raise_cap": 0}
    again = loads(dumps(hh))
    assert again.extra == hh.extra and "_raise_cap" not in again.extra


def test_control_characters_are_escaped():
    hh = HandHistory("F7S", [1, 1], 2, 5, 10, [50, 50], ["p1 cc\r", "\x00\x1f\x7f'\"\\"], extra={"_note": "a\rb"})
    assert loads(dumps(hh)) == hh


def test_every_character_is_written_so_that_it_loads_back():
    """The writer's plain-text shortcut and its escaping agree with a TOML reader for every
    character: all of them (surrogates aside) in a few actions (a history's text is at most a
    million characters), and each ASCII one alone next to plain text."""
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    for start in range(0, len(every), 0x40000):
        chunk = every[start : start + 0x40000]
        hh = HandHistory("F7S", [1, 1], 2, 5, 10, [50, 50], [chunk, "p1 cc"], extra={"_note": chunk[:0x800]})
        assert loads(dumps(hh)) == hh
    for c in [*range(0x80), 0xA0, 0x2028, 0xFEFF, 0xFFFF, 0x10FFFF]:
        hh = HandHistory("F7S", [1, 1], 2, 5, 10, [50, 50], [f"p1 {chr(c)} cc"])
        assert loads(dumps(hh)) == hh, hex(c)
    for c in (0xD800, 0xDBFF, 0xDC00, 0xDFFF):
        with pytest.raises(ValueError, match="surrogate"):
            dumps(HandHistory("F7S", [1, 1], 2, 5, 10, [50, 50], [f"p1 cc{chr(c)}"]))


def test_a_lone_surrogate_is_refused_not_written_broken():
    with pytest.raises(ValueError, match="surrogate"):
        dumps(HandHistory("F7S", [1, 1], 2, 5, 10, [50, 50], ["\ud800"]))


# -------------------------------------------------------------------- the reader


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (BASE + "actions = [" + DEAL + ", 'p2 cbr \u0665']", r"action 3 \(line 7\) 'p2 cbr .': amount .* ASCII digits"),
        (BASE + "actions = [" + DEAL + ", 'p2 cbr 99999999999999999999']", "more than the limit"),
        (BASE + "actions = []\nante_trimming_status = 'false'", "ante_trimming_status must be true or false"),
        (BASE + "actions = [" + DEAL + ", 'p2 sm ??????????????']", "p2 shows unknown cards"),
        (BASE + "actions = [" + DEAL + ", 'p1 sm', 'p1 sm']", "p1 shows or mucks twice"),
        (BASE.replace("bring_in = 2", "bring_in = " + "9" * 5000) + "actions = []", "too many digits"),
        (BASE.replace("bring_in = 2", "bring_in = " + "9" * 30) + "actions = []", "more than the limit"),
        (BASE.replace("[50, 50]", "[50, 5e3]") + "actions = []", "integer"),
        (BASE.replace("[50, 50]", "[50, true]") + "actions = []", "integer"),
        (BASE + "actions = [" + DEAL + ", 'd db 2h', 'd db 3h']", "one community card, once"),
        ("x = " + "[" * 500 + "]" * 500 + "\n" + BASE + "actions = []", "nested too deep"),
        (BASE + "actions = [" + ", ".join(["'p1 sm'"] * (MAX_ACTIONS + 1)) + "]", "limit is"),
    ],
    ids=[
        "arabic digits",
        "huge amount",
        "string boolean",
        "unknown shown cards",
        "showdown twice",
        "5000 digits",
        "30 digits",
        "float stack",
        "boolean stack",
        "two board cards",
        "nested 500 deep",
        "too many actions",
    ],
)
def test_bad_phh_text_is_refused_with_a_message_naming_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        replay(text)


def test_a_1kb_file_nested_500_deep_is_a_value_error(tmp_path):
    path = tmp_path / "deep.phh"
    path.write_text("x = " + "[" * 500 + "]" * 500 + "\n")
    assert path.stat().st_size < 1100
    with pytest.raises(ValueError, match="nested too deep"):
        load(path)


def test_100k_repeated_showdown_lines_are_refused():
    text = BASE + "actions = [" + DEAL + ", " + ", ".join(["'p1 sm AsAd2c'"] * 100_000) + "]"
    with pytest.raises(ValueError, match="limit|twice"):
        replay(text)


def test_text_beyond_the_size_limit_is_refused_before_parsing():
    with pytest.raises(ValueError, match="characters"):
        loads(" " * (MAX_PHH_CHARS + 1))


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    text = VALID[1]
    assert loads("\ufeff" + text) == loads(text)
    path = tmp_path / "bom.phh"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert replay(load(path)).stacks == replay(text).stacks


def test_messages_name_the_action_and_its_line():
    hh = to_phh(finished(3), full=True)
    hh.actions.insert(3, "p1 zz")
    text = dumps(hh)
    line = text.splitlines().index('  "p1 zz",') + 1
    with pytest.raises(ValueError, match=rf"action 4 \(line {line}\) 'p1 zz': not a stud action"):
        replay(text)


# -------------------------------------------------------------------- the state machine's arguments


def test_apply_refuses_what_is_not_an_action():
    """R33: a refused action leaves the table as it was."""
    st = StudState("seven", S, [100, 100], seed=1)
    before = snapshot(st)
    with pytest.raises(ValueError, match="an action is"):
        st.apply(())
    with pytest.raises(ValueError, match="an action is"):
        st.apply(("bring_in",))
    with pytest.raises(TypeError, match="an action is"):
        st.apply(None)
    with pytest.raises(TypeError):
        st.apply("bring_in")
    assert snapshot(st) == before
    st.apply(("bring_in", 2))
    assert st.round.bets[st.round.opener] == 2


def test_replay_and_to_phh_refuse_wrong_types():
    with pytest.raises(TypeError, match="HandHistory"):
        replay(None)
    st = finished(1)
    with pytest.raises(TypeError, match="seat"):
        to_phh(st, True)
    with pytest.raises(ValueError, match="seat"):
        to_phh(st, -1)
    with pytest.raises(TypeError, match="StudState"):
        to_phh("hand")


def test_seeds_and_seats_are_checked():
    with pytest.raises(ValueError, match="seed"):
        StudState("seven", S, [100, 100], seed=-5)
    with pytest.raises(TypeError, match="seed"):
        StudState("seven", S, [100, 100], seed="5")
    assert StudState("seven", S, [100, 100], seed=5).down != StudState("seven", S, [100, 100], seed=6).down
    st = StudState("seven", S, [100, 100], seed=5)
    with pytest.raises(ValueError, match="seat -1"):
        st.hand(-1)
    with pytest.raises(TypeError, match="seat"):
        st.hand(True)
    with pytest.raises(ValueError, match="limit"):
        StudState("seven", S, [100, MAX_CHIPS + 1], seed=5)
    with pytest.raises(TypeError, match="starting_stacks"):
        StudState("seven", S, "100", seed=5)


# -------------------------------------------------------------------- fuzzing mutations of valid histories

_PIECES = [
    "p1",
    "p9",
    "cc",
    "cbr",
    "sm",
    " ",
    "\n",
    "'",
    '"',
    "[",
    "]",
    ",",
    "#",
    "=",
    "??",
    "As",
    "0",
    "7",
    "99999999999999999999",
    "d dh",
    "d db",
    "f",
    "pb",
    "_raise_cap = -1\n",
    "\u0665",
    "\ufeff",
    "-",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=hs.integers(0, len(VALID) - 1),
    edits=hs.lists(
        hs.tuples(
            hs.integers(0, 10**6),
            hs.sampled_from(["insert", "delete", "replace", "line", "swap"]),
            hs.sampled_from(_PIECES),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_histories_give_a_documented_error_or_a_correct_result(which, edits):
    """R54: a history that breaks the rules is refused with a ValueError."""
    text = VALID[which]
    for pos, op, piece in edits:
        k = pos % (len(text) + 1)
        if op == "insert":
            text = text[:k] + piece + text[k:]
        elif op == "delete":
            text = text[:k] + text[k + len(piece) :]
        elif op == "replace":
            text = text[:k] + piece + text[k + len(piece) :]
        else:
            lines = text.split("\n")
            a, b = pos % len(lines), (pos // 7) % len(lines)
            if op == "line":
                lines.insert(a, lines[b])
            else:
                lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    try:
        st = replay(text)
    except (ValueError, TypeError):
        return
    assert st.finished and st.actor < 0
    assert sum(st.stacks) == sum(st.starting_stacks) and min(st.stacks) >= 0
    assert replay(dumps(to_phh(st, full=True))).stacks == st.stacks


@pytest.mark.parametrize("method", ["view", "hand", "to_phh"])
def test_every_seat_argument_is_checked_the_same_way(method):
    """A seat that is not an int is a TypeError, an int off the table a ValueError, whichever
    method takes it (issue 19 item 6: ``view(True)`` was a ValueError, ``hand(True)`` a TypeError)."""
    st = StudState("seven", S, [100, 100, 100], seed=5)
    call = (lambda seat: to_phh(st, seat)) if method == "to_phh" else getattr(st, method)
    for seat in (True, False, "0", 1.0):
        with pytest.raises(TypeError, match="seat"):
            call(seat)
    for seat in (-1, 3, 10**9):
        with pytest.raises(ValueError, match=f"seat {seat}"):
            call(seat)


def test_the_unreleased_old_names_of_settle_pots_are_gone():
    """One name per thing: ``settle``/``Settlement`` of 0.1.0 aliased settle_pots/PotSettlement
    (a second ``Settlement`` type beside the casino's)."""
    import studeval.game
    import studeval.game.pots

    for module in (studeval.game, studeval.game.pots):
        assert not hasattr(module, "settle") and not hasattr(module, "Settlement")
