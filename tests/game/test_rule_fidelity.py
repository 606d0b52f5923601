"""Rule fidelity, second pass (issue 17, and issue 20's fold): Robert's Rules where the rule
documents leave room (the cap after a fold, all-in players and the cap, folding when a check
is possible, identical hands in hi-lo), chips in every view at every moment, ante trimming in
hand histories, histories that hide a live player's up card, and one state shared between
threads. Seats count from the dealer's left (seat 0 = p1).
"""

from __future__ import annotations

import contextlib
import copy
import pickle
import random
import sys
import threading

import pytest
from table_helpers import S, legal, play, refused, replays, snapshot, table

from studeval.game import (
    CAP_AFTER_FOLD_RULES,
    CAP_COUNT_RULES,
    FOLD_WHEN_CHECK_RULES,
    Structure,
    StudState,
    dumps,
    replay,
    settle_pots,
    stacked_deck,
    to_phh,
)

# p3's 2c brings in; pairs of aces, kings, queens
THREE = [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]]


# -------------------------------------------------------------------- the cap (R28)


def test_a_capped_round_stays_capped_when_a_fold_leaves_two_players_default():
    """R28: once capped, a round stays capped (Robert's Rules); the option lifts it."""
    st = table("seven", THREE)
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p3 raise 15", "p1 raise 20", "p2 fold")
    assert legal(st) == [("fold", 15), ("call", 20)]
    refused(st, "raise", 25)
    play(st, "p3 call")
    assert ("bet", 5) in legal(st) and not st.round.capped  # the next round starts uncapped, heads-up
    assert CAP_AFTER_FOLD_RULES[0] == "stays"
    st = table("seven", THREE, cap_after_fold="lifted")
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p3 raise 15", "p1 raise 20", "p2 fold")
    assert legal(st) == [("fold", 15), ("call", 20), ("raise", 25)]
    play(st, "p3 raise 25", "p1 raise 30", "p3 call")
    assert replays(st).cap_after_fold == "lifted"


def test_the_cap_counts_only_players_who_are_not_all_in_default():
    """R28: the cap applies while three or more players are not all-in (Robert's Rules); the
    option counts every live player."""
    # p3 posts the bring-in all-in (2 chips after the ante): two players left with chips
    st = table("seven", THREE, stacks=[1000, 1000, 3])
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p1 raise 15", "p2 raise 20")
    assert ("raise", 25) in legal(st)
    play(st, "p1 raise 25", "p2 raise 30", "p1 call")
    assert CAP_COUNT_RULES[0] == "not_all_in" and replays(st).stacks == st.stacks
    st = table("seven", THREE, stacks=[1000, 1000, 3], cap_counts="live")
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p1 raise 15", "p2 raise 20")
    assert legal(st) == [("fold", 15), ("call", 20)]
    refused(st, "raise", 25)
    play(st, "p1 call")
    assert replays(st).cap_counts == "live"


def test_a_player_going_all_in_with_the_capping_raise_still_caps_the_round():
    """R28: the capping raise was made while three players were not all-in: the round is capped
    although the raiser is now all-in."""
    st = table("seven", THREE, stacks=[21, 1000, 1000])  # p1 has 20 after the ante: raising to 20 is all-in
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p3 raise 15", "p1 raise 20")
    assert st.stacks[0] == 0 and st.round.capped
    assert legal(st) == [("fold", 10), ("call", 20)]


# -------------------------------------------------------------------- folding when a check is possible (R83)


def test_folding_when_a_check_is_possible_is_accepted_and_binding_default():
    """R83: folding when a check is possible is accepted (binding); the option refuses it."""
    st = StudState("seven", Structure(1, 2, 4, 8), [100] * 3, seed=1)
    st.act("bring_in")
    st.act("call")
    st.act("call")
    i = st.actor
    assert ("check", 0) in legal(st) and all(a.kind != "fold" for a in st.legal_actions())  # not offered
    st.act("fold")
    assert st.folded[i] and st.actor not in (i, -1)
    assert FOLD_WHEN_CHECK_RULES[0] == "accepted"
    while st.actor >= 0:
        st.act("check" if legal(st)[0][0] == "check" else "call")
    assert f"p{i + 1} f" in to_phh(st).actions and replays(st).folded[i]
    st = StudState("seven", Structure(1, 2, 4, 8), [100] * 3, seed=1, fold_when_check="refused")
    st.act("bring_in")
    st.act("call")
    st.act("call")
    refused(st, "fold")
    with pytest.raises(ValueError, match="cannot fold: the legal actions are check, bet 4"):
        st.act("fold")


