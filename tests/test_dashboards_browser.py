"""The dashboards in a real browser: `streamlit run` on loopback, every page opened in headless Chromium.

Each page is opened, its text awaited through the DevTools protocol (the first load after
the server starts is blank until the script has run), checked, timed, and saved as a
screenshot under ``<temporary folder>/rasklad-screenshots/<page>.png`` (``RASKLAD_TEST_SCREENSHOTS``
names another folder). The audit's source and replay tabs
are clicked open, a game is pasted into "Check a game", and a file is uploaded on the
Import page and ingested into the (temporary) warehouse.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser import Browser, StreamlitServer, chromium_path
from test_dashboards_apptest import CHINESE, RASPISNOY_WRONG_TOTAL, fixture_warehouse

from pipeline.warehouse import connect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed: run `make browser-deps` as root"),
]

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboards" / "streamlit_app.py"
SHOTS = Path(os.environ.get("RASKLAD_TEST_SCREENSHOTS") or Path(tempfile.gettempdir()) / "rasklad-screenshots")
"""Where the pages' screenshots and timings go, for a person to look at: a temporary folder, as tests
write nowhere else (the project's folder may be read-only)."""
TIMINGS: dict[str, float] = {}


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory) -> Path:
    return fixture_warehouse(tmp_path_factory)


@pytest.fixture(scope="module")
def server(warehouse, tmp_path_factory):
    with StreamlitServer(APP, warehouse, tmp_path_factory.mktemp("log") / "streamlit.log") as running:
        yield running


@pytest.fixture(scope="module")
def browser():
    with Browser() as opened:
        yield opened
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "timings.json").write_text(json.dumps(TIMINGS, indent=2))


def visit(browser: Browser, server: StreamlitServer, name: str, path: str, *expected: str) -> str:
    started = time.perf_counter()
    browser.open(f"{server.url}/{path}")
    text = browser.wait_for_text(*expected, timeout=90)
    browser.wait_until_idle()
    TIMINGS[name] = round(time.perf_counter() - started, 2)
    assert "Traceback" not in text and "Error running app" not in browser.text()
    browser.screenshot(SHOTS / f"{name}.png")
    return browser.text()


def click(browser: Browser, selector: str, label: str, timeout: float = 30) -> None:
    """Click the first enabled element matching ``selector`` whose text is ``label`` (waiting for it)."""
    deadline = time.monotonic() + timeout
    while True:
        found = browser.evaluate(
            f"(() => {{ const el = Array.from(document.querySelectorAll({json.dumps(selector)}))"
            f".find(e => e.innerText.trim() === {json.dumps(label)} && !e.disabled);"
            " if (el) { el.click(); return true; } return false; })()"
        )
        if found:
            return
        assert time.monotonic() < deadline, f"no enabled {selector} labelled {label!r}"
        time.sleep(0.25)


def shows(text: str, label: str, value) -> bool:
    """Whether a metric ``label`` shows ``value`` (innerText puts blank lines between them)."""
    return re.search(rf"{re.escape(label)}\s+{re.escape(str(value))}\b", text) is not None


def test_overview_page(browser, server, warehouse):
    text = visit(browser, server, "overview", "", "Games in the warehouse", "Statistics built")
    with connect(warehouse) as con:
        games = con.execute("select count(*) from stg_games").fetchone()[0]
    assert shows(text, "Games", f"{games:,}")


OPEN_TAB = "document.querySelector('[role=tab][aria-selected=true]').innerText.trim()"
ASKED_TAB = "new URLSearchParams(location.search).get('tab')"


def address_asks_tab(browser: Browser, word: str | None, timeout: float = 30) -> None:
    """Wait until the address names the tab ``word`` (None: no tab), as the page's run after a click writes it."""
    deadline = time.monotonic() + timeout
    while (asked := browser.evaluate(ASKED_TAB)) != word:
        assert time.monotonic() < deadline, f"the address asks for tab {asked!r}, not {word!r}"
        time.sleep(0.2)


