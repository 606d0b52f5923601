"""The banked game: settlement, the table's dead-hand, misdeal, player-violation and
exposed-hold-card rules, advice, bad input and the command line."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from studeval import caribbean
from studeval.cards import format_card, parse_cards
from studeval.caribbean import (
    QUALIFYING_VALUE,
    STANDARD_PAYTABLE,
    PayTable,
    Round,
    Table,
    advise,
    dealer_qualifies,
    settle_hand,
)
from studeval.evaluate import evaluate, evaluate_batch

# ---------------------------------------------------------------------------------------------
# settlement


def test_fold_loses_the_ante_whatever_the_dealer_holds():
    """R58: fold (losing the ante) or raise twice the ante."""
    s = settle_hand("2c 3d 5h 8s Tc", "Qs Jh 9c 7d 4s", ante=5, raised=False)
    assert (s.outcome, s.ante, s.raise_bet, s.net) == ("fold", -5, 0, -5)


def test_dealer_not_qualifying_pays_the_ante_and_pushes_the_raise():
    """R70: a dealer who does not qualify: every ante paid, or winning antes only by option."""
    s = settle_hand("2c 3d 5h 8s Tc", "Qs Jh 9c 7d 4s", ante=5, raised=True)
    assert (s.outcome, s.ante, s.raise_bet, s.net) == ("dealer does not qualify", 5, 0, 5)
    # even when the non-qualifying dealer hand is better than the player's
    assert settle_hand("2c 3d 5h 8s Tc", "As Qh 9c 7d 4s", ante=5, raised=True).net == 5


def test_ace_king_qualifies_ace_queen_does_not():
    """R59: the dealer qualifies with ace-king or better."""
    assert dealer_qualifies("As Kd 4c 3h 2s")
    assert not dealer_qualifies("As Qd Jc 9h 8s")
    assert dealer_qualifies("2s 2d 4c 3h 7s")
    assert evaluate("As Kd 4c 3h 2s") == QUALIFYING_VALUE


@pytest.mark.parametrize(
    "hand, pays",
    [
        ("As Kd Qc 9h 8s", 1),  # ace-king beating the dealer's ace-king
        ("9s 9d 4c 3h 2s", 1),
        ("9s 9d 4c 4h 2s", 2),
        ("9s 9d 9c 4h 2s", 3),
        ("5s 6d 7c 8h 9s", 4),
        ("2h 6h 9h Jh Kh", 5),
        ("9s 9d 9c 4h 4s", 7),
        ("9s 9d 9c 9h 2s", 20),
        ("5h 6h 7h 8h 9h", 50),
        ("Th Jh Qh Kh Ah", 100),
    ],
)
def test_player_beating_a_qualifying_dealer_is_paid_by_the_table(hand, pays):
    """R60, R61: against a qualifying dealer: ante even money, raise by the pay table, ties push;
    the pay table.
    """
    s = settle_hand(hand, "Ac Kc Jd 7d 3c", ante=2, raised=True)
    assert (s.outcome, s.ante, s.raise_bet) == ("player wins", 2, 4 * pays)


def test_dealer_wins_takes_both_bets():
    """R60: against a qualifying dealer: ante even money, raise by the pay table, ties push."""
    s = settle_hand("9s 9d 4c 3h 2s", "Ks Kh Jd 7d 3c", ante=2, raised=True)
    assert (s.outcome, s.ante, s.raise_bet, s.net) == ("dealer wins", -2, -4, -6)


def test_tie_pushes_both_bets():
    """R60: against a qualifying dealer: ante even money, raise by the pay table, ties push."""
    s = settle_hand("As Kd 9c 7h 4s", "Ah Kc 9d 7s 4h", ante=2, raised=True)
    assert (s.outcome, s.net) == ("push", 0)


def test_each_bet_is_capped_at_the_maximum_payout():
    """R62: each bet's win capped at the maximum payout, in the wagers' unit."""
    s = settle_hand("Th Jh Qh Kh Ah", "Ac Kc Jd 7d 3c", ante=100, raised=True)  # raise would win 20,000
    assert (s.ante, s.raise_bet) == (100, 5000)
    s = settle_hand("Th Jh Qh Kh Ah", "Ac Kc Jd 7d 3c", ante=100, raised=True, max_payout=60)
    assert (s.ante, s.raise_bet) == (60, 60)


def test_after_a_change_the_top_hands_pay_half_and_the_change_wager_is_lost():
    """R63: after a change the top hands pay half."""
    quads = settle_hand("9s 9d 9c 9h 2s", "Ac Kc Jd 7d 3c", ante=2, raised=True, changed=True)
    assert (quads.ante, quads.raise_bet, quads.change, quads.net) == (2, 40, -2, 40)
    royal = settle_hand("Th Jh Qh Kh Ah", "Ac Kc Jd 7d 3c", ante=1, raised=True, changed=True)
    assert royal.raise_bet == 100
    flush = settle_hand("2h 6h 9h Jh Kh", "Ac Kc Jd 7d 3c", ante=1, raised=True, changed=True)
    assert flush.raise_bet == 10  # not halved
    fold = settle_hand("2c 3d 5h 8s Tc", "Qs Jh 9c 7d 4s", ante=1, raised=False, changed=True)
    assert fold.net == -2


def test_odd_pay_tables_are_exact():
    """R61: the pay table."""
    table = PayTable.parse("1,2,3,4,5,7,25,45,99")
    s = settle_hand("9s 9d 9c 9h 2s", "Ac Kc Jd 7d 3c", ante=1, raised=True, changed=True, paytable=table)
    assert s.raise_bet == 25  # 2 * 12.5


def test_dead_hand_pushes():
    """R64: a player dealt the wrong number of cards has a dead hand."""
    s = settle_hand("As Kd 9c 7h", "Ah Kc 9d 7s 4h", ante=2, raised=True)
    assert (s.outcome, s.net) == ("dead hand", 0)
    s = settle_hand("As Kd 9c 7h 4s 3s", "Ah Kc 9d 7s 4h", ante=2, raised=True)
    assert s.outcome == "dead hand"


# ---------------------------------------------------------------------------------------------
# the table


def test_table_deals_distinct_cards_reproducibly():
    """R56: the casino game deals five cards each, one dealer card up, up to seven seats."""
    a = Table(seed=11).deal(dict.fromkeys(range(1, 8), 1))
    b = Table(seed=11).deal(dict.fromkeys(range(1, 8), 1))
    cards = [c for seat in a.seats.values() for c in seat.cards] + a.dealer
    assert len(cards) == len(set(cards)) == 40
    assert [s.cards for s in a.seats.values()] == [s.cards for s in b.seats.values()]
    assert a.dealer_up == a.dealer[0]
    # the default shuffle is the secure one: two tables almost surely differ
    c, d = Table().deal({1: 1}), Table().deal({1: 1})
    assert c.seats[1].cards + c.dealer != d.seats[1].cards + d.dealer


def test_round_change_decide_settle():
    """R57: the one-card change costs a wager equal to the ante."""
    r = Round.from_cards({1: "9s 9d 9c 4h 2s", 3: "2c 3d 5h 8s Tc"}, "Ac Kc Jd 7d 3c", antes={1: 2, 3: 5}, stub="9h Qd")
    assert format_card(r.change(1, "4h")) == "9h"
    with pytest.raises(ValueError, match="already changed"):
        r.change(1, "2s")
    r.decide(1, "raise")
    r.decide(3, False)
    with pytest.raises(ValueError, match="already decided"):
        r.decide(3, True)
    out = r.settle()
    assert (out[1].outcome, out[1].raise_bet, out[1].change, out[1].net) == ("player wins", 40, -2, 40)
    assert out[3].net == -5
    with pytest.raises(ValueError, match="settled"):
        r.decide(1, "fold")


def test_dealer_dealt_four_cards_gets_a_fifth():
    """R65: dealer misdeals: a fifth card for four, else every hand void."""
    r = Round.from_cards({1: "9s 9d 4c 3h 2s"}, "Ks Kh Jd 7d", antes={1: 1}, stub="3c 4d")
    assert not r.voided and len(r.dealer) == 5 and r.dealer[-1] == parse_cards("3c")[0]
    r.decide(1, True)
    assert r.settle()[1].outcome == "dealer wins"


@pytest.mark.parametrize("dealer", ["Ks Kh Jd", "Ks Kh Jd 7d 3c 4d", ""])
def test_any_other_dealer_misdeal_voids_every_hand(dealer):
    """R65: dealer misdeals: a fifth card for four, else every hand void."""
    r = Round.from_cards({1: "9s 9d 4c 3h 2s", 2: "As Ad Ac 5h 5s"}, dealer, antes={1: 1, 2: 3})
    assert r.voided
    with pytest.raises(ValueError, match="void"):
        r.decide(1, True)
    assert {s: (x.outcome, x.net) for s, x in r.settle().items()} == {1: ("void", 0), 2: ("void", 0)}


def test_a_player_with_the_wrong_number_of_cards_has_a_dead_hand_only():
    """R64: a player dealt the wrong number of cards has a dead hand."""
    r = Round.from_cards({1: "9s 9d 4c 3h", 2: "As Ad Ac 5h 5s"}, "Ks Kh Jd 7d 3c", antes={1: 1, 2: 1})
    with pytest.raises(ValueError, match="dead"):
        r.decide(1, True)
    r.decide(2, True)
    out = r.settle()
    assert (out[1].outcome, out[1].net) == ("dead hand", 0)
    assert out[2].outcome == "player wins"


def test_table_without_the_change():
    """R57: the one-card change costs a wager equal to the ante."""
    r = Table(seed=1, one_card_change=False).deal({2: 1})
    with pytest.raises(ValueError, match="change"):
        r.change(2, r.seats[2].cards[0])


# ---------------------------------------------------------------------------------------------
# player violations (a killed hand forfeits) and an exposed hold card (every hand is void)


def _state(r):
    """Everything a refused action must leave as it was."""
    seats = {s: (list(x.cards), x.changed, x.decision, x.violation) for s, x in r.seats.items()}
    return (seats, list(r.dealer), list(r.stub), r.void_reason, r.exposed_hold_card, r.settled)


def _three_seats(**kwargs):
    # seat 1 quads, seat 2 trips, seat 3 a pair of nines; the dealer qualifies with kings
    return Round.from_cards(
        {1: "9s 9d 9c 9h 2s", 2: "As Ad Ac 5h 4s", 3: "8s 8d 4c 3h 2h"},
        "Ks Kh Jd 7d 3c",
        antes={1: 2, 2: 5, 3: 1},
        stub="Qc Qd 6h",
        **kwargs,
    )


def test_a_killed_hand_forfeits_every_wager_even_when_it_beats_the_dealer():
    """R66: a hand killed for a violation forfeits every wager."""
    played, killed = _three_seats(), _three_seats()
    for r in (played, killed):
        r.change(1, "2s")  # draws Qc: still quads
        for seat in (1, 2, 3):
            r.decide(seat, "raise")
    killed.kill_hand(1, "exchanged information")
    assert killed.seats[1].violation == "exchanged information" and killed.seats[1].dead
    fair, out = played.settle(), killed.settle()
    assert fair[1].outcome == "player wins" and fair[1].net > 0
    assert (out[1].outcome, out[1].ante, out[1].raise_bet, out[1].change, out[1].net) == ("forfeit", -2, -4, -2, -8)
    assert out[1].player_value == evaluate("9s 9d 9c 9h Qc")
    # the other seats are settled exactly as without the violation
    assert out[2] == fair[2] and out[3] == fair[3]
    assert (out[2].outcome, out[3].outcome) == ("player wins", "dealer wins")


def test_a_hand_killed_before_deciding_loses_its_ante_and_takes_no_further_part():
    """R66: a hand killed for a violation forfeits every wager."""
    r = _three_seats()
    r.kill_hand(2)  # the default reason
    assert r.seats[2].violation == "player violation"
    before = _state(r)
    with pytest.raises(ValueError, match=r"seat 2's hand is dead \(player violation\): it cannot decide"):
        r.decide(2, "raise")
    with pytest.raises(ValueError, match="cannot change a card"):
        r.change(2, "5h")
    with pytest.raises(ValueError, match="already dead"):
        r.kill_hand(2, "again")
    assert _state(r) == before
    r.decide(1, "raise")  # the other seats play on
    out = r.settle()
    assert (out[2].outcome, out[2].ante, out[2].raise_bet, out[2].change, out[2].net) == ("forfeit", -5, 0, 0, -5)
    assert out[1].outcome == "player wins"
    assert out[3].outcome == "fold"  # never decided: folds, unaffected


def test_a_killed_hand_after_a_change_and_a_fold_loses_the_ante_and_the_change_wager():
    """R57, R66: the one-card change costs a wager equal to the ante; a hand killed for a violation
    forfeits every wager.
    """
    r = _three_seats()
    r.change(3, "2h")
    r.decide(3, "fold")
    r.kill_hand(3, "touched the cards after placing them")
    assert (r.settle()[3].outcome, r.settle()[3].net) == ("forfeit", -2)


def test_killing_a_hand_with_the_wrong_number_of_cards_forfeits_its_ante():
    """R64, R66: a player dealt the wrong number of cards has a dead hand; a hand killed for a
    violation forfeits every wager.
    """
    r = Round.from_cards({1: "9s 9d 4c 3h", 2: "As Ad Ac 5h 5s"}, "Ks Kh Jd 7d 3c", antes={1: 3, 2: 1})
    r.kill_hand(1)
    out = r.settle()
    assert (out[1].outcome, out[1].net, out[1].player_value) == ("forfeit", -3, None)
    assert out[2].outcome == "fold"


@pytest.mark.parametrize(
    "seat, reason, message",
    [
        (4, "player violation", "no player at seat 4"),
        (0, "player violation", "no player at seat 0"),
        (True, "player violation", "a seat is a number"),
        ("1", "player violation", "a seat is a number"),
        (1, "", "give the violation as text"),
        (1, "   ", "give the violation as text"),
        (1, None, "give the violation as text"),
    ],
)
def test_killing_a_hand_refuses_bad_input_and_changes_nothing(seat, reason, message):
    """R66: a hand killed for a violation forfeits every wager."""
    r = _three_seats()
    r.decide(1, "raise")
    before = _state(r)
    with pytest.raises(ValueError, match=message):
        r.kill_hand(seat, reason)
    assert _state(r) == before
    assert r.settle()[1].outcome == "player wins"


def test_no_hand_is_killed_after_settling_or_on_a_void_round():
    """R66: a hand killed for a violation forfeits every wager."""
    r = _three_seats()
    r.decide(1, "raise")
    out = r.settle()
    with pytest.raises(ValueError, match="already settled"):
        r.kill_hand(1)
    assert r.settle() is out and out[1].outcome == "player wins"
    misdeal = Round.from_cards({1: "9s 9d 4c 3h 2s"}, "Ks Kh Jd", antes={1: 1})
    with pytest.raises(ValueError, match=r"void \(dealer misdeal\)"):
        misdeal.kill_hand(1)
    assert misdeal.seats[1].violation is None and misdeal.settle()[1].outcome == "void"


def test_an_exposed_hold_card_voids_every_hand():
    """R67: an exposed hold card before No More Bets voids every hand."""
    r = _three_seats()
    r.kill_hand(3)  # a penalty already given stands
    r.expose_hold_card("7d")
    assert r.voided and r.void_reason == "hold card exposed"
    assert r.exposed_hold_card == parse_cards("7d")[0] and r.dealer_up is None
    out = r.settle()
    outcomes = {s: (x.outcome, x.ante, x.raise_bet, x.change, x.net) for s, x in out.items()}
    assert outcomes[1] == outcomes[2] == ("void", 0, 0, 0, 0)
    assert outcomes[3][0] == "forfeit" and outcomes[3][4] == -r.seats[3].ante < 0


def test_after_an_exposed_hold_card_the_round_refuses_further_play():
    """R67: an exposed hold card before No More Bets voids every hand."""
    r = _three_seats()
    r.expose_hold_card(parse_cards("Kh")[0])  # a card as an int is accepted too
    before = _state(r)
    for action in (
        lambda: r.change(1, "2s"),
        lambda: r.decide(1, "raise"),
        lambda: r.decide(2, False),
        lambda: r.kill_hand(1),
    ):
        with pytest.raises(ValueError, match=r"the deal is void \(hold card exposed\): all hands push"):
            action()
    with pytest.raises(ValueError, match=r"already void \(hold card exposed\)"):
        r.expose_hold_card("Jd")
    assert _state(r) == before
    assert all(x.net == 0 for x in r.settle().values())


@pytest.mark.parametrize(
    "act", [lambda r: r.change(2, "4s"), lambda r: r.decide(3, "fold"), lambda r: r.decide(1, "raise")]
)
def test_a_hold_card_exposed_once_play_has_begun_does_not_void(act):
    """R67: an exposed hold card before No More Bets voids every hand."""
    # "No More Bets" comes before the players' decisions: once a seat has changed a card or
    # decided, the exposure is not the one R67 voids for, and the round goes on unchanged
    r = _three_seats()
    act(r)
    before = _state(r)
    with pytest.raises(ValueError, match="No More Bets"):
        r.expose_hold_card("7d")
    assert _state(r) == before and not r.voided
    assert all(x.outcome != "void" for x in r.settle().values())


@pytest.mark.parametrize(
    "card, message",
    [
        ("Ks", "Ks is the dealer's up card, not a hold card"),
        ("2c", r"2c is not one of the dealer's hold cards \(Kh Jd 7d 3c\)"),
        ("9s", "not one of the dealer's hold cards"),  # a player's card
        ("Qc", "not one of the dealer's hold cards"),  # in the stub
        ("Xx", "Xx"),
        ("Kh Jd", "one card"),
        ("", "one card"),
    ],
)
def test_an_exposed_hold_card_must_be_one_of_the_dealers_four(card, message):
    """R67: an exposed hold card before No More Bets voids every hand."""
    r = _three_seats()
    before = _state(r)
    with pytest.raises(ValueError, match=message):
        r.expose_hold_card(card)
    assert _state(r) == before and not r.voided
    r.decide(1, "raise")  # the round plays on
    assert r.settle()[1].outcome == "player wins"


def test_exposing_a_hold_card_on_a_misdeal_or_a_settled_round_is_refused():
    """R67: an exposed hold card before No More Bets voids every hand."""
    misdeal = Round.from_cards({1: "9s 9d 4c 3h 2s"}, "Ks Kh Jd", antes={1: 1})
    with pytest.raises(ValueError, match=r"already void \(dealer misdeal\)"):
        misdeal.expose_hold_card("Kh")
    assert misdeal.void_reason == "dealer misdeal" and misdeal.exposed_hold_card is None
    r = Round.from_cards({1: "9s 9d 4c 3h 2s"}, "Ks Kh Jd 7d 3c", antes={1: 1})
    r.settle()
    with pytest.raises(ValueError, match="already settled"):
        r.expose_hold_card("Kh")
    assert not r.voided and r.settle()[1].outcome == "fold"


def test_the_fifth_card_of_a_dealer_dealt_four_is_a_hold_card():
    """R65: dealer misdeals: a fifth card for four, else every hand void."""
    r = Round.from_cards({1: "9s 9d 4c 3h 2s"}, "Ks Kh Jd 7d", antes={1: 1}, stub="3c 4d")
    r.expose_hold_card("3c")
    assert r.settle()[1].outcome == "void"


def test_a_dealt_round_with_an_exposed_hold_card():
    """R67: an exposed hold card before No More Bets voids every hand."""
    r = Table(seed=3).deal({1: 10, 5: 25})
    r.expose_hold_card(r.dealer[4])
    assert {s: x.net for s, x in r.settle().items()} == {1: 0, 5: 0}


# ---------------------------------------------------------------------------------------------
# advice


def _naive_raise(hand, up, deck, pays, excluded=()):
    """Raise EV over every dealer hand: the up card and each four unseen cards, valued by the
    evaluator (evaluate_batch) and compared here."""
    p = evaluate(hand)
    line = caribbean.PAY_LINES.index(caribbean.pay_line(p))
    unseen = [c for c in deck if c not in hand and c != up and c not in excluded]
    hidden = np.array(list(itertools.combinations(unseen, 4)), dtype=np.uint8)
    dealer = evaluate_batch(np.column_stack([np.full(len(hidden), up, dtype=np.uint8), hidden]))
    qualifies = dealer >= QUALIFYING_VALUE
    not_qualifying = int((~qualifies).sum())
    wins, losses = int((qualifies & (dealer < p)).sum()), int((qualifies & (dealer > p)).sum())
    return (not_qualifying + wins * (1 + 2 * pays[line]) - 3 * losses) / Fraction(len(hidden))


def test_raise_advice_against_brute_force_on_the_full_deck():
    """R68: advice: exact expected values of fold, raise and each change."""
    hand, up = parse_cards("As Kd Qh 7c 3s"), parse_cards("Kh")[0]
    a = advise(hand, up, one_card_change=False)
    assert a.exact["raise"] == _naive_raise(hand, up, range(52), STANDARD_PAYTABLE.as_list())
    assert a.best == ("raise" if a.exact["raise"] > -1 else "fold")


@pytest.mark.parametrize("hand, up", [("Ts Jd Qh Kc 9s", "Ah"), ("9h Th Jh Ah Qc", "9s"), ("Kc Kd 9s 9h Ac", "Qh")])
def test_change_advice_against_brute_force_on_a_small_deck(hand, up):
    """R68: advice: exact expected values of fold, raise and each change."""
    ranks = "9TJQKA"
    deck = [4 * r + s for r in range(7, 13) for s in range(4)]
    hand, up = parse_cards(hand), parse_cards(up)[0]
    a = advise(hand, up, ranks=ranks)
    assert a.exact["raise"] == _naive_raise(hand, up, deck, STANDARD_PAYTABLE.as_list())
    halves = STANDARD_PAYTABLE.as_list(changed=True)
    unseen = [c for c in deck if c not in hand and c != up]
    for d in hand:
        evs = [
            max(Fraction(-1), _naive_raise([x for x in hand if x != d] + [c], up, deck, halves, excluded=[d]))
            for c in unseen
        ]
        assert a.exact[f"change {format_card(d)}"] == -1 + sum(evs, Fraction(0)) / len(unseen)
    assert a.best_ev == max(float(v) for v in a.exact.values())


def test_advice_json_keys():
    """R68: advice: exact expected values of fold, raise and each change."""
    d = advise("As Kd Qh 7c 3s", "9h").to_dict()
    assert {"fold_ev", "raise_ev", "best", "change_evs"} <= set(d)
    assert set(d["change_evs"]) == {"As", "Kd", "Qh", "7c", "3s"}


def test_four_to_a_royal_changes():
    """R68: advice: exact expected values of fold, raise and each change."""
    a = advise("Th Jh Qh Kh 2c", "5s")
    assert a.best in ("change 2c", "raise")
    assert a.change_evs["2c"] > a.change_evs["Kh"]


# ---------------------------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: settle_hand("As Kd 9c 7h 4s", "Ah Kc 9d 7s", ante=1, raised=True), "dealer's hand must have 5"),
        (lambda: settle_hand("As Kd 9c 7h 4s", "As Kc 9d 7s 4h", ante=1, raised=True), "same card"),
        (lambda: settle_hand("As As 9c 7h 4s", "Ah Kc 9d 7s 4h", ante=1, raised=True), "uplicate"),
        (lambda: settle_hand("As Kd 9c 7h 4s", "Ah Kc 9d 7s 4h", ante=-1, raised=True), "ante must be positive"),
        (lambda: settle_hand("As Kd 9c 7h 4s", "Ah Kc 9d 7s 4h", ante=0, raised=True), "ante must be positive"),
        (lambda: settle_hand("As Kd 9c 7h 4s", "Ah Kc 9d 7s 4h", raised=True, max_payout=0), "maximum payout"),
        (lambda: advise("As Kd 9c 7h", "2c"), "5 cards"),
        (lambda: advise("As Kd 9c 7h 4s", "As"), "also in the player's hand"),
        (lambda: advise("As Kd 9c 7h 4s", "2c 3c"), "one dealer up card"),
        (lambda: advise("As Kd 9c 7h Xs", "2c"), "Xs"),
        (lambda: PayTable.parse({"pair": 1, "two_pair": 2}), "missing three_of_a_kind"),
        (lambda: PayTable.parse("1,2,3,4,5,7,20,50,-100"), "non-negative"),
        (lambda: PayTable.parse("pair=1,two_pairs=2"), "unknown hand"),
        (lambda: PayTable.parse("1,2,3,4,5,7,20,50,abc"), "number"),
        (lambda: Table().deal({8: 1}), "seat"),
        (lambda: Table().deal({1: -5}), "positive"),
        (lambda: Table().deal({}), "ante"),
        (lambda: Round.from_cards({1: "As Kd 9c 7h 4s"}, "As Kc 9d 7s 4h", antes={1: 1}), "twice"),
    ],
)
def test_bad_input_is_a_clear_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()
