"""The deal of an equity question: what is known, what is still to come, and every check of it.

A :class:`Deal` holds each player's known cards, the private cards each still gets, the shared
cards to come (hold'em's board, or stud's community seventh card when the deck runs out,
R47) and the live deck, in the form the compiled kernels take (:meth:`Deal.arrays`). The
functions here parse and check what a caller gives -- players, ranges, the board, dead cards
and the options -- each naming the bad value.

>>> d = stud_deal([[51, 50, 45], [43, 42, 23]], get_game("seven"), [])
>>> d.players, d.draws, d.community, len(d.live), d.deals()
(2, [4, 4], 0, 46, 18265297050)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from studeval import _equity
from studeval._core import check_threads
from studeval.cards import CardsLike, format_card, format_cards, parse_cards
from studeval.games import HOLDEM, Game, get_game
from studeval.ranges import HoleRange, parse_player, parse_range

__all__ = [
    "DEFAULT_SAMPLES",
    "MAX_PLAYERS",
    "METHODS",
    "Deal",
    "Options",
    "check_disjoint",
    "check_options",
    "holdem_deal",
    "holdem_input",
    "kernel",
    "labels",
    "parse_named",
    "parse_players",
    "stud_deal",
    "stud_game",
]

#: Monte Carlo deals when none are asked for.
DEFAULT_SAMPLES = 1_000_000
#: The ways an equity is computed (``method=``).
METHODS = ("auto", "exact", "monte-carlo")
#: The most players one question takes.
MAX_PLAYERS = 12


KernelArrays = tuple[
    "np.ndarray[Any, np.dtype[np.uint8]]",
    "np.ndarray[Any, np.dtype[np.uint8]]",
    "np.ndarray[Any, np.dtype[np.int32]]",
    "np.ndarray[Any, np.dtype[np.int32]]",
    "np.ndarray[Any, np.dtype[np.uint8]]",
]


def kernel(game: Game) -> int:
    """The compiled kernels' code for how ``game``'s pot is decided; ValueError for a game
    whose pot the kernels of this build cannot count.

    >>> kernel(get_game("razz")) == kernel(get_game("razz")), kernel(HOLDEM) == kernel(get_game("seven"))
    (True, True)
    """
    code = _equity.KERNELS.get(game.pot_codes)
    if code is None:
        raise ValueError(
            f"game {game.name!r}: the equity kernels of this build cannot count a pot of {' and '.join(game.pot)}"
        )
    return code


class Deal:
    """What is known and what is still to come, in the form the kernels take."""

    __slots__ = ("known", "draws", "community", "shares", "live", "game")

    def __init__(
        self, known: list[list[int]], draws: list[int], community: int, shares: list[bool], live: list[int], game: Game
    ) -> None:
        self.known = known  # per player, every known card (hold'em: with the board)
        self.draws = draws  # private cards each player still gets
        self.community = community  # shared cards still to come
        self.shares = shares  # who uses them
        self.live = live
        self.game = game  # how hands compare and the pot splits

    @property
    def players(self) -> int:
        return len(self.known)

    def deals(self) -> int:
        """How many equally likely deals there are."""
        left = len(self.live)
        count = math.comb(left, self.community)
        left -= self.community
        for r in self.draws:
            count *= math.comb(left, r)
            left -= r
        return count

    def arrays(self) -> KernelArrays:
        """(live cards, known cards (players x 7), known counts, draws, who shares the
        community cards): the kernels' arguments."""
        known = np.zeros((self.players, 7), dtype=np.uint8)
        nknown = np.zeros(self.players, dtype=np.int32)
        for p, h in enumerate(self.known):
            known[p, : len(h)] = h
            nknown[p] = len(h)
        return (
            np.array(self.live, dtype=np.uint8),
            known,
            nknown,
            np.array(self.draws, dtype=np.int32),
            np.array(self.shares, dtype=np.uint8),
        )


def labels(deal: Deal) -> tuple[str, ...]:
    """Each player's own known cards (hold'em: the board, common to every hand, left out)."""
    common = set.intersection(*(set(h) for h in deal.known))
    return tuple(format_cards([c for c in h if c not in common]) for h in deal.known)


