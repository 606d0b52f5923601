"""The table rules R1-R55 of docs/rules.md (the seven and five card stud rules), each as a
scenario with a stacked deck; each test's docstring names the rules it shows.

Structure in all scenarios: ante 1, bring-in 2, small bet 5, big bet 10. Seats are numbered
from the dealer's left (seat 0 = p1).
"""

from __future__ import annotations

import random

import pytest
from table_helpers import S, legal, play, refused, table

from studeval.cards import format_cards, parse_cards
from studeval.evaluate import evaluate
from studeval.game import PRESETS, Structure, StudState, dumps, replay, settle_pots, to_phh
from studeval.game.betting import best_showing

# -------------------------------------------------------------------- structures (R7, R32)


def test_structure_presets_are_sane_and_in_the_shape_of_the_limit_tables():
    """R32: any structure that can be dealt."""
    for name, s in PRESETS.items():
        assert s.ante < s.bring_in < s.small_bet < s.big_bet == 2 * s.small_bet, name
        assert s.max_seats == 8
        assert s.check_buy_in(s.min_buy_in) == s.min_buy_in


def test_buy_in_checks_no_short_buys():
    """R7: buy-ins inside the structure's limits, no short buys."""
    s = PRESETS["1/2"]
    with pytest.raises(ValueError, match="below the minimum"):
        s.check_buy_in(s.min_buy_in - 1)
    with pytest.raises(ValueError, match="above the maximum"):
        s.check_buy_in(s.max_buy_in + 1)
    with pytest.raises(TypeError):
        s.check_buy_in("1000")


@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players(players):
    """R11: two to eight players."""
    with pytest.raises(ValueError, match="seats 2..8"):
        StudState("seven", S, [100] * players, seed=1)


def test_bad_structures_are_refused():
    """R32: any structure that can be dealt."""
    with pytest.raises(ValueError, match="negative"):
        Structure(ante=-1, bring_in=2, small_bet=5, big_bet=10)
    with pytest.raises(ValueError, match="bring-in"):
        Structure(ante=1, bring_in=0, small_bet=5, big_bet=10)
    with pytest.raises(ValueError, match="big bet"):
        Structure(ante=1, bring_in=2, small_bet=5, big_bet=4)
    with pytest.raises(ValueError, match="limit"):
        Structure(ante=1, bring_in=2, small_bet=5, big_bet=10**16)
    with pytest.raises(ValueError, match="small bet"):
        Structure(ante=1, bring_in=6, small_bet=5, big_bet=10)  # small bet below the force
    with pytest.raises(TypeError):
        Structure(ante=1.5, bring_in=2, small_bet=5, big_bet=10)


# -------------------------------------------------------------------- antes, dealing, burns


def test_antes_and_first_deal_seven_two_down_one_up():
    """R1, R15: seven card stud deals two down and one up, one at a time from the dealer's left;
    every player antes.
    """
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    assert st.pot == 3 and st.stacks == [999, 999, 999]
    assert [format_cards(d) for d in st.down] == ["As Ad", "Ks Kd", "Qs Qd"]
    assert [format_cards(u) for u in st.up] == ["Kh", "2d", "2c"]


def test_first_deal_five_one_down_one_up():
    """R8: five card stud deals one down and one up."""
    st = table("five", [["As Kh", "Ks 2d"]])
    assert [format_cards(d) for d in st.down] == ["As", "Ks"]
    assert [format_cards(u) for u in st.up] == ["Kh", "2d"]


def test_burn_card_before_every_street_but_the_first():
    """R9, R16: five card stud: three single up cards after the first deal; a burn card before
    every round but the first.
    """
    deck = parse_cards("2c 3d 4h 5s  6c  7d 8h  9c  Td Jh")
    st = StudState("five", S, [100, 100], deck=deck, seed=0)
    assert st.deck.burns == []
    play(st, "p1 bring_in", "p2 call")
    assert format_cards(st.deck.burns) == "6c"
    assert format_cards(st.up[0]) == "4h 7d"
    play(st, "p2 check", "p1 check")  # 8h showing beats 7d
    assert format_cards(st.deck.burns) == "6c 9c"
    assert format_cards(st.up[1]) == "5s 8h Jh"


