"""The application served by uvicorn (no browser): work is stopped when its client goes away."""

from __future__ import annotations

import json
import socket
import time

from web_browser import serving

from studeval.web.app import create_app


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
