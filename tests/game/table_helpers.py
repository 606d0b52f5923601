"""Helpers the game tests share: a stacked table, the legal actions as pairs, scripted play,
refusals that must change nothing, random play, and replays.

Importable from the game tests as ``table_helpers`` (pytest's ``pythonpath`` setting).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import pytest

from studeval.game import Structure, StudState, dumps, replay, stacked_deck, to_phh

S = Structure(ante=1, bring_in=2, small_bet=5, big_bet=10)


def table(
    game: str, streets: list[list[str]], stacks: list[int] | None = None, structure: Structure = S, **kw
) -> StudState:
    """A hand dealt from a stacked deck (:func:`stacked_deck`), 1000 chips a seat by default."""
    n = len(streets[0])
    return StudState(game, structure, stacks or [1000] * n, deck=stacked_deck(game, streets), seed=0, **kw)


def legal(st: StudState) -> list[tuple[str, int]]:
    """The legal actions as (kind, to) pairs."""
    return [(a.kind, a.to) for a in st.legal_actions()]


def play(st: StudState, *moves: str) -> None:
    """Moves like "p3 bring_in", "p1 raise 10": checks who acts, then acts."""
    for move in moves:
        who, kind, *amount = move.split()
        assert st.actor == int(who[1:]) - 1, f"{move}: p{st.actor + 1} is to act"
        st.act(kind, int(amount[0]) if amount else None)


class Snapshot:
    """A state as :func:`snapshot` takes it: the log's events (immutable named tuples, so a
    copy of the list is a copy of the log) and a pickle of the rest. Equal when the logs are
    equal and the rest loads back to equal values, as a deep copy compares; the same bytes
    load back to the same values, so a state that did not change (the common case) is told
    without loading anything (loading a deck builds a random generator)."""

    __slots__ = ("log", "pickled")
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, log: tuple[object, ...], pickled: bytes) -> None:
        self.log, self.pickled = log, pickled

    def rest(self) -> dict[str, object]:
        """Everything but the log, loaded back."""
        loaded: dict[str, object] = pickle.loads(self.pickled)
        return loaded

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Snapshot):
            return NotImplemented
        return self.log == other.log and (self.pickled == other.pickled or self.rest() == other.rest())

    def __repr__(self) -> str:
        return f"Snapshot(log={self.log!r}, rest={self.rest()!r})"


def snapshot(st: StudState) -> Snapshot:
    """Everything that defines the state (what a copy or pickle holds), less the cache of
    legal actions; the random-play tests take one at every decision."""
    rest = {k: v for k, v in st.__getstate__().items() if k not in ("_legal", "log")}
    return Snapshot(tuple(st.log), pickle.dumps(rest))


def refused(
    st: StudState, kind: str, to: int | None = None, exc: type[Exception] = ValueError, match: str | None = None
) -> None:
    """The action is refused and the state is exactly as it was (R33)."""
    before = snapshot(st)
    with pytest.raises(exc, match=match):
        st.act(kind, to)
    assert snapshot(st) == before


def call_down(st: StudState) -> None:
    """Check or call to the end (never fold, never bet; show at a showdown choice)."""
    while st.actor >= 0:
        kinds = [a.kind for a in st.legal_actions()]
        st.act(next(k for k in ("check", "call", "bring_in", "show") if k in kinds))


def play_randomly(st: StudState, rng: random.Random, check: Callable[[StudState], None] | None = None) -> None:
    """Random offered actions (and a time-out now and then) to the end; ``check`` sees every decision."""
    while st.actor >= 0:
        if check:
            check(st)
        if rng.random() < 0.01:
            st.time_out()
            continue
        acts = st.legal_actions()
        assert acts
        st.apply(rng.choice(acts))  # every offered action is accepted


def replays(st: StudState) -> StudState:
    """Call the hand down (if it is not over); then its full history replays to the same
    stacks, pots and log, and seat 0's history (other seats' down cards hidden) to the same
    stacks and pots (R51)."""
    call_down(st)
    assert sum(st.stacks) == sum(st.starting_stacks)
    again = replay(dumps(to_phh(st, full=True)))
    assert again.stacks == st.stacks and again.pots == st.pots and again.log == st.log
    mine = replay(dumps(to_phh(st, 0)))
    assert mine.stacks == st.stacks and mine.pots == st.pots
    return again
