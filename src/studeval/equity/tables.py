"""Starting-hand tables: every third-street starting hand against one random hand, exact, and
the classes of the full heads-up match-up table.

A starting hand is the two down cards and the door card, up to suit permutation: the door card
is the one the table sees, so ``(As Kd) Qh`` and ``(As Qh) Kd`` are two hands (they bring in,
act and read differently) though their equity is the same. Where no kind of the pot looks at a
suit (razz: :attr:`~studeval.games.Game.suits_matter`) a hand is its ranks alone, ``(A 2) 3``.
Each is written best card first (high cards first in a high game, low first in a low game) and
its suits renamed in order of first appearance: spades, hearts, diamonds, clubs.

Against one random hand -- all seven of the opponent's cards unknown -- a starting hand's
chance to win, to tie and its equity are exact: the count against unseen cards
(``studeval._unseen``) takes the opponent's seven cards by rank multiset, which is the mean,
over the opponent's door card (each live card equally likely), of the count against that door
card with the down cards unknown, in one count. The equity depends on the three cards only, so
each set of three is counted once for its two or three (downs, door) classes, and in razz each
multiset of three ranks once.

``ranks`` takes a short deck (its ranks in four suits; every other card dead) for tests and
examples:

>>> t = starting_hand_table("razz", ranks="TJQKA")
>>> len(t.hands), sum(h.combos for h in t.hands) == 20 * 19 * 18 // 2
(75, True)
>>> [(h.hand, h.rank, round(h.result.equity[0], 4)) for h in (t.hands[0], t.hands[-1])]
[('(A T) J', 1, 0.6175), ('(K K) K', 75, 0.2491)]
>>> t.to_csv().splitlines()[1]
'"(A T) J",64,0.5169955045,0.2009226068,0.6174568079,1'
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from studeval.cards import RANKS, format_cards
from studeval.equity.plan import EXACT_WORK_LIMIT
from studeval.equity.result import EquityResult, HiLoResult
from studeval.equity.solve import MAX_MATCHUPS, equity_table, plan_equity
from studeval.games import Game, get_game
from studeval.kinds import get_kind

__all__ = [
    "STARTING_HAND_BUDGET",
    "Matchup",
    "StartingHand",
    "StartingHandTable",
    "count_matchups",
    "matchup_cells",
    "matchup_class_count",
    "matchup_classes",
    "matchup_columns",
    "starting_hand_table",
    "starting_sets",
]

#: The most seconds of exact counting (by the cost model, :func:`~studeval.equity.plan_equity`)
#: one :func:`starting_hand_table` call starts; a bigger table is refused with its estimate.
STARTING_HAND_BUDGET = 7200.0

Form = tuple[Any, ...]


def check_deck(game: Game, ranks: object) -> list[int]:
    """The cards of a deck of ``ranks`` (text such as ``"TJQKA"``) in four suits, checked:
    distinct ranks, enough cards for two players' whole hands."""
    if not isinstance(ranks, str):
        raise TypeError(f"ranks must be text such as 'TJQKA', got {ranks!r}")
    bad = [r for r in ranks if r not in RANKS]
    if bad or len(set(ranks)) != len(ranks):
        raise ValueError(f"ranks must be distinct ranks of {RANKS!r}, got {ranks!r}")
    if 4 * len(ranks) < 2 * game.cards:
        raise ValueError(f"ranks {ranks!r} give {4 * len(ranks)} cards: two {game.title} hands need {2 * game.cards}")
    return [c for c in range(52) if RANKS[c >> 2] in ranks]


def _writing_key(game: Game) -> Callable[[int], int]:
    """A card's place when a hand is written: best first by the first kind of the pot (high
    ranks first in a high game, low ranks first in a low game, the ace where the kind ranks
    it)."""
    return _kind_order(game.pot[0])


@functools.cache
def _kind_order(kind: str) -> Callable[[int], int]:
    """:func:`_writing_key` by the kind of value alone: cached by a short string, not by the
    Game (whose hash goes over every field of it, once for each of the tens of thousands of
    deals a table classifies)."""
    found = get_kind(kind)
    ace_low = found.aces == "low"
    high = not found.low

    def key(card: int) -> int:
        rank = (card >> 2) + 1 if ace_low else card >> 2
        rank = 0 if ace_low and card >> 2 == 12 else rank
        return -rank if high else rank

    return key


