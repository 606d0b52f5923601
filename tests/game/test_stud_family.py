"""Razz and seven card stud hi-lo at the table: a stacked-deck scenario per rule, then random
play. Expected payouts are worked out by hand from the rule text (game/__init__.py)."""

from __future__ import annotations

import random

import pytest
from table_helpers import S, call_down, play_randomly, snapshot

from studeval import evaluate, evaluate_low, evaluate_low8
from studeval.cards import format_cards, parse_cards
from studeval.game import StudState, dumps, replay, settle_pots, stacked_deck, to_phh

# ---------------------------------------------------------------------- razz: bring-in and order


@pytest.mark.parametrize(
    ("doors", "seat"),
    [
        (["Kd", "Ks", "Kh"], 1),  # ties by suit: spades highest brings in
        (["Kc", "Kd", "Qs"], 1),  # the king, then diamonds over clubs
        (["As", "2c", "Ad"], 1),  # aces are low: the deuce is the highest card
        (["7h", "8c", "7s"], 1),
    ],
)
def test_razz_bring_in_is_the_highest_door_card_aces_low_spades_highest(doors, seat):
    """R71: razz: the highest door card brings in, aces low, spades highest."""
    hands = [
        f"{d1} {d2} {door}" for (d1, d2), door in zip([("2d", "3d"), ("4d", "5d"), ("6d", "9d")], doors, strict=True)
    ]
    st = StudState("razz", S, [100] * 3, deck=stacked_deck("razz", [hands]))
    assert st.actor == seat
    assert [a.kind for a in st.legal_actions()] == ["bring_in", "complete"]
    # seven card stud with the same cards: the lowest door card brings in
    seven = StudState("seven", S, [100] * 3, deck=stacked_deck("seven", [hands]))
    assert seven.actor == min(range(3), key=lambda i: parse_cards(doors[i])[0])


def test_razz_best_low_showing_acts_first_and_pairs_count_against():
    """R72, R74: razz: the best low showing acts first, pairs count against; no open-pair big bet
    in razz or hi-lo.
    """
    streets = [
        ["2d 3d Kc", "4d 5d 7d", "6d 9d 3s"],  # p1's king brings in
        ["Qh", "7h", "8c"],  # 4th: K-Q, a pair of sevens, 8-3
        ["2h", "Ac", "8d"],  # 5th: K-Q-2, sevens with an ace, eights with a three
    ]
    st = StudState("razz", S, [100] * 3, deck=stacked_deck("razz", streets))
    assert st.actor == 0
    st.act("bring_in")
    st.act("call")
    st.act("call")
    assert st.street_name == "fourth street"
    assert st.actor == 2  # 8-3 is the best low showing (the pair of sevens the worst)
    assert [a.kind for a in st.legal_actions()] == ["check", "bet"]
    assert [a.to for a in st.legal_actions()] == [0, 5]  # no open-pair big bet in razz
    for _ in range(3):
        st.act("check")
    assert st.street_name == "fifth street"
    assert st.actor == 0  # K-Q-2 has no pair: better than any pair showing
    seven = StudState("seven", S, [100] * 3, deck=stacked_deck("seven", streets))
    seven.act("bring_in")
    seven.act("call")
    seven.act("call")
    assert seven.actor == 1  # high: the pair of sevens acts first
    assert [a.to for a in seven.legal_actions()] == [0, 5, 10]  # and it is an open pair


