"""What a warehouse holds, as plain values, for tests that compare two warehouses."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.dataset as ds

from pipeline.tables import DERIVED, SCHEMAS, TableRows
from pipeline.warehouse import connect, read_manifest

VOLATILE = {"ingested_at", "source_path", "superseded_at"}
"""Columns that differ between two runs over the same files: when, and from which folder."""


def written_by_hand(rows: TableRows) -> dict[tuple[str, str], pa.Table]:
    """Rows a test wrote by hand, as an ingest would store them: with the columns the ingest
    derives from the others (``pipeline.tables.DERIVED``: what each Hold'em decision faced)."""
    tables = rows.to_arrow()
    for (table, game), written in tables.items():
        if table in DERIVED:
            tables[(table, game)] = DERIVED[table].derive(written)
    return tables


def committed_rows(root: Path, ignore: set[str] = VOLATILE) -> dict[str, list[tuple]]:
    """Every committed row of every table (sorted, values as text), read as the manifest says."""
    manifest = read_manifest(root)
    found = {}
    for table, schema in SCHEMAS.items():
        columns = [name for name in schema.names if name not in ignore]
        files = [str(root / part) for part in manifest.paths(table)]
        rows = ds.dataset(files, format="parquet", schema=schema).to_table(columns=columns).to_pylist()
        found[table] = sorted(tuple(str(row[c]) for c in columns) for row in rows)
    return found


def counts_seen_by_a_reader(root: Path) -> dict[str, int]:
    """Rows per table as a reader's connection sees them, and the games of each kind."""
    with connect(root) as con:
        counts = {table: con.execute(f"select count(*) from {table}").fetchone()[0] for table in SCHEMAS}
        counts.update({f"games.{game}": n for game, n in con.execute(
            "select game, count(*) from stg_games group by all").fetchall()})
    return counts
