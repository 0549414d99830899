"""The column tables of the marts in docs/warehouse.md against a built warehouse.

Every column of every mart in sql/30_marts must be a row of its mart's table with the type DuckDB
gives it, and no row may name a column the mart does not have: a mart that gains, loses or retypes
a column fails here until its table says so.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline.models import models
from tests.conftest import ROOT
from tests.test_docs import WAREHOUSE_MD, documented_columns, read, sections

MARTS = sorted(model.name for model in models(ROOT / "sql") if model.layer == "30_marts")


@pytest.fixture(scope="module")
def mart_types(tmp_path_factory) -> dict[str, dict[str, str]]:
    """Each mart's columns and their DuckDB types, from a warehouse built of data/samples."""
    import duckdb

    from pipeline.ingest import ingest

    root = tmp_path_factory.mktemp("marts") / "warehouse"
    ingest([ROOT / "data" / "samples"], root, jobs=1)
    before = Path.cwd()
    os.chdir(root)  # the database names its Parquet relative to the warehouse folder
    try:
        with duckdb.connect("rasklad.duckdb", read_only=True) as database:
            return {mart: {column: kind.lower() for column, kind, *_ in database.sql(f"describe {mart}").fetchall()}
                    for mart in MARTS}
    finally:
        os.chdir(before)


def test_the_samples_warehouse_has_every_mart(mart_types):
    assert sorted(mart_types) == MARTS and all(mart_types.values())


@pytest.mark.parametrize("mart", MARTS)
def test_every_mart_column_is_documented_with_its_type(mart_types, mart):
    section = sections(read(WAREHOUSE_MD)).get(mart)
    assert section is not None, f"mart {mart} has no section '### `{mart}`'"
    on_page = documented_columns(section)
    stored = mart_types[mart]
    problems = [f"{mart}.{column}: not in its table (the mart stores {kind})"
                for column, kind in stored.items() if column not in on_page]
    problems += [f"{mart}.{column}: the page says {on_page[column]}, the mart stores {kind}"
                 for column, kind in stored.items() if column in on_page and on_page[column] != kind]
    problems += [f"{mart}.{column}: in its table, but the mart has no such column"
                 for column in sorted(on_page.keys() - stored.keys())]
    assert not problems, "\n".join(problems)
