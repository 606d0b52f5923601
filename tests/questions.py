"""Random equity questions and float comparison, shared by the equity tests."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable

import numpy as np

from studeval import _reference as reference
from studeval.equity.deal import Deal, stud_deal
from studeval.games import get_game


def random_question(rng: random.Random, known: list[int], ndead: int, suited: bool = False) -> tuple[list[str], str]:
    """Players holding ``known[i]`` random cards each and ``ndead`` dead cards, as text;
    ``suited`` deals from a deck with the clubs first (flushes, for a 2-7 low to count against).

    >>> players, dead = random_question(random.Random(1), [3, 3], 2)
    >>> [len(p.split()) for p in players], len(dead.split())
    ([3, 3], 2)
    """
    cards = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    rng.shuffle(cards)
    if suited:
        cards.sort(key=lambda c: c[1] != "c")
        head = cards[:13]
        rng.shuffle(head)
        cards[:13] = head
    players = []
    for k in known:
        players.append(" ".join(cards[:k]))
        cards = cards[k:]
    return players, " ".join(cards[:ndead])


def unknown_cards_deal(rng: random.Random, game: str, held: int, shown: int, dead: int, swap: bool) -> Deal:
    """A heads-up deal of ``game``: a player holding ``held`` random cards against one showing
    ``shown`` (the rest of his cards unknown), ``dead`` random dead cards; ``swap`` puts the
    player with unknown cards first.

    >>> deal = unknown_cards_deal(random.Random(1), "stud8", 3, 1, 2, swap=True)
    >>> [len(hand) for hand in deal.known], deal.draws
    ([1, 3], [6, 4])
    """
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [cards[:held], cards[held : held + shown]]
    if swap:
        hands.reverse()
    return stud_deal(hands, get_game(game), cards[held + shown : held + shown + dead])


def kernel_shape(rng: random.Random, fewest_dead: int, most_dead: int) -> tuple[list[int], ...]:
    """Cards for a heads-up kernel: four to seven known cards against two to four, a random
    number of dead cards in the range given, and the live rest shuffled (a kernel takes the
    live cards in any order): (a, b, dead, live).

    >>> a, b, dead, live = kernel_shape(random.Random(2), 4, 12)
    >>> 4 <= len(a) <= 7 and 2 <= len(b) <= 4 and len(a) + len(b) + len(dead) + len(live) == 52
    True
    """
    cards = list(range(52))
    rng.shuffle(cards)
    na, nb = rng.randint(4, 7), rng.randint(2, 4)
    a, b, dead = cards[:na], cards[na : na + nb], cards[na + nb : na + nb + rng.randint(fewest_dead, most_dead)]
    live = [c for c in range(52) if c not in set(a) | set(b) | set(dead)]
    rng.shuffle(live)
    return a, b, dead, live


def kernel_args(a: list[int], b: list[int], live: list[int]) -> tuple[object, ...]:
    """A heads-up kernel's first arguments for the cards of :func:`kernel_shape`: the live
    cards, A's known cards and draws to seven, B's known cards and draws to seven.

    >>> live, a, ra, b, rb = kernel_args([0, 1, 2], [3], list(range(4, 52)))
    >>> len(live), a.tolist(), ra, b.tolist(), rb
    (48, [0, 1, 2], 4, [3], 6)
    """
    return (
        np.array(live, dtype=np.uint8),
        np.array(a, dtype=np.uint8),
        7 - len(a),
        np.array(b, dtype=np.uint8),
        7 - len(b),
    )


def close(a: Iterable[float], b: Iterable[float]) -> bool:
    """Equal figures, to rounding.

    >>> close([0.1 + 0.2], [0.3]), close([0.3], [0.31])
    (True, False)
    """
    return all(math.isclose(x, y, abs_tol=1e-12) for x, y in zip(a, b, strict=True))


#: Heads-up hi-lo deals of the last streets with most of the deck dead, so that every deal
#: can be judged one by one: (game, player one, player two, dead cards); lows and flushes on
#: both sides, the qualifier met and missed.
HILO_LATE_DEALS = [
    ("stud8", "As 2d 3c 4h 9s 9d Kc", "7h 8h 6c 5c", "Ah Ad 2h 2c 3h 3d 4d 4s Th Td Ts Jc Jd Js Qc Qd Qs Kd Ks"),
    ("stud8", "As 2d 3c 4h 9s Kc", "7h 8h 6c 5c", "Ah Ad 2h 2c 3h 3d 4d 4s Th Td Ts Jc Jd Js Qc Qd Qs Kd Ks Jh"),
    (
        "stud_hilo",
        "Kd Kc 7s 7d Qh 2c",
        "3h 4h 5h 9h",
        "Ah Ad 2h 2d 3c 3d 4d 4s Th Td Ts Jc Jd Js Qc Qd Qs Ks 6d 6s",
    ),
    (
        "stud8",
        "6s 7s 8s 9s Ts Ac",
        "2d 3d 4d",
        "Ah Ad 2h 2c 3h 3c 4s 4c Th Td Tc Jc Jd Js Qc Qd Qs Kd Ks Kc Kh 5h 5s",
    ),
]


#: The slow reference evaluators (studeval._reference) by kind of value.
REFERENCE = reference.EVALUATORS
#: The reference value of each row of many hands at once (studeval._reference).
reference_values = reference.evaluate_rows


def completions(known: list[int], live: list[int], draws: int) -> tuple[np.ndarray, np.ndarray]:
    """Every completion of a hand by drawing ``draws`` of the ``live`` cards (itertools): the
    drawn cards as a bit mask, and the whole hand (the known cards first) as a row.

    >>> masks, hands = completions([0, 1], [2, 3, 4], 2)
    >>> masks.tolist(), hands.tolist()
    ([12, 20, 24], [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 3, 4]])
    """
    combos = list(itertools.combinations(live, draws))
    drawn = np.array(combos, dtype=np.int64).reshape(len(combos), draws)
    masks = np.bitwise_or.reduce(np.int64(1) << drawn, axis=1) if draws else np.zeros(len(drawn), dtype=np.int64)
    hands = np.hstack([np.tile(np.array(known, dtype=np.int64), (len(drawn), 1)), drawn]).astype(np.uint8)
    return masks, hands


def every_pair(
    hands: list[list[int]], dead: list[int], kinds: Iterable[str]
) -> tuple[np.ndarray, list[np.ndarray], list[np.ndarray]]:
    """Every deal of two hands to seven cards, listed: a matrix of the pairs of completions
    (player one's by rows, two's by columns), true where they share no card (a deal), and each
    player's completions valued by the reference evaluators of each kind, shaped to broadcast
    against it (a column for player one, a row for player two).

    >>> a, b = [4, 8, 12, 16, 20, 24], [5, 9, 13, 17, 21, 25]  # two cards live: 2c and 2d
    >>> ok, (high_a,), (high_b,) = every_pair([a, b], [c for c in range(52) if c not in [*a, *b, 0, 1]], ["high"])
    >>> ok.tolist(), high_a.shape, high_b.shape
    ([[False, True], [True, False]], (2, 1), (1, 2))
    """
    live = [c for c in range(52) if c not in {*hands[0], *hands[1], *dead}]
    (ma, ca), (mb, cb) = (completions(h, live, 7 - len(h)) for h in hands)
    kinds = list(kinds)
    return (
        (ma[:, None] & mb[None, :]) == 0,
        [reference_values(ca, kind)[:, None] for kind in kinds],
        [reference_values(cb, kind)[None, :] for kind in kinds],
    )