def test_player_page(browser, server):
    visit(browser, server, "player", "player?player=Vera", "Player review", "Per game", "Raspisnoy (logs and sheets)")
    assert browser.evaluate(OPEN_TAB) == "Hold'em" and browser.evaluate(ASKED_TAB) is None
    # a link opens the tab it names (a hidden tab's text is not in the page's text)
    visit(browser, server, "player_raspisnoy", "player?player=Vera&tab=raspisnoy", "Points over the rounds",
          "Bid accuracy by cards dealt")
    assert browser.evaluate(OPEN_TAB) == "Raspisnoy"
    tabs = browser.evaluate("Array.from(document.querySelectorAll('[role=tab]')).map(e => e.innerText.trim())")
    for tab, word, expected, shot in (("Chinese / OFC", "chinese", "Royalties by row", "player_chinese"),
                                      ("Six-card", "sixcard", "Return to player", "player_sixcard")):
        if tab in tabs:  # Vera plays them in the samples
            click(browser, "[role=tab]", tab)
            browser.wait_for_text(expected)
            address_asks_tab(browser, word)    # the address follows the tab opened
            browser.wait_until_idle()
            browser.screenshot(SHOTS / f"{shot}.png")
    click(browser, "[role=tab]", "Hold'em")
    address_asks_tab(browser, None)    # the first tab, the default, leaves the address
    text = visit(browser, server, "player_holdem", "player", "Per game", "Net won")
    assert "Without showdown" in text and "All-in EV" in text


def test_leaderboards_page(browser, server):
    text = visit(browser, server, "leaderboards", "leaderboards", "Club leaderboards", "Rank over time")
    assert "Minimum games" in text


def test_audit_page_source_and_replay(browser, server, warehouse):
    text = visit(browser, server, "audit", "audit", "Audit", "Open a game", "RSP-TOTAL")
    assert "Findings" in text
    click(browser, "[role=tab]", "Source")
    with connect(warehouse) as con:
        keeps_texts = "game_texts" in {name for (name,) in con.execute("show tables").fetchall()}
    # the game's lines come from the text the warehouse keeps; a warehouse without texts says so
    browser.wait_for_text("◀" if keeps_texts else "The warehouse keeps no text for this game")
    browser.screenshot(SHOTS / "audit_source.png")
    click(browser, "[role=tab]", "Replay")
    browser.wait_until_idle()
    browser.screenshot(SHOTS / "audit_replay.png")


def test_check_page_audits_pasted_text(browser, server):
    visit(browser, server, "check", "check", "Check a game", "Game text")
    browser.evaluate("document.querySelector('textarea').focus()")
    browser.send("Input.insertText", text=RASPISNOY_WRONG_TOTAL + "\n" + CHINESE)
    browser.evaluate("document.querySelector('textarea').blur()")
    click(browser, "button", "Check")  # enabled once the text has reached the server
    text = browser.wait_for_text("Games read", "RSP-TOTAL", timeout=60)
    browser.wait_until_idle()
    assert shows(text, "Games read", 2) and shows(text, "Findings", 1)
    browser.screenshot(SHOTS / "check_result.png")


def test_import_page_uploads_and_ingests(browser, server, tmp_path):
    visit(browser, server, "import", "import_files", "Import", "Quarantine")
    upload = tmp_path / "late-night.txt"
    upload.write_text(RASPISNOY_WRONG_TOTAL.replace("R-2026-12-05-1", "R-2026-12-06-1")
                      .replace("2026-12-05", "2026-12-06"), encoding="utf-8")
    document = browser.send("DOM.getDocument", depth=-1, pierce=True)
    node = browser.send("DOM.querySelector", nodeId=document["root"]["nodeId"], selector="input[type=file]")
    browser.send("DOM.setFileInputFiles", files=[str(upload)], nodeId=node["nodeId"])
    browser.wait_for_text("late-night.txt", timeout=30)
    browser.wait_until_idle()
    click(browser, "button", "Import")
    text = browser.wait_for_text("This import", "Games stored", timeout=90)
    browser.wait_until_idle()
    assert shows(text, "Games stored", 1) and shows(text, "Quarantined", 0)
    browser.screenshot(SHOTS / "import_result.png")


