"""studeval.distributed.starting_matchups end to end on a short deck (ranks J..A: 16 cards)
on a LocalCluster of two worker processes: every class once, with the weight of its orbit
under the 24 suit permutations and the swap, found by brute force; the figures equal direct
stud_equity calls."""

from __future__ import annotations

import csv
import itertools
import math
import random

import pytest
from clusters import cluster_client

from studeval import stud_equity
from studeval.cards import RANKS, parse_cards
from studeval.equity.tables import matchup_class_count, matchup_columns

dd = pytest.importorskip("distributed")
sd = pytest.importorskip("studeval.distributed")

RANKS_J_TO_A = "JQKA"
DEAD = [c for c in range(52) if RANKS[c >> 2] not in RANKS_J_TO_A]
PERMUTATIONS = list(itertools.permutations(range(4)))


@pytest.fixture
def client() -> dd.Client:
    return cluster_client()  # one cluster for a run of tests that ask (tests/clusters.py)


# each card's bit after each suit permutation: a hand's image is the sum of its cards' bits
IMAGE_BITS = [[1 << (4 * (c >> 2) + p[c & 3]) for c in range(52)] for p in PERMUTATIONS]


def orbit(a: list[int], b: list[int]) -> set[tuple[int, int]]:
    """Every ordered pair of hands the match-up stands for, each hand as its set of card bits:
    its images under the suit permutations, either way round."""
    out = set()
    for bits in IMAGE_BITS:
        x, y = (sum(bits[c] for c in h) for h in (a, b))
        out |= {(x, y), (y, x)}
    return out


@pytest.fixture(scope="session")  # made once even when other modules' tests run in between
def seven(tmp_path_factory) -> list[dict[str, str]]:
    path = tmp_path_factory.mktemp("matchups") / "seven.csv"
    done: list[float] = []
    n = sd.starting_matchups(path, "seven", ranks=RANKS_J_TO_A, client=cluster_client(), progress=done.append)
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert n == len(rows) and done[-1] == 1.0
    return rows


def test_every_class_once_with_its_weight(client, seven):  # client: on the cluster's xdist worker
    assert list(seven[0]) == list(matchup_columns("seven"))
    assert len(seven) == matchup_class_count("seven", ranks=RANKS_J_TO_A)  # Burnside, not a listing
    seen: set[tuple[int, int]] = set()
    for r in seven:
        pairs = orbit(parse_cards(r["hero"]), parse_cards(r["opponent"]))
        assert not pairs & seen, r  # no two rows of one class
        seen |= pairs
        assert int(r["weight"]) == len(pairs), r
    # together every ordered pair of disjoint hands of three, once
    assert len(seen) == math.comb(16, 3) * math.comb(13, 3) == sum(int(r["weight"]) for r in seven)


def test_figures_equal_direct_counts(client, seven):  # client: on the cluster's xdist worker
    for r in random.Random(7).sample(seven, 25):
        direct = stud_equity([r["hero"], r["opponent"]], dead=DEAD, method="exact", threads=1)
        for p, who in enumerate(("hero", "opponent")):
            got = [float(r[f"{who}_{f}"]) for f in ("win", "tie", "equity")]
            assert got == pytest.approx([direct.win[p], direct.tie[p], direct.equity[p]], abs=1e-10), r


def test_razz_classes_are_rank_pairs(client, tmp_path):
    path = tmp_path / "razz.csv"
    n = sd.starting_matchups(path, "razz", ranks=RANKS_J_TO_A, client=client)
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert n == len(rows) == matchup_class_count("razz", ranks=RANKS_J_TO_A)
    assert sum(int(r["weight"]) for r in rows) == math.comb(16, 3) * math.comb(13, 3)
    ranks = [tuple(sorted(c >> 2 for c in parse_cards(r[w]))) for r in rows for w in ("hero", "opponent")]
    assert len({tuple(sorted(ranks[i : i + 2])) for i in range(0, len(ranks), 2)}) == n
    r = rows[len(rows) // 2]
    direct = stud_equity([r["hero"], r["opponent"]], game="razz", dead=DEAD, method="exact", threads=1)
    assert float(r["hero_equity"]) == pytest.approx(direct.equity[0], abs=1e-10)


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ({"path": 5}, TypeError, "path must be a file name"),
        ({"ranks": "QKA"}, ValueError, "12 cards"),
        ({"game": "holdem"}, ValueError, "unknown game"),
    ],
)
def test_bad_input_before_any_cluster(tmp_path, args, error, words):
    options = {"path": tmp_path / "m.csv", "game": "seven", "ranks": RANKS_J_TO_A} | args
    with pytest.raises(error, match=words):
        sd.starting_matchups(options.pop("path"), **options)  # no client: it would start one
    assert not (tmp_path / "m.csv").exists()
