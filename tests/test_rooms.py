"""The rooms of DESIGN.md: what each folder may import of the project."""

from __future__ import annotations

import ast

import pytest

from tests.conftest import ROOT

ROOMS = ("rules", "parsers", "pipeline", "dashboards")
MAY_IMPORT = {
    "rules": {"rules"},
    "parsers": {"parsers", "rules"},
    "pipeline": {"pipeline", "parsers", "rules"},
    "dashboards": {"dashboards", "pipeline", "rules"},
}


def imported_rooms(path) -> set[tuple[str, int]]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found.update((name.split(".")[0], node.lineno) for name in names if name.split(".")[0] in ROOMS)
    return found


@pytest.mark.parametrize("room", ROOMS)
def test_each_room_imports_only_what_design_allows(room):
    strays = [
        f"{path.relative_to(ROOT)}:{line} imports {other}"
        for path in sorted((ROOT / room).rglob("*.py"))
        for other, line in sorted(imported_rooms(path))
        if other not in MAY_IMPORT[room]
    ]
    assert not strays, "\n".join(strays)


def test_sql_models_read_only_the_warehouse_views():
    # sql/ knows only the Parquet tables, as views of their names the runner creates.
    for path in sorted((ROOT / "sql").rglob("*.sql")):
        text = path.read_text(encoding="utf-8").lower()
        assert "read_parquet" not in text and "read_csv" not in text, path