def test_razz_showing_ties_follow_the_tie_rule():
    """R72: razz: the best low showing acts first, pairs count against."""
    streets = [["2d 3d Kc", "4d 5d 7d", "6d 9d Ks"], ["8h", "7h", "8s"]]  # 4th: K-8 twice, a pair of sevens
    deck = stacked_deck("razz", streets)
    for tie_rule, first in (("dealer_left", 0), ("suits", 0)):
        st = StudState("razz", S, [100] * 3, deck=deck, tie_rule=tie_rule)
        assert st.actor == 2  # Ks brings in
        st.act("bring_in"), st.act("call"), st.act("call")
        assert st.actor == first  # dealer_left: p1; suits: the lower suits (Kc 8h over Ks 8s)
    swapped = stacked_deck("razz", [["2d 3d Ks", "4d 5d 7d", "6d 9d Kc"], ["8s", "7h", "8h"]])
    st = StudState("razz", S, [100] * 3, deck=swapped, tie_rule="suits")
    assert st.actor == 0
    st.act("bring_in"), st.act("call"), st.act("call")
    assert st.actor == 2  # Kc 8h is p3's now
    st = StudState("razz", S, [100] * 3, deck=swapped)
    st.act("bring_in"), st.act("call"), st.act("call")
    assert st.actor == 0


def test_razz_the_best_ace_to_five_low_wins_straights_and_flushes_ignored():
    """R73: razz: the best ace-to-five low wins."""
    streets = [["Ac 2c Kd", "Ad 2d Ks"], ["3c", "3h"], ["4c", "4h"], ["5c", "6h"], ["Qh", "Qd"]]
    st = StudState("razz", S, [100, 100], deck=stacked_deck("razz", streets))
    call_down(st)
    assert st.pots[0].winners == (0,)  # A-2-3-4-5 of clubs (a straight flush in high) wins
    assert st.stacks == [103, 97]
    assert settle_pots(st.totals, [st.hand(0), st.hand(1)], game="razz").payouts == st.payouts


def test_stud8_has_no_open_pair_big_bet():
    """R74, R75: no open-pair big bet in razz or hi-lo; hi-lo: bring-in and action order as in
    seven card stud.
    """
    streets = [["2d 3d Kc", "4d 5d 7d"], ["Kh", "8c"]]
    st = StudState("stud8", S, [100, 100], deck=stacked_deck("stud8", streets))
    assert st.actor == 1  # 7d brings in: the lowest door card, as in seven card stud
    st.act("bring_in")
    st.act("call")
    assert st.actor == 0 and not st.round.open_pair
    assert [(a.kind, a.to) for a in st.legal_actions()] == [("check", 0), ("bet", 5)]


# ---------------------------------------------------------------------- stud hi-lo showdowns

# Five players, ante 1, bring-in 2, bets 5/10. p5 (2c) brings in and folds; p1 completes,
# p2 and p4 call, p3 calls all-in for 4 (5 in the pot); on 4th street p1 bets, p2 calls, p4
# folds; 5th street bet and call, then checks. Totals: p1 21, p2 21, p3 5, p4 6, p5 3 (56).
# Main pot (p1 p2 p3): 5 + 5 + 5 + 5 + 3 = 23; side pot (p1 p2): 16 + 16 + 1 = 33.
P1 = ("Kc Kd Kh", "9s", "9h", "Qd", "Jc")  # kings full of nines, no low


def _hi_lo_deck(p2: tuple[str, ...], p3: tuple[str, ...]) -> list[int]:
    p4 = ("5c 5d 8c", "7c")
    p5 = "9c 9d 2c"
    return stacked_deck(
        "stud8",
        [
            [P1[0], p2[0], p3[0], p4[0], p5],
            [P1[1], p2[1], p3[1], p4[1]],
            *([P1[k], p2[k], p3[k]] for k in (2, 3, 4)),
        ],
    )


def _play_hi_lo(deck: list[int], odd_chip: str = "high_card") -> StudState:
    st = StudState("stud8", S, [500, 500, 5, 500, 500], deck=deck, odd_chip=odd_chip)
    assert st.actor == 4
    for kind in ("bring_in", "complete", "call", "call", "call", "fold"):
        st.act(kind)
    assert st.street_name == "fourth street" and st.actor == 0
    for kind in ("bet", "call", "fold", "bet", "call"):
        st.act(kind)
    call_down(st)
    assert st.totals == [21, 21, 5, 6, 3]
    assert [(p.amount, p.eligible) for p in st.pots] == [(23, (0, 1, 2)), (33, (0, 1))]
    return st


