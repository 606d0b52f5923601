"""The table rules of issue 10, each as a stacked-deck scenario on each side of its option:
real structures (ante = or > bring-in, coinciding amounts), the limit half-bet rule for short
all-ins (default) against the full-bet rule, the open-pair raise size, the cap heads-up,
deck exhaustion (R43, R44), and show/muck decisions at showdown. Seats count from the dealer's
left (seat 0 = p1).
"""

from __future__ import annotations

import random

import pytest
from table_helpers import S, call_down, legal, play, refused, replays, table

from studeval.cards import format_cards
from studeval.evaluate import evaluate
from studeval.game import (
    ALL_IN_RULES,
    OPEN_PAIR_RULES,
    SHOWDOWN_RULES,
    Structure,
    StudState,
    dumps,
    loads,
    replay,
    to_phh,
)

S10 = Structure(ante=1, bring_in=2, small_bet=10, big_bet=20)
PPC = Structure(ante=50000, bring_in=50000, small_bet=200000, big_bet=400000)  # WSOP 2023 $50K PPC

# p2's 2c brings in; p3 (Q-A, then Q-A-7) shows best on fourth and fifth street, p1 acts next.
THREE = [
    ["As Ad Kh", "Ks Kd 2c", "Qs Qd Qh"],
    ["3d", "4d", "Ac"],
    ["5d", "6d", "7c"],
    ["8h", "9h", "Tc"],
    ["Jh", "2s", "3s"],
]


# -------------------------------------------------------------------- structures


def test_ante_equal_to_the_bring_in_wsop_ppc_structure_plays_and_replays():
    """R32: any structure that can be dealt."""
    st = table("seven", THREE, stacks=[2_000_000] * 3, structure=PPC)
    assert st.pot == 150_000
    assert legal(st) == [("bring_in", 50_000), ("complete", 200_000)]
    play(st, "p2 bring_in", "p3 complete", "p1 fold", "p2 fold")
    # p3 wins the antes and the bring-in; the 150,000 of the completion nobody called comes back
    assert st.returned == [0, 0, 150_000]
    assert st.stacks == [1_950_000, 1_900_000, 2_150_000]
    replays(st)


def test_ante_above_the_bring_in_plays_and_replays():
    """R32: any structure that can be dealt."""
    s = Structure(ante=3, bring_in=2, small_bet=5, big_bet=10)  # the shape of the first row of R32's source table
    st = table("seven", THREE, structure=s)
    assert st.pot == 9 and legal(st) == [("bring_in", 2), ("complete", 5)]
    play(st, "p2 bring_in", "p3 call", "p1 complete", "p2 call", "p3 raise 10", "p1 call", "p2 call")
    call_down(st)
    replays(st)


def test_bring_in_equal_to_the_small_bet_is_the_bet_no_duplicate_completion():
    """R32: any structure that can be dealt."""
    s = Structure(ante=1, bring_in=5, small_bet=5, big_bet=10)
    st = table("seven", THREE, structure=s)
    assert legal(st) == [("bring_in", 5)]  # not also "complete 5"
    play(st, "p2 bring_in")
    assert legal(st) == [("fold", 0), ("call", 5), ("raise", 10)]  # the bring-in was the bet
    play(st, "p3 raise 10", "p1 raise 15", "p2 raise 20")
    assert legal(st) == [("fold", 10), ("call", 20)]  # bet and three raises: capped
    call_down(st)
    replays(st)


def test_small_bet_equal_to_the_big_bet_offers_one_size_on_an_open_pair():
    """R4, R32: an open pair on fourth street allows the big bet; any structure that can be dealt."""
    s = Structure(ante=1, bring_in=2, small_bet=5, big_bet=5)
    st = table("seven", [["As Ad 2c", "Ks Kd 9h"], ["3c", "9d"]], structure=s)
    play(st, "p1 bring_in", "p2 call")
    assert st.round.open_pair and legal(st) == [("check", 0), ("bet", 5)]


