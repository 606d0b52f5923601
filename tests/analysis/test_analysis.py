"""studeval.analysis against brute force (the slow reference evaluators), on hands played by the
table rules, hand-built all-ins and the sites' histories."""

from __future__ import annotations

import io
import itertools
import math
from pathlib import Path

import pytest

from studeval import _reference as ref
from studeval.analysis import ANALYSIS_SAMPLES, Report, analyze, analyze_hand, read_phhs
from studeval.cards import parse_cards
from studeval.game import Structure, StudState
from studeval.game.phh import HandHistory, dumps_all, replay, to_phh
from studeval.games import STUD_GAMES, get_game
from studeval.histories import Imported, read_text

DATA = Path(__file__).resolve().parents[1] / "histories" / "data"
TOTAL = {name: get_game(name).cards for name in STUD_GAMES}


# ---- brute force -----------------------------------------------------------------------------


EVALUATORS = {"high": ref.evaluate, "low": ref.evaluate_low, "low8": ref.evaluate_low8, "low27": ref.evaluate_low27}


def keys(game: str, hand: list[int]) -> tuple[int, ...]:
    """What decides a pot, by the reference evaluators: one value per kind of the game's pot
    (the registry's ``Game.pot``: the high hand, a low, or both)."""
    return tuple(EVALUATORS[kind](hand) for kind in get_game(game).pot)


def shares(values: list[tuple[int, ...]]) -> list[float]:
    """Each player's share of the pot of one complete deal (a low8 of 0 is no low)."""

    def best(column: list[int]) -> list[float]:
        top = max(column)
        winners = [v == top for v in column]
        return [w / sum(winners) for w in winners]

    high = best([v[0] for v in values])
    if len(values[0]) == 1 or max(v[1] for v in values) == 0:
        return high
    return [(a + b) / 2 for a, b in zip(high, best([v[1] for v in values]), strict=True)]


def brute_equity(game: str, known: list[list[int]], dead: list[int] = ()) -> list[float]:
    """Every equally likely completion of the players' hands from the live cards (each
    player's completions evaluated once, then every disjoint combination counted)."""
    live = sorted(set(range(52)) - {c for k in known for c in k} - set(dead))
    options = [
        [(set(c), keys(game, k + list(c))) for c in itertools.combinations(live, TOTAL[game] - len(k))] for k in known
    ]
    total = [0.0] * len(known)
    deals = 0
    for combos in itertools.product(*options):
        used = [c for cards, _ in combos for c in cards]
        if len(set(used)) < len(used):
            continue
        deals += 1
        for i, share in enumerate(shares([v for _, v in combos])):
            total[i] += share
    return [t / deals for t in total]


def call_down(game: str, players: int, seed: int, stacks: int = 1000) -> StudState:
    """A hand where nobody raises: the bring-in, then every player calls or checks to the end."""
    st = StudState(game, Structure(1, 2, 4, 8), [stacks] * players, seed=seed)
    while st.actor >= 0:
        kinds = {a.kind for a in st.legal_actions()}
        st.act(next(k for k in ("bring_in", "check", "call") if k in kinds))
    return st


def cards_by_street(state: StudState) -> list[list[list[int]]]:
    """Each street's cards of each seat so far, from the log (every card, as dealt)."""
    out: list[list[list[int]]] = []
    held: list[list[int]] = [[] for _ in range(state.n)]
    count = [0] * state.n
    for e in state.log:
        if getattr(e, "tag", None) == "dh":
            held[e.seat].extend(e.cards)
            count[e.seat] += 1
            if count[e.seat] > len(out):
                out.append([])
            out[-1] = [list(h) for h in held]
    return out


# ---- equity given the cards known, on late streets --------------------------------------------


@pytest.mark.parametrize("game", [g for g in STUD_GAMES if get_game(g).cards == 7])
@pytest.mark.parametrize("seed", [1, 2])
def test_known_cards_heads_up_late_streets_equal_brute_force(game, seed):
    st = call_down(game, 2, seed)
    a = analyze_hand(to_phh(st, full=True))
    dealt = cards_by_street(st)
    for k in (3, 4):  # sixth and seventh street
        want = brute_equity(game, dealt[k])
        street = a.streets[k]
        assert street.method == "exact"
        assert street.equity == pytest.approx(want, abs=1e-12), street.name
    assert a.hero is None  # every card written: nobody's view in particular