class _Sentinel:
    """An HTTP server on loopback that records every path the browser asks it for."""

    def __init__(self) -> None:
        import http.server
        import threading

        asked = self.asked = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                asked.append(self.path)
                self.send_response(404)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_hostile_log_text_is_shown_as_text_and_the_browser_fetches_nothing(browser, tmp_path):
    from pipeline.ingest import ingest

    sentinel = _Sentinel()
    try:
        club = f"![club]({sentinel.url}/club.png) *** FLOP ***"
        # a finding (points written wrong) so that the game is listed on the Audit page
        hand = CHINESE.replace("Club: Tverskaya", f"Club: {club}").replace(
            "Points: Anna +4, Boris 0, Vera -4", "Points: Anna +5, Boris -1, Vera -4")
        broken = (f"Chinese poker hand C-666\nClub: Tverskaya\nPlayers: Anna, Boris\n"
                  f"Anna: back [![q]({sentinel.url}/quarantine.png)]\n")
        logs = tmp_path / "logs"
        logs.mkdir()
        (logs / "hostile.txt").write_text(hand + "\n" + broken, encoding="utf-8")
        ingest([logs], tmp_path / "warehouse", jobs=1)
        with connect(tmp_path / "warehouse") as con:
            game_id = con.execute("select game_id from stg_games").fetchone()[0]
        with StreamlitServer(APP, tmp_path / "warehouse", tmp_path / "streamlit.log") as server:
            text = visit(browser, server, "hostile_leaderboards", "leaderboards", "Club leaderboards", "Rank over time")
            assert f"![club]({sentinel.url}/club.png) *** FLOP ***" in text     # the club's name, as written
            text = visit(browser, server, "hostile_audit", f"audit?game={game_id}", "Open a game", "CP-SCORE")
            assert club in text
            click(browser, "[role=tab]", "Source")
            browser.wait_until_idle()
            text = visit(browser, server, "hostile_import", "import_files", "Quarantine", "quarantine.png")
            assert f"![q]({sentinel.url}/quarantine.png)" in text
            images = browser.evaluate("Array.from(document.images).map(i => i.src)")
            assert not [src for src in images if sentinel.url in src]
        assert sentinel.asked == []
    finally:
        sentinel.close()


def click_containing(browser: Browser, selector: str, text: str, timeout: float = 30) -> None:
    """Click the first enabled ``selector`` whose text contains ``text`` (a button may show its key too)."""
    deadline = time.monotonic() + timeout
    while not browser.evaluate(
            f"(() => {{ const el = Array.from(document.querySelectorAll({json.dumps(selector)}))"
            f".find(e => e.innerText.includes({json.dumps(text)}) && !e.disabled);"
            " if (el) { el.click(); return true; } return false; })()"):
        assert time.monotonic() < deadline, f"no enabled {selector} with {text!r}"
        time.sleep(0.25)


def test_hands_page_replays_a_hand_step_by_step_to_its_pot(browser, server, warehouse):
    with connect(warehouse) as con:
        found = con.execute(
            "select r.game_id, (select count(*) from stg_holdem_actions a where a.game_id = r.game_id) "
            "from stg_holdem_results r where r.hand_id = '250000000000' and r.player = 'Anna' limit 1").fetchone()
    assert found is not None, "the samples' first PokerStars hand left no results: the replay stored none"
    game_id, actions = found
    # the seats dealt, then each action: steps counted from 1
    visit(browser, server, "hands", f"hands?player=Anna&game={game_id}", "Replay a hand", f"Step 1 of {actions + 1}")
    for step in range(2, actions + 2):
        click_containing(browser, "button", "Next")
        browser.wait_for_text(f"Step {step} of {actions + 1}")
    browser.wait_until_idle()
    text = browser.text()
    # the hand of the samples: 1 + 6 + 6 + 20 + 40 in the pot, 2 of it raked, Anna collects 71
    assert "Pot 73" in text and "rake 2" in text and "collects 71" in text
    browser.screenshot(SHOTS / "replayer_holdem.png")


def test_audit_opens_the_replayer_at_the_findings_step(browser, server, warehouse):
    with connect(warehouse) as con:
        game_id = con.execute("select game_id from stg_findings where rule_id = 'RSP-TOTAL' "
                              "and source_file like '%club-night.txt'").fetchone()[0]
    visit(browser, server, "audit_game", f"audit?game={game_id}", "Open a game", "RSP-TOTAL")
    click(browser, "[role=tab]", "Replay")
    browser.wait_for_text("Open at the finding", "Round 2")
    browser.wait_until_idle()
    assert "trick 2" in browser.text()   # the last trick before the wrong total, not the first step
    browser.screenshot(SHOTS / "audit_replayer_at_finding.png")


def test_reports_page(browser, server):
    text = visit(browser, server, "reports", "reports?player=Anna", "Hold'em reports", "By position")
    assert "bb_per_100" in text or "bb/100" in text
    click(browser, "[role=tab]", "Starting hands")
    browser.wait_for_text("Suited above the pairs")
    browser.wait_until_idle()
    browser.screenshot(SHOTS / "reports_starting_hands.png")
    click(browser, "[role=tab]", "Sessions")
    browser.wait_for_text("A session is a sitting")
    browser.wait_until_idle()
    browser.screenshot(SHOTS / "reports_sessions.png")


