"""Simple built-in bots and self-play.

A bot is a function ``bot(state, rng) -> Action`` choosing among ``state.legal_actions()``.
They are for simulation and testing, not for winning, and play every game of
:data:`~studeval.game.STUD_GAMES`.

>>> hands = list(simulate("five", players=3, hands=2, seed=1))
>>> [sum(st.stacks) for st in hands]
[6000, 6000]
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from studeval.game.events import BoardCard, Deal
from studeval.game.state import Action, StudState
from studeval.game.structure import PRESETS, Structure
from studeval.games import get_game
from studeval.kinds import get_kind

__all__ = [
    "BOTS",
    "Bot",
    "NetPerHand",
    "SelfPlayStats",
    "calling_station",
    "random_bot",
    "seat_player",
    "showing_bot",
    "simulate",
]

Bot = Callable[[StudState, random.Random], Action]


def random_bot(state: StudState, rng: random.Random) -> Action:
    """Any legal action, folding less often than the rest.

    >>> st = StudState("seven", PRESETS["1/2"], [1000, 1000], seed=2)
    >>> random_bot(st, random.Random(0)).kind in ("bring_in", "complete")
    True
    """
    acts = state.legal_actions()
    a = acts[int(rng.random() * len(acts))]
    if a.kind == "fold" and rng.random() < 0.5:
        a = acts[1]
    return a


def calling_station(state: StudState, rng: random.Random) -> Action:
    """Never folds, never raises: checks, calls, posts the bring-in.

    >>> st = StudState("seven", PRESETS["1/2"], [1000, 1000], seed=2)
    >>> calling_station(st, random.Random(0)).kind == "bring_in"
    True
    """
    acts = state.legal_actions()
    return acts[1] if acts[0].kind == "fold" else acts[0]


_EIGHT = 6  # the rank of the eight (a card is 4 * rank + suit, rank 0 the deuce)
_ACE = 12


def _strong_showing(game: str, up: list[int]) -> bool:
    """A pair or better showing; where the best low acts first (the game's ``acts_first``) a
    smooth low by that kind: no pair, every card eight or lower (an ace counts as low only
    where the kind ranks it low)."""
    paired = len({c >> 2 for c in up}) < len(up)
    kind = get_kind(get_game(game, stud=True).acts_first)
    if not kind.low:
        return paired
    aces_low = kind.aces == "low"
    return not paired and all(c >> 2 <= _EIGHT or (aces_low and c >> 2 == _ACE) for c in up)


def showing_bot(state: StudState, rng: random.Random) -> Action:
    """Bets and raises with a strong hand showing (a pair or better; in the games where the
    best low acts first no pair and nothing above an eight), else checks and calls (folds
    20%). It plays every game.

    >>> st = StudState("five", PRESETS["1/2"], [1000, 1000], seed=2)
    >>> showing_bot(st, random.Random(0)).kind in ("bring_in", "complete")
    True
    >>> st = StudState("razz", PRESETS["1/2"], [1000, 1000], deck="Kc Kd 8c 2c 2d 3h")
    >>> st.actor, showing_bot(st, random.Random(0)).kind  # 3h brings in, and is a smooth low
    (1, 'complete')
    >>> st = StudState("razz", PRESETS["1/2"], [1000, 1000], deck="Kc Kd 8c 2c 2d Qh")
    >>> showing_bot(st, random.Random(0)).kind  # a queen showing: just the bring-in
    'bring_in'
    """
    acts = state.legal_actions()
    if _strong_showing(state.game, state.up[state.actor]) and acts[-1].kind in ("bet", "raise", "complete"):
        return acts[-1]
    if acts[0].kind == "fold":
        return acts[0] if rng.random() < 0.2 else acts[1]
    return acts[0]


#: The built-in bots by name.
BOTS: dict[str, Bot] = {"random": random_bot, "calling": calling_station, "showing": showing_bot}


def simulate(
    game: str,
    players: int,
    hands: int,
    *,
    seed: int | None = None,
    structure: Structure | None = None,
    bots: Sequence[Bot] | None = None,
) -> Iterator[StudState]:
    """Play ``hands`` hands between bots; yields each finished hand.

    Every hand starts with each player holding the minimum buy-in (default structure: the
    1/2 preset, buy-in 1000). The seats rotate each hand so that every bot sits at the
    dealer's left in turn (:func:`seat_player`). ``seed`` makes the whole run reproducible.

    >>> [st.game for st in simulate("seven", 2, 2, seed=3)]
    ['seven', 'seven']
    """
    structure = structure or PRESETS["1/2"]
    structure.check_seats(players)
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise ValueError(f"hands must be an int >= 0, got {hands!r}")
    if bots is None:
        names = list(BOTS.values())
        bots = [names[k % len(names)] for k in range(players)]
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} players")
    buy_in = structure.check_buy_in(max(structure.min_buy_in, 10 * structure.big_bet))
    master = random.Random(seed) if seed is not None else random.SystemRandom()
    for h in range(hands):
        hand_seed = master.getrandbits(64) if seed is not None else None
        rng = random.Random(hand_seed)
        seat_bots = [bots[seat_player(h, k, players)] for k in range(players)]
        st = StudState(game, structure, [buy_in] * players, seed=hand_seed)
        while st.actor >= 0:
            st.apply(seat_bots[st.actor](st, rng))
        yield st


def _last_street(state: StudState) -> int:
    """The street (0 = the first) of a hand's last deal: where a hand won uncalled ended
    (``state.street`` has moved past the streets once the hand is over)."""
    streets, dealing = 0, False
    for event in state.log:
        if isinstance(event, (Deal, BoardCard)):
            streets += not dealing
            dealing = True
        else:
            dealing = False
    return streets - 1


def seat_player(hand: int, seat: int, players: int) -> int:
    """Which player (index into ``bots``) sits in ``seat`` in hand number ``hand`` (0-based)
    of :func:`simulate`: the seats rotate by one every hand.

    >>> [seat_player(1, seat, 3) for seat in range(3)]
    [1, 2, 0]
    """
    return (hand + seat) % players


class NetPerHand(NamedTuple):
    """A player's average result per hand in big bets, and its standard error."""

    big_bets: float
    error: float


@dataclass
class SelfPlayStats:
    """What a run of :func:`simulate` shows, per player (following each bot round the seats)
    and per hand: results, how often each player won, folded and reached the showdown, and
    where the hands ended.

    Why "to showdown" alone says little: the calling bot never folds, so at a table with two
    of them (four players or more with the built-in bots) every hand reaches the showdown;
    how many players get there, and who folds, still varies.

    >>> stats = SelfPlayStats(3)
    >>> for st in simulate("five", 3, 20, seed=1):
    ...     stats.add(st)
    >>> stats.hands, sum(stats.net)
    (20, 0)
    """

    players: int
    hands: int = 0
    showdowns: int = 0
    #: players still in at the showdowns, summed
    at_showdown: int = 0
    pot_total: int = 0
    big_bet_total: int = 0
    #: hands won uncalled, by the street they ended on (0 = the first street)
    uncalled_by_street: dict[int, int] = field(default_factory=dict)
    net: list[int] = field(init=False)
    net_squares: list[int] = field(init=False)
    won: list[int] = field(init=False)
    folded: list[int] = field(init=False)
    reached_showdown: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.net = [0] * self.players
        self.net_squares = [0] * self.players
        self.won = [0] * self.players
        self.folded = [0] * self.players
        self.reached_showdown = [0] * self.players

    def add(self, state: StudState) -> None:
        """Count one finished hand, the next of the run (its seats rotated as :func:`simulate` does)."""
        if state.n != self.players or not state.finished:
            raise ValueError(f"a finished hand of {self.players} players is needed, got {state.n} players")
        live = [seat for seat in range(state.n) if not state.folded[seat]]
        showdown = len(live) > 1
        for seat in range(state.n):
            player = seat_player(self.hands, seat, self.players)
            result = state.stacks[seat] - state.starting_stacks[seat]
            self.net[player] += result
            self.net_squares[player] += result * result
            self.won[player] += state.payouts[seat] > 0
            self.folded[player] += state.folded[seat]
            self.reached_showdown[player] += showdown and not state.folded[seat]
        self.hands += 1
        self.showdowns += showdown
        self.at_showdown += len(live) if showdown else 0
        if not showdown:
            street = _last_street(state)
            self.uncalled_by_street[street] = self.uncalled_by_street.get(street, 0) + 1
        self.pot_total += sum(state.totals)  # what the hand put in (state.pot is empty once paid)
        self.big_bet_total += state.structure.big_bet

    def net_per_hand(self, player: int) -> NetPerHand:
        """A player's average result per hand, in big bets, and its standard error.

        >>> stats = SelfPlayStats(2)
        >>> stats.net_per_hand(0)
        NetPerHand(big_bets=0.0, error=0.0)
        """
        n = self.hands
        if n == 0:
            return NetPerHand(0.0, 0.0)
        big_bet = self.big_bet_total / n
        mean = self.net[player] / n
        variance = max(self.net_squares[player] / n - mean * mean, 0.0) * n / max(n - 1, 1)
        return NetPerHand(mean / big_bet, math.sqrt(variance / n) / big_bet)