def test_seventh_card_down_seven_card_stud():
    """R2: seven card stud: three single up cards, then the seventh card down."""
    st = StudState("seven", S, [100, 100], seed=3)
    while st.street < 4:
        st.act("call" if any(a.kind == "call" for a in st.legal_actions()) else st.legal_actions()[0].kind)
    assert len(st.down[0]) == 3 and len(st.up[0]) == 4


# -------------------------------------------------------------------- the bring-in


def test_bring_in_lowest_door_card_by_rank_then_suit_seven():
    """R17: the lowest door card brings in, by rank then suit."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    assert st.actor == 2  # 2c is lower than 2d: clubs are the lowest suit
    assert legal(st) == [("bring_in", 2), ("complete", 5)]


def test_bring_in_lowest_door_card_by_rank_then_suit_five():
    """R17: the lowest door card brings in, by rank then suit."""
    st = table("five", [["As 3h", "Ks 3d", "Qs 9c"]])
    assert st.actor == 1
    assert legal(st) == [("bring_in", 2), ("complete", 5)]


def test_bring_in_must_bet_may_not_check_or_fold():
    """R18: the bring-in must post or complete, not check or fold."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    refused(st, "check")
    refused(st, "fold")
    refused(st, "bet", 5)


def test_after_bring_in_players_may_call_it_or_complete():
    """R19: after the bring-in: fold, call it or complete."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    play(st, "p3 bring_in")
    assert legal(st) == [("fold", 0), ("call", 2), ("complete", 5)]
    refused(st, "raise", 10)
    play(st, "p1 complete")
    assert legal(st) == [("fold", 0), ("call", 5), ("raise", 10)]


def test_bring_in_player_may_complete_then_raises_follow():
    """R18: the bring-in must post or complete, not check or fold."""
    st = table("five", [["As 3h", "Ks 3d", "Qs 9c"]])
    play(st, "p2 complete")
    assert st.pot == 3 + 5
    assert legal(st) == [("fold", 0), ("call", 5), ("raise", 10)]


def test_everyone_calls_the_bring_in_and_the_round_ends():
    """R19: after the bring-in: fold, call it or complete."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    play(st, "p3 bring_in", "p1 call", "p2 call")
    assert st.street == 1 and st.pot == 9


def test_no_big_bets_on_the_first_round():
    """R21: no big bet on the first round."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    play(st, "p3 complete")
    refused(st, "raise", 15)
    play(st, "p1 raise 10")


# -------------------------------------------------------------------- who acts on later streets


def _tie_deal() -> list[list[str]]:
    # p1 and p2 both show K-7 on fourth street; p3 shows 2-3.
    return [["2h 3h Kh", "4h 5h Ks", "6h 8h 2c"], ["7c", "7d", "3c"]]


def test_best_showing_hand_acts_first_pair_beats_ace():
    """R22: the best showing hand acts first (pairs and kickers only)."""
    st = table("seven", [["2h 3h Ah", "4h 5h Ks", "6h 8h 2c"], ["Kc", "7d", "2d"]])
    play(st, "p3 bring_in", "p1 call", "p2 call")
    assert st.actor == 2  # 2-2 beats A-K and K-7


def test_tie_for_best_showing_dealer_left_acts_default():
    """R24: showing ties: dealer's left, or suits by option."""
    st = table("seven", _tie_deal())
    play(st, "p3 bring_in", "p1 call", "p2 call")
    assert st.actor == 0  # K-7 against K-7: the player closest to the dealer's left


def test_tie_for_best_showing_suits_option():
    """R24: showing ties: dealer's left, or suits by option."""
    st = table("seven", _tie_deal(), tie_rule="suits")
    play(st, "p3 bring_in", "p1 call", "p2 call")
    assert st.actor == 1  # Ks beats Kh: spades rank highest


def test_tie_rule_suits_in_five_card_stud():
    """R24: showing ties: dealer's left, or suits by option."""
    st = table("five", [["2h Kh", "4h Ks", "6h 2c"], ["7c", "7d", "3c"]], tie_rule="suits")
    play(st, "p3 bring_in", "p1 call", "p2 call")
    assert st.actor == 1
    st = table("five", [["2h Kh", "4h Ks", "6h 2c"], ["7c", "7d", "3c"]])
    play(st, "p3 bring_in", "p1 call", "p2 call")
    assert st.actor == 0


