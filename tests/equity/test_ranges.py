"""Ranges of hole cards: the syntax, card removal, and equities against brute force, Monte
Carlo, single hands and the unknown-cards count."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import pytest

from studeval import EquityResult, parse_cards
from studeval._reference import brute_force_equity
from studeval.equity import stud_equity
from studeval.ranges import format_player, parse_player, parse_range


def _card(text: str) -> int:
    return parse_cards(text)[0]


# ---------------------------------------------------------------------------------------------
# Syntax


@pytest.mark.parametrize(
    ("text", "door", "count"),
    [
        ("KK", None, 6),
        ("Kx Kx", None, 6),
        ("QQ+", None, 18),
        ("AK", None, 16),
        ("AKs", None, 4),
        ("AKo", None, 12),
        ("A Ks", None, 4),
        ("AsKd", None, 1),
        ("As Kd, Kd As", None, 1),
        ("xs xs", None, 78),
        ("xx xx", None, 1326),
        ("any", None, 1326),
        ("pair", None, 78),
        ("A x", None, 4 * 51 - 6),
        ("Ax xx", None, 4 * 51 - 6),
        ("split", "Kc", 3 * 48),
        ("rolled", "Kc", 3),
        ("flush3", "Kc", 66),
        ("any", "Kc", 1275),
    ],
)
def test_hand_counts(text: str, door: str | None, count: int) -> None:
    r = parse_range(text, door=_card(door) if door else None)
    assert len(r.combos) == count
    assert all(len(set(c)) == 2 and list(c) == sorted(c) for c in r.combos)


def test_straight3_by_brute_force() -> None:
    """Three ranks within five in a row, the ace high or low: counted over every rank triple."""
    door = _card("5c")
    r = parse_range("straight3", door=door)

    def ok(ranks: list[int]) -> bool:
        if len(set(ranks)) < 3:
            return False
        return any(max(rs) - min(rs) <= 4 for rs in (ranks, [(x + 1) % 13 for x in ranks]))

    expect = {
        (a, b) for a in range(52) for b in range(a + 1, 52) if door not in (a, b) and ok([a >> 2, b >> 2, door >> 2])
    }
    assert set(r.combos) == expect


def test_five_card_stud_has_one_hole_card() -> None:
    assert len(parse_range("A", hole=1).combos) == 4
    assert len(parse_range("split", hole=1, door=_card("9d")).combos) == 3
    with pytest.raises(ValueError, match="'pair' needs two hole cards"):
        parse_range("pair", hole=1)


def test_weights_later_items_win() -> None:
    r = parse_range("pair, KK:2, AA:0")
    weights = dict(zip(r.combos, r.weights, strict=True))
    assert len(weights) == 72  # the aces are weighted out
    assert weights[(44, 45)] == 2.0 and weights[(0, 1)] == 1.0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("KQJ", "range item 'KQJ': 3 cards"),
        ("KK:-1", "weight '-1' must be a number >= 0"),
        ("KK:heavy", "weight 'heavy' is not a number"),
        ("Kz", "range item 'Kz': 'z' is not a rank"),
        ("KK,,QQ", "empty item"),
        ("", "empty range"),
        ("KKs", "a pair cannot be suited"),
        ("split", "looks at the door card"),
        ("AA:0", "no hand with a weight above 0"),
    ],
)
def test_bad_ranges_name_the_token(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_range(text)


# Unicode look-alikes: case folding and Unicode digits read them as the ASCII letter or digit
LOOK_ALIKES = {
    "\u212a": "K",  # the Kelvin sign: K under re.IGNORECASE, but not a key of the rank table
    "\u017f": "s",  # the long s: s under re.IGNORECASE (suited for offsuit)
    "\u0665": "5",  # the Arabic-Indic five: a digit to float()
    "\uff21": "A",  # the fullwidth A
    "\u2003": " ",  # the em space: whitespace to str.isspace() and str.strip()
    "\u0131": "i",  # the dotless i
}


@pytest.mark.parametrize("text", ["KK+", "AKs", "AKo", "KK:5", "A Ks, QQ:0.5", "any", "Kx Kx"])
@pytest.mark.parametrize("fake", sorted(LOOK_ALIKES))
def test_a_look_alike_is_refused_naming_it(text: str, fake: str) -> None:
    """Every non-ASCII character in a range or a player's text is a ValueError naming it (issue
    17, item 4), wherever it stands; the ASCII text it imitates is a range."""
    parse_range(text)
    for k in range(len(text) + 1):
        bad = text[:k] + fake + text[k:]
        with pytest.raises(ValueError, match=f"U\\+{ord(fake):04X}.* is not ASCII"):
            parse_range(bad)
        with pytest.raises(ValueError, match=f"U\\+{ord(fake):04X}.* is not ASCII"):
            parse_player(f"[{bad}] Qc 7d")
    replaced = [text.replace(real, fake, 1) for fake_, real in LOOK_ALIKES.items() if fake_ == fake and real in text]
    for bad in replaced:
        with pytest.raises(ValueError, match="is not ASCII"):
            stud_equity(["As Ah Kd", f"[{bad}] Qc"])


def test_player_text() -> None:
    r, up = parse_player("[QQ+] Kc 7d")
    assert up == parse_cards("Kc 7d") and r is not None and len(r.combos) == 15  # the Kc is out
    assert parse_player("Kc 7d") == (None, parse_cards("Kc 7d"))
    assert format_player("[ kk , qq+ ]kc") == "[kk, qq+] Kc"
    for bad, message in [("[KK Kc", "unclosed"), ("Kc [KK]", "range goes first")]:
        with pytest.raises(ValueError, match=message):
            parse_player(bad)


def test_equity_errors_name_the_player() -> None:
    with pytest.raises(ValueError, match="player 2: range item 'KQJ'"):
        stud_equity(["As Ah Kd", "[KQJ] Kc"])
    with pytest.raises(ValueError, match=r"player 2: no hand of the range \[AA\] is left"):
        stud_equity(["As Ah Kd", "[AA] Ac"], dead="Ad")
    with pytest.raises(ValueError, match="more than the game deals"):
        stud_equity(["As Ah", "[KK] Kc 7d 8h 9s Tc 2d"])
    with pytest.raises(ValueError, match="cannot be dealt together"):
        stud_equity(["[AsAh] 2c", "[AsAh] 3c"])


# ---------------------------------------------------------------------------------------------
# Equities


def _brute_range(
    a: list[int], b_up: list[int], combos: list[tuple[tuple[int, ...], float]], game: str, dead=()
) -> Fraction:
    """Player A's equity against B's range: every hand of the range (after card removal), by
    weight, and for each every deal (the slow oracle, studeval._reference.brute_force_equity)."""
    num = Fraction(0)
    den = Fraction(0)
    for combo, w in combos:
        b = list(combo) + b_up
        used = set(a) | set(b) | set(dead)
        if len(used) < len(a) + len(b) + len(set(dead)):
            continue
        equity = brute_force_equity([a, b], game=game, dead=list(dead)).equity[0]
        num += Fraction(w) * Fraction(equity)
        den += Fraction(w)
    return num / den


@pytest.mark.parametrize(
    ("hero", "villain", "game", "dead"),
    [
        ("As Ah Kd 2c 3c 4d", "[KK, Qx Qx:2, AKs] Kc 7d 8h 9s", "seven", ""),
        ("As Ah Kd 2c 3c 4d", "[flush3, split:0.5] 7d 8d 9s Tc", "seven", "2d 3d Js"),
        ("Ks Qs Js 9d", "[A:3, 9] Td 4c", "five", "2c"),
    ],
)
def test_against_brute_force(hero: str, villain: str, game: str, dead: str) -> None:
    r = stud_equity([hero, villain], game=game, dead=dead, method="exact")
    hole_range, up = parse_player(villain, game=game)
    assert hole_range is not None
    a = parse_cards(hero)
    visible = set(a) | set(up) | set(parse_cards(dead))
    expect = _brute_range(a, up, hole_range.live(visible), game, parse_cards(dead))
    assert r.method == "exact"
    assert r.equity[0] == pytest.approx(float(expect), abs=1e-12)
    assert sum(r.equity) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(
    ("hero", "hand", "up", "game"),
    [
        ("As Ah Kd 2c", "Qc Qd", "7s 8h", "seven"),
        ("As Ah Kd", "Qc Qd", "7s", "seven"),
        ("Ac Kd", "9h", "9s", "five"),
    ],
)
def test_one_explicit_hand_is_todays_answer(hero: str, hand: str, up: str, game: str) -> None:
    known = stud_equity([hero, f"{hand} {up}"], game=game)
    ranged = stud_equity([hero, f"[{hand}] {up}"], game=game)
    assert ranged.method == known.method == "exact" and ranged.deals == known.deals
    assert ranged.equity == pytest.approx(known.equity, abs=1e-12)
    assert ranged.tie == pytest.approx(known.tie, abs=1e-12)
    # the hero may be the ranged one too
    swapped = stud_equity([f"[{hand}] {up}", hero], game=game)
    assert swapped.equity == pytest.approx(known.equity[::-1], abs=1e-12)


@pytest.mark.parametrize(
    ("hero", "up", "game", "dead"),
    [
        ("As Ah Kd 2c 3c", "Qc 7d 8h", "seven", ""),
        ("As Ah Kd 2c 3c", "Qc 7d 8h", "seven", "9h 9s Tc"),
        ("As Kd 7h", "Qc 7d", "five", "2s"),
    ],
)
def test_the_full_range_is_the_unknown_cards_answer(hero: str, up: str, game: str, dead: str) -> None:
    unknown = stud_equity([hero, up], game=game, dead=dead, method="exact")
    full = stud_equity([hero, f"[any] {up}"], game=game, dead=dead, method="exact")
    assert full.equity == pytest.approx(unknown.equity, abs=1e-12)
    assert full.win == pytest.approx(unknown.win, abs=1e-12)


def test_weights_mix_the_hands_counted_alone() -> None:
    """[AA:3, KK] = (3 x each live AA hand + each live KK hand), the hands counted one by one."""
    hero, up = "Ac Qd Jd 2c", "Kc 7d"
    mixed = stud_equity([hero, f"[AA:3, KK] {up}"], method="exact")
    parts = []
    for text, w in [("AA", 3), ("KK", 1)]:
        hole_range, _ = parse_player(f"[{text}] {up}")
        assert hole_range is not None
        for combo, _ in hole_range.live(set(parse_cards(hero)) | set(parse_cards(up))):
            r = stud_equity([hero, parse_cards(up) + list(combo)])
            parts.append((w, r.equity[0]))
    assert len(parts) == 3 + 3  # card removal: the Ac and the Kc are visible
    expect = sum(w * e for w, e in parts) / sum(w for w, _ in parts)
    assert mixed.equity[0] == pytest.approx(expect, abs=1e-12)


def test_a_range_never_deals_a_visible_card() -> None:
    """Kx Kx against a hero holding the other kings: only one hand is left, Kh Ks."""
    r = stud_equity(["Kd 2c 3c 4h", "[Kx Kx] Kc 9s"])
    assert r.equity == pytest.approx(stud_equity(["Kd 2c 3c 4h", "Kh Ks Kc 9s"]).equity, abs=1e-12)


@pytest.mark.parametrize(
    ("players", "game", "dead"),
    [
        (["As Ah Kd 5c", "[pair, flush3:0.5] Qc 7c"], "seven", "2c"),
        (["[AK, QQ+] Ac", "Kd Kh 7s"], "seven", ""),
        (["As Kd", "[split, A] Qc"], "five", ""),
    ],
)
def test_monte_carlo_within_four_standard_errors(players: list[str], game: str, dead: str) -> None:
    exact = stud_equity(players, game=game, dead=dead, method="exact")
    mc = stud_equity(players, game=game, dead=dead, method="monte-carlo", samples=200_000, seed=11, threads=1)
    again = stud_equity(players, game=game, dead=dead, method="monte-carlo", samples=200_000, seed=11, threads=1)
    assert mc.method == "monte-carlo" and mc.deals == 200_000
    assert mc.equity == again.equity
    for p in range(2):
        assert 0 < mc.stderr[p] < 0.01
        assert abs(mc.equity[p] - exact.equity[p]) < 4 * mc.stderr[p]


def test_two_ranges_and_auto() -> None:
    """Both players ranged: the exact answer is the weighted mean over the pairs of hands that
    share no card; auto picks exact when it fits the budget and says so."""
    r = stud_equity(["[AA] Kc 2d 3h", "[KK, QQ] Qs 4d 5h"], method="auto")
    assert r.method == "exact"
    one = [
        stud_equity([list(a) + parse_cards("Kc 2d 3h"), list(b) + parse_cards("Qs 4d 5h")]).equity[0]
        for a in itertools.combinations(parse_cards("Ac Ad Ah As"), 2)
        for b in [
            *itertools.combinations(parse_cards("Kd Kh Ks"), 2),
            *itertools.combinations(parse_cards("Qc Qd Qh"), 2),
        ]
    ]
    assert r.equity[0] == pytest.approx(sum(one) / len(one), abs=1e-12)


# ---------------------------------------------------------------------------------------------
# Weights across the whole float range (issue 17, item 3): ratios, never NaN

WEIGHTS = [5e-324, 1e-308, 1e-200, 1e-5, 0.5, 1.0, 3.0, 1e5, 1e200, 1e308, 1.7976931348623157e308]


@pytest.mark.parametrize("b", WEIGHTS)
@pytest.mark.parametrize("a", WEIGHTS[::2])
def test_weights_are_ratios_across_the_float_range(a: float, b: float) -> None:
    """[KK:a, QQ:b] is the mean of the two hands' equities weighted a : b (computed here as
    fractions), for weights from the smallest subnormal to the largest float: the sums and
    ratios neither overflow nor underflow into NaN."""
    hero, up = "As Ah Kd 2c 3c 4d", "Jc 7d 8h 9s"
    one = {hand: stud_equity([hero, f"[{hand}] {up}"]).equity[0] for hand in ("KK", "QQ")}
    combos = {"KK": 3, "QQ": 6}  # Kd out
    wk, wq = Fraction(a) * combos["KK"], Fraction(b) * combos["QQ"]
    expect = (wk * Fraction(one["KK"]) + wq * Fraction(one["QQ"])) / (wk + wq)
    r = stud_equity([hero, f"[KK:{a!r}, QQ:{b!r}] {up}"])
    assert r.method == "exact" and all(math.isfinite(e) for e in r.equity + r.win + r.tie)
    assert r.equity[0] == pytest.approx(float(expect), abs=1e-12)
    assert sum(r.equity) == pytest.approx(1.0, abs=1e-12)


def test_products_of_extreme_weights_over_several_ranges() -> None:
    """Two ranged players whose combinations weigh 1e600, 1, 1 and 1e-600 (beyond the floats
    both ways): the answer is the weighted mean of every combination's equity, computed here
    exactly with fractions from each combination dealt as known cards."""
    a_up, b_up = "2c 5d 8h 9h", "3c 6d 8s 9s"
    hero = "Kc Kd Qc 4h 4s Jd"
    players = [hero, f"[AA:1e300, KK:1e-300] {a_up}", f"[AA:1e300, QQ:1e-300] {b_up}"]
    exact = stud_equity(players, method="exact")
    mc = stud_equity(players, method="monte-carlo", samples=20_000, seed=2)
    visible = set(parse_cards(" ".join([hero, a_up, b_up])))
    num, den = [Fraction(0)] * 3, Fraction(0)
    for x in parse_range("AA:1e300, KK:1e-300").live(visible):
        for y in parse_range("AA:1e300, QQ:1e-300").live(visible):
            if set(x[0]) & set(y[0]):
                continue
            w = Fraction(x[1]) * Fraction(y[1])
            known = [parse_cards(hero), list(x[0]) + parse_cards(a_up), list(y[0]) + parse_cards(b_up)]
            e = stud_equity(known).equity
            num = [n + w * Fraction(v) for n, v in zip(num, e, strict=True)]
            den += w
    assert exact.equity == pytest.approx([float(n / den) for n in num], abs=1e-12)
    for p in range(3):
        assert math.isfinite(mc.equity[p]) and 0 < mc.stderr[p] < 0.02
        assert abs(mc.equity[p] - exact.equity[p]) < 4 * mc.stderr[p]


@pytest.mark.parametrize("weight", ["inf", "-inf", "nan", "1e309", "-1", "-1e-300", "infinity"])
def test_a_weight_that_is_not_a_finite_ratio_is_refused(weight: str) -> None:
    with pytest.raises(ValueError, match=f"the weight '{weight}'"):
        parse_range(f"KK:{weight}, QQ")


# ---------------------------------------------------------------------------------------------
# Monte Carlo over ranges (issue 17, items 7 and 8): any clashes, flat memory, exact odds

# Clash-heavy questions small enough to count exactly: ranges sharing aces and kings.
CLASHING = [
    (["[AA, KK:2] 2c 5d 8h 9h", "[AK, AA:0.5] 3c 6d 8s 9s", "[KK, AK, AsQs:4] 4c 7d 8c 9c"], "seven"),
    (["[AsAh, AsKs, KsKh, AhKh:3] Qc 7d 2s 3s 4s", "[As Kd, Ah Kd, AsAd:2, KsKd] Jc 8d 2h 3h 4h"], "seven"),
    (["[A, K] 9c 8d 7h", "[A:2, K] Tc 2d 3h", "[A, K:3] Jc 4d 5h"], "five"),
    # only the hand of weight 1e-300 leaves the other player a hand: drawn by weight alone, the
    # first player's hand would leave the second none nearly every time
    (["[AsAh, KsKh:1e-300] Qc 7d 2s 3s 4s", "[As x, Ah x] Jc 8d 2h 3h 4h"], "seven"),
    (["[AA, KK:2] 2c 5d 8h 9h", "[AK, AA:0.5] 3c 6d 8s 9s", "[KK, AK, AsQs:4] 4c 7d 8c 9c"], "stud8"),
]
# the three ways of drawing hands: (_RANGE_MAX_HANDS, _RANGE_MAX_GROUPS)
DRAWS = {
    "few combinations, dealt by count": (1_000_000, 4096),
    "listed combinations, drawn one by one": (1_000_000, 0),
    "each player in turn, importance weights": (0, 0),
}


@functools.cache
def _exact(players: tuple[str, ...], game: str) -> EquityResult:
    return stud_equity(list(players), game=game, method="exact")


@pytest.fixture(scope="module", name="clashing_counts")
def _clashing_counts() -> Callable[[tuple[str, ...], str], EquityResult]:
    """The exact counts of the clash-heavy questions by (players, game), each made once
    (seconds each): the tests that read them share it, so that they run on one worker."""
    return _exact


@pytest.mark.parametrize("how", DRAWS.values(), ids=DRAWS.keys())
@pytest.mark.parametrize(("players", "game"), CLASHING)
def test_monte_carlo_matches_the_exact_count_however_hands_clash(
    players: list[str],
    game: str,
    how: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
    clashing_counts: Callable[[tuple[str, ...], str], EquityResult],
) -> None:
    """Each way of drawing the hands gives the exact range count within 4 standard errors (of
    every player, and within 0.02 for high, low, scoop and no low in stud8), the standard error being
    that of the estimator used, and a seed reproduces it."""
    import studeval.equity.ranged as equity_module

    exact = clashing_counts(tuple(players), game)
    monkeypatch.setattr(equity_module, "_RANGE_MAX_HANDS", how[0])
    monkeypatch.setattr(equity_module, "_RANGE_MAX_GROUPS", how[1])
    mc = stud_equity(players, game=game, method="monte-carlo", samples=60_000, seed=7)
    # drawn in turn, a draw that leaves some player no hand deals nothing (its weight is 0)
    assert mc.method == "monte-carlo" and (mc.deals == 60_000 if how[0] else 0 < mc.deals <= 60_000)
    assert mc.equity == stud_equity(players, game=game, method="monte-carlo", samples=60_000, seed=7).equity
    assert sum(mc.equity) == pytest.approx(1.0, abs=1e-9)
    for p in range(len(players)):
        assert 0 < mc.stderr[p] < 0.02
        assert abs(mc.equity[p] - exact.equity[p]) < 4 * mc.stderr[p]
    if game == "stud8":
        for field in ("high", "low", "scoop"):
            assert getattr(mc, field) == pytest.approx(getattr(exact, field), abs=0.02)
        # the deals where nobody has a low: counted by every way of drawing, never None
        assert 0 < exact.no_low < 1 and mc.no_low == pytest.approx(exact.no_low, abs=0.02)


def test_the_standard_error_is_the_spread_over_seeds(
    monkeypatch: pytest.MonkeyPatch, clashing_counts: Callable[[tuple[str, ...], str], EquityResult]
) -> None:
    """Drawn in turn with importance weights, the standard error reported is honest: over 40
    seeds, the errors against the exact count, in standard errors, have mean about 0 and
    spread about 1 (bounds at about four standard errors of those figures)."""
    import statistics

    import studeval.equity.ranged as equity_module

    players = CLASHING[1][0]
    exact = clashing_counts(tuple(players), "seven").equity[0]
    monkeypatch.setattr(equity_module, "_RANGE_MAX_HANDS", 0)
    z = []
    for seed in range(40):
        r = stud_equity(players, method="monte-carlo", samples=3_000, seed=seed)
        z.append((r.equity[0] - exact) / r.stderr[0])
    assert abs(statistics.mean(z)) < 0.65 and 0.6 < statistics.stdev(z) < 1.5, z


def test_draws_in_turn_weighted_are_the_joint_odds() -> None:
    """The draws in turn with their importance weights give each combination of hands its
    exact chance (the product of the weights over the combinations that share no card, by
    brute force here), though the draws alone do not: the second player's hand is drawn
    knowing only the first's."""
    import numpy as np

    import studeval.equity.ranged as equity_module

    ranges = ["AsAh:1, AsKs:2, KsKh:3, AhKh:0.5", "As Kd, Ah Kd:2, AsAd:3, KsKd, Ks Kh:4", "A K, Q Q:0.25"]
    visible = {_card(c) for c in ("2c", "3c", "4c")}
    live = [parse_range(r).live(visible) for r in ranges]
    target: dict[tuple[int, ...], Fraction] = {}
    for pick in itertools.product(*(range(len(h)) for h in live)):
        cards = [c for k, i in enumerate(pick) for c in live[k][i][0]]
        if len(set(cards)) == len(cards):
            target[pick] = math.prod(Fraction(live[k][i][1]) for k, i in enumerate(pick))
    total = sum(target.values())
    rng = np.random.Generator(np.random.SFC64(3))
    masks = [np.array([sum(1 << c for c in h) for h, _ in hands], dtype=np.uint64) for hands in live]
    weights = [np.array([w for _, w in hands]) for hands in live]
    picks, log_weight = equity_module._draw_in_turn(rng, masks, weights, 200_000)
    w = np.exp(log_weight)
    assert np.all(w[np.isfinite(log_weight)] > 0)
    # each draw's combination as one number (the same for equal picks), so that the weights
    # of every combination come out of one pass: its share, and the standard error of the
    # share sum((w * (hit - share))**2) over the draws, taken apart into the hits and the rest
    sizes = [len(h) for h in live]
    code = np.ravel_multi_index(tuple(picks.T), sizes, mode="clip")
    code[~np.all((picks >= 0) & (picks < sizes), axis=1)] = math.prod(sizes)  # no combination
    hits, by_weight, by_square = (np.bincount(code, weights=x, minlength=math.prod(sizes) + 1) for x in (None, w, w**2))
    plain = {}
    for pick, p in target.items():
        c = np.ravel_multi_index(pick, sizes)
        share = by_weight[c] / w.sum()
        se = math.sqrt((1 - share) ** 2 * by_square[c] + share**2 * ((w**2).sum() - by_square[c])) / w.sum()
        assert abs(share - float(p / total)) < 4 * se + 1e-12, pick
        plain[pick] = hits[c] / len(picks)
    # without the weights, some combination is off by far more than the sampling error
    assert max(abs(plain[k] - float(p / total)) for k, p in target.items()) > 0.02


