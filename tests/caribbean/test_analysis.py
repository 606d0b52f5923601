"""The exact analysis of the banked game against brute force, Monte Carlo and the published
return table (Wizard of Odds, Caribbean Stud Poker, no progressive)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest

from studeval import caribbean
from studeval.caribbean import QUALIFYING_VALUE, HandSettlement, PayTable, advise, analyze, settle_hand
from studeval.caribbean.paytable import LINE_NAMES
from studeval.evaluate import evaluate, evaluate_batch


def _line(value: int) -> int:
    return caribbean.PAY_LINES.index(caribbean.pay_line(value))


class _Deck:
    """The cards of a small deck, sorted, and the value of every five of them (evaluate_batch),
    named by the cards' positions in the deck: a hand is its five positions, sorted, along the
    last axis of an array, and its value is looked up by their colex rank."""

    def __init__(self, ranks: str) -> None:
        self.cards = np.array(sorted(4 * "23456789TJQKA".index(r) + s for r in ranks for s in range(4)), np.uint8)
        n = len(self.cards)
        self.binom = np.array([[math.comb(x, j) for j in range(6)] for x in range(n)], dtype=np.int64)
        fives = np.array(list(itertools.combinations(range(n), 5)))
        values = evaluate_batch(self.cards[fives]).astype(np.int64)
        self.values = np.unique(values)  # the values this deck deals
        self.value_at = np.zeros(math.comb(n, 5), dtype=np.int64)
        self.value_at[self.rank(fives)] = np.searchsorted(self.values, values)

    def rank(self, hands: np.ndarray) -> np.ndarray:
        return sum(self.binom[hands[..., j], j + 1] for j in range(5))

    def value(self, hands: np.ndarray) -> np.ndarray:
        """The index in ``values`` of each hand's value."""
        return self.value_at[self.rank(hands)]

    def suit_class(self, hands: np.ndarray) -> np.ndarray:
        """A name of each hand's class under the 24 relabellings of the suits (which do not
        rank: a relabelled deal plays and settles the same): its least colex rank."""
        position = np.full(52, -1)
        position[self.cards] = np.arange(len(self.cards))
        cards = self.cards[hands].astype(np.int64)
        return np.min(
            [
                self.rank(np.sort(position[cards - cards % 4 + np.array(suits)[cards % 4]], axis=-1))
                for suits in itertools.permutations(range(4))
            ],
            axis=0,
        )

    def subset_value(self, rest: np.ndarray, subsets: np.ndarray) -> np.ndarray:
        """value(rest[:, subsets]) without forming it: [b, h] for rows of sorted positions
        ``rest`` and rows of sorted column numbers ``subsets``."""
        return self.value_at[sum(self.binom[rest, j + 1][:, subsets[:, j]] for j in range(5))]