def test_check_and_check_raise():
    """R25: check, bet, call, raise, fold, check-raise."""
    st = table("seven", _tie_deal())
    play(st, "p3 bring_in", "p1 call", "p2 call", "p1 check", "p2 bet 5")
    play(st, "p3 call", "p1 raise 10")  # check-raise
    assert st.round.high == 10


# -------------------------------------------------------------------- small and big bets, open pair


def test_small_bets_early_big_bets_later_seven():
    """R3: small bets on the first two rounds, big bets after (seven card stud)."""
    st = table("seven", [["2h 3h Ah", "4h 5h Ks"], ["7c", "8d"], ["9c", "Td"]])
    play(st, "p2 bring_in", "p1 call")  # 3rd street
    assert ("bet", 5) in legal(st) and ("bet", 10) not in legal(st)  # 4th street: small
    play(st, "p1 check", "p2 check")
    assert ("bet", 10) in legal(st) and ("bet", 5) not in legal(st)  # 5th street: big


def test_small_bets_early_big_bets_later_five():
    """R10: small bets on the first two rounds, big bets after (five card stud)."""
    st = table("five", [["2h Ah", "4h Ks"], ["7c", "8d"], ["9c", "Td"]])
    play(st, "p2 bring_in", "p1 call")
    assert ("bet", 5) in legal(st) and ("bet", 10) not in legal(st)  # 3rd street
    play(st, "p1 check", "p2 check")
    assert ("bet", 10) in legal(st) and ("bet", 5) not in legal(st)  # 4th street


def _open_pair(game: str) -> StudState:
    first = [["As Ad 2c", "Ks Kd 9h"]] if game == "seven" else [["As 2c", "Ks 9h"]]
    st = table(game, first + [["3c", "9d"]])
    play(st, "p1 bring_in", "p2 call")
    return st


@pytest.mark.parametrize("game", ["seven", "five"])
def test_open_pair_allows_the_big_bet(game):
    """R4, R12: an open pair on the second betting round (fourth street in seven card stud,
    third street in five card stud) allows the big bet.
    """
    st = _open_pair(game)
    assert st.actor == 1  # the open nines act first
    assert legal(st) == [("check", 0), ("bet", 5), ("bet", 10)]


@pytest.mark.parametrize("game", ["seven", "five"])
def test_open_pair_small_bet_then_small_or_big_raise(game):
    """R5, R13: after a small open-pair bet, raises may be small or big until one is big (seven
    and five card stud).
    """
    st = _open_pair(game)
    play(st, "p2 bet 5")
    assert legal(st) == [("fold", 0), ("call", 5), ("raise", 10), ("raise", 15)]
    play(st, "p1 raise 10")  # small raise: still small or big
    assert legal(st) == [("fold", 5), ("call", 10), ("raise", 15), ("raise", 20)]
    play(st, "p2 raise 20")  # big raise
    assert legal(st) == [("fold", 10), ("call", 20), ("raise", 30)]  # once big, always big
    refused(st, "raise", 25)


@pytest.mark.parametrize("game", ["seven", "five"])
def test_open_pair_once_big_always_big(game):
    """R5, R13: after a small open-pair bet, raises may be small or big until one is big (seven
    and five card stud).
    """
    st = _open_pair(game)
    play(st, "p2 bet 10")
    assert legal(st) == [("fold", 0), ("call", 10), ("raise", 20)]
    refused(st, "raise", 15)


def test_open_pair_of_a_folded_player_does_not_count():
    """R6: a folded player's pair does not open the big bet."""
    st = table("seven", [["As Ad 2c", "Ks Kd 9h", "Qs Qd 3h"], ["4c", "9d", "5h"]])
    play(st, "p1 bring_in", "p2 call", "p3 call")
    assert st.round.open_pair
    st = table("seven", [["As Ad 2c", "Ks Kd 9h", "Qs Qd 3h"], ["4c", "5h"]])
    play(st, "p1 bring_in", "p2 fold", "p3 call")
    assert not st.round.open_pair and ("bet", 10) not in legal(st)


# -------------------------------------------------------------------- the raise cap


