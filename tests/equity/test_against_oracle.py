"""Every (game, street, player count) the equity functions take, against the slow oracle.

For each game of the registry, each of its streets and each number of players the deck
allows, one seeded random question: the first player holds every card dealt so far, the
others show some of theirs (at least their up cards), and enough cards are dead that the
oracle (studeval._reference.brute_force_equity) can list every deal. The equity functions,
by whatever exact count their plan chooses (the heads-up counts, the count against unseen
cards, the three-way count, the enumeration, the direct route of small questions, a
community seventh card when the deck runs out), must give every figure of the oracle.

A question of more than FAST_DEALS deals runs with the slow tests (``-m slow``); one the oracle
cannot list in memory even on the shortest deck (four or more players early in a seven-card
game: tens of millions of deals at least) is left out, and :data:`OUT_OF_REACH` says which.
"""

from __future__ import annotations

import math
import random

import pytest
from questions import close

from studeval import format_cards
from studeval._reference import brute_force_equity
from studeval.equity import HiLoResult, holdem_equity, stud_equity
from studeval.equity.deal import MAX_PLAYERS
from studeval.games import GAMES, Game

#: The most deals of a question in the default run, and in the slow one.
FAST_DEALS = 20_000
SLOW_DEALS = 1_500_000


def _deals(live: int, draws: list[int], shared: int) -> int:
    """The deals of ``shared`` cards to come and each player's ``draws`` from ``live`` cards."""
    count, left = math.comb(live, shared), live - shared
    for r in draws:
        count, left = count * math.comb(left, r), left - r
    return count


def _question(game: Game, street: int, players: int) -> tuple[list[str], str, str, int, bool] | None:
    """(players, dead cards, board, deals, whether the deck runs out) of one seeded question,
    or None when no dead cards bring its deals within SLOW_DEALS (or the deck cannot seat the
    players)."""
    rng = random.Random(f"{game.name} {street} {players}")  # a str seed is stable
    dealt = game.streets[: street + 1]
    held = sum(len(s.up) for s in dealt)
    up = sum(s.up.count(True) for s in dealt)
    board = sum(s.board for s in dealt)
    if held * players + board > 52:
        return None
    deck = list(range(52))
    rng.shuffle(deck)
    found = []
    for fewest in (False, True):  # random known cards first; if too many deals, every card known
        known = [held] + [held if fewest else rng.randint(up, held) for _ in range(players - 1)]
        hands, at = [], 0
        for k in known:
            hands.append(deck[at : at + k])
            at += k
        board_cards, at = deck[at : at + board], at + board
        available = 52 - at
        draws = [game.cards - k for k in known]
        shared = game.board - board
        runs_out = sum(draws) + shared > available
        if runs_out:
            if game.cards != 7:
                continue
            # the deck runs out: private cards to the sixth, one community seventh (R47)
            draws, shared = [max(0, 6 - k) for k in known], 1
            if sum(draws) + shared > available:
                continue
        fewest_live = sum(draws) + shared
        live = min(available, fewest_live + rng.randint(0, 3))
        while live > fewest_live and _deals(live, draws, shared) > FAST_DEALS:
            live -= 1
        count = _deals(live, draws, shared)
        if count <= SLOW_DEALS:
            dead = deck[at : at + available - live]
            found.append(
                ([format_cards(h) for h in hands], format_cards(dead), format_cards(board_cards), count, runs_out)
            )
        if count <= FAST_DEALS:
            break
    return min(found, key=lambda q: q[3], default=None)


#: (game, street label, players, the question or None) of every game, street and count
QUESTIONS = [
    (game.name, s.label, players, _question(game, street, players))
    for game in GAMES.values()
    for street, s in enumerate(game.streets)
    for players in range(2, MAX_PLAYERS + 1)
]
#: The (game, street, players) the oracle cannot list on any deck (the deck seats them).
OUT_OF_REACH = [
    (game, label, players)
    for game, label, players, q in QUESTIONS
    if q is None and GAMES[game].cards * players + GAMES[game].board <= 52
]


def _marks(question: tuple[list[str], str, str, int, bool]) -> list[pytest.MarkDecorator]:
    _, _, _, deals, _ = question
    return [pytest.mark.slow] if deals > FAST_DEALS else []


CASES = [
    pytest.param(game, *q[:3], marks=_marks(q), id=f"{game}-{label}-{players}")
    for game, label, players, q in QUESTIONS
    if q is not None
]


@pytest.mark.parametrize(("game", "players", "dead", "board"), CASES)
def test_every_figure_equals_the_oracle(game: str, players: list[str], dead: str, board: str) -> None:
    if GAMES[game].stud:
        r = stud_equity(players, game=game, dead=dead, method="exact")
    else:
        r = holdem_equity(players, board=board, dead=dead, method="exact")
    b = brute_force_equity(players, game=game, dead=dead, board=board)
    assert type(r) is type(b) and r.method == "exact"
    assert (r.deals, r.community_card) == (b.deals, b.community_card), r.plan
    assert close(r.equity, b.equity), r.plan
    if isinstance(r, HiLoResult) and isinstance(b, HiLoResult):
        assert close(r.high, b.high) and close(r.low, b.low) and close(r.scoop, b.scoop), r.plan
        assert close([r.no_low], [b.no_low]), r.plan
    else:
        assert close(r.win, b.win) and close(r.tie, b.tie), r.plan


def test_the_questions_cover_every_game_street_and_count_within_reach() -> None:
    """Every game and street has its heads-up and three-way questions, the deck running out
    among the questions, and most run by default; left out are only early streets of many
    players, whose deals no short deck brings within reach."""
    asked = {(game, label, players) for game, label, players, q in QUESTIONS if q is not None}
    for game in GAMES.values():
        for s in game.streets:
            assert {(game.name, s.label, 2), (game.name, s.label, 3)} <= asked
    assert any(q[4] for *_, q in QUESTIONS if q is not None)
    fast = [q for *_, q in QUESTIONS if q is not None and q[3] <= FAST_DEALS]
    assert len(fast) > len(CASES) / 2
    for game, label, players in OUT_OF_REACH:
        street = [s.label for s in GAMES[game].streets].index(label)
        assert players >= 4 and street < len(GAMES[game].streets) - 1, (game, label, players)


@pytest.mark.parametrize("progress", [False, True])
def test_a_deck_held_to_the_last_card_is_one_deal(progress: bool) -> None:
    # Found by the harness: with no live card left, the enumeration's chunks had a step of 0.
    deck = format_cards(list(range(52))).split()
    random.Random(7).shuffle(deck)
    players = [" ".join(deck[7 * i : 7 * i + 7]) for i in range(7)]
    dead = " ".join(deck[49:])
    seen: list[float] = []
    got = stud_equity(players, dead=dead, progress=seen.append if progress else None)
    want = brute_force_equity(players, dead=dead)
    assert got.deals == want.deals == 1
    assert list(got.equity) == list(want.equity)
    assert sorted(got.equity)[-1] > 0
    if progress:
        assert seen and seen[-1] == 1.0