@pytest.mark.parametrize("game", ["seven", "stud8"])
def test_known_cards_three_way_sixth_street_equals_brute_force(game):
    st = call_down(game, 3, seed=5)
    a = analyze_hand(to_phh(st, full=True))
    want = brute_equity(game, cards_by_street(st)[3])
    assert a.streets[3].equity == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("seed", [3, 4, 6])
def test_hero_view_five_card_stud_equals_brute_force(seed):
    """The hero's equity against the opponent's up cards only, on fourth and fifth street."""
    st = call_down("five", 2, seed)
    hh = to_phh(st, seat=0)
    a = analyze_hand(hh)
    assert a.hero == 0
    dealt = cards_by_street(st)
    for k in (2, 3):
        hero, opponent = dealt[k]
        up = [c for c, face_up in zip(opponent, [False] + [True] * 4, strict=False) if face_up]
        want = brute_equity("five", [hero, up])[0]
        assert a.streets[k].hero_equity == pytest.approx(want, abs=1e-12)


def test_folded_up_cards_are_dead():
    """A folded player's cards are out of the deck for those still in."""
    hh = HandHistory(
        "F5S",
        [1, 1, 1],
        2,
        4,
        8,
        [50, 50, 50],
        ["d dh p1 AsAh", "d dh p2 2c3c", "d dh p3 KdKs", "p2 pb", "p3 f", "p1 cc"]
        + ["d dh p1 4d", "d dh p2 5c", "p1 cc", "p2 cc", "d dh p1 7h", "d dh p2 8c", "p1 cc", "p2 cc"]
        + ["d dh p1 9s", "d dh p2 Jc", "p1 cc", "p2 cc"],
    )
    a = analyze_hand(hh)
    first = a.streets[2]  # fourth street of five card stud: p3 is out, his KdKs dead
    assert first.players == (0, 1)
    known = [parse_cards("As Ah 4d 7h"), parse_cards("2c 3c 5c 8c")]
    assert [first.equity[0], first.equity[1]] == pytest.approx(
        brute_equity("five", known, parse_cards("Kd Ks")), abs=1e-12
    )
    assert first.equity[2] is None


# ---- pot and investments ---------------------------------------------------------------------


@pytest.mark.parametrize("game", ["seven", "five", "razz", "stud8"])
def test_pot_and_investments_add_up(game):
    """Street by street: the next street's pot is what was in at the end of the last, and the
    last street's investments are what the table rules say each put in."""
    for seed in range(4):
        st = StudState(game, Structure(1, 2, 4, 8), [60, 45, 30], seed=seed)
        while st.actor >= 0:
            legal = st.legal_actions()
            st.act(*legal[(seed + len(st.log)) % len(legal)][:2])
        a = analyze_hand(to_phh(st, seat=1))
        assert a.streets[0].pot == sum(st.antes_paid)
        for before, after in itertools.pairwise(a.streets):
            assert after.pot == sum(before.invested)
        assert list(a.streets[-1].invested) == st.totals
        assert list(a.winnings) == [st.stacks[i] - st.starting_stacks[i] for i in range(3)]
        assert list(a.won) == [st.payouts[i] - st.returned[i] for i in range(3)]


# ---- all-in expected value ---------------------------------------------------------------------

SIXTH_STREET_ALL_IN = [
    "d dh p1 AsAh9c", "d dh p2 ????2d", "d dh p3 ????5c",
    "p2 pb", "p3 cc", "p1 cbr 4", "p2 cc", "p3 cc",
    "d dh p1 3h", "d dh p2 7s", "d dh p3 8d", "p1 cc", "p2 cc", "p3 cc",
    "d dh p1 Jd", "d dh p2 6h", "d dh p3 4s", "p1 cc", "p2 cc", "p3 cc",
    "d dh p1 Tc", "d dh p2 3c", "d dh p3 2c",
    "p1 cbr 8", "p2 cbr 16", "p3 cc", "p1 cbr 24", "p2 cc",
    "d dh p1 2h", "d dh p2 ??", "d dh p3 ??",
    "p2 sm KsKhKc", "p3 sm QsQhQc", "p1 sm AsAh2h",
]  # fmt: skip


