"""One column, one type: a mart and its sums by day agree, and no mart holds a 128-bit integer.

DuckDB's sum() of BIGINT counts is a HUGEINT, which Polars and PyArrow have no type for; a count
summed again (a mart over its rows by day) would then be BIGINT in one mart and HUGEINT in the other.
"""

from __future__ import annotations

import pytest

from pipeline.models import models

MARTS = sorted(model.name for model in models() if model.layer == "30_marts")
BY_DAY = [(mart.removesuffix("_by_day"), mart) for mart in MARTS
          if mart.endswith("_by_day") and mart.removesuffix("_by_day") in MARTS]


@pytest.fixture(scope="module")
def column_types(tmp_path_factory) -> dict[str, dict[str, str]]:
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    root = tmp_path_factory.mktemp("empty") / "warehouse"
    ingest([], root, jobs=1)     # builds every model over empty tables: the types are the SQL's
    with connect(root) as con:
        return {mart: dict(con.execute(f"select column_name, column_type from (describe {mart})").fetchall())
                for mart in MARTS}


def test_the_pairs_are_found():
    assert ("player_stats_holdem", "player_stats_holdem_by_day") in BY_DAY
    assert ("player_results", "player_results_by_day") in BY_DAY


@pytest.mark.parametrize(("mart", "by_day"), BY_DAY)
def test_a_column_of_a_mart_and_its_sums_by_day_has_one_type(mart, by_day, column_types):
    whole, days = column_types[mart], column_types[by_day]
    differing = {column: (whole[column], days[column]) for column in whole.keys() & days.keys()
                 if whole[column] != days[column]}
    assert differing == {}


def test_no_mart_holds_a_128_bit_integer(column_types):
    huge = [f"{mart}.{column}" for mart, types in column_types.items() for column, kind in types.items()
            if kind in ("HUGEINT", "UHUGEINT")]
    assert huge == []
