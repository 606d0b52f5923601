"""The game registry: one description per game, one way to name it, and nothing else naming games."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

import studeval
from studeval.games import GAMES, KINDS, STUD_GAMES, Game, get_game

SRC = Path(studeval.__file__).parent
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_spelling_names_its_game(name: str) -> None:
    game = GAMES[name]
    for spelling in (name, game.title, *game.aliases):
        for variant in (spelling, spelling.upper(), f"  {spelling.title()} "):
            assert get_game(variant) is game
    assert get_game(game) is game


def test_no_spelling_names_two_games() -> None:
    seen: dict[str, str] = {}
    for game in GAMES.values():
        for spelling in {game.name, game.title, *game.aliases}:
            assert seen.setdefault(spelling.casefold(), game.name) == game.name, spelling


@pytest.mark.parametrize("bad", ["omaha", "", "seven card", "razz 27x"])
def test_an_unknown_name_is_one_message(bad: str) -> None:
    with pytest.raises(
        ValueError, match=f"unknown game {bad!r}: use one of seven, five, razz, stud8, stud_hilo, razz27"
    ):
        get_game(bad, stud=True)


@pytest.mark.parametrize("bad", [None, 7, b"seven", ["seven"], True])
def test_a_name_that_is_not_text_is_a_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match="a game is a name"):
        get_game(bad)  # type: ignore[arg-type]


def test_holdem_is_refused_where_only_stud_is_played() -> None:
    assert get_game("holdem").board == 5
    for spelling in ("holdem", get_game("holdem")):
        with pytest.raises(ValueError, match="unknown game 'holdem'"):
            get_game(spelling, stud=True)
    assert "holdem" not in STUD_GAMES


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_each_description_is_complete_and_consistent(game: Game) -> None:
    """What the rest of the package relies on: known kinds, a high half first in a hi-lo pot,
    whole hands of 5 or 7 cards (2 + a board in hold'em), at least one hole card, the door card
    up in stud, names for every street."""
    assert set(game.pot) <= set(KINDS) and game.acts_first in KINDS
    assert 1 <= len(game.pot) <= 2 and (not game.hilo or game.pot[0] == "high")
    assert game.low_qualifies == (game.pot[-1] == "low8" and game.hilo)
    assert game.cards + game.board in (5, 7) and game.hole >= 1
    if game.stud:
        assert game.streets[0].up[-1] and game.board == 0  # the door card is the last card of the first deal
        assert all(len(s.up) == 1 for s in game.streets[1:])
    assert len({s.name for s in game.streets}) == len(game.streets)
    assert game.bring_in in ("lowest", "highest") and game.aces in ("high", "low")


def test_phh_codes_and_titles_are_unique() -> None:
    codes = [g.phh for g in GAMES.values() if g.stud]
    assert None not in codes and len(set(codes)) == len(codes)
    assert len({g.title for g in GAMES.values()}) == len(GAMES)


def test_the_docs_table_is_the_registry() -> None:
    """docs/games.md's table is generated from the registry (tools/gen_games_doc.py)."""
    spec = importlib.util.spec_from_file_location("gen_games_doc", ROOT / "tools" / "gen_games_doc.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = tool.PAGE.read_text(encoding="utf-8")
    assert tool.render(page) == page, "run python tools/gen_games_doc.py"
    for game in GAMES.values():
        assert f"| `{game.name}` | {game.title} |" in page


def _strings_naming_games(path: Path) -> list[tuple[int, str]]:
    """Game names used as facts in code: compared (``game == "razz"``, ``game in ("seven",
    "five")``), keying a table (``{"razz": ...}``, ``TABLE["stud8"]``): what belongs in the
    registry. (Docstrings, messages and argument defaults such as ``game="seven"`` may name a
    game; so may a word that is also a rank, as "five" and "seven" are.)"""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set(GAMES)
    places: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            places += [node.left, *node.comparators]
        elif isinstance(node, ast.Dict):
            places += [k for k in node.keys if k is not None]
        elif isinstance(node, ast.Subscript):
            places.append(node.slice)
    found = []
    for place in places:
        items = place.elts if isinstance(place, (ast.Tuple, ast.List, ast.Set)) else [place]
        found += [(c.lineno, c.value) for c in items if isinstance(c, ast.Constant) and c.value in names]
    return sorted(found)


def test_games_are_named_in_code_only_by_the_registry() -> None:
    """``grep`` finds each game's facts in one module: no other module compares a game's name
    or keys a table by it."""
    found = {
        str(path.relative_to(SRC)): hits
        for path in sorted(SRC.rglob("*.py"))
        if path.name != "games.py" and (hits := _strings_naming_games(path))
    }
    assert found == {}
