"""Hand-worked rows of the marts, and the one assertion that compares them.

A statistic users see is right only if a case worked by hand holds it: ``assert_worked`` takes
the rows a test worked out on paper and compares them with the mart's. The rows are written as
literals in the call, so ``test_mart_columns_worked`` can read, without running anything, which
columns of which mart some hand-worked case holds, and list every column that none does.
"""

from __future__ import annotations

import math
import os
from datetime import date
from decimal import Decimal
from pathlib import Path

import duckdb


def _same(expected: object, actual: object) -> bool:
    if expected is None or actual is None:
        return expected is actual
    if isinstance(expected, list) and isinstance(actual, list):
        # a mart's list holds a set (game_list keeps a game's players in no order): the same items, any order
        unmatched = list(actual)
        for item in expected:
            match = next((i for i, got in enumerate(unmatched) if _same(item, got)), None)
            if match is None:
                return False
            del unmatched[match]
        return not unmatched
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(_same(value, actual[key]) for key, value in expected.items())
    if isinstance(actual, date):     # a date or time is written as its ISO text: '2024-03-01 19:00:00'
        return str(actual) == expected
    if isinstance(expected, float) or isinstance(actual, float):
        return math.isclose(float(expected), float(actual), rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(actual, Decimal) and not isinstance(expected, Decimal):
        return actual == Decimal(str(expected))
    return expected == actual


def assert_worked(con: duckdb.DuckDBPyConnection, mart: str, expected: list[dict], *, where: str = "true",
                  params: list | None = None) -> None:
    """The mart's rows under ``where`` are exactly ``expected``: as many rows, and each expected row
    matched by one mart row on every column it names (numbers to 1e-9, decimals to the digit,
    dates and times to their ISO text, lists
    as the same items in any order, NULL only to None). Rows are matched in order after both are
    sorted by the named columns' text, so a test need not know the mart's order."""
    assert expected, "a hand-worked case names at least one row"
    columns = list(expected[0])
    assert all(list(row) == columns for row in expected), "every hand-worked row names the same columns"
    quoted = ", ".join(f'"{column}"' for column in columns)
    rows = con.execute(f"select {quoted} from {mart} where {where}", params or []).fetchall()
    actual = [dict(zip(columns, row)) for row in rows]

    def order(row: dict) -> list[str]:
        return [repr(str(row[column])) if isinstance(row[column], date) else
                repr(row[column]) if not isinstance(row[column], (int, float, Decimal)) else
                f"{float(row[column]):+.9e}" for column in columns]

    assert len(actual) == len(expected), f"{mart}: {len(actual)} rows where {where}, worked by hand: {len(expected)}"
    for want, got in zip(sorted(expected, key=order), sorted(actual, key=order)):
        wrong = {column: (want[column], got[column]) for column in columns if not _same(want[column], got[column])}
        assert not wrong, f"{mart}, row {got}: (worked by hand, in the mart) {wrong}"


def ingest_files(folder: Path, texts: dict[str, str]):
    """Write each text to its file in ``folder`` and ingest them into ``folder / "warehouse"`` from
    inside the folder, so that every game's ``source_file`` is the file's name as given: a literal a
    hand-worked row can write. Returns the ingest's summary."""
    from pipeline.ingest import ingest

    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    here = os.getcwd()
    os.chdir(folder)
    try:
        return ingest([Path(name) for name in texts], Path("warehouse"), jobs=1)
    finally:
        os.chdir(here)
