"""A warehouse is a folder you can move: built in one place, used from another, moved, copied.

Driven the way a user drives it, through the command line, with relative paths and another
working directory each time.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from tests.conftest import SAMPLES
from tests.warehouse_rows import committed_rows, counts_seen_by_a_reader

LOGS = ("chinese-wrong-claims.txt", "raspisnoy-night.txt")
CHINESE_HANDS = 12      # "Chinese poker hand" headers in chinese-wrong-claims.txt


def rasklad(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 0, result.output
    return result.output


def query(warehouse: str, sql: str) -> list[dict]:
    return json.loads(rasklad("query", sql, "--warehouse", warehouse, "--json"))


def built_in(folder: Path, name: str, monkeypatch) -> Path:
    """A warehouse named ``name`` built from ``folder`` with relative paths, as after
    ``cd folder && rasklad ingest logs --warehouse name``."""
    (folder / "logs").mkdir(parents=True)
    for log in LOGS:
        shutil.copy(SAMPLES / log, folder / "logs" / log)
    monkeypatch.chdir(folder)
    rasklad("ingest", "logs", "--warehouse", name, "-j", "1", "-q")
    return folder / name


def test_a_warehouse_works_from_another_folder_and_after_a_move(tmp_path, monkeypatch):
    built = built_in(tmp_path / "club", "wh[1]", monkeypatch)      # a glob character in the name
    expected = counts_seen_by_a_reader(built)
    assert expected["games.chinese"] == CHINESE_HANDS
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    for place in (str(built), "../club/wh[1]"):
        rows = query(place, "select game, count(*) as n from stg_games group by all order by game")
        assert {row["game"]: row["n"] for row in rows}["chinese"] == CHINESE_HANDS
        assert "CP-SCORE" in rasklad("audit", "--warehouse", place)
        assert "player_stats_chinese" in rasklad("stats", "--warehouse", place)
    moved = tmp_path / "archive" / "moved"
    moved.parent.mkdir()
    shutil.move(built, moved)
    assert counts_seen_by_a_reader(moved) == expected
    assert query(str(moved), "select count(*) as n from stg_games where game = 'chinese'") == [{"n": CHINESE_HANDS}]
    # The moved warehouse takes new games where it is now.
    rasklad("ingest", str(SAMPLES / "chinese-night.txt"), "--warehouse", str(moved), "-q")
    assert query(str(moved), "select count(*) as n from stg_games where game = 'chinese'") == [{"n": CHINESE_HANDS + 36}]


def test_a_copy_reads_its_own_files_never_the_originals(tmp_path, monkeypatch):
    original = built_in(tmp_path / "club", "warehouse", monkeypatch)
    copy = tmp_path / "copy"
    shutil.copytree(original, copy)
    before = committed_rows(copy)
    # The original grows, then goes: the copy neither sees the new games nor misses the old.
    rasklad("ingest", str(SAMPLES / "chinese-night.txt"), "--warehouse", str(original), "-q")
    assert query(str(original), "select count(*) as n from stg_games where game = 'chinese'") == [{"n": 48}]
    shutil.rmtree(original)
    monkeypatch.chdir(tmp_path)
    assert query("copy", "select count(*) as n from stg_games where game = 'chinese'") == [{"n": CHINESE_HANDS}]
    assert committed_rows(copy) == before


def test_source_file_keeps_the_path_as_given_and_the_ledger_the_absolute_path(tmp_path, monkeypatch):
    built = built_in(tmp_path / "club", "warehouse", monkeypatch)
    files = query(str(built), "select source_file, source_path from files order by source_file")
    assert files == [{"source_file": f"logs/{log}", "source_path": str(tmp_path / "club" / "logs" / log)}
                     for log in sorted(LOGS)]
    assert query(str(built), "select distinct source_file from games where game = 'chinese'") == [
        {"source_file": "logs/chinese-wrong-claims.txt"}]


def test_a_plain_duckdb_connection_from_elsewhere_fails_instead_of_reading_other_files(tmp_path, monkeypatch):
    import duckdb

    built = built_in(tmp_path / "club", "warehouse", monkeypatch)
    monkeypatch.chdir(tmp_path)
    with duckdb.connect(str(built / "rasklad.duckdb"), read_only=True) as con, pytest.raises(duckdb.IOException):
        con.execute("select count(*) from games").fetchone()
