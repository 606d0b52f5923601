"""The two games added by a registry entry (issue 19 item 2): seven card stud hi-lo without a
qualifier (``stud_hilo``) and 2-7 razz (``razz27``), at the table.

A stacked-deck scenario per rule they change, worked out by hand from the rules and checked
against the slow reference evaluators (studeval._reference); then random play, PHH round
trips and the command line.
"""

from __future__ import annotations

import json
import random

import pytest
from table_helpers import S, call_down, play_randomly, replays

from studeval import _reference as ref
from studeval.cards import parse_cards
from studeval.cli import main
from studeval.game import StudState, dumps, loads, replay, settle_pots, simulate, stacked_deck, to_phh
from studeval.game.bots import showing_bot
from studeval.games import get_game

#: The reference evaluator of each kind, higher is better (independent of the core's tables).
REFERENCE = {"high": ref.evaluate, "low": ref.evaluate_low, "low8": ref.evaluate_low8, "low27": ref.evaluate_low27}


def best_seats(hands: dict[int, list[int]], kind: str) -> tuple[int, ...]:
    """The seats holding the best hand by the reference evaluator of ``kind`` (0: no hand)."""
    values = {seat: REFERENCE[kind](cards) for seat, cards in hands.items()}
    top = max(values.values())
    return tuple(seat for seat, v in sorted(values.items()) if v == top and v > 0)


def check_pots_by_reference(st: StudState) -> None:
    """Each pot of a finished hand went to the best shown hands among its eligible seats, by
    the reference evaluators of the game's pot kinds (the second kind: the low half)."""
    kinds = get_game(st.game).pot
    for pot in st.pots:
        shown = {i: st.hand(i) for i in pot.eligible if st.shown[i]}
        if len(pot.eligible) < 2 or not shown:
            continue  # an uncalled pot: nobody had to show
        assert pot.winners == best_seats(shown, kinds[0])
        if len(kinds) == 2:
            assert pot.low_winners == best_seats(shown, kinds[1])


# ---------------------------------------------------------------------- stud hi-lo, no qualifier

# Three players call every street down. p2's 6s brings in (the lowest door card, as in seven
# card stud). p1 makes kings full; p2's best ace-to-five low is 9-8-6-4-2, no eight-or-better
# low; p3 holds Q-T-7-5-3 for low. Pot: 3 antes + 3 bring-ins = 9.
HILO_STREETS = [
    ["Kc Kd Kh", "Jd Tc 6s", "Qs Qh 7c"],
    ["9s", "8c", "Ks"],
    ["9h", "9d", "Ts"],
    ["Qd", "4d", "3c"],
    ["Jc", "2h", "5h"],
]


def test_stud_hilo_the_best_low_always_takes_half_and_the_odd_chip_goes_high():
    """R88: stud hi-lo without a qualifier: the best ace-to-five low takes half of every pot,
    also a 9 low that stud8 would not count; the odd chip to the high half (R77)."""
    st = StudState("stud_hilo", S, [100] * 3, deck=stacked_deck("stud_hilo", HILO_STREETS))
    assert st.actor == 1  # 6s: the lowest door card brings in
    call_down(st)
    hands = {i: st.hand(i) for i in range(3)}
    assert best_seats(hands, "high") == (0,) and best_seats(hands, "low") == (1,)
    assert all(ref.evaluate_low8(h) == 0 for h in hands.values())  # nobody qualifies in stud8
    (pot,) = st.pots
    assert (pot.amount, pot.winners, pot.low_winners) == (9, (0,), (1,))
    assert st.payouts == [5, 4, 0]  # 9: 5 to the high (the odd chip), 4 to the low
    # the same deal in stud8: no qualifying low, the high scoops
    stud8 = StudState("stud8", S, [100] * 3, deck=stacked_deck("stud8", HILO_STREETS))
    call_down(stud8)
    assert stud8.payouts == [9, 0, 0] and stud8.pots[0].low_winners == ()
    assert settle_pots(st.totals, [st.hand(i) for i in range(3)], game="stud_hilo").payouts == st.payouts


def test_stud_hilo_paired_lows_still_split():
    """R88: every hand has an ace-to-five low, pairs and all: the better one takes half."""
    streets = [["Kc Kd Kh", "Ac Ad Qs"], ["9s", "Qh"], ["9h", "Js"], ["Qd", "Th"], ["Jc", "8s"]]
    st = StudState("stud_hilo", S, [100, 100], deck=stacked_deck("stud_hilo", streets))
    call_down(st)
    hands = {i: st.hand(i) for i in range(2)}
    assert best_seats(hands, "high") == (0,) and best_seats(hands, "low") == (1,)
    assert st.pots[0].winners == (0,) and st.pots[0].low_winners == (1,)
    assert st.payouts == [3, 3]


def test_stud_hilo_orders_play_as_seven_card_stud_without_the_open_pair():
    """R75, R74: bring-in and first to act as in seven card stud; no open-pair big bet."""
    streets = [["2d 3d Kc", "4d 5d 7d"], ["Kh", "8c"]]
    st = StudState("stud_hilo", S, [100, 100], deck=stacked_deck("stud_hilo", streets))
    assert st.actor == 1  # 7d brings in
    st.act("bring_in")
    st.act("call")
    assert st.actor == 0 and not st.round.open_pair  # the open pair of kings acts first, small bets only
    assert [(a.kind, a.to) for a in st.legal_actions()] == [("check", 0), ("bet", 5)]