class _Book:
    """The money and return-table event of a player hand value against a dealer hand value,
    from settle_hand on the first disjoint pair of hands met with those values (cards speak:
    the values decide). Money is in units of 1/scale ante, so that numpy's sums stay exact."""

    def __init__(self, deck: _Deck, paytable: PayTable, no_qualify: str) -> None:
        pays = paytable.as_list() + paytable.as_list(changed=True)
        self.deck, self.paytable, self.no_qualify = deck, paytable, no_qualify
        self.scale = math.lcm(*(Fraction(p).denominator for p in pays))
        self.merge_low = pays[0] == pays[1]
        self.events: list[str] = []
        self.nets: list[set[int]] = []
        self.tables: dict[tuple[bool, bool], tuple[np.ndarray, np.ndarray]] = {}

    def pair(self, player: np.ndarray, dealer: np.ndarray) -> np.ndarray:
        """The key of a player hand value against a dealer hand value (value indices)."""
        return player * len(self.deck.values) + dealer

    def look_up(
        self,
        pair: np.ndarray,
        cards: Callable[[tuple[int, ...]], tuple[np.ndarray, np.ndarray]],
        dealt: np.ndarray | None,
        raised: bool,
        changed: bool,
    ):
        """(money, event) of each deal of a player hand against a dealer hand, whose values
        make ``pair``; cards(index) gives the positions of a deal's two hands. A deal where
        ``dealt`` (None: all) is False is not looked up: money 0, event -1."""
        k = len(self.deck.values)
        money, event = self.tables.setdefault((raised, changed), (np.zeros(k * k, np.int64), np.full(k * k, -1)))
        fresh = np.flatnonzero((event[pair] < 0) if dealt is None else (event[pair] < 0) & dealt)
        # the first fresh deal of each pair of values (a scatter of minima: no sort of the deals)
        first = np.full(k * k, len(fresh))
        np.minimum.at(first, pair.ravel()[fresh], np.arange(len(fresh)))
        first = first[first < len(fresh)]
        for at in zip(*np.unravel_index(fresh[first], pair.shape), strict=True):
            player, dealer = (self.deck.cards[c].tolist() for c in cards(at))
            s = settle_hand(
                player, dealer, raised=raised, changed=changed, paytable=self.paytable, no_qualify=self.no_qualify
            )
            net = s.net * self.scale
            assert s.player_value == self.deck.values[pair[at] // k] and net == int(net)
            money[pair[at]] = int(net)
            event[pair[at]] = self._event_index(s, dealer, changed, int(net))
        if dealt is None:
            return money[pair], event[pair]
        return np.where(dealt, money[pair], 0), np.where(dealt, event[pair], -1)

    def _event_index(self, s: HandSettlement, dealer: list[int], changed: bool, money: int) -> int:
        if s.outcome == "player wins":
            line = _line(s.player_value)
            name = "Player wins with " + ("pair or less" if self.merge_low and line <= 1 else LINE_NAMES[line])
        elif s.outcome == "push" and not caribbean.dealer_qualifies(dealer):
            name = "Dealer doesn't qualify, tie"  # R70's option only
        else:
            name = {
                "fold": "Fold",
                "push": "Push",
                "dealer wins": "Dealer wins",
                "dealer does not qualify": "Dealer doesn't qualify",
                "dealer does not qualify: dealer higher": "Dealer doesn't qualify, dealer higher",
            }[s.outcome]
        name = "Change: " + name if changed else name
        if name not in self.events:
            self.events.append(name)
            self.nets.append(set())
        self.nets[self.events.index(name)].add(money)
        return self.events.index(name)


def exact_product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a @ b of integers, on BLAS in float64: exact while every sum stays below 2**53."""
    product = a.astype(np.float64) @ b.astype(np.float64)
    assert np.abs(product).max(initial=0) < 2**53
    return np.rint(product).astype(np.int64)


def brute_force(
    ranks: str, paytable: PayTable = caribbean.STANDARD_PAYTABLE, *, change: bool = False, winning_antes: bool = False
) -> dict[str, tuple[Fraction, int]]:
    """Every deal of a small deck played by the rules (R56-R70) and settled by settle_hand:
    {event: (net per ante, deals)}, the return table analyze() must give.

    A deal is the player's five cards, the dealer's up card u and four hold cards, and with
    ``change`` the next card c of the stub (drawn if the player changes). The player sees his
    cards and u and plays for the most money expected over what he cannot see: raise or fold
    (a tie folds); with ``change``, first keep or change one card (a tie keeps, then takes the
    first card), then, seeing the new card, raise or fold. Every (player hand, dealer hand)
    pair is laid out with numpy, a block of player hands at a time, and the deals are counted
    with the up card's and the new card's multiplicities; the money comes from settle_hand alone.
    """
    deck = _Deck(ranks)
    n = len(deck.cards)
    r = n - 5  # the cards the player does not hold
    book = _Book(deck, paytable, "winning_antes" if winning_antes else "every_ante")
    totals = np.zeros(64, dtype=np.int64)
    every_hand = np.array(list(itertools.combinations(range(n), 5)))
    _, first, class_size = np.unique(deck.suit_class(every_hand), return_index=True, return_counts=True)
    players = every_hand[first]  # one hand per class, its deals counted class_size times
    held = np.zeros((len(players), n), dtype=bool)
    np.put_along_axis(held, players, True, axis=1)
    rests = np.nonzero(~held)[1].reshape(len(players), r)  # each hand's unseen cards, sorted
    dealt = np.array(list(itertools.combinations(range(r), 5)))  # dealer hands among the r
    member = np.zeros((len(dealt), r), dtype=np.int64)  # [h, u]: dealer hand h holds card u
    np.put_along_axis(member, dealt, 1, axis=1)
    missing = (1 - member).T  # [c, h]: dealer hand h leaves card c in the stub
    draws = r - 5  # the stub after the dealer's hand: a kept deal counts once per stub card
    kept_cards = np.array([[j for j in range(5) if j != d] for d in range(5)])  # [d]: the hand without card d

    def count(events: np.ndarray, deals: np.ndarray, times: np.ndarray) -> None:
        """Count deals[i] * times[i[0]] deals of event events[i] (a sum of integers below 2**53 in
        float64: exact); none may fall on a deal not looked up (event -1, slot 63)."""
        weights = deals * times.reshape(-1, *[1] * (deals.ndim - 1))
        by_event = np.bincount((events % 64).ravel(), weights=weights.ravel(), minlength=64)
        assert by_event[63] == 0 and by_event.sum() < 2**53
        totals[:] += np.rint(by_event).astype(np.int64)

    block = max(1, 400_000 // (len(dealt) * (5 * r if change else 1)))
    for lo in range(0, len(players), block):
        hands, rest, times = players[lo : lo + block], rests[lo : lo + block], class_size[lo : lo + block]
        dealer_values = deck.subset_value(rest, dealt)  # [b, h]
        pairs = book.pair(deck.value(hands)[:, None], dealer_values)

        def kept_deal(at, hands=hands, rest=rest):
            return hands[at[0]], rest[at[0], dealt[at[1]]]

        kept = {raised: book.look_up(pairs, kept_deal, None, raised, False) for raised in (True, False)}
        raise_kept, fold_kept = exact_product(kept[True][0], member), exact_product(kept[False][0], member)  # [b, u]
        raises = raise_kept > fold_kept
        if not change:
            up_raised = exact_product(raises, member.T)  # [b, h]: the up cards of h that raise
            count(kept[True][1], up_raised, times)
            count(kept[False][1], 5 - up_raised, times)
            continue
        b = len(hands)
        finals = np.sort(
            np.concatenate(
                [
                    np.broadcast_to(hands[:, kept_cards][:, :, None], (b, 5, r, 4)),
                    np.broadcast_to(rest[:, None, :, None], (b, 5, r, 1)),
                ],
                axis=-1,
            ),
            axis=-1,
        )  # [b, d, c, 5]: card d changed for the new card c
        shape = (b, 5, r, len(dealt))
        pairs = book.pair(deck.value(finals)[..., None], dealer_values[:, None, None])  # [b, d, c, h]
        stub = np.broadcast_to(missing.astype(bool), shape)  # the new card is not the dealer's

        def changed_deal(at, finals=finals, rest=rest):
            return finals[at[:3]], rest[at[0], dealt[at[3]]]

        drawn = {raised: book.look_up(pairs, changed_deal, stub, raised, True) for raised in (True, False)}
        after = exact_product(np.stack([drawn[True][0], drawn[False][0]]), member)  # [raise/fold, b, d, c, u]
        change_money = np.maximum(after[0], after[1]).sum(axis=2)  # [b, d, u]
        keep_money = np.maximum(raise_kept, fold_kept) * draws  # [b, u]
        best_d = change_money.argmax(axis=1)  # the first best card to change
        changes = change_money.max(axis=1) > keep_money  # a tie keeps
        count(kept[True][1], exact_product(raises & ~changes, member.T) * draws, times)
        count(kept[False][1], exact_product(~raises & ~changes, member.T) * draws, times)
        chosen = changes[:, None, None, :] & (best_d[:, None, None, :] == np.arange(5)[:, None, None])  # [b, d, c, u]
        raised_after = after[0] > after[1]  # a tie folds
        for raised, take in ((True, raised_after), (False, ~raised_after)):
            count(drawn[raised][1], exact_product(chosen & take, member.T) * missing, times)
    assert len(book.events) < 63
    table = {}
    for i, name in enumerate(book.events):
        if totals[i]:
            (net,) = book.nets[i]  # one net per event
            table[name] = (Fraction(net, book.scale), int(totals[i]))
    return table


# Short decks run on one thread: a job this small is quickest there (docs/casino.md).


def _table(a):
    return {o.event: (o.net, o.combinations) for o in a.outcomes}


@pytest.mark.parametrize("ranks", ["TJQKA", "9JQKA"])
def test_standard_game_matches_brute_force_on_a_small_deck(ranks):
    """R69: the exact house edge and return table."""
    assert _table(analyze(ranks=ranks, one_card_change=False, threads=1)) == brute_force(ranks)


@pytest.mark.parametrize("ranks", ["89TKA"])  # hands below ace-king that may tie or lose
def test_winning_antes_dealer_not_qualifying_matches_brute_force(ranks):
    """R70: a dealer who does not qualify: every ante paid, or winning antes only by option.

    ``no_qualify="winning_antes"``: only the antes of hands that beat a dealer who does not
    qualify win."""
    a = analyze(ranks=ranks, one_card_change=False, no_qualify="winning_antes", threads=1)
    assert _table(a) == brute_force(ranks, winning_antes=True)
    assert a.no_qualify == "winning_antes" and a.total_combinations == sum(o.combinations for o in a.outcomes)


def test_standard_game_with_another_pay_table_matches_brute_force():
    """R61, R69: the pay table; the exact house edge and return table."""
    table = PayTable.parse(
        "high_card=0.5,pair=1,two_pair=3,three_of_a_kind=3,straight=5,flush=5,"
        "full_house=9,four_of_a_kind=25,straight_flush=45,royal_flush=99"
    )
    assert _table(analyze(table, ranks="TJQKA", one_card_change=False, threads=1)) == brute_force("TJQKA", table)


@pytest.mark.parametrize(
    "ranks",
    ["QKA", "JKA"] + [pytest.param(ranks, marks=pytest.mark.slow) for ranks in ("JQKA", "TQKA", "TJQKA", "9JQKA")],
)
def test_one_card_change_matches_brute_force_on_a_small_deck(ranks):
    """R69: the exact house edge and return table.

    Three ranks run always (the brute force settles every deal by settle_hand: seconds); four
    and five ranks (straights, flushes, royals) take minutes."""
    a = analyze(ranks=ranks, one_card_change=True, threads=1)
    assert _table(a) == brute_force(ranks, change=True)
    assert a.total_combinations == sum(o.combinations for o in a.outcomes)


def test_simple_strategies_count_the_same_deals():
    """R69: the exact house edge and return table."""
    opt = analyze(ranks="TJQKA", one_card_change=False, threads=1)
    pair = analyze(ranks="TJQKA", strategy="pair_or_better", threads=1)
    assert pair.total_combinations == opt.total_combinations
    assert pair.expected_value <= opt.expected_value


def test_published_return_table_of_the_standard_game(full_deck):
    """R69: the exact house edge and return table.

    Wizard of Odds, Caribbean Stud Poker return table (optimal strategy, no progressive)."""
    published = {
        "Player wins with royal flush": 16_759_740,
        "Player wins with straight flush": 156_929_720,
        "Player wins with four of a kind": 2_832_435_800,
        "Player wins with full house": 16_624_475_280,
        "Player wins with flush": 21_856_990_280,
        "Player wins with straight": 43_805_516_100,
        "Player wins with three of a kind": 234_242_908_320,
        "Player wins with two pair": 488_012_139_360,
        "Player wins with pair or less": 2_343_248_003_808,
        "Dealer doesn't qualify": 4_532_514_033_720,
        "Push": 321_623_100,
        "Fold": 9_523_005_974_460,
        "Dealer wins": 2_726_592_727_512,
    }
    a = full_deck()
    assert {o.event: o.combinations for o in a.outcomes} == published
    assert a.total_combinations == 19_933_230_517_200
    assert a.expected_value * a.total_combinations == -1_041_372_912_372
    assert round(a.house_edge, 5) == 0.05224
    assert round(a.element_of_risk, 5) == 0.02555
    assert a.ties == 0


@pytest.mark.parametrize(
    "strategy, total_loss, edge",
    [("pair_or_better", 1_090_272_101_460, 0.05470), ("ace_king_or_better", 1_132_600_203_540, 0.05682)],
)
def test_published_simple_strategies(strategy, total_loss, edge, full_deck):
    """R69: the exact house edge and return table."""
    a = full_deck(strategy=strategy)
    assert -a.expected_value * a.total_combinations == total_loss
    assert round(a.house_edge, 5) == edge


@functools.lru_cache(maxsize=1)
def _deal(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The values of n random full-deck deals' player and dealer hands (made once for the
    strategies that play the same deals)."""
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((n, 52)), axis=1)[:, :10].astype(np.uint8)
    player = evaluate_batch(np.ascontiguousarray(deals[:, :5])).astype(np.int64)
    dealer = evaluate_batch(np.ascontiguousarray(deals[:, 5:])).astype(np.int64)
    player.flags.writeable = dealer.flags.writeable = False  # shared between the tests
    return player, dealer


