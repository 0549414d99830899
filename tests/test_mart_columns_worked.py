"""Every column of every mart is held by a case worked by hand.

The cases are the ``assert_worked`` calls of the test files (tests/worked_marts.py): each names
its mart and writes its rows as literals, so the columns it holds are read from the source, and a
column no case names is listed by name.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest

from pipeline.models import models
from tests.conftest import made_once

TESTS = Path(__file__).resolve().parent
MARTS = sorted(model.name for model in models() if model.layer == "30_marts")

# Marts whose columns are not all held by a hand-worked case yet; each is an expected failure
# that turns into an error (strict) as soon as it is covered, so this list can only shrink. None is
# left: a new mart comes with the case that works its columns by hand.
PENDING: set[str] = set()


def _literal(node: ast.AST) -> bool:
    """A value written by hand: a constant, a signed constant, Decimal("…"), or a list or dict of them."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.List):
        return all(_literal(item) for item in node.elts)
    if isinstance(node, ast.Dict):
        return all(isinstance(key, ast.Constant) for key in node.keys) and all(_literal(v) for v in node.values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return _literal(node.operand)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Decimal"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant))


def worked_cases(folder: Path = TESTS) -> tuple[dict[str, set[str]], list[str]]:
    """(columns held per mart, calls that are not hand-worked literals) over the test files."""
    held: dict[str, set[str]] = defaultdict(set)
    unfit: list[str] = []
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None))
                    == "assert_worked"):
                continue
            where = f"{path.name}:{node.lineno}"
            if len(node.args) < 3 or not isinstance(node.args[1], ast.Constant) or not isinstance(node.args[2], ast.List):
                unfit.append(f"{where}: the mart is not a name or the rows not a list written out")
                continue
            for row in node.args[2].elts:
                if not isinstance(row, ast.Dict) or not all(isinstance(k, ast.Constant) for k in row.keys):
                    unfit.append(f"{where}: a row is not a dict of named columns")
                elif not all(_literal(value) for value in row.values):
                    unfit.append(f"{where}: a value is computed, not worked by hand")
                else:
                    held[node.args[1].value].update(key.value for key in row.keys)
    return held, unfit


@pytest.fixture(scope="module")
def mart_columns(tmp_path_factory) -> dict[str, list[str]]:
    from pipeline.ingest import ingest
    from pipeline.warehouse import connect

    def empty(folder: Path) -> None:
        ingest([], folder / "wh", jobs=1)     # builds every model over empty tables

    with connect(made_once(tmp_path_factory, "test_mart_columns_worked-empty", empty) / "wh") as con:
        return {mart: [row[0] for row in con.execute(f"describe {mart}").fetchall()] for mart in MARTS}


@pytest.fixture(scope="module")
def worked() -> tuple[dict[str, set[str]], list[str]]:
    """The cases of the test files, read once for every mart's test (each read parses every test file)."""
    return worked_cases()


def test_every_hand_worked_case_writes_its_rows_out(worked):
    held, unfit = worked
    assert unfit == []
    assert set(held) <= set(MARTS), f"cases of no mart: {set(held) - set(MARTS)}"


def test_the_check_reads_columns_and_refuses_computed_values(tmp_path):
    (tmp_path / "test_example.py").write_text(
        "assert_worked(con, 'leaderboard', [{'player': 'Anna', 'points': -12.5}])\n"
        "assert_worked(con, 'leaderboard', [{'games': 2 * 3}])\n", encoding="utf-8")
    held, unfit = worked_cases(tmp_path)
    assert held == {"leaderboard": {"player", "points"}}
    assert unfit == ["test_example.py:2: a value is computed, not worked by hand"]


@pytest.mark.parametrize("mart", [pytest.param(mart, marks=pytest.mark.xfail(strict=True, reason="not all worked yet"))
                                  if mart in PENDING else mart for mart in MARTS])
def test_every_column_of_the_mart_is_held_by_a_hand_worked_case(mart, mart_columns, worked):
    held, _ = worked
    missing = [column for column in mart_columns[mart] if column not in held.get(mart, set())]
    assert missing == [], f"{mart}: no hand-worked case holds {missing}"


def test_assert_worked_holds_every_named_column_and_the_row_count():
    import duckdb

    from tests.worked_marts import assert_worked as check  # (by another name: no mart's case)

    con = duckdb.connect()
    con.execute("create table m as select * from (values ('Anna', 1.5::decimal(18,2), 0.25::double, null), "
                "('Boris', -3.0, 0.5, 'x')) t(player, net, rate, note)")
    check(con, "m", [{"player": "Boris", "net": -3, "rate": 0.5, "note": "x"},
                     {"player": "Anna", "net": Decimal("1.50"), "rate": 0.25, "note": None}])
    for wrong in ([{"player": "Anna", "net": 1.51}, {"player": "Boris", "net": -3}],     # a cent off
                  [{"player": "Anna", "net": 1.5}],                                     # a row missing
                  [{"player": "Anna", "note": ""}, {"player": "Boris", "note": "x"}]):   # NULL is not ''
        with pytest.raises(AssertionError):
            check(con, "m", wrong)


def test_a_list_column_is_written_out_and_matched_in_any_order(tmp_path):
    import duckdb

    from tests.worked_marts import assert_worked as check  # (by another name: no mart's case)

    (tmp_path / "test_example.py").write_text(
        "assert_worked(con, 'game_list', [{'players': [{'player': 'Anna', 'net': 5}]}])\n"
        "assert_worked(con, 'game_list', [{'players': [{'player': name} for name in 'AB']}])\n", encoding="utf-8")
    held, unfit = worked_cases(tmp_path)
    assert held == {"game_list": {"players"}}
    assert unfit == ["test_example.py:2: a value is computed, not worked by hand"]
    con = duckdb.connect()
    con.execute("create table m as select [{'player': 'Anna', 'net': 5.0::decimal(18,2)}, "
                "{'player': 'Boris', 'net': -5.0::decimal(18,2)}] as players")
    check(con, "m", [{"players": [{"player": "Boris", "net": -5}, {"player": "Anna", "net": Decimal("5.00")}]}])
    for wrong in ([{"player": "Boris", "net": -5}],                                    # a player missing
                  [{"player": "Boris", "net": -5}, {"player": "Anna", "net": 4}],      # a net off
                  [{"player": "Boris", "net": -5}, {"player": "Anna"}]):               # a field missing
        with pytest.raises(AssertionError):
            check(con, "m", [{"players": wrong}])