def _relabel(cards: Sequence[int]) -> tuple[int, ...]:
    """The cards with their suits renamed 3, 2, 1, 0 (spades, hearts, ...) in order of first
    appearance: two sequences relabel alike exactly when a suit permutation maps one onto the
    other, card by card."""
    seen: dict[int, int] = {}
    return tuple(4 * (c >> 2) + 3 - seen.setdefault(c & 3, len(seen)) for c in cards)


@functools.cache
def _writings(cards: tuple[int, ...], kind: str) -> tuple[tuple[int, ...], ...]:
    """Every way to write the cards (given sorted) best first by ``kind``, the first kind of
    the pot (:func:`_writing_key`): equal ranks in any order."""
    key = _kind_order(kind)
    runs = [tuple(run) for _, run in itertools.groupby(sorted(cards, key=key), key=key)]
    ways = itertools.product(*(itertools.permutations(run) for run in runs))
    return tuple(tuple(c for run in way for c in run) for way in ways)


def form(groups: Sequence[Sequence[int]], game: Game) -> Form:
    """One form per class of ``groups`` of cards (the downs and the door; a set of three; two
    hands) under the game's symmetry: the suit permutations, or where no suit matters the
    ranks alone. Suited, it is the greatest relabelling over the ways to write each group best
    first (spades first), so it is also the hand as written."""
    if not game.suits_matter:
        key = _writing_key(game)
        return tuple(tuple(key(c) for c in sorted(g, key=key)) for g in groups)
    ways = itertools.product(*(_writings(tuple(sorted(g)), game.pot[0]) for g in groups))
    return max(_relabel([c for way in w for c in way]) for w in ways)


def _cards_of(groups_form: Form, sizes: Sequence[int], game: Game) -> list[list[int]]:
    """One hand of a class from its :func:`form`: cards, group by group."""
    if game.suits_matter:
        out, at = [], 0
        for n in sizes:
            out.append(list(groups_form[at : at + n]))
            at += n
        return out
    # ranks alone: the cards of each rank dealt spades first, then hearts, ...
    by_key = {_writing_key(game)(c): c >> 2 for c in range(0, 52, 4)}
    used: Counter[int] = Counter()
    out = []
    for group in groups_form:
        cards = []
        for k in group:
            rank = by_key[k]
            cards.append(4 * rank + 3 - used[rank])
            used[rank] += 1
        out.append(cards)
    return out


def _written(downs: Sequence[int], door: int, game: Game) -> str:
    if game.suits_matter:
        return f"({format_cards(downs)}) {format_cards([door])}"
    return f"({' '.join(RANKS[c >> 2] for c in downs)}) {RANKS[door >> 2]}"


@dataclass(frozen=True)
class StartingHand:
    """One row of a :class:`StartingHandTable`: the hand as written (``"(As Kd) Qh"``, razz
    ``"(A 2) 3"``), one hand of the class (``downs``, ``door``), ``combos`` the (downs, door)
    deals it stands for, ``result`` the exact result against one random hand (player 1 is the
    hand) and ``rank`` its place by equity (1: best; equal equities share a place)."""

    hand: str
    downs: tuple[int, int]
    door: int
    combos: int
    result: EquityResult | HiLoResult
    rank: int

    def record(self) -> dict[str, Any]:
        """The row's columns (:attr:`StartingHandTable.columns`) as a dict."""
        r = self.result
        row: dict[str, Any] = {"hand": self.hand, "combos": self.combos}
        if isinstance(r, HiLoResult):
            row |= {"equity": r.equity[0], "high": r.high[0], "low": r.low[0]}
            row |= {"scoop": None if r.scoop is None else r.scoop[0], "no_low": r.no_low}
        else:
            row |= {"win": r.win[0], "tie": r.tie[0], "equity": r.equity[0]}
        return row | {"rank": self.rank}


