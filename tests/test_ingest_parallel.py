"""A parallel ingest stores exactly what a one-process ingest stores.

With ``jobs`` > 1 the writer reads files too, workers stage their own Parquet parts every
``STAGE_EVERY_GAMES`` games and at the end, and the writer publishes them (dropping games a
file of the same run already stored). Whatever the split, the warehouse must hold the same
rows as a run in one process: games of every format, the same hand in two files stored
once, quarantined text, findings.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow.dataset as ds
import pytest

import pipeline.ingest
from pipeline.generators.holdem import generate
from pipeline.ingest import ingest
from pipeline.tables import SCHEMAS
from tests.conftest import ROOT

# Where a hand stands in two files, either copy may be the one stored: columns naming the
# file (and the ledger's per-file counts) are compared as totals, not row by row.
WHERE = {"source_file", "first_line", "last_line", "ingested_at", "content_hash", "size_bytes",
         "count_games", "count_quarantined"}


def _folder(root: Path) -> Path:
    logs = root / "logs"
    logs.mkdir()
    for n in range(6):
        (logs / f"holdem-{n}.txt").write_text(generate("holdem", 40, seed=n, allin=0.02))
    (logs / "holdem36.txt").write_text(generate("holdem36", 30, seed=9))
    # the first 10 hands of holdem-0 again, in another file, after a hand of garbage
    hands = (logs / "holdem-0.txt").read_text().split("\n\n\n")
    (logs / "again.txt").write_text("PokerStars Hand #1: gibberish\n\n\n" + "\n\n\n".join(hands[:10]))
    (logs / "gibberish-copy.txt").write_text("PokerStars Hand #1: gibberish\n")
    for sample in ("raspisnoy-night.txt", "chinese-night.txt", "sixcard-metropol.txt", "ofc-classic.txt"):
        shutil.copy(ROOT / "data" / "samples" / sample, logs / sample)
    return logs


def _tables(warehouse: Path) -> dict[str, list[tuple]]:
    found = {}
    for table, schema in SCHEMAS.items():
        folder = warehouse / table
        if not folder.exists():
            continue
        columns = [name for name in schema.names if name not in WHERE]
        rows = ds.dataset(folder, format="parquet", schema=schema).to_table(columns=columns).to_pylist()
        found[table] = sorted(tuple(str(row[c]) for c in columns) for row in rows)
    return found


@pytest.mark.parametrize("jobs", [2, 3])
def test_parallel_ingest_stores_what_one_process_stores(tmp_path, monkeypatch, jobs):
    # Small stages, so that workers stage several times and at the end.
    monkeypatch.setattr(pipeline.ingest, "STAGE_EVERY_GAMES", 50)
    logs = _folder(tmp_path)
    one = ingest([logs], tmp_path / "one", jobs=1, build_models=False)
    many = ingest([logs], tmp_path / "many", jobs=jobs, build_models=False)
    assert (many.games, many.duplicates, many.quarantined, many.findings) == (
        one.games, one.duplicates, one.quarantined, one.findings)
    assert one.duplicates == 10 and one.quarantined >= 1
    assert many.reasons == one.reasons
    assert _tables(tmp_path / "many") == _tables(tmp_path / "one")
    ledger = {
        name: ds.dataset(root / "files", format="parquet", schema=SCHEMAS["files"]).to_table().to_pylist()
        for name, root in (("one", tmp_path / "one"), ("many", tmp_path / "many"))
    }
    assert sorted(r["content_hash"] for r in ledger["many"]) == sorted(r["content_hash"] for r in ledger["one"])
    assert sum(r["count_games"] for r in ledger["many"]) == sum(r["count_games"] for r in ledger["one"])
    assert not list((tmp_path / "many").glob("*/*/*.tmp")), "a staged part was left unpublished"
    # Ingesting again adds nothing, in parallel too.
    again = ingest([logs], tmp_path / "many", jobs=jobs, build_models=False)
    assert (again.games, again.quarantined) == (0, 0)