def test_three_way_cap_one_bet_and_three_raises():
    """R27: the cap: one bet and three raises (raise_cap)."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p3 raise 15", "p1 raise 20")
    assert legal(st) == [("fold", 10), ("call", 20)]  # capped: the bring-in and completion are not raises
    refused(st, "raise", 25)
    play(st, "p2 call", "p3 call")
    assert st.street == 1


def test_three_way_cap_on_a_later_street():
    """R27: the cap: one bet and three raises (raise_cap)."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"], ["7h", "8h", "9h"], ["7c", "8c", "9c"]])
    play(st, "p3 bring_in", "p1 call", "p2 call")
    play(st, "p1 bet 5", "p2 raise 10", "p3 raise 15", "p1 raise 20")
    assert legal(st) == [("fold", 10), ("call", 20)]


def test_heads_up_raises_are_unlimited():
    """R28: no cap heads-up (cap_heads_up by option)."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2c"]])
    play(st, "p2 complete")
    for k in range(12):
        to = 10 + 5 * k
        play(st, f"p{1 + k % 2} raise {to}")
    assert legal(st) == [("fold", 60), ("call", 65), ("raise", 70)]


def test_cap_lifts_when_a_fold_leaves_two_players():
    """R28: no cap heads-up (cap_heads_up by option): a fold before the cap leaves the two
    players uncapped; a round capped before the fold is uncapped only with cap_after_fold="lifted"."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p3 fold", "p1 raise 15", "p2 raise 20", "p1 raise 25")
    assert ("raise", 30) in legal(st)
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]], cap_after_fold="lifted")
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p3 raise 15", "p1 raise 20", "p2 fold")
    assert ("raise", 25) in legal(st)


