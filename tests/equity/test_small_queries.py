"""Small queries (issue 22, item 6): the direct route of a late-street heads-up question and
the batch entry point give the general route's answers, checked against it, brute force and
the slow reference evaluators; their bad input is refused naming the value or the row."""

from __future__ import annotations

import itertools
import random
import sys
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from interrupts import STOPS_WITHIN, interrupt_after_ready

from studeval import _reference
from studeval.cards import format_cards, parse_cards
from studeval.equity import (
    BATCH_COLUMNS,
    BATCH_HILO_COLUMNS,
    BATCH_MAX_DRAWS,
    EquityResult,
    HiLoResult,
    equity_batch,
    plan_equity,
    stud_equity,
)
from studeval.equity import batch as batch_module
from studeval.equity.deal import Options
from studeval.equity.small import small_headsup
from studeval.equity.solve import Question, answer
from studeval.games import STUD_GAMES, get_game

# the slow evaluators by kind: an independent oracle for the kernel's comparisons
_REFERENCE = {
    "high": _reference.evaluate,
    "low": _reference.evaluate_low,
    "low8": _reference.evaluate_low8,
    "low27": _reference.evaluate_low27,
}


def _general(players: list[str], game: str, dead: str) -> EquityResult | HiLoResult:
    """stud_equity's answer by the general route (checked question, plan, kernels)."""
    question = Question.of(players, game=game, board=(), dead=dead)
    return answer(question, Options(method="auto", samples=1_000_000, seed=None, threads=None, progress=None))


def _deal(seed: int, known: tuple[int, int], ndead: int) -> tuple[list[int], list[int], list[int]]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    a, b = deck[: known[0]], deck[known[0] : sum(known)]
    return a, b, deck[sum(known) : sum(known) + ndead]


_late = st.tuples(st.integers(0, 2**32), st.sampled_from(STUD_GAMES), st.integers(0, 2), st.integers(0, 2))


@settings(max_examples=60, deadline=None)
@given(_late, st.integers(0, 6))
def test_direct_route_equals_general_route(case, ndead) -> None:
    """On random deals from fifth street on of every stud game (hi-lo, razz27 too), with
    dead cards, the direct route answers and its answer is the general route's, field by field
    (all but the time)."""
    seed, name, draw_a, draw_b = case
    cards = get_game(name).cards
    a, b, dead = _deal(seed, (cards - draw_a, cards - draw_b), ndead)
    players, dead_text = [format_cards(a), format_cards(b)], format_cards(dead)
    direct = small_headsup(players, name, dead_text, "auto", 1_000_000, None, None)
    assert direct is not None
    general = _general(players, name, dead_text)
    assert replace(direct, seconds=0.0) == replace(general, seconds=0.0)
    assert replace(stud_equity(players, game=name, dead=dead_text), seconds=0.0) == replace(general, seconds=0.0)


def test_direct_route_takes_only_small_plain_questions() -> None:
    """Ranges, ints, three players and fourth street go the general way; so does a call
    with ``progress``, which is then called."""
    options = ("seven", (), "auto", 1_000_000, None, None)
    assert small_headsup(["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], *options) is not None
    assert small_headsup(["As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h"], *options) is not None  # fifth street
    assert small_headsup(["As Ah Kd 2c", "Qc Qd 7s 8h 9h"], *options) is None  # fourth street: 3 to come
    assert small_headsup(["As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h"], *options[:-1], 2) is not None
    assert small_headsup(["As Ah Kd 2c 3c 4d 5h", "[QQ] 7s 8h 9h Th"], *options) is None
    assert small_headsup([[51, 50, 45, 0, 4, 9, 14], "Qc Qd 7s 8h 9h Th Jc"], *options) is None
    assert small_headsup(["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc", "2d"], *options) is None
    seen: list[float] = []
    stud_equity(["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], progress=seen.append)
    assert seen and seen[-1] == 1.0


@pytest.mark.parametrize("order", [(0, 10**12), (10**12, 0)])
def test_kept_plans_follow_the_cost_model(order, monkeypatch) -> None:
    """A plan kept by a question's shape is the cost model's of the moment: with stud8's
    enumeration threshold at nothing, fifth street is the heads-up count, else enumerated,
    whichever way round they are asked."""
    import studeval.equity.plan as plan_module

    players = ["As 2h 3d 4c 9s", "Kc Kd 8h 8s 5h"]
    for threshold in order:
        monkeypatch.setattr(plan_module, "HILO_ENUMERATE_WORK", threshold)
        r = stud_equity(players, game="stud8")
        now = plan_equity(players, game="stud8")
        assert now.kernel == ("headsup" if threshold == 0 else "enumerate")
        assert isinstance(r, HiLoResult) and r.plan == now.reason
        assert replace(r, seconds=0.0) == replace(_general(players, "stud8", ""), seconds=0.0)


@pytest.mark.parametrize(
    ("players", "options", "error", "match"),
    [
        (["As Ah Kd 2c 3c 4d 5h", "As Qd 7s 8h 9h Th Jc"], {}, ValueError, "As is held by player 1 and player 2"),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], {"dead": "Jc"}, ValueError, "dead card Jc"),
        (["As Ah Kd 2c 3c 4d 5h 6h", "Qc Qd 7s 8h 9h Th"], {}, ValueError, "too many cards"),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jx"], {}, ValueError, "player 2"),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th"], {"samples": True}, TypeError, "samples"),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th"], {"samples": 0}, ValueError, "samples"),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th"], {"seed": -1}, ValueError, "seed"),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th"], {"threads": 0}, ValueError, "threads"),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th"], {"method": "fast"}, ValueError, "unknown method"),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th"], {"game": "omaha"}, ValueError, "unknown game"),
    ],
)
def test_direct_route_refuses_as_the_general_route(players, options, error, match) -> None:
    """A bad small question is refused with the general route's error, before and after the
    same shape has been answered (the cached plan checks nothing for it)."""
    stud_equity(["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th"])
    with pytest.raises(error, match=match):
        stud_equity(players, **options)