def test_random_structures_offer_distinct_actions_and_conserve_chips():
    """R32: any structure that can be dealt."""
    rng = random.Random(10)
    for h in range(400):
        bring_in = rng.randint(1, 6)
        small = bring_in + rng.choice([0, 0, 1, 3])
        s = Structure(
            ante=rng.choice([0, 1, bring_in, bring_in + 2]),
            bring_in=bring_in,
            small_bet=small,
            big_bet=small * rng.choice([1, 2, 2]),
        )
        n = rng.randint(2, 8)
        st = StudState(
            rng.choice(["seven", "five"]),
            s,
            [rng.choice([3, 8, 20, 60, 300]) for _ in range(n)],
            seed=h,
            all_in_rule=rng.choice(ALL_IN_RULES),
            open_pair_raises=rng.choice(OPEN_PAIR_RULES),
            showdown=rng.choice(SHOWDOWN_RULES),
            cap_heads_up=rng.random() < 0.3,
        )
        while st.actor >= 0:
            acts = st.legal_actions()
            assert len({(a.kind, a.to) for a in acts}) == len(acts), (h, acts)
            wagers = [a.to for a in acts if a.kind not in ("fold", "show", "muck")]
            assert len(set(wagers)) == len(wagers), (h, acts)  # no two actions put in the same
            st.apply(rng.choice(acts))
        replays(st)


# -------------------------------------------------------------------- short all-ins


def _fifth_street_short_bet(rule: str, stack: int) -> StudState:
    """p1 sits with ``stack`` chips; everyone calls the bring-in, checks fourth street; on
    fifth (bets of 20) p3 checks and p1 bets all-in."""
    st = table("seven", THREE, stacks=[stack, 100, 100], structure=S10, all_in_rule=rule)
    play(st, "p2 bring_in", "p3 call", "p1 call", "p3 check", "p1 check", "p2 check", "p3 check")
    assert st.street_name == "fifth street" and legal(st)[-1] == ("bet", stack - 3)
    st.act("bet", stack - 3)
    return st


def test_half_bet_rule_an_all_in_of_half_a_bet_or_more_is_a_full_bet_and_reopens_default():
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    st = _fifth_street_short_bet("half_bet", 18)  # all-in for 15 on a 20 round
    assert legal(st) == [("fold", 0), ("call", 15), ("raise", 35)]  # p2 may raise to 35
    play(st, "p2 call")
    assert legal(st) == [("fold", 0), ("call", 15), ("raise", 35)]  # reopened for p3, who checked
    play(st, "p3 raise 35", "p2 call")
    call_down(st)
    replays(st)


def test_full_bet_rule_option_the_same_all_in_does_not_reopen():
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    st = _fifth_street_short_bet("full_bet", 18)
    assert legal(st) == [("fold", 0), ("call", 15), ("complete", 20)]  # completed to a full bet
    play(st, "p2 call")
    assert legal(st) == [("fold", 0), ("call", 15)]  # p3 checked before: not reopened
    refused(st, "raise", 35, match="does not reopen")
    call_down(st)
    replays(st)


@pytest.mark.parametrize("rule", ALL_IN_RULES)
def test_an_all_in_bet_of_less_than_half_a_bet_is_completed_to_a_full_bet(rule):
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    st = _fifth_street_short_bet(rule, 4)  # all-in for 1 on a 20 round
    assert legal(st) == [("fold", 0), ("call", 1), ("complete", 20)]  # not 21 (1 + a bet)
    play(st, "p2 complete 20")
    assert legal(st) == [("fold", 0), ("call", 20), ("raise", 40)]  # a full bet: reopened
    call_down(st)
    replays(st)


def _fourth_street_short_raise(rule: str, stack: int) -> StudState:
    """On fourth street (bets of 10) p3 bets 10 and p1 raises all-in."""
    st = table("seven", THREE, stacks=[stack, 100, 100], structure=S10, all_in_rule=rule)
    play(st, "p2 bring_in", "p3 call", "p1 call", "p3 bet 10")
    st.act("raise", stack - 3)
    return st


@pytest.mark.parametrize("rule", ALL_IN_RULES)
def test_a_short_raise_of_less_than_half_a_bet_bet_10_all_in_13_complete_to_20(rule):
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    st = _fourth_street_short_raise(rule, 16)  # all-in to 13: 3 more, less than half of 10
    assert legal(st) == [("fold", 0), ("call", 13), ("complete", 20)]  # not a raise to 23
    refused(st, "raise", 23)
    play(st, "p2 call")
    assert legal(st) == [("fold", 10), ("call", 13)]  # p3 bet already: not reopened
    refused(st, "raise", 23, match="does not reopen")
    refused(st, "complete", 20, match="does not reopen")
    call_down(st)
    replays(st)


