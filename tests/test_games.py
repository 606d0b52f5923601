"""The game registry: one description per game, one way to name it, and nothing else naming games."""

from __future__ import annotations

import ast
import importlib.util
import re
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


#: Kind names that are also plain words of the package (the high and low halves of a result,
#: where a kind ranks the ace: ``aces == "low"``): named as facts only where the other side of
#: a comparison, or the table subscripted, holds kinds (``kind``, ``pot``, ``acts_first``).
_WORDS = {"high", "low"}
_HOLDS_KINDS = re.compile(r"kind|pot\b|acts_first", re.IGNORECASE)


def _named(items: list[ast.expr], names: set[str]) -> list[ast.Constant]:
    return [c for c in items if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value in names]


def _strings_naming(
    text: str, names: set[str], words: frozenset[str] = frozenset(), skip: str = ""
) -> list[tuple[int, str]]:
    """Names used as facts in code: compared (``game == "razz"``, ``game in ("seven",
    "five")``, ``kind == "low27"``), keying a table (``{"razz": ...}``, ``TABLE["stud8"]``):
    what belongs in a registry. (Docstrings, messages and argument defaults such as
    ``game="seven"`` may name a game or a kind; so may a word that is also a rank, as "five"
    and "seven" are.) A name of ``words`` counts only beside something that holds such names
    (:data:`_HOLDS_KINDS`), or among the keys of a table keyed by nothing else. ``skip`` is an
    assignment left out (the oracle's own table of evaluators)."""
    tree = ast.parse(text)
    skipped = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        and skip in {getattr(t, "id", None) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])}
        for n in ast.walk(node)
    }
    plain = names - words
    found: list[ast.Constant] = []

    def items(place: ast.expr) -> list[ast.expr]:
        return list(place.elts) if isinstance(place, (ast.Tuple, ast.List, ast.Set)) else [place]

    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        listed = isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) >= 2
        if listed and len(_named(node.elts, names)) == len(node.elts):  # kinds listed as data: a table
            found += _named(node.elts, names)
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for place in operands:
                found += _named(items(place), plain)
                # (where a kind ranks the ace, ``kind.aces``, is a plain word: "high" or "low")
                others = [ast.unparse(o) for o in operands if o is not place]
                if any(_HOLDS_KINDS.search(o) and not o.endswith("aces") for o in others):
                    found += _named(items(place), names & words)
        elif isinstance(node, ast.Dict):
            keys = [i for k in node.keys if k is not None for i in items(k)]
            found += _named(keys, plain)
            if len(keys) >= 2 and len(_named(keys, names)) == len(keys):  # a table by kind
                found += _named(keys, names & words)
        elif isinstance(node, ast.Subscript):
            found += _named(items(node.slice), plain)
            if _HOLDS_KINDS.search(ast.unparse(node.value)):
                found += _named(items(node.slice), names & words)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("index", "get"):
            found += _named(node.args[:1], plain)  # a lookup by name, as a subscript is
            if _HOLDS_KINDS.search(ast.unparse(node.func.value)):
                found += _named(node.args[:1], names & words)
    return sorted({(c.lineno, c.value) for c in found})


def _strings_naming_games(path: Path) -> list[tuple[int, str]]:
    return _strings_naming(path.read_text(encoding="utf-8"), set(GAMES))


def test_games_are_named_in_code_only_by_the_registry() -> None:
    """``grep`` finds each game's facts in one module: no other module compares a game's name
    or keys a table by it."""
    found = {
        str(path.relative_to(SRC)): hits
        for path in sorted(SRC.rglob("*.py"))
        if path.name != "games.py" and (hits := _strings_naming_games(path))
    }
    assert found == {}


# Cython is not Python: in a .pyx file the check reads the code as text, its docstrings and
# comments left out. A name in quotes is a fact where it is compared (``kind == "low27"``,
# ``"low" in pot``, ``in ("high", ...)``), keys a table (``{"low27": ...}``, ``("high",):``)
# or is subscripted (``KEYS["high"]``); an argument's default (``kind="high"``) is not.
_PYX_DOCS = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|#[^\n]*')