def test_raise_cap_option():
    """R27: the cap: one bet and three raises (raise_cap)."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]], raise_cap=1)
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10")
    assert legal(st) == [("fold", 2), ("call", 10)]
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]], raise_cap=None)
    play(st, "p3 bring_in", "p1 complete", "p2 raise 10", "p3 raise 15", "p1 raise 20", "p2 raise 25")


# -------------------------------------------------------------------- all-in and side pots


def test_all_in_for_less_than_the_bring_in():
    """R29: all-in for less; no bet nobody can call."""
    st = table("seven", [["As Ad 2c", "Ks Kd 9h"]], stacks=[2, 100])
    assert legal(st) == [("bring_in", 1)]  # one chip left after the ante
    play(st, "p1 bring_in")
    assert legal(st) == [("fold", 0), ("call", 1)]  # nobody left to raise against


def test_all_in_call_for_less_and_three_level_side_pots():
    """R30: unmatched chips returned, side pots per all-in level."""
    hands = {  # quads > queens full > jacks full > a straight; the shortest stack holds the best hand
        0: "As Ad Ah Ac Kd Kh 7s",
        1: "Ks Kc Qh Qs Qd 3c 4d",
        2: "Js Jd Jh 9s 9d 5c 6c",
        3: "8c 4h 2c 5d 6d 7d Td",
    }
    cards = {i: h.split() for i, h in hands.items()}
    streets = [[" ".join(cards[i][:3]) for i in range(4)]] + [[cards[i][k] for i in range(4)] for k in range(3, 7)]
    st = table("seven", streets, stacks=[8, 14, 30, 100])
    while st.actor >= 0:  # everyone takes the most aggressive action offered
        st.apply(st.legal_actions()[-1])
    assert st.finished
    assert [p.amount for p in st.pots] == [32, 18, 32]
    assert [p.winners for p in st.pots] == [(0,), (1,), (2,)]
    assert [p.eligible for p in st.pots] == [(0, 1, 2, 3), (1, 2, 3), (2, 3)]
    assert st.stacks == [32, 18, 32, 70]
    assert st.returned[3] == st.totals[3] - 30  # p4's chips above p3's all-in come back


def test_settle_three_levels_and_folded_chips():
    """R30: unmatched chips returned, side pots per all-in level."""
    r = settle_pots(
        [10, 30, 60, 60, 25], ["7c 7d 7h 2c 2h", "As Ks Qs Js 9s", "2d 3h 4s 5c 7s", "Ac Kc Qd Jd 9h", None]
    )
    assert [p.amount for p in r.pots] == [50, 75, 60]
    assert [p.eligible for p in r.pots] == [(0, 1, 2, 3), (1, 2, 3), (2, 3)]
    assert [p.winners for p in r.pots] == [(0,), (1,), (3,)]
    assert r.payouts == [50, 75, 0, 60, 0] and sum(r.payouts) == 185


def test_settle_refuses_bad_input():
    with pytest.raises(ValueError, match="two hands"):
        settle_pots([5, 5], ["As Ks Qs Js 9s", "As Kd Qd Jd 9d"])
    with pytest.raises(ValueError, match="negative"):
        settle_pots([-5, 5], ["As Ks Qs Js 9s", "Ad Kd Qd Jd 8d"])
    with pytest.raises(ValueError, match="every hand folded"):
        settle_pots([5, 5], [None, None])


# -------------------------------------------------------------------- uncalled bets, showdown


def test_uncalled_bet_returned_and_winner_not_shown():
    """R39: an uncalled winner takes the pot unshown, the uncalled bet returned."""
    st = table("five", [["As 2c", "Ks 9h"], ["3c", "8d"], ["4c", "7d"]])
    play(st, "p1 bring_in", "p2 call", "p2 check", "p1 check", "p2 bet 10", "p1 fold")
    assert st.returned == [0, 10]
    assert st.pots[0].amount == 6 and st.stacks == [997, 1003]
    assert not any(st.shown)
    assert not any(a.endswith(" sm") or " sm " in a for a in to_phh(st).actions)


def _river_three(game: str = "seven") -> StudState:
    streets = [
        ["2h 3h Kh", "4h 5h Ks", "6h 8h 2c"],
        ["7c", "7d", "3c"],
        ["Jc", "Jd", "4c"],
        ["Tc", "9d", "5d"],
        ["2s", "3s", "4s"],
    ]
    return table(game, streets)


def test_showdown_order_last_aggressor_shows_first():
    """R38: showdown order: the last aggressor shows first."""
    st = _river_three()
    play(st, "p3 bring_in", "p1 call", "p2 call")
    for _ in range(3):
        while st.street < 4 and st.actor >= 0 and ("check", 0) in legal(st):
            st.act("check")
    assert st.street == 4
    first = st.actor
    st.act("check")
    bettor = st.actor
    st.act("bet", 10)
    while st.actor >= 0:
        st.act("call")
    shows = [e[1] for e in st.log if e[0] == "sm"]
    assert shows[0] == bettor != first
    assert shows == [(bettor + k) % 3 for k in range(3)]


def test_showdown_order_all_checked_first_to_act_shows_first():
    """R38: showdown order: the last aggressor shows first."""
    st = _river_three()
    play(st, "p3 bring_in", "p1 call", "p2 call")
    while st.street < 4:
        st.act("check")
    first = st.actor
    while st.actor >= 0:
        st.act("check")
    shows = [e[1] for e in st.log if e[0] == "sm"]
    assert shows[0] == first


def test_losing_hands_may_muck_and_stay_hidden():
    """R40: show or muck: automatic, or chosen by option."""
    st = _river_three()
    play(st, "p3 bring_in", "p1 call", "p2 call")
    while st.actor >= 0:
        st.act("check")
    values = {i: evaluate(st.hand(i)) for i in range(3)}
    winner = max(values, key=values.get)
    assert st.shown[winner] and st.pots[0].winners == (winner,)
    order = [e[1] for e in st.log if e[0] == "sm"]
    assert st.shown[order[0]]  # the first to show must show
    for i in range(3):
        assert st.shown[i] or st.mucked[i]
        if st.mucked[i]:
            assert st.view(None).down_cards[i] is None
        else:
            assert st.view(None).down_cards[i] == tuple(st.down[i])


def test_cards_speak_best_five_of_seven_wins():
    """R37: cards speak: the best five-card hand wins."""
    # p3's down cards make a flush the board never showed; the dealer reads it
    streets = [
        ["Ah Ad As", "Kh Kd Ks", "9c 8c 2c"],
        ["Qh", "Qd", "3c"],
        ["Jh", "Jd", "Th"],
        ["2d", "2h", "4d"],
        ["5h", "5s", "6c"],
    ]
    st = table("seven", streets)
    play(st, "p3 bring_in", "p1 call", "p2 call")
    while st.actor >= 0:
        st.act("check")
    assert st.pots[0].winners == (2,)
    assert evaluate(st.hand(2)) > evaluate(st.hand(0))


def _split(odd_chip: str) -> StudState:
    st = table("five", [["Ac Kd", "As Kh", "Qs 2c"], ["9c", "9d", "5h"], ["7h", "7s"], ["3s", "3c"]], odd_chip=odd_chip)
    play(st, "p3 bring_in", "p1 call", "p2 call", "p1 bet 5", "p2 call", "p3 fold")
    while st.actor >= 0:
        st.act("check")
    return st


def test_split_pot_odd_chip_to_highest_card_by_suit_default():
    """R41, R42: equal hands split the pot; the odd chip by the cards (highest card), or dealer's
    left by option.
    """
    st = _split("high_card")
    assert st.pots[0].amount == 19 and st.pots[0].winners == (0, 1)
    assert st.payouts == [9, 10, 0]  # p2 holds the ace of spades


def test_split_pot_odd_chip_first_left_of_dealer_option():
    """R42: the odd chip by the cards (highest card), or dealer's left by option."""
    st = _split("dealer_left")
    assert st.payouts == [10, 9, 0]


