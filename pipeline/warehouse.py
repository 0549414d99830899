"""The Parquet warehouse: one writer, atomic commits, and a ledger of what it holds.

Layout: ``<root>/<table>/game=<game>/part-<batch>.parquet`` and ``<root>/rasklad.duckdb``
beside them for the SQL models. A commit writes every file under a temporary name (or takes
the parts a worker wrote so, :func:`stage_results`), records the list in a journal, then
renames them; a run killed at any point is rolled forward or back by the next
:meth:`Warehouse.open` (temporary files no journal names are deleted), so readers see a
batch of whole files or nothing.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from pipeline.games import load_all_tables
from pipeline.tables import SCHEMAS
from pipeline.worker import FileResult

DUCKDB_FILE = "rasklad.duckdb"
_JOURNAL = "_journal"
_EMPTY_PARTITION = "game=_none"


@dataclass(slots=True)
class CommitSummary:
    games: int = 0
    duplicates: int = 0
    quarantined: int = 0
    findings: int = 0
    reasons: Counter = field(default_factory=Counter)
    """How many of the newly quarantined games each reason sent there."""


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

    def open(self, *, placeholders: bool = True) -> Warehouse:
        """Create the folders, finish or undo an interrupted commit, and load the ledger; then
        :meth:`lay_placeholders`, unless the caller does it later (an ingest, once its readers
        have started)."""
        load_all_tables()
        self.root.mkdir(parents=True, exist_ok=True)
        self._recover()
        self._load_ledger()
        if placeholders:
            self.lay_placeholders()
        return self

    def lay_placeholders(self) -> None:
        """A zero-row file per table that has none, so that the SQL views can read a table no
        game has filled yet (~10 ms for a new warehouse)."""
        for table, schema in SCHEMAS.items():
            empty = self.root / table / _EMPTY_PARTITION / "empty.parquet"
            if not empty.exists():
                empty.parent.mkdir(parents=True, exist_ok=True)
                _write_atomically(schema.empty_table(), empty)

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
        """Store the tables of whole files at once; games already stored are left out. The same
        two steps as a parallel run's, in one process: write the parts, then publish them."""
        return self.commit_staged(stage_results(self.root, results))

    def commit_staged(self, *batches: StagedBatch) -> CommitSummary:
        """Publish the parts workers wrote (:func:`stage_results`) as :meth:`commit` would
        store their results' tables: games already stored, or stored by a batch before, are
        dropped from the parts (their files rewritten, rarely: the same hand in two files of
        one run), the file ledger gets a row per file, and the parts of every batch become
        visible in one journaled step."""
        summary = CommitSummary()
        now = datetime.now(UTC).replace(tzinfo=None)
        files_rows: list[dict] = []
        parts: list[str] = []
        for staged in batches:
            dropped: set[str] = set()
            for result, (game_ids, quarantine_ids), repeats in zip(staged.results, staged.ids, staged.repeats):
                duplicates = {game_id for game_id in game_ids if game_id in self._known_games}
                old_quarantine = self._known_games.intersection(quarantine_ids)
                dropped |= duplicates | old_quarantine
                new_games = [game_id for game_id in game_ids if game_id not in duplicates]
                new_quarantine = [qid for qid in quarantine_ids if qid not in old_quarantine]
                self._known_games.update(new_games)
                self._known_games.update(new_quarantine)
                summary.duplicates += repeats + len(duplicates) + len(old_quarantine)
                summary.games += len(new_games)
                summary.quarantined += len(new_quarantine)
                summary.reasons.update(quarantine_ids[qid] for qid in new_quarantine)
                files_rows.append({
                    "source_file": result.source_file, "content_hash": result.content_hash,
                    "size_bytes": result.size_bytes, "count_games": len(new_games),
                    "count_quarantined": result.count_quarantined, "ingested_at": now,
                })
                self._known_files.add(result.content_hash)
            for part in staged.parts:
                rows = self._drop_from_part(part, dropped) if dropped and part.id_column else part.rows
                if rows:
                    parts.append(part.final)
                if part.table == "findings":
                    summary.findings += rows
        files = pa.Table.from_pylist(files_rows, schema=SCHEMAS["files"])
        self._publish(parts + [final for final, _ in _write_parts(self.root, {("files", "all"): files})])
        # The batches' IDs as numbers, counted where they were staged; a dropped one is known already.
        self._known_ids = np.union1d(self._known_ids, np.concatenate([staged.numbers for staged in batches]))
        return summary

    def _drop_from_part(self, part: StagedPart, dropped: set[str]) -> int:
        """Rewrite a staged part without the games of ``dropped`` (or delete it when none is
        left); returns the rows it keeps."""
        path = self.root / (part.final + ".tmp")
        table = pq.read_table(path, schema=SCHEMAS[part.table])
        table = table.filter(pc.invert(pc.is_in(table.column(part.id_column), pa.array(sorted(dropped)))))
        if table.num_rows:
            pq.write_table(table, path, compression="zstd")
        else:
            path.unlink()
        return table.num_rows

    def _publish(self, finals: list[str]) -> None:
        """Make written ``<final>.tmp`` files visible at once: a journal names them, then each is
        renamed; a run killed between the two is finished by the next open."""
        if not finals:
            return
        journal_dir = self.root / _JOURNAL
        journal_dir.mkdir(exist_ok=True)
        journal = journal_dir / f"{uuid.uuid4().hex}.json"
        _write_text_atomically(journal, json.dumps({"files": finals}))
        for final in finals:
            os.replace(self.root / (final + ".tmp"), self.root / final)
        journal.unlink()