def _simulate(n: int, seed: int, strategy_threshold: int) -> tuple[float, float, dict[str, float]]:
    """Deal n random full-deck hands, raise when the hand value reaches the threshold."""
    player, dealer = _deal(n, seed)
    pays = np.array([float(p) for p in caribbean.STANDARD_PAYTABLE.as_list()])
    lines = np.array([_line(int(v)) for v in range(1, 7463)])
    raised = player >= strategy_threshold
    qualifies = dealer >= QUALIFYING_VALUE
    win = raised & qualifies & (player > dealer)
    lose = raised & qualifies & (player < dealer)
    net = np.where(~raised, -1.0, 0.0)
    net += np.where(raised & ~qualifies, 1.0, 0.0)
    net += np.where(win, 1 + 2 * pays[lines[player - 1]], 0.0)
    net += np.where(lose, -3.0, 0.0)
    freq = {"Fold": float((~raised).mean()), "Dealer doesn't qualify": float((raised & ~qualifies).mean())}
    return float(net.mean()), float(net.std() / math.sqrt(n)), freq


@pytest.mark.parametrize("strategy, threshold", [("pair_or_better", 1278), ("ace_king_or_better", QUALIFYING_VALUE)])
def test_exact_analysis_agrees_with_monte_carlo(strategy, threshold, full_deck):
    """R69: the exact house edge and return table."""
    a = full_deck(strategy=strategy)
    mean, se, freq = _simulate(400_000, 2024, threshold)
    assert abs(mean - float(a.expected_value)) < 4 * se
    probs = {o.event: o.probability for o in a.outcomes}
    for event, p in freq.items():
        assert abs(p - probs[event]) < 4 * math.sqrt(p * (1 - p) / 400_000)


