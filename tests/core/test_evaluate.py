"""The fast evaluator against the slow reference, and the API around it."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import studeval
from studeval import HandCategory, best_five, category, describe, evaluate, evaluate_batch, showing_rank
from studeval import _reference as reference

hands = st.integers(min_value=5, max_value=7).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
)


@settings(max_examples=3000, deadline=None)
@given(hands)
def test_matches_reference(cards) -> None:
    assert evaluate(cards) == reference.evaluate(cards)


def test_random_hands_match_reference() -> None:
    rng = np.random.default_rng(20261129)
    for n in (5, 6, 7):
        rows = np.argsort(rng.random((4000, 52)), axis=1)[:, :n].astype(np.uint8)
        values = evaluate_batch(rows)
        for row, value in zip(rows.tolist(), values.tolist(), strict=True):
            assert value == reference.evaluate(row)


def test_input_forms_agree() -> None:
    cards = [51, 47, 43, 39, 35, 0, 5]
    expected = evaluate(cards)
    assert expected == 7462  # As Ks Qs Js Ts: the royal flush
    for form in (
        tuple(cards),
        np.array(cards, dtype=np.uint8),
        studeval.format_cards(cards),
        studeval.format_cards(cards).split(),
        [np.int64(c) for c in cards],
    ):
        assert evaluate(form) == expected


@pytest.mark.parametrize("n", [5, 6, 7])
@pytest.mark.parametrize("check", [True, False])
def test_batch_equals_scalar(n, check) -> None:
    rng = np.random.default_rng(n)
    rows = np.argsort(rng.random((20000, 52)), axis=1)[:, :n].astype(np.uint8)
    values = evaluate_batch(rows, check=check)
    assert values.dtype == np.uint16 and values.shape == (20000,)
    assert values.tolist() == [evaluate(r) for r in rows.tolist()]


def test_threads_agree_with_one_thread() -> None:
    rng = np.random.default_rng(7)
    rows = np.argsort(rng.random((300_000, 52)), axis=1)[:, :7].astype(np.uint8)
    one = evaluate_batch(rows, threads=1)
    for threads in (2, 3, 8, None):
        assert np.array_equal(evaluate_batch(rows, threads=threads), one)


def test_batch_accepts_non_contiguous_and_empty() -> None:
    rows = np.array([[48, 49, 50, 51, 44, 0, 4]] * 4, dtype=np.uint8)
    assert evaluate_batch(rows[::2]).tolist() == [evaluate(rows[0])] * 2
    assert evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
    assert evaluate_batch(np.asfortranarray(rows)).tolist() == [evaluate(rows[0])] * 4


@pytest.mark.parametrize(
    ("hand", "error", "named"),
    [
        ("As Ks Qs Js", ValueError, "got 4"),
        ("As Ks Qs Js Ts 9s 8s 7s", ValueError, "got 8"),
        ("As Ks Qs Js As", ValueError, "duplicate card 'As'"),
        ([0, 1, 2, 3, 52], ValueError, "52"),
        ([0, 1, 2, 3, 2], ValueError, "duplicate card '2h'"),
        ([0, 1, 2, 3, "Zz"], ValueError, "Zz"),
        ([0, 1, 2, 3, 4.0], TypeError, "float"),
        (None, TypeError, "NoneType"),
    ],
)
def test_evaluate_refuses_bad_hands(hand, error, named) -> None:
    with pytest.raises(error, match=named):
        evaluate(hand)


def test_batch_refuses_bad_arrays() -> None:
    good = np.array([[0, 1, 2, 3, 4]], dtype=np.uint8)
    with pytest.raises(TypeError, match="int64"):
        evaluate_batch(good.astype(np.int64))
    with pytest.raises(TypeError, match="list"):
        evaluate_batch(good.tolist())
    with pytest.raises(ValueError, match=r"\(1, 4\)"):
        evaluate_batch(good[:, :4])
    with pytest.raises(ValueError, match=r"\(5,\)"):
        evaluate_batch(good[0])
    with pytest.raises(TypeError, match="threads"):
        evaluate_batch(good, threads=1.5)
    with pytest.raises(ValueError, match="threads"):
        evaluate_batch(good, threads=0)
    rows = np.tile(np.array([[0, 4, 8, 12, 16, 20, 24]], dtype=np.uint8), (100_000, 1))
    bad = rows.copy()
    bad[77_777, 3] = 200
    for check in (True, False):  # an out-of-range byte is caught either way
        with pytest.raises(ValueError, match="row 77777 .* 200"):
            evaluate_batch(bad, check=check)
    dup = rows.copy()
    dup[12_345, 6] = dup[12_345, 0]
    with pytest.raises(ValueError, match="row 12345 .* '2c'"):
        evaluate_batch(dup)
    for n in (5, 6):
        dup_n = dup[:, :n].copy()
        dup_n[5, n - 1] = dup_n[5, 0]
        with pytest.raises(ValueError, match="row 5 "):
            evaluate_batch(dup_n)


def test_value_boundaries_and_categories() -> None:
    assert evaluate("7c 5d 4h 3s 2c") == 1
    assert evaluate("As Ks Qs Js Ts") == 7462
    assert category(evaluate("5d 4c 3h 2s Ad")) is HandCategory.STRAIGHT
    assert evaluate("6d 5c 4h 3s 2d") > evaluate("5d 4c 3h 2s Ad")  # the wheel is the lowest straight
    assert category(evaluate("Ah 2h 3h 4h 5h")) is HandCategory.STRAIGHT_FLUSH
    counts = [sum(1 for v in range(1, 7463) if category(v) == c) for c in HandCategory]
    assert counts == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    for bad in (0, 7463, -5):
        with pytest.raises(ValueError, match=str(bad)):
            category(bad)
    with pytest.raises(TypeError):
        category("7462")


RANK_NAMES = ["deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"]


def _plural(rank: int) -> str:
    return RANK_NAMES[rank] + ("es" if RANK_NAMES[rank] == "six" else "s")


def _name_of_hand(ranks: tuple[int, ...], flush: bool) -> tuple[HandCategory, str]:
    """What a five-card hand is and is called, from its ranks alone (poker's names, written
    here, not read from describe's tables)."""
    count = {r: ranks.count(r) for r in ranks}
    groups = sorted(count, key=lambda r: (count[r], r), reverse=True)  # bigger groups, then higher
    shape = tuple(sorted(count.values(), reverse=True))
    top = max(ranks)
    wheel = sorted(ranks) == [0, 1, 2, 3, 12]
    if len(count) == 5 and (top - min(ranks) == 4 or wheel):
        high = 3 if wheel else top  # the wheel is five high
        if flush:
            name = "Royal flush" if high == 12 else f"Straight flush, {RANK_NAMES[high]} high"
            return HandCategory.STRAIGHT_FLUSH, name
        return HandCategory.STRAIGHT, f"Straight, {RANK_NAMES[high]} high"
    if flush:
        return HandCategory.FLUSH, f"Flush, {RANK_NAMES[top]} high"
    return {
        (4, 1): (HandCategory.FOUR_OF_A_KIND, f"Four of a kind, {_plural(groups[0])}"),
        (3, 2): (HandCategory.FULL_HOUSE, f"Full house, {_plural(groups[0])} full of {_plural(groups[1])}"),
        (3, 1, 1): (HandCategory.THREE_OF_A_KIND, f"Three of a kind, {_plural(groups[0])}"),
        (2, 2, 1): (HandCategory.TWO_PAIR, f"Two pair, {_plural(groups[0])} and {_plural(groups[1])}"),
        (2, 1, 1, 1): (HandCategory.PAIR, f"Pair of {_plural(groups[0])}"),
        (1, 1, 1, 1, 1): (HandCategory.HIGH_CARD, f"{RANK_NAMES[top].capitalize()} high"),
    }[shape]


def test_describe_names_every_value_by_a_hand_that_has_it() -> None:
    """Every multiset of five ranks, dealt in mixed suits and (five distinct ranks) in one
    suit, is every hand class once: each is valued by the slow reference evaluator, and
    describe() of that value must be the hand's name as poker says it, built here from its
    ranks, and category() its category."""
    named = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        dealt = [(tuple(4 * r + i % 4 for i, r in enumerate(ranks)), False)]  # equal ranks differ in suit
        if len(set(ranks)) == 5:
            dealt.append((tuple(4 * r + 3 for r in ranks), True))
        for cards, flush in dealt:
            assert (len({c & 3 for c in cards}) == 1) == flush
            named[reference.evaluate(cards)] = _name_of_hand(ranks, flush)
    assert sorted(named) == list(range(1, 7463))  # each value made by exactly one class
    for value, (kind, name) in named.items():
        assert (category(value), describe(value)) == (kind, name), value
    assert describe(evaluate("6s 6h 6d 9c 9s")) == "Full house, sixes full of nines"
    assert describe(evaluate("2c 2d 2h 2s Ac")) == "Four of a kind, deuces"


@settings(max_examples=500, deadline=None)
@given(hands)
def test_best_five_makes_the_hand(cards) -> None:
    five = best_five(cards)
    assert len(five) == 5 and set(five) <= set(cards)
    assert evaluate(five) == evaluate(cards)
    assert max(evaluate(list(c)) for c in itertools.combinations(cards, 5)) == evaluate(five)


def test_best_five_orders_the_deciding_cards_first() -> None:
    assert studeval.format_cards(best_five("3c 9d 9h 3s Kd 2c 4d")) == "9d 9h 3c 3s Kd"
    assert studeval.format_cards(best_five("Ah 2c 3d 4s 5h 9c")) == "5h 4s 3d 2c Ah"


@settings(max_examples=2000, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True),
            st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True),
        )
    )
)
def test_showing_rank_orders_like_the_reference(pair) -> None:
    a, b = pair
    ka, kb = reference.showing_key(a), reference.showing_key(b)
    ra, rb = showing_rank(a), showing_rank(b)
    assert (ra > rb) == (ka > kb) and (ra == rb) == (ka == kb)


def test_showing_rank_ignores_straights_flushes_and_suits() -> None:
    assert showing_rank("9h Th Jh Qh") < showing_rank("2c 2d 3h 4s")  # a pair beats four to a flush
    assert showing_rank("Kc Kd 3h") == showing_rank("Ks Kh 3c")
    assert showing_rank("Ac") > showing_rank("Kc")
    assert showing_rank("Qc Qd Qh") > showing_rank("As Ah Ks")  # trips beat a pair
    assert showing_rank("3c 3d 2h 2s") > showing_rank("Ac Ad Ks Qs")  # two pair beats one
    for bad in ("", "As Ks Qs Js Ts"):
        with pytest.raises(ValueError, match="1 to 4"):
            showing_rank(bad)


def test_compiled_core_docstring_examples() -> None:
    # pytest's doctest collection does not reach compiled modules; Cython keeps the
    # docstrings in __test__, which doctest reads
    import doctest

    import studeval._core as core

    result = doctest.testmod(core)
    assert result.attempted >= 3 and result.failed == 0
