"""The SQL model runner: ordered ``.sql`` files in ``sql/`` built into the warehouse's DuckDB file.

Each model is one file holding one ``select``; the file's name is the model's name. The
layers run in order: ``10_staging`` and ``20_intermediate`` become views, ``30_marts``
become tables (what users and dashboards query, so they are computed once per ingest).
Each Parquet table is a view of its own name (``games``, ``holdem_results``: the warehouse's
contract), which users query and staging models read, so that neither names a path.
``sql/tests/*.sql`` are audits: each returns the rows that break an invariant, and none
should return any.
"""

from __future__ import annotations

import os
import re
import uuid
from dataclasses import dataclass
from pathlib import Path

import duckdb

from pipeline.tables import SCHEMAS
from pipeline.warehouse import (
    Warehouse,
    connect,
    lay_table_views,
    read_manifest,
    table_view_sql,
)

SQL_ROOT = Path(__file__).resolve().parents[1] / "sql"
LAYERS = ("10_staging", "20_intermediate", "30_marts")


@dataclass(frozen=True, slots=True)
class Model:
    name: str
    layer: str
    path: Path

    @property
    def materialized(self) -> str:
        return "table" if self.layer == "30_marts" else "view"

    @property
    def body(self) -> str:
        return self.path.read_text(encoding="utf-8").strip().rstrip(";")


def models(sql_root: Path = SQL_ROOT) -> list[Model]:
    """Every model, in the order it must be built: layer by layer, and within a layer
    each model after the models it reads (found by name in its text)."""
    ordered: list[Model] = []
    for layer in LAYERS:
        pending = {path.stem: Model(path.stem, layer, path) for path in sorted((sql_root / layer).glob("*.sql"))}
        reads = {
            name: {other for other in pending if other != name
                   and re.search(rf"\b{re.escape(other)}\b", model.body)}
            for name, model in pending.items()
        }
        while pending:
            ready = [name for name in pending if not reads[name] & pending.keys()]
            if not ready:
                raise ModelError(f"models read each other in a cycle: {', '.join(sorted(pending))}")
            for name in ready:
                ordered.append(pending.pop(name))
    return ordered


def audits(sql_root: Path = SQL_ROOT) -> list[Model]:
    return [Model(path.stem, "tests", path) for path in sorted((sql_root / "tests").glob("*.sql"))]


def build(warehouse: Warehouse, sql_root: Path = SQL_ROOT) -> list[str]:
    """(Re)build every model into the warehouse's DuckDB file; returns the model names.

    The models are built into a new file of this build's own name, which then replaces the old
    one, so a dashboard reading the old file (read-only, holding its lock) neither blocks the
    build nor sees a half-built set of marts; it picks up the new file when it next opens the
    path. The file stores each table's view over its folder relative to the current directory
    (for DuckDB's own shell, run in the warehouse folder); :func:`pipeline.warehouse.connect`
    lays views over the committed parts instead, and the marts are built from those.
    """
    final = warehouse.duckdb_path
    building = final.with_name(f"{final.name}.building-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    root = warehouse.root.resolve()
    try:
        with duckdb.connect(str(building), config={"file_search_path": str(root)}) as con:
            if "," not in str(root):    # the search path is a list: a comma would split it
                for table in SCHEMAS:
                    con.execute(table_view_sql(table, None, temporary=False))
            lay_table_views(con, root, read_manifest(root))
            built = []
            for model in models(sql_root):
                try:
                    con.execute(f"create or replace {model.materialized} {model.name} as\n{model.body}")
                except duckdb.Error as error:
                    raise ModelError(f"model {model.name} ({model.path.relative_to(sql_root)}) failed: {error}") from error
                built.append(model.name)
            con.execute("checkpoint")
        os.replace(building, final)
    finally:
        for leftover in (building, building.with_name(building.name + ".wal")):
            leftover.unlink(missing_ok=True)
    return built


def run_audits(warehouse: Warehouse, sql_root: Path = SQL_ROOT) -> dict[str, int]:
    """Count the rows each audit returns (zero means the invariant holds)."""
    with connect(warehouse.root) as con:
        return {
            audit.name: con.execute(f"select count(*) from (\n{audit.body}\n)").fetchone()[0]
            for audit in audits(sql_root)
        }


class ModelError(RuntimeError):
    """A SQL model that does not build."""
