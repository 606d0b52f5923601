"""The application served by uvicorn (no browser): work is stopped when its client goes away."""

from __future__ import annotations

import json
import socket
import time

import pytest

# the whole module skips, saying why, without the [web] extra
pytest.importorskip("starlette", reason="the [web] extra (starlette) is not installed")
pytest.importorskip("jinja2", reason="the [web] extra (jinja2) is not installed")
pytest.importorskip("multipart", reason="the [web] extra (python-multipart) is not installed")
pytest.importorskip("uvicorn", reason="the [web] extra (uvicorn) is not installed")

from web_browser import serving  # noqa: E402

from studeval.web.app import create_app  # noqa: E402


def test_the_work_stops_when_the_client_goes_away():
    app = create_app(time_limit=30, estimate_limit=1000)
    runner = app.state.settings.runner
    question = {
        "players": ["As Ah", "Kd", "Qc", "Jh", "Th", "9h", "8h", "7h"],
        "method": "monte-carlo",
        "samples": 10_000_000,
    }
    body = json.dumps(question).encode()
    with serving(app) as url:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(
                b"POST /api/equity HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            deadline = time.monotonic() + 5
            while runner.running == 0 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert runner.running == 1  # the question is being answered
        gone = time.monotonic()  # the connection is closed: the work stops at its next report
        while runner.running and time.monotonic() - gone < 5:
            time.sleep(0.01)
        assert runner.running == 0
        assert time.monotonic() - gone < 1  # the whole question takes some 3.5 s; the limit is 30 s


def test_serve_says_when_it_listens_beyond_this_machine(monkeypatch, capsys):
    import uvicorn

    from studeval.cli import main

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    assert main(["serve", "--port", "8123"]) == 0
    assert calls[-1] == {"host": "127.0.0.1", "port": 8123, "log_level": "warning"}
    assert "not only this machine" not in capsys.readouterr().err
    assert main(["serve", "--host", "0.0.0.0"]) == 0
    err = capsys.readouterr().err
    assert "listening on 0.0.0.0, not only this machine" in err and calls[-1]["port"] == 8000


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch, capsys):
    import sys

    from studeval.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn raises ImportError
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert 'pip install "studeval[web]"' in err and len(err.splitlines()) == 1
