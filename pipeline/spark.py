"""Past one machine: the same ``parse_bytes`` inside Spark tasks, the same Parquet layout,
the same ``sql/`` models run as Spark SQL (transpiled from DuckDB's dialect by sqlglot).

Optional: ``pip install '.[spark]'``. Nothing in ``rules/`` or ``parsers/`` knows which
engine runs it. The flow:

1. ``binaryFile`` reads every log file as one row; ``mapInArrow`` runs ``parse_bytes`` on
   it and emits one row per (table, game) with the rows serialized as Arrow IPC.
2. A game stored by several files is kept once: from the first file by name.
3. Each table is unpacked by a second ``mapInArrow`` and written partitioned by game into a
   staging folder of the warehouse (``_spark-<run>/<table>/game=<game>/part-*.parquet``) that no
   reader looks at.
4. The commit, on the driver, is the local writer's (:func:`commit_spark_output`): the
   warehouse's lock, the parts moved to ``<table>/game=<game>/part-*.parquet`` under temporary
   names, then one journaled publish that writes ``_manifest.json`` and the file ledger, games
   stored before left out; the games a file read again no longer holds are superseded, and
   those it holds at other lines follow it, as in a local ingest. Readers see the whole run or
   none of it.
5. a temp view per table, of its name, over the committed parts, then every model in layer order,
   each keeping its analysed plan.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import sqlglot
from sqlglot import exp

from pipeline.inputs import FileStore
from pipeline.models import expand_macros, models
from pipeline.tables import SCHEMAS
from pipeline.warehouse import CommitSummary, StagedBatch, StagedPart, Warehouse, id_column, read_manifest
from pipeline.worker import FileResult, parse_bytes
from rules.words import same_name

_STORE_ANALYSED_PLAN = "spark.sql.legacy.storeAnalyzedPlanForView"
"""Spark's setting that keeps a temp view's analysed plan rather than its text (see :func:`build_models`)."""

_STAGED = pa.schema([("table", pa.string()), ("game", pa.string()), ("source_file", pa.string()),
                     ("ipc", pa.binary())])


def session(master: str = "local[2]"):
    """A Spark session; local mode by default (tests and one-machine trials)."""
    import os
    import sys

    from pyspark.sql import SparkSession

    # Spark's Python workers must run the interpreter that has this project installed.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    return (
        SparkSession.builder.master(master).appName("rasklad")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )


class SparkFiles:
    """The files of a Spark ingest where Spark reads them (``binaryFile``: a local folder, HDFS, an
    object store): a path with a scheme (``s3a://bucket/night.txt``) is kept as Spark names it, a
    local one (Spark's ``file:``) as an absolute path; whether a path is still there is asked of
    Spark's reader too, as the input is listed, never of this machine's file system."""

    def __init__(self, spark) -> None:
        self.spark = spark

    def located(self, name: str) -> str:
        return name if _has_scheme(name) else os.path.abspath(name)

    def exists(self, path: str) -> bool:
        from pyspark.errors import AnalysisException

        try:
            # (the reader lists the path when loaded: one that does not exist fails there)
            self.spark.read.format("binaryFile").load(path if _has_scheme(path) else "file:" + path)
        except AnalysisException as error:
            condition = error.getCondition() if hasattr(error, "getCondition") else error.getErrorClass()  # (3.5)
            if condition == "PATH_NOT_FOUND":
                return False
            raise
        return True


def _has_scheme(path: str) -> bool:
    """Does ``path`` name its store (``s3a://``, ``hdfs://``)?"""
    scheme, colon, rest = path.partition(":")
    return bool(colon) and rest.startswith("//") and scheme.isidentifier()


def _serialize(table: pa.Table) -> bytes:
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


_FILE_ROW = "_file"
"""The staged row that carries a file's own figures (for the file ledger), not a table's rows."""
_FILE_SCHEMA = pa.schema([("source_file", pa.string()), ("content_hash", pa.string()), ("size_bytes", pa.int64()),
                          ("count_quarantined", pa.int64()), ("game_ids", pa.list_(pa.string())),
                          ("first_lines", pa.list_(pa.int32()))])


def _parse_batches(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    for batch in batches:
        columns = {name: [] for name in _STAGED.names}
        for path, content in zip(batch.column("path").to_pylist(), batch.column("content").to_pylist()):
            result = parse_bytes(content, path.removeprefix("file:"))
            figures = pa.table({"source_file": [result.source_file], "content_hash": [result.content_hash],
                                "size_bytes": [result.size_bytes], "count_quarantined": [result.count_quarantined],
                                "game_ids": [result.game_ids], "first_lines": [result.first_lines]},
                               schema=_FILE_SCHEMA)
            for (table, game), rows in [*result.tables.items(), ((_FILE_ROW, ""), figures)]:
                columns["table"].append(table)
                columns["game"].append(game)
                columns["source_file"].append(result.source_file)
                columns["ipc"].append(_serialize(rows))
        yield pa.RecordBatch.from_pydict(columns, schema=_STAGED)


def _unpacker(table: str):
    schema = SCHEMAS[table].append(pa.field("game", pa.string())).append(pa.field("_source", pa.string()))

    def unpack(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in batches:
            for game, source, ipc in zip(batch.column("game").to_pylist(), batch.column("source_file").to_pylist(),
                                         batch.column("ipc").to_pylist()):
                rows = pa.ipc.open_stream(ipc).read_all()
                rows = rows.append_column("game", pa.array([game] * rows.num_rows, pa.string()))
                rows = rows.append_column("_source", pa.array([source] * rows.num_rows, pa.string()))
                yield from rows.cast(schema).to_batches()

    return unpack, schema


_LEDGER_TABLES = ("games", "quarantine")
"""The tables whose games the file ledger counts."""


def _ledger(table: str, found: list, kept: dict[str, tuple[list[str], dict[str, str]]]) -> list:
    """Into ``kept`` (per file: its games, its quarantined games with their reasons), the games of
    ``table`` that each file holds first, from ``found`` (rows of game, file and, in quarantine,
    the reason); returns the (game, file) of the copies other files hold."""
    first: dict[str, str] = {}
    for game, source, *_ in found:
        first[game] = min(first.get(game, source), source)
    for game, source, *reason in found:
        if source == first[game]:
            stored, quarantined = kept[source]
            if table == "games":
                stored.append(game)
            else:
                quarantined[game] = reason[0]
    return sorted({(game, source) for game, source, *_ in found if source != first[game]})


def ingest(spark, paths: list[str], warehouse: str | Path) -> dict[str, int]:
    """Parse every log file under ``paths`` in Spark tasks and commit their rows to the warehouse
    as the local writer does (games stored before left out); returns the rows each table holds
    after the commit."""
    from pyspark.sql import functions as F
    from pyspark.sql.pandas.types import from_arrow_schema

    root = Path(warehouse)
    staging = root / f"_spark-{uuid.uuid4().hex[:12]}"
    files = (
        spark.read.format("binaryFile").option("recursiveFileLookup", "true")
        .option("pathGlobFilter", "*.txt").load(paths).select("path", "content")
    )
    staged = files.mapInArrow(_parse_batches, from_arrow_schema(_STAGED)).cache()
    present = {row["table"] for row in staged.select("table").distinct().collect()} - {_FILE_ROW}
    figures = [pa.ipc.open_stream(row["ipc"]).read_all().to_pylist()[0]
               for row in staged.where(F.col("table") == _FILE_ROW).select("ipc").collect()]
    kept: dict[str, tuple[list[str], dict[str, str]]] = {f["source_file"]: ([], {}) for f in figures}
    # A game found in several files is kept from the first of them (by file name), in every table.
    # The ledger's tables come first: the driver reads which file holds which of their games (for
    # the ledger's counts and the commit's summary), and so finds the copies to leave out; each
    # table then drops them by one join with that short list (none, mostly), where grouping every
    # table by game to find its first file shuffled the whole table.
    copies: dict[str, list[tuple[str, str]]] = {}     # per id column: (game, file) of each copy left out
    for table in sorted(present, key=lambda name: (name not in _LEDGER_TABLES, name)):
        unpack, schema = _unpacker(table)
        rows = staged.where(F.col("table") == table).mapInArrow(unpack, from_arrow_schema(schema))
        column = id_column(table)
        if table in _LEDGER_TABLES:
            said = ["error"] if table == "quarantine" else []
            copies[column] = _ledger(table, rows.select(column, "_source", *said).distinct().collect(), kept)
        if copies.get(column):
            left_out = spark.createDataFrame(copies[column], [column, "_source"])
            rows = rows.join(F.broadcast(left_out), [column, "_source"], "left_anti")
        rows.drop("_source").write.mode("append").partitionBy("game").parquet(str(staging / table))
    staged.unpersist()
    results = [FileResult(f["source_file"], f["content_hash"], f["size_bytes"],
                          count_quarantined=f["count_quarantined"], game_ids=f["game_ids"], first_lines=f["first_lines"])
               for f in sorted(figures, key=lambda f: f["source_file"])]
    commit_spark_output(root, staging, results, [kept[r.source_file] for r in results], store=SparkFiles(spark))
    counts = {table: 0 for table in SCHEMAS}
    for table in counts:
        paths_of_table = [str(root / part) for part in read_manifest(root).paths(table)]
        counts[table] = sum(pq.ParquetFile(path).metadata.num_rows for path in paths_of_table)
    return counts


def commit_spark_output(root: str | Path, staging: Path, results: list[FileResult],
                        ids: list[tuple[list[str], dict[str, str]]], *, store: FileStore) -> CommitSummary:
    """Publish the Parquet a Spark run wrote under ``staging`` (``<table>/game=<game>/*.parquet``)
    as one commit of the warehouse at ``root``, the local writer's: under its lock, each part
    moved to its place under a temporary name, then the journaled publish that writes the
    manifest and the file ledger. ``results`` are the run's files (their tables left out, their
    ``game_ids`` and ``first_lines`` kept) and ``ids`` what each stores: its games, and its
    quarantined games with their reasons. Games stored before are dropped from the parts, as a
    local ingest drops them; the commit is the run's last, so it supersedes as a local ingest's
    last commit does (a file read again after it changed: see ``Warehouse.commit_staged``).
    ``store``: where the files were read (:class:`SparkFiles`), for the ledger's paths and to
    tell a file moved from a copy."""
    root = Path(root)
    run = uuid.uuid4().hex[:12]
    with Warehouse(root).open(purpose="rasklad spark ingest") as warehouse:
        parts = []
        for number, written in enumerate(sorted(staging.glob("*/game=*/*.parquet"))):
            table, game = written.parent.parent.name, written.parent.name.removeprefix("game=")
            final = f"{table}/game={game}/part-spark-{run}-{number:05d}.parquet"
            target = root / (final + ".tmp")
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(written, target)
            parts.append(StagedPart(table=table, final=final, rows=pq.ParquetFile(target).metadata.num_rows,
                                    id_column=id_column(table)))
        # ``numbers`` feeds the ledger of a writer that goes on committing; this one closes now
        batch = StagedBatch(results=results, ids=ids, repeats=[0] * len(results),
                            repeats_quarantined=[0] * len(results), parts=parts, numbers=np.zeros(0, dtype=np.uint64))
        summary = warehouse.commit_staged(batch, supersede=True, store=store)
    shutil.rmtree(staging, ignore_errors=True)
    return summary


def to_spark_sql(duckdb_sql: str) -> str:
    """Spark SQL for a model's DuckDB SQL; Spark has no DuckDB macros, so their calls are written out.
    DuckDB's ``error(message)`` (season_of's answer to an unknown kind) is Spark's ``raise_error``,
    which sqlglot does not translate. Spark has no HUGEINT: a DECIMAL(38, 0) holds the same whole
    numbers, and DuckDB's exact division of HUGEINTs (the ROI's cents) is the floor of their decimal
    quotient, as Spark's ``div`` casts its answer to a BIGINT, which a large quotient wraps around."""
    def raise_error(node):
        if isinstance(node, exp.Anonymous) and node.name.lower() == "error":
            return exp.Anonymous(this="raise_error", expressions=node.expressions)
        return node

    def floor_of_hugeints(node):
        if isinstance(node, exp.IntDiv) and any(kind.this == exp.DataType.Type.INT128
                                                for kind in node.find_all(exp.DataType)):
            return exp.Floor(this=exp.Div(this=node.this, expression=node.expression))
        return node

    def hugeint_as_decimal(node):
        if isinstance(node, exp.DataType) and node.this == exp.DataType.Type.INT128:
            return exp.DataType.build("decimal(38, 0)")
        return node

    parsed = sqlglot.parse_one(expand_macros(duckdb_sql), read="duckdb")
    return parsed.transform(raise_error).transform(floor_of_hugeints).transform(hugeint_as_decimal).sql(dialect="spark")


def build_models(spark, warehouse: str | Path) -> list[str]:
    """Register each table as a view of its name over its committed parts (the manifest's) and
    build every model as a temp view."""
    root = Path(warehouse)
    manifest = read_manifest(root)
    for table, schema in SCHEMAS.items():
        parts = [str(root / part) for part in manifest.paths(table)]
        if parts:
            frame = spark.read.option("basePath", str(root / table)).parquet(*parts)
            frame.createOrReplaceTempView(table)
        else:
            from pyspark.sql.pandas.types import from_arrow_schema

            empty = schema.append(pa.field("game", pa.string()))
            spark.createDataFrame([], from_arrow_schema(empty)).createOrReplaceTempView(table)
    # DuckDB's nfc_normalize (the composed form every stored name has, rules.words.same_name) is
    # no Spark function: the same rule, registered for the models that compose a link's names
    spark.udf.register("nfc_normalize", lambda name: None if name is None else same_name(name))
    built = []
    # Each view keeps its analysed plan, not its text: a view made of views is then not analysed
    # again, with all those below it, wherever it is read (the build took 22 s over no rows, 14 s so;
    # a query of a mart afterwards 0.2 s against 0.05). The models are made in the order they read
    # each other, once, so no view needs to see a later change of those it reads.
    stored = spark.conf.get(_STORE_ANALYSED_PLAN, "false")
    spark.conf.set(_STORE_ANALYSED_PLAN, "true")
    try:
        for model in models():
            spark.sql(f"create or replace temp view {model.name} as {to_spark_sql(model.body)}")
            built.append(model.name)
    finally:
        spark.conf.set(_STORE_ANALYSED_PLAN, stored)
    return built
