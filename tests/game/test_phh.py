"""PHH hand histories: write, read, replay; round trips with pokerkit when it is installed."""

from __future__ import annotations

import random

import pytest

from studeval.game import HandHistory, Structure, StudState, dumps, load, loads, replay, stacked_deck, to_phh

S = Structure(ante=1, bring_in=2, small_bet=5, big_bet=10)


def finished_hand(game: str, n: int, seed: int, deep: bool = True) -> StudState:
    rng = random.Random(seed)
    st = StudState(game, S, [400] * n if deep else [rng.choice([6, 30, 400]) for _ in range(n)], seed=seed)
    while st.actor >= 0:
        st.apply(rng.choice(st.legal_actions()))
    return st


def test_written_fields_and_finishing_stacks():
    """R50: PHH variant codes F7S and F5S."""
    st = finished_hand("seven", 4, 1)
    hh = to_phh(st)
    assert hh.variant == "F7S" and hh.antes == [1] * 4 and hh.bring_in == 2
    assert (hh.small_bet, hh.big_bet) == (5, 10)
    assert hh.starting_stacks == [400] * 4 and hh.finishing_stacks == st.stacks
    text = dumps(hh)
    assert "finishing_stacks = " in text and 'variant = "F7S"' in text


def test_five_card_stud_uses_our_own_variant_code():
    """R50: PHH variant codes F7S and F5S."""
    st = finished_hand("five", 3, 2)
    hh = to_phh(st, full=True)
    assert hh.variant == "F5S"
    first = [a for a in hh.actions if a.startswith("d dh")][0]
    assert len(first.split()[-1]) == 4  # one down and one up card
    assert replay(dumps(hh)).stacks == st.stacks


def test_history_written_during_play_has_no_finishing_stacks_and_hides_cards():
    """R52: a seat's history hides the other seats' down cards."""
    st = StudState("seven", S, [100, 100], deck=stacked_deck("seven", [["As Ad Kh", "Ks Kd 2c"]]), seed=1)
    hh = to_phh(st, seat=1)
    assert hh.finishing_stacks is None
    assert hh.actions == ["d dh p1 ????Kh", "d dh p2 KsKd2c"]
    assert to_phh(st, full=True).actions[0] == "d dh p1 AsAdKh"


def test_load_and_save_file(tmp_path):
    """R51: a recorded hand replays to the same stacks."""
    st = finished_hand("seven", 3, 3)
    path = tmp_path / "hand.phh"
    path.write_text(dumps(to_phh(st, full=True)))
    assert replay(load(path)).stacks == st.stacks


def test_options_travel_in_user_fields():
    """R53: what PHH has no line for (community card, time-out, options) in studeval's own form."""
    st = StudState("seven", S, [50, 50, 50], seed=4, tie_rule="suits", odd_chip="dealer_left", raise_cap=None)
    while st.actor >= 0:
        st.apply(st.legal_actions()[0])
    hh = loads(dumps(to_phh(st)))
    assert hh.extra == {"_tie_rule": "suits", "_odd_chip": "dealer_left", "_raise_cap": -1}
    again = replay(hh)
    assert (again.tie_rule, again.odd_chip, again.raise_cap) == ("suits", "dealer_left", None)


def test_reads_with_tomllib_or_tomli_the_same():
    """The reader is the standard TOML library (tomli on Python 3.10): both give one history."""
    tomli = pytest.importorskip("tomli")
    import studeval.game.phh as phh

    for seed in range(10):
        st = finished_hand("seven" if seed % 2 else "five", 2 + seed % 7, seed, deep=False)
        text = dumps(to_phh(st, seed % st.n))
        assert tomli.loads(text) == phh.tomllib.loads(text)
        assert loads(text) == to_phh(st, seed % st.n)
    odd = "# a comment\nvariant = \"F7S\" # trailing\nactions = [\n 'p1 cc # note', # x\n]\nflag = true\nx = 1.5\n"
    assert tomli.loads(odd) == phh.tomllib.loads(odd)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = 'F7S'\n", "lacks the field"),
        (
            "variant = 'NT'\nantes=[0,0]\nbring_in=1\nsmall_bet=2\nbig_bet=4\nstarting_stacks=[9,9]\nactions=[]",
            "not stud",
        ),
        (
            "variant = 'F7S'\nantes=[1,2]\nbring_in=2\nsmall_bet=5\nbig_bet=10\nstarting_stacks=[9,9]\nactions=[]",
            "differ",
        ),
        ("variant = = 'F7S'", "TOML|PHH"),
    ],
)
def test_bad_files_raise_clear_errors(text, message):
    """R54: a history that breaks the rules is refused with a ValueError."""
    with pytest.raises(ValueError, match=message):
        replay(text)


