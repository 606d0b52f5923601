"""The table rules read every game fact from the registry (studeval.games, issue 19 item 1):
no game is named in the table code, a game is taken by any of its names, and one message
refuses an unknown one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import studeval.game
from studeval.game import VARIANTS, StudState, Structure, replay, simulate, stacked_deck, to_phh
from studeval.games import GAMES, KINDS, STUD_GAMES, get_game

S = Structure(1, 2, 5, 10)
GAME_DIR = Path(studeval.game.__file__).parent


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module's code: docstrings left out (doctests may name games)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_the_table_code_names_no_game():
    """Every game name and alias of the registry: none is a string in game/'s code (the
    evaluator kinds, such as "high", are not game names there)."""
    names = {alias.casefold() for g in GAMES.values() for alias in (g.name, *g.aliases)} - set(KINDS)
    found = [
        f"{path.name}:{line}: {text!r}"
        for path in sorted(GAME_DIR.glob("*.py"))
        for line, text in _code_strings(path)
        if text.casefold() in names
    ]
    assert found == []


def test_the_check_finds_a_game_name_in_code(tmp_path):
    """The scan above is not blind: a comparison with a game name in code is found, its docstring is not."""
    module = tmp_path / "m.py"
    module.write_text('"""razz"""\n\ndef f(game):\n    """stud8"""\n    return game == "razz"\n')
    assert _code_strings(module) == [(5, "razz")]


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
    assert VARIANTS == {name: GAMES[name].phh for name in STUD_GAMES}
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