@pytest.mark.parametrize("seed", range(40))
def test_stud_hilo_settles_like_the_reference(seed):
    """R88: random showdowns of 2 to 5 hands: the high and low winners are the reference's,
    and the low half is never empty."""
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    cards = rng.sample(range(52), 7 * n)
    hands = [cards[7 * i : 7 * i + 7] for i in range(n)]
    r = settle_pots([10] * n, hands, game="stud_hilo")
    (pot,) = r.pots
    by_seat = dict(enumerate(hands))
    assert pot.winners == best_seats(by_seat, "high") and pot.low_winners == best_seats(by_seat, "low")
    assert sum(r.payouts) == 10 * n
    if not set(pot.winners) & set(pot.low_winners):
        assert sum(r.payouts[i] for i in pot.winners) == 5 * n  # an even pot: half and half


# ---------------------------------------------------------------------- 2-7 razz


@pytest.mark.parametrize(
    ("doors", "razz27", "razz"),
    [
        (["As", "Kd", "2c"], 0, 1),  # aces high: the ace brings in (in razz the king)
        (["Kd", "Ks", "Qh"], 1, 1),  # ties by suit: spades highest
        (["2c", "3d", "7h"], 2, 2),
        (["Ah", "Ad", "8c"], 0, 2),  # two aces: hearts over diamonds (in razz the eight)
    ],
)
def test_razz27_the_highest_door_card_brings_in_aces_high(doors, razz27, razz):
    """R89: 2-7 razz: the highest door card brings in, aces high, ties by suit (spades highest)."""
    hands = [f"{d} {door}" for d, door in zip(["4d 5d", "6d 9d", "Tc Jc"], doors, strict=True)]
    st = StudState("razz27", S, [100] * 3, deck=stacked_deck("razz27", [hands]))
    assert st.actor == razz27
    assert [a.kind for a in st.legal_actions()] == ["bring_in", "complete"]
    assert StudState("razz", S, [100] * 3, deck=stacked_deck("razz", [hands])).actor == razz


@pytest.mark.parametrize(
    ("p3_up", "first"),
    [
        (("4s", "3s"), 2),  # 4-3 suited and connected: no straight or flush on up cards, the best low
        (("3c", "3s"), 1),  # a pair counts against: 7-5 beats it, and beats A-2 (aces high)
    ],
)
def test_razz27_the_best_deuce_to_seven_low_showing_acts_first(p3_up, first):
    """R90: 2-7 razz: the best 2-7 low showing acts first on later streets (aces high, pairs
    count against, straights and flushes do not count on up cards); no open-pair big bet."""
    streets = [["Kc Kd 2h", "Qc Qd 7c", f"Jc Jd {p3_up[0]}"], ["Ah", "5d", p3_up[1]]]
    st = StudState("razz27", S, [100] * 3, deck=stacked_deck("razz27", streets))
    assert st.actor == 1  # 7c: the highest door card
    for kind in ("bring_in", "call", "call"):
        st.act(kind)
    assert st.street_name == "fourth street" and st.actor == first
    assert [(a.kind, a.to) for a in st.legal_actions()] == [("check", 0), ("bet", 5)]
    razz = StudState("razz", S, [100] * 3, deck=stacked_deck("razz", streets))
    for kind in ("bring_in", "call", "call"):
        razz.act(kind)
    assert razz.actor == 0  # in razz A-2 is the best low showing


@pytest.mark.parametrize(("tie_rule", "first"), [("dealer_left", 0), ("suits", 1)])
def test_razz27_showing_ties_follow_the_tie_rule(tie_rule, first):
    """R90 (ties as R72): equal 2-7 lows showing (5-3 and 5-3): the dealer's left, or with
    ``tie_rule="suits"`` the lower suit in showing order (5h under 5s)."""
    streets = [["Kc Kd 5s", "Qc Qd 5h", "Jc Jd 8c"], ["3h", "3d", "Ks"]]
    st = StudState("razz27", S, [100] * 3, deck=stacked_deck("razz27", streets), tie_rule=tie_rule)
    assert st.actor == 2  # 8c: the highest door card
    for kind in ("bring_in", "call", "call"):
        st.act(kind)
    assert st.street_name == "fourth street" and st.actor == first


def test_razz27_the_best_deuce_to_seven_low_wins_straights_flushes_and_aces_count_against():
    """R91: 2-7 razz: the best deuce-to-seven low wins: the wheel is ace-high there (in razz
    the best low), 7-5-4-3-2 offsuit the best."""
    streets = [["Kc Qd 7d", "As 2s 3s"], ["5c", "4c"], ["4h", "5h"], ["3d", "9d"], ["2d", "Tc"]]
    st = StudState("razz27", S, [100, 100], deck=stacked_deck("razz27", streets))
    call_down(st)
    hands = {i: st.hand(i) for i in range(2)}
    assert best_seats(hands, "low27") == (0,) and best_seats(hands, "low") == (1,)
    assert st.pots[0].winners == (0,) and st.payouts == [6, 0]
    razz = StudState("razz", S, [100, 100], deck=stacked_deck("razz", streets))
    call_down(razz)
    assert razz.payouts == [0, 6]


