"""Each statistic on hands built so that its value is known by hand (PHH action lists,
replayed), and random self-play whose counts must agree with each other."""

from __future__ import annotations

import random

import pytest
from table_helpers import S, play_randomly

from studeval.game import StudState, to_phh
from studeval.game.phh import HandHistory, Replay, replay_hand
from studeval.stats import FACTS, STATISTICS, hand_facts, summarize


def hand(variant: str, actions: list[str], players: int = 3) -> Replay:
    """A hand of ante 1, bring-in 2, bets 4/8, 100 chips a seat."""
    return replay_hand(HandHistory(variant, [1] * players, 2, 4, 8, [100] * players, actions))


def nonzero(replay: Replay) -> list[dict[str, int]]:
    """Each player's facts that are not 0 (every row has hands = 1)."""
    return [{k: v for k, v in f.items() if v and k != "hands"} for f in hand_facts(replay)]


# p1 brings in with the 2c; p2 (Kd) and p3 (9s) act after
THIRD = ["d dh p1 3d6s2c", "d dh p2 3s6dKd", "d dh p3 ????9s", "p1 pb"]


def test_every_row_has_every_fact_once():
    rows = hand_facts(hand("F7S", [*THIRD, "p2 f", "p3 f"]))
    assert [list(r) for r in rows] == [list(FACTS)] * 3
    assert all(r["hands"] == 1 for r in rows)


def test_a_steal_that_wins_and_a_bring_in_that_folds_to_the_completion():
    p1, p2, p3 = nonzero(hand("F7S", [*THIRD, "p2 cbr 4", "p3 f", "p1 f"]))
    assert p1 == {"bring_in": 1, "bring_in_faced": 1, "bring_in_fold": 1}
    assert p2 == {
        "vpip": 1,
        "complete_raise": 1,
        "steal_chance": 1,
        "steal_attempt": 1,
        "steal_success": 1,
        "bets1": 1,
        "won_without_showdown": 1,
    }
    assert p3 == {}  # the completion came before him: no chance, no vpip


def test_steal_chances_not_taken():
    # p2 folds with the best door card showing: a chance; then p3 is folded to, the 9s over the 2c
    p1, p2, p3 = nonzero(hand("F7S", [*THIRD, "p2 f", "p3 f"]))
    assert p2 == {"steal_chance": 1} and p3 == {"steal_chance": 1}
    assert p1 == {"bring_in": 1, "won_without_showdown": 1}


def test_no_steal_chance_with_a_higher_door_card_still_to_act():
    # p2 (9s) completes with the Kd behind: a completion, not a steal; judged by door cards, not seats
    actions = ["d dh p1 ????2c", "d dh p2 ????9s", "d dh p3 ????Kd", "p1 pb", "p2 cbr 4", "p3 f", "p1 f"]
    p1, p2, p3 = nonzero(hand("F7S", actions))
    assert p2 == {"vpip": 1, "complete_raise": 1, "bets1": 1, "won_without_showdown": 1}
    assert p3 == {} and p1["bring_in_fold"] == 1


def test_a_steal_that_is_called_does_not_succeed_and_the_bring_in_that_calls_is_voluntary():
    actions = [*THIRD, "p2 cbr 4", "p3 f", "p1 cc", *FOUR_TO_SEVEN_HEADS_UP]
    p1, p2, _ = hand_facts(hand("F7S", actions))
    assert (p2["steal_chance"], p2["steal_attempt"], p2["steal_success"]) == (1, 1, 0)
    assert (p1["bring_in_faced"], p1["bring_in_call"], p1["vpip"], p1["calls1"]) == (1, 1, 1, 1)


def test_the_bring_in_re_raises_and_a_raise_after_the_completion_is_not_facing_one():
    p1, p2, _ = hand_facts(hand("F7S", [*THIRD, "p2 cbr 4", "p3 f", "p1 cbr 8", "p2 f"]))
    assert (p1["bring_in_faced"], p1["bring_in_raise"], p1["complete_raise"], p1["bets1"]) == (1, 1, 1, 1)
    assert p2["steal_success"] == 0 and p1["won_without_showdown"] == 1
    p1, _, _ = hand_facts(hand("F7S", [*THIRD, "p2 cbr 4", "p3 cbr 8", "p1 f", "p2 f"]))
    assert p1["bring_in_faced"] == p1["bring_in_fold"] == 0  # a completion and a raise: not counted


