"""The Parquet warehouse: idempotent, journaled commits, the ledger, quarantine (real Parquet, real DuckDB)."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest

from pipeline import models
from pipeline.ingest import ingest
from pipeline.tables import TableRows
from pipeline.warehouse import Warehouse, connect, stage_results
from pipeline.worker import FileResult, parse_file


def result_with_games(*game_ids: str, file: str = "club.txt") -> FileResult:
    """A worker's result holding one two-player game per ID (built the way workers build it)."""
    rows = TableRows()
    for number, game_id in enumerate(game_ids):
        rows.add("games", "chinese", game_id=game_id, source_file=file, first_line=number * 10 + 1,
                 last_line=number * 10 + 8, club="Tverskaya", ruleset="default", count_players=2)
        rows.add("game_players", "chinese", game_id=game_id, player="Anna", seat=1, net=Decimal("2"))
        rows.add("game_players", "chinese", game_id=game_id, player="Boris", seat=2, net=Decimal("-2"))
    result = FileResult(file, f"hash-{'-'.join(game_ids)}", 100, count_games=len(game_ids))
    result.tables = rows.to_arrow()
    return result


def stored_ids(root: Path) -> list[str]:
    with duckdb.connect() as con:
        glob = str(root / "games" / "*" / "*.parquet")
        return sorted(r[0] for r in con.execute(f"select game_id from read_parquet('{glob}')").fetchall())


def test_commit_stores_games_once_even_when_committed_again(warehouse):
    store = Warehouse(warehouse).open()
    first = store.commit([result_with_games("00000000000000a1", "00000000000000a2")])
    again = store.commit([result_with_games("00000000000000a2", "00000000000000a3", file="other.txt")])
    assert (first.games, again.games, again.duplicates) == (2, 1, 1)
    assert stored_ids(warehouse) == ["00000000000000a1", "00000000000000a2", "00000000000000a3"]
    # The ledger survives a new process: a reopened warehouse knows every stored game.
    reopened = Warehouse(warehouse).open()
    assert reopened.commit([result_with_games("00000000000000a1")]).games == 0
    assert list(reopened.known_ids) == [0xA1, 0xA2, 0xA3]


def test_same_game_in_two_files_of_one_batch_is_stored_once(warehouse):
    store = Warehouse(warehouse).open()
    summary = store.commit([result_with_games("00000000000000b1"), result_with_games("00000000000000b1", file="b.txt")])
    assert (summary.games, summary.duplicates) == (1, 1)
    with duckdb.connect() as con:
        glob = str(warehouse / "game_players" / "*" / "*.parquet")
        assert con.execute(f"select count(*) from read_parquet('{glob}')").fetchone()[0] == 2


def test_batches_committed_together_store_a_game_they_share_once(warehouse):
    # Two readers staged the same game apart; their batches are published in one commit.
    store = Warehouse(warehouse).open()
    first = stage_results(store.root, [result_with_games("00000000000000c1", "00000000000000c2")])
    second = stage_results(store.root, [result_with_games("00000000000000c2", "00000000000000c3", file="b.txt")])
    summary = store.commit_staged(first, second)
    assert (summary.games, summary.duplicates) == (3, 1)
    assert stored_ids(warehouse) == ["00000000000000c1", "00000000000000c2", "00000000000000c3"]
    assert list(store.known_ids) == [0xC1, 0xC2, 0xC3]
    assert not list(warehouse.glob("*/*/*.tmp"))


def test_files_are_partitioned_by_game(warehouse):
    Warehouse(warehouse).open().commit([result_with_games("00000000000000c1")])
    parts = sorted(p.relative_to(warehouse).parts[:2] for p in warehouse.glob("*/game=chinese/*.parquet"))
    assert parts == [("game_players", "game=chinese"), ("games", "game=chinese")]


def test_killed_commit_before_its_journal_leaves_nothing(warehouse, monkeypatch):
    store = Warehouse(warehouse).open()
    import pipeline.warehouse as module

    def crash(*args, **kwargs):
        raise KeyboardInterrupt("killed while writing the journal")

    monkeypatch.setattr(module, "write_text_atomically", crash)
    with pytest.raises(KeyboardInterrupt):
        store.commit([result_with_games("00000000000000d1")])
    monkeypatch.undo()
    assert list(warehouse.glob("*/*/*.tmp"))  # the half-written batch is on disk …
    Warehouse(warehouse).open()
    assert not list(warehouse.glob("*/*/*.tmp"))  # … and the next open throws it away
    assert stored_ids(warehouse) == []