def sixth_street_all_in(rake: int = 0) -> HandHistory:
    """p3 calls all-in and p2 calls all-in for more on sixth street: a main pot and a side pot,
    then seventh street is dealt with nobody left to bet."""
    hh = HandHistory("F7S", [1, 1, 1], 2, 4, 8, [100, 25, 15], list(SIXTH_STREET_ALL_IN))
    stacks = replay(hh).stacks
    winner = stacks.index(max(stacks))
    stacks[winner] -= rake
    hh.finishing_stacks = stacks
    hh.extra.update({"players": ["Ann", "Bob", "Cid"], "_rake": rake})
    return hh


def test_all_in_on_sixth_street_by_side_pot():
    hh = sixth_street_all_in()
    a = analyze_hand(hh)
    assert a.hero == 0 and a.players == ("Ann", "Bob", "Cid")
    assert a.all_in is not None and a.all_in.street == "sixth street"
    main, side = a.all_in.pots
    assert (main.amount, main.players) == (45, (0, 1, 2))  # 15 from each
    assert (side.amount, side.players) == (20, (0, 1))  # Bob's 10 more, matched by Ann
    known = [parse_cards("As Ah 9c 3h Jd Tc"), parse_cards("Ks Kh 2d 7s 6h 3c"), parse_cards("Qs Qh 5c 8d 4s 2c")]
    assert main.equity == pytest.approx(brute_equity("seven", known), abs=1e-12)
    assert side.equity == pytest.approx(brute_equity("seven", known[:2], dead=known[2]), abs=1e-12)
    worth = [main.amount * main.equity[i] + (side.amount * side.equity[i] if i < 2 else 0.0) for i in range(3)]
    assert a.all_in.expected == pytest.approx(worth)
    assert a.winnings == (-25, 40, -15)  # Bob's kings take both pots; Ann gets 4 uncalled back
    assert a.expected == pytest.approx([a.winnings[i] - a.won[i] + worth[i] for i in range(3)])
    assert sum(a.expected) == pytest.approx(0, abs=1e-9)


def test_luck_adjusted_sum_is_minus_the_rake():
    a = analyze_hand(sixth_street_all_in(rake=3))
    assert sum(a.winnings) == -3
    assert sum(a.expected) == pytest.approx(-3, abs=1e-9)
    assert analyze([sixth_street_all_in(rake=3)]).totals()[0].all_in_hands == 1


def test_no_all_in_ev_when_betting_goes_to_the_end():
    st = call_down("seven", 2, seed=9)
    a = analyze_hand(to_phh(st, seat=0))
    assert a.all_in is None
    assert a.expected == tuple(float(w) for w in a.winnings)


def test_all_in_on_the_last_street_changes_nothing():
    """An all-in on seventh street: the cards are all out, the expectation is the result."""
    hh = HandHistory(
        "F5S",
        [1, 1],
        2,
        4,
        8,
        [20, 20],
        ["d dh p1 AsAh", "d dh p2 ??2c", "p2 pb", "p1 cc", "d dh p1 3d", "d dh p2 4c", "p1 cc", "p2 cc"]
        + ["d dh p1 5h", "d dh p2 6c", "p1 cc", "p2 cc", "d dh p1 7s", "d dh p2 8c", "p1 cbr 8"]
        + ["p2 cbr 16", "p1 cbr 17", "p2 cc", "p2 sm Kc"],  # p1 all-in on the last street
    )
    a = analyze_hand(hh)
    assert a.all_in is None


# ---- the sites' histories and many hands -------------------------------------------------------


def site_hands() -> list[HandHistory]:
    hands = []
    for name in ("pokerstars.txt", "fulltilt.txt"):
        for hand in read_text((DATA / name).read_text(encoding="utf-8"), source=name):
            if isinstance(hand, Imported):  # the files hold a malformed hand too
                hands.append(hand.history)
    assert len(hands) >= 6
    return hands


def test_site_hands_winnings_are_the_sites():
    """Actual winnings: what the site paid less what each put in, back the uncalled bets; over a
    hand they add up to minus the site's rake, and so do the luck-adjusted ones."""
    hands = site_hands()
    analysis = analyze(hands)
    assert not analysis.refused and len(analysis.hands) == len(hands)
    for hh, a in zip(hands, analysis.hands, strict=True):
        e = hh.extra
        site = [e["winnings"][i] - e["_invested"][i] + e["_returned"][i] for i in range(len(a.players))]
        assert list(a.winnings) == site
        assert sum(a.winnings) == -e["_rake"] == -a.rake
        assert sum(a.expected) == pytest.approx(-e["_rake"], abs=1e-9)
        assert a.hero is not None  # the "Dealt to" player
        assert a.players == tuple(e["players"])
    totals = analysis.totals()
    for t in totals:
        mine = [h for h in analysis.hands if h.game == t.game and t.player in h.players and h.currency == t.currency]
        assert t.hands == len(mine)
        assert t.winnings == sum(h.winnings[h.players.index(t.player)] for h in mine)


