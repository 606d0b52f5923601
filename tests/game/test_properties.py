"""Random play over thousands of hands: the state machine's invariants hold in every hand."""

from __future__ import annotations

import random
import re

import pytest
from table_helpers import S, play_randomly, snapshot

from studeval.cards import format_card, format_cards
from studeval.game import ACTION_KINDS, StudState, dumps, replay, to_phh


def random_hand(rng: random.Random, seed: int) -> StudState:
    n = rng.randint(2, 8)
    stacks = [rng.choice([2, 6, 15, 40, 120, 500]) for _ in range(n)]
    return StudState(
        rng.choice(["seven", "five"]),
        S,
        stacks,
        seed=seed,
        tie_rule=rng.choice(["dealer_left", "suits"]),
        odd_chip=rng.choice(["high_card", "dealer_left"]),
        raise_cap=rng.choice([3, 3, 3, 1, None]),
    )


def test_chips_conserved_offered_actions_accepted_and_replays_agree():
    """R23, R36, R51: if the first to act is all-in, the next player who can act starts; chips are
    conserved; a recorded hand replays to the same stacks.
    """
    rng = random.Random(2024)
    hands = 2500
    for h in range(hands):
        st = random_hand(rng, h)
        start = sum(st.starting_stacks)
        play_randomly(st, rng)
        assert st.finished and st.actor < 0 and st.legal_actions() == []
        assert sum(st.stacks) == start, h
        assert sum(st.payouts) == sum(st.totals), h
        assert sum(p.amount for p in st.pots) + sum(st.returned) == sum(st.totals), h
        assert all(s >= 0 for s in st.stacks)
        again = replay(dumps(to_phh(st, full=True)))
        assert again.stacks == st.stacks and again.pots == st.pots, h
        seat = rng.randrange(st.n)
        assert replay(dumps(to_phh(st, seat))).stacks == st.stacks, h


def _illegal_candidates(st: StudState, rng: random.Random) -> list[tuple[object, object]]:
    offered = {(a.kind, a.to) for a in st.legal_actions()}
    offered |= {("fold", to) for kind, to in offered if kind == "check"}  # accepted, not listed (R83)
    out = []
    for kind in ACTION_KINDS:
        for to in (None, 0, 1, st.round.high + 1, st.round.high + 5, st.round.high + 10, st.round.high + 15, 10**6, -5):
            if (kind, to) not in offered and not (to is None and any(k == kind for k, _ in offered)):
                out.append((kind, to))
    out += [("raise", "10"), (None, None), ("fold ", None)]
    return rng.sample(out, 4)


def test_every_refused_action_leaves_the_state_unchanged():
    """R33: a refused action leaves the table as it was."""
    rng = random.Random(7)
    refusals = 0

    def check(st: StudState) -> None:
        nonlocal refusals
        before = snapshot(st)
        for kind, to in _illegal_candidates(st, rng):
            with pytest.raises((ValueError, TypeError)):
                st.act(kind, to)  # type: ignore[arg-type]
            refusals += 1
        assert snapshot(st) == before

    for h in range(300):
        play_randomly(random_hand(rng, h), rng, check)
    assert refusals > 5000


def test_no_view_and_no_seat_history_leaks_a_down_card():
    """R34, R52: a seat's view never holds another seat's down cards; a seat's history hides the
    other seats' down cards.
    """
    rng = random.Random(11)

    def check(st: StudState) -> None:
        for seat in [None, *range(st.n)]:
            v = st.view(seat)
            for j in range(st.n):
                if j != seat and not st.shown[j]:
                    assert v.down_cards[j] is None
            assert v.up_cards == tuple(tuple(u) for u in st.up)

    for h in range(400):
        st = random_hand(rng, h)
        play_randomly(st, rng, check)
        for seat in [None, *range(st.n)]:
            hh = to_phh(st, seat)
            text = dumps(hh)
            deals = [a for a in hh.actions if a.startswith("d dh")]
            for j in range(st.n):
                if j == seat:
                    continue
                secret = [format_card(c) for c in st.down[j]]
                for line in deals:
                    assert not any(c in line.split()[-1] for c in secret if line.split()[2] == f"p{j + 1}")
                if not st.shown[j]:
                    assert not any(c in text for c in secret), (h, seat, j)


def test_mucked_hands_stay_hidden_and_shown_hands_are_seen():
    """R40: show or muck: automatic, or chosen by option."""
    rng = random.Random(5)
    mucks = shows = 0
    for h in range(400):
        st = random_hand(rng, h)
        play_randomly(st, rng)
        v = st.view(None)
        for j in range(st.n):
            if st.shown[j]:
                shows += 1
                assert v.down_cards[j] == tuple(st.down[j])
            elif st.mucked[j]:
                mucks += 1
                assert v.down_cards[j] is None
    assert mucks and shows


def test_reprs_read_like_the_table_and_show_no_hidden_card():
    """Issue 21 item 11: a state prints as one line of the game (street, pot, who acts, each
    seat's stack and up cards as card text), never a down card; a view prints its cards as
    text, the viewer's own down cards included, no other seat's."""
    rng = random.Random(11)
    for h in range(60):
        st = random_hand(rng, h)

        def check(st: StudState) -> None:
            text = repr(st)
            assert "\n" not in text and text.startswith(f"<StudState {st.game}, {st.street_name}")
            assert f"p{st.actor + 1} to act" in text and f"pot {st.pot}" in text
            for i in range(st.n):
                for c in st.down[i]:
                    assert not re.search(rf"\b{format_cards([c])}\b", text)
                if not st.folded[i]:
                    assert f"p{i + 1} {st.stacks[i]} [{format_cards(st.up[i])}]" in text
            seat = st.actor
            v = repr(st.view(seat))
            assert f"up_cards={tuple(format_cards(u) for u in st.up)!r}" in v
            for i in range(st.n):
                for c in st.down[i]:
                    assert bool(re.search(rf"\b{format_cards([c])}\b", v)) == (i == seat or st.shown[i])

        play_randomly(st, rng, check)
        assert repr(st).startswith(f"<StudState {st.game}, finished, payouts {' '.join(map(str, st.payouts))}")