@pytest.mark.parametrize("rule", ALL_IN_RULES)
def test_completing_a_short_raise_reopens_the_betting(rule):
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    st = _fourth_street_short_raise(rule, 16)
    play(st, "p2 complete 20")
    assert legal(st) == [("fold", 10), ("call", 20), ("raise", 30)]  # a full raise over 10: reopened
    play(st, "p3 raise 30", "p2 call")
    call_down(st)
    replays(st)


def test_a_raise_of_exactly_half_a_bet_is_a_full_raise_under_the_half_bet_rule():
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    st = _fourth_street_short_raise("half_bet", 18)  # all-in to 15: 5 more, half of 10
    assert legal(st) == [("fold", 0), ("call", 15), ("raise", 25)]
    play(st, "p2 call")
    assert legal(st) == [("fold", 10), ("call", 15), ("raise", 25)]  # reopened for p3
    st = _fourth_street_short_raise("full_bet", 18)
    assert legal(st) == [("fold", 0), ("call", 15), ("complete", 20)]
    play(st, "p2 call")
    assert legal(st) == [("fold", 10), ("call", 15)]


def test_a_short_all_in_completion_on_the_first_round():
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    # p2 brings in 2 and p3 completes all-in to 3 (stack 4, ante 1): 3 of 5 is half or more
    st = table("seven", THREE, stacks=[100, 100, 4], all_in_rule="half_bet")
    play(st, "p2 bring_in", "p3 complete 3")
    assert legal(st) == [("fold", 0), ("call", 3), ("raise", 8)]  # a full bet: raised by 5
    st = table("seven", THREE, stacks=[100, 100, 4], all_in_rule="full_bet")
    play(st, "p2 bring_in", "p3 complete 3")
    assert legal(st) == [("fold", 0), ("call", 3), ("complete", 5)]  # still to be completed


def test_a_history_re_raising_after_a_short_all_in_is_refused_clearly():
    """R31: short all-ins: the half-bet rule, or the full-bet rule by option."""
    st = _fourth_street_short_raise("half_bet", 16)
    play(st, "p2 call")
    hh = to_phh(st, full=True)
    hh.actions.append("p3 cbr 23")
    with pytest.raises(ValueError, match=r"action \d+ 'p3 cbr 23': p3 cannot raise to 23.*does not reopen"):
        replay(hh)


def test_short_all_in_histories_replay_under_the_rule_they_record():
    """R31, R53: short all-ins: the half-bet rule, or the full-bet rule by option; what PHH has no
    line for (community card, time-out, options) in studeval's own form.
    """
    st = _fifth_street_short_bet("full_bet", 18)
    play(st, "p2 call")
    call_down(st)
    text = dumps(to_phh(st, full=True))
    assert '_all_in_rule = "full_bet"' in text
    assert replay(text).all_in_rule == "full_bet"
    default = _fifth_street_short_bet("half_bet", 18)
    assert "_all_in_rule" not in dumps(to_phh(default))


# -------------------------------------------------------------------- open pair, cap


def _open_pair(**kw) -> StudState:
    st = table("seven", [["As Ad 2c", "Ks Kd 9h"], ["3c", "9d"]], **kw)
    play(st, "p1 bring_in", "p2 call")
    return st


def test_open_pair_raises_small_or_big_until_one_is_big_by_default():
    """R5: after a small open-pair bet, raises small or big until one is big (or all big by
    option).
    """
    st = _open_pair()
    play(st, "p2 bet 5")
    assert legal(st) == [("fold", 0), ("call", 5), ("raise", 10), ("raise", 15)]


def test_open_pair_raises_big_option_every_raise_is_big():
    """R5: after a small open-pair bet, raises small or big until one is big (or all big by
    option).
    """
    st = _open_pair(open_pair_raises="big")
    assert legal(st) == [("check", 0), ("bet", 5), ("bet", 10)]  # the bet may still be small
    play(st, "p2 bet 5")
    assert legal(st) == [("fold", 0), ("call", 5), ("raise", 15)]
    refused(st, "raise", 10)
    play(st, "p1 raise 15")
    assert legal(st) == [("fold", 5), ("call", 15), ("raise", 25)]
    call_down(st)
    text = dumps(to_phh(st, full=True))
    assert '_open_pair_raises = "big"' in text and replay(text).stacks == st.stacks


