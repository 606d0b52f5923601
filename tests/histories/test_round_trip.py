"""The class of input, not only the fixtures: hands played at random by the table rules, written
out as PokerStars would print them (a hero's view: opponents' down cards hidden until shown, a
rake taken from the winner), read back, and checked: the import must replay to the same
payouts as the hand that was played, and agree with the printed numbers.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from studeval.cards import format_cards
from studeval.game import Deal, Played, Shown, Structure, StudState
from studeval.game.phh import replay
from studeval.histories import Imported, read_text, verify

_TITLE = {"seven": "7 Card Stud", "razz": "Razz", "stud8": "7 Card Stud Hi/Lo"}
_STREETS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")


def _money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


def _cards(cards: list[int]) -> str:
    return "[" + " ".join(format_cards([c]) for c in cards) + "]"


def _play(game: str, players: int, seed: int) -> StudState:
    rng = random.Random(seed)
    stacks = [rng.choice([3, 40, 150, 400, 2000]) for _ in range(players)]
    state = StudState(game, Structure(2, 5, 10, 20), stacks, seed=seed)
    while state.actor >= 0:
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        if "check" in kinds and rng.random() < 0.05:
            state.act("fold")  # a fold when a check is possible: every site takes it
            continue
        action = rng.choice(legal)
        state.act(action.kind, action.to)
    return state


def _stars_text(state: StudState, number: int, rake_percent: int) -> str:
    """The hand as PokerStars prints it to the player in seat 0 (the hero)."""
    names = [f"Player {i} ({i})" for i in range(state.n)]  # names with spaces and brackets
    out = [
        f"PokerStars Hand #{number}:  {_TITLE[state.game]} Limit ({_money(10)}/{_money(20)} USD)"
        " - 2024/03/01 12:00:00 ET",
        "Table 'Round Trip' 8-max",
    ]
    out += [f"Seat {i + 1}: {names[i]} ({_money(s)} in chips)" for i, s in enumerate(state.starting_stacks)]
    stack = list(state.starting_stacks)
    for i in range(state.n):
        a = min(2, stack[i])
        stack[i] -= a
        out.append(f"{names[i]}: posts the ante {_money(a)}" + (" and is all-in" if not stack[i] else ""))
    street = -1
    dealt: set[int] = set()  # the seats dealt this street: a seat dealt again starts the next one
    street_in = [0] * state.n
    high = 0
    cards: list[list[int]] = [[] for _ in range(state.n)]
    for event in state.log:
        if isinstance(event, Deal):
            if street < 0 or event.seat in dealt:
                street, dealt = street + 1, set()
                out.append(f"*** {_STREETS[street]} ***")
                street_in, high = [0] * state.n, 0
            dealt.add(event.seat)
            i = event.seat
            old = list(cards[i])
            cards[i] += event.cards
            if i == 0:  # the hero sees his own cards
                out.append(
                    f"Dealt to {names[i]} "
                    + (_cards(cards[i]) if street == 0 else f"{_cards(old)} {_cards(list(event.cards))}")
                )
            elif all(event.up):  # an opponent's up cards (his seventh card is not printed)
                ups = [c for c, u in zip(old, _ups(state.game, len(old)), strict=True) if u]
                out.append(f"Dealt to {names[i]} " + (f"{_cards(ups)} " if ups else "") + _cards(list(event.cards)))
            elif street == 0:
                out.append(
                    f"Dealt to {names[i]} " + _cards([c for c, u in zip(event.cards, event.up, strict=True) if u])
                )
            continue
        if isinstance(event, Played):
            i, kind, to = event.seat, str(event.kind), event.to
            if kind in ("fold", "check"):
                out.append(f"{names[i]}: {kind}s")
                continue
            if kind == "call":
                put = min(high, street_in[i] + stack[i]) - street_in[i]
                text = f"calls {_money(put)}"
            elif kind == "bring_in":
                put = min(to, stack[i])
                text = f"brings in for {_money(put)}"
            elif kind == "bet":
                put = to - street_in[i]
                text = f"bets {_money(put)}"
            else:  # complete, raise: printed as a raise, the street total after "to"
                put = to - street_in[i]
                text = f"raises {_money(to - high)} to {_money(to)}"
            stack[i] -= put
            street_in[i] += put
            high = max(high, street_in[i])
            out.append(f"{names[i]}: {text}" + (" and is all-in" if not stack[i] else ""))
    for i, r in enumerate(state.returned):
        if r:
            out.append(f"Uncalled bet ({_money(r)}) returned to {names[i]}")
    shows = [e for e in state.log if isinstance(e, Shown)]
    if shows:
        out.append("*** SHOW DOWN ***")
        for e in shows:
            hand = state.hand(e.seat)
            out.append(f"{names[e.seat]}: shows {_cards(hand)} (a hand)" if e.shows else f"{names[e.seat]}: mucks hand")
    won = [state.payouts[i] - state.returned[i] for i in range(state.n)]
    pot = sum(won)
    top = won.index(max(won))
    rake = min(pot * rake_percent // 100, won[top])  # taken from the biggest winner's share
    for i in range(state.n):
        paid = won[i] - (rake if i == top else 0)
        if paid:
            out.append(f"{names[i]} collected {_money(paid)} from pot")
    out += ["*** SUMMARY ***", f"Total pot {_money(pot)} | Rake {_money(rake)}"]
    return "\n".join(out) + "\n"


def _ups(game: str, count: int) -> list[bool]:
    return [False, False, True, True, True, True, False][:count]


@settings(max_examples=100, deadline=None)
@given(
    game=st.sampled_from(sorted(_TITLE)),
    players=st.integers(2, 7),
    seed=st.integers(0, 2**32 - 1),
    rake=st.sampled_from([0, 5, 10]),
)
def test_played_hands_read_back_to_the_same_result(game: str, players: int, seed: int, rake: int) -> None:
    state = _play(game, players, seed)
    text = _stars_text(state, 1000 + seed % 1000, rake)
    [hand] = read_text(text, source="random")
    assert isinstance(hand, Imported), f"{hand}\n{text}"
    hh = hand.history
    assert verify(hh) == [], text
    again = replay(hh)
    assert again.payouts == state.payouts and again.returned == state.returned
    assert hh.extra["_rake"] == sum(again.stacks) - sum(hh.finishing_stacks or [])
    # what the hero could not see stays unknown, what was shown is known
    for i in range(1, state.n):
        shown = any(isinstance(e, Shown) and e.seat == i and e.shows for e in state.log)
        assert (-1 in again.hand(i)) != shown
