"""The pages in a real browser (headless Chromium through Selenium): a stud hi-lo situation
entered with the card picker, its halves and scoop read off the page and compared with
stud_equity; a hand replayed and stepped to the river with the arrow keys. Skipped, with
the reason, where no browser or driver is found."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

# the whole module skips, saying why, without the [web] extra
pytest.importorskip("starlette", reason="the [web] extra (starlette) is not installed")
pytest.importorskip("jinja2", reason="the [web] extra (jinja2) is not installed")
pytest.importorskip("multipart", reason="the [web] extra (python-multipart) is not installed")
pytest.importorskip("uvicorn", reason="the [web] extra (uvicorn) is not installed")

from web_browser import find_browser, screenshot, serving, start_driver  # noqa: E402

from studeval.equity import stud_equity  # noqa: E402
from studeval.web.app import create_app  # noqa: E402

BROWSER, DRIVER, WHY_NOT = find_browser()
pytestmark = pytest.mark.skipif(BROWSER is None, reason=f"no browser for the page tests: {WHY_NOT}")

DATA = Path(__file__).resolve().parents[1] / "game" / "data"
STUD8_HAND = DATA / "wsop2023-e43-day5-020920-stud8.phh"
WAIT = 30


@pytest.fixture(scope="module")
def site():
    with serving(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def web():
    assert BROWSER is not None and DRIVER is not None
    try:
        driver = start_driver(BROWSER, DRIVER)
    except Exception as exc:  # a browser or driver that is there but cannot start here
        pytest.skip(f"Chromium ({BROWSER}, {DRIVER}) did not start: {str(exc).strip()[:300]}")
    try:
        yield driver
    finally:
        driver.quit()


def _wait(web, condition, timeout=WAIT):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(web, timeout).until(condition)


def _answered(web, before):
    return _wait(web, lambda d: int(d.find_element("tag name", "body").get_attribute("data-answered") or 0) > before)


def test_calculator_stud_hilo_by_the_card_picker(site, web):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    web.get(site + "/")
    Select(web.find_element(By.ID, "game")).select_by_value("stud8")

    def pick(field, *cards):
        web.find_element(By.ID, field).click()
        for card in cards:
            button = web.find_element(By.CSS_SELECTOR, f'.pick[data-card="{card}"]')
            button.click()
            assert not button.is_enabled()  # a card used is greyed out

    pick("p1-down", "As", "2d")
    pick("p1-up", "3c", "4h")
    pick("p2-up", "Kh", "Kd")
    pick("dead", "5c")
    assert web.find_element(By.ID, "p1-down").get_attribute("value") == "As 2d"
    assert web.find_element(By.ID, "dead").get_attribute("value") == "5c"
    web.find_element(By.ID, "compute").click()
    _answered(web, 0)
    assert web.find_element(By.ID, "message").text == ""

    expected = stud_equity(["As 2d 3c 4h", "Kh Kd"], game="stud8", dead="5c")
    for k in range(2):
        for name in ("equity", "scoop", "high", "low"):
            cell = web.find_element(By.CSS_SELECTOR, f'td[data-player="{k}"][data-field="{name}"]')
            assert float(cell.get_attribute("data-value")) == getattr(expected, name)[k]
            assert cell.text == f"{100 * getattr(expected, name)[k]:.2f}%"
    assert float(web.find_element(By.ID, "no-low").get_attribute("data-value")) == expected.no_low
    assert web.find_element(By.ID, "method-line").get_attribute("data-method") == "exact"
    assert "Plan:" in web.find_element(By.ID, "plan").text

    # the question is in the URL: the link gives the same answer
    url = web.current_url
    assert "game=stud8" in url and "p=As+2d%2F3c+4h" in url
    # the chart, third and fourth street, drawn once both are counted
    _wait(web, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#equity-chart circle")) == 4)
    screenshot(web, "web-calculator")
    web.get(url)
    _answered(web, 0)
    cell = web.find_element(By.CSS_SELECTOR, 'td[data-player="0"][data-field="scoop"]')
    assert float(cell.get_attribute("data-value")) == expected.scoop[0]


def test_calculator_bad_card_is_a_message(site, web):
    from selenium.webdriver.common.by import By

    web.get(site + "/?game=seven&p=As+Xx/&p=/Kd")
    _answered(web, 0)
    text = web.find_element(By.ID, "message").text
    assert "Xx" in text
    assert web.find_element(By.ID, "answer").get_attribute("hidden") is not None


def test_replayer_steps_to_the_river_with_the_arrow_keys(site, web):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    web.get(site + "/replayer")
    web.find_element(By.ID, "file").send_keys(str(STUD8_HAND))
    _wait(web, lambda d: (d.find_element(By.TAG_NAME, "body").get_attribute("data-loaded") or "0") == "1")
    assert web.find_element(By.ID, "message").text == ""
    counter = web.find_element(By.ID, "counter")
    assert counter.get_attribute("data-street") == "third street"
    # the bring-in (seat 3) acts first, the door cards are up
    assert "acting" in web.find_element(By.CSS_SELECTOR, '.seat[data-seat="2"]').get_attribute("class")
    assert web.find_element(By.CSS_SELECTOR, '.seat[data-seat="0"] .cards-line').get_attribute("data-up") == "As"
    body = web.find_element(By.TAG_NAME, "body")
    for _ in range(60):
        if counter.get_attribute("data-street") == "seventh street":
            break
        body.send_keys(Keys.ARROW_RIGHT)
    assert counter.get_attribute("data-street") == "seventh street"
    assert web.find_element(By.ID, "step-text").text == "seventh street dealt"
    assert web.find_element(By.ID, "pot").text.startswith("seventh street")
    # each player still in has the street's equity from the analysis
    values = [
        float(e.get_attribute("data-value")) for e in web.find_elements(By.CSS_SELECTOR, ".seat .equity[data-value]")
    ]
    assert len(values) == 2 and abs(sum(values) - 1) < 1e-9
    body.send_keys(Keys.ARROW_LEFT)
    assert counter.get_attribute("data-street") == "sixth street"
    body.send_keys(Keys.END)
    assert "wins" in web.find_element(By.ID, "step-text").text
    body.send_keys(Keys.HOME)
    body.send_keys(Keys.ARROW_RIGHT)
    screenshot(web, "web-replayer")


def test_replayer_refuses_a_file_that_is_no_history(site, web, tmp_path):
    from selenium.webdriver.common.by import By

    junk = tmp_path / "notes.txt"
    junk.write_text("hello\n")
    web.get(site + "/replayer")
    web.find_element(By.ID, "file").send_keys(str(junk))
    _wait(web, lambda d: (d.find_element(By.TAG_NAME, "body").get_attribute("data-loaded") or "0") == "1")
    assert "no hand found" in web.find_element(By.ID, "message").text


def test_import_a_file_and_see_it_in_the_results(web, tmp_path):
    from selenium.webdriver.common.by import By

    stars = Path(__file__).resolve().parents[1] / "histories" / "data" / "pokerstars.txt"
    with serving(create_app(str(tmp_path / "hands.db"))) as url:
        web.get(url + "/import")
        web.find_element(By.ID, "files").send_keys(str(stars))
        _wait(web, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-imported") == "1")
        row = web.find_element(By.CSS_SELECTOR, 'tr[data-file="pokerstars.txt"]')
        assert row.find_element(By.CSS_SELECTOR, "td.added").text == "3"
        assert "unreadable line" in web.find_element(By.ID, "reasons").text
        screenshot(web, "web-import")

        web.get(url + "/results?player=Ann")
        _wait(web, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-shown") == "1")
        assert web.find_element(By.ID, "message").text == ""
        hands = web.find_element(By.CSS_SELECTOR, '#stats tbody td[data-field="hands"]')
        assert hands.text == "3"
        links = web.find_elements(By.CSS_SELECTOR, "#biggest a")
        assert len(links) == 3
        # Ann's result in each, in big bets as the pot is (one decimal), not in the site's cents
        nets = [
            row.find_elements(By.TAG_NAME, "td")[-1].text
            for row in web.find_elements(By.CSS_SELECTOR, "#biggest tbody tr")
        ]
        assert len(nets) == 3 and all(re.fullmatch(r"-?\d+\.\d", net) for net in nets), nets
        # analysed from the page: the luck lines appear
        web.find_element(By.ID, "analyse").click()
        _wait(web, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-shown") == "2", timeout=60)
        assert web.find_elements(By.CSS_SELECTOR, "#luck-chart polyline")
        screenshot(web, "web-results")
        # a hand of the list opens in the replayer
        web.find_element(By.CSS_SELECTOR, "#biggest a").click()
        _wait(web, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-loaded") == "1")
        assert web.find_element(By.ID, "counter").get_attribute("data-street") == "third street"
        # and the replayer lists the database's hands to pick from
        from selenium.webdriver.support.ui import Select

        _wait(web, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#db-hands option")) == 4)
        Select(web.find_element(By.ID, "db-hands")).select_by_index(3)
        _wait(web, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-loaded") == "2")
        assert web.find_element(By.ID, "message").text == ""


def test_calculator_marks_a_player_drawing_dead_and_charts_holdem_by_board(site, web):
    from selenium.webdriver.common.by import By

    web.get(site + "/?game=razz&p=As+2d/3c+4h+5s+Kd&p=/6c+7d+8s+9h")
    _answered(web, 0)
    rows = web.find_elements(By.CSS_SELECTOR, "#results-body tr")
    assert "drawing-dead" in rows[1].get_attribute("class") and "drawing dead" in rows[1].text
    assert "drawing-dead" not in rows[0].get_attribute("class")

    web.get(site + "/?game=holdem&p=Ah+As/&p=Kd+Kc/&board=2c+7d+9h")
    _answered(web, 0)
    assert web.find_element(By.ID, "board-row").is_displayed()
    assert not web.find_element(By.ID, "p1-up").is_displayed()
    equity = web.find_element(By.CSS_SELECTOR, 'td[data-player="0"][data-field="equity"]')
    assert float(equity.get_attribute("data-value")) > 0.9
    # preflop and the flop
    _wait(web, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#equity-chart circle")) == 4)
