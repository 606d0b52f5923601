"""The browser tests' plumbing: the application served in-process by uvicorn on a free port
of 127.0.0.1 (in a thread, stopped at the end), and headless Chromium through Selenium, or
the reason there is none (the tests then skip, saying why).

Screenshots of the pages go to docs/_static/ only when ``STUDEVAL_SCREENSHOTS`` is set, so
that a normal run leaves the tree as it was.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DOCS_STATIC = Path(__file__).resolve().parents[1] / "docs" / "_static"
#: Debian's names of the browser and its driver (apt-get install chromium chromium-driver).
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
DRIVERS = ("chromedriver",)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` served on 127.0.0.1 in a thread; yields its base URL; stopped at the end."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, name="studeval-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def find_browser() -> tuple[str | None, str | None, str]:
    """(browser, driver, why not): the paths found, or the reason there is none."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return None, None, "selenium is not installed (pip install selenium)"
    browser = next((p for p in map(shutil.which, BROWSERS) if p), None)
    driver = next((p for p in map(shutil.which, DRIVERS) if p), None)
    if browser is None:
        return None, None, "no Chromium found (apt-get install chromium chromium-driver)"
    if driver is None:
        return None, None, "no chromedriver found (apt-get install chromium-driver)"
    return browser, driver, ""


def start_driver(browser: str, driver: str) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1200,1000",
    ):
        options.add_argument(arg)
    web = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    web.set_page_load_timeout(30)
    web.set_script_timeout(30)
    return web


def screenshot(web: Any, name: str) -> None:
    """The page's picture as docs/_static/<name>.png, when STUDEVAL_SCREENSHOTS is set."""
    if os.environ.get("STUDEVAL_SCREENSHOTS"):
        import base64

        DOCS_STATIC.mkdir(parents=True, exist_ok=True)
        # the whole page, not only the window (Chromium's DevTools)
        shot = web.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        (DOCS_STATIC / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))
