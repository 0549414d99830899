"""The Spark path (DESIGN.md, "Scale"): the same parse in Spark tasks, the same Parquet, the same models.

Runs Spark's local mode on the machine's Java; it is compared table by table and mart by
mart with the one-machine ingest of the same files.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from pipeline.ingest import ingest
from pipeline.models import reads
from pipeline.tables import SCHEMAS
from pipeline.warehouse import connect, lay_table_views, read_manifest
from tests.conftest import SAMPLES

pyspark = pytest.importorskip("pyspark", reason="the Spark extra is not installed: pip install '.[spark]'")
if shutil.which("java") is None:
    pytest.skip("Spark needs Java 17, and there is no `java` on this machine", allow_module_level=True)

from pipeline import spark as spark_path  # noqa: E402

COMPARED_TABLES = ("games", "game_players", "findings", "quarantine")


JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
"""The JVM of these tests compiles with its quick compiler alone and collects in one thread: Spark
runs here for minutes, too short for the optimising compiler and the parallel collector to repay
their CPU (the session's start took 11 CPU-s, the ingest 42; so 6 and 23; the file 147 to 173, so 122 to 150)."""


@pytest.fixture(scope="module")
def spark():
    with pytest.MonkeyPatch.context() as env:
        if "PYSPARK_SUBMIT_ARGS" not in os.environ:     # options set for the run stand
            env.setenv("PYSPARK_SUBMIT_ARGS", f"--driver-java-options '{JVM_OPTIONS}' pyspark-shell")
        session = spark_path.session("local[2]")
    yield session
    session.stop()


def rows_of(con, sql: str) -> list[tuple]:
    return sorted(tuple(str(v) if isinstance(v, Decimal) else v for v in row) for row in con.execute(sql).fetchall())


def test_spark_ingest_writes_what_the_local_ingest_writes(spark, tmp_path):
    if not list(SAMPLES.glob("*.txt")):
        pytest.skip("data/samples holds no sample logs yet")
    # The samples, and a copy of one with findings under a name read first: each of its games is
    # in two files, and both paths keep it, in every table, from the first of them.
    inputs = tmp_path / "inputs"
    shutil.copytree(SAMPLES, inputs)
    shutil.copy(inputs / "chinese-wrong-claims.txt", inputs / "a-copy-of-chinese-wrong-claims.txt")
    local, distributed = tmp_path / "local", tmp_path / "spark"
    summary = ingest([str(path) for path in sorted(inputs.glob("*.txt"))], local, jobs=1)
    assert summary.duplicates > 0
    counts = spark_path.ingest(spark, [str(inputs)], distributed)
    # committed as the local writer commits: one journaled publish of _manifest.json, which
    # lists every part the run wrote, the file ledger's included, and nothing staged is left
    manifest = read_manifest(distributed)
    assert manifest.generation == 1
    committed = [part for parts in manifest.parts.values() for part in parts]
    assert all((distributed / part).is_file() for part in committed)
    assert sorted(str(p.relative_to(distributed)) for p in distributed.glob("*/game=*/part-*.parquet")) == sorted(committed)
    assert len(manifest.paths("files")) == 1 and not list(distributed.glob("_spark-*"))
    assert not list(distributed.rglob("*.tmp")) and not list((distributed / "_journal").glob("*"))
    built = spark_path.build_models(spark, distributed)
    # Every model is valid Spark SQL over the raw views, the tables this run left empty (aliases,
    # settings, tournaments ...) included: each model no other reads is planned to the physical
    # operators it would run, and its plan holds those of every model beneath it. (Planning each
    # model, and building them again over an empty warehouse, cost this file 86 s more of 370.)
    read_by = reads()
    tops = [name for name in built if not any(name in read_by[other] for other in built)]
    assert "leaderboard" in tops and {name for name in built if name not in tops} <= set().union(*map(read_by.get, tops))
    for name in tops:
        plan = io.StringIO()
        with contextlib.redirect_stdout(plan):
            spark.sql(f"select * from {name}").explain()
        assert "== Physical Plan ==" in plan.getvalue(), name
    with connect(local) as con, duckdb.connect() as stored:
        lay_table_views(stored, distributed, read_manifest(distributed))   # the Spark run's Parquet, as committed
        for table in COMPARED_TABLES:
            expected = con.execute(f"select count(*) from {table}").fetchone()[0]
            assert counts[table] == expected, table
            columns = ", ".join(f'"{name}"' for name in SCHEMAS[table].names if name != "ingested_at")
            assert rows_of(stored, f"select {columns} from {table}") == rows_of(con, f"select {columns} from {table}"), table
        expected_nets = rows_of(con, "select game_id, player, net from stg_game_players")
        expected_board = rows_of(con, "select club, game, season_kind, season, player, count_games, net, rank "
                                      "from leaderboard")
    spark_nets = sorted((r[0], r[1], str(r[2])) for r in spark.sql(
        "select game_id, player, net from stg_game_players").collect())
    spark_board = sorted(tuple(str(v) if isinstance(v, Decimal) else v for v in r) for r in spark.sql(
        "select club, game, season_kind, season, player, count_games, net, rank from leaderboard").collect())
    assert spark_nets == expected_nets
    assert spark_board == expected_board


def test_a_spark_run_over_a_file_that_changed_supersedes_as_the_local_ingest_does(spark, tmp_path):
    # The same edit read by each engine leaves the same tables: the hand the room cut out leaves
    # them for superseded, the hand it kept follows its file to its new lines.
    hands = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").split("\n\n")
    logs = tmp_path / "logs"
    logs.mkdir()
    log = logs / "room.txt"
    local, distributed = tmp_path / "local", tmp_path / "spark"
    log.write_text(hands[0] + "\n\n" + hands[1] + "\n", encoding="utf-8")
    ingest([logs], local, jobs=1, build_models=False)
    spark_path.ingest(spark, [str(logs)], distributed)
    log.write_text(hands[2] + "\n\n" + hands[1] + "\n", encoding="utf-8")
    ingest([logs], local, jobs=1, build_models=False)
    counts = spark_path.ingest(spark, [str(logs)], distributed)
    # hand #250000000002 (29 lines) stored, #250000000001 now at line 31, #250000000000 superseded
    assert (counts["games"], counts["superseded"]) == (2, 1)
    with duckdb.connect() as local_con, duckdb.connect() as spark_con:
        lay_table_views(local_con, local, read_manifest(local))
        lay_table_views(spark_con, distributed, read_manifest(distributed))
        for sql in ("select game_id, source_file, first_line, last_line from games",
                    "select game_id, line, action_no from holdem_actions", "select game_id, first_line from superseded"):
            assert rows_of(spark_con, sql) == rows_of(local_con, sql), sql
        assert rows_of(spark_con, "select first_line from games") == [(1,), (31,)]


def test_a_spark_ingest_asks_spark_whether_a_file_is_still_there(spark, tmp_path):
    # the reader that lists the input answers, not this machine: the same for an object store's key
    files = spark_path.SparkFiles(spark)
    there, gone = tmp_path / "night.txt", tmp_path / "gone.txt"
    there.write_text("a log\n", encoding="utf-8")
    assert (files.exists(str(there)), files.exists(str(gone)), files.exists(f"file://{gone}")) == (True, False, False)
    assert (files.located("s3a://club-logs/night.txt"), files.located("night.txt")) == (
        "s3a://club-logs/night.txt", str(Path.cwd() / "night.txt"))