def test_killed_commit_after_its_journal_is_rolled_forward(warehouse, monkeypatch):
    store = Warehouse(warehouse).open()
    real_replace = os.replace
    renamed = []

    def crash_after_first(source, target):
        if str(source).endswith(".parquet.tmp") and renamed:
            raise KeyboardInterrupt("killed between renames")
        renamed.append(target)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", crash_after_first)
    with pytest.raises(KeyboardInterrupt):
        store.commit([result_with_games("00000000000000e1", "00000000000000e2")])
    monkeypatch.undo()
    Warehouse(warehouse).open()
    assert stored_ids(warehouse) == ["00000000000000e1", "00000000000000e2"]
    assert not (warehouse / "_journal").exists() or not list((warehouse / "_journal").iterdir())


def test_unknown_text_goes_to_quarantine_with_position_and_original_text(tmp_path):
    log = tmp_path / "notes.txt"
    log.write_text("# a comment\nthis is\u00a0not a log  \n", encoding="utf-8")
    result = parse_file(log)
    quarantine = result.tables[("quarantine", "unknown")]
    row = quarantine.to_pylist()[0]
    assert (row["source_file"], row["first_line"], row["last_line"], row["line"], row["column"]) == (
        str(log), 2, 2, 2, 1)
    assert row["error"].startswith("text is not a game of any known format")
    assert row["text"] == "this is\u00a0not a log  "  # as written: the non-breaking space and blanks kept


def test_ingest_twice_adds_nothing_and_skips_unchanged_files(tmp_path, warehouse):
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.txt").write_text("stray line\n")
    (folder / "b.log").write_text("another stray line\n")
    (folder / "c.hp").write_text("not a log by its name: not read from a folder\n")
    first = ingest([folder], warehouse, jobs=1)
    second = ingest([folder], warehouse, jobs=2)
    assert (first.files, first.quarantined) == (2, 2)
    assert (second.files, second.files_unchanged, second.quarantined) == (2, 2, 0)
    with connect(warehouse) as con:
        assert con.execute("select count(*) from stg_quarantine").fetchone()[0] == 2


def test_models_build_on_an_empty_warehouse_and_audits_pass(warehouse):
    store = Warehouse(warehouse).open()
    built = models.build(store)
    assert {"stg_games", "stg_game_players", "stg_findings", "int_player_games", "leaderboard"} <= set(built)
    assert all(count == 0 for count in models.run_audits(store).values())


def test_leaderboard_ranks_players_by_net_per_season(warehouse):
    store = Warehouse(warehouse).open()
    store.commit([result_with_games("00000000000000f1", "00000000000000f2")])
    models.build(store)
    with connect(store.root) as con:
        rows = con.execute(
            "select player, count_games, net, count_wins, avg_placement, rank from leaderboard "
            "where season_kind = 'all' order by rank").fetchall()
    assert rows == [("Anna", 2, Decimal("4.00"), 2, 1.0, 1), ("Boris", 2, Decimal("-4.00"), 0, 2.0, 2)]


def test_every_table_has_a_zero_row_file_so_views_always_read(warehouse):
    Warehouse(warehouse).open()
    empty = pq.read_table(warehouse / "findings" / "game=_none" / "empty.parquet")
    assert empty.num_rows == 0 and "rule_id" in empty.column_names


def test_table_rows_extend_equals_adding_row_by_row():
    import doctest

    import pipeline.tables

    one, bulk = TableRows(), TableRows()
    rows = [{"game_id": "a1", "player": "Anna", "seat": 1, "net": Decimal("2.50")},
            {"game_id": "a1", "player": "Boris", "seat": None, "net": Decimal("-2.50")}]
    one.add("games", "holdem", game_id="a1", count_players=2)
    bulk.add("games", "holdem", game_id="a1", count_players=2)
    for row in rows:
        one.add("game_players", "holdem", **row)
    bulk.extend("game_players", "holdem", {name: [row[name] for row in rows] for name in ("game_id", "player", "net", "seat")})
    bulk.extend("game_players", "holdem", {"game_id": [], "player": []})  # no rows: nothing added
    assert bulk.to_arrow() == one.to_arrow()
    with pytest.raises(KeyError, match="has no column colour"):
        bulk.extend("game_players", "holdem", {"game_id": ["a1"], "colour": ["red"]})
    assert doctest.testmod(pipeline.tables).failed == 0


