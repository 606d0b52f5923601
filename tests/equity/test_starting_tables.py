"""The starting-hand tables (studeval.equity.tables, tools/gen_starting_tables.py,
docs/starting-hands/): the classes against a brute-force grouping by the 24 suit permutations,
the figures against brute force on short decks and against an independent Monte Carlo of the
committed full-deck tables, and the CSV as the generator writes it."""

from __future__ import annotations

import csv
import functools
import importlib.util
import itertools
import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from studeval import evaluate_batch, stud_equity
from studeval.cards import RANKS, format_cards, parse_cards
from studeval.equity import STARTING_HAND_BUDGET, StartingHandTable, starting_hand_table
from studeval.games import get_game

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "starting-hands"
PERMUTATIONS = list(itertools.permutations(range(4)))


@functools.cache
def table_of(game: str, ranks: str) -> StartingHandTable:
    """Each short-deck table once for the module."""
    return starting_hand_table(game, ranks=ranks, threads=1)


@pytest.fixture(scope="module", name="starting_tables")
def _starting_tables() -> Callable[[str, str], StartingHandTable]:
    """The short-deck tables by (game, ranks), each made once (seconds each): the tests that
    read them share it, so that they run on one worker of the suite."""
    return table_of


def deck_of(ranks: str) -> list[int]:
    return [c for c in range(52) if RANKS[c >> 2] in ranks]