def every_game() -> list[str]:
    """A game of each format: Hold'em, the raspisnoy log and score sheet, Chinese, OFC, six-card."""
    from formats_examples import CHINESE as CHINESE_HAND
    from formats_examples import OFC, RASPISNOY_LOG, RASPISNOY_SHEET, SIXCARD
    from test_replayer import HAND

    return [HAND, RASPISNOY_LOG, RASPISNOY_SHEET, CHINESE_HAND, OFC, SIXCARD]


def check_pasted(browser: Browser, server: StreamlitServer, name: str, games: list[str]) -> None:
    """Paste ``games`` into Check a game, check them, and open every game's expander."""
    visit(browser, server, name, "check", "Check a game", "Game text")
    browser.evaluate("document.querySelector('textarea').focus()")
    browser.send("Input.insertText", text="\n\n".join(games))
    browser.evaluate("document.querySelector('textarea').blur()")
    click(browser, "button", "Check")
    text = browser.wait_for_text("Games read", timeout=60)
    browser.wait_until_idle()
    assert shows(text, "Games read", len(games))
    browser.evaluate("document.querySelectorAll('details:not([open]) > summary').forEach(s => s.click())")


def test_check_page_draws_the_table_of_every_game(browser, server):
    check_pasted(browser, server, "check_every_game", every_game())
    browser.wait_for_text("Pot 0", "front", "Dealer")   # each game's expander holds its drawn table
    browser.wait_until_idle()
    assert browser.evaluate("document.querySelectorAll('.rk-seat').length") >= 3 + 3 + 3  # Hold'em, both raspisnoy
    browser.screenshot(SHOTS / "check_every_game.png")


def test_check_page_steps_every_game_through_every_step(browser, server):
    # The replayer of every game, every step, in the browser: each game's stepper is walked back to
    # its first step and forward to its last, one click at a time, and every step shows its caption
    # and a drawn table.
    games = every_game()
    check_pasted(browser, server, "check_every_step", games)
    browser.wait_for_text("Step ")
    browser.wait_until_idle()
    captions = ("Array.from(document.querySelectorAll('[data-testid=stCaptionContainer]'))"
                ".map(e => e.innerText).filter(t => /^Step \\d+ of \\d+/.test(t))")

    def at(k: int) -> tuple[int, int]:
        found = re.match(r"Step (\d+) of (\d+)", browser.evaluate(captions)[k])
        return int(found[1]), int(found[2])

    def press(k: int, label: str, expected: int) -> None:
        assert browser.evaluate(
            f"(() => {{ const b = Array.from(document.querySelectorAll('button'))"
            f".filter(e => e.innerText.includes({json.dumps(label)}))[{k}]; if (!b || b.disabled) return false;"
            " b.click(); return true; })()"), f"stepper {k}: {label} is not there or disabled"
        deadline = time.monotonic() + 60
        while at(k)[0] != expected:
            assert time.monotonic() < deadline, f"stepper {k} did not reach step {expected}"
            time.sleep(0.2)

    steppers = len(browser.evaluate(captions))
    assert steppers == len(games) - 1     # every game but Chinese poker, drawn in one step, has a stepper
    walked = []
    for k in range(steppers):
        number, count = at(k)    # steps counted from 1, the last one the count
        for step in range(number - 1, 0, -1):
            press(k, "Previous", step)
        visited = [1]
        for step in range(2, count + 1):
            press(k, "Next", step)
            visited.append(at(k)[0])
        assert visited == list(range(1, count + 1))
        walked.append(count)
    browser.wait_until_idle()
    text = browser.text()
    assert "Traceback" not in text and "could not be drawn" not in text
    # as many steps as the replayer draws for each game (a Chinese poker hand is one step, all rows set,
    # with nothing to step through, and no "Step 1 of 1")
    from dashboards.replay_views import audit_text
    from dashboards.replayer import steps_of

    drawn = [len(steps_of(g.record, g.replay)) for g in audit_text("\n\n".join(games).encode(), "pasted")
             if g.replay is not None]
    assert walked == [count for count in drawn if count > 1] and 1 in drawn, (walked, drawn)
    assert "Step 1 of 1" not in text and "The rows as set" in text
    assert sum(walked) > len(games)
    browser.screenshot(SHOTS / "check_every_step.png")