def _hh(actions: list[str], n: int = 3) -> HandHistory:
    return HandHistory("F7S", [1] * n, 2, 5, 10, [100] * n, actions)


def test_refuses_a_folded_card_dealt_again():
    """R46, R54: folded cards are never dealt again; a history that breaks the rules is refused
    with a ValueError.
    """
    actions = [
        "d dh p1 AsAd2c",
        "d dh p2 KsKd9h",
        "d dh p3 QsQd8h",
        "p1 pb",
        "p2 cc",
        "p3 f",
        "d dh p1 Qs",
        "d dh p2 3c",
    ]
    with pytest.raises(ValueError, match=r"folded cards are never dealt again \(R46\)$"):
        replay(_hh(actions))


def test_refuses_a_card_dealt_twice_and_out_of_turn_play():
    """R54: a history that breaks the rules is refused with a ValueError."""
    with pytest.raises(ValueError, match="dealt twice"):
        replay(_hh(["d dh p1 AsAd2c", "d dh p2 AsKd9h", "d dh p3 QsQd8h"]))
    with pytest.raises(ValueError, match="p2 acts but p1 is to act"):
        replay(_hh(["d dh p1 AsAd2c", "d dh p2 KsKd9h", "d dh p3 QsQd8h", "p2 cc"]))
    with pytest.raises(ValueError, match="cannot raise to 7|legal actions"):
        replay(_hh(["d dh p1 AsAd2c", "d dh p2 KsKd9h", "d dh p3 QsQd8h", "p1 pb", "p2 cbr 7"]))
    with pytest.raises(ValueError, match="stops before the hand is over"):
        replay(_hh(["d dh p1 AsAd2c", "d dh p2 KsKd9h", "d dh p3 QsQd8h", "p1 pb"]))


def test_refuses_individual_seventh_cards_when_the_deck_is_exhausted():
    """R54: a history that breaks the rules is refused with a ValueError."""
    st = StudState("seven", S, [1000] * 8, seed=0)
    while st.actor >= 0:
        kinds = [a.kind for a in st.legal_actions()]
        st.act("call" if "call" in kinds else "bring_in" if "bring_in" in kinds else "check")
    hh = to_phh(st, full=True)
    hh.actions = [a for a in hh.actions if " sm" not in a]
    board = next(a for a in hh.actions if a.startswith("d db"))
    card = board.split()[-1]
    # deal the "community" card to p1 alone, as a rule-blind dealer would, and others ??
    hh.actions = [a if a != board else f"d dh p{k + 1} {'??' if k else card}" for k in range(1) for a in hh.actions]
    extra = [f"d dh p{k + 1} ??" for k in range(1, 8)]
    at = hh.actions.index(f"d dh p1 {card}")
    hh.actions[at + 1 : at + 1] = extra
    with pytest.raises(ValueError, match=r"deck exhaustion on seventh street with 8 players: the rule \(R45\) turns"):
        replay(hh)


def test_damaged_histories_are_refused_with_value_errors_only():
    """R54: a history that breaks the rules is refused with a ValueError.

    Delete, repeat, swap or garble actions at random: replay either gives a consistent
    result or raises ValueError/TypeError, never anything else."""
    rng = random.Random(1)
    refused = 0
    for h in range(1500):
        n = rng.randint(2, 8)
        st = StudState(rng.choice(["seven", "five"]), S, [rng.choice([6, 30, 400]) for _ in range(n)], seed=h)
        while st.actor >= 0:
            if rng.random() < 0.01:
                st.time_out()
                continue
            st.apply(rng.choice(st.legal_actions()))
        hh = to_phh(st, rng.choice([None, 0]), full=rng.random() < 0.5)
        acts = list(hh.actions)
        for _ in range(rng.randint(1, 3)):
            if len(acts) < 2:
                break
            k = rng.randrange(len(acts))
            kind = rng.randrange(6)
            if kind == 0:
                del acts[k]
            elif kind == 1:
                acts.insert(k, acts[rng.randrange(len(acts))])
            elif kind == 2:
                text = list(acts[k])
                text[rng.randrange(len(text))] = rng.choice("pcfbrsmd 0123456789?#AKQJT-xhcds")
                acts[k] = "".join(text)
            elif kind == 3:
                j = rng.randrange(len(acts))
                acts[k], acts[j] = acts[j], acts[k]
            elif kind == 4:
                acts = acts[:k] or acts[:1]
            else:
                hh.starting_stacks = [rng.choice([0, 1, 3, -2, 50]) for _ in hh.starting_stacks]
        hh.actions = acts
        try:
            again = replay(dumps(hh))
        except (ValueError, TypeError):
            refused += 1
            continue
        assert sum(again.stacks) == sum(hh.starting_stacks)
    assert refused > 500


