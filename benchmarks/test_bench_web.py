"""The web application's speed (issue 34), through a real socket: uvicorn serving the app
in-process on 127.0.0.1, asked with one kept-alive HTTP connection (httpx2, or httpx).

Run: python -m pytest benchmarks/test_bench_web.py --benchmark-only

Targets: a heads-up third-street exact question answered in at most 100 ms round trip
(seven card stud and razz, known hands; stud hi-lo against a door card is reported beside
them), and the calculator page loaded (its HTML, stylesheet and two scripts) in at most
200 ms. Skipped without the [web] extra.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed")
pytest.importorskip("uvicorn", reason="the [web] extra is not installed")
try:  # the test client's HTTP library: httpx2 (the test extra's), or httpx
    import httpx2 as httpx
except ImportError:
    httpx = pytest.importorskip("httpx", reason="neither httpx2 nor httpx is installed")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the test server helper

from web_browser import serving  # noqa: E402

from studeval.web.app import create_app  # noqa: E402

QUESTIONS = {
    "seven": {"players": ["As Ah Kd", "Qc Qd 7s"], "game": "seven"},
    "razz": {"players": ["As 2d 3c", "Kh 7d 8s"], "game": "razz"},
    "stud8_door_card": {"players": ["As 2d 3c", "Kh"], "game": "stud8"},
}
PAGE = ("/", "/static/style.css", "/static/cards.js", "/static/calculator.js")


@pytest.fixture(scope="module")
def http():
    with serving(create_app()) as url, httpx.Client(base_url=url, timeout=30) as client:
        yield client


@pytest.mark.benchmark(group="web: equity round trip")
@pytest.mark.parametrize("name", list(QUESTIONS))
def test_equity_round_trip(benchmark, http, name):
    def ask():
        r = http.post("/api/equity", json=QUESTIONS[name])
        assert r.status_code == 200, r.text
        return r.json()

    data = benchmark(ask)
    assert data["method"] == "exact"


@pytest.mark.benchmark(group="web: equity round trip")
def test_library_alone_seven(benchmark):
    """The same seven card stud question asked of the library in-process: what the round
    trip adds is the difference."""
    from studeval.equity import stud_equity

    q = QUESTIONS["seven"]
    assert benchmark(lambda: stud_equity(q["players"], game=q["game"])).method == "exact"


@pytest.mark.benchmark(group="web: calculator page load")
def test_calculator_page_load(benchmark, http):
    def load():
        for path in PAGE:
            r = http.get(path)
            assert r.status_code == 200
        return len(PAGE)

    assert benchmark(load) == 4