def test_reingest_rebuilds_the_models_only_when_games_or_sql_changed(tmp_path, warehouse, monkeypatch):
    import pipeline.ingest

    builds, updates = [], []
    real_build, real_update = models.build, models.update
    monkeypatch.setattr(models, "build", lambda *args, **kwargs: builds.append(1) or real_build(*args, **kwargs))
    monkeypatch.setattr(models, "update", lambda *args, **kwargs: updates.append(1) or real_update(*args, **kwargs))
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.txt").write_text("stray line\n")
    ingest([folder], warehouse, jobs=1)
    ingest([folder], warehouse, jobs=1)                  # nothing new: the models stand
    assert (len(builds), len(updates)) == (1, 1)
    (folder / "b.txt").write_text("another stray line\n")
    ingest([folder], warehouse, jobs=1)                  # a new (quarantined) game: updated
    assert (len(builds), len(updates)) == (1, 2)
    (warehouse / "rasklad.duckdb").unlink()
    ingest([folder], warehouse, jobs=1)                  # the models' file is gone: rebuilt
    assert (len(builds), len(updates)) == (2, 3)
    sql = tmp_path / "sql"
    sql.mkdir()
    (sql / "extra.sql").write_text("select 1")
    monkeypatch.setattr(models, "SQL_ROOT", sql)
    monkeypatch.setattr(pipeline.ingest, "SQL_ROOT", sql)     # the fingerprint reads the same folder
    ingest([folder], warehouse, jobs=1)                  # other SQL: rebuilt
    assert (len(builds), len(updates)) == (3, 4)
    with connect(warehouse) as con:
        assert con.execute("select count(*) from stg_quarantine").fetchone()[0] == 2


def test_ingest_rebuilds_models_while_a_reader_holds_the_old_file(tmp_path, warehouse):
    # A dashboard keeps a read-only connection open; a command-line ingest must not be blocked by it.
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("stray line one\n")
    second.write_text("stray line two\n")
    ingest([first], warehouse, jobs=1)
    reader = connect(warehouse)
    try:
        ingest([second], warehouse, jobs=1)
        # The old connection still answers, with the commit it opened at …
        assert reader.execute("select count(*) from stg_quarantine").fetchone()[0] == 1
        # … and the new file is there for the next connection.
        with connect(warehouse) as fresh:
            assert fresh.execute("select count(*) from stg_quarantine").fetchone()[0] == 2
    finally:
        reader.close()


def test_a_game_whose_rows_fail_to_build_is_quarantined_whole(monkeypatch):
    # A fault in a facts module must neither crash the run nor leave half a game's rows.
    import pipeline.worker as worker
    from pipeline.games import Handler, handler_for
    from tests import formats_examples

    def failing(record):
        real = handler_for(record)

        def add_rows(rows, record, replay):
            real.add_rows(rows, record, replay)
            raise RuntimeError("facts bug")
        return Handler(replay=real.replay, add_rows=add_rows)

    monkeypatch.setattr(worker, "handler_for", failing)
    result = worker.parse_bytes(formats_examples.CHINESE.encode(), "night.txt")
    assert result.count_games == 0 and result.count_quarantined == 1
    assert all(table.num_rows == 0 for (name, _), table in result.tables.items() if name != "quarantine")
    row, = result.tables[("quarantine", "chinese")].to_pylist()
    assert row["error"].startswith("internal error (RuntimeError: facts bug)")


