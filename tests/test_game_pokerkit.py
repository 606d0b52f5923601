"""Round trips with pokerkit's PHH reader and writer (pokerkit is a test extra).

Where pokerkit's rules differ from ours the hands are kept within what both model: pokerkit
has no open-pair big bet, keeps the raise cap when a fold leaves two players, and does not
model deck exhaustion (it recycles folded cards). Its reader (0.7.x) also refuses some of our
histories with all-in players (it raises "Unable to repair the hand history" or a KeyError
while placing the opener), so these round trips use deep stacks; all-in hands are covered by
studeval's own write-then-replay tests.
"""

from __future__ import annotations

import random

import pytest

from studeval.game import StudState, Structure, dumps, replay, to_phh

S = Structure(ante=1, bring_in=2, small_bet=5, big_bet=10)

pk = pytest.importorskip("pokerkit", reason="pokerkit is a test extra")


def _pokerkit_agrees_bot(st: StudState, rng: random.Random):
    """Random play within what pokerkit models too: no big bets on an open pair, no raise past
    the cap heads-up (pokerkit keeps the cap), deep stacks (no all-in for less)."""
    acts = st.legal_actions()
    if st.n_raises >= 4:
        acts = [a for a in acts if a.kind != "raise"]
    if st.open_pair and not st.big_mode and st.street == 1:
        small = [a for a in acts if a.kind not in ("bet", "raise") or a.to - st.high <= st.structure.small_bet]
        acts = small
    return rng.choice(acts)


def test_pokerkit_reads_our_f7s_histories_to_the_same_result():
    rng = random.Random(3)
    checked = 0
    for h in range(250):
        n = rng.randint(2, 7)  # 8 players may exhaust the deck, which pokerkit does not model
        st = StudState("seven", S, [400] * n, seed=h)
        while st.actor >= 0:
            st.apply(_pokerkit_agrees_bot(st, rng))
        for seat in (None, 0):
            hh = to_phh(st, seat, full=seat is None)
            states = list(pk.HandHistory.loads(dumps(hh)))
            assert list(states[-1].stacks) == st.stacks, (h, dumps(hh))
            checked += 1
    assert checked == 500


def _pokerkit_hand(n: int, rng: random.Random):
    A = pk.Automation
    automations = (A.ANTE_POSTING, A.BET_COLLECTION, A.CARD_BURNING, A.HOLE_DEALING,
                   A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
    game = pk.FixedLimitSevenCardStud(automations, True, 1, 2, 5, 10)
    state = game((400,) * n, n)
    while state.status:
        if state.can_post_bring_in() and rng.random() < 0.7:
            state.post_bring_in()
            continue
        moves = []
        if state.can_fold():
            moves.append(state.fold)
        if state.can_check_or_call():
            moves += [state.check_or_call] * 3
        if state.can_complete_bet_or_raise_to():
            moves.append(state.complete_bet_or_raise_to)
        rng.choice(moves)()
    return pk.HandHistory.from_game_state(game, state).dumps(), list(state.stacks)


def test_pokerkit_f7s_histories_replay_in_studeval():
    rng = random.Random(8)
    for h in range(200):
        text, stacks = _pokerkit_hand(rng.randint(2, 7), rng)
        assert replay(text).stacks == stacks, text


@pytest.mark.filterwarnings("ignore:Returning reserved")  # pokerkit recycling folded cards
def test_pokerkit_eight_handed_histories_replay_or_are_refused_clearly():
    """pokerkit deals every player a seventh card even from recycled folded cards; studeval
    replays what its rules allow and refuses the rest, naming the rule."""
    rng = random.Random(9)
    outcomes = {"same": 0, "refused": 0}
    for h in range(150):
        text, stacks = _pokerkit_hand(8, rng)
        try:
            assert replay(text).stacks == stacks
            outcomes["same"] += 1
        except ValueError as exc:
            assert "folded cards are never dealt again" in str(exc) or "deck exhaustion" in str(exc), str(exc)
            outcomes["refused"] += 1
    assert outcomes["same"] > 100