# ---------------------------------------------------------------------------------------------
# equity_batch


def _rows(seed: int, n: int, width: int, cards: int, ndead: int, unknown: float) -> tuple[np.ndarray, list[int]]:
    """n random match-ups of ``width`` entries a player (some -1), drawing at most two cards."""
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    dead = deck[:ndead].tolist()
    rows = np.full((n, 2, width), -1, dtype=np.int8)
    for i in range(n):
        cards_i = rng.permutation(deck[ndead:])[: 2 * width].reshape(2, width)
        for p in range(2):
            keep = rng.random(width) >= unknown
            while cards - keep.sum() > BATCH_MAX_DRAWS:
                keep[rng.integers(width)] = True
            rows[i, p] = np.where(keep, cards_i[p], -1)
    return rows, dead


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(STUD_GAMES), st.integers(0, 4), st.sampled_from([0.0, 0.2]))
def test_batch_rows_equal_stud_equity(seed, name, ndead, unknown) -> None:
    """Every row of a random batch of every stud game (seventh to fifth street, some cards
    unknown, dead cards) gives stud_equity's deals and figures: equity, and win and tie or
    scoop, high, low and no low."""
    game = get_game(name)
    width = game.cards - int(seed % 3)  # seventh street, or one or two cards to come a player
    rows, dead = _rows(seed, 4, width, game.cards, ndead, unknown)
    counts = equity_batch(rows, game=name, dead=dead, threads=1)
    columns = BATCH_HILO_COLUMNS if game.hilo else BATCH_COLUMNS
    assert counts.shape == (4, 2, len(columns)) and counts.dtype == np.int64
    for row, c in zip(rows, counts, strict=True):
        players = [[int(x) for x in hand if x >= 0] for hand in row]
        r = stud_equity(players, game=name, dead=dead, method="exact")
        deals = r.deals
        assert (c[:, 0] == deals).all()
        assert c[:, 1].tolist() == [round(4 * e * deals) for e in r.equity]
        if game.hilo:
            assert isinstance(r, HiLoResult) and r.scoop is not None
            for k, figure in ((2, r.scoop), (3, r.high), (4, r.low)):
                assert c[:, k].tolist() == [round(x * deals) for x in figure]
            assert c[0, 5] == c[1, 5] == round((r.no_low or 0.0) * deals)
        else:
            assert isinstance(r, EquityResult)
            assert c[:, 2].tolist() == [round(w * deals) for w in r.win]
            assert c[:, 3].tolist() == [round(t * deals) for t in r.tie]