def brute_classes(ranks: str, suits_matter: bool) -> Counter[tuple[object, ...]]:
    """Every (downs, door) deal of the deck grouped by brute force: the least image under the
    24 suit permutations (or the ranks alone), counted; every deal under every permutation at
    once by numpy, each image ((downs sorted), door) written as one number in the same order
    (base 52)."""
    deck = np.array(deck_of(ranks), dtype=np.int64)
    first, second = np.triu_indices(len(deck), 1)  # the two down cards, then each door card
    deals = np.stack(np.broadcast_arrays(deck[first, None], deck[second, None], deck[None, :]), axis=-1).reshape(-1, 3)
    deals = deals[(deals[:, 2] != deals[:, 0]) & (deals[:, 2] != deals[:, 1])]
    # (permutation, deal, card): each card's suit moved, or its rank alone
    images = 4 * (deals >> 2) + np.array(PERMUTATIONS)[:, deals & 3] if suits_matter else (deals >> 2)[None]
    low, high = np.minimum(images[..., 0], images[..., 1]), np.maximum(images[..., 0], images[..., 1])
    least, count = np.unique(((low * 52 + high) * 52 + images[..., 2]).min(axis=0), return_counts=True)
    return Counter(
        {((int(x) // 2704, int(x) // 52 % 52), int(x) % 52): int(n) for x, n in zip(least, count, strict=True)}
    )


def brute_class(downs: tuple[int, ...], door: int, suits_matter: bool) -> tuple[object, ...]:
    if not suits_matter:
        return (tuple(sorted(c >> 2 for c in downs)), door >> 2)
    images = []
    for p in PERMUTATIONS:
        moved = [4 * (c >> 2) + p[c & 3] for c in (*downs, door)]
        images.append((tuple(sorted(moved[:2])), moved[2]))
    return min(images)


def values(game: str, hands: np.ndarray) -> list[np.ndarray]:
    """Each hand's value by each kind of the game's pot (rows of seven cards)."""
    return [evaluate_batch(hands, kind=kind).astype(np.int64) for kind in get_game(game).pot]


def pot_shares(game: str, hero: list[np.ndarray], opponent: list[np.ndarray]) -> np.ndarray:
    """The hero's share of each pot from both hands' :func:`values`, by the registry's rule of
    a pot: one kind takes it; two split it, a pot with no eight-or-better low whole to the high."""
    g = get_game(game)
    shares = [(a > b) + 0.5 * (a == b) for a, b in zip(hero, opponent, strict=True)]
    if not g.hilo:
        return shares[0]
    high, low = shares
    nolow = (hero[1] == 0) & (opponent[1] == 0) if g.low_qualifies else np.zeros(len(high), dtype=bool)
    return np.where(nolow, high, (high + low) / 2)


def brute_force(game: str, hero: list[int], ranks: str) -> tuple[float, float, float]:
    """(win, tie, equity) of ``hero`` against one random hand on a short deck: every deal of
    the hero's four cards to come and the opponent's seven, each pot by the evaluators."""
    live = [c for c in deck_of(ranks) if c not in hero]
    mine = np.array([hero + list(h) for h in itertools.combinations(live, 4)], dtype=np.uint8)
    theirs = np.array(list(itertools.combinations(live, 7)), dtype=np.uint8)
    bit = np.uint64(1) << np.arange(52, dtype=np.uint64)
    mine_mask = np.bitwise_or.reduce(bit[mine[:, 3:]], axis=1)
    their_mask = np.bitwise_or.reduce(bit[theirs], axis=1)
    vm, vt = values(game, mine), values(game, theirs)
    wins = ties = deals = 0
    total = 0.0
    for i in range(len(mine)):
        apart = (their_mask & mine_mask[i]) == 0  # the opponent's hands of the cards left
        share = pot_shares(game, [np.full(apart.sum(), v[i]) for v in vm], [v[apart] for v in vt])
        wins += int(np.sum(share == 1))
        ties += int(np.sum(share == 0.5))
        total += float(share.sum())
        deals += len(share)
    return wins / deals, ties / deals, total / deals


# ---- the classes ----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "ranks"), [("seven", "TJQKA"), ("razz", "TJQKA"), ("stud8", "A234")])
def test_the_classes_are_the_suit_permutation_orbits(starting_tables, game, ranks):
    """One row per class of (downs, door) deals, its combos the class's size, found by
    grouping every deal by brute force; together the 20*19*18/2 deals."""
    g = get_game(game)
    table = starting_tables(game, ranks)
    brute = brute_classes(ranks, g.suits_matter)
    rows = {brute_class(h.downs, h.door, g.suits_matter): h.combos for h in table.hands}
    assert rows == dict(brute)
    n = 4 * len(ranks)
    assert sum(h.combos for h in table.hands) == n * (n - 1) * (n - 2) // 2


def test_the_written_hand_is_one_of_its_class(starting_tables):
    table = starting_tables("seven", "TJQKA")
    for h in table.hands:
        downs, door = h.hand[1:].split(") ")
        assert parse_cards(downs) == list(h.downs) and parse_cards(door) == [h.door]
    assert len({h.hand for h in table.hands}) == len(table.hands)


def test_ranks_order_the_table(starting_tables):
    table = starting_tables("razz", "TJQKA")
    equities = [h.result.equity[0] for h in table.hands]
    assert equities == sorted(equities, reverse=True)
    for k, h in enumerate(table.hands):
        first = next(j for j, e in enumerate(equities) if e == equities[k])
        assert h.rank == first + 1


# ---- the figures ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "ranks", "picks"), [("seven", "TJQKA", 3), ("razz", "TJQKA", 3), ("stud8", "A234", 3)]
)
def test_rows_equal_brute_force_on_a_short_deck(starting_tables, game, ranks, picks):
    table = starting_tables(game, ranks)
    rows = [table.hands[0], table.hands[len(table.hands) // 2], table.hands[-1]][:picks]
    for h in rows:
        win, tie, equity = brute_force(game, [*h.downs, h.door], ranks)
        r = h.result
        assert r.equity[0] == pytest.approx(equity, abs=1e-12), h.hand
        if not get_game(game).hilo:
            assert (r.win[0], r.tie[0]) == pytest.approx((win, tie), abs=1e-12), h.hand


def test_the_row_is_the_mean_over_the_opponents_door_card(starting_tables):
    """The definition: against a random hand = each live door card equally likely, then the
    exact count against that door card with the down cards unknown."""
    ranks = "TJQKA"
    dead = [c for c in range(52) if c not in deck_of(ranks)]
    table = starting_tables("seven", ranks)
    h = table.hands[len(table.hands) // 3]
    hero = [*h.downs, h.door]
    doors = [c for c in deck_of(ranks) if c not in hero]
    by_door = [stud_equity([hero, [d]], dead=dead, method="exact", threads=1).equity[0] for d in doors]
    assert h.result.equity[0] == pytest.approx(sum(by_door) / len(doors), abs=1e-12)


def committed(game: str) -> list[dict[str, str]]:
    path = TABLES / f"{game}.csv"
    if not path.exists():
        pytest.skip(f"{path} not generated")
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def monte_carlo(game: str, hero: list[int], deals: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Each deal's pot share against one random hand, dealt at random, and whether it took the
    whole pot: numpy's random integers and the evaluators, nothing of the exact counts. Each deal is the first eleven
    steps of a Fisher-Yates shuffle of the live cards (the hero's four cards to come, then the
    opponent's seven), all deals a step at a time: shuffling the whole rows took ten times as
    long."""
    rng = np.random.default_rng(seed)
    live = np.array([c for c in range(52) if c not in hero], dtype=np.uint8)
    shuffled = np.tile(live, (deals, 1))
    rows = np.arange(deals)
    for i in range(11):
        j = rng.integers(i, len(live), size=deals)  # the card to place i, from those not yet placed
        shuffled[rows, i], shuffled[rows, j] = shuffled[rows, j], shuffled[rows, i]
    mine = np.hstack([np.tile(np.array(hero, dtype=np.uint8), (deals, 1)), shuffled[:, :4]])
    share = pot_shares(game, values(game, mine), values(game, shuffled[:, 4:11]))
    return share, share == 1


def within_4_standard_errors(exact: float, sampled: np.ndarray) -> bool:
    return abs(exact - float(sampled.mean())) <= 4 * float(sampled.std()) / math.sqrt(len(sampled))


@pytest.mark.parametrize("game", ["seven", "razz", "stud8"])
def test_the_committed_tables_against_monte_carlo(game):
    """The best, the middle and the worst hand's equity (hi-lo: and scoops, the whole pot)."""
    rows = committed(game)
    assert sum(int(r["combos"]) for r in rows) == 52 * 51 * 50 // 2
    for seed, r in enumerate([rows[0], rows[len(rows) // 2], rows[-1]]):
        downs, door = r["hand"][1:].split(") ")
        if get_game(game).suits_matter:
            hero = parse_cards(downs) + parse_cards(door)
        else:  # ranks alone: any suits
            hero = [4 * RANKS.index(x) + 3 - k for k, x in enumerate([*downs.split(), door])]
        share, whole = monte_carlo(game, hero, 200_000, seed)
        assert within_4_standard_errors(float(r["equity"]), share), (r, share.mean())
        if get_game(game).hilo:
            assert within_4_standard_errors(float(r["scoop"]), whole), (r, whole.mean())


@pytest.mark.parametrize("game", ["seven", "razz", "stud8"])
def test_the_committed_tables_are_whole_and_ranked(game):
    rows = committed(game)
    g = get_game(game)
    equities = [float(r["equity"]) for r in rows]
    assert equities == sorted(equities, reverse=True) and rows[0]["rank"] == "1"
    if g.hilo:
        assert list(rows[0]) == ["hand", "combos", "equity", "high", "low", "scoop", "no_low", "rank"]
        for r in rows:
            equity, high, low, scoop, no_low = (float(r[k]) for k in ("equity", "high", "low", "scoop", "no_low"))
            # a scoop takes the high half; a low half won or shared needs a low
            assert 0 < scoop <= min(equity, high) and high <= 1 and 0 <= low <= 1 - no_low, r
    else:
        assert list(rows[0]) == ["hand", "combos", "win", "tie", "equity", "rank"]
        for r in rows:
            assert float(r["equity"]) == pytest.approx(float(r["win"]) + float(r["tie"]) / 2, abs=2e-10)
    assert {(brute_class(*split(r["hand"], g.suits_matter), g.suits_matter)) for r in rows} == set(
        brute_classes(RANKS, g.suits_matter)
    )


def split(hand: str, suits_matter: bool) -> tuple[tuple[int, ...], int]:
    downs, door = hand[1:].split(") ")
    if suits_matter:
        return tuple(parse_cards(downs)), parse_cards(door)[0]
    return tuple(4 * RANKS.index(x) for x in downs.split()), 4 * RANKS.index(door)


# ---- the CSV and the generator --------------------------------------------------------------


def generator():
    spec = importlib.util.spec_from_file_location("gen_starting_tables", ROOT / "tools" / "gen_starting_tables.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["razz", "seven", "stud8"])
def test_the_generator_writes_the_table(starting_tables, tmp_path, game, capsys):
    ranks = "A234" if game == "stud8" else "JQKA"
    assert generator().main([game, "--ranks", ranks, "--out", str(tmp_path), "--no-pictures"]) == 0
    text = (tmp_path / f"{game}.csv").read_text(encoding="utf-8")
    table = starting_tables(game, ranks)
    assert text == table.to_csv()
    rows = list(csv.DictReader(text.splitlines()))
    assert list(rows[0]) == list(table.columns) and len(rows) == len(table.hands)
    assert [r["hand"] for r in rows] == [h.hand for h in table.hands]
    assert [float(r["equity"]) for r in rows] == pytest.approx([h.result.equity[0] for h in table.hands], abs=1e-10)
    assert f"{game}: {len(rows)} hands" in capsys.readouterr().out


def test_the_generator_skips_a_game_beyond_the_budget(tmp_path, capsys):
    # stud8's full table is about 2,800 s by the cost model: beyond a minute
    assert generator().main(["stud8", "--budget", "60", "--out", str(tmp_path), "--no-pictures"]) == 1
    assert "stud8" in capsys.readouterr().err and not (tmp_path / "stud8.csv").exists()


def test_stud8_has_the_hilo_columns(starting_tables):
    table = starting_tables("stud8", "A234")
    assert table.columns == ("hand", "combos", "equity", "high", "low", "scoop", "no_low", "rank")
    best = table.records()[0]
    assert 0 <= best["scoop"] <= best["high"] <= 1 and 0 <= best["no_low"] <= 1


# ---- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ({"game": "holdem"}, ValueError, "unknown game 'holdem'"),
        ({"game": "five"}, ValueError, "two down cards and a door card"),
        ({"game": "seven", "ranks": "JQKX"}, ValueError, "'JQKX'"),
        ({"game": "seven", "ranks": "JJQK"}, ValueError, "'JJQK'"),
        ({"game": "seven", "ranks": "QKA"}, ValueError, "12 cards"),
        ({"game": "seven", "ranks": 5}, TypeError, "5"),
        ({"game": "stud8", "budget": 60.0}, ValueError, "budget=60 s"),
        ({"game": "razz", "budget": 0.0}, ValueError, "455 exact counts"),
        ({"game": "razz", "budget": float("nan")}, ValueError, "budget"),
        ({"game": "razz", "budget": "1"}, ValueError, "'1'"),
    ],
)
def test_bad_input_is_refused(args, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(")):
        starting_hand_table(**args)
    assert STARTING_HAND_BUDGET == 7200.0


def test_labels_are_written_best_first(starting_tables):
    razz = starting_tables("razz", "TJQKA")
    seven = starting_tables("seven", "TJQKA")
    assert razz.hands[0].hand == "(A T) J" and format_cards(razz.hands[0].downs) == "As Ts"
    assert all(h.hand.startswith("(A") or "A" not in h.hand[:6] for h in seven.hands)


def test_the_generator_estimates_the_matchup_table(capsys):
    """The run-time estimate of docs/scaling.md: timed match-ups times the classes."""
    assert generator().main(["razz", "--ranks", "JQKA", "--estimate-matchups", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("razz: 194 match-up classes; 3 timed: CPU median ") and "CPU-hours" in out


@pytest.mark.parametrize(
    ("hero", "sets", "words"),
    [
        ((51, 50, 49), 0, "sets"),
        ((51, 50, 50), 4, "three distinct"),
        ((51, 50, 0), 4, "of the deck"),
        ((51, 50), 4, "three"),
    ],
)
def test_bad_matchup_tasks_are_refused(hero, sets, words):
    from studeval.equity.tables import matchup_classes

    with pytest.raises(ValueError, match=words):
        matchup_classes(hero, sets, "seven", ranks="JQKA")


def test_hilo_matchups_have_the_hilo_cells():
    """A hi-lo task's rows: equity, high, low, scoop per player (a scoop the heads-up count
    does not give left empty), equal to direct stud_equity calls."""
    from studeval.equity.tables import count_matchups, matchup_cells, matchup_columns, starting_sets

    dead = [c for c in range(52) if c not in deck_of("A234")]
    (hero, n), *_ = starting_sets("stud8", ranks="A234")
    rows = count_matchups(hero, n, "stud8", ranks="A234")
    assert matchup_columns("stud8")[3:7] == ("hero_equity", "hero_high", "hero_low", "hero_scoop")
    for m, r in rows[:3]:
        cells = dict(zip(matchup_columns("stud8"), matchup_cells(m, r), strict=True))
        direct = stud_equity([m.hero, m.opponent], game="stud8", dead=dead, method="exact", threads=1)
        assert float(cells["opponent_low"]) == pytest.approx(direct.low[1], abs=1e-10)
        assert float(cells["hero_equity"]) == pytest.approx(direct.equity[0], abs=1e-10)
        assert cells["hero_scoop"] == ("" if direct.scoop is None else f"{direct.scoop[0]:.10f}")