def test_a_bring_in_all_in_written_as_cbr_is_the_bring_in():
    """R55: pokerkit and studeval read each other's F7S histories.

    pokerkit writes the bring-in of a player with no more than the bring-in as ``cbr``."""
    deal = ["d dh p1 AhAd2c", "d dh p2 KhKd9s"]
    rest = [
        "p2 cc",
        "d dh p1 5c",
        "d dh p2 Kc",
        "d dh p1 6c",
        "d dh p2 3h",
        "d dh p1 7h",
        "d dh p2 8d",
        "d dh p1 Js",
        "d dh p2 8h",
    ]
    st = replay(HandHistory("F7S", [1, 1], 2, 5, 10, [2, 30], deal + ["p1 cbr 1"] + rest))
    assert st.log[2][:3] == ("a", 0, "bring_in") and st.stacks == [0, 32]
    again = replay(dumps(to_phh(st, full=True)))  # written back as studeval writes it: pb
    assert "p1 pb" in to_phh(again).actions and again.stacks == [0, 32]
    with pytest.raises(ValueError, match="cannot complete to 2"):  # not all-in: no such bring-in
        replay(HandHistory("F7S", [1, 1], 2, 5, 10, [30, 30], deal + ["p1 cbr 2"] + rest))


def test_no_public_callable_of_the_game_takes_a_private_parameter():
    """Issue 21 item 12: the API reference showed StudState's ``_script``, ``_choices`` and
    ``_bring_in``; a replay now hands the state a public :class:`ScriptedDeck`."""
    import inspect

    import studeval.game as game

    callables = [getattr(game, name) for name in game.__all__ if callable(getattr(game, name))]
    callables += [m for _, m in inspect.getmembers(StudState, inspect.isfunction) if not m.__name__.startswith("_")]
    for f in callables:
        try:
            params = inspect.signature(f).parameters
        except ValueError:  # a builtin without a signature
            continue
        assert not [p for p in params if p.startswith("_")], f


@pytest.mark.parametrize("game", ["seven", "five", "razz", "stud8"])
def test_a_scripted_deck_of_a_hands_own_cards_replays_it(game):
    """A state dealt from a ScriptedDeck of a played hand's cards (its burns unknown), given
    the same actions, ends the same: the script is the deal, nothing else."""
    from studeval.game import BoardCard, Deal, Played, ScriptedDeck, Shown, TimeOut

    rng = random.Random(7)
    for seed in range(40):
        n = rng.randint(2, 8)
        st = StudState(game, S, [rng.choice([10, 60, 300])] * n, seed=seed)
        while not st.finished:
            if rng.random() < 0.02:
                st.time_out()
            else:
                st.apply(rng.choice(st.legal_actions()))
        hands: list[list[int]] = [[] for _ in range(n)]
        board: list[int] = []
        for e in st.log:
            if isinstance(e, Deal):
                hands[e.seat].extend(e.cards)
            elif isinstance(e, BoardCard):
                board.append(e.card)
        shows = {e.seat: e.shows for e in st.log if isinstance(e, Shown)}
        deck = ScriptedDeck(hands, board, shows=shows)
        again = StudState(game, S, list(st.starting_stacks), deck=deck)
        for e in st.log:
            if isinstance(e, Played):
                again.act(e.kind, e.to)
            elif isinstance(e, TimeOut):
                again.time_out()
        assert again.finished and again.stacks == st.stacks and again.log == st.log
        assert deck.undealt() == [] and len(deck.burns) == len(st.deck.burns)


def test_a_scripted_deck_refuses_a_card_dealt_twice_and_a_wrong_table():
    from studeval.game import ScriptedDeck

    with pytest.raises(ValueError, match="dealt twice"):
        StudState("five", S, [50, 50], deck=ScriptedDeck([[0, 4], [0, 5]]))
    with pytest.raises(ValueError, match="3 seats"):
        StudState("five", S, [50, 50], deck=ScriptedDeck([[0, 4], [1, 5], [2, 6]]))