def test_a_second_writer_never_deletes_the_parts_a_live_writer_staged(warehouse):
    import threading

    from pipeline.warehouse import WarehouseBusy

    store = Warehouse(warehouse).open()
    staged = stage_results(store.root, [result_with_games("00000000000000a7")])
    refused = []

    def second_writer():
        try:
            Warehouse(warehouse).open(wait=False)
        except WarehouseBusy as error:
            refused.append(str(error))

    other = threading.Thread(target=second_writer)  # another thread: another writer, as another process is
    other.start()
    other.join()
    assert refused and "being written by another process" in refused[0]
    assert len(list(warehouse.glob("*/*/*.tmp"))) == len(staged.parts)
    assert store.commit_staged(staged).games == 1
    store.close()
    assert stored_ids(warehouse) == ["00000000000000a7"]


def test_the_models_fingerprint_is_written_only_once_the_models_are_in_place(tmp_path, warehouse, monkeypatch):
    import pipeline.ingest

    log = tmp_path / "a.txt"
    log.write_text("stray line\n")

    def killed(*args, **kwargs):
        raise KeyboardInterrupt("killed while building the models")

    monkeypatch.setattr(models, "build", killed)
    with pytest.raises(KeyboardInterrupt):
        ingest([log], warehouse, jobs=1)
    monkeypatch.undo()
    assert not (warehouse / pipeline.ingest.MODELS_STAMP).exists()
    again = ingest([log], warehouse, jobs=1)     # nothing new, but the models are built
    assert again.models_failed == ""
    assert (warehouse / pipeline.ingest.MODELS_STAMP).exists()
    marts = {model.name for model in models.models() if model.layer == "30_marts"}
    with duckdb.connect(str(Warehouse(warehouse).duckdb_path), read_only=True) as built:
        tables = {name for (name,) in built.execute("select table_name from duckdb_tables()").fetchall()}
    assert marts - tables == set()
    with connect(warehouse) as con:
        assert con.execute("select count(*) from stg_quarantine").fetchone()[0] == 1


def _arrow_pool_of_a_process(**environ: str) -> str:
    """The Arrow memory pool of a fresh process that imports the warehouse's tables."""
    import subprocess
    import sys

    env = {name: value for name, value in os.environ.items() if name != "ARROW_DEFAULT_MEMORY_POOL"} | environ
    code = "import pipeline.tables, pyarrow as pa; print(pa.default_memory_pool().backend_name)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                          cwd=Path(__file__).resolve().parent.parent)
    return done.stdout.strip()


def test_arrow_buffers_come_from_jemalloc_unless_the_user_names_a_pool():
    import pyarrow as pa

    try:
        pa.jemalloc_memory_pool()
    except NotImplementedError:
        pytest.skip("this pyarrow is built without jemalloc")
    assert _arrow_pool_of_a_process() == "jemalloc"
    assert _arrow_pool_of_a_process(ARROW_DEFAULT_MEMORY_POOL="system") == "system"


def test_a_new_warehouse_opens_without_loading_arrow_s_dataset_reader_or_numpy_ma(tmp_path):
    # A first ingest's ledger is empty: neither pyarrow.dataset (to read no file) nor numpy.ma
    # (which np.unique loads) is any use to it, and each costs the command's start-up.
    import subprocess
    import sys

    # pandas out of reach, as the ingest command keeps it (pyarrow would load it, and numpy.ma with it)
    code = ("import sys\nclass NoPandas:\n    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] == 'pandas':\n            raise ModuleNotFoundError(name, name=name)\n"
            "sys.meta_path.insert(0, NoPandas())\nfrom pipeline.warehouse import Warehouse\n"
            "store = Warehouse(sys.argv[1]).open()\n"
            "print(store.known_ids.tolist(), store.knows_file('x'), 'pyarrow.dataset' in sys.modules, "
            "'numpy.ma' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "new")], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent.parent)
    assert done.stdout.split() == ["[]", "False", "False", "False"]


def test_known_ids_of_a_reopened_warehouse_are_sorted_once_each(warehouse):
    # Stored games and quarantined ones make the ledger; committed out of order, read back sorted.
    store = Warehouse(warehouse).open()
    store.commit([result_with_games("00000000000000f3", "00000000000000f1")])
    store.commit([result_with_games("00000000000000f2", "00000000000000f1", file="other.txt")])
    assert list(Warehouse(warehouse).open().known_ids) == [0xF1, 0xF2, 0xF3]
