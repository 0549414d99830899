"""The dashboard follows the warehouse: an ingest run in a terminal while the app runs shows up
on the next run of a page, without a restart and without clearing any cache by hand."""

from __future__ import annotations

import shutil
from decimal import Decimal

import pytest
from streamlit.testing.v1 import AppTest

from pipeline import models
from pipeline.ingest import ingest
from pipeline.provenance import RULES_VERSION
from pipeline.warehouse import Warehouse
from tests.conftest import ROOT, SAMPLES

APP = str(ROOT / "dashboards" / "streamlit_app.py")
CLAIMS_HANDS, NIGHT_HANDS = 12, 36      # "Chinese poker hand" headers of the two sample files


@pytest.fixture
def served(tmp_path, monkeypatch):
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(SAMPLES / "chinese-wrong-claims.txt", logs)
    ingest([logs], tmp_path / "wh", jobs=1)
    monkeypatch.setenv("RASKLAD_WAREHOUSE", str(tmp_path / "wh"))
    yield tmp_path / "wh"
    from dashboards import queries

    queries.release()


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
    game_id = q.games_with_findings(db)["game_id"][0]
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