@pytest.mark.parametrize("name", STUD_GAMES)
def test_batch_seventh_street_equals_reference_evaluators(name) -> None:
    """Seventh street, one deal a row: the winner by the slow reference evaluators."""
    game = get_game(name)
    rows, _ = _rows(7, 200, game.cards, game.cards, 0, 0.0)
    counts = equity_batch(rows, game=name)
    for row, c in zip(rows, counts, strict=True):
        values = [[_REFERENCE[kind](hand.tolist()) for kind in game.pot] for hand in row]
        (ha, *la), (hb, *lb) = values
        high = [int(ha >= hb), int(hb >= ha)]
        if not game.hilo or la[0] == lb[0] == 0:
            share = [4 * x // sum(high) for x in high]
        else:
            low = [int(la[0] >= lb[0]), int(lb[0] >= la[0])]
            share = [2 * h // sum(high) + 2 * lo // sum(low) for h, lo in zip(high, low, strict=True)]
        assert c[:, 0].tolist() == [1, 1] and c[:, 1].tolist() == share


def test_batch_sixth_street_equals_brute_force() -> None:
    """Sixth street in razz27 (flushes and straights count against a 2-7 low): every pair of
    last cards by the reference evaluator."""
    a, b, dead = _deal(3, (6, 6), 3)
    rows = np.array([[a, b]], dtype=np.int8)
    live = [c for c in range(52) if c not in {*a, *b, *dead}]
    wins = [0, 0, 0]
    for x, y in itertools.permutations(live, 2):
        va, vb = _reference.evaluate_low27([*a, x]), _reference.evaluate_low27([*b, y])
        wins[0 if va > vb else 1 if vb > va else 2] += 1
    c = equity_batch(rows, game="razz27", dead=dead)[0]
    assert c[:, 0].tolist() == [sum(wins)] * 2
    assert c[:, 2].tolist() == wins[:2] and c[:, 3].tolist() == [wins[2]] * 2


def test_batch_threads_and_dtypes_agree() -> None:
    """Any thread count and any integer dtype give the same counts; no rows, no counts."""
    rows, dead = _rows(11, 300, 7, 7, 2, 0.2)
    one = equity_batch(rows, dead=dead, threads=1)
    assert (equity_batch(rows, dead=dead, threads=2) == one).all()
    assert (equity_batch(rows.astype(np.int16), dead=dead) == one).all()
    assert equity_batch(np.zeros((0, 2, 7), dtype=np.int8)).shape == (0, 2, len(BATCH_COLUMNS))


def _one(*hands: str, width: int = 7) -> np.ndarray:
    row = np.full((1, 2, width), -1, dtype=np.int16)
    for p, text in enumerate(hands):
        cards = parse_cards(text)
        row[0, p, : len(cards)] = cards
    return row


@pytest.mark.parametrize(
    ("hands", "options", "error", "match"),
    [
        ([[1, 2, 3]], {}, TypeError, "numpy array"),
        (np.zeros((1, 2, 7)), {}, TypeError, "dtype float64"),
        (np.zeros((1, 3, 7), dtype=np.int8), {}, ValueError, r"shape \(n, 2, k\)"),
        (np.zeros((1, 2, 8), dtype=np.int8), {}, ValueError, "k from 1 to 7"),
        (np.zeros((1, 2, 6), dtype=np.int8), {"game": "five"}, ValueError, "k from 1 to 5"),
        (np.zeros((2, 2, 7), dtype=np.int8), {"game": "holdem"}, ValueError, "holdem"),
        (np.vstack([_one("As Ah", "Qc"), _one("As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h")]), {}, ValueError, "row 0"),
        (
            np.vstack([_one("As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h"), _one("As Ah Kd 2c 3c", "Qc As")]),
            {},
            ValueError,
            "row 1",
        ),
        (_one("As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h"), {"dead": "9h"}, ValueError, "row 0: player 2 holds card 30"),
        (_one("As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h"), {"dead": "9x"}, ValueError, "dead cards"),
        (_one("As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h"), {"threads": 0}, ValueError, "threads"),
    ],
)
def test_batch_refuses_bad_input(hands, options, error, match) -> None:
    with pytest.raises(error, match=match):
        equity_batch(hands, **options)


def test_batch_values_outside_the_cards_name_the_row() -> None:
    rows = np.vstack([_one("As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h")] * 3)
    rows[2, 1, 4] = 60
    with pytest.raises(ValueError, match="row 2"):
        equity_batch(rows)
    rows[2, 1, 4] = -2
    with pytest.raises(ValueError, match="row 2"):
        equity_batch(rows)


def test_batch_bound_on_rows(monkeypatch) -> None:
    monkeypatch.setattr(batch_module, "MAX_BATCH", 2)
    with pytest.raises(ValueError, match="at most 2 match-ups"):
        equity_batch(np.vstack([_one("As Ah Kd 2c 3c", "Qc Qd 7s 8h 9h")] * 3))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_stops_a_long_batch() -> None:
    """Ctrl-C stops a batch of heavy rows (stud8 fifth street, milliseconds each) within
    seconds, on both threads, with KeyboardInterrupt."""
    code = (
        "import numpy as np\n"
        "from studeval.equity import equity_batch\n"
        "rows = np.argsort(np.random.default_rng(1).random((100_000, 52)), axis=1)[:, :10]\n"
        "rows = rows.reshape(-1, 2, 5).astype(np.int8)\n"
        "print('ready', flush=True)\n"
        "equity_batch(rows, game='stud8', threads=2)\n"
        "print('finished', flush=True)\n"
    )
    out, err, waited = interrupt_after_ready(code)
    assert "finished" not in out and "KeyboardInterrupt" in err
    assert waited < STOPS_WITHIN, f"took {waited:.2f} s to stop"


# ---------------------------------------------------------------------------------------------
# The route as one compiled call (issue 35, item 2): its result objects are the general route's


def _text(cards: list[int], style: int) -> str:
    """Card text as players type it: spaced, packed, lower case, with commas, tens as 10."""
    text = format_cards(cards)
    if style == 1:
        return text.replace(" ", "")
    if style == 2:
        return text.lower().replace(" ", ", ")
    if style == 3:
        return text.replace("T", "10")
    return text


@settings(max_examples=60, deadline=None)
@given(_late, st.integers(0, 6), st.integers(0, 3), st.booleans())
def test_compiled_route_makes_the_general_route_s_result(case, ndead, style, as_tuple) -> None:
    """Any way the text is written, as a list or a tuple, the direct route's result is the
    general route's: the same class, the same fields in the same order, equal figures; asked
    again (from the kept parse and plan) the same again."""
    seed, name, draw_a, draw_b = case
    cards = get_game(name).cards
    a, b, dead = _deal(seed, (cards - draw_a, cards - draw_b), ndead)
    players = [_text(a, style), _text(b, style)]
    dead_text = _text(dead, style)
    asked = tuple(players) if as_tuple else players
    general = _general(players, name, dead_text)
    for _ in range(2):
        direct = small_headsup(asked, name, dead_text, "auto", 1_000_000, None, None)
        assert type(direct) is type(general)
        assert list(vars(direct)) == list(vars(general))
        assert replace(direct, seconds=0.0) == replace(general, seconds=0.0)
        assert direct.labels == (format_cards(a), format_cards(b))
        assert 0.0 <= direct.seconds < 1.0


@settings(max_examples=40, deadline=None)
@given(_late, st.integers(0, 6))
def test_answer_planned_takes_the_compiled_route_with_the_same_answer(case, ndead) -> None:
    """plan_cards and answer_planned (cards as ints) give stud_equity's answer."""
    from studeval.equity.solve import answer_planned, plan_cards

    seed, name, draw_a, draw_b = case
    cards = get_game(name).cards
    a, b, dead = _deal(seed, (cards - draw_a, cards - draw_b), ndead)
    planned = answer_planned(plan_cards([a, b], game=name, dead=dead))
    general = _general([format_cards(a), format_cards(b)], name, format_cards(dead))
    assert type(planned) is type(general) and list(vars(planned)) == list(vars(general))
    assert replace(planned, seconds=0.0) == replace(general, seconds=0.0)


@pytest.mark.parametrize(
    "args",
    [
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "seven", (), "auto", True, None, None),  # a bool
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "seven", (), "auto", 10**6, True, None),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "seven", (), "auto", 10**6, None, 1.0),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "seven", "2d 2d", "auto", 10**6, None, None),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "seven", [1], "auto", 10**6, None, None),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc" + " " * 200], "seven", (), "auto", 10**6, None, None),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], get_game("seven"), (), "auto", 10**6, None, None),
        ({"As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"}, "seven", (), "auto", 10**6, None, None),
        (["As Ah Kd 2c 3c 4d 5h", b"Qc Qd 7s 8h 9h Th Jc"], "seven", (), "auto", 10**6, None, None),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "holdem", (), "auto", 10**6, None, None),
        (["As Ah Kd 2c 3c 4d 5h", "Qc Qd 7s 8h 9h Th Jc"], "seven", (), "monte-carlo", 10**6, 1, None),
    ],
)
def test_compiled_route_leaves_everything_else_to_the_general_route(args) -> None:
    assert small_headsup(*args) is None


def test_the_route_is_built_for_the_result_classes_fields() -> None:
    """The route writes the results' fields itself: it refuses classes whose fields differ."""
    from studeval import _matchups

    with pytest.raises(ValueError, match="writes the fields"):
        _matchups.SmallRoute(None, None, None, None, EquityResult, HiLoResult, (("equity",), ()), 55440)