# p2 and p3 hold the same low, 6-4-3-2-A; p3 holds the ace of clubs (the lowest card).
P2_LOW = ("Ad 3c 2d", "4d", "6d", "Ts", "Jh")
P3_LOW = ("Ac 3h 4h", "2h", "6s", "Th", "Qs")


@pytest.mark.parametrize(("odd_chip", "p2_low", "p3_low"), [("high_card", 5, 6), ("dealer_left", 6, 5)])
def test_stud8_side_pots_odd_chips_and_a_quartered_low(odd_chip, p2_low, p3_low):
    """R76, R77, R79, R80: hi-lo: each pot split between the best high and the best qualifying low;
    hi-lo: the odd chip of a split pot goes to the high half; hi-lo: a half shared by tied hands
    is split again (quartered); the odd chip among tied lows goes to the lowest card.
    """
    st = _play_hi_lo(_hi_lo_deck(P2_LOW, P3_LOW), odd_chip)
    main, side = st.pots
    assert main.winners == (0,) and main.low_winners == (1, 2)
    assert side.winners == (0,) and side.low_winners == (1,)
    # main 23: 12 to the high (the odd chip), 11 to the low, quartered 5/6 by the odd-chip rule;
    # side 33: 17 high, 16 low
    assert st.payouts == [12 + 17, p2_low + 16, p3_low, 0, 0]
    assert st.stacks == [500 - 21 + 29, 500 - 21 + p2_low + 16, p3_low, 494, 497]
    assert sum(st.stacks) == 2005
    hands = [st.hand(i) if i < 3 else None for i in range(5)]
    assert settle_pots(st.totals, hands, game="stud8", odd_chip=odd_chip).payouts == st.payouts
    assert replay(dumps(to_phh(st))).stacks == st.stacks


def test_stud8_a_side_pot_without_a_low_goes_whole_to_the_high():
    """R78: hi-lo: a pot with no qualifying low goes whole to the high."""
    p2_no_low = ("Jd Qc 2d", "4d", "8d", "Ts", "Jh")  # 2-4-8 only: no eight-or-better low
    st = _play_hi_lo(_hi_lo_deck(p2_no_low, P3_LOW))
    main, side = st.pots
    assert (main.winners, main.low_winners) == ((0,), (2,))  # the main pot has p3's low
    assert (side.winners, side.low_winners) == ((0,), ())
    assert st.payouts == [12 + 33, 0, 11, 0, 0]


def test_stud8_no_low_at_all_the_high_scoops():
    """R78: hi-lo: a pot with no qualifying low goes whole to the high."""
    streets = [["Ac Ad Kd", "Qc Qd Ks"], ["Ah", "Qh"], ["9c", "9d"], ["Tc", "2s"], ["Jh", "Js"]]
    st = StudState("stud8", S, [100, 100], deck=stacked_deck("stud8", streets))
    call_down(st)
    assert st.pots[0].low_winners == () and st.pots[0].winners == (0,)
    assert st.stacks == [103, 97]


def test_stud8_one_hand_scoops_high_and_low():
    """R76: hi-lo: each pot split between the best high and the best qualifying low."""
    streets = [["Ac 2d Kd", "Qc Qd Ks"], ["3h", "Qh"], ["4c", "9d"], ["5d", "2s"], ["7h", "Js"]]
    st = StudState("stud8", S, [100, 100], deck=stacked_deck("stud8", streets))
    call_down(st)  # p1: a wheel is a straight (high) and the best low
    assert st.pots[0].winners == (0,) and st.pots[0].low_winners == (0,)
    assert st.stacks == [103, 97]


