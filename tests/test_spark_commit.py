"""The Spark path's commit (pipeline.spark.commit_spark_output), without Spark: Parquet laid out as
Spark writes it is published with the local writer's lock, journal and ``_manifest.json``."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal

import duckdb
import pyarrow.parquet as pq

from pipeline.ingest import ingest
from pipeline.inputs import LOCAL_FILES
from pipeline.spark import commit_spark_output
from pipeline.warehouse import lay_table_views, read_manifest
from pipeline.worker import FileResult, parse_bytes
from tests.conftest import SAMPLES

NIGHT = SAMPLES / "chinese-night.txt"
NIGHT_HANDS = 36        # "Chinese poker night: 36 hands", the sample's first line
WRONG = SAMPLES / "chinese-wrong-claims.txt"


def spark_output(staging, paths):
    """Parse ``paths`` and write their tables as Spark's partitioned writer does (no ``game``
    column in the files, Spark's part names); returns the run's files and what each stores."""
    return spark_output_of(staging, [(str(path), path.read_bytes()) for path in paths])


def spark_output_of(staging, files: list[tuple[str, bytes]]):
    """:func:`spark_output` of files named as Spark names them (an object store's URIs), by their bytes."""
    results, ids = [], []
    for number, (name, data) in enumerate(files):
        result = parse_bytes(data, name)
        games, quarantined = [], {}
        for (table, game), rows in result.tables.items():
            folder = staging / table / f"game={game}"
            folder.mkdir(parents=True, exist_ok=True)
            pq.write_table(rows, folder / f"part-{number:05d}-1b2c.c000.snappy.parquet")
            if table == "games":
                games += rows.column("game_id").to_pylist()
            if table == "quarantine":
                quarantined.update(zip(rows.column("quarantine_id").to_pylist(), rows.column("error").to_pylist(),
                                       strict=True))
        results.append(FileResult(result.source_file, result.content_hash, result.size_bytes,
                                  count_quarantined=result.count_quarantined, game_ids=result.game_ids,
                                  first_lines=result.first_lines))
        ids.append((games, quarantined))
    return results, ids


def reader(root):
    con = duckdb.connect()
    lay_table_views(con, root, read_manifest(root))
    return con


def rows(con, sql):
    return sorted(tuple(str(v) if isinstance(v, Decimal) else v for v in row) for row in con.execute(sql).fetchall())


def test_spark_output_is_committed_with_the_local_writers_manifest_and_ledger(tmp_path):
    root, local = tmp_path / "spark", tmp_path / "local"
    staging = root / "_spark-run1"
    results, ids = spark_output(staging, [NIGHT, WRONG])
    # written but not committed: readers see nothing of it
    assert rows(reader(root), "select count(*) from games") == [(0,)]

    summary = commit_spark_output(root, staging, results, ids, store=LOCAL_FILES)

    assert summary.games == NIGHT_HANDS + 12 and summary.duplicates == 0
    manifest = json.loads((root / "_manifest.json").read_text())
    assert manifest["generation"] == 1
    committed = [part for parts in manifest["parts"].values() for part in parts]
    assert committed and all((root / part).is_file() for part in committed)
    assert all(part.split("/")[1].startswith("game=") and "_spark" not in part for part in committed)
    assert len(manifest["parts"]["files"]) == 1
    assert not staging.exists() and not list(root.rglob("*.tmp")) and not list((root / "_journal").glob("*"))

    ingest([NIGHT, WRONG], local, jobs=1, build_models=False)
    spark_con, local_con = reader(root), reader(local)
    for sql in ("select count(*) from games", "select game_id, player, net from game_players",
                "select game_id, rule_id, line from findings", "select source_file, content_hash, count_games from files"):
        assert rows(spark_con, sql) == rows(local_con, sql), sql
    assert rows(spark_con, "select count(*) from games") == [(NIGHT_HANDS + 12,)]


def test_a_spark_run_over_files_stored_before_doubles_nothing(tmp_path):
    root = tmp_path / "spark"
    commit_spark_output(root, root / "_spark-run1", *spark_output(root / "_spark-run1", [NIGHT]), store=LOCAL_FILES)
    again = commit_spark_output(root, root / "_spark-run2", *spark_output(root / "_spark-run2", [NIGHT, WRONG]), store=LOCAL_FILES)
    assert (again.games, again.duplicates) == (12, NIGHT_HANDS)
    assert read_manifest(root).generation == 2
    con = reader(root)
    assert rows(con, "select count(*), count(distinct game_id) from games") == [(NIGHT_HANDS + 12, NIGHT_HANDS + 12)]
    shutil.rmtree(root)


def test_a_spark_run_over_a_file_that_changed_supersedes_what_it_lost_and_moves_what_it_kept(tmp_path):
    # the Spark run's commit is its last: it supersedes as a local ingest's last commit does
    root, log = tmp_path / "spark", tmp_path / "room.txt"
    hands = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").split("\n\n")
    log.write_text(hands[0] + "\n\n" + hands[1] + "\n", encoding="utf-8")
    commit_spark_output(root, root / "_spark-run1", *spark_output(root / "_spark-run1", [log]), store=LOCAL_FILES)
    # the room rewrote the file: hand #250000000000 gone, #250000000002 (29 lines) above #250000000001
    log.write_text(hands[2] + "\n\n" + hands[1] + "\n", encoding="utf-8")
    again = commit_spark_output(root, root / "_spark-run2", *spark_output(root / "_spark-run2", [log]), store=LOCAL_FILES)
    assert (again.games, again.duplicates, again.superseded, again.relocated) == (1, 1, 1, 1)
    con = reader(root)
    # #250000000002: Anna puts in 6 + 44 and folds, -50; Boris all-in for 20 wins the main pot of 58,
    # +38; Vera's 50 in (her bet of 10 returned) wins the side pot of 60, +10 (rake 2).
    # #250000000001 (Limit $2/$4), now at line 31: Anna -8, Boris -8, Vera +16
    assert rows(con, "select first_line, player, net from games join game_players using (game_id)") == [
        (1, "Anna", "-50.00"), (1, "Boris", "38.00"), (1, "Vera", "10.00"),
        (31, "Anna", "-8.00"), (31, "Boris", "-8.00"), (31, "Vera", "16.00")]
    assert rows(con, "select first_line from superseded") == [(1,)]
    assert rows(con, "select count(*) from games g join superseded s using (game_id)") == [(0,)]


class ObjectStore:
    """An object store as a Spark ingest meets it: its paths are URIs, kept as they are, and it
    alone says which it holds (this machine's file system knows none of them)."""

    def __init__(self, *paths: str) -> None:
        self.paths, self.asked = set(paths), []

    def located(self, name: str) -> str:
        return name

    def exists(self, path: str) -> bool:
        self.asked.append(path)
        return path in self.paths


def test_a_spark_run_asks_its_store_whether_a_file_read_before_is_still_there(tmp_path):
    hands = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").split("\n\n")
    old, new = "s3a://club-logs/2026/room.txt", "s3a://club-logs/archive/room.txt"
    # the same room's file at another key, the room's edit with it: hand #250000000000 cut out
    texts = {old: "\n\n".join(hands[:3]) + "\n", new: "\n\n".join(hands[1:3]) + "\n"}
    for store, moved in ((ObjectStore(old, new), []), (ObjectStore(new), [(new, old)])):
        root = tmp_path / f"wh{len(store.paths)}"
        commit_spark_output(root, root / "_spark-run1", *spark_output_of(root / "_spark-run1", [(old, texts[old].encode())]),
                            store=store)
        again = commit_spark_output(root, root / "_spark-run2",
                                    *spark_output_of(root / "_spark-run2", [(new, texts[new].encode())]), store=store)
        # still in the store, the old key is a copy beside the new; gone from it, the new is the old moved
        assert store.asked == [old]
        assert (again.moved, again.superseded) == (moved, 1 if moved else 0)
        con = reader(root)
        assert rows(con, "select source_path from files") == sorted([(old,), (new,)])
        assert rows(con, "select count(*) from games") == [(2 if moved else 3,)]