def test_optimal_decisions_agree_with_advice_on_sampled_hands(full_deck):
    """R68, R69: advice: exact expected values of fold, raise and each change; the exact house edge
    and return table.

    Monte Carlo over (hand, up card): the mean of the exact best EV estimates the edge."""
    rng = np.random.default_rng(7)
    evs = []
    for _ in range(150):
        cards = rng.choice(52, 6, replace=False)
        evs.append(float(max(advise(cards[:5].tolist(), int(cards[5]), one_card_change=False).exact.values())))
    mean, se = float(np.mean(evs)), float(np.std(evs) / math.sqrt(len(evs)))
    assert abs(mean - float(full_deck().expected_value)) < 4 * se


def test_progress_reports_the_fraction_done_and_prints_nothing(capsys):
    seen: list[float] = []
    analyze(ranks="JQKA", progress=seen.append, one_card_change=True, threads=1)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 10
    assert capsys.readouterr() == ("", "")


def test_bad_analysis_input():
    with pytest.raises(ValueError, match="strategy"):
        analyze(strategy="always")
    with pytest.raises(ValueError, match="never change"):
        analyze(strategy="pair_or_better", one_card_change=True)
    with pytest.raises(ValueError, match="rank"):
        analyze(ranks="TJQKZ")
    with pytest.raises(ValueError, match="missing"):
        analyze({"pair": 1})