def stud_game(game: object) -> Game:
    """The stud game named (get_game's one check and message), with a kernel for its pot."""
    found = get_game(game, stud=True)  # type: ignore[arg-type]  # get_game checks the type
    kernel(found)
    return found


def check_choice(name: str, value: object, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"unknown {name} {value!r}: use one of {', '.join(map(repr, choices))}")
    return value


def parse_players(
    players: Sequence[CardsLike], what: str, game: Game
) -> tuple[list[list[int]], list[HoleRange | None]]:
    """Each player's known cards, and the range of their hole cards when the text starts with
    one in brackets (see studeval.ranges; the forms ``game`` takes)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"{what} must be a sequence with one entry of cards per player, got {players!r}")
    if len(players) < 2:
        raise ValueError(f"equity needs at least two {what}, got {len(players)}")
    if len(players) > MAX_PLAYERS:
        raise ValueError(f"too many {what}: {len(players)} (at most {MAX_PLAYERS})")
    hands = []
    ranges: list[HoleRange | None] = []
    for i, cards in enumerate(players, 1):
        try:
            if isinstance(cards, str) and ("[" in cards or "]" in cards):
                hole_range, known = parse_player(cards, game=game.name)
                if len(known) + game.hole > game.cards:
                    raise ValueError(
                        f"a range of {game.hole} hole cards and {len(known)} known cards is more than the game deals"
                    )
            else:
                hole_range, known = None, parse_cards(cards)
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"player {i}: {exc}") from None
        hands.append(known)
        ranges.append(hole_range)
    return hands, ranges


def parse_named(cards: CardsLike, what: str) -> list[int]:
    """Cards, an error naming ``what`` they are (the board, the dead cards)."""
    try:
        return parse_cards(cards)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{what}: {exc}") from None


def check_disjoint(hands: list[list[int]], dead: list[int], board: list[int] | None = None) -> None:
    """No card held twice, none both held and dead."""
    owner: dict[int, str] = {}
    groups = [(f"player {i}", h) for i, h in enumerate(hands, 1)]
    if board is not None:
        groups.append(("the board", board))
    for who, cards in groups:
        for c in cards:
            if c in owner:
                raise ValueError(f"card {format_card(c)} is held by {owner[c]} and {who}")
            owner[c] = who
    for c in dead:
        if c in owner:
            raise ValueError(f"dead card {format_card(c)} is also held by {owner[c]}")


def _live(used: list[int]) -> list[int]:
    taken = set(used)
    return [c for c in range(52) if c not in taken]


def stud_deal(hands: list[list[int]], game: Game, dead: list[int]) -> Deal:
    """The deal of stud players' known cards, with a community seventh card when the deck
    runs out (R47)."""
    total = game.cards
    for i, h in enumerate(hands, 1):
        if len(h) > total:
            raise ValueError(
                f"too many cards for the game: player {i} has {len(h)} ({format_cards(h)}), {game.title} deals {total}"
            )
    check_disjoint(hands, dead)
    live = _live([c for h in hands for c in h] + dead)
    draws = [total - len(h) for h in hands]
    if sum(draws) <= len(live):
        return Deal(hands, draws, 0, [False] * len(hands), live, game)
    # Deck exhaustion (R47): a community seventh card, shared by everyone who does not
    # already hold seven cards; only cards up to the sixth are private.
    short = [max(0, 6 - len(h)) for h in hands]
    if total == 7 and any(len(h) < 7 for h in hands) and sum(short) + 1 <= len(live):
        return Deal(hands, short, 1, [len(h) < 7 for h in hands], live, game)
    raise ValueError(
        f"more players than the deck allows: {len(hands)} players need {sum(draws)} more cards "
        f"({sum(short) + 1} even with a community seventh card) but only {len(live)} are live"
        if total == 7
        else f"more players than the deck allows: {len(hands)} players need {sum(draws)} more cards but only {len(live)} are live"
    )


def holdem_input(
    hands: Sequence[CardsLike], board: CardsLike, dead: CardsLike
) -> tuple[list[list[int]], list[HoleRange | None], list[int], list[int]]:
    """Each hand's known cards and range (a range is both hole cards), the board and the dead
    cards, each checked on its own."""
    for i, hand in enumerate(hands if isinstance(hands, Sequence) and not isinstance(hands, str) else (), 1):
        if not isinstance(hand, str) or "[" in hand:
            continue  # cards, or a range already in brackets
        if not _reads_as(parse_cards, hand) and _reads_as(parse_range, hand):
            raise ValueError(f"player {i}: {hand!r} is a range: put it in brackets, [{hand.strip()}]")
    players, ranges = parse_players(hands, "hands", HOLDEM)
    return players, ranges, parse_named(board, "board"), parse_named(dead, "dead cards")


def _reads_as(parse: Callable[[str], object], text: str) -> bool:
    """Whether ``parse`` takes the text (cards, or a range)."""
    try:
        parse(text)
    except ValueError:
        return False
    return True


def holdem_deal(players: list[list[int]], board_cards: list[int], dead_cards: list[int]) -> Deal:
    """The deal of hold'em hands (their known hole cards), the board and the dead cards."""
    hole, board = HOLDEM.cards, HOLDEM.board
    for i, h in enumerate(players, 1):
        if len(h) > hole:
            raise ValueError(
                f"too many cards for the game: hand {i} has {len(h)} ({format_cards(h)}), {HOLDEM.title} deals {hole}"
            )
    if len(board_cards) > board:
        raise ValueError(f"too many cards for the game: the board has {len(board_cards)}, {HOLDEM.title} deals {board}")
    check_disjoint(players, dead_cards, board_cards)
    live = _live([c for h in players for c in h] + board_cards + dead_cards)
    draws = [hole - len(h) for h in players]
    community = board - len(board_cards)
    if sum(draws) + community > len(live):
        raise ValueError(
            f"more players than the deck allows: {len(players)} hands need {sum(draws) + community} more cards but only {len(live)} are live"
        )
    return Deal([h + board_cards for h in players], draws, community, [True] * len(players), live, HOLDEM)


