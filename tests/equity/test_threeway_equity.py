"""The exact three-way count wired into stud_equity (issue 22 item 1): three players, a pot
of one kind, every street; checked against enumeration of every deal (late streets, a short
deck of dead cards on fifth street), against the kernel's own counts and against Monte Carlo."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from studeval._multiway import MAX_WORK, threeway_counts, threeway_work
from studeval.cards import format_cards, parse_cards
from studeval.equity import EquityResult, plan_equity, stud_equity
from studeval.equity.counts import to_result
from studeval.equity.deal import stud_deal
from studeval.equity.exact import exact
from studeval.games import GAMES, get_game

# every stud game whose pot one kind decides: the ones the three-way count takes
ONE_KIND = [name for name, g in GAMES.items() if g.stud and len(g.pot) == 1]
HILO = [name for name, g in GAMES.items() if g.stud and g.hilo]
FOURTH = ["As Ah Kd 2c", "Qc Qd 7s 3h", "8h 9h Th 4d"]  # the example, a card each


def random_deal(rng: random.Random, game: str, known: int, dead: int) -> tuple[list[list[int]], list[int]]:
    """Three hands of ``known`` cards each and ``dead`` dead cards, drawn without replacement."""
    cards = rng.sample(range(52), 3 * known + dead)
    return [cards[p * known : (p + 1) * known] for p in range(3)], cards[3 * known :]


def cases() -> list[tuple[str, int, int, int]]:
    """(game, known cards, dead cards, seed): the last three streets of each one-kind game
    (fifth street of a seven-card game on a deck shortened by dead cards, so enumeration is
    quick), a few deals each."""
    out = []
    for game in ONE_KIND:
        size = get_game(game).cards
        for known, dead in ((size - 2, 22), (size - 1, 4), (size, 3)):
            out += [(game, known, dead, seed) for seed in range(3)]
    return out


@pytest.mark.parametrize(("game", "known", "dead", "seed"), cases())
def test_the_threeway_count_equals_enumeration(game: str, known: int, dead: int, seed: int) -> None:
    """R47 does not arise (three players); the counts, wins and k-way ties per player, are the
    enumeration's exactly, dead cards included, and stud_equity answers with them."""
    hands, out = random_deal(random.Random(f"{game}{known}{seed}"), game, known, dead)
    deal = stud_deal(hands, get_game(game), out)
    counted = exact(deal, "threeway", 1, None)
    listed = exact(deal, "enumerate", 1, None)
    assert counted.deals == listed.deals == deal.deals()
    assert counted.wins.tolist() == listed.wins.tolist()
    assert counted.ties.tolist() == listed.ties.tolist()
    players = [format_cards(h) for h in hands]
    r = stud_equity(players, game=game, dead=format_cards(out), method="exact")
    # with cards to come the three-way count is the cheaper; on the last street there is one
    # deal, and the cost model may list it instead
    kernels = {"threeway"} if deal.deals() > 1 else {"threeway", "enumerate"}
    assert plan_equity(players, game=game, dead=format_cards(out), method="exact").kernel in kernels
    expected = to_result(listed, get_game(game), "exact", seconds=0.0, community=False)
    assert (r.equity, r.win, r.tie, r.deals) == (expected.equity, expected.win, expected.tie, expected.deals)


def test_fourth_street_is_the_kernels_count_exactly() -> None:
    """The issue's example on fourth street: auto counts it exactly by the three-way count,
    and every figure is the kernel's integers over the deals."""
    plan = plan_equity(FOURTH)
    assert (plan.method, plan.kernel) == ("exact", "threeway"), plan.reason
    assert "the three-way count" in plan.reason
    r = stud_equity(FOURTH)
    assert isinstance(r, EquityResult) and r.method == "exact"
    deals, wins, (t01, t02, t12), three = threeway_counts([parse_cards(h) for h in FOURTH])
    assert r.deals == deals
    ties = [t01 + t02, t01 + t12, t02 + t12]
    for p in range(3):
        assert round(r.win[p] * deals) == wins[p] and r.win[p] == wins[p] / deals
        assert r.tie[p] == (ties[p] + three) / deals
        share = Fraction(wins[p]) + Fraction(ties[p], 2) + Fraction(three, 3)
        assert r.equity[p] == pytest.approx(float(share / deals), rel=1e-15)
    assert sum(wins) + sum((t01, t02, t12)) + three == deals


