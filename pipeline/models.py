"""The SQL model runner: ordered ``.sql`` files in ``sql/`` built into the warehouse's DuckDB file.

Each model is one file holding one ``select``; the file's name is the model's name. The
layers run in order: ``10_staging`` and ``20_intermediate`` become views, ``30_marts``
become tables (what users and dashboards query, so they are computed once per ingest); an
intermediate whose header says ``-- materialized: table`` is a table too (several models read
it, and an update reads it instead of the history's Parquet).
Each Parquet table is a view of its own name (``games``, ``holdem_results``: the warehouse's
contract), which users query and staging models read, so that neither names a path.
``sql/tests/*.sql`` are audits: each returns the rows that break an invariant, and none
should return any.

Incremental builds. A table model may declare ``-- incremental: col, col``: the columns by
which its rows depend on the games (``game_id`` for a row per game; ``player`` for a per-player
total; a leaderboard's season for a rank). The contract: the model's rows holding one value of
those columns are computed from rows that hold the same value, and every value the rows of a
new game hold shows in the model computed over the new games alone. :func:`update` then brings
the models up to date after an ingest without reading the whole history: it evaluates every
model over the parts committed since the last build (the new games), takes the key values they
reach, deletes the model's rows of those values and inserts the model's own ``select``
restricted to them (rows of a ``game_id`` key straight from the new games). A model without the
header, whose inputs lost parts (a re-audit, a changed alias), or whose key values the new games
mostly reach, is rebuilt whole; a model whose inputs did not change is left as it is.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pyarrow as pa

from pipeline.tables import SCHEMAS
from pipeline.warehouse import (
    Manifest,
    Warehouse,
    connect,
    id_column,
    lay_table_views,
    read_manifest,
    table_view_sql,
)

SQL_ROOT = Path(__file__).resolve().parents[1] / "sql"
LAYERS = ("10_staging", "20_intermediate", "30_marts")
STATE_TABLE = "_rasklad_models_state"
"""A table of the DuckDB file: what its models were built from (the SQL, the committed parts)."""
REBUILD_WHEN_REACHED = 0.5
"""The share of a model's key values reached by the new games from which the model is rebuilt
whole rather than updated."""
_LITERALS_AT_MOST = 5000
"""Key values spelled out as a filter DuckDB pushes into its scans; more are matched by join only."""


@dataclass(frozen=True, slots=True)
class Model:
    name: str
    layer: str
    path: Path

    @property
    def materialized(self) -> str:
        if self.layer == "30_marts" or self.header("materialized") == "table":
            return "table"
        return "view"

    @property
    def body(self) -> str:
        return self.path.read_text(encoding="utf-8").strip().rstrip(";")

    def header(self, name: str) -> str | None:
        """The value of the model's ``-- name: value`` line among its opening comments."""
        for line in self.path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("--"):
                return None
            if line.startswith(f"-- {name}:"):
                return line.removeprefix(f"-- {name}:").strip()
        return None

    @property
    def narrowed_inputs(self) -> list[tuple[str, str, str]]:
        """``-- incremental-input: table.column = key_column, …``: a table model this one reads
        (maybe through views) whose rows for the reached key values are those whose ``column``
        holds a reached value of ``key_column``; an update reads only those rows of it (for a
        model whose CTEs DuckDB cannot push the key's filter into). (table, column, key column)."""
        found = []
        for term in (self.header("incremental-input") or "").split(","):
            if term.strip():
                source, key_column = (side.strip() for side in term.split("="))
                table, column = source.split(".")
                found.append((table, column, key_column))
        return found

    @property
    def incremental_key(self) -> list[str]:
        """The columns of ``-- incremental:`` (none: the model is rebuilt whole when its inputs change)."""
        return [column.strip() for column in (self.header("incremental") or "").split(",") if column.strip()]


def models(sql_root: Path = SQL_ROOT) -> list[Model]:
    """Every model, in the order it must be built: layer by layer, and within a layer
    each model after the models it reads (found by name in its text)."""
    ordered: list[Model] = []
    for layer in LAYERS:
        pending = {path.stem: Model(path.stem, layer, path) for path in sorted((sql_root / layer).glob("*.sql"))}
        reads = {name: (_words(model.body) & pending.keys()) - {name} for name, model in pending.items()}
        while pending:
            ready = [name for name in pending if not reads[name] & pending.keys()]
            if not ready:
                raise ModelError(f"models read each other in a cycle: {', '.join(sorted(pending))}")
            for name in ready:
                ordered.append(pending.pop(name))
    return ordered