@dataclass(frozen=True)
class Options:
    """The options every equity function takes (``method``, ``samples``, ``seed``,
    ``threads``, ``progress``: see :func:`~studeval.equity.stud_equity`), as one value: the
    public functions spell them out for their readers and pass this inside the package.

    >>> Options(samples=10).checked()[0]
    Options(method='auto', samples=10, seed=None, threads=None, progress=None)
    >>> Options(method="fast").checked()
    Traceback (most recent call last):
    ValueError: unknown method 'fast': use one of 'auto', 'exact', 'monte-carlo'
    """

    method: str = METHODS[0]
    samples: int = DEFAULT_SAMPLES
    seed: int | None = None
    threads: int | None = None
    progress: Callable[[float], None] | None = None

    def checked(self) -> tuple[Options, int]:
        """The options checked as every equity function checks them (the counts as Python
        ints), and the threads to run on (:func:`~studeval._core.check_threads`)."""
        method, samples, seed = check_options(self.method, self.samples, self.seed, self.progress)
        return replace(self, method=method, samples=samples, seed=seed), check_threads(self.threads)


def check_options(method: object, samples: object, seed: object, progress: object) -> tuple[str, int, int | None]:
    """(method, samples, seed) checked, the counts as Python ints; ``progress`` callable or None."""
    method = check_choice("method", method, METHODS)
    samples, seed = _check_samples(samples), _check_seed(seed)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, got {progress!r}")
    return method, samples, seed


def _check_samples(samples: object) -> int:
    # numpy integers are taken, as by check_threads; bools are not
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
        raise TypeError(f"samples must be an int, got {samples!r}")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    return int(samples)


def _check_seed(seed: object) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int or None, got {seed!r}")
    if seed < 0:
        raise ValueError(f"seed must be a non-negative int or None, got {seed}")
    return int(seed)
