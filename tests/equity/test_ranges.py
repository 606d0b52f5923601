"""Ranges of hole cards: the syntax, card removal, and equities against brute force, Monte
Carlo, single hands and the unknown-cards count."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from studeval import evaluate, parse_cards
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
    a: list[int], b_up: list[int], combos: list[tuple[tuple[int, ...], float]], total: int, dead=()
) -> Fraction:
    """Player A's equity against B's range: every hand of the range (after card removal), by
    weight, and for each every deal, with itertools and the evaluator."""
    num = Fraction(0)
    den = Fraction(0)
    for combo, w in combos:
        b = list(combo) + b_up
        used = set(a) | set(b) | set(dead)
        if len(used) < len(a) + len(b) + len(set(dead)):
            continue
        live = [c for c in range(52) if c not in used]
        share = Fraction(0)
        deals = 0
        for ca in itertools.combinations(live, total - len(a)):
            rest = [c for c in live if c not in ca]
            va = evaluate(a + list(ca))
            for cb in itertools.combinations(rest, total - len(b)):
                vb = evaluate(b + list(cb))
                share += 1 if va > vb else Fraction(1, 2) if va == vb else 0
                deals += 1
        num += Fraction(w) * share / deals
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
    total = 7 if game == "seven" else 5
    r = stud_equity([hero, villain], game=game, dead=dead, method="exact")
    hole_range, up = parse_player(villain, game=game)
    assert hole_range is not None
    a = parse_cards(hero)
    visible = set(a) | set(up) | set(parse_cards(dead))
    expect = _brute_range(a, up, hole_range.live(visible), total, parse_cards(dead))
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


def test_monte_carlo_in_groups_when_hands_are_many(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past a number of distinct combinations of hands, deals come in groups with one draw of
    hands each; the standard error (between groups) still covers the exact answer."""
    import studeval.equity as equity_module

    players = ["[any] Ac 7d 9h", "[any] Kd 8c 2s"]
    exact = stud_equity(players, game="five", method="exact")
    monkeypatch.setattr(equity_module, "_RANGE_MAX_GROUPS", 10)
    monkeypatch.setattr(equity_module, "_RANGE_GROUPS", 200)
    mc = stud_equity(players, game="five", method="monte-carlo", samples=100_000, seed=3, threads=1)
    assert mc.method == "monte-carlo" and mc.deals == 100_000
    assert 0 < mc.stderr[0] < 0.05
    assert abs(mc.equity[0] - exact.equity[0]) < 4 * mc.stderr[0]