def test_stud8_a_split_pot_odd_chip_goes_to_the_high_half():
    """R77: hi-lo: the odd chip of a split pot goes to the high half."""
    streets = [["Ac 2d Kd", "Qc Qd Ks"], ["3h", "Qh"], ["4c", "9d"], ["6d", "2s"], ["8h", "Js"]]
    st = StudState("stud8", S, [100, 100], deck=stacked_deck("stud8", streets))
    st.act("bring_in")  # Kd brings in (Ks is higher)
    call_down(st)  # p1: 6-4-3-2-A low, ace high; p2: three queens, no low
    assert sum(st.totals) == 6 and st.pot == 0 and st.payouts == [3, 3]
    # the same hands with 9 chips in the pot (a third player's ante folded): 5 high, 4 low
    odd = settle_pots([4, 4, 1], [st.hand(0), st.hand(1), None], game="stud8")
    assert odd.payouts == [4, 5, 0]
    assert (odd.pots[0].winners, odd.pots[0].low_winners) == ((1,), (0,))


# ---------------------------------------------------------------------- random play


def _random_hand(rng: random.Random, seed: int, game: str) -> StudState:
    n = rng.randint(2, 8)
    return StudState(
        game,
        S,
        [rng.choice([2, 6, 15, 40, 120, 500]) for _ in range(n)],
        seed=seed,
        tie_rule=rng.choice(["dealer_left", "suits"]),
        odd_chip=rng.choice(["high_card", "dealer_left"]),
        raise_cap=rng.choice([3, 3, 3, 1, None]),
        cap_heads_up=rng.random() < 0.3,
        all_in_rule=rng.choice(["half_bet", "full_bet"]),
        showdown=rng.choice(["auto", "auto", "choose"]),
    )


@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_random_play_conserves_chips_and_replays(game):
    """R36, R51: chips are conserved; a recorded hand replays to the same stacks."""
    rng = random.Random(hash(game) % 1000)
    split = 0
    for h in range(800):
        st = _random_hand(rng, h, game)
        play_randomly(st, rng)
        assert st.finished and sum(st.stacks) == sum(st.starting_stacks), h
        assert sum(st.payouts) == sum(st.totals)
        assert sum(p.amount for p in st.pots) + sum(st.returned) == sum(st.totals)
        split += any(p.low_winners for p in st.pots)
        again = replay(dumps(to_phh(st, full=True)))
        assert again.stacks == st.stacks and again.pots == st.pots, h
        assert replay(dumps(to_phh(st, rng.randrange(st.n)))).stacks == st.stacks, h
        showdown = st.folded.count(False) > 1
        if showdown and all(st.shown[i] or st.folded[i] for i in range(st.n)):
            hands = [st.hand(i) if st.shown[i] else None for i in range(st.n)]
            r = settle_pots(st.totals, hands, game=game, odd_chip=st.odd_chip)
            if not any(st.frozen) and st.showdown == "auto":  # a time-out may cap what a player wins
                assert r.payouts == st.payouts, h
    assert game == "razz" or split > 50


@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_deck_exhaustion_turns_a_community_card(game):
    """R81: running out of cards in razz and hi-lo."""
    for seed in range(5):
        st = StudState(game, S, [200] * 8, seed=seed)
        call_down(st)
        assert st.community >= 0  # 8 x 6 cards and 3 burns leave one card for 8 players
        assert all(len(st.hand(i)) == 7 for i in range(8))
        hands = [st.hand(i) for i in range(8)]  # the community card is in every hand
        high = [evaluate_low(h) if game == "razz" else evaluate(h) for h in hands]
        assert st.pots[0].winners == tuple(i for i in range(8) if high[i] == max(high))
        low = [evaluate_low8(h) for h in hands] if game == "stud8" else [0]
        assert st.pots[0].low_winners == tuple(i for i in range(8) if max(low) and low[i] == max(low))
        again = replay(dumps(to_phh(st, full=True)))
        assert again.stacks == st.stacks and again.community == st.community


