"""Every entry point of the compiled modules _core and _equity refuses a wrong call with
ValueError or TypeError before it releases the GIL: never a crash or a read outside an array."""

from __future__ import annotations

import numpy as np
import pytest

from studeval import _core, _equity

U8 = np.uint8


def deal(players: int = 2):
    """A valid seven card stud river deal description: 3 known cards each, 4 to draw."""
    live = np.arange(20, 52, dtype=U8)
    known = np.zeros((players, 7), dtype=U8)
    for p in range(players):
        known[p, :3] = [3 * p, 3 * p + 1, 3 * p + 2]
    nknown = np.full(players, 3, dtype=np.int32)
    draws = np.full(players, 4, dtype=np.int32)
    shares = np.zeros(players, dtype=U8)
    wins = np.zeros(players, dtype=np.int64)
    ties = np.zeros((players, players + 1), dtype=np.int64)
    return live, known, nknown, draws, 0, shares, wins, ties


def enumerate_args(**change):
    live, known, nknown, draws, community, shares, wins, ties = deal()
    args = {
        "live": live,
        "known": known,
        "nknown": nknown,
        "draws": draws,
        "community": community,
        "shares": shares,
        "first_lo": 0,
        "first_hi": 0,
        "threads": 1,
        "wins": wins,
        "ties": ties,
    }
    args.update(change)
    return list(args.values())


def test_valid_call_runs() -> None:
    args = enumerate_args(first_hi=1, draws=np.array([2, 2], dtype=np.int32), nknown=np.array([5, 5], dtype=np.int32))
    args[1][:, :5] = [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
    _equity.enumerate_exact(*args)
    assert args[-2].sum() + args[-1][:, 2].sum() // 2 > 0


BAD_ENUMERATE = {
    "live None": ({"live": None}, TypeError),
    "live int64": ({"live": np.arange(20, 52)}, ValueError),
    "live too long": ({"live": np.zeros(64, dtype=U8)}, ValueError),
    "live card 52": ({"live": np.array([52] + list(range(21, 52)), dtype=U8)}, ValueError),
    "live repeat": ({"live": np.array([20, 20] + list(range(22, 52)), dtype=U8)}, ValueError),
    "known 2-d wrong width": ({"known": np.zeros((2, 3), dtype=U8)}, ValueError),
    "known 1-d": ({"known": np.zeros(7, dtype=U8)}, ValueError),
    "known live card": ({"known": np.array([[20, 1, 2, 0, 0, 0, 0], [3, 4, 5, 0, 0, 0, 0]], dtype=U8)}, ValueError),
    "nknown too long": ({"nknown": np.full(3, 3, dtype=np.int32)}, ValueError),
    "nknown 8": ({"nknown": np.array([8, 3], dtype=np.int32)}, ValueError),
    "nknown negative": ({"nknown": np.array([-1, 3], dtype=np.int32)}, ValueError),
    "draws short": ({"draws": np.full(1, 4, dtype=np.int32)}, ValueError),
    "draws negative": ({"draws": np.array([-4, 4], dtype=np.int32)}, ValueError),
    "draws too many": ({"draws": np.array([40, 4], dtype=np.int32)}, ValueError),
    "hand of 8": ({"draws": np.array([5, 4], dtype=np.int32)}, ValueError),
    "community negative": ({"community": -1}, ValueError),
    "shares short": ({"shares": np.zeros(1, dtype=U8)}, ValueError),
    "first_hi past live": ({"first_hi": 33}, ValueError),
    "first_lo negative": ({"first_lo": -1}, ValueError),
    "threads 0": ({"threads": 0}, ValueError),
    "threads huge": ({"threads": 100_000}, ValueError),
    "threads float": ({"threads": 1.5}, TypeError),
    "wins short": ({"wins": np.zeros(1, dtype=np.int64)}, ValueError),
    "ties narrow": ({"ties": np.zeros((2, 2), dtype=np.int64)}, ValueError),
    "ties None": ({"ties": None}, TypeError),
    "ties not contiguous": ({"ties": np.zeros((2, 3), dtype=np.int64)[:, ::-1]}, ValueError),
}


@pytest.mark.parametrize("name", BAD_ENUMERATE)
def test_enumerate_exact_refuses(name: str) -> None:
    change, error = BAD_ENUMERATE[name]
    with pytest.raises(error):
        _equity.enumerate_exact(*enumerate_args(**change))


def test_too_many_players_refused() -> None:
    live, known, nknown, draws, community, shares, wins, ties = deal(2)
    P = 13
    with pytest.raises(ValueError, match="players"):
        _equity.enumerate_exact(
            live,
            np.zeros((P, 7), dtype=U8),
            np.zeros(P, dtype=np.int32),
            np.zeros(P, dtype=np.int32),
            0,
            np.zeros(P, dtype=U8),
            0,
            0,
            1,
            np.zeros(P, dtype=np.int64),
            np.zeros((P, P + 1), dtype=np.int64),
        )


def board5_args(**change):
    live = np.arange(8, 52, dtype=U8)
    known = np.zeros((2, 7), dtype=U8)
    known[0, :2] = [0, 1]
    known[1, :2] = [2, 3]
    args = {
        "live": live,
        "known": known,
        "nknown": np.array([2, 2], dtype=np.int32),
        "first_lo": 0,
        "first_hi": 0,
        "threads": 1,
        "wins": np.zeros(2, dtype=np.int64),
        "ties": np.zeros((2, 3), dtype=np.int64),
    }
    args.update(change)
    return list(args.values())


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"live": None}, TypeError),
        ({"live": np.arange(8, 12, dtype=U8)}, ValueError),  # fewer live cards than the board
        ({"nknown": np.array([3, 2], dtype=np.int32)}, ValueError),  # 8 cards
        ({"nknown": np.array([2], dtype=np.int32)}, ValueError),
        ({"first_hi": 100}, ValueError),
        ({"threads": -1}, ValueError),
        ({"wins": np.zeros(3, dtype=np.int64)}, ValueError),
        ({"known": np.zeros((2, 7), dtype=np.int8)}, ValueError),
    ],
)
def test_board5_exact_refuses(change, error) -> None:
    with pytest.raises(error):
        _equity.board5_exact(*board5_args(**change))