def test_check_page_marks_each_finding_on_its_step_and_gives_the_rules_result_beside_the_logs(browser, server):
    from test_holdem_engine import SIDE_POTS_PAID_THE_WRONG_WAY
    from test_replayer import SHEET, SIXCARD

    check_pasted(browser, server, "check_disputed", [SIDE_POTS_PAID_THE_WRONG_WAY, SHEET, SIXCARD])
    # each replay opens at its first finding's step, marked with that finding only
    # (the lines count from the top of the pasted text)
    text = browser.wait_for_text("Result by the replay, beside the log's", "Finding at this step: SIX-PAY (line ")
    browser.wait_until_idle()
    text = browser.text()
    assert re.search(r"Step 3 of 3, line \d+: round 3: ", text) and re.search(r"RSP-TOTAL \(line \d+\): round 3", text)
    assert re.search(r"SIX-PAY \(line \d+\): hand 1, box 1: ", text)
    assert not re.search(r"SIX-PAY \(line \d+\): hand 1, box 2: ", text)    # marked on box 2's step only
    # the money columns name the hand's currency (the disputed hand is in USD)
    assert any({"Net by the rules (USD)", "Net in the log (USD)", "The rules pay (USD)"} <= set(titles)
               for titles in grid_titles(browser))
    assert "Pot 70.00" in text    # the side-pot hand opened at its first finding (line 19): 10 + 30 + 30 in the pot
    assert "1 cards" not in text and "SIX-PAY, SIX-PAY" not in text
    browser.screenshot(SHOTS / "check_disputed.png")


# -- Hero's two days: columns titled in words, whole ticks on count axes ----------------------------------

def grid_titles(browser: Browser) -> list[list[str]]:
    """Every table's column titles, as the grid's accessible table names them."""
    return browser.evaluate("Array.from(document.querySelectorAll('table[role=grid]')).map(t => Array.from("
                            "t.querySelectorAll('[role=columnheader]')).map(e => e.textContent.trim()))")


def axis_ticks(browser: Browser) -> dict[str, list[str]]:
    """Every chart axis's tick labels, by the axis's title (Vega draws SVG)."""
    pairs = browser.evaluate(
        "Array.from(document.querySelectorAll('svg g.role-axis')).map(a => ["
        "Array.from(a.querySelectorAll('g.role-axis-title text')).map(t => t.textContent).join(' '),"
        "Array.from(a.querySelectorAll('g.role-axis-label text')).map(t => t.textContent)])")
    return {axis: labels for axis, labels in pairs if axis}


@pytest.fixture(scope="module")
def hero_server(tmp_path_factory):
    from test_dashboards_apptest import hero_warehouse

    with StreamlitServer(APP, hero_warehouse(tmp_path_factory), tmp_path_factory.mktemp("log") / "hero.log") as running:
        yield running


def test_tables_title_columns_in_words_and_count_axes_tick_whole_numbers(browser, hero_server):
    # Hero has 4 USD hands in 2 sessions: Vega-Lite ticked them 0.5, 1.0 … and 1.00, 1.05 … 2.00
    text = visit(browser, hero_server, "hero_player", "player?player=Hero", "Per game", "Hands played")
    assert "4 games, 3 won" in text and "3 games, 1 won" in text     # the split pot he folded is not won
    ticks = axis_ticks(browser)["Hands played"]
    assert ticks and all(re.fullmatch(r"\d+", tick) for tick in ticks), ticks
    titles = grid_titles(browser)
    assert ["Game", "Unit", "Games", "Net", "Won"] == titles[0][:5]
    assert {"Hands", "Net", "bb/100", "VPIP", "PFR"} <= set(titles[1])
    visit(browser, hero_server, "hero_reports", "reports?player=Hero", "Hold'em reports", "By position")
    # the money columns name the unit the page chose (Hero's hands are in USD)
    assert ["Position", "Hands", "Net (USD)", "bb/100", "VPIP", "PFR", "All-in EV (USD)"] == grid_titles(browser)[0][:7]
    click(browser, "[role=tab]", "Sessions")
    browser.wait_for_text("A session is a sitting")
    browser.wait_until_idle()
    ticks = axis_ticks(browser)["Session"]
    assert ticks == ["1", "2"], ticks
    for table in grid_titles(browser):
        assert not [title for title in table if "_" in title], table    # never net_won, started_at …
    browser.screenshot(SHOTS / "hero_reports_sessions.png")


# -- the game pickers after a filter change ------------------------------------------------------------