def _pyx_strings_naming(text: str, names: set[str]) -> list[tuple[int, str]]:
    code = _PYX_DOCS.sub(lambda m: "\n" * m.group().count("\n"), text)
    found = set()
    for name in names:
        q = f"[\"']{re.escape(name)}[\"']"
        compared = rf"(?:[=!]=|\bin\b|\bis\b)[\s\w\"',\(\[\{{]*?{q}|{q}\s*(?:[=!]=|\bin\b|\bnot\s+in\b|\bis\b)"
        keyed = rf"(?<![=\w]){q}[\s,\)]*:(?!=)|\[\s*{q}\s*\]|\.(?:index|get)\(\s*{q}"
        for m in re.finditer(f"{compared}|{keyed}", code):
            found.add((code.count("\n", 0, m.start()) + 1, name))
    # kinds listed as data, a table by another name: a tuple of nothing but kinds' names
    for m in re.finditer(r"[\(\[]((?:\s*[\"'][\w-]+[\"']\s*,)+\s*(?:[\"'][\w-]+[\"'])?\s*)[\)\]]", code):
        listed = re.findall(r"[\"']([\w-]+)[\"']", m.group(1))
        if len(listed) >= 2 and set(listed) <= names:
            found |= {(code.count("\n", 0, m.start()) + 1, name) for name in listed}
    return sorted(found)


#: The registries, which name what they register.
_REGISTRIES = {"games.py", "kinds.py"}


def test_kinds_are_named_in_code_only_by_the_registry() -> None:
    """Each hand kind's facts are in one entry of studeval.kinds: no other module, Python or
    Cython, compares a kind's name or keys a table by it (the compiled modules take a kind's
    code from studeval._core). The slow oracle's table of evaluators (``_reference.EVALUATORS``)
    keys its own, independent evaluators by name, on purpose."""
    found = {}
    for path in sorted([*SRC.rglob("*.py"), *SRC.rglob("*.pyx")]):
        if path.name in _REGISTRIES:
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".pyx":
            hits = _pyx_strings_naming(text, set(KINDS))
        else:
            hits = _strings_naming(text, set(KINDS), frozenset(_WORDS), skip="EVALUATORS")
        if hits:
            found[str(path.relative_to(SRC))] = hits
    assert found == {}


@pytest.mark.parametrize(
    "line",
    [
        'if kind == "low27": pass',
        'x = "low" in game.pot',
        'x = deal.game.pot == ("high",)',
        'TABLE = {"high": 1, "low": 2}',
        'TABLE = {"low8": 1}',
        'x = KIND_VALUE["high"]',
        'x = {("high", "low8"): 4}',
        'KINDS = ("high", "low", "low8")',
        'code = _KINDS.index("high")',
    ],
)
def test_the_check_finds_a_kind_named_in_code(line: str) -> None:
    assert _strings_naming(line, set(KINDS), frozenset(_WORDS)), line
    assert _pyx_strings_naming(f"cdef int f(str kind):\n    {line}\n", set(KINDS)), line


@pytest.mark.parametrize(
    "line",
    [
        'x = rules.aces == "low"',
        'x = kind.aces == "high"',
        'row = {"equity": 0.5, "high": 0.25, "low": 0.25}',
        'x = figure["high"]',
        'def f(kind="high"): pass',
        'COLUMNS = ("share", "high", "low")',
        'raise ValueError("kind must be low or high, got low27")',
    ],
)
def test_the_check_lets_plain_words_be(line: str) -> None:
    assert not _strings_naming(line, set(KINDS), frozenset(_WORDS)), line


def test_the_pyx_check_reads_code_not_docs() -> None:
    text = 'def f(kind="high"):\n    """{"low27": 1} and kind == "low"."""\n    # kind == "low8"\n    return kind\n'
    assert _pyx_strings_naming(text, set(KINDS)) == []
    assert _pyx_strings_naming(text + '\nif x in ("high", "low"):\n    pass\n', set(KINDS)) == [(6, "high"), (6, "low")]
