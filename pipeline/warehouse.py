"""The Parquet warehouse: one writer, atomic commits, and a ledger of what it holds.

Layout: ``<root>/<table>/game=<game>/part-<batch>.parquet`` and ``<root>/rasklad.duckdb``
beside them for the SQL models. A commit writes every file under a temporary name, records
the list in a journal, then renames them; a run killed at any point is rolled forward or
back by the next :meth:`Warehouse.open`, so readers see a batch of whole files or nothing.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from pipeline.games import load_all_tables
from pipeline.tables import SCHEMAS
from pipeline.worker import FileResult, id_number

DUCKDB_FILE = "rasklad.duckdb"
_JOURNAL = "_journal"
_EMPTY_PARTITION = "game=_none"


@dataclass(slots=True)
class CommitSummary:
    games: int = 0
    duplicates: int = 0
    quarantined: int = 0
    findings: int = 0


class Warehouse:
    """A warehouse folder; only one process writes it at a time."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self._known_games: set[str] = set()
        self._known_ids = np.zeros(0, dtype=np.uint64)
        self._known_files: set[str] = set()

    @property
    def duckdb_path(self) -> Path:
        return self.root / DUCKDB_FILE

    def table_glob(self, table: str) -> str:
        return str(self.root / table / "*" / "*.parquet")

    # -- opening and recovery -------------------------------------------------------------

    def open(self) -> Warehouse:
        """Create the folders, finish or undo an interrupted commit, and load the ledger."""
        load_all_tables()
        self.root.mkdir(parents=True, exist_ok=True)
        self._recover()
        for table, schema in SCHEMAS.items():
            # A zero-row file per table lets the SQL views read a table no game has filled yet.
            empty = self.root / table / _EMPTY_PARTITION / "empty.parquet"
            if not empty.exists():
                empty.parent.mkdir(parents=True, exist_ok=True)
                _write_atomically(schema.empty_table(), empty)
        self._load_ledger()
        return self

    def _recover(self) -> None:
        journal_dir = self.root / _JOURNAL
        for journal in sorted(journal_dir.glob("*.json")) if journal_dir.exists() else ():
            for final in json.loads(journal.read_text())["files"]:
                temporary = self.root / (final + ".tmp")
                if temporary.exists():
                    os.replace(temporary, self.root / final)
            journal.unlink()
        for leftover in self.root.glob("*/*/*.tmp"):
            leftover.unlink()  # written by a run that died before its journal: never committed

    def _load_ledger(self) -> None:
        games = self._read_column("games", "game_id") + self._read_column("quarantine", "quarantine_id")
        self._known_games = set(games)
        self._known_ids = np.unique(_id_numbers(games))
        self._known_files = set(self._read_column("files", "content_hash"))

    def _read_column(self, table: str, column: str) -> list[str]:
        folder = self.root / table
        if not folder.exists():
            return []
        dataset = ds.dataset(folder, format="parquet", schema=SCHEMAS[table])
        return dataset.to_table(columns=[column]).column(column).to_pylist()

    # -- the ledger -------------------------------------------------------------------------

    @property
    def known_ids(self) -> np.ndarray:
        """Sorted IDs of every stored or quarantined game, for workers to skip them."""
        return self._known_ids

    def knows_file(self, content_hash: str) -> bool:
        return content_hash in self._known_files

    # -- committing ---------------------------------------------------------------------------

    def commit(self, results: list[FileResult]) -> CommitSummary:
        """Store the tables of whole files at once; games already stored are left out."""
        summary = CommitSummary()
        batch: dict[tuple[str, str], list[pa.Table]] = {}
        now = datetime.now(UTC).replace(tzinfo=None)
        added: list[str] = []
        for result in results:
            duplicates = self._new_duplicates(result)
            summary.duplicates += len(duplicates)
            stored = 0
            for (table, game), rows in result.tables.items():
                id_column = "quarantine_id" if table == "quarantine" else "game_id"
                if id_column in rows.column_names:
                    if table == "quarantine":
                        dropped = self._known_games.intersection(rows.column(id_column).to_pylist())
                    else:
                        dropped = duplicates
                    if dropped:
                        keep = pc.invert(pc.is_in(rows.column(id_column), pa.array(sorted(dropped))))
                        rows = rows.filter(keep)
                if rows.num_rows:
                    batch.setdefault((table, game), []).append(rows)
                    if table in ("games", "quarantine"):
                        ids = rows.column(id_column).to_pylist()
                        self._known_games.update(ids)
                        added.extend(ids)
                        stored += rows.num_rows if table == "games" else 0
            files_row = pa.Table.from_pydict({
                "source_file": [result.source_file], "content_hash": [result.content_hash],
                "size_bytes": [result.size_bytes], "count_games": [stored],
                "count_quarantined": [result.count_quarantined], "ingested_at": [now],
            }, schema=SCHEMAS["files"])
            batch.setdefault(("files", "all"), []).append(files_row)
            self._known_files.add(result.content_hash)
        for (table, _), tables in batch.items():
            rows = sum(t.num_rows for t in tables)
            if table == "games":
                summary.games += rows
            elif table == "quarantine":
                summary.quarantined += rows
            elif table == "findings":
                summary.findings += rows
        self._write_batch({key: pa.concat_tables(tables) for key, tables in batch.items()})
        # Merge only this batch's IDs: re-converting the whole ledger cost O(stored games) per commit.
        self._known_ids = np.union1d(self._known_ids, _id_numbers(added))
        return summary

    def _new_duplicates(self, result: FileResult) -> set[str]:
        """Games of this file already stored, or stored by an earlier file of the same run."""
        ids: list[str] = []
        for (table, _), rows in result.tables.items():
            if table == "games":
                ids.extend(rows.column("game_id").to_pylist())
        return {game_id for game_id in ids if game_id in self._known_games}

    def _write_batch(self, tables: dict[tuple[str, str], pa.Table]) -> None:
        if not tables:
            return
        batch_id = f"{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}"
        finals = []
        for (table, game), rows in tables.items():
            final = f"{table}/game={game}/part-{batch_id}.parquet"
            path = self.root / (final + ".tmp")
            path.parent.mkdir(parents=True, exist_ok=True)
            pq.write_table(rows, path, compression="zstd")
            finals.append(final)
        journal_dir = self.root / _JOURNAL
        journal_dir.mkdir(exist_ok=True)
        journal = journal_dir / f"{batch_id}.json"
        _write_text_atomically(journal, json.dumps({"files": finals}))
        for final in finals:
            os.replace(self.root / (final + ".tmp"), self.root / final)
        journal.unlink()


def _id_numbers(game_ids: list[str]) -> np.ndarray:
    """Game IDs (16 hex digits) as the unsigned 64-bit numbers workers search."""
    return np.array([id_number(game_id) for game_id in game_ids], dtype=np.uint64)


def _write_atomically(table: pa.Table, path: Path) -> None:
    temporary = path.with_name(path.name + ".tmp")
    pq.write_table(table, temporary)
    os.replace(temporary, path)


def _write_text_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".part")
    with open(temporary, "w") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