@dataclass(frozen=True)
class StartingHandTable:
    """Every starting hand of ``game`` on a deck of ``ranks``, best first (:class:`StartingHand`)."""

    game: Game
    ranks: str
    hands: tuple[StartingHand, ...]

    @property
    def columns(self) -> tuple[str, ...]:
        """The CSV's columns: the hand, its combinations, its figures, its rank."""
        if self.game.hilo:
            return ("hand", "combos", "equity", "high", "low", "scoop", "no_low", "rank")
        return ("hand", "combos", "win", "tie", "equity", "rank")

    def records(self) -> list[dict[str, Any]]:
        """One dict per hand, best first (``pandas.DataFrame(t.records())``)."""
        return [h.record() for h in self.hands]

    def to_csv(self) -> str:
        """The table as CSV text: a header of :attr:`columns`, one line per hand, figures to ten
        places (a figure the count does not give, such as a scoop, left empty)."""
        lines = [",".join(self.columns)]
        for row in self.records():
            cells = [
                "" if v is None else f"{v:.10f}" if isinstance(v, float) else f'"{v}"' if k == "hand" else str(v)
                for k, v in row.items()
            ]
            lines.append(",".join(cells))
        return "\n".join(lines) + "\n"


def starting_hand_table(
    game: str | Game = "seven",
    *,
    ranks: str = RANKS,
    threads: int | None = None,
    budget: float = STARTING_HAND_BUDGET,
    progress: Callable[[float], None] | None = None,
) -> StartingHandTable:
    """Every third-street starting hand of ``game`` against one random hand, exact: one
    :func:`~studeval.equity.equity_table` call over the distinct sets of three cards (razz:
    multisets of three ranks), each against an opponent with every card unknown.

    ``ranks`` is the deck (each rank in four suits; the other cards dead), ``threads`` the
    threads the counts run on (default: every core), ``progress`` gets the fraction done.
    ValueError for a game with no exact count against seven unknown cards within ``budget``
    seconds (by the cost model; the message gives the estimate), a bad deck or game.

    >>> t = starting_hand_table("seven", ranks="JQKA", threads=1)
    >>> [(h.hand, h.combos, round(h.result.win[0], 4)) for h in t.hands[:2]]
    [('(As Ah) Ad', 12, 0.9196), ('(As Kh) Ad', 24, 0.7118)]
    """
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget >= 0:
        raise ValueError(f"budget is the most seconds of counting, a number >= 0, got {budget!r}")
    game = get_game(game, stud=True)
    deck = check_deck(game, ranks)
    if game.streets[0].up != (False, False, True):
        raise ValueError(f"{game.title} does not start with two down cards and a door card")
    dead = [c for c in range(52) if c not in deck]
    # each (downs, door) deal to its class; each class to the set of three it stands for
    combos: Counter[Form] = Counter()
    for downs in itertools.combinations(deck, 2):
        for door in deck:
            if door not in downs:
                combos[form([downs, [door]], game)] += 1
    classes: dict[Form, tuple[list[int], int, Form]] = {}
    for f in combos:
        two, (up,) = _cards_of(f, (2, 1), game)  # written best first
        classes[f] = (two, up, form([[*two, up]], game))
    sets = sorted({s for _, _, s in classes.values()})
    heroes = {s: _cards_of(s, (3,), game)[0] for s in sets}
    matchups = [[format_cards(heroes[s]), ""] for s in sets]
    plans = [plan_equity(m, game=game, dead=dead, threads=1) for m in matchups]
    seconds = sum(p.exact_seconds for p in plans)
    if seconds > budget or any(p.work > EXACT_WORK_LIMIT for p in plans):
        kernels = ", ".join(sorted({p.kernel for p in plans}))
        raise ValueError(
            f"the {game.name} starting-hand table is {len(sets):,} exact counts against seven unknown cards "
            f"({kernels}), about {seconds:,.0f} s by the cost model: more than budget={budget:,.0f} s"
        )
    results = dict(
        zip(
            sets,
            equity_table(matchups, game=game, dead=dead, method="exact", threads=threads, progress=progress),
            strict=True,
        )
    )
    order = sorted(classes, key=lambda f: (-results[classes[f][2]].equity[0], f))
    hands: list[StartingHand] = []
    for f in order:
        two, up, s = classes[f]
        equity = results[s].equity[0]
        rank = hands[-1].rank if hands and hands[-1].result.equity[0] == equity else len(hands) + 1
        hands.append(StartingHand(_written(two, up, game), (two[0], two[1]), up, combos[f], results[s], rank))
    return StartingHandTable(game, ranks, tuple(hands))


