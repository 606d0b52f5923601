"""The package surface: every public name resolves, heavy parts load lazily, typing ships."""

import subprocess
import sys
from importlib import resources

import studeval


def test_every_public_name_resolves() -> None:
    for name in studeval.__all__:
        assert getattr(studeval, name) is not None, name
    assert set(studeval.__all__) <= set(dir(studeval))


def test_unknown_attribute_is_an_attribute_error() -> None:
    try:
        studeval.no_such_thing  # noqa: B018
    except AttributeError as exc:
        assert "no_such_thing" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("expected AttributeError")


def test_equity_game_and_casino_load_on_first_use() -> None:
    code = (
        "import sys, studeval\n"
        "heavy = ['studeval.equity', 'studeval.game', 'studeval.caribbean']\n"
        "assert not any(m in sys.modules for m in heavy), [m for m in heavy if m in sys.modules]\n"
        "studeval.stud_equity; studeval.game; studeval.caribbean\n"
        "assert all(m in sys.modules for m in heavy)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_typing_files_ship() -> None:
    files = {p.name for p in resources.files("studeval").iterdir()}
    assert {"py.typed", "_core.pyi", "_core.pxd", "_eval.h", "_tables.h"} <= files
