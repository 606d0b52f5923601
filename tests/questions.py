"""Random equity questions and float comparison, shared by the equity tests."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

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
