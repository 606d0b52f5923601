"""The table rules read every game fact from the registry (studeval.games, issue 19 item 1):
a game is taken by any of its names, one message refuses an unknown one, and the streets and
PHH codes are the entries'. (No game named in the code: tests/test_games.py.)"""

from __future__ import annotations

import pytest

import studeval.game
from studeval.game import VARIANTS, Structure, StudState, replay, simulate, stacked_deck, to_phh
from studeval.games import GAMES, STUD_GAMES, get_game

S = Structure(1, 2, 5, 10)


@pytest.mark.parametrize("name", STUD_GAMES)
def test_a_game_is_taken_by_any_name_and_stored_by_its_name(name):
    entry = get_game(name)
    for spelling in (name, name.upper(), *entry.aliases, entry):
        st = StudState(spelling, S, [100, 100], seed=1)
        assert st.game == name
        assert st.view(0).game == name
        assert to_phh(st).variant == entry.phh


@pytest.mark.parametrize("game", ["omaha", "holdem", "", "stud 8"])
def test_an_unknown_game_gets_the_registry_message(game):
    with pytest.raises(ValueError) as expected:
        get_game(game, stud=True)
    for call in (
        lambda: StudState(game, S, [100, 100]),
        lambda: stacked_deck(game, []),
        lambda: studeval.game.settle_pots([1, 1], ["As Ad Kc Kd 2h", "2c 3d 4h 5s 7c"], game=game),
        lambda: next(simulate(game, 2, 1, seed=1)),
    ):
        with pytest.raises(ValueError) as got:
            call()
        assert str(got.value) == str(expected.value)
    with pytest.raises(TypeError, match="a game is a name"):
        StudState(7, S, [100, 100])


def test_the_phh_codes_and_streets_are_the_registry_entries():
    assert {name: GAMES[name].phh for name in STUD_GAMES} == VARIANTS
    assert len(set(VARIANTS.values())) == len(VARIANTS)
    for name in STUD_GAMES:
        entry = GAMES[name]
        st = StudState(name, S, [1000, 1000], seed=3)
        seen = [st.street_name]
        while st.actor >= 0:
            st.apply(st.legal_actions()[1 if st.legal_actions()[0].kind == "fold" else 0])  # check or call down
            if not st.finished and st.street_name != seen[-1]:
                seen.append(st.street_name)
        assert seen == [street.name for street in entry.streets]
        assert [len(d.cards) for d in st.log if type(d).__name__ == "Deal"][:2] == [len(entry.streets[0].up)] * 2
        assert replay(to_phh(st, full=True)).stacks == st.stacks