# ------------------------------------------------------------------ the match-up table


def starting_sets(game: str | Game = "seven", *, ranks: str = RANKS) -> list[tuple[tuple[int, ...], int]]:
    """The classes of sets of three cards (suit permutations; razz: ranks alone), each as one
    set and the number of sets it stands for: the tasks of the match-up table.

    >>> sets = starting_sets("seven")
    >>> len(sets), sum(n for _, n in sets) == 52 * 51 * 50 // 6
    (1755, True)
    """
    game = get_game(game, stud=True)
    deck = check_deck(game, ranks)
    count: Counter[Form] = Counter(form([s], game) for s in itertools.combinations(deck, 3))
    return [(tuple(_cards_of(f, (3,), game)[0]), n) for f, n in sorted(count.items())]


@dataclass(frozen=True)
class Matchup:
    """One class of the heads-up match-up table: ``hero`` against ``opponent`` (three cards
    each, one pair of the class) and ``weight``, the ordered (hero, opponent) deals of three
    cards each it stands for, either way round."""

    hero: tuple[int, ...]
    opponent: tuple[int, ...]
    weight: int


def matchup_classes(hero: Sequence[int], sets: int, game: str | Game = "seven", *, ranks: str = RANKS) -> list[Matchup]:
    """The match-up classes whose first hand is the class of ``hero`` (one set of
    :func:`starting_sets`, standing for ``sets`` sets): every unordered pair of starting sets
    up to the game's symmetry (and the order of the two) falls to the task of the lesser of its
    two classes, so the tasks of :func:`starting_sets` together list each class once.

    >>> (hero, n), *_ = starting_sets("seven", ranks="JQKA")
    >>> m = matchup_classes(hero, n, "seven", ranks="JQKA")
    >>> format_cards(m[0].hero), format_cards(m[0].opponent), m[0].weight
    ('Js Jh Jd', 'Qs Qc Jc', 24)
    """
    game = get_game(game, stud=True)
    deck = check_deck(game, ranks)
    if isinstance(sets, bool) or not isinstance(sets, int) or sets < 1:
        raise ValueError(f"sets is how many sets of three the hero's class stands for, an int >= 1, got {sets!r}")
    hero = tuple(hero)
    if len(hero) != 3 or len(set(hero)) != 3 or not set(hero) <= set(deck):
        raise ValueError(f"hero must be three distinct cards of the deck, got {hero!r}")
    own = form([hero], game)
    found: Counter[Form] = Counter()
    symmetric: dict[Form, bool] = {}
    for other in itertools.combinations([c for c in deck if c not in hero], 3):
        theirs = form([other], game)
        if theirs < own:
            continue  # the lesser class's task lists it
        pair = min(form([hero, other], game), form([other, hero], game))
        found[pair] += 1
        symmetric[pair] = theirs == own
    out = []
    for pair, n in sorted(found.items()):
        a, b = _cards_of(pair, (3, 3), game)
        # each ordered pair with the hero in this class, and as many the other way round
        # (none more when both hands are of this class: the order is already among them)
        out.append(Matchup(tuple(a), tuple(b), sets * n * (1 if symmetric[pair] else 2)))
    return out