def test_vpip_a_call_counts_the_bring_in_posted_does_not():
    p1, p2, p3 = nonzero(hand("F7S", [*THIRD, "p2 cc", "p3 f", *FOUR_TO_SEVEN_HEADS_UP]))
    assert p2["vpip"] == 1 and p2["calls1"] == 1 and p2["steal_chance"] == 1
    assert "vpip" not in p1 and p1["bring_in"] == 1
    assert p3 == {}  # p2 limped in: p3 was not folded to


# fourth to seventh street, p1 and p2 checking; p2 acts first (8h over 7h, or the Kd)
def checked_down(p1_cards: str, p2_cards: str) -> list[str]:
    """Fourth to seventh street heads-up, each player dealt his next card and both checking,
    p2 first (the cards are chosen so that p2 shows the better board each street)."""
    streets = zip(p1_cards.split(), p2_cards.split(), strict=True)
    return [a for c1, c2 in streets for a in (f"d dh p1 {c1}", f"d dh p2 {c2}", "p2 cc", "p1 cc")]


FOUR_TO_SEVEN_HEADS_UP = checked_down("7h 9h Jc 4d", "8h Th Qc 5d")


def test_a_showdown_won_and_lost():
    # aces (p1) against kings (p2)
    actions = ["d dh p1 AsAd2c", "d dh p2 KsKd3c", "p1 pb", "p2 cc", *FOUR_TO_SEVEN_HEADS_UP]
    p1, p2 = hand_facts(hand("F7S", actions, players=2))
    assert (p1["saw_round2"], p1["showdown"], p1["won_showdown"]) == (1, 1, 1)
    assert (p2["saw_round2"], p2["showdown"], p2["won_showdown"]) == (1, 1, 0)
    assert p1["won_without_showdown"] == p2["won_without_showdown"] == 0
    assert p1["hilo_showdown"] == 0  # not a hi-lo game
    assert (p1["calls2"], p1["bets2"], p2["calls1"]) == (0, 0, 1)


def test_a_hi_lo_scoop():
    # p1's wheel (A2345) is the best high and the best low; p2 has a pair and no low
    actions = ["d dh p1 As3h2c", "d dh p2 KcQh4c", "p1 pb", "p2 cc"]
    actions += ["d dh p1 4h", "d dh p2 8c", "p2 cc", "p1 cc", "d dh p1 5s", "d dh p2 Tc", "p2 cc", "p1 cc"]
    actions += ["d dh p1 Jd", "d dh p2 Qd", "p2 cc", "p1 cc", "d dh p1 Kh", "d dh p2 Ks", "p2 cc", "p1 cc"]
    p1, p2 = hand_facts(hand("F7S/8", actions, players=2))
    assert (p1["hilo_showdown"], p1["scoop"], p1["high_only"], p1["low_only"], p1["won_showdown"]) == (1, 1, 0, 0, 1)
    assert (p2["hilo_showdown"], p2["scoop"], p2["high_only"], p2["low_only"], p2["won_showdown"]) == (1, 0, 0, 0, 0)


def test_a_hi_lo_split_high_to_one_low_to_the_other():
    # p1: A 2 3 6 7 low, no pair; p2: kings, no low
    actions = ["d dh p1 As3h2c", "d dh p2 KcKh4c", "p1 pb", "p2 cc"]
    actions += ["d dh p1 6h", "d dh p2 8c", "p2 cc", "p1 cc", "d dh p1 7s", "d dh p2 Tc", "p2 cc", "p1 cc"]
    actions += ["d dh p1 Jd", "d dh p2 Qd", "p2 cc", "p1 cc", "d dh p1 9h", "d dh p2 5s", "p2 cc", "p1 cc"]
    r = hand("F7S/8", actions, players=2)
    p1, p2 = hand_facts(r)
    assert r.state.pots[0].winners == (1,) and r.state.pots[0].low_winners == (0,)
    assert (p1["scoop"], p1["high_only"], p1["low_only"], p1["won_showdown"]) == (0, 0, 1, 1)
    assert (p2["scoop"], p2["high_only"], p2["low_only"], p2["won_showdown"]) == (0, 1, 0, 1)