def test_chips_conserved_in_scenarios():
    """R36: chips are conserved."""
    st = _split("high_card")
    assert sum(st.stacks) == 3000


# -------------------------------------------------------------------- time-outs (R48, R49)


def test_time_out_without_a_bet_folds_the_hand():
    """R49, R53: a time-out with only the ante in folds; what PHH has no line for (community card,
    time-out, options) in studeval's own form.
    """
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    play(st, "p3 bring_in")
    st.time_out()  # p1 has only anted
    assert st.folded[0] and st.actor == 1
    assert any(a.startswith("# p1 time-out") for a in to_phh(st).actions)


def test_time_out_after_betting_is_all_in_for_what_is_in():
    """R48: a time-out after betting is all-in for what is in."""
    streets = [
        ["As Ad Ah", "Ks Kd 2d", "Qs Qd 2c"],
        ["7h", "8h", "9h"],
        ["7c", "8c", "9c"],
        ["7d", "8d", "9d"],
        ["6s", "5s", "4s"],
    ]
    st = table("seven", streets)
    play(st, "p3 bring_in", "p1 call", "p2 call")
    play(st, "p1 check", "p2 bet 5", "p3 call")  # fourth street: p1's A-7 acts first
    st.time_out()  # p1 called the bring-in: all-in for the 3 already in
    assert st.frozen[0] and not st.folded[0] and st.stacks[0] == 997
    while st.actor >= 0:
        st.act(st.legal_actions()[-1].kind, st.legal_actions()[-1].to)
    # p1 holds trip aces: wins the main pot (3 x 3 chips) and nothing beyond it
    assert st.pots[0].winners == (0,) and st.pots[0].amount == 9
    assert st.stacks[0] == 997 + 9
    assert sum(st.stacks) == 3000