def test_inclusion_exclusion_counts_match_enumeration():
    """The kernel's count of dealer hands missing a player's cards, against a direct count;
    before and after a pass has made the tables' counts below its qualifier (read from then
    on for that threshold instead of searching the three-card rows)."""
    from studeval import _caribbean

    rng = np.random.default_rng(3)
    deck = np.arange(52, dtype=np.uint8)
    up = 4 * 9  # the jack of clubs
    tables = _caribbean.UpCardTables(deck, up)
    others = [c for c in range(52) if c != up]
    hidden = np.array(list(itertools.combinations(others, 4)), dtype=np.uint8)
    hands = np.concatenate([np.full((len(hidden), 1), up, dtype=np.uint8), hidden], axis=1)
    values = evaluate_batch(hands).astype(np.int64)
    for passed in (False, True):
        if passed:
            one = np.array([[0, 1, 2, 3, 4]], dtype=np.uint8)
            _caribbean.play_pass(
                tables, None, one, np.ones(1, np.uint8), deck, [1] * 10, [1] * 10, 1, QUALIFYING_VALUE, 0, 0, False, 1
            )
        for size in (5, 6, 6, 5):
            cards = sorted(int(c) for c in rng.choice(others, size, replace=False))
            value = evaluate(cards[:5])
            thresholds = [1, QUALIFYING_VALUE, QUALIFYING_VALUE + 1, 3000, value, value + 1, 7463]
            missing = ~np.isin(hidden, cards).any(axis=1)
            expected = [int((values[missing] < t).sum()) for t in thresholds]
            assert tables.count_below(cards, thresholds) == expected