@dataclass(slots=True)
class StagedPart:
    """A part of a table written under its temporary name, waiting for its commit."""

    table: str
    final: str
    rows: int
    id_column: str | None


@dataclass(slots=True)
class StagedBatch:
    """What a worker hands the writer instead of tables: each file's result (without its
    tables), the games and quarantined games each file holds, and the parts it wrote."""

    results: list[FileResult]
    ids: list[tuple[list[str], dict[str, str]]]
    """Per file, the games it stores and the games it quarantines with their reasons (a
    repeat in the batch left out)."""
    repeats: list[int]
    """Per file, its games (stored or quarantined) an earlier file of the batch holds too
    (dropped by the worker)."""
    parts: list[StagedPart]
    numbers: np.ndarray
    """Every game ID of ``ids`` as the ledger's numbers."""


def stage_results(root: Path, results: list[FileResult]) -> StagedBatch:
    """Write the tables of ``results`` as parts of the warehouse at ``root``, under temporary
    names, for :meth:`Warehouse.commit_staged`. Runs in a worker: the Parquet encoding, the
    largest cost of a commit, then runs on every core instead of in the one writer."""
    ids = []
    repeats = []
    seen: set[str] = set()
    tables: dict[tuple[str, str], list[pa.Table]] = {}
    for result in results:
        games = _ids(result, "games", "game_id")
        quarantined = _ids(result, "quarantine", "quarantine_id")
        reasons = _ids(result, "quarantine", "error")
        # A game in two files of this batch is stored once, from the first: its rows leave the
        # later file here, as commit() drops them (the writer only sees games stored before).
        repeated = seen.intersection(games + quarantined)
        seen.update(games, quarantined)
        for key, rows in result.tables.items():
            if repeated:
                column = "quarantine_id" if key[0] == "quarantine" else "game_id"
                rows = rows.filter(pc.invert(pc.is_in(rows.column(column), pa.array(sorted(repeated)))))
            if rows.num_rows:
                tables.setdefault(key, []).append(rows)
        ids.append(([g for g in games if g not in repeated],
                    {q: reason for q, reason in zip(quarantined, reasons) if q not in repeated}))
        repeats.append(len(repeated))
        result.tables = {}
    written = _write_parts(root, {key: pa.concat_tables(parts) for key, parts in tables.items()})
    parts = [
        StagedPart(table=key[0], final=final, rows=rows,
                   id_column="quarantine_id" if key[0] == "quarantine" else
                   "game_id" if "game_id" in SCHEMAS[key[0]].names else None)
        for (final, rows), key in zip(written, tables)
    ]
    numbers = np.unique(_id_numbers(list(seen)))
    return StagedBatch(results=results, ids=ids, repeats=repeats, parts=parts, numbers=numbers)


def _ids(result: FileResult, table: str, column: str) -> list[str]:
    """A column of one table of a file's result, over all its game partitions."""
    return [value for (name, _), rows in result.tables.items() if name == table
            for value in rows.column(column).to_pylist()]


def _write_parts(root: Path, tables: dict[tuple[str, str], pa.Table]) -> list[tuple[str, int]]:
    """Each table as ``<table>/game=<game>/part-<batch>.parquet.tmp``; returns (final, rows)."""
    batch_id = f"{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:8]}"
    written = []
    for (table, game), rows in tables.items():
        final = f"{table}/game={game}/part-{batch_id}.parquet"
        path = root / (final + ".tmp")
        path.parent.mkdir(parents=True, exist_ok=True)
        pq.write_table(rows, path, compression="zstd")
        written.append((final, rows.num_rows))
    return written


def _id_numbers(game_ids: list[str]) -> np.ndarray:
    """Game IDs (16 hex digits) as the unsigned 64-bit numbers workers search."""
    digits = "".join(game_ids)
    if len(digits) != 16 * len(game_ids):
        raise ValueError(f"a game ID is not 16 hex digits among {len(game_ids)} IDs")
    return np.frombuffer(bytes.fromhex(digits), dtype=">u8").astype(np.uint64)


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