def press_at(browser: Browser, element: str) -> None:
    """A real mouse click (pressed and released) at the middle of the element the JavaScript ``element`` gives."""
    middle = browser.evaluate(f"(() => {{ const e = {element}; if (!e) return null; e.scrollIntoView({{block: 'center'}});"
                              " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    assert middle, f"nothing at {element}"
    for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
        browser.send("Input.dispatchMouseEvent", type=kind, x=middle[0], y=middle[1], button="left", clickCount=1)


def choose(browser: Browser, label: str, option: str) -> None:
    """Pick ``option`` in the select box labelled ``label`` as a person does: click, type, click the option."""
    press_at(browser, f"document.querySelector({json.dumps(f'input[aria-label={json.dumps(label)}]')})")
    browser.send("Input.insertText", text=option)
    options = "Array.from(document.querySelectorAll('[role=option]'))"
    deadline = time.monotonic() + 30
    while not browser.evaluate(f"{options}.some(o => o.innerText.trim() === {json.dumps(option)})"):
        assert time.monotonic() < deadline, f"{label} offers no {option!r}"
        time.sleep(0.2)
    press_at(browser, f"{options}.find(o => o.innerText.trim() === {json.dumps(option)})")


def picker_text(browser: Browser, label: str) -> str:
    """The text the last select box labelled ``label`` shows."""
    return browser.evaluate(f"Array.from(document.querySelectorAll({json.dumps(f'input[aria-label={json.dumps(label)}]')}))"
                            ".at(-1).value")


def address_names(browser: Browser, name: str, value: str, timeout: float = 60) -> str:
    """Wait until the address has ``?name=value`` and the page is idle; the game it names."""
    deadline = time.monotonic() + timeout
    while True:
        asked = browser.evaluate("Object.fromEntries(new URLSearchParams(location.search))")
        if asked.get(name) == value and asked.get("game"):
            browser.wait_until_idle()
            return browser.evaluate("new URLSearchParams(location.search).get('game')")
        assert time.monotonic() < deadline, f"the address never said {name}={value}: {asked}"
        time.sleep(0.2)


def test_the_game_pickers_name_the_game_shown_after_a_filter_change(browser, server, warehouse):
    # After a filter change the box kept the text of the game picked before (its date, cards, net)
    # while the page opened the first game the filters keep, below it
    with connect(warehouse) as con:
        newest = dict(con.execute("select player, arg_max(game_id, (played_at, game_id)) from hand_list "
                                  "group by player").fetchall())
        others = [p for (p,) in con.execute("select player from hand_list group by player "
                                            "order by count(*) desc, player").fetchall() if p != "Anna"]

        def hand_of(game_id: str, player: str) -> tuple:
            return con.execute("select hand_id, net, currency from stg_holdem_results where game_id = ? and player = ?",
                               [game_id, player]).fetchone()

        def finding_of(game_id: str) -> tuple:
            return con.execute("select any_value(source_file), min(line) from stg_findings where game_id = ?",
                               [game_id]).fetchone()

        player = next((p for p in others if newest[p] != newest.get("Anna")), None)
        assert "Anna" in newest and player is not None, "no two players with Hold'em hands in the fixture"
        visit(browser, server, "hands_picker", "hands?player=Anna", "Replay a hand", "Step 1 of")
        choose(browser, "Player", player)
        game_id = address_names(browser, "player", player)
        hand_id, net, currency = hand_of(game_id, player)
        shown = picker_text(browser, "Replay a hand")
        assert shown.startswith(f"#{hand_id} — ") and shown.endswith(f" {net:+} {currency}"), (shown, hand_id, net)
        browser.screenshot(SHOTS / "hands_picker_after_player.png")

        visit(browser, server, "audit_picker", "audit", "Open a game", "Findings")
        opened = browser.evaluate("new URLSearchParams(location.search).get('game')")
        # a player none of whose games with findings is the one open: the page opens another
        player = con.execute("select min(player) from stg_game_players where game_id in (select game_id from "
                             "stg_findings) and player not in (select player from stg_game_players where game_id = ?)",
                             [opened]).fetchone()[0]
        choose(browser, "Player", player)
        deadline = time.monotonic() + 60
        while (game_id := browser.evaluate("new URLSearchParams(location.search).get('game')")) == opened:
            assert time.monotonic() < deadline, "the Audit kept the game its Player filter leaves out"
            time.sleep(0.2)
        browser.wait_until_idle()
        source_file, line = finding_of(game_id)
        shown = picker_text(browser, "Game")
        assert shown == f"{source_file.rsplit('/', 1)[-1]}:{line}", (shown, source_file, line)
        browser.screenshot(SHOTS / "audit_picker_after_player.png")


def test_the_dates_reach_a_game_ingested_while_the_audit_is_open(browser, tmp_path):
    from test_dashboard_follows import raspisnoy_night

    from pipeline.ingest import ingest

    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "december.txt").write_text(raspisnoy_night("2026-12-05", total_written_wrong=True), encoding="utf-8")
    ingest([logs / "december.txt"], tmp_path / "warehouse", jobs=1)
    dates = "Array.from(document.querySelectorAll('[data-testid=stDateInput] input')).map(i => i.value)"
    with StreamlitServer(APP, tmp_path / "warehouse", tmp_path / "streamlit.log") as server:
        text = visit(browser, server, "audit_dates_before", "audit", "Open a game", "RSP-TOTAL")
        assert shows(text, "Findings", 1) and browser.evaluate(dates) == ["2026-12-05", "2026-12-05"]
        (logs / "january.txt").write_text(raspisnoy_night("2027-01-06", total_written_wrong=True), encoding="utf-8")
        ingest([logs / "january.txt"], tmp_path / "warehouse", jobs=1)
        choose(browser, "Severity", "error")    # any change runs the page again
        deadline = time.monotonic() + 60
        while browser.evaluate(dates) != ["2026-12-05", "2027-01-06"]:
            assert time.monotonic() < deadline, f"the dates stayed {browser.evaluate(dates)}"
            time.sleep(0.2)
        browser.wait_until_idle()
        assert shows(browser.text(), "Findings", 2)
        browser.screenshot(SHOTS / "audit_dates_after_ingest.png")