def test_canonical_hands_cover_every_hand_once():
    from studeval import _caribbean

    deck = np.arange(52, dtype=np.uint8)
    hands, orbit = _caribbean.canonical_hands(deck, 5)
    assert int(orbit.sum()) == math.comb(52, 5)
    sixes, orbit6 = _caribbean.canonical_hands(deck, 6)
    assert int(orbit6.astype(np.int64).sum()) == math.comb(52, 6)


@pytest.mark.slow
def test_one_card_change_on_the_full_deck(full_deck):
    """R57, R69: the one-card change costs a wager equal to the ante; the exact house edge and
    return table.

    The variant offers every play of the standard game and more, so it cannot be worse;
    sampled (hand, up card) situations, each valued exactly by advise(), estimate its EV."""
    standard = full_deck()
    variant = full_deck(one_card_change=True)
    assert variant.total_combinations == standard.total_combinations * 42
    assert sum(o.combinations for o in variant.outcomes) == variant.total_combinations
    assert variant.expected_value >= standard.expected_value
    rng = np.random.default_rng(11)
    evs = []
    for _ in range(300):
        cards = rng.choice(52, 6, replace=False)
        evs.append(float(max(advise(cards[:5].tolist(), int(cards[5])).exact.values())))
    mean, se = float(np.mean(evs)), float(np.std(evs) / math.sqrt(len(evs)))
    assert abs(mean - float(variant.expected_value)) < 4 * se
