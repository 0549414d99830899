"""docs/warehouse.md's "Layout" names everything a real warehouse folder holds, and the docs name
every table of the bookkeeping that `show tables` lists."""

from __future__ import annotations

import os
import re
from pathlib import Path

from pipeline.ingest import ingest
from pipeline.warehouse import connect

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "docs" / "warehouse.md").read_text(encoding="utf-8")


def test_layout_and_show_tables_name_what_the_warehouse_holds(tmp_path):
    root = tmp_path / "warehouse"
    ingest([ROOT / "data" / "samples"], root, jobs=1)
    (tree,) = re.findall(r"## Layout\n.*?```\n(.*?)```", DOCS, flags=re.S)
    named = {line.split()[0].removesuffix("/") for line in tree.splitlines()[1:] if line.startswith("  ") and line.split()}
    with connect(root) as con:
        tables = {row[0] for row in con.execute("show tables").fetchall()}
    # the table folders are "<table>/" in the tree; each is a table of its own section
    unnamed = [entry for entry in sorted(os.listdir(root)) if entry not in named and entry not in tables]
    assert unnamed == []
    bookkeeping = sorted(table for table in tables if table.startswith("_"))
    assert bookkeeping and [table for table in bookkeeping if f"`{table}`" not in DOCS] == []