def test_a_fold_when_a_check_is_possible_ends_the_hand_when_it_leaves_one_player():
    """R83: the fold is binding: heads-up, the other player wins the pot."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d"]])
    play(st, "p2 bring_in", "p1 call")
    play(st, "p1 fold")  # fourth street, p1 (aces) first, nothing to call
    assert st.finished and st.stacks == [997, 1003]
    history = to_phh(st)
    assert replay(dumps(history)).stacks == st.stacks
    history.extra["_fold_when_check"] = "refused"
    with pytest.raises(ValueError, match="p1 cannot fold"):
        replay(dumps(history))


# -------------------------------------------------------------------- chips in every view (R36)


@pytest.mark.parametrize("showdown", ["auto", "choose"])
def test_stacks_and_pot_hold_every_chip_at_every_moment(showdown):
    """R36: chips conserved in every view at every moment, both showdown modes."""
    rng = random.Random(17)
    for h in range(150):
        game = rng.choice(["seven", "five", "razz", "stud8"])
        stacks = [rng.choice([4, 12, 60, 300]) for _ in range(rng.randint(2, 6))]
        st = StudState(game, S, stacks, seed=h, showdown=showdown)
        total = sum(stacks)
        while True:
            for seat in (None, *range(st.n)):
                v = st.view(seat)
                assert sum(v.stacks) + v.pot == total, (h, v)
            if st.actor < 0:
                break
            acts = st.legal_actions()
            st.apply(acts[0] if rng.random() < 0.3 else rng.choice(acts))
        assert st.pot == 0 and sum(st.payouts) == sum(st.totals)


def test_the_uncalled_winner_is_paid_after_choosing_to_show_or_muck():
    """R36, R40: with showdown="choose" the pot stays in the middle until the uncalled winner
    decides (the issue's view of 204 chips out of 200)."""
    st = StudState("seven", Structure(1, 2, 4, 8), [100, 100], seed=1, showdown="choose")
    st.act("bring_in")
    st.act("fold")
    v = st.view()
    assert (v.stacks, v.pot) == ((99, 97), 4) and not st.finished  # p2 brought in, p1 folded
    st.act("muck")
    assert st.finished and st.pot == 0 and st.stacks == [99, 101] and st.payouts == [0, 4]


# -------------------------------------------------------------------- identical hands in hi-lo (R84)


@pytest.mark.parametrize("odd_chip", ["high_card", "dealer_left"])
def test_identical_hi_lo_hands_split_the_pot_evenly(odd_chip):
    """R84: identical hands split as evenly as possible, never both odd chips to one player."""
    streets = [["2c 3d Kd", "2d 3c Js"], ["4h", "4s"], ["5s", "5h"], ["Qh", "9c"], ["6c", "6d"]]
    st = StudState("stud8", Structure(0, 1, 2, 4), [10, 10], deck=stacked_deck("stud8", streets), odd_chip=odd_chip)
    play(st, "p2 bring_in", "p1 call")
    while st.actor >= 0:
        st.act("check")
    assert st.pots[0].winners == st.pots[0].low_winners == (0, 1)  # 6-5-4-3-2 both ways
    assert st.stacks == [10, 10]
    # three identical hands, ten chips: 4-3-3 (one odd chip), not 4-4-2 or 5-3-2
    hands = ["Ac 2c 3c 4d 5d 9h Kh", "Ad 2d 3d 4h 5h 9s Ks", "Ah 2h 3h 4s 5s 9c Kc"]
    payouts = settle_pots([4, 3, 3], hands, game="stud8", odd_chip=odd_chip).payouts
    assert sorted(payouts) == [3, 3, 4]


def test_a_player_tied_in_both_halves_with_different_players_takes_one_odd_chip():
    """R84: a player tying for the high with one player and for the low with another takes
    at most one of the two halves' odd chips."""
    hands = [
        "Ac 4d 5c 6h 7d 8s Ks",  # p1: eight-high straight, low 7-6-5-4-A
        "4h 5d 6d 7h 8d Kh Qc",  # p2: eight-high straight, low 8-7-6-5-4
        "Ad 4s 5s 6s 7s Jd Td",  # p3: ace high, low 7-6-5-4-A
    ]
    r = settle_pots([22, 22, 22], hands, game="stud8")
    assert (r.pots[0].winners, r.pots[0].low_winners) == ((0, 1), (0, 2))
    # 33 high: 16 + 16 and the odd chip to p1 (Ks); 33 low: 16 + 16 and the odd chip to p3,
    # although p1 holds the lower card (Ac): p1 already took one
    assert r.payouts == [33, 16, 17]


# -------------------------------------------------------------------- ante trimming in histories (R85)


def test_histories_say_antes_are_trimmed_and_a_history_saying_otherwise_is_refused():
    """R85: a player all-in for less than the ante wins only what he matched; the history
    says so (ante_trimming_status = true), and one that says otherwise is refused, not replayed
    to other stacks."""
    ante7 = Structure(ante=7, bring_in=7, small_bet=8, big_bet=8)
    # every street stacked: p1's aces full win whatever the shuffle (the third street alone
    # left p2 a random straight or flush about one time in thirty)
    streets = [["As Ad Ah", "2c 3d 7h"], ["Kh", "4c"], ["Kd", "5c"], ["Ks", "9d"], ["Qh", "Jd"]]
    st = StudState("seven", ante7, [5, 10], deck=stacked_deck("seven", streets))
    assert st.finished and st.antes_paid == [5, 7]
    assert st.stacks == [10, 5]  # p1 wins 5 from p2; p2's other 2 come back
    hh = to_phh(st, full=True)
    assert hh.ante_trimming_status is True and "ante_trimming_status = true" in dumps(hh)
    assert replay(dumps(hh)).stacks == st.stacks
    hh.ante_trimming_status = False
    with pytest.raises(
        ValueError, match="ante_trimming_status = false, but p1 is all-in for 5, less than the ante of 7"
    ):
        replay(dumps(hh))
    # the field does not matter when every ante is posted in full
    deep = StudState("seven", ante7, [50, 50], seed=3)
    while deep.actor >= 0:
        deep.apply(deep.legal_actions()[-1])
    hh = to_phh(deep, full=True)
    hh.ante_trimming_status = False
    assert replay(dumps(hh)).stacks == deep.stacks


# -------------------------------------------------------------------- a hidden up card (R86)


def test_a_history_hiding_a_live_players_up_card_says_which_card_and_why():
    """R86: a history that hides a live player's up card is refused naming the card."""
    st = StudState("seven", Structure(1, 2, 4, 8), [100] * 3, seed=1)
    while st.actor >= 0:
        st.act("check" if legal(st)[0][0] == "check" else legal(st)[0][0] if legal(st)[0][0] == "bring_in" else "call")
    hh = to_phh(st, full=True)
    hh.actions[1] = hh.actions[1][:-2] + "??"  # p2's door card
    with pytest.raises(ValueError) as err:
        replay(hh)
    message = str(err.value)
    assert "hides p2's up card dealt on third street ('??')" in message and "fourth street" in message
    assert message.startswith("dealing fourth street after action 6") and "-4" not in message
    hh = to_phh(st, full=True)
    hh.actions[7] = hh.actions[7][:-2] + "??"  # p2's fourth-street card
    with pytest.raises(ValueError, match="hides p2's up card dealt on fourth street"):
        replay(hh)


# -------------------------------------------------------------------- one state, many threads (R87)


def test_threads_sharing_a_state_conserve_chips_and_write_a_valid_history():
    """R87: act, apply and time_out hold the state's lock: threads sharing a state take turns."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: a race shows at once
    try:
        for seed in range(20):
            st = StudState("seven", S, [100, 100, 100], seed=seed)

            def hammer(k: int, st: StudState = st, seed: int = seed) -> None:
                rng = random.Random(seed * 10 + k)
                while st.actor >= 0:
                    with contextlib.suppress(ValueError, IndexError):  # another thread acted first:
                        st.apply(rng.choice(st.legal_actions()))  # a stale action is refused

            threads = [threading.Thread(target=hammer, args=(k,)) for k in range(6)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sum(st.stacks) == 300 and st.finished
            replays(st)
    finally:
        sys.setswitchinterval(interval)


def test_a_state_copies_and_pickles_with_a_lock_of_its_own():
    """R87: copies and pickles hold the hand, each with its own lock."""
    st = StudState("stud8", S, [100, 100, 100], seed=4)
    st.act("bring_in")
    for twin in (copy.deepcopy(st), pickle.loads(pickle.dumps(st))):
        assert snapshot(twin) == snapshot(st) and twin._lock is not st._lock
        twin.act("fold")
        assert twin.folded != st.folded and snapshot(twin) != snapshot(st)


def test_a_snapshot_tells_every_change_of_the_hand():
    """R33's check itself: the snapshot the refusal tests compare differs once anything in
    the hand changes (a stack, the cards left in the deck, the log), and not otherwise."""
    st = StudState("seven", S, [100, 100, 100], seed=4)
    before = snapshot(st)
    assert snapshot(st) == before
    st.stacks[0] -= 1
    assert snapshot(st) != before
    st.stacks[0] += 1
    assert snapshot(st) == before
    st.deck.draw(0, "", ())
    assert snapshot(st) != before
    st = StudState("seven", S, [100, 100, 100], seed=4)
    st.log.append(st.log[-1])
    assert snapshot(st) != before
