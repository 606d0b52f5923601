"""Simple built-in bots and self-play.

A bot is a function ``bot(state, rng) -> Action`` choosing among ``state.legal_actions()``.
They are for simulation and testing, not for winning, and play every game of
:data:`~studeval.game.GAMES`.

>>> hands = list(simulate("five", players=3, hands=2, seed=1))
>>> [sum(st.stacks) for st in hands]
[6000, 6000]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from studeval.game.state import Action, StudState
from studeval.game.structure import PRESETS, Structure

__all__ = ["BOTS", "Bot", "calling_station", "random_bot", "showing_bot", "simulate"]

Bot = Callable[[StudState, random.Random], Action]


def random_bot(state: StudState, rng: random.Random) -> Action:
    """Any legal action, folding less often than the rest.

    >>> st = StudState("seven", PRESETS["1/2"], [1000, 1000], seed=2)
    >>> random_bot(st, random.Random(0)).kind in ("bring_in", "complete")
    True
    """
    acts = state.legal_actions()
    a = acts[int(rng.random() * len(acts))]
    if a[0] == "fold" and rng.random() < 0.5:
        a = acts[1]
    return a


def calling_station(state: StudState, rng: random.Random) -> Action:
    """Never folds, never raises: checks, calls, posts the bring-in.

    >>> st = StudState("seven", PRESETS["1/2"], [1000, 1000], seed=2)
    >>> calling_station(st, random.Random(0)).kind == "bring_in"
    True
    """
    acts = state.legal_actions()
    return acts[1] if acts[0][0] == "fold" else acts[0]


def _strong_showing(game: str, up: list[int]) -> bool:
    """A pair or better showing; in razz a smooth low: no pair, every card eight or lower."""
    paired = len({c >> 2 for c in up}) < len(up)
    if game == "razz":
        return not paired and all(c >> 2 <= 6 or c >> 2 == 12 for c in up)  # A-8 (rank 6 is the eight)
    return paired


def showing_bot(state: StudState, rng: random.Random) -> Action:
    """Bets and raises with a strong hand showing (a pair or better; in razz no pair and
    nothing above an eight), else checks and calls (folds 20%). It plays every game.

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
    if _strong_showing(state.game, state.up[state.actor]) and acts[-1][0] in ("bet", "raise", "complete"):
        return acts[-1]
    if acts[0][0] == "fold":
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
    dealer's left in turn. ``seed`` makes the whole run reproducible.

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
        seat_bots = [bots[(h + k) % players] for k in range(players)]
        st = StudState(game, structure, [buy_in] * players, seed=hand_seed)
        while st.actor >= 0:
            st.apply(seat_bots[st.actor](st, rng))
        yield st
