"""The JSON API through Starlette's test client: answers equal to the library's, and the
error cases and limits (a malformed card, 9 players, a body or file too large, a question
over the time limit refused by its plan, and one cut off while it runs)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

# the whole module skips, saying why, without the [web] extra
pytest.importorskip("starlette", reason="the [web] extra (starlette) is not installed")
pytest.importorskip("jinja2", reason="the [web] extra (jinja2) is not installed")
pytest.importorskip("multipart", reason="the [web] extra (python-multipart) is not installed")

from starlette.testclient import TestClient  # noqa: E402

from studeval.equity import stud_equity  # noqa: E402
from studeval.web.app import create_app  # noqa: E402
from studeval.web.limits import MAX_BODY_BYTES, MAX_UPLOAD_BYTES  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "game" / "data"
STUD8_HAND = DATA / "wsop2023-e43-day5-020920-stud8.phh"
STARS = Path(__file__).resolve().parents[1] / "histories" / "data" / "pokerstars.txt"


@pytest.fixture(scope="module")
def api():
    with TestClient(create_app()) as c:
        yield c


def test_stud8_answer_is_every_figure_of_stud_equity(api):
    r = api.post("/api/equity", json={"players": ["As 2d 3c", "Kh 7d 8s"], "game": "stud8", "method": "auto"})
    assert r.status_code == 200, r.text
    data = r.json()
    expected = stud_equity(["As 2d 3c", "Kh 7d 8s"], game="stud8")
    assert data["method"] == expected.method == "exact"
    assert data["deals"] == expected.deals
    assert data["no_low"] == expected.no_low
    assert data["hilo"] is True
    for k, row in enumerate(data["players"]):
        for name in ("equity", "scoop", "high", "low", "stderr"):
            assert row[name] == getattr(expected, name)[k]  # full precision: the same float
        assert row["drawing_dead"] is False
    assert data["plan"] == expected.plan
    assert data["estimate"]["method"] == "exact" and data["estimate"]["kernel"]


def test_ranges_dead_cards_and_holdem(api):
    r = api.post("/api/equity", json={"players": ["As Ah Kd 2c 3c", "[KK, QQ+] Kc 7d 8h"], "dead": "9s"})
    assert r.status_code == 200, r.text
    expected = stud_equity(["As Ah Kd 2c 3c", "[KK, QQ+] Kc 7d 8h"], dead="9s")
    assert [p["equity"] for p in r.json()["players"]] == list(expected.equity)
    r = api.post("/api/equity", json={"players": ["Ah As", "Kd Kc"], "game": "holdem", "board": "2c 7d 9h"})
    assert r.status_code == 200, r.text
    assert r.json()["players"][0]["win"] > 0.9


def test_drawing_dead_is_marked(api):
    # razz, seventh street: a made wheel against a hand that cannot make better than a 6-low
    r = api.post(
        "/api/equity",
        json={"players": ["As 2d 3c 4h 5s Kd Kh", "6c 7d 8s 9h Tc"], "game": "razz"},
    )
    assert r.status_code == 200, r.text
    rows = r.json()["players"]
    assert rows[1]["drawing_dead"] is True and rows[0]["drawing_dead"] is False


def test_malformed_card_is_a_4xx_naming_it(api):
    r = api.post("/api/equity", json={"players": ["As Xx 3c", "Kh 7d 8s"], "game": "stud8"})
    assert r.status_code == 422
    assert "Xx" in r.json()["error"]
    assert r.json()["field"] == "players"
    r = api.post("/api/equity", json={"players": ["As 2d", "Kh"], "dead": "2d"})
    assert r.status_code == 422 and "2d" in r.json()["error"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"players": ["As"] * 9}, "players", "9 players, the most is 8"),
        ({"players": ["As"]}, "players", "the fewest is 2"),
        ({"players": "As Kd"}, "players", "a list"),
        ({"players": ["As", "Kd"], "game": "chess"}, "game", "unknown game 'chess'"),
        ({"players": ["As", "Kd"], "method": "guess"}, "method", "unknown method 'guess'"),
        ({"players": ["As", "Kd"], "samples": 10**12}, "samples", "10,000,000"),
        ({"players": ["As", "Kd"], "samples": "many"}, "samples", "'many'"),
        ({"players": ["As", "Kd"], "board": "2c 3c 4c"}, "board", "hold'em only"),
        ({"players": ["As", "Kd"], "colour": "red"}, "colour", "not a field"),
        ({"players": ["As" * 600, "Kd"]}, "players[1]", "1,200 characters"),
    ],
)
def test_bad_questions_are_422_naming_the_value(api, body, field, words):
    r = api.post("/api/equity", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field
    assert words in r.json()["error"]


def test_not_json_and_too_large(api):
    r = api.post("/api/equity", content=b"{players", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = api.post("/api/equity", content=b"x" * (MAX_BODY_BYTES + 1))
    assert r.status_code == 413 and r.json()["limit"] == MAX_BODY_BYTES


def test_a_question_over_the_limit_is_refused_by_its_plan(api):
    # four hold'em hands before the flop, two of them one card: every deal, some 18 s by the plan
    r = api.post("/api/equity", json={"players": ["As Ah", "Kd Kc", "Qh", "Jh"], "game": "holdem", "method": "exact"})
    assert r.status_code == 422, r.text
    assert "limit of 10 s" in r.json()["error"] and r.json()["limit"] == 10
    assert "monte-carlo" in r.json()["error"]
    # beyond the library's own bound on exact work: its message, naming the method
    r = api.post("/api/equity", json={"players": ["As Ah Kd", "Qc", "7s", "9h"], "method": "exact"})
    assert r.status_code == 422 and r.json()["field"] == "method" and "monte-carlo" in r.json()["error"]


def test_a_slow_question_is_cut_off_at_its_limit():
    app = create_app(time_limit=0.3, estimate_limit=1000)
    with TestClient(app) as c:
        start = time.perf_counter()
        r = c.post(
            "/api/equity",
            json={"players": ["As Ah", "Kd", "Qc", "Jh", "Th"], "method": "monte-carlo", "samples": 10_000_000},
        )
        elapsed = time.perf_counter() - start
        assert r.status_code == 503, r.text
        assert r.json()["limit"] == 0.3 and "0.3 s" in r.json()["error"]
        assert elapsed < 2
        # the work itself stops (its progress callback raised), not only the answer
        runner = app.state.settings.runner
        for _ in range(100):
            if runner.running == 0:
                break
            time.sleep(0.02)
        assert runner.running == 0


def test_unknown_api_path_is_json(api):
    r = api.get("/api/nothing")
    assert r.status_code == 404 and "error" in r.json()


def test_replay_a_phh_hand_with_its_equities(api):
    r = api.post("/api/replay", json={"text": STUD8_HAND.read_text(), "name": "hand.phh"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert len(data["hands"]) == 1
    hand = data["replay"]
    assert hand["game"] == "stud8" and len(hand["players"]) == 5
    steps = hand["steps"]
    assert steps[0]["text"] == "third street dealt"
    assert steps[0]["to_act"] == hand["bring_in"] == 2
    assert [s["street_name"] for s in steps if s["text"].endswith("dealt")][-1] == "seventh street"
    assert sum(steps[-1]["payouts"]) == 4825000
    assert hand["analysis"]["streets"][0]["equity"][0] is not None


def test_replay_a_site_file_uploaded(api):
    files = {"file": ("stars.txt", STARS.read_bytes(), "text/plain")}
    r = api.post("/api/replay", files=files, data={"hand": "1", "analyse": "false"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert len(data["hands"]) >= 2
    assert data["replay"]["steps"][0]["seats"]


def test_replay_errors(api):
    r = api.post("/api/replay", json={"text": "hello"})
    assert r.status_code == 422 and "no hand found" in r.json()["error"]
    r = api.post("/api/replay", json={"text": STUD8_HAND.read_text(), "hand": 3})
    assert r.status_code == 422 and r.json()["field"] == "hand"
    r = api.post("/api/replay", json={"path": "/etc/passwd"})
    assert r.status_code == 400
    big = {"file": ("big.txt", b"x" * (MAX_UPLOAD_BYTES + 1), "text/plain")}
    r = api.post("/api/replay", files=big)
    assert r.status_code == 413, r.text
    assert r.json()["limit"] >= MAX_UPLOAD_BYTES


def test_pages_load(api):
    for path in ("/", "/replayer", "/results", "/import", "/static/cards.js"):
        assert api.get(path).status_code == 200, path
    assert api.get("/static/../app.py").status_code == 404


# ---------------------------------------------------------------- the hand database


@pytest.fixture
def db_client(tmp_path):
    with TestClient(create_app(str(tmp_path / "hands.db"))) as c:
        yield c


def test_without_a_database_the_db_endpoints_say_so(api):
    for r in (api.get("/api/results"), api.post("/api/import"), api.get("/api/hands/1/replay")):
        assert r.status_code == 409 and "--db" in r.json()["error"]
    assert "studeval serve --db" in api.get("/results").text


def test_import_then_results_then_replay_a_stored_hand(db_client):
    files = [("files", ("stars.txt", STARS.read_bytes(), "text/plain"))]
    r = db_client.post("/api/import", files=files)
    assert r.status_code == 200, r.text
    (report,) = r.json()["files"]
    assert report["file"] == "stars.txt" and report["added"] == 3 and report["refused"] == 1
    assert report["reasons"][0]["reason"]
    again = db_client.post("/api/import", files=files).json()["files"][0]
    assert again["added"] == 0 and again["already"] == 3

    r = db_client.get("/api/results", params={"player": "Ann"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["hands_in_db"] == 3 and data["analysed"] == 0
    assert data["stats"][0]["player"] == "Ann" and data["stats"][0]["hands"] == 3
    assert {s["name"] for s in data["statistics"]} >= {"vpip", "bb_per_100"}
    biggest = data["biggest"]
    assert biggest and all("id" in h for h in biggest)

    r = db_client.post("/api/analyse")
    assert r.status_code == 200 and r.json() == {"done": 3, "left": 0}
    luck = db_client.get("/api/results", params={"player": "Ann"}).json()["luck"]
    assert len(luck["hands"]) == 3

    listed = db_client.get("/api/hands", params={"game": "razz"}).json()["hands"]
    assert [h["game"] for h in listed] == ["razz"]
    assert db_client.get("/api/hands", params={"until": "02/10/2024"}).status_code == 422

    r = db_client.get(f"/api/hands/{biggest[0]['id']}/replay")
    assert r.status_code == 200, r.text
    assert r.json()["replay"]["steps"][-1]["payouts"]
    assert db_client.get("/api/hands/999/replay").status_code == 404
    assert db_client.get("/api/hands/x1/replay").status_code == 422


@pytest.mark.parametrize(
    ("params", "field"),
    [({"game": "chess"}, "game"), ({"since": "yesterday"}, "since"), ({"by": "colour"}, "by")],
)
def test_results_filters_are_checked(db_client, params, field):
    r = db_client.get("/api/results", params=params)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field


def test_import_limits(db_client, monkeypatch):
    big = [("files", ("big.txt", b"x" * (MAX_UPLOAD_BYTES + 1), "text/plain"))]
    r = db_client.post("/api/import", files=big)
    assert r.status_code == 413 and "big.txt" in r.json()["error"]
    too_many = [("files", (f"f{k}.txt", b"x", "text/plain")) for k in range(21)]
    assert db_client.post("/api/import", files=too_many).status_code == 400
    from studeval.web import hands

    monkeypatch.setattr(hands, "MAX_UPLOAD_HANDS", 2)
    r = db_client.post("/api/import", files=[("files", ("stars.txt", STARS.read_bytes(), "text/plain"))])
    (report,) = r.json()["files"]
    assert report["added"] == 0 and "more than the limit of 2" in report["error"]


def test_a_request_from_another_site_is_refused(api):
    question = {"players": ["As Ah Kd", "Qc Qd 7s"]}
    r = api.post("/api/equity", json=question, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["field"] == "origin"
    r = api.post("/api/equity", json=question, headers={"origin": "http://testserver"})
    assert r.status_code == 200


def test_only_local_names_when_listening_locally():
    from studeval.web.app import LOCAL_NAMES

    with TestClient(create_app(allowed_hosts=LOCAL_NAMES), base_url="http://127.0.0.1:8000") as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"host": "rebound.example"}).status_code == 400


def test_the_openapi_document_lists_every_api_route(api):
    doc = api.get("/api/openapi.json").json()
    assert doc["openapi"] == "3.1.0"
    routes = {
        (route.path, method.lower())
        for route in create_app().routes
        if getattr(route, "path", "").startswith("/api/") and route.path != "/api/openapi.json"
        for method in route.methods - {"HEAD"}
    }
    documented = {(path, method) for path, item in doc["paths"].items() for method in item}
    assert documented == routes