def test_hero_by_name_and_absent():
    hh = sixth_street_all_in()
    assert analyze_hand(hh, hero="Bob").hero == 1
    assert analyze_hand(hh, hero="p3").hero == 2
    assert analyze_hand(hh, hero="Zed").hero is None
    bob = analyze_hand(hh, hero="Bob")
    # Bob's view: his kings against Ann's and Cid's up cards only
    assert bob.streets[0].hero_equity != bob.streets[0].equity[1]
    with pytest.raises(TypeError, match="hero"):
        analyze_hand(hh, hero=2)


def test_hero_view_equals_known_when_nothing_more_is_known():
    """A hand nobody showed: the hero's view is all that is known."""
    hh = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p1 pb", "p2 f"])
    a = analyze_hand(hh)
    assert a.streets[0].hero_equity == a.streets[0].equity[0]


def test_bad_input():
    with pytest.raises(TypeError, match="HandHistory"):
        analyze_hand(42)
    with pytest.raises(ValueError, match="lacks the field"):  # PHH text is read, then checked
        analyze_hand("variant = 'F7S'")
    with pytest.raises(TypeError, match="exact"):
        analyze_hand(sixth_street_all_in(), exact=1)
    with pytest.raises(ValueError, match="not a stud game"):
        analyze_hand(HandHistory("NT", [1, 1], 2, 4, 8, [100, 100], []))
    bad = sixth_street_all_in()
    bad.finishing_stacks = [1, 2, 3]
    with pytest.raises(ValueError, match="finishing_stacks"):
        analyze_hand(bad)
    bad = sixth_street_all_in()
    bad.extra["_rake"] = -1
    with pytest.raises(ValueError, match="_rake"):
        analyze_hand(bad)
    broken = HandHistory("FR", [1, 1], 2, 4, 8, [100, 100], ["d dh p1 2c3dKc", "d dh p2 ????4h", "p2 f"])
    result = analyze([broken, sixth_street_all_in()])
    assert len(result.hands) == 1
    assert result.refused == [("1", "action 3 'p2 f': p2 acts but p1 is to act")]


def test_monte_carlo_is_reproducible_and_bounded():
    st = StudState("seven", Structure(1, 2, 4, 8), [100] * 5, seed=11)
    while st.actor >= 0:
        kinds = {a.kind for a in st.legal_actions()}
        st.act(next(k for k in ("bring_in", "check", "call") if k in kinds))
    hh = to_phh(st, seat=0)
    a, b = analyze_hand(hh), analyze_hand(hh)
    assert a == b
    first = a.streets[0]
    assert first.method == "monte-carlo"
    live = [e for e in first.equity if e is not None]
    assert sum(live) == pytest.approx(1)
    assert ANALYSIS_SAMPLES <= 100_000  # the documented bound on the work of an equity


# ---- output ------------------------------------------------------------------------------------


def test_records_csv_and_json():
    analysis = analyze([sixth_street_all_in(), *site_hands()])
    rows = analysis.records()
    assert len(rows) == sum(len(s.players) for h in analysis.hands for s in h.streets)
    out = io.StringIO()
    analysis.write_csv(out)
    lines = out.getvalue().splitlines()
    assert lines[0].split(",")[:4] == ["hand", "site", "game", "street"] and len(lines) == len(rows) + 1
    out = io.StringIO()
    analysis.write_csv(out, table="totals")
    assert out.getvalue().splitlines()[0] == "game,player,currency,scale,hands,all_in_hands,winnings,expected,luck"
    data = analysis.to_dict()
    import json

    assert json.loads(json.dumps(data, allow_nan=False)) == data
    assert data["hands"][0]["all_in"]["street"] == "sixth street"
    empty = io.StringIO()
    Report().write_csv(empty, table="totals")
    assert empty.getvalue().startswith("game,player")
    with pytest.raises(ValueError, match="unknown table"):
        analysis.write_csv(io.StringIO(), table="hands")


