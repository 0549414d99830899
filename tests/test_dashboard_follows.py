"""The dashboard follows the warehouse: an ingest run in a terminal while the app runs shows up
on the next run of a page, without a restart and without clearing any cache by hand."""

from __future__ import annotations

import shutil
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from pipeline import models
from pipeline.ingest import ingest
from pipeline.provenance import RULES_VERSION
from pipeline.warehouse import Warehouse
from tests.conftest import ROOT, SAMPLES, made_once

APP = str(ROOT / "dashboards" / "streamlit_app.py")
CLAIMS_HANDS, NIGHT_HANDS = 12, 36      # "Chinese poker hand" headers of the two sample files


# The warehouses the pages start from are each ingested once a test run (every model is built:
# seconds), and each test serves a copy of its own (a tenth of a second), which it ingests into.

def _ingested_claims(folder: Path) -> None:
    logs = folder / "logs"
    logs.mkdir()
    shutil.copy(SAMPLES / "chinese-wrong-claims.txt", logs)
    ingest([logs], folder / "wh", jobs=1)


@pytest.fixture(scope="module")
def claims(tmp_path_factory) -> Path:
    return made_once(tmp_path_factory, "test_dashboard_follows-claims", _ingested_claims) / "wh"


def _serving_a_copy(warehouse: Path, tmp_path: Path, monkeypatch):
    """A copy of ``warehouse``, the test's own, which the app serves; its connection released after."""
    root = Path(shutil.copytree(warehouse, tmp_path / "wh"))
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(root))
    yield root
    from dashboards import queries

    queries.release()


@pytest.fixture
def served(claims, tmp_path, monkeypatch):
    yield from _serving_a_copy(claims, tmp_path, monkeypatch)


def games_shown(at: AppTest) -> Decimal:
    return Decimal(next(m.value for m in at.metric if m.label == "Games").replace(",", ""))


def test_the_overview_shows_an_ingest_made_while_it_runs(served):
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert games_shown(at) == CLAIMS_HANDS
    ingest([SAMPLES / "chinese-night.txt"], served, jobs=1)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert games_shown(at) == CLAIMS_HANDS + NIGHT_HANDS


def test_queries_reconnect_at_each_commit_even_before_the_models_are_rebuilt(served):
    from dashboards import queries as q

    before = q.database()
    assert int(q.games_by_kind(before)["count_games"].sum()) == CLAIMS_HANDS
    ingest([SAMPLES / "chinese-night.txt"], served, jobs=1, build_models=False)
    after = q.database()
    assert after != before
    # The overview counts the marts' games, which pair with the commit they were built from: the
    # new games show once their models are built, through a new connection again.
    assert int(q.games_by_kind(after)["count_games"].sum()) == CLAIMS_HANDS
    with Warehouse(served).open() as store:
        models.build(store)
    built = q.database()
    assert built != after
    assert int(q.games_by_kind(built)["count_games"].sum()) == CLAIMS_HANDS + NIGHT_HANDS
    assert q.rules_status(after) == {"rules_version": RULES_VERSION, "count_older_games": 0,
                                     "count_older_quarantined": 0}


def test_a_games_text_comes_from_the_warehouse_not_its_file(served):
    from dashboards import queries as q

    db = q.database()
    # a game the audit page lists (its findings, no filter set)
    game_id = q.findings(db, (), None, None, None, None, None)["game_id"][0]
    text = q.game_text(db, game_id)
    assert text.startswith("Chinese poker hand") and text in (SAMPLES / "chinese-wrong-claims.txt").read_text()
    assert q.game_text(db, "0000000000000000") is None