def count_matchups(
    hero: Sequence[int], sets: int, game: str | Game = "seven", *, ranks: str = RANKS, threads: int | None = 1
) -> list[tuple[Matchup, EquityResult | HiLoResult]]:
    """Each match-up class of :func:`matchup_classes` and its exact result (player 1: the
    hero), by :func:`~studeval.equity.equity_table` calls of at most ``MAX_MATCHUPS`` each:
    one task of the match-up table.

    >>> (hero, n), *_ = starting_sets("seven", ranks="JQKA")
    >>> m, r = count_matchups(hero, n, "seven", ranks="JQKA")[0]
    >>> format_cards(m.opponent), r.method, round(r.equity[0], 4)
    ('Qs Qc Jc', 'exact', 0.3076)
    """
    game = get_game(game, stud=True)
    dead = [c for c in range(52) if c not in check_deck(game, ranks)]
    classes = matchup_classes(hero, sets, game, ranks=ranks)
    out: list[tuple[Matchup, EquityResult | HiLoResult]] = []
    for at in range(0, len(classes), MAX_MATCHUPS):
        chunk = classes[at : at + MAX_MATCHUPS]
        results = equity_table(
            [[m.hero, m.opponent] for m in chunk], game=game, dead=dead, method="exact", threads=threads
        )
        out += zip(chunk, results, strict=True)
    return out


def matchup_columns(game: str | Game) -> tuple[str, ...]:
    """The columns of the match-up table's CSV: both hands, the weight, each player's figures
    (hi-lo: equity, high, low, scoop; else win, tie, equity)."""
    game = get_game(game, stud=True)
    figures = ("equity", "high", "low", "scoop") if game.hilo else ("win", "tie", "equity")
    return ("hero", "opponent", "weight", *(f"{who}_{f}" for who in ("hero", "opponent") for f in figures))


def matchup_cells(matchup: Matchup, result: EquityResult | HiLoResult) -> list[str]:
    """One line of the match-up table's CSV (:func:`matchup_columns`), figures to ten places."""
    if isinstance(result, HiLoResult):
        figures = [result.equity, result.high, result.low, result.scoop]
    else:
        figures = [result.win, result.tie, result.equity]
    cells = [format_cards(matchup.hero), format_cards(matchup.opponent), str(matchup.weight)]
    return cells + ["" if f is None else f"{f[p]:.10f}" for p in (0, 1) for f in figures]


def matchup_class_count(game: str | Game = "seven", *, ranks: str = RANKS) -> int:
    """How many classes the match-up table has (the rows :func:`count_matchups` gives over
    every task), counted without listing them: unordered pairs of disjoint sets of three,
    up to the suit permutations (Burnside's lemma over them and the swap of the two hands),
    or, where no suit matters, pairs of rank multisets.

    >>> matchup_class_count("seven", ranks="TJQKA"), matchup_class_count("razz")
    (18040, 103571)

    The full seven card stud table has 9,273,888 classes (some ten seconds to count).
    """
    game = get_game(game, stud=True)
    deck = check_deck(game, ranks)
    if not game.suits_matter:
        multisets = list(itertools.combinations_with_replacement(sorted({c >> 2 for c in deck}), 3))
        return sum(
            1 for i, a in enumerate(multisets) for b in multisets[i:] if all(n <= 4 for n in Counter(a + b).values())
        )
    sets = list(itertools.combinations(deck, 3))
    total = 0
    for p in itertools.permutations(range(4)):
        move = {c: 4 * (c >> 2) + p[c & 3] for c in deck}
        images = [frozenset(move[c] for c in s) for s in sets]
        # pairs each fixed by the permutation: both hands fixed sets, apart
        total += _apart([s for s, i in zip(sets, images, strict=True) if i == frozenset(s)])
        # pairs it swaps: B the image of A, A the image of B
        total += sum(
            1
            for s, i in zip(sets, images, strict=True)
            if not i & set(s) and frozenset(move[c] for c in i) == frozenset(s)
        )
    return total // 48


def _apart(sets: list[tuple[int, ...]]) -> int:
    """The ordered pairs of ``sets`` that share no card: for each set, the sets holding none
    of its cards, by inclusion-exclusion over the sets holding each subset of its cards."""
    holding: Counter[tuple[int, ...]] = Counter(
        sub for s in sets for k in range(4) for sub in itertools.combinations(s, k)
    )
    return sum((-1) ** k * holding[sub] for s in sets for k in range(4) for sub in itertools.combinations(s, k))