CUT_TEXT = """(() => Array.from(document.querySelectorAll('[data-testid=stMain] *')).filter(e => {
    const style = getComputedStyle(e);
    const clips = style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || e.tagName === 'INPUT';
    return clips && e.children.length <= 2 && e.scrollWidth > e.clientWidth + 1 && (e.innerText || e.value || '').trim();
}).map(e => (e.innerText || e.value).trim()))()"""
"""The texts of the main area drawn cut off: an ellipsis, a clipped box or an input wider than its field."""

PAGE_WIDTH = "(() => { const main = document.querySelector('[data-testid=stMain]'); " \
             "return [main.clientWidth, main.scrollWidth]; })()"


@contextmanager
def opened_at(browser: Browser, server: StreamlitServer, width: int, height: int, path: str,
              *expected: str) -> Iterator[Browser]:
    """The page at ``path`` opened at ``width`` by ``height``, whole (its text there and idle)."""
    with browser.sized(width, height):
        browser.open(f"{server.url}/{path}")
        browser.wait_for_text(*expected, timeout=90)
        browser.wait_until_idle(quiet=2.0)
        yield browser


@pytest.mark.parametrize("width, height", [(1280, 720), (390, 844)])
def test_headline_figures_the_dates_and_the_replayers_buttons_are_never_cut(
        browser, server, warehouse, width, height, tmp_path):
    # the Hands page's Dates field (both days), "◀ Previous", and the Player review's figures with their
    # units and Chinese poker's scale (1-6 or 2-4), which is what tells two figures apart
    with opened_at(browser, server, width, height, "player?player=Anna", "Per game", "points (1-6 scoring)"):
        assert browser.evaluate(CUT_TEXT) == [], browser.screenshot(tmp_path / "player.png")
    with opened_at(browser, server, width, height, "hands?player=Anna", "Replay a hand", "◀ Previous"):
        # (the field draws each day as segments in a box that scrolls when too narrow: no ellipsis)
        dates = browser.evaluate("Array.from(document.querySelectorAll('[data-testid=stDateInput] *'))"
                                 ".filter(e => (e.innerText || '').trim() && e.scrollWidth > e.clientWidth + 1)"
                                 ".map(e => e.innerText.replaceAll('\\n', ''))")
        assert dates == [], browser.screenshot(tmp_path / "hands.png")
        assert browser.evaluate(CUT_TEXT) == [], browser.screenshot(tmp_path / "hands.png")


def test_the_starting_hand_grid_scrolls_in_its_box_and_the_phones_page_never_pans(browser, server, tmp_path):
    with opened_at(browser, server, 390, 844, "reports?player=Anna", "Hold'em reports", "By position"):
        click(browser, "[role=tab]", "Starting hands")
        browser.wait_for_text("Suited above the pairs")
        browser.wait_until_idle()
        main_width, page_width = browser.evaluate(PAGE_WIDTH)
        box = browser.evaluate("(() => { const box = document.querySelector('table').parentElement; "
                               "return [getComputedStyle(box).overflowX, box.clientWidth, box.scrollWidth]; })()")
        browser.screenshot(tmp_path / "grid.png")
    assert page_width == main_width == 390
    # 13 cells of 3.6 em are wider than the phone: the box scrolls, the page does not
    overflow, box_width, grid_width = box
    assert overflow == "auto" and box_width <= main_width < grid_width