def test_pages_read_the_tables_of_the_commit_their_marts_were_built_from(tmp_path, monkeypatch):
    """Between an ingest swapping its updated models in and replacing the commit manifest, a page
    must not pair the new marts with the old commit's tables."""
    import pipeline.warehouse
    from dashboards import queries as q
    from pipeline.generators.holdem import generate

    root, logs = tmp_path / "wh", tmp_path / "logs"
    logs.mkdir()
    (logs / "0.txt").write_text(generate("holdem", 5, seed=30))
    (logs / "1.txt").write_text(generate("holdem", 6, seed=41))
    ingest([logs / "0.txt"], root, jobs=1)
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(root))
    seen = []
    real_write = pipeline.warehouse.write_manifest

    def watched(at, manifest) -> None:
        db = q.database()
        seen.append((q.frame(db, "select count(*) as n from games")["n"][0],
                     q.frame(db, "select count(distinct game_id) as n from hand_list")["n"][0]))
        real_write(at, manifest)

    monkeypatch.setattr(pipeline.warehouse, "write_manifest", watched)
    try:
        ingest([logs / "1.txt"], root, jobs=1)
    finally:
        q.release()
    assert seen and seen[-1] == (11, 11), seen
    assert all(tables == marts for tables, marts in seen), f"tables and marts of two commits: {seen}"


# -- the Dates filter while an ingest adds later games ------------------------------------------------

def raspisnoy_night(day: str, *, total_written_wrong: bool) -> str:
    """docs/formats.md's raspisnoy game played on ``day``; with ``total_written_wrong``, Anna's round-2
    total is written 5 where her -10 and the round's +10 make 0: one RSP-TOTAL finding."""
    from tests.formats_examples import RASPISNOY_LOG

    text = RASPISNOY_LOG.replace("R-2026-11-28-1", f"R-{day}-1").replace("2026-11-28 19:30", f"{day} 19:30")
    return text.replace("Totals: Boris 0, Vera 15, Anna 0", "Totals: Boris 0, Vera 15, Anna 5") if total_written_wrong \
        else text


def holdem_hand(number: int, day: str) -> str:
    """The replayer's sample hand (Anna, Boris, Vera; no finding) as hand ``number``, played on ``day``."""
    from tests.test_replayer import HAND

    return HAND.replace("#250000000000", f"#{number}").replace("2024/01/02 3:04:05 ET", f"{day} 3:04:05 ET")


def add_games(root, name: str, *texts: str) -> None:
    logs = root.parent / "logs"
    logs.mkdir(exist_ok=True)
    (logs / name).write_text("\n\n".join(texts), encoding="utf-8")
    ingest([logs / name], root, jobs=1)


def findings_shown(at: AppTest) -> int:
    return int(next(m.value for m in at.metric if m.label == "Findings").replace(",", ""))


def _first_nights(folder: Path) -> None:
    add_games(folder / "wh", "first.txt", raspisnoy_night("2026-11-28", total_written_wrong=False),
              raspisnoy_night("2026-12-05", total_written_wrong=True), holdem_hand(1, "2026/11/28"),
              holdem_hand(2, "2026/12/05"))


@pytest.fixture(scope="module")
def first_nights(tmp_path_factory) -> Path:
    return made_once(tmp_path_factory, "test_dashboard_follows-nights", _first_nights) / "wh"


@pytest.fixture
def nights(first_nights, tmp_path, monkeypatch):
    yield from _serving_a_copy(first_nights, tmp_path, monkeypatch)


