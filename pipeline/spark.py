"""Past one machine: the same ``parse_bytes`` inside Spark tasks, the same Parquet layout,
the same ``sql/`` models run as Spark SQL (transpiled from DuckDB's dialect by sqlglot).

Optional: ``pip install '.[spark]'``. Nothing in ``rules/`` or ``parsers/`` knows which
engine runs it. The flow:

1. ``binaryFile`` reads every log file as one row; ``mapInArrow`` runs ``parse_bytes`` on
   it and emits one row per (table, game) with the rows serialized as Arrow IPC.
2. A game stored by several files is kept once: from the first file by name.
3. Each table is unpacked by a second ``mapInArrow`` and written partitioned by game:
   ``<warehouse>/<table>/game=<game>/part-*.parquet``, as the local writer does.
4. a temp view per table, of its name, over those folders, then every model in layer order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pyarrow as pa
import sqlglot

from pipeline.models import models
from pipeline.tables import SCHEMAS
from pipeline.worker import parse_bytes

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


def _serialize(table: pa.Table) -> bytes:
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def _parse_batches(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    for batch in batches:
        columns = {name: [] for name in _STAGED.names}
        for path, content in zip(batch.column("path").to_pylist(), batch.column("content").to_pylist()):
            result = parse_bytes(content, path.removeprefix("file:"))
            for (table, game), rows in result.tables.items():
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


def ingest(spark, paths: list[str], warehouse: str | Path) -> dict[str, int]:
    """Parse every log file under ``paths`` in Spark tasks and write the warehouse's Parquet."""
    from pyspark.sql import functions as F
    from pyspark.sql.pandas.types import from_arrow_schema

    root = Path(warehouse)
    files = (
        spark.read.format("binaryFile").option("recursiveFileLookup", "true")
        .option("pathGlobFilter", "*.txt").load(paths).select("path", "content")
    )
    staged = files.mapInArrow(_parse_batches, from_arrow_schema(_STAGED)).cache()
    present = {row["table"] for row in staged.select("table").distinct().collect()}
    counts = {table: 0 for table in SCHEMAS}
    for table in sorted(present):
        unpack, schema = _unpacker(table)
        rows = staged.where(F.col("table") == table).mapInArrow(unpack, from_arrow_schema(schema))
        id_column = {"quarantine": "quarantine_id", "files": None}.get(table, "game_id")
        if id_column:
            # A game found in several files is kept from the first of them (by file name).
            first_file = rows.groupBy(id_column).agg(F.min("_source").alias("_source"))
            rows = rows.join(first_file, [id_column, "_source"], "left_semi")
        rows = rows.drop("_source")
        rows.write.mode("append").partitionBy("game").parquet(str(root / table))
        counts[table] = rows.count()
    staged.unpersist()
    return counts


def to_spark_sql(duckdb_sql: str) -> str:
    return sqlglot.transpile(duckdb_sql, read="duckdb", write="spark")[0]


def build_models(spark, warehouse: str | Path) -> list[str]:
    """Register each table as a view of its name over the Parquet folders and build every model as a temp view."""
    root = Path(warehouse)
    for table, schema in SCHEMAS.items():
        folder = root / table
        if any(folder.glob("game=*")):
            frame = spark.read.option("basePath", str(folder)).parquet(str(folder / "game=*"))
            frame.where("game <> '_none'").createOrReplaceTempView(table)
        else:
            from pyspark.sql.pandas.types import from_arrow_schema

            empty = schema.append(pa.field("game", pa.string()))
            spark.createDataFrame([], from_arrow_schema(empty)).createOrReplaceTempView(table)
    built = []
    for model in models():
        spark.sql(f"create or replace temp view {model.name} as {to_spark_sql(model.body)}")
        built.append(model.name)
    return built