def test_cumulative():
    analysis = analyze([sixth_street_all_in()] * 3)
    actual, expected = analysis.cumulative("Bob")
    assert actual == [40, 80, 120]
    assert expected[-1] == pytest.approx(3 * analysis.hands[0].expected[1])
    assert all(not math.isnan(x) for x in expected)


def test_read_phhs_round_trip_and_errors():
    hands = [sixth_street_all_in(), sixth_street_all_in(rake=2)]
    text = dumps_all(hands)
    back = list(read_phhs(enumerate(text.splitlines(), 1)))
    assert [h.finishing_stacks for h in back] == [h.finishing_stacks for h in hands]
    with pytest.raises(ValueError, match="line 1: a .phhs file starts with a header"):
        list(read_phhs([(1, "variant = 'F7S'")]))
    with pytest.raises(ValueError, match="the hand of line 1"):
        list(read_phhs([(1, "[1]"), (2, "variant = 'F7S'")]))


def test_plot(tmp_path):
    pytest.importorskip("matplotlib")
    from studeval.analysis import plot_winnings

    analysis = analyze([sixth_street_all_in()] * 2)
    out = plot_winnings(analysis, tmp_path / "luck.png")
    assert out.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="plays none"):
        plot_winnings(analysis, tmp_path / "x.png", player="Zed")
    with pytest.raises(ValueError):
        plot_winnings(analysis, tmp_path / "luck")


@pytest.mark.parametrize("game", ["seven", "razz", "five"])
def test_heads_up_is_exact_on_every_street(game):
    """With ``exact=True``, heads-up both equities are counted exactly from the first street on
    (the hero's against an opponent shown by his up cards only)."""
    from studeval.equity import stud_equity

    st = call_down(game, 2, seed=8)
    a = analyze_hand(to_phh(st, seat=0), exact=True)
    for street in a.streets:
        assert street.method == "exact" and street.hero_method == "exact", street.name
        assert street.error == (0.0, 0.0) and street.hero_error == 0.0
    first = cards_by_street(st)[0]
    up = first[1][-1:]
    want = stud_equity([first[0], up], game=game, method="exact").equity[0]
    assert a.streets[0].hero_equity == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("game", STUD_GAMES)
def test_every_stud_game_is_analysed_or_refused_by_name(game):
    """A game the table rules play but the equity does not count yet (while its kernels are
    on their way) is refused naming the game; every other is analysed, equities summing to one."""
    st = call_down(game, 3, seed=2)
    result = analyze([to_phh(st, seat=0)])
    if result.refused:
        [(_, reason)] = result.refused
        assert reason.startswith(f"no equity for {get_game(game).title} yet")
    else:
        for street in result.hands[0].streets:
            assert sum(e for e in street.equity if e is not None) == pytest.approx(1)


def test_cumulative_and_picture_keep_currencies_apart(tmp_path):
    """Cash hands in cents and tournament chips are never added together."""
    analysis = analyze(site_hands())
    usd, _ = analysis.cumulative("Ann", "USD")
    chips, _ = analysis.cumulative("Ann", "chips")
    both, _ = analysis.cumulative("Ann")
    assert len(usd) + len(chips) == len(both) and usd and chips
    pytest.importorskip("matplotlib")
    from studeval.analysis import plot_winnings

    assert plot_winnings(analysis, tmp_path / "a.png", player="Ann", currency="chips").exists()
    with pytest.raises(ValueError, match="plays no hand in 'EUR'"):
        plot_winnings(analysis, tmp_path / "b.png", player="Ann", currency="EUR")


def test_deck_exhaustion_seventh_street_is_a_street():
    """Eight players to seventh street: the seventh card is one community card (R45), dealt as a
    board card rather than to the seats; it is still a street, with its pot and betting."""
    st = call_down("seven", 8, seed=1)
    assert st.community >= 0
    a = analyze_hand(to_phh(st, full=True))
    assert [s.name for s in a.streets][-1] == "seventh street" and len(a.streets) == 5
    for before, after in itertools.pairwise(a.streets):
        assert after.pot == sum(before.invested)
    assert list(a.streets[-1].invested) == st.totals
    last = a.streets[-1]
    assert last.players == tuple(range(8))
    assert sum(e for e in last.equity if e is not None) == pytest.approx(1)