def audits(sql_root: Path = SQL_ROOT) -> list[Model]:
    return [Model(path.stem, "tests", path) for path in sorted((sql_root / "tests").glob("*.sql"))]


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text))


def sql_fingerprint(sql_root: Path = SQL_ROOT) -> str:
    """What the models are made from: every ``.sql`` file and this runner."""
    digest = hashlib.blake2b(Path(__file__).read_bytes(), digest_size=16)
    for path in sorted(sql_root.rglob("*.sql")):
        digest.update(str(path.relative_to(sql_root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def reads(sql_root: Path = SQL_ROOT) -> dict[str, set[str]]:
    """Per model, the warehouse tables and models it reads, directly or through views and tables."""
    every = models(sql_root)
    names = [model.name for model in every] + list(SCHEMAS)
    found: dict[str, set[str]] = {}
    for model in every:     # in build order: what a model reads is known before it
        direct = (_words(re.sub(r"--[^\n]*", "", model.body)) & set(names)) - {model.name}
        found[model.name] = set(direct).union(*(found.get(name, set()) for name in direct))
    return found


def build(warehouse: Warehouse, sql_root: Path = SQL_ROOT) -> list[str]:
    """(Re)build every model into the warehouse's DuckDB file; returns the model names.

    The models are built into a new file of this build's own name, which then replaces the old
    one, so a dashboard reading the old file (read-only, holding its lock) neither blocks the
    build nor sees a half-built set of marts; it picks up the new file when it next opens the
    path. The file stores each table's view over its folder relative to the current directory
    (for DuckDB's own shell, run in the warehouse folder); :func:`pipeline.warehouse.connect`
    lays views over the committed parts instead, and the marts are built from those.
    """
    root = warehouse.root.resolve()
    manifest = read_manifest(root)

    def fill(con: duckdb.DuckDBPyConnection) -> list[str]:
        if "," not in str(root):    # the search path is a list: a comma would split it
            for table in SCHEMAS:
                con.execute(table_view_sql(table, None, temporary=False))
        lay_table_views(con, root, manifest)
        built = []
        for model in models(sql_root):
            _create(con, model, sql_root)
            built.append(model.name)
        return built

    return _write_new_file(warehouse, None, fill, manifest, sql_root)


@dataclass(slots=True)
class UpdateSummary:
    """What :func:`update` did to each table model: rows replaced per incremental model, and the
    models rebuilt whole."""

    incremental: dict[str, int] = field(default_factory=dict)
    rebuilt: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    """Wall seconds per model updated or rebuilt (for the benchmark)."""


def update(warehouse: Warehouse, sql_root: Path = SQL_ROOT) -> UpdateSummary | None:
    """Bring the models up to date with the committed parts, model by model (see the module's
    text); returns None when only a whole build can (no models yet, other SQL, or models built
    by a runner that kept no state). Like :func:`build`, it writes a new file (a copy of the old
    one) and swaps it in: readers see the old models or the new ones, never a mix."""
    root = warehouse.root.resolve()
    state = built_from(warehouse)
    if state is None or state["sql"] != sql_fingerprint(sql_root):
        return None
    manifest = read_manifest(root)
    before = {table: set(parts) for table, parts in state["parts"].items()}
    added = {table: [p for p in manifest.paths(table) if p not in before.get(table, set())] for table in SCHEMAS}
    # A table kept per game grows by new games only; any other change (parts of a game table
    # removed by a re-audit, the aliases or settings rewritten) reaches rows no key tells.
    removed = {table for table in SCHEMAS if before.get(table, set()) - set(manifest.paths(table))
               or (added[table] and id_column(table) is None)}
    grown = {table for table, parts in added.items() if parts} - removed
    summary = UpdateSummary()
    plan: list[tuple[Model, str]] = []
    read_by = reads(sql_root)
    whole: set[str] = set(removed)     # inputs that changed other than by new games
    changed: set[str] = set(grown)
    for model in models(sql_root):
        inputs = read_by[model.name]
        if model.materialized != "table":
            continue
        if inputs & whole or (inputs & changed and not model.incremental_key):
            plan.append((model, "whole"))
            whole.add(model.name)
        elif inputs & changed:
            plan.append((model, "incremental"))
            changed.add(model.name)
        else:
            summary.unchanged.append(model.name)
    if not plan:
        return summary

    delta_manifest = Manifest(manifest.generation, {
        table: (added[table] if id_column(table) else manifest.paths(table)) for table in SCHEMAS})

    def fill(con: duckdb.DuckDBPyConnection) -> list[str]:
        lay_table_views(con, root, manifest)
        with duckdb.connect() as delta:     # the models over the new games alone
            delta.execute("set enable_progress_bar = false")
            lay_table_views(delta, root, delta_manifest)
            planned = {model.name for model, _ in plan}
            for model in models(sql_root):  # each updated model computed once over the new games
                kind = "table" if model.name in planned else "view"
                delta.execute(f"create {kind} {model.name} as\n{model.body}")
            for model, how in plan:
                started = time.perf_counter()
                if how == "whole":
                    _create(con, model, sql_root)
                    summary.rebuilt.append(model.name)
                elif (replaced := _update_model(con, delta, model)) is None:
                    summary.rebuilt.append(model.name)
                else:
                    summary.incremental[model.name] = replaced
                summary.seconds[model.name] = time.perf_counter() - started
        return []

    _write_new_file(warehouse, warehouse.duckdb_path, fill, manifest, sql_root)
    return summary


def _update_model(con: duckdb.DuckDBPyConnection, delta: duckdb.DuckDBPyConnection, model: Model) -> int | None:
    """Replace the rows of ``model`` whose key values the new games reach; returns the rows
    inserted, or None when the new games reach most of its key values and it was rebuilt whole
    instead (as much to compute, without deleting nearly every row first)."""
    key = model.incremental_key
    columns = ", ".join(f'"{column}"' for column in key)
    try:
        reached = delta.sql(f"select distinct {columns} from {model.name}").to_arrow_table()
    except duckdb.Error as error:
        raise ModelError(f"model {model.name} ({model.path.name}) failed over the new games: {error}") from error
    if not reached.num_rows:
        return 0
    con.register("_reached", reached)
    try:
        if "game_id" in key:
            # Rows of whole games, and the games are new (a part of a stored game is never added
            # again: a re-audit removes parts, which rebuilds the model whole); the model over
            # the new games holds them all.
            rows = delta.sql(f"select * from {model.name}").to_arrow_table()
            con.register("_new_rows", rows)
            try:
                con.execute(f"insert into {model.name} select * from _new_rows").fetchall()
            finally:
                con.unregister("_new_rows")
            return rows.num_rows
        held = con.sql(f"select count(*) from (select distinct {columns} from {model.name})").fetchall()[0][0]
        if reached.num_rows >= REBUILD_WHEN_REACHED * held:
            _create(con, model, model.path.parents[1])
            return None
        con.execute(f"delete from {model.name} as rows where {_reached_filter(model, reached)}").fetchall()
        catalog = con.sql("select current_database()").fetchall()[0][0]
        for table, column, key_column in model.narrowed_inputs:    # shadowed for this insert only
            values = reached.column(key_column).unique()
            con.register("_narrowed_values", pa.table({"value": values}))
            con.execute(f'create temp table _narrowed_{table} as select * from "{catalog}".main.{table} '
                        f'where "{column}" in (select value from _narrowed_values)').fetchall()
            con.unregister("_narrowed_values")
            con.execute(f"create or replace temp view {table} as select * from _narrowed_{table}").fetchall()
        try:
            return con.execute(f"insert into {model.name} {restricted_select(model, reached)}").fetchall()[0][0]
        finally:
            for table, _, _ in model.narrowed_inputs:
                con.execute(f"drop view if exists temp.main.{table}").fetchall()
                con.execute(f"drop table if exists temp.main._narrowed_{table}").fetchall()
    except duckdb.Error as error:
        raise ModelError(f"model {model.name} ({model.path.name}) failed to update: {error}") from error
    finally:
        con.unregister("_reached")


def restricted_select(model: Model, reached: pa.Table) -> str:
    """The model's own ``select``, restricted to the rows of the ``reached`` key values (a
    relation of that name, ``_reached``, holds them while it runs)."""
    return f"select rows.* from (\n{model.body}\n) as rows where {_reached_filter(model, reached)}"


def _reached_filter(model: Model, reached: pa.Table) -> str:
    """Rows (``rows``) whose key values are among ``_reached``: spelled out for the scans, then
    matched exactly (a null key value matches null)."""
    key = model.incremental_key
    matches = " and ".join(f'reached."{c}" is not distinct from rows."{c}"' for c in key)
    return (f"{_pushed_down_filter(reached, key, 'rows')} "
            f"and exists (select 1 from _reached as reached where {matches})")


def _pushed_down_filter(reached: pa.Table, key: list[str], alias: str) -> str:
    """The reached key values spelled out (``player in ('Anna', 'Boris')``), for each column of
    the key of text, date, whole number or truth: a constant filter that DuckDB pushes into its
    scans, where a join is not."""
    terms = []
    for column in key:
        values = reached.column(column)
        spell = _LITERAL.get(next((kind for kind in _LITERAL if kind(values.type)), None))
        distinct = values.unique()
        if spell is None or len(distinct) > _LITERALS_AT_MOST:
            continue
        texts = sorted(spell(v) for v in distinct.to_pylist() if v is not None)
        term = f'{alias}."{column}" in ({", ".join(texts)})' if texts else "false"
        if distinct.null_count:
            term = f'({term} or {alias}."{column}" is null)'
        terms.append(term)
    return " and ".join(terms) or "true"


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


_LITERAL = {
    pa.types.is_string: _sql_string,
    pa.types.is_date32: lambda day: f"date '{day.isoformat()}'",
    pa.types.is_integer: str,
    pa.types.is_boolean: lambda truth: "true" if truth else "false",
}
"""How a key value of each Arrow type is written in SQL."""


def _create(con: duckdb.DuckDBPyConnection, model: Model, sql_root: Path) -> None:
    try:
        con.execute(f"create or replace {model.materialized} {model.name} as\n{model.body}")
    except duckdb.Error as error:
        raise ModelError(f"model {model.name} ({model.path.relative_to(sql_root)}) failed: {error}") from error


def _write_new_file(warehouse: Warehouse, copy_of: Path | None, fill, manifest: Manifest, sql_root: Path) -> list[str]:
    """A new DuckDB file (empty, or a copy of ``copy_of``) filled by ``fill``, stamped with what it
    was built from, then swapped in for the warehouse's file."""
    final = warehouse.duckdb_path
    building = final.with_name(f"{final.name}.building-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    root = warehouse.root.resolve()
    try:
        if copy_of is not None:
            shutil.copyfile(copy_of, building)
        with duckdb.connect(str(building), config={"file_search_path": str(root)}) as con:
            con.execute("set enable_progress_bar = false")
            built = fill(con)
            con.execute(f"create or replace table {STATE_TABLE} (name varchar, value varchar)")
            con.execute(f"insert into {STATE_TABLE} values ('sql', ?), ('parts', ?)",
                        [sql_fingerprint(sql_root), json.dumps(manifest.parts, sort_keys=True)]).fetchall()
            con.execute("checkpoint")
        os.replace(building, final)
    finally:
        for leftover in (building, building.with_name(building.name + ".wal")):
            leftover.unlink(missing_ok=True)
    return built


def built_from(warehouse: Warehouse) -> dict | None:
    """What the warehouse's models were built from: {"sql": fingerprint, "parts": {table: [part]}},
    or None (no models, or models of a runner that kept no state)."""
    if not warehouse.duckdb_path.exists():
        return None
    try:
        with duckdb.connect(str(warehouse.duckdb_path), read_only=True) as con:
            rows = dict(con.execute(f"select name, value from {STATE_TABLE}").fetchall())
    except duckdb.Error:
        return None
    if "sql" not in rows or "parts" not in rows:
        return None
    return {"sql": rows["sql"], "parts": json.loads(rows["parts"])}


def run_audits(warehouse: Warehouse, sql_root: Path = SQL_ROOT) -> dict[str, int]:
    """Count the rows each audit returns (zero means the invariant holds)."""
    with connect(warehouse.root) as con:
        return {
            audit.name: con.execute(f"select count(*) from (\n{audit.body}\n)").fetchone()[0]
            for audit in audits(sql_root)
        }


class ModelError(RuntimeError):
    """A SQL model that does not build."""