def test_time_out_histories_replay():
    """R51: a recorded hand replays to the same stacks."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    play(st, "p3 bring_in", "p1 call", "p2 call")
    st.time_out()
    while st.actor >= 0:
        st.act(st.legal_actions()[0].kind)
    assert replay(dumps(to_phh(st, full=True))).stacks == st.stacks


# -------------------------------------------------------------------- deck exhaustion (R43-R46)


def _calling_station_to_river(st: StudState) -> None:
    while st.actor >= 0:
        kinds = [a.kind for a in st.legal_actions()]
        st.act("call" if "call" in kinds else "bring_in" if "bring_in" in kinds else "check")


def test_deck_exhaustion_eight_players_get_one_community_card():
    """R45, R53: running out of cards: one community card; what PHH has no line for (community
    card, time-out, options) in studeval's own form.
    """
    for seed in range(5):
        st = StudState("seven", S, [1000] * 8, seed=seed)
        _calling_station_to_river(st)
        assert st.community >= 0
        assert all(len(d) == 2 and len(u) == 4 for d, u in zip(st.down, st.up, strict=False))
        dealt = {c for i in range(8) for c in st.down[i] + st.up[i]}
        assert st.community not in dealt
        assert all(len(st.hand(i)) == 7 for i in range(8))
        assert sum(st.stacks) == 8000
        text = dumps(to_phh(st, full=True))
        assert "d db " in text
        assert replay(text).stacks == st.stacks


def _fold_one(st: StudState, street: int) -> int:
    """Calling stations, except that the first player to act on ``street`` folds to a bet."""
    folded = -1
    while st.actor >= 0:
        kinds = [a.kind for a in st.legal_actions()]
        if st.street == street and folded < 0:
            if "fold" in kinds:
                folded = st.actor
                st.act("fold")
                continue
            if "bet" in kinds:
                st.act("bet", st.legal_actions()[1].to)
                continue
        st.act("call" if "call" in kinds else "bring_in" if "bring_in" in kinds else "check")
    return folded


def test_deck_exhaustion_burns_reshuffled_when_they_give_everyone_a_card():
    """R44, R46: running out of cards: burns shuffled in when that gives everyone a card; folded
    cards are never dealt again.
    """
    for seed in range(5):
        st = StudState("seven", S, [1000] * 8, seed=seed)
        quitter = _fold_one(st, 0)  # folded with 3 cards: 3 burns + 4 left = 7 cards for 7 players
        assert quitter >= 0
        assert st.community < 0
        live = [i for i in range(8) if not st.folded[i]]
        sevenths = [st.down[i][2] for i in live]
        assert len(set(sevenths)) == 7
        folded_cards = set(st.down[quitter] + st.up[quitter])
        assert not folded_cards & set(sevenths)  # folded cards are never dealt again
        earlier = {c for i in live for c in st.down[i][:2] + st.up[i]}
        assert not earlier & set(sevenths)
        assert replay(dumps(to_phh(st, full=True))).stacks == st.stacks


def test_deck_exhaustion_community_card_when_burns_are_too_few():
    """R45: running out of cards: one community card."""
    for seed in range(5):
        st = StudState("seven", S, [1000] * 8, seed=seed)
        quitter = _fold_one(st, 1)  # folded with 4 cards: 3 burns + 3 left = 6 cards for 7 players
        assert quitter >= 0
        assert st.community >= 0
        assert st.community not in set(st.down[quitter] + st.up[quitter])
        assert sum(st.stacks) == 8000


def test_no_exhaustion_with_seven_players():
    """R45: running out of cards: one community card."""
    st = StudState("seven", S, [1000] * 7, seed=1)
    _calling_station_to_river(st)
    assert st.community < 0 and all(len(d) == 3 for d in st.down)


# -------------------------------------------------------------------- refusals, views, randomness


def test_illegal_actions_raise_and_change_nothing():
    """R26, R33: fixed limit: bets and raises are exactly one bet; a refused action leaves the
    table as it was.
    """
    st = _open_pair("seven")
    refused(st, "call")  # nothing to call
    refused(st, "bet", 7)  # not a fixed-limit amount
    refused(st, "raise", 10)  # nothing to raise
    refused(st, "bet")  # two sizes: the amount is needed
    refused(st, "shove")
    refused(st, "bet", "10", TypeError)
    refused(st, 5, None, TypeError)
    play(st, "p2 bet 10", "p1 fold")
    refused(st, "check")
    with pytest.raises(ValueError):
        st.time_out()


def test_a_seat_view_never_holds_another_seats_down_cards():
    """R34: a seat's view never holds another seat's down cards."""
    st = StudState("seven", S, [100] * 4, seed=9)
    for seat in range(4):
        v = st.view(seat)
        assert v.down_cards[seat] == tuple(st.down[seat])
        assert all(v.down_cards[j] is None for j in range(4) if j != seat)
        assert v.up_cards == tuple(tuple(u) for u in st.up)
    assert all(d is None for d in st.view(None).down_cards)
    assert st.view(st.actor).legal_actions and not st.view((st.actor + 1) % 4).legal_actions
    with pytest.raises(ValueError):
        st.view(4)


def test_seeded_deals_repeat_and_default_shuffle_is_the_os_source():
    """R35: secure shuffles, seeded deals repeat."""
    a = StudState("seven", S, [100] * 8, seed=123)
    b = StudState("seven", S, [100] * 8, seed=123)
    assert a.down == b.down and a.up == b.up
    c = StudState("seven", S, [100] * 8)
    assert isinstance(c.deck.rng, random.SystemRandom)
    d = StudState("seven", S, [100] * 8)
    assert (c.down, c.up) != (d.down, d.up)  # 1 in ~1e30 to fail by chance


def test_stacked_deck_refuses_repeats():
    with pytest.raises(ValueError, match="duplicate|repeated"):
        StudState("five", S, [100, 100], deck="2c 2c")


def test_bring_in_duty_passes_on_when_the_bring_in_times_out():
    """R20: the bring-in duty passes on from an all-in or timed-out player."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]])
    st.time_out()  # p3 has only anted: the hand is folded
    assert st.folded[2] and st.actor == 0
    assert legal(st) == [("bring_in", 2), ("complete", 5)]