@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_views_and_seat_histories_leak_no_down_card(game):
    """R34, R52: a seat's view never holds another seat's down cards; a seat's history hides the
    other seats' down cards.
    """
    rng = random.Random(77)

    def check(st: StudState) -> None:
        for seat in [None, *range(st.n)]:
            v = st.view(seat)
            for j in range(st.n):
                if j != seat and not st.shown[j]:
                    assert v.down_cards[j] is None

    for h in range(200):
        st = _random_hand(rng, h, game)
        play_randomly(st, rng, check)
        for seat in [None, *range(st.n)]:
            text = dumps(to_phh(st, seat))
            for j in range(st.n):
                if j != seat and not st.shown[j]:
                    assert not any(format_cards([c]) in text for c in st.down[j]), (h, seat, j)


def test_a_history_that_hides_door_cards_names_the_bring_in():
    """R54, R75: a history that breaks the rules is refused with a ValueError; hi-lo: bring-in and
    action order as in seven card stud.
    """
    from studeval.game import HandHistory

    def hand(*actions: str) -> HandHistory:
        return HandHistory(
            "F7S/8", [1] * 3, 2, 5, 10, [50] * 3, ["d dh p1 ??????", "d dh p2 Js4sTh", "d dh p3 Tc3hJd", *actions]
        )

    st = replay(hand("p2 pb", "p3 f", "p1 f"))  # p1's door is unknown: the history names p2 (Th)
    assert st.stacks == [49, 52, 49]
    with pytest.raises(ValueError, match="p3 cannot bring in: Th is a door card that brings in before theirs"):
        replay(hand("p3 pb", "p1 f", "p2 f"))


@pytest.mark.parametrize("game", ["seven", "five", "razz", "stud8"])
def test_every_bot_plays_every_game(game):
    from studeval.game import BOTS, simulate

    for name, bot in BOTS.items():
        hands = list(simulate(game, 4, 25, seed=5, bots=[bot] * 4))
        assert all(st.finished and st.game == game for st in hands), name
        assert all(sum(st.stacks) == sum(st.starting_stacks) for st in hands), name
    shown = sum(any(st.shown) for st in simulate(game, 4, 40, seed=6))
    assert shown > 5  # the mixed table reaches showdowns


@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_a_refused_action_leaves_the_state_unchanged(game):
    """R33: a refused action leaves the table as it was."""
    rng = random.Random(31)
    refusals = 0

    def check(st: StudState) -> None:
        nonlocal refusals
        offered = {(a.kind, a.to) for a in st.legal_actions()}
        offered |= {("fold", to) for kind, to in offered if kind == "check"}  # accepted, not listed (R83)
        before = snapshot(st)
        for kind, to in [
            ("raise", st.round.high + 15),
            ("bet", st.round.high + 3),
            ("check", None),
            ("call", 10**6),
            ("bring_in", None),
            ("complete", st.round.high + 1),
            ("fold", None),
            ("show", None),
        ]:
            if (kind, to) in offered or (to is None and any(k == kind for k, _ in offered)):
                continue
            with pytest.raises(ValueError):
                st.act(kind, to)
            refusals += 1
        assert snapshot(st) == before

    for h in range(150):
        play_randomly(_random_hand(rng, h, game), rng, check)
    assert refusals > 1000


def test_razz_odd_chip_goes_to_the_lowest_card_by_suit():
    """R80: the odd chip among tied lows goes to the lowest card."""
    hands = ["Ad 2c 3h 4s 6d Kc Kd", "As 2d 3c 4h 6h Qc Qd", "Ac 9d 9h 9s Tc Jd Js"]  # p3: no five low
    r = settle_pots([5, 5, 1], hands, game="razz")
    assert r.pots[0].winners == (0, 1)
    # 11 chips: 5 each, the odd one to the lowest card: p1's Ad under p2's As (p3's Ac folds out)
    assert r.payouts == [6, 5, 0]
    assert settle_pots([5, 5, 1], hands, game="razz", odd_chip="dealer_left").payouts == [6, 5, 0]
    swapped = [hands[1], hands[0], hands[2]]
    assert settle_pots([5, 5, 1], swapped, game="razz").payouts == [5, 6, 0]
    assert settle_pots([5, 5, 1], swapped, game="razz", odd_chip="dealer_left").payouts == [6, 5, 0]