def test_no_cap_heads_up_by_default():
    """R28: no cap heads-up (cap_heads_up by option)."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2c"]])
    play(st, "p2 complete", "p1 raise 10", "p2 raise 15", "p1 raise 20")
    assert ("raise", 25) in legal(st)


def test_cap_heads_up_option_any_betting_round():
    """R28: no cap heads-up (cap_heads_up by option)."""
    st = table("seven", [["As Ad Kh", "Ks Kd 2c"]], cap_heads_up=True)
    play(st, "p2 complete", "p1 raise 10", "p2 raise 15", "p1 raise 20")
    assert legal(st) == [("fold", 15), ("call", 20)]
    refused(st, "raise", 25)
    call_down(st)
    text = dumps(to_phh(st, full=True))
    assert "_cap_heads_up = true" in text and replay(text).cap_heads_up is True
    st = table("seven", THREE, cap_heads_up=True)  # a fold leaving two does not lift it either
    play(st, "p2 bring_in", "p3 complete", "p1 raise 10", "p2 raise 15", "p3 raise 20", "p1 fold")
    assert legal(st) == [("fold", 15), ("call", 20)]


# -------------------------------------------------------------------- deck exhaustion (R43-R46)


def test_deck_exhaustion_seven_players_are_dealt_from_the_stub_without_a_burn():
    """R43: running out of cards: the stub deals the seventh cards without a burn."""
    deck = list(range(52))
    random.Random(3).shuffle(deck)
    st = StudState("seven", S, [1000] * 7, deck=deck, seed=0)
    call_down(st)
    # 21 + burn + 7 + burn + 7 + burn + 7 = 45 cards: the 7 left go one to each player, no burn
    assert [st.down[i][2] for i in range(7)] == deck[45:52]
    assert st.deck.burns == [deck[21], deck[29], deck[37]] and st.community < 0
    replays(st)


def test_no_exhaustion_with_six_players_the_burn_comes_first():
    """R43: running out of cards: the stub deals the seventh cards without a burn."""
    deck = list(range(52))
    random.Random(4).shuffle(deck)
    st = StudState("seven", S, [1000] * 6, deck=deck, seed=0)
    call_down(st)
    # 18 + burn + 6 + burn + 6 + burn + 6 = 39 cards: a burn (the 40th), then six seventh cards
    assert (
        st.deck.burns == [deck[18], deck[25], deck[32], deck[39]] and [st.down[i][2] for i in range(6)] == deck[40:46]
    )


def test_deck_exhaustion_burns_shuffled_in_only_when_the_stub_is_short():
    """R44: running out of cards: burns shuffled in when that gives everyone a card."""
    for seed in range(5):
        st = StudState("seven", S, [1000] * 8, seed=seed)
        while st.actor >= 0:  # p? folds on third street: 4 left + 3 burns for 7 players
            kinds = [a.kind for a in st.legal_actions()]
            if st.street == 0 and "fold" in kinds and not any(st.folded):
                st.act("fold")
            else:
                st.act(next(k for k in ("check", "call", "bring_in") if k in kinds))
        assert st.community < 0 and st.deck.burns == []  # the burns were used
        replays(st)


# -------------------------------------------------------------------- showdown choices


def _river(showdown: str) -> StudState:
    streets = [
        ["2h 3h Kh", "4h 5h Ks", "6h 8h 2c"],
        ["7c", "7d", "3c"],
        ["Jc", "Jd", "4c"],
        ["Tc", "9d", "5d"],
        ["2s", "3s", "4s"],
    ]
    st = table("seven", streets, showdown=showdown)
    play(st, "p3 bring_in", "p1 call", "p2 call")
    while st.actor >= 0 and st.legal_actions()[0].kind == "check":
        st.act("check")
    return st


def test_showdown_automatic_by_default():
    """R40: show or muck: automatic, or chosen by option."""
    st = _river("auto")
    assert st.finished and st.actor < 0
    assert all(st.shown[i] or st.mucked[i] for i in range(3))


def test_showdown_choose_option_players_show_or_muck_as_actions():
    """R40: show or muck: automatic, or chosen by option."""
    st = _river("choose")
    assert not st.finished and st.street == 4
    first = st.actor
    assert legal(st) == [("show", 0)]  # the first to show must show
    refused(st, "muck")
    play(st, f"p{first + 1} show")
    second = st.actor
    assert [k for k, _ in legal(st)] == ["show", "muck"]
    play(st, f"p{second + 1} muck")
    third = st.actor
    play(st, f"p{third + 1} show")
    assert st.finished and st.mucked[second] and st.shown[first] and st.shown[third]
    best = max((first, third), key=lambda i: evaluate(st.hand(i)))
    assert st.pots[0].winners == (best,)  # a mucked hand cannot win, whatever it holds
    assert st.view(None).down_cards[second] is None
    hh = to_phh(st, full=True)
    assert f"p{second + 1} sm" in hh.actions and hh.extra["_showdown"] == "choose"
    again = replay(dumps(hh))
    assert again.stacks == st.stacks and again.mucked == st.mucked
    assert replay(dumps(to_phh(st, 0))).stacks == st.stacks  # as p1 saw it


def test_showdown_choose_the_uncalled_winner_may_show():
    """R40: show or muck: automatic, or chosen by option."""
    deal = [["As 2c", "Ks 9h"], ["3c", "8d"]]
    auto = table("five", deal)
    play(auto, "p1 bring_in", "p2 complete", "p1 fold")
    assert auto.finished and not any(auto.shown)
    st = table("five", deal, showdown="choose")
    play(st, "p1 bring_in", "p2 complete", "p1 fold")
    assert not st.finished and st.actor == 1 and legal(st) == [("show", 5), ("muck", 5)]
    play(st, "p2 show")
    assert st.finished and st.shown[1] and st.stacks == auto.stacks
    assert st.view(None).down_cards[1] == tuple(st.down[1])
    hh = to_phh(st)
    assert hh.actions[-1] == "p2 sm " + format_cards(st.down[1] + st.up[1]).replace(" ", "")
    assert replay(dumps(hh)).shown == [False, True]


def test_showdown_choose_random_play_every_pot_has_a_shown_winner_and_replays():
    """R40: show or muck: automatic, or chosen by option."""
    rng = random.Random(21)
    mucks = 0
    for h in range(300):
        n = rng.randint(2, 8)
        st = StudState(
            "seven" if h % 2 else "five", S, [rng.choice([4, 12, 40, 200]) for _ in range(n)], seed=h, showdown="choose"
        )
        while st.actor >= 0:
            if rng.random() < 0.02:
                st.time_out()
                continue
            st.apply(rng.choice(st.legal_actions()))
        mucks += sum(st.mucked)
        assert all(p.winners for p in st.pots)
        for p in st.pots:
            assert all(st.shown[w] for w in p.winners) or len(p.eligible) == 1
        assert replays(st).shown == st.shown  # the full history's replay
    assert mucks > 50


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("all_in_rule", "full_bet"),
        ("open_pair_raises", "big"),
        ("cap_heads_up", True),
        ("showdown", "choose"),
        ("raise_cap", None),
        ("tie_rule", "suits"),
        ("odd_chip", "dealer_left"),
        ("cap_after_fold", "lifted"),
        ("cap_counts", "live"),
        ("fold_when_check", "refused"),
    ],
)
def test_every_option_travels_in_the_history_and_replays(option, value):
    """R53: what PHH has no line for (community card, time-out, options) in studeval's own form."""
    rng = random.Random(5)
    for h in range(40):
        st = StudState(
            "seven", S, [rng.choice([6, 30, 400]) for _ in range(rng.randint(2, 7))], seed=h, **{option: value}
        )
        while st.actor >= 0:
            st.apply(rng.choice(st.legal_actions()))
        hh = loads(dumps(to_phh(st, full=True)))
        again = replay(hh)
        assert getattr(again, option) == value
        assert again.stacks == st.stacks and again.log == st.log


def test_option_fields_must_have_the_right_type():
    """R53: what PHH has no line for (community card, time-out, options) in studeval's own form."""
    st = _river("auto")
    hh = to_phh(st, full=True)
    for field, bad in (
        ("_cap_heads_up", "false"),
        ("_cap_heads_up", 0),
        ("_raise_cap", True),
        ("_all_in_rule", "quarter"),
        ("_raise_cap", -2),
        ("_cap_after_fold", "sometimes"),
        ("_cap_counts", 3),
        ("_fold_when_check", True),
    ):
        hh.extra = {field: bad}
        with pytest.raises(
            ValueError, match="_cap_heads_up|_raise_cap|all_in_rule|cap_after_fold|cap_counts|fold_when_check"
        ):
            replay(dumps(hh))