@pytest.mark.parametrize("search", [True, False], ids=["the search decides", "the draws tell"])
@pytest.mark.parametrize(
    "players",
    [
        ["[AsAh] 2c", "[AsAh] 3c"],
        ["[AA] 2c", "[AA] 3c", "[AA] 4c"],  # six aces wanted, four in the deck
        ["[As x] 2c", "[As x, Ks Kh] 3c", "[Ks x] 4c"],
        ["[A x] 2c 3c", "[A x] 4c 5c", "[A x] 6c 7c", "[A x] 8c 9c", "[A x] Tc Jc"],  # five aces wanted
    ],
)
def test_an_impossible_deal_is_refused(players: list[str], search: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ranges that cannot be dealt together are refused: listed, or found by the search for
    one deal when the combinations are too many to list; if the search gives up, the draws
    (whose cost does not grow with clashes) find no deal and say so."""
    import studeval.equity.ranged as equity_module

    monkeypatch.setattr(equity_module, "_RANGE_MAX_HANDS", 0)
    if not search:
        monkeypatch.setattr(equity_module, "_RANGE_SEARCH_STEPS", 0)
    for method in ("auto", "monte-carlo"):
        with pytest.raises(ValueError, match="cannot be dealt together"):
            stud_equity(players, method=method, samples=5_000, seed=1)
    with pytest.raises(ValueError, match="cannot be dealt together|too many combinations of hands for an exact answer"):
        stud_equity(players, method="exact")
    monkeypatch.undo()
    # however many samples are asked for (the five aces: the search gives up, the draws tell)
    with pytest.raises(ValueError, match="cannot be dealt together"):
        stud_equity(players, method="monte-carlo", samples=10**12)


def test_the_search_finds_a_deal_or_proves_there_is_none() -> None:
    import studeval.equity.ranged as equity_module

    def ranged(*texts: str) -> list:
        return [(i, [(c, 1.0) for c in parse_range(t).combos]) for i, t in enumerate(texts)]

    assert equity_module._one_deal(ranged("AA", "AA")) is True
    assert equity_module._one_deal(ranged("AA", "AA", "AA")) is False
    assert equity_module._one_deal(ranged("AsAh", "As Kd, Ah Kd", "Kd Qd, As Qd")) is False
    assert equity_module._one_deal(ranged(*["any"] * 8)) is True


def test_many_clashing_ranges_against_the_unknown_cards() -> None:
    """Eight razz players each [any] plus four up cards (issue 17, item 8: minutes, then a
    refusal): every hand of the range is every unknown hand, so the answer is that of the
    question without brackets, within the two standard errors."""
    from studeval.cards import format_card

    up = [" ".join(format_card(i + 8 * k) for k in range(4)) for i in range(8)]
    ranged = stud_equity([f"[any] {u}" for u in up], game="razz", method="monte-carlo", samples=100_000, seed=1)
    plain = stud_equity(up, game="razz", method="monte-carlo", samples=100_000, seed=2)
    assert ranged.community_card == plain.community_card
    for p in range(8):
        assert abs(ranged.equity[p] - plain.equity[p]) < 4 * math.hypot(ranged.stderr[p], plain.stderr[p])


def test_monte_carlo_memory_is_flat_in_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deals of a range are streamed (issue 17, item 7: the hands of every sample were held
    at once, 1.1 GB at 2e7 samples): with a few combinations of hands (dealt by count), a
    hundred times the samples take about the same peak memory; with many (drawn in turn), the
    draws come in batches whose size does not depend on the samples."""
    import tracemalloc

    import studeval.equity.ranged as equity_module

    peaks = []
    for samples in (10_000, 1_000_000):
        tracemalloc.start()
        stud_equity(["As Ah Kd", "[KK, QQ+] Kc"], method="monte-carlo", samples=samples, seed=1, threads=1)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < 2 * peaks[0] + 200_000, peaks

    batches: list[int] = []
    draw = equity_module._draw_in_turn

    def spy(rng, masks, weights, size):  # type: ignore[no-untyped-def]
        batches.append(size * max(len(m) for m in masks))
        return draw(rng, masks, weights, size)

    monkeypatch.setattr(equity_module, "_draw_in_turn", spy)
    for samples in (2_000, 200_000):
        batches.clear()
        stud_equity(["[any] Ac 7d 9h", "[any] Kd 8c 2s"], method="monte-carlo", samples=samples, seed=1)
        assert sum(batches) > 0 and max(batches) <= equity_module._RANGE_BATCH_CELLS