def test_bring_in_all_in_from_the_ante_passes_the_duty_on():
    """R20: the bring-in duty passes on from an all-in or timed-out player."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]], stacks=[100, 100, 1])
    assert st.stacks[2] == 0 and st.actor == 0
    assert legal(st) == [("bring_in", 2), ("complete", 5)]


def test_short_all_in_raise_does_not_reopen_the_betting_full_bet_option():
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2d", "Qs Qd 2c"]], stacks=[100, 9, 100], all_in_rule="full_bet")
    play(st, "p3 bring_in", "p1 complete", "p2 raise 8")  # all-in, 3 more: not a full raise
    assert legal(st) == [("fold", 2), ("call", 8), ("complete", 10)]  # p3 has not acted since
    play(st, "p3 call")
    assert legal(st) == [("fold", 5), ("call", 8)]  # p1 already acted on the full bet


def test_deal_starts_at_the_dealers_left_and_goes_clockwise():
    """R1: seven card stud deals two down and one up, one at a time from the dealer's left."""
    # one card at a time: p1's first down card is the top card, p2's the next, ...
    st = StudState("seven", S, [100] * 3, deck="2c 3c 4c  5c 6c 7c  8c 9c Tc", seed=0)
    assert [format_cards(d) for d in st.down] == ["2c 5c", "3c 6c", "4c 7c"]
    assert [format_cards(u) for u in st.up] == ["8c", "9c", "Tc"]


def test_showing_hands_rank_pairs_and_kickers_not_straights_or_flushes():
    """R22: the best showing hand acts first (pairs and kickers only)."""
    # p1 shows 5-6-7-8 of hearts by sixth street: no pair, so it ranks as eight high
    streets = [["Ah Kd 5h", "Ac Kc 2c", "Qh Qd 9s"], ["6h", "2d", "9d"], ["7h", "3s", "4c"], ["8h", "4s", "Ts"]]
    st = table("seven", streets)
    play(st, "p2 bring_in", "p3 call", "p1 call")
    assert st.actor == 2  # 9-9 showing
    play(st, "p3 check", "p1 check", "p2 check")
    assert st.actor == 2  # 9-9-4 beats 2-2-3 (the higher pair) and 5-6-7 of hearts (no pair)
    play(st, "p3 check", "p1 check", "p2 check")
    assert st.actor == 2  # 9-9-T-4 first; p1's four-card straight flush counts as eight high
    assert best_showing(st.up, [0, 1]) == 1  # even a pair of deuces beats it


def test_two_pair_showing_beats_one_pair_and_trips_beat_two_pair():
    """R22: the best showing hand acts first (pairs and kickers only)."""
    streets = [["Ah Kd 5h", "Ac Kc 2c", "Qh Qd 9s"], ["5d", "2d", "Ts"], ["7h", "3s", "9c"]]
    st = table("seven", streets)
    play(st, "p2 bring_in", "p3 call", "p1 call")
    assert st.actor == 0  # 5-5 beats 2-2 and T-9
    play(st, "p1 check", "p2 check", "p3 check")
    assert st.actor == 2  # T-9-9 (a pair of nines) beats 5-5-7 and 2-2-3


def test_cards_speak_ace_plays_low_in_a_straight():
    """R14: the ace plays high, or low in 5-4-3-2-A."""
    st = table("five", [["Ah 2c", "Kd Kh"], ["3d", "9c"], ["4s", "7d"], ["5c", "8s"]])
    play(st, "p1 bring_in", "p2 call")
    while st.actor >= 0:
        st.act("check")
    assert st.pots[0].winners == (0,)  # 5-4-3-2-A beats a pair of kings


def test_everyone_all_in_on_the_antes_deals_out_to_showdown():
    """R29: all-in for less; no bet nobody can call."""
    st = StudState("seven", S, [1, 1, 1], seed=4)
    assert st.finished and st.actor < 0
    assert all(len(st.hand(i)) == 7 for i in range(3))
    assert sum(st.stacks) == 3 and sum(st.payouts) == 3


def test_one_player_with_chips_left_does_not_bet_alone():
    """R29: all-in for less; no bet nobody can call."""
    st = StudState("five", S, [1, 1, 50], seed=4)
    assert st.finished  # the bring-in would have nobody to face: no betting at all
    assert sum(st.stacks) == 52 and st.stacks[2] >= 49
