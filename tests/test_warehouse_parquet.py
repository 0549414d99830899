"""How a warehouse part is laid out in Parquet (``pipeline.warehouse.write_part``): what readers
see is the table as given, whatever the encodings chosen for speed."""

from __future__ import annotations

from decimal import Decimal

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.tables import SCHEMAS, money_from_cents
from pipeline.warehouse import write_part


def game_players(game_ids: list[str], cents: list[int]) -> pa.Table:
    return pa.table({"game_id": game_ids, "player": ["Anna"] * len(game_ids),
                     "seat": pa.array(range(1, len(game_ids) + 1), pa.int16()),
                     "net": money_from_cents(np.array(cents)), "is_anonymous": [False] * len(game_ids)},
                    schema=SCHEMAS["game_players"])


def column_chunk(path, name: str):
    meta = pq.ParquetFile(path).metadata
    row_group = meta.row_group(0)
    return next(row_group.column(i) for i in range(row_group.num_columns) if row_group.column(i).path_in_schema == name)


def test_a_part_reads_back_as_written_by_pyarrow_and_duckdb(tmp_path):
    rows = game_players(["a1", "b2", "c3"], [-150, 0, 99_999_999_999_999_999])
    path = tmp_path / "part.parquet"
    write_part(rows, path)
    assert pq.read_table(path).equals(rows)
    with duckdb.connect() as con:
        found = con.execute(f"select game_id, net, typeof(net) from read_parquet('{path}') order by seat").fetchall()
    assert found == [("a1", Decimal("-1.50"), "DECIMAL(18,2)"), ("b2", Decimal("0.00"), "DECIMAL(18,2)"),
                     ("c3", Decimal("999999999999999.99"), "DECIMAL(18,2)")]


def test_a_part_stores_money_as_integers_and_no_dictionary_of_game_ids(tmp_path):
    path = tmp_path / "part.parquet"
    write_part(game_players([f"{n:016x}" for n in range(1000)], list(range(1000))), path)
    assert column_chunk(path, "net").physical_type == "INT64"
    assert not any("DICTIONARY" in encoding for encoding in column_chunk(path, "game_id").encodings)
    assert any("DICTIONARY" in encoding for encoding in column_chunk(path, "player").encodings)


def test_a_part_keeps_statistics_of_numbers_only(tmp_path):
    path = tmp_path / "part.parquet"
    write_part(game_players(["a1", "b2"], [-150, 250]), path)
    assert column_chunk(path, "seat").statistics.max == 2
    assert column_chunk(path, "net").statistics.min == Decimal("-1.50")
    statistics = column_chunk(path, "player").statistics
    assert statistics is None or not statistics.has_min_max


def test_rows_of_many_files_are_one_part_with_the_rows_in_their_order(tmp_path):
    first, second = game_players(["a1"], [100]), game_players(["b2", "c3"], [-100, 5])
    path = tmp_path / "part.parquet"
    write_part(pa.concat_tables([first, second]), path)
    assert pq.read_table(path).column("game_id").to_pylist() == ["a1", "b2", "c3"]


def test_line_numbers_are_stored_as_their_differences(tmp_path):
    schema = SCHEMAS["findings"]
    rows = pa.table({name: pa.nulls(3, schema.field(name).type) for name in schema.names}, schema=schema)
    rows = rows.set_column(schema.get_field_index("line"), "line", pa.array([7, 12, 40], pa.int32()))
    path = tmp_path / "part.parquet"
    write_part(rows, path)
    assert "DELTA_BINARY_PACKED" in column_chunk(path, "line").encodings
    assert pq.read_table(path).column("line").to_pylist() == [7, 12, 40]