LEGEND_AND_PLOT = """(() => { const svg = document.querySelector('.vega-embed svg'); const box = svg.getBoundingClientRect();
    const legend = svg.querySelector('.role-legend').getBoundingClientRect();
    const bars = Array.from(svg.querySelectorAll('.role-mark path')).map(p => p.getBoundingClientRect());
    return [box.left, box.right, legend.left, legend.right, legend.top, Math.max(...bars.map(r => r.bottom))]; })()"""
"""The Audit chart's box, its legend's left, right and top, and the bottom of its lowest bar."""


@pytest.mark.parametrize("width, height", [(1280, 720), (390, 844)])
def test_a_link_with_filters_opens_the_filtered_view_whole_at_any_width(
        browser, server, warehouse, width, height, tmp_path):
    with connect(warehouse) as con:
        lost = con.execute("select count(*) from hand_list where player = 'Anna' and net < 0").fetchone()[0]
        findings = con.execute("select count(*) from stg_findings where severity = 'error' "
                               "and game = 'raspisnoy'").fetchone()[0]
    assert lost and findings
    # the Hands page at Anna's lost hands, and its "Replay a hand" box whole
    with opened_at(browser, server, width, height, "hands?player=Anna&result=Lost", "Replay a hand", "◀ Previous"):
        text = browser.text()
        assert shows(text, "Hands", lost), text
        assert browser.evaluate(CUT_TEXT) == [], browser.screenshot(tmp_path / "hands.png")
    # the Hold'em reports' Game and Unit boxes whole, at a sixth of the width they cut "USD (60 hands)"
    with opened_at(browser, server, width, height, "reports?player=Hero&grid=Net", "Hold'em reports", "By position"):
        assert browser.evaluate(CUT_TEXT) == [], browser.screenshot(tmp_path / "reports.png")
    # the Audit's "Open a game" box whole: it names a game by its file and line, the rest said below it
    with opened_at(browser, server, width, height, "audit", "Open a game", "Findings"):
        assert browser.evaluate(CUT_TEXT) == [], browser.screenshot(tmp_path / "audit_game.png")
    # the Audit's raspisnoy errors, and the chart's legend below its bars, inside the chart's width
    with opened_at(browser, server, width, height, "audit?severity=error&kind=raspisnoy", "By rule", "Severity"):
        assert shows(browser.text(), "Findings", findings)
        assert browser.evaluate(CUT_TEXT) == [], browser.screenshot(tmp_path / "audit.png")
        left, right, legend_left, legend_right, legend_top, bars_bottom = browser.evaluate(LEGEND_AND_PLOT)
        shot = browser.screenshot(tmp_path / "audit.png")
    assert left <= legend_left and legend_right <= right and legend_top > bars_bottom, shot


def test_the_audit_names_a_game_of_a_long_file_name_in_a_box_a_phone_shows_whole(browser, tmp_path):
    from pipeline.ingest import ingest

    logs = tmp_path / "logs"
    logs.mkdir()
    name = "Tverskaya club night 2026-12-05, Vera's score sheet copied from paper.txt"
    (logs / name).write_text(RASPISNOY_WRONG_TOTAL, encoding="utf-8")
    ingest([logs], tmp_path / "warehouse", jobs=1)
    with (StreamlitServer(APP, tmp_path / "warehouse", tmp_path / "streamlit.log") as server,
          opened_at(browser, server, 390, 844, "audit", "Open a game", "RSP-TOTAL")):
        cut = browser.evaluate(CUT_TEXT)
        shown = picker_text(browser, "Game")
        text = browser.text()
        shot = browser.screenshot(tmp_path / "audit_long_name.png")
    assert cut == [], shot
    with connect(tmp_path / "warehouse") as con:
        line = con.execute("select line from stg_findings where rule_id = 'RSP-TOTAL'").fetchone()[0]
    # the name's start and end, and the finding's line, in the box; the whole path under Source below it
    start, end = shown.removesuffix(f":{line}").split("…")
    assert name.startswith(start) and name.endswith(end) and min(len(start), len(end)) >= 10, shown
    assert str(logs / name) in text.replace("\n", "")