def test_a_hi_lo_pot_nobody_qualifies_low_for_is_a_scoop_for_the_high():
    actions = ["d dh p1 AsAd2c", "d dh p2 KsKd3c", "p1 pb", "p2 cc", *FOUR_TO_SEVEN_HEADS_UP]
    p1, p2 = hand_facts(hand("F7S/8", actions, players=2))
    assert (p1["scoop"], p1["high_only"]) == (1, 0) and p2["hilo_showdown"] == 1


def test_razz_steal_judged_by_the_low_door_cards():
    # razz: the king brings in; p2's ace is the best door card, p3's 9 weaker than it
    actions = ["d dh p1 ????Kc", "d dh p2 ????Ad", "d dh p3 ????9s", "p1 pb", "p2 cbr 4", "p3 f", "p1 f"]
    _, p2, _ = hand_facts(hand("FR", actions))
    assert (p2["steal_chance"], p2["steal_attempt"], p2["steal_success"]) == (1, 1, 1)
    actions = ["d dh p1 ????Kc", "d dh p2 ????9s", "d dh p3 ????Ad", "p1 pb", "p2 cbr 4", "p3 f", "p1 f"]
    _, p2, _ = hand_facts(hand("FR", actions))
    assert p2["steal_chance"] == 0  # the ace still to act


def test_a_hidden_door_card_still_in_gives_no_steal_chance():
    actions = ["d dh p1 ????2c", "d dh p2 ????Kd", "d dh p3 ??????", "p1 pb", "p2 cbr 4", "p3 f", "p1 f"]
    _, p2, _ = hand_facts(hand("F7S", actions))
    assert p2["steal_chance"] == 0 and p2["complete_raise"] == 1


def test_summarize_makes_percentages_from_summed_facts():
    rows = [hand_facts(hand("F7S", [*THIRD, "p2 cbr 4", "p3 f", "p1 f"]))[1]]
    rows.append(hand_facts(hand("F7S", [*THIRD, "p2 f", "p3 f"]))[1])
    rows[0] = {**rows[0], "big_bets": 4 / 8}  # won the antes and the bring-in
    rows[1] = {**rows[1], "big_bets": -1 / 8}  # lost the ante
    s = summarize(rows)
    assert s["hands"] == 2
    assert s["vpip"] == 50.0 and s["steal"] == 50.0 and s["steal_success"] == 100.0
    assert s["bb_per_100"] == pytest.approx(100 * (3 / 8) / 2)
    assert s["went_to_showdown"] is None and s["aggression1"] is None  # no chance: no figure
    assert set(s) >= {st.name for st in STATISTICS}


def test_every_statistic_names_facts():
    for st in STATISTICS:
        assert st.numerator in (*FACTS, "big_bets") and st.denominator in FACTS, st
        assert st.text and st.scale in (1, 100)
    assert len({st.name for st in STATISTICS}) == len(STATISTICS)


@pytest.mark.parametrize("game", ["seven", "five", "razz", "stud8"])
def test_random_self_play_counts_agree(game: str):
    rng = random.Random(32)
    for seed in range(300):
        n = rng.randint(2, 8)
        st = StudState(game, S, [rng.choice([6, 40, 500]) for _ in range(n)], seed=seed)
        play_randomly(st, rng)
        rows = hand_facts(replay_hand(to_phh(st, full=True)))
        assert len(rows) == n
        for f in rows:
            assert set(f) == set(FACTS) and all(v >= 0 for v in f.values())
            assert f["steal_success"] <= f["steal_attempt"] <= f["steal_chance"] <= 1
            assert f["steal_attempt"] <= f["complete_raise"] <= f["vpip"] <= 1
            assert f["bring_in_fold"] + f["bring_in_call"] + f["bring_in_raise"] == f["bring_in_faced"] <= f["bring_in"]
            assert f["won_showdown"] <= f["showdown"] and f["won_without_showdown"] + f["showdown"] <= 1
            assert f["scoop"] + f["high_only"] + f["low_only"] <= f["won_showdown"]
            assert f["hilo_showdown"] == (f["showdown"] if game == "stud8" else 0)
        assert sum(f["bring_in"] for f in rows) <= 1
        assert sum(f["won_without_showdown"] for f in rows) == (not any(f["showdown"] for f in rows))
        showdown = [f for f in rows if f["showdown"]]
        if showdown:  # somebody wins at a showdown: one winner, or a split
            assert len(showdown) >= 2 and any(f["won_showdown"] for f in showdown)
            assert sum(f["scoop"] for f in showdown) <= 1
