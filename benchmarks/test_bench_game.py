"""Table rules: random self-play, 8-handed fixed-limit seven card stud, razz and seven card stud
hi-lo, studeval against pokerkit; and the two games pokerkit does not deal (stud hi-lo without
a qualifier, 2-7 razz), studeval alone.

Run: python -m pytest benchmarks/test_bench_game.py --benchmark-only

Both sides play the same kind of hand: eight players with 100 big bets each, antes, the
bring-in, and at every decision a uniformly random choice among the legal kinds of action
(fold, check or call, bring-in or complete, bet or raise), through to the payouts. pokerkit runs
with its usual automations (antes, burns, dealing, showdown, chip pushing). ``extra_info['items']``
is the number of hands a round plays, so summarize.py prints hands per second. The pokerkit
benchmark also records the speed ratio and checks the target: studeval >= 10x pokerkit
(in each game).
"""

from __future__ import annotations

import random

import pytest

from studeval.game import PRESETS, StudState

try:
    import pokerkit
except ImportError:  # pragma: no cover
    pokerkit = None

STRUCTURE = PRESETS["1/2"]
STACKS = [STRUCTURE.big_bet * 100] * 8
OURS_HANDS = 200
PK_HANDS = 20
_medians: dict[str, float] = {}
GAMES = ("seven", "razz", "stud8", "stud_hilo", "razz27")
_PK_GAMES = {
    "seven": "FixedLimitSevenCardStud",
    "razz": "FixedLimitRazz",
    "stud8": "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
}


def studeval_hands(count: int, rng: random.Random, game: str = "seven") -> int:
    for _ in range(count):
        st = StudState(game, STRUCTURE, STACKS, seed=rng.getrandbits(32))
        while st.actor >= 0:
            acts = st.legal_actions()
            st.apply(acts[int(rng.random() * len(acts))])
    return count


def pokerkit_hands(count: int, rng: random.Random, game: str = "seven") -> int:
    A = pokerkit.Automation
    automations = (
        A.ANTE_POSTING,
        A.BET_COLLECTION,
        A.CARD_BURNING,
        A.HOLE_DEALING,
        A.HOLE_CARDS_SHOWING_OR_MUCKING,
        A.HAND_KILLING,
        A.CHIPS_PUSHING,
        A.CHIPS_PULLING,
    )
    s = STRUCTURE
    table = getattr(pokerkit, _PK_GAMES[game])(automations, True, s.ante, s.bring_in, s.small_bet, s.big_bet)
    for _ in range(count):
        state = table(tuple(STACKS), len(STACKS))
        while state.status:
            moves = []
            if state.can_post_bring_in():
                moves.append(state.post_bring_in)
            if state.can_fold():
                moves.append(state.fold)
            if state.can_check_or_call():
                moves.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                moves.append(state.complete_bet_or_raise_to)
            moves[int(rng.random() * len(moves))]()
    return count


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.benchmark(group="game: random self-play, 8-handed")
def test_selfplay_studeval(benchmark, game):
    rng = random.Random(1)
    benchmark.extra_info["items"] = OURS_HANDS
    benchmark.pedantic(studeval_hands, args=(OURS_HANDS, rng, game), rounds=15, iterations=1, warmup_rounds=1)
    if benchmark.stats is not None:  # None under --benchmark-disable (a run that only checks the code)
        _medians[game] = benchmark.stats.stats.median / OURS_HANDS


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.benchmark(group="game: random self-play, 8-handed")
def test_selfplay_pokerkit(benchmark, game):
    if pokerkit is None:
        pytest.skip("pokerkit is not installed")
    if game not in _PK_GAMES:
        pytest.skip(f"pokerkit has no {game}")
    rng = random.Random(1)
    benchmark.extra_info["items"] = PK_HANDS
    benchmark.pedantic(pokerkit_hands, args=(PK_HANDS, rng, game), rounds=7, iterations=1, warmup_rounds=1)
    if benchmark.stats is None:
        return
    per_hand = benchmark.stats.stats.median / PK_HANDS
    if game in _medians:
        ratio = per_hand / _medians[game]
        benchmark.extra_info["studeval_speedup"] = round(ratio, 1)
        print(
            f"\n{game}: studeval {1 / _medians[game]:,.0f} hands/s, pokerkit {1 / per_hand:,.0f} hands/s: {ratio:.1f}x"
        )
        assert ratio >= 10, f"studeval {game} self-play is only {ratio:.1f}x pokerkit's speed"