def test_razz27_odd_chip_goes_to_the_lowest_card_aces_high():
    """R91 (R80 with aces high): tied 2-7 lows split; the odd chip to the lowest card (clubs lowest)."""
    hands = ["7d 5c 4h 3s 2d Ks Kd", "7c 5d 4s 3h 2c Ah Ad", "Qc Qh Js Jd 9c 9h 8s"]
    r = settle_pots([3, 3, 1], [hands[0], hands[1], None], game="razz27")
    assert r.pots[0].winners == (0, 1)
    assert r.payouts == [3, 4, 0]  # 7 chips: 2c is the lowest card, p2 takes the odd chip


@pytest.mark.parametrize(
    ("game", "doors", "kind"),
    [
        ("razz27", "Kh 4s", "bring_in"),  # a king showing
        ("razz27", "As 4s", "bring_in"),  # an ace is high in 2-7 razz: it brings in, and is no low card
        ("razz27", "8h 4s", "complete"),  # an eight: smooth
        ("razz", "8h As", "complete"),
        ("razz", "9h As", "bring_in"),
    ],
)
def test_the_showing_bot_plays_a_smooth_low_by_the_game_order(game, doors, kind):
    """The showing bot's strong hand where the best low acts first: no pair, nothing above an
    eight, aces where the game's ``acts_first`` kind ranks them."""
    st = StudState(game, S, [1000, 1000], deck=f"2c 2d 3c 3d {doors}")
    assert st.actor == 0
    assert showing_bot(st, random.Random(0)).kind == kind


# ---------------------------------------------------------------------- both: play, histories, command line


@pytest.mark.parametrize(("game", "variant"), [("stud_hilo", "F7S/HL"), ("razz27", "F27R")])
def test_self_play_settles_by_the_reference_and_replays(game, variant):
    """R92: bots play 30 hands 5-handed: chips conserved, every pot to the reference's best
    hands, and each hand's history (our variant code) replays to the same stacks, pots and log."""
    for st in simulate(game, 5, 30, seed=7):
        assert st.finished and sum(st.stacks) == sum(st.starting_stacks)
        check_pots_by_reference(st)
        hh = to_phh(st, full=True)
        assert hh.variant == variant
        again = replay(loads(dumps(hh)))
        assert (again.game, again.stacks, again.pots, again.log) == (game, st.stacks, st.pots, st.log)


@pytest.mark.parametrize("game", ["stud_hilo", "razz27"])
def test_random_play_with_time_outs_replays(game):
    for seed in range(10):
        st = StudState(game, S, [60] * 6, seed=seed)
        play_randomly(st, random.Random(seed))
        replays(st)
        check_pots_by_reference(st)


@pytest.mark.parametrize(("game", "title"), [("stud_hilo", "seven card stud hi-lo regular"), ("razz27", "2-7 razz")])
def test_the_commands_simulate_and_replay_the_new_games(tmp_path, capsys, game, title):
    """R92: ``studeval simulate --game`` writes the hands, ``studeval replay`` reads them back."""
    out = tmp_path / "hands"
    assert main(["simulate", "--game", game, "--players", "4", "--hands", "6", "--seed", "3", "--out", str(out)]) == 0
    assert f"6 hands of {title}, 4 players" in capsys.readouterr().out
    files = sorted(out.iterdir())
    assert len(files) == 6
    for path in files:
        state = replay(path.read_text(encoding="utf-8"))
        assert main(["replay", str(path), "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["game"] == game and report["variant"] == get_game(game).phh
        assert report["finishing_stacks"] == state.stacks
        assert all(("low_winners" in p) == (game == "stud_hilo") for p in report["pots"])
        assert main(["replay", str(path)]) == 0
        text = capsys.readouterr().out
        assert text.startswith(f"{title}, 4 players") and "finishing stacks" in text
    assert main(["simulate", "--game", "2-7 razz", "--players", "2", "--hands", "1", "--seed", "1"]) == 0
    assert "1 hands of 2-7 razz" in capsys.readouterr().out


def test_the_same_cards_decide_differently_per_game():
    """One hand settled under every pot rule: what the registry's kinds say, by the reference."""
    hands = [parse_cards("As 2s 3s 4c 5h 9d Tc"), parse_cards("7d 5c 4h 3d 2d Kc Qd")]
    for game in ("razz", "razz27", "stud_hilo", "stud8", "seven"):
        r = settle_pots([5, 5], hands, game=game)
        kinds = get_game(game).pot
        assert r.pots[0].winners == best_seats(dict(enumerate(hands)), kinds[0])
    with pytest.raises(ValueError, match="seat 1: card 3s is in two hands"):
        settle_pots([5, 5], ["As 2s 3s 4c 5h 9d Tc", "7d 5c 4h 3s 2d Kc Qd"], game="razz27")