def test_board5_valid_call_runs() -> None:
    args = board5_args(first_hi=1)
    _equity.board5_exact(*args)
    assert args[-2].sum() + args[-1][0, 2] > 0


def headsup_args(**change):
    args = {
        "live": np.arange(10, 52, dtype=U8),
        "known_a": np.array([0, 1, 2], dtype=U8),
        "draws_a": 4,
        "known_b": np.array([3, 4, 5], dtype=U8),
        "draws_b": 4,
        "threads": 1,
    }
    args.update(change)
    return list(args.values())


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"known_a": None}, TypeError),
        ({"known_a": np.array([0, 1, 99], dtype=U8)}, ValueError),
        ({"known_a": np.array([0, 0, 1], dtype=U8)}, ValueError),
        ({"known_b": np.array([10, 4, 5], dtype=U8)}, ValueError),  # a live card
        ({"draws_a": 5}, ValueError),  # 8 cards
        ({"draws_b": 1}, ValueError),  # 4 cards
        ({"draws_a": -1}, ValueError),
        ({"live": np.zeros(70, dtype=U8)}, ValueError),
        ({"live": np.arange(10, 15, dtype=U8)}, ValueError),  # not enough live cards
        ({"threads": 0}, ValueError),
        ({"threads": "2"}, TypeError),
    ],
)
def test_headsup_exact_refuses(change, error) -> None:
    with pytest.raises(error):
        _equity.headsup_exact(*headsup_args(**change))


def monte_carlo_args(**change):
    live, known, nknown, draws, community, shares, _, _ = deal()
    args = {
        "live": live,
        "known": known,
        "nknown": nknown,
        "draws": draws,
        "community": community,
        "shares": shares,
        "bit_generators": [np.random.SFC64(1)],
        "samples": np.array([10], dtype=np.int64),
        "wins": np.zeros((1, 2), dtype=np.int64),
        "ties": np.zeros((1, 2, 3), dtype=np.int64),
    }
    args.update(change)
    return list(args.values())


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"bit_generators": [object()]}, TypeError),
        ({"bit_generators": [np.random.default_rng(1)]}, TypeError),
        ({"bit_generators": []}, ValueError),
        ({"bit_generators": None}, TypeError),
        ({"samples": np.array([10, 10], dtype=np.int64)}, ValueError),
        ({"samples": np.array([-1], dtype=np.int64)}, ValueError),
        ({"wins": np.zeros((1, 3), dtype=np.int64)}, ValueError),
        ({"ties": np.zeros((1, 2, 2), dtype=np.int64)}, ValueError),
        ({"draws": np.array([4, 40], dtype=np.int32)}, ValueError),
        ({"known": np.full((2, 7), 60, dtype=U8)}, ValueError),
    ],
)
def test_monte_carlo_refuses(change, error) -> None:
    with pytest.raises(error):
        _equity.monte_carlo(*monte_carlo_args(**change))


def test_monte_carlo_valid_call_runs() -> None:
    args = monte_carlo_args()
    _equity.monte_carlo(*args)
    assert args[-2].sum() + args[-1][0, 0, 2] == 10


@pytest.mark.parametrize(("n", "k"), [(-1, 0), (64, 0), (3, 8), (3, -1)])
def test_binom_refuses_outside_its_table(n: int, k: int) -> None:
    with pytest.raises(ValueError):
        _equity.binom(n, k)


@pytest.mark.parametrize(
    ("hands", "error"),
    [
        (None, TypeError),
        ([[0, 1, 2, 3, 4]], TypeError),
        (np.zeros((2, 5), dtype=np.int64), TypeError),
        (np.zeros((2, 4), dtype=U8), ValueError),
        (np.zeros((2, 8), dtype=U8), ValueError),
        (np.zeros(7, dtype=U8), ValueError),
        (np.zeros((1, 1, 7), dtype=U8), ValueError),
        (np.full((1, 7), 255, dtype=U8), ValueError),
    ],
)
def test_evaluate_batch_refuses(hands, error) -> None:
    with pytest.raises(error):
        _core.evaluate_batch(hands)


@pytest.mark.parametrize("cards", [None, 3.0, b"As", object(), [[1, 2]], np.zeros((2, 2), dtype=U8)])
def test_card_parsing_refuses(cards) -> None:
    with pytest.raises((TypeError, ValueError)):
        _core.evaluate(cards)
    with pytest.raises((TypeError, ValueError)):
        _core.parse_cards(cards)


@pytest.mark.parametrize("card", [None, -1, 52, 2**70, "Zz", 1.0])
def test_format_card_refuses(card) -> None:
    with pytest.raises((TypeError, ValueError)):
        _core.format_card(card)