def open_page(name: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(f"app_pages/{name}.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("name", ["audit", "hands", "player", "reports"])
def test_the_dates_left_whole_follow_the_games_an_ingest_adds_while_the_page_is_open(nights, name):
    # the range was set at the page's first run: a game dated later, ingested afterwards, stayed out
    at = open_page(name)
    key = f"{name}_dates"
    assert at.date_input(key=key).value == (date(2026, 11, 28), date(2026, 12, 5))
    add_games(nights, "later.txt", raspisnoy_night("2027-01-06", total_written_wrong=True),
              holdem_hand(3, "2027/01/05"))    # 3:04:05 ET on the 5th is 08:04:05 UTC on the 5th
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.date_input(key=key).value == (date(2026, 11, 28), date(2027, 1, 6))


def test_the_audit_counts_the_findings_of_a_game_ingested_while_it_is_open(nights):
    at = open_page("audit")
    assert findings_shown(at) == 1     # the 5 December night's total
    add_games(nights, "later.txt", raspisnoy_night("2027-01-06", total_written_wrong=True))
    at.run()
    assert findings_shown(at) == 2
    assert len(at.selectbox(key="audit_game").options) == 2


def test_a_range_the_user_chose_stays_and_the_page_says_what_was_added_after_it(nights):
    at = open_page("audit")
    december = (date(2026, 11, 28), date(2026, 12, 5))
    add_games(nights, "later.txt", raspisnoy_night("2027-01-06", total_written_wrong=True))
    at.run()
    at.date_input(key="audit_dates").set_value(december).run()     # chosen among 28 Nov – 6 Jan
    assert findings_shown(at) == 1 and not at.info
    # two games after 6 January (one with a finding) arrive: the chosen range stays, and the page says so
    add_games(nights, "february.txt", raspisnoy_night("2027-02-01", total_written_wrong=True),
              raspisnoy_night("2027-02-02", total_written_wrong=False))
    at.run()
    assert at.date_input(key="audit_dates").value == december and findings_shown(at) == 1
    notes = [info.value for info in at.info]
    assert notes == [("2 games dated after 2027/01/06 were added since these dates were chosen (the warehouse now "
                      "reaches 2027/02/02): these dates leave them out.")], notes
    at.button(key="audit_dates_widen").click().run()
    assert at.date_input(key="audit_dates").value == (date(2026, 11, 28), date(2027, 2, 2))
    assert findings_shown(at) == 3 and not at.info


# -- the Import page while another writer holds the warehouse ------------------------------------------

def _hold_the_lock(root, ready, release) -> None:
    import os

    with Warehouse(root).open(purpose="a test holding the lock"):
        ready.set()
        release.wait(60)
    os._exit(0)


def test_the_import_page_says_it_waited_once_the_import_has_run(nights):
    import multiprocessing
    import threading

    fork = multiprocessing.get_context("fork")
    ready, release = fork.Event(), fork.Event()
    holder = fork.Process(target=_hold_the_lock, args=(nights, ready, release))
    holder.start()
    try:
        assert ready.wait(30)
        at = open_page("import_files")
        at.file_uploader[0].upload("night.txt", raspisnoy_night("2027-01-06", total_written_wrong=True).encode(),
                                   "text/plain").run()
        threading.Timer(1.0, release.set).start()
        at.button(key="import_run").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert next(m.value for m in at.metric if m.label == "Findings") == "1"
        # the note said while waiting is gone under the import's summary; it says that it waited
        assert not [info.value for info in at.info if "waiting for it to finish" in info.value]
        assert "Another writer held the warehouse: this import waited for it to finish, then ran." in [
            caption.value for caption in at.caption]
    finally:
        release.set()
        holder.join(30)


def test_a_night_imported_again_under_another_name_is_said_imported_before_and_stores_nothing(nights):
    # the same bytes under a new name are a copy of a file read before: its game is already stored
    night = raspisnoy_night("2027-01-08", total_written_wrong=False).encode()
    first = open_page("import_files")
    first.file_uploader[0].upload("night.txt", night, "text/plain").run()
    first.button(key="import_run").click().run()
    assert next(m.value for m in first.metric if m.label == "Games stored") == "1"
    again = open_page("import_files")
    again.file_uploader[0].upload("the-same-night.txt", night, "text/plain").run()
    again.button(key="import_run").click().run()
    assert not again.exception, [e.value for e in again.exception]
    shown = {m.label: m.value for m in again.metric}
    assert (shown["Games stored"], shown["Already stored"]) == ("0", "1")
    assert any(caption.value.startswith("1 file imported before") for caption in again.caption), \
        [caption.value for caption in again.caption]