def test_fourth_street_agrees_with_monte_carlo() -> None:
    exact_r = stud_equity(FOURTH, method="exact")
    mc = stud_equity(FOURTH, method="monte-carlo", samples=200_000, seed=22)
    for e, m, se in zip(exact_r.equity, mc.equity, mc.stderr, strict=True):
        assert se > 0 and abs(e - m) <= 4 * se


@pytest.mark.parametrize("game", ONE_KIND)
def test_dead_cards_threads_and_progress_pass_through(game: str) -> None:
    players = ["As 2h 3d 9c Kc", "Qc Qd 7s 4h 5h", "8h 9h Th Jh 6d"]
    dead = "Ks Kd 2c 3c"
    if get_game(game).cards == 5:
        players = [p[:8] for p in players]  # four cards: fourth street of five card stud
    seen: list[float] = []
    one = stud_equity(players, game=game, dead=dead, method="exact", threads=1, progress=seen.append)
    two = stud_equity(players, game=game, dead=dead, method="exact", threads=2)
    assert plan_equity(players, game=game, dead=dead).kernel == "threeway"
    assert seen == [1.0]
    assert (one.equity, one.win, one.tie, one.deals) == (two.equity, two.win, two.tie, two.deals)
    # the dead cards are out of every deal: other dead cards give another count
    other = stud_equity(players, game=game, dead="Ts Td 2s 3s", method="exact")
    assert one.deals == other.deals and one.equity != other.equity


@pytest.mark.parametrize("game", HILO)
def test_hilo_pots_by_the_cheaper_count(game: str) -> None:
    """A hi-lo pot three-way (several counts, tests/equity/test_threeway_hilo.py): sixth street
    is enumerated (35,904 deals), fifth street and earlier counted."""
    players = ["As 2h 3d 9c Kc 4d", "Qc Qd 7s 4h 5h 6s", "8h 9h Th Jh 6d 2s"]
    assert plan_equity(players, game=game).kernel == "enumerate"
    assert plan_equity([p[:-3] for p in players], game=game).kernel == "threeway"


def test_other_deals_are_not_the_threeway_counts() -> None:
    """Four players, and hold'em three-way, are enumerated (or sampled) as before."""
    assert plan_equity([*FOURTH, "5s 5d 6c 6h"]).kernel == "enumerate"
    assert plan_equity(["As Ah", "Kd Kc", "Qs Qh"], game="holdem", board="2c 3c 4d").kernel == "enumerate"


def test_third_street_is_planned_by_the_three_way_count() -> None:
    """Third street three-way: the count applies (about 6 billion table reads) and
    method="exact" takes it; auto weighs it against Monte Carlo."""
    plan = plan_equity(["As Ah Kd", "Qc Qd 7s", "8h 9h Th"], method="exact")
    assert plan.kernel == "threeway" and plan.method == "exact"
    assert plan.work == 6_159_886_740
    auto = plan_equity(["As Ah Kd", "Qc Qd 7s", "8h 9h Th"])
    assert auto.kernel == "threeway" and auto.exact_seconds > auto.monte_carlo_seconds


def test_beyond_the_counts_bounds_it_is_not_planned() -> None:
    """Past MAX_COMPLETIONS (door cards only: C(45, 6) completions each) or MAX_WORK (two cards
    each: about 200 times third street) the three-way count is not chosen, and an exact answer
    is refused as before (too many deals) instead of running for hours."""
    assert threeway_work(46, (5, 5, 5)) > MAX_WORK
    for players in (["As Ah Kd", "Qc", "7s"], ["As Ah", "Kd Kc", "Qs Qh"]):
        assert plan_equity(players).kernel == "enumerate"
        with pytest.raises(ValueError, match="too many deals"):
            stud_equity(players, method="exact")
