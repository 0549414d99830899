"""The Parquet warehouse: one writer at a time, whole commits, a manifest readers trust, a ledger.

Layout, all relative to the warehouse folder so that it can be moved or copied:
``<table>/game=<game>/part-<batch>.parquet``; ``_manifest.json``, the parts that are committed;
``rasklad.duckdb``, the SQL models; ``rasklad.duckdb.standby``, the models as they stood before
their last update (the next update brings this file up to date in place and swaps it in, so that
an update never writes the file readers have open); ``.lock``, the writers' lock; ``_spool``,
the writer's scratch files while an ingest runs.

Writers. :meth:`Warehouse.open` takes an OS lock on ``.lock`` (``flock``: the system drops it
when its process dies, however it dies); a second writer waits for it, or refuses at once. A
commit writes its parts under temporary names unique to the batch, records them in a journal,
renames them, then replaces the manifest: that one rename is the commit. Parts a commit
supersedes (the rows of re-judged games) are deleted after it. The next writer's
:meth:`Warehouse.open` finishes or undoes a commit that was killed, and deletes temporary files
no journal names: with the lock held, no live writer owns them.

A writer may bring the models along with a commit (``Warehouse.before_commit``): the models are
updated for the commit's parts once they are in place and swapped in, then the manifest is
replaced. Each models file records the manifest it was built from. Stopped before its models
are in place (Ctrl-C, a full disk), such a commit is not published: the next writer's
:meth:`Warehouse.open` updates the models for it, then replaces the manifest.

Readers. :func:`connect` opens ``rasklad.duckdb`` read-only and lays a view per table over
exactly the parts the manifest lists, by paths worked out from the database's own folder when
the connection opens: a reader sees whole commits only, and a copy reads its own files. When the
models were built from a newer commit than the manifest names (swapped in, the manifest not
replaced yet), the views lay that commit's parts instead: tables and marts of one commit.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import shutil
import threading
import time
import uuid
import weakref
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Self

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.inputs import LOCAL_FILES, FileStore
from pipeline.manifest import (
    DUCKDB_FILE,
    EMPTY_PARTITION,
    JOURNAL,
    MANIFEST_FILE,
    WAREHOUSE_FORMAT,
    FileLedger,
    GoneFiles,
    Manifest,
    NewerWarehouse,
    WarehouseBusy,
    read_manifest,
    write_manifest,
    write_text_atomically,
)
from pipeline.versions import (
    LEDGER_COLUMNS,
    LINE_COLUMNS,
    Ledger,
    Place,
    Restorable,
    UnsureMove,
    Version,
    file_histories,
    has_places,
    moved_rows,
    quarantined_by_version,
    restorable,
)

if TYPE_CHECKING:
    import duckdb

    from pipeline.table_rules import Followed
    from pipeline.worker import EarlierReading, FileResult

STANDBY_FILE = f"{DUCKDB_FILE}.standby"
"""The models file before its last update: the one the next update writes in place."""
MODELS_STATE_TABLE = "_rasklad_models_state"
"""A table of the models file: what its models were built from (the SQL, the manifest)."""
LOCK_FILE = ".lock"
SPOOL = "_spool"
"""The writer's scratch folder (:meth:`Warehouse.spool`): files that never become parts."""


def _schemas() -> dict[str, pa.Schema]:
    """Every table's schema (pipeline.tables), loaded when first needed: gathering them loads
    every game's readers and engine, which a run that finds nothing new never needs."""
    from pipeline.tables import SCHEMAS

    return SCHEMAS


@dataclass(slots=True)
class CommitSummary:
    games: int = 0
    duplicates: int = 0
    """Games left out as stored already (by a commit before, or an earlier file of the batch)."""
    in_quarantine: int = 0
    """Games left out as in quarantine already: never stored, so not among ``duplicates``."""
    quarantined: int = 0
    findings: int = 0
    replaced: int = 0
    """Games (stored or quarantined) whose rows a re-audit replaced."""
    superseded: int = 0
    """Stored games that left the statistics: the new version of their file no longer holds them."""
    unquarantined: int = 0
    """Quarantined games taken out of quarantine so (see :meth:`Warehouse.commit_staged`)."""
    relocated: int = 0
    """Games stored (or quarantined) before whose file's new version holds them at other lines:
    their lines now follow it."""
    followed: int = 0
    """Games stored (or quarantined) before whose file moved (renamed, split): at its new path,
    at the same lines."""
    in_other_files: int = 0
    """Games stored (or quarantined) before whose file's new version no longer holds them while
    another file read does: their file and lines are now that file's."""
    restored: int = 0
    """Superseded games that a file read holds: stored (or quarantined) again, out of ``superseded``."""
    restored_quarantined: int = 0
    """Of ``restored``, the texts quarantined again (a cut hand's text read again as it was): back
    in quarantine, not in the statistics."""
    reasons: Counter = field(default_factory=Counter)
    """How many of the newly quarantined games each reason sent there."""
    quarantined_ids: dict[str, str] = field(default_factory=dict)
    """The newly quarantined games, by ID, each with its reason."""
    moved: list[tuple[str, str]] = field(default_factory=list)
    """Files at new paths read as files read before, moved: (source_file, the path it was read at)."""
    moved_unchanged: list[str] = field(default_factory=list)
    """Of ``moved``, the files whose bytes are those last read at the gone path (renamed or moved
    alone: not edited)."""
    merged: list[tuple[str, list[str]]] = field(default_factory=list)
    """Files at new paths taken for files read before merged into one: (source_file, the paths
    those files were read at)."""
    unsure_moves: list[UnsureMove] = field(default_factory=list)
    """Files at new paths that may be files read before, moved, but were not taken for them."""
    settings_followed: list[Followed] = field(default_factory=list)
    """The rule settings given for files read before that followed them (moved, split, merged or
    copied) to files of this commit, in its publish (see :meth:`RuleSettings.follow`)."""
    forgotten: list[str] = field(default_factory=list)
    """The files a ``rasklad forget`` commit forgot (kept in the journal too: the writer that
    finishes a stopped forget tells it was a forget, not files' new text)."""

    JOURNALED = ("games", "quarantined", "findings", "superseded", "unquarantined", "relocated", "followed",
                 "in_other_files", "restored", "restored_quarantined")
    """The counts a commit's journal keeps, for the writer that finishes the commit to tell them."""

    def journaled(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.JOURNALED}

    def add_journaled(self, counts: dict[str, int]) -> None:
        for name in self.JOURNALED:
            setattr(self, name, getattr(self, name) + counts.get(name, 0))


@dataclass(slots=True)
class Forgotten:
    """What :meth:`Warehouse.forget_files` took out (or, a dry run, would take out)."""

    files: list[str] = field(default_factory=list)
    """The files forgotten (their names as last read), each holding games."""
    gone: list[str] = field(default_factory=list)
    """Of ``files``, those gone from disk."""
    superseded: int = 0
    """Stored games that left the statistics: no other file still there holds them."""
    unquarantined: int = 0
    """Quarantined games taken out of quarantine so."""
    in_other_files: int = 0
    """Their games another file still there holds: they stay, pointing at that file."""
    unmatched: list[str] = field(default_factory=list)
    """The paths given (as given) at which no file read before holds games (with ``gone_only``:
    no such file gone from disk): a typo, or files forgotten already."""

    def as_dict(self) -> dict:
        return {"files": self.files, "gone": self.gone, "superseded": self.superseded,
                "quarantine_superseded": self.unquarantined, "kept_in_other_files": self.in_other_files,
                "unmatched": self.unmatched}


@dataclass(slots=True)
class Remembered:
    """What ``rasklad forget --undo`` reads again (or, a dry run, would): the files forgotten."""

    files: list[str] = field(default_factory=list)
    """The files forgotten that are on disk, read again (their names as last read, or their paths)."""
    gone: list[str] = field(default_factory=list)
    """The files forgotten that are gone from disk: not read (put back at their paths, they can be)."""
    back: int = 0
    """The superseded games their last versions holding games held: those a read of their bytes
    unchanged brings back."""
    back_quarantined: int = 0
    """Of ``back``, the texts that were in quarantine: they go back there, not to the statistics."""

    def as_dict(self) -> dict:
        return {"files": self.files, "gone": self.gone, "back": self.back - self.back_quarantined,
                "back_to_quarantine": self.back_quarantined}


def _forgotten_result(name: str, digest: str, size: int) -> FileResult:
    """A ledger row for a file forgotten: its bytes, holding no game."""
    from pipeline.worker import FileResult

    return FileResult(name, digest, size, game_ids=[], first_lines=[])


# -- the writers' lock ----------------------------------------------------------------------------

_held: dict[tuple[int, int, str], list[int]] = {}
"""The locks this process holds: (pid, thread, folder) -> [file descriptor, how many opens]. A
thread that opens a warehouse it holds already shares its lock; another thread (a second
dashboard session) waits for it like another process."""
_held_guard = threading.Lock()


def _drop_locks_in_child() -> None:
    """In a forked child (a reader of ingest --jobs): close its copies of the locks' descriptors.
    An flock lives while any copy is open, so a child that outlived a killed writer would hold
    the warehouse against every later writer. Closing a copy leaves the parent's lock held."""
    global _held_guard
    _held_guard = threading.Lock()      # another thread may have held it at the fork
    for fd, _ in _held.values():
        with contextlib.suppress(OSError):
            os.close(fd)
    _held.clear()


os.register_at_fork(after_in_child=_drop_locks_in_child)


def _lock(root: Path, wait: bool, on_wait: Callable[[str], None] | None, purpose: str) -> tuple[int, int, str]:
    key = (os.getpid(), threading.get_ident(), str(root.resolve()))
    with _held_guard:
        if key in _held:
            _held[key][1] += 1
            return key
    fd = os.open(root / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.EACCES):
                raise
            holder = _holder(fd) or "a writer"
            if not wait:
                raise WarehouseBusy(root, holder) from None
            if on_wait:
                on_wait(f"The warehouse {str(root)!r} is being written by another process ({holder}); "
                        f"waiting for it to finish…")
                _wait_telling(fd, root, holder, on_wait)
            else:
                fcntl.flock(fd, fcntl.LOCK_EX)
        note = f"process {os.getpid()}, {purpose}, since {time.strftime('%H:%M:%S')}".encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, note, 0)
    except BaseException:
        os.close(fd)
        raise
    with _held_guard:
        _held[key] = [fd, 1]
    return key


def _holder(fd: int) -> str:
    """The note of the writer holding the lock (its process, command and start), as it wrote it."""
    return os.pread(fd, 200, 0).decode(errors="replace").strip()


HOLDER_LOOKS = 0.25
"""Seconds between two looks at the note of the writer a waiting one waits for."""


def _wait_telling(fd: int, root: Path, holder: str, on_wait: Callable[[str], None]) -> None:
    """Take the lock, waiting, and tell ``on_wait`` each time another writer takes it first (a
    queue of writers: the one first named ends, and the wait goes on behind the next). A thread
    waits in the system's lock, which hands it on as to any waiter; this one, the caller's (where
    ``on_wait`` may write a page), looks at the holder's note meanwhile."""
    failed: list[OSError] = []

    def take() -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError as error:
            failed.append(error)

    taking = threading.Thread(target=take, name="rasklad-writers-lock", daemon=True)
    taking.start()
    while taking.is_alive():
        taking.join(HOLDER_LOOKS)
        # (an empty note: the next writer has the lock and is writing its note)
        now = _holder(fd) if taking.is_alive() else ""
        if now and now != holder:
            holder = now
            on_wait(f"The warehouse {str(root)!r} is now being written by another process ({holder}); "
                    f"waiting for it to finish…")
    if failed:
        raise failed[0]


def _unlock(key: tuple[int, int, str]) -> None:
    with _held_guard:
        entry = _held.get(key)
        if entry is None or key[0] != os.getpid():
            return
        entry[1] -= 1
        if entry[1]:
            return
        del _held[key]
    os.close(entry[0])  # the last descriptor of the lock: the system releases it


def commit_marker(root: str | Path) -> tuple[int, ...]:
    """Changes whenever a commit or a models build lands: for readers to know they must reopen."""
    marker: tuple[int, ...] = ()
    for name in (MANIFEST_FILE, DUCKDB_FILE):
        try:
            stat = (Path(root) / name).stat()
            marker += (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        except FileNotFoundError:
            marker += (0, 0, 0)
    return marker


# -- readers --------------------------------------------------------------------------------------

def glob_escaped(path: str) -> str:
    """A path DuckDB reads as itself, never as a pattern (a folder named ``wh[1]``).

    >>> glob_escaped("/data/wh[1]/games/part-*.parquet")
    '/data/wh[[]1]/games/part-[*].parquet'
    """
    return "".join(f"[{c}]" if c in "[*?" else c for c in path)


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _read_parquet(sources: str, by_name: bool = True) -> str:
    return (f"select * from read_parquet({sources}, hive_partitioning = true, hive_types = {{'game': 'varchar'}}, "
            f"union_by_name = {'true' if by_name else 'false'}) where game <> '_none'")


def table_view_sql(table: str, files: list[Path] | None, *, temporary: bool,
                   as_null: dict[str, str] | None = None, by_name: bool = True) -> str:
    """The view of a warehouse table: over ``files`` (the manifest's parts, absolute), or, when
    ``files`` is None, over the table's folder relative to the current directory. ``as_null``:
    columns (name: DuckDB type) that no file may hold, read as nulls of that type. ``by_name``: the
    files' columns are united by name (the parts an older Rasklad wrote lack the columns added
    since); False, for files known to hold the first one's columns, each is read as the first,
    without a look at every file each time a statement binds the view."""
    kind = "temp view" if temporary else "view"
    if files is None:
        sources = _sql_string(f"{table}/*/*.parquet")
    else:
        sources = "[" + ", ".join(_sql_string(glob_escaped(str(path))) for path in files) + "]"
    view = f"create or replace {kind} {table} as {_read_parquet(sources, by_name)}"
    if as_null:     # a zero-row side whose columns the union adds, null in every row of the files
        view += " union all by name select " + ", ".join(
            f"cast(null as {kind_of}) as {_sql_name(name)}" for name, kind_of in as_null.items()) + " where false"
    return view


def _sql_name(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _columns_unlaid(con: duckdb.DuckDBPyConnection, laid: pa.Schema, schema: pa.Schema) -> dict[str, str]:
    """The columns of ``schema`` that a placeholder of columns ``laid`` lacks, with their DuckDB
    types: a warehouse an older Rasklad wrote, which no writer of this one has opened yet to lay it
    again (see :meth:`Warehouse.lay_placeholders`), and whose parts lack them too."""
    unlaid = pa.schema([field for field in schema if field.name not in set(laid.names)])
    if not len(unlaid):
        return {}
    return dict(zip(unlaid.names, (str(kind) for kind in con.from_arrow(unlaid.empty_table()).types)))


def lay_table_views(con: duckdb.DuckDBPyConnection, root: Path, manifest: Manifest,
                    tables: Iterable[str] | None = None, *, checked: bool = False) -> None:
    """A temporary view per table (or per table of ``tables``, those a query reads: each view
    costs a look at its files) over the parts ``manifest`` commits (and the table's zero-row
    placeholder), shadowing the views stored in the DuckDB file for this connection only.
    ``checked``: each part's columns are read first, and a table whose parts all hold its
    placeholder's columns is read without uniting them by name (see :func:`table_view_sql`): for
    the models' runner, whose every statement binds the views it reads again (uniting them cost the
    samples' whole build 4 to 8% of its CPU, more as a table's parts add up; the look costs a tenth
    of a millisecond a part)."""
    schemas = _schemas()
    wanted = schemas.keys() if tables is None else set(tables)
    for table, schema in schemas.items():
        if table not in wanted:
            continue
        placeholder = root / table / EMPTY_PARTITION / "empty.parquet"
        parts = [root / part for part in manifest.paths(table)]
        files = ([placeholder] if placeholder.exists() else []) + parts
        if files:
            laid = pq.read_schema(placeholder) if placeholder.exists() else None
            unlaid = _columns_unlaid(con, laid, schema) if laid is not None else None
            if checked and laid is not None and not unlaid and all(
                    pq.read_schema(part).equals(laid, check_metadata=False) for part in parts):
                # the placeholder last: DuckDB estimates the rows from the first file, and the empty
                # one first had it plan a 20,000-hand build's joins as over none (6% more CPU)
                con.execute(table_view_sql(table, parts + [placeholder], temporary=True, by_name=False))
            else:
                con.execute(table_view_sql(table, files, temporary=True, as_null=unlaid))
        else:   # a table this warehouse has never written: empty, with its columns
            con.register(table, schema.append(pa.field("game", pa.string())).empty_table())


def connect(root: str | Path, *, manifest: Manifest | None = None, tables: Iterable[str] | None = None,
            models_file: Path | None = None, **config) -> duckdb.DuckDBPyConnection:
    """A read-only connection to the warehouse at ``root``: its models, and its tables as they
    stand at the last commit (or at ``manifest``), or at the commit its models were built from
    when that one is newer (:func:`models_manifest`). Paths are resolved now, from where the
    warehouse is now. A cursor of it needs :func:`lay_table_views` too (its views are its own).
    ``tables``: lay the views of these tables only (none for a connection read through cursors).
    ``models_file``: models built apart from the warehouse, read instead of its own."""
    root = Path(root).resolve()
    import duckdb

    committed = read_manifest(root)
    committed.check_readable(root)      # (a newer format an older reader would misread)
    con = duckdb.connect(str(models_file or root / DUCKDB_FILE), read_only=True, config=config)
    try:
        lay_table_views(con, root, manifest or models_manifest(con, root, committed), tables)
    except BaseException:
        con.close()
        raise
    return con


def models_manifest(con: duckdb.DuckDBPyConnection, root: Path, manifest: Manifest) -> Manifest:
    """The commit a reader of ``con`` (the models file) should see the tables at: ``manifest``
    (the last one), unless the models were built from a newer commit whose manifest is not in
    place yet (a writer between swapping the models in and replacing the manifest, or killed
    there: the next writer rolls that commit forward) and whose parts are all on disk."""
    import duckdb

    try:
        rows = dict(con.execute(f"select name, value from {MODELS_STATE_TABLE}").fetchall())
    except duckdb.Error:
        return manifest     # no models, or models of a runner that kept no state
    if "manifest" not in rows:
        return manifest
    built = json.loads(rows["manifest"])
    if built["generation"] <= manifest.generation:
        return manifest
    parts = built["parts"]
    if not all((root / part).exists() for paths in parts.values() for part in paths):
        return manifest
    return Manifest(built["generation"], parts, manifest.versions, manifest.derived)


# -- the writer -----------------------------------------------------------------------------------

class Warehouse:
    """A warehouse folder. :meth:`open` makes this object its writer (one process at a time)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.manifest = Manifest()
        self._known_games: set[str] = set()
        self._known_ids = np.zeros(0, dtype=np.uint64)
        self._quarantined: set[str] = set()
        """Of ``_known_games``, those in quarantine."""
        self._quarantined_ids: np.ndarray | None = None
        self._quarantined_by_version: dict[str, set[str]] | None = None
        self._files = FileLedger()
        self._superseded: set[str] = set()
        """The games the ``superseded`` table holds."""
        self._superseded_held: Restorable | None = None
        """The file versions whose latest reading holds a superseded game (see :meth:`skips_file`)."""
        self._release: weakref.finalize | None = None
        self.finished = CommitSummary()
        """What the commits that :meth:`open` finished (interrupted after their journal) stored."""
        self.before_commit: Callable[[Manifest], None] | None = None
        """Called with each commit's manifest once its parts are in place, before the manifest
        is replaced (a writer updates the models there, so that they land with the commit).
        When it raises, the commit is not published: its journal keeps it, and the next
        writer's :meth:`open` publishes it once it has updated the models for it."""

    @property
    def duckdb_path(self) -> Path:
        return self.root / DUCKDB_FILE

    def committed_files(self, table: str) -> list[Path]:
        """The committed parts of ``table``, as paths."""
        return [self.root / part for part in self.manifest.paths(table)]

    # -- opening, closing and recovery --------------------------------------------------------

    def open(self, *, placeholders: bool = True, wait: bool = True,
             on_wait: Callable[[str], None] | None = None, purpose: str = "rasklad") -> Warehouse:
        """Take the writers' lock (waiting for another writer, telling ``on_wait`` so, and again
        each time another writer takes the lock first; or
        raising :class:`WarehouseBusy` when ``wait`` is False), refuse a warehouse of a newer
        format (:class:`NewerWarehouse`), finish or undo an interrupted commit, record this
        Rasklad's format in one of an older format, and load the ledger; then :meth:`lay_placeholders`, unless the caller does it
        later (an ingest, once its readers have started). The lock is held until :meth:`close`
        (or the end of a ``with`` block, or of this object)."""
        self.root.mkdir(parents=True, exist_ok=True)
        if self._release is None:
            key = _lock(self.root, wait, on_wait, purpose)
            self._release = weakref.finalize(self, _unlock, key)
        found = read_manifest(self.root)
        try:    # before anything is written, even a newer writer's interrupted commit finished
            found.check_writable(self.root)
        except NewerWarehouse:
            self.close()
            raise
        self._recover()
        self._derive_missing_columns()
        if self.manifest.parts and found.format < WAREHOUSE_FORMAT:
            # an older Rasklad's warehouse, upgraded: its format recorded before any commit, so that
            # a Rasklad of an older format that checks refuses to write it from now on
            write_manifest(self.root, self.manifest)
        self._load_ledger()
        if placeholders:
            self.lay_placeholders()
        return self

    def close(self) -> None:
        """Release the writers' lock."""
        if self._release is not None:
            self._release()
            self._release = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def spool(self) -> Path:
        """The scratch folder for the writer's passing files (the staged batches its readers hand
        over), beside the parts rather than in the system's temporary folder: on the same disk,
        and swept by the next writer's :meth:`open` when this one dies before it removes the
        folder itself (:meth:`open` has swept any an earlier writer left)."""
        spool = self.root / SPOOL
        spool.mkdir(exist_ok=True)
        return spool

    def lay_placeholders(self) -> None:
        """A zero-row file per table that has none, so that the SQL views can read a table no
        game has filled yet (~10 ms for a new warehouse)."""
        for table, schema in _schemas().items():
            empty = self.root / table / EMPTY_PARTITION / "empty.parquet"
            # a placeholder laid by an older version lacks the columns added since: relaid, the
            # views (which read all parts by name) have every column even before a new part does
            if empty.exists() and set(schema.names) <= set(pq.read_schema(empty).names):
                continue
            empty.parent.mkdir(parents=True, exist_ok=True)
            _write_atomically(schema.empty_table(), empty)

    def _recover(self) -> None:
        """Under the lock: finish a commit whose parts are all on disk, undo one that lost any,
        and delete what writers that died left behind."""
        journal_dir = self.root / JOURNAL
        manifest = read_manifest(self.root)
        for journal in sorted(journal_dir.glob("*.json")) if journal_dir.exists() else ():
            entry = json.loads(journal.read_text())
            added = entry.get("added", entry.get("files", []))  # "files": journals of older versions
            removed = entry.get("removed", [])
            generation = entry.get("generation", manifest.generation + 1)
            if manifest.generation < generation:
                if all((self.root / f).exists() or (self.root / (f + ".tmp")).exists() for f in added):
                    for final in added:
                        if (self.root / (final + ".tmp")).exists():
                            os.replace(self.root / (final + ".tmp"), self.root / final)
                    manifest = manifest.changed(added, removed, generation, entry.get("unsettled"))
                    if entry.get("models"):
                        _bring_models(self, manifest)
                    write_manifest(self.root, manifest)
                    self.finished.add_journaled(entry.get("stored", {}))
                    self.finished.forgotten += entry.get("forgotten", [])
                else:
                    for final in added:
                        for path in (self.root / final, self.root / (final + ".tmp")):
                            path.unlink(missing_ok=True)
                    removed = []
            for superseded in removed:
                (self.root / superseded).unlink(missing_ok=True)
            journal.unlink()
        leftovers = [*self.root.glob("*/*/*.tmp"), *self.root.glob(f"{JOURNAL}/*.part"),
                     *self.root.glob("*.part"), *self.root.glob(f"{DUCKDB_FILE}.building-*"),
                     *self.root.glob(f"{DUCKDB_FILE}.swap-*")]
        for leftover in leftovers:
            leftover.unlink(missing_ok=True)    # a writer died before its journal: never committed
        shutil.rmtree(self.root / SPOOL, ignore_errors=True)     # a dead writer's scratch
        if not (self.root / MANIFEST_FILE).exists() and manifest.parts:
            write_manifest(self.root, manifest)    # a warehouse of older versions: what is there is committed
        self.manifest = manifest

    def _derive_missing_columns(self) -> None:
        """Under the lock: give the parts an older Rasklad wrote the columns added since that their
        other columns decide (``pipeline.tables.DERIVED``), each part rewritten whole in place, so
        that the models never read those columns as nulls. The manifest then names the columns
        every part holds, for the next writers not to look again (an older Rasklad, which may
        write parts without them, drops the names from the manifest it writes)."""
        from pipeline.tables import DERIVED

        wanted = _derived_columns()
        if set(wanted) <= set(self.manifest.derived):
            return
        for table, derived in DERIVED.items():
            for part in self.committed_files(table):
                if set(derived.columns) <= set(pq.read_schema(part).names):
                    continue
                _write_atomically(derived.derive(pq.ParquetFile(part).read()), part)
        self.manifest = Manifest(self.manifest.generation, self.manifest.parts, self.manifest.versions, wanted,
                                 self.manifest.unsettled)
        if self.manifest.parts:     # (a warehouse with nothing committed gets it with its first commit)
            write_manifest(self.root, self.manifest)

    def _load_ledger(self) -> None:
        quarantined = self._read_column("quarantine", "quarantine_id")
        games = self._read_column("games", "game_id") + quarantined
        self._known_games = set(games)
        self._set_quarantined(set(quarantined))
        # (np.unique loads numpy.ma, which nothing else of an ingest needs: sorted and deduplicated here)
        numbers = np.sort(_id_numbers(games))
        self._known_ids = numbers[np.concatenate(([True], numbers[1:] != numbers[:-1]))] if numbers.size else numbers
        files = self.read_table("files", ["content_hash", "source_path", "moved_from", "merged_from"])
        self._files = FileLedger.of(*(files.column(name).to_pylist() for name in files.column_names))
        self._superseded = set(self._read_column("superseded", "game_id"))
        self._superseded_held = None
        if self._superseded:    # known before forked readers ask, for them not to read the ledger each
            self._holding_superseded()

    def read_table(self, table: str, columns: list[str] | None = None) -> pa.Table:
        """The committed rows of ``table`` (every column, or ``columns``)."""
        files = [str(path) for path in self.committed_files(table)]
        if not files:   # a new warehouse's ledger: no need of Arrow's dataset reader to say so
            schema = _schemas()[table]
            return schema.empty_table() if columns is None else pa.schema([schema.field(c) for c in columns]).empty_table()
        import pyarrow.dataset as ds

        return ds.dataset(files, format="parquet", schema=_schemas()[table]).to_table(columns=columns)

    def _read_column(self, table: str, column: str) -> list[str]:
        return self.read_table(table, [column]).column(column).to_pylist()

    # -- the ledger -------------------------------------------------------------------------

    @property
    def known_ids(self) -> np.ndarray:
        """Sorted IDs of every stored or quarantined game, for workers to skip them."""
        return self._known_ids

    @property
    def quarantined_ids(self) -> np.ndarray:
        """Sorted IDs of the quarantined games (of :attr:`known_ids`), for workers to count them
        apart from the games stored."""
        if self._quarantined_ids is None:
            self._quarantined_ids = np.sort(_id_numbers(list(self._quarantined)))     # (a set: unique already)
        return self._quarantined_ids

    def _set_quarantined(self, quarantined: set[str]) -> None:
        self._quarantined = quarantined
        self._quarantined_ids = None

    def quarantined_games(self) -> frozenset[str]:
        """The games in quarantine (committed, or quarantined by this writer's commits)."""
        return frozenset(self._quarantined)

    def in_quarantine(self, content_hash: str) -> set[str]:
        """The games of the file version of these bytes (the ledger's ``game_ids``) that are in
        quarantine: a file skipped as unchanged still holds them."""
        if not self._quarantined:
            return set()
        if self._quarantined_by_version is None:
            rows = self.read_table("files", ["content_hash", "game_ids"])
            self._quarantined_by_version = quarantined_by_version(rows, self._quarantined)
        return self._quarantined_by_version.get(content_hash, set()) & self._quarantined

    def may_hold_moved_files(self, staged: StagedBatch) -> bool:
        """Does ``staged`` hold a file at a path never read that holds games known before (a file
        read before may have moved there, or be one part of a file split: its commit looks for
        the other parts among the files committed with it)?"""
        return any((result.count_known or result.count_in_quarantine)
                   and LOCAL_FILES.located(result.source_file) not in self._files.latest
                   and not self._holds(LOCAL_FILES.located(result.source_file)) for result in staged.results)

    def knows_file(self, content_hash: str, source_file: str | None = None) -> bool:
        """Were these bytes read before (and, given the file's name, are they the latest read at
        its path: see :class:`FileLedger`)?"""
        if source_file is None:
            return content_hash in self._files.hashes
        return self._files.knows(LOCAL_FILES.located(source_file), content_hash)

    def skips_file(self, content_hash: str, source_file: str) -> bool:
        """May an ingest skip the file ``source_file`` of these bytes unread? When the ledger knows
        them (:meth:`knows_file`), unless they hold a game that is superseded: no file held it when
        it was, yet this one does (a warehouse an older Rasklad damaged superseded the games of a
        file renamed, which it never recorded; bytes put back at a new path; a copy of a file
        forgotten, at a path not forgotten). Read again, the file stores such a game again, and it
        leaves ``superseded``. The file forgotten itself is skipped while its bytes stay so."""
        return self.knows_file(content_hash, source_file) and not self._holding_superseded().brings_back(
            LOCAL_FILES.located(source_file), content_hash)

    def _holding_superseded(self) -> Restorable:
        if self._superseded_held is None:
            self._superseded_held = restorable(self.read_table(
                "files", ["content_hash", "source_path", "game_ids"]), self._superseded) if self._superseded \
                else Restorable(set(), set())
        return self._superseded_held

    def holds_file(self, source_file: str, content_hash: str) -> bool:
        """Is a file of these bytes recorded at ``source_file``'s path? Bytes the ledger knows
        at another path only (a copy, a file renamed) are not: see :meth:`known_copies`."""
        return self._files.holds_at(LOCAL_FILES.located(source_file), content_hash)

    def copied_from(self, source_file: str, content_hash: str) -> str | None:
        """For a file of bytes the ledger knows at another path only (:meth:`holds_file` says no),
        that path, as the ledger keeps it; None when no path holds those bytes now."""
        return self._files.held_elsewhere(LOCAL_FILES.located(source_file), content_hash)

    def earlier_reading(self, source_file: str, content_hash: str) -> EarlierReading | None:
        """The ledger's latest version at ``source_file``'s path when it holds other bytes than
        ``content_hash`` and says where a read of it, grown since, starts (its ``resume_line``):
        for the reader to read only what was appended (``pipeline.worker.parse_appended``)."""
        from pipeline.worker import EarlierReading

        path = LOCAL_FILES.located(source_file)
        latest = self._files.latest.get(path)
        if latest is None or latest == content_hash:
            return None
        import pyarrow.compute as pc
        import pyarrow.dataset as ds

        # (the files table's parts are never rewritten: a forked reader's manifest still names them)
        columns = ["content_hash", "size_bytes", "game_ids", "first_lines", "resume_line", "resume_offset"]
        rows = ds.dataset([str(part) for part in self.committed_files("files")], format="parquet",
                          schema=_schemas()["files"]).to_table(
            columns=columns, filter=(pc.field("source_path") == path) & (pc.field("content_hash") == latest))
        if not rows.num_rows:
            return None
        row = rows.slice(rows.num_rows - 1).to_pylist()[0]      # (the last row of a path is its latest)
        if row["resume_line"] is None or row["resume_offset"] is None or row["game_ids"] is None \
                or row["first_lines"] is None:
            return None
        return EarlierReading(**row)

    def known_copies(self, results: list[FileResult]) -> StagedBatch:
        """A batch recording files whose bytes the ledger knows at another path (``results``:
        each file's name, hash and size), without reading them: each holds the games of that
        version, at the same lines (its ``game_ids`` and ``first_lines``). Committed, such a file
        holds them as any file read does, and one at a new path whose other path is gone is
        that file moved (see :meth:`commit_staged`)."""
        rows = self.read_table("files", ["content_hash", "game_ids", "first_lines", "resume_line", "resume_offset"])
        recorded: dict[str, list] = {}
        for digest, *rest in zip(rows.column("content_hash").to_pylist(), rows.column("game_ids").to_pylist(),
                                 rows.column("first_lines").to_pylist(), rows.column("resume_line").to_pylist(),
                                 rows.column("resume_offset").to_pylist()):
            # the last row of each bytes that holds games: a later one holding none is a file
            # forgotten, and its copy still holds them (see pipeline.versions.restorable)
            if rest[0] != [] or digest not in recorded:
                recorded[digest] = rest
        copies = []
        for result in results:
            games, lines, resume_line, resume_offset = recorded.get(result.content_hash, (None, None, None, None))
            copies.append(replace(
                result, tables={}, count_games=0, count_known=len(games or ()), count_in_quarantine=0,
                count_quarantined=0, game_ids=games, first_lines=lines if games is not None else None,
                resume_line=resume_line, resume_offset=resume_offset))
        return StagedBatch(results=copies, ids=[([], {}) for _ in copies], repeats=[0] * len(copies),
                           repeats_quarantined=[0] * len(copies), parts=[], numbers=np.zeros(0, np.uint64))

    # -- committing ---------------------------------------------------------------------------

    def commit(self, results: list[FileResult]) -> CommitSummary:
        """Store the tables of whole files at once; games already stored are left out. The same
        two steps as a parallel run's, in one process: write the parts, then publish them."""
        return self.commit_staged(stage_results(self.root, results))

    def commit_staged(self, *batches: StagedBatch, replacing: Iterable[str] = (),
                      texts_kept: Iterable[str] = (), supersede: bool = False,
                      store: FileStore = LOCAL_FILES, forgetting: bool = False) -> CommitSummary:
        """Publish the parts workers wrote (:func:`stage_results`) as :meth:`commit` would
        store their results' tables: games already stored, or stored by a batch before, are
        dropped from the parts (their files rewritten, rarely: the same hand in two files of
        one run), the file ledger gets a row per file, and the parts of every batch become
        visible in one journaled step.

        A file read before at the same path, whose bytes changed, is that file's new version;
        so is a file at a new path that is a file read before, moved and edited
        (:meth:`pipeline.versions.Ledger.find_moves`). The games stored from its earlier versions
        that it holds at other lines (or at its new path) are moved there, every line of theirs,
        in the same commit. ``supersede`` (an ingest's last commit, when every file of the run
        has been read): the games its earlier versions held that no file's latest version holds
        (:meth:`pipeline.versions.Ledger.lost`) leave every table in the same commit, and are
        kept in ``superseded``. A game that table holds, stored again by any commit, leaves it.

        ``replacing``: game and quarantine IDs whose stored rows this commit replaces (a
        re-audit): their rows leave every table in the same commit, and the batches' files
        are not added to the file ledger (it holds them already). ``forgetting``: the batches'
        files are read before, and forgotten (see :meth:`forget_files`): each row a new version
        holding no game, whatever its bytes. ``texts_kept``: of those, the
        games whose ``game_texts`` row stays (stored before and now, from the same text: the
        batches hold no text row for them). ``store``: where the batches' files are (their paths,
        and whether a gone file's path is still there: see :class:`pipeline.inputs.FileStore`)."""
        summary = CommitSummary()
        replacing = set(replacing)
        now = datetime.now(UTC).replace(tzinfo=None)
        files_rows: list[dict] = []
        added: list[str] = []
        removed: list[str] = []
        versions: list[Version] = []    # the files read, as the ledger knows them
        stored_now: set[str] = set()
        if replacing:
            summary.replaced = len(replacing & self._known_games)
            self._known_games -= replacing
            self._set_quarantined(self._quarantined - replacing)
            added, removed = self._parts_without(replacing, texts_kept=set(texts_kept), every_game=not self._known_games)
        for staged in batches:
            dropped: set[str] = set()
            for result, (game_ids, quarantine_ids), repeats, repeats_quarantined in zip(
                    staged.results, staged.ids, staged.repeats, staged.repeats_quarantined, strict=True):
                duplicates = {game_id for game_id in game_ids if game_id in self._known_games}
                old_quarantine = self._known_games.intersection(quarantine_ids)
                dropped |= duplicates | old_quarantine
                new_games = [game_id for game_id in game_ids if game_id not in duplicates]
                new_quarantine = [qid for qid in quarantine_ids if qid not in old_quarantine]
                self._known_games.update(new_games)
                self._known_games.update(new_quarantine)
                if new_quarantine:
                    self._set_quarantined(self._quarantined.union(new_quarantine))
                # a text known from the quarantine was never stored: it is not "already stored"
                in_quarantine = len((duplicates | old_quarantine) & self._quarantined) + repeats_quarantined
                summary.in_quarantine += in_quarantine
                summary.duplicates += repeats + len(duplicates) + len(old_quarantine) - in_quarantine
                summary.games += len(new_games)
                summary.quarantined += len(new_quarantine)
                summary.reasons.update(quarantine_ids[qid] for qid in new_quarantine)
                summary.quarantined_ids.update((qid, quarantine_ids[qid]) for qid in new_quarantine)
                stored_now.update(new_games, new_quarantine)
                if not replacing:
                    path = store.located(result.source_file)
                    files_rows.append({
                        "source_file": result.source_file, "content_hash": result.content_hash,
                        "size_bytes": result.size_bytes, "count_games": len(new_games),
                        "count_quarantined": result.count_quarantined, "ingested_at": now,
                        "source_path": path, "game_ids": result.game_ids,
                        "first_lines": result.first_lines if result.game_ids is not None else None,
                        "resume_line": result.resume_line, "resume_offset": result.resume_offset,
                    })
                    latest = self._files.latest.get(path)
                    versions.append(Version(
                        path, result.source_file, result.content_hash, result.game_ids, result.first_lines,
                        changed=latest not in (None, result.content_hash) or (forgetting and latest is not None),
                        # (count_known: the games its reader skipped as stored; a Spark task skips none)
                        may_have_moved=latest is None and bool(result.count_known or duplicates or old_quarantine)))
            for part in staged.parts:
                rows = self._drop_from_part(part, dropped) if dropped and part.id_column else part.rows
                if rows:
                    added.append(part.final)
                if part.table == "findings":
                    summary.findings += rows
        places, lost, in_other_files, origins = self._file_versions(versions, supersede, summary, store, stored_now)
        if origins:     # a setting given for a file goes where its games go, in the same commit
            added, removed = self._settings_following(origins, summary, added, removed)
        for row, version in zip(files_rows, versions):
            row["moved_from"], row["merged_from"] = version.moved_from, version.merged_from
        superseded = self._superseded_rows(lost, now) if lost else {}
        gone = {game_id for rows in superseded.values() for game_id in rows.column("game_id").to_pylist()}
        if gone or places or in_other_files:
            more_added, more_removed = self._parts_without(gone, places={**in_other_files, **places})
            added, removed = added + more_added, removed + more_removed
            self._known_games -= gone
            self._set_quarantined(self._quarantined - gone)
            # a file moved with its bytes unchanged: its games at a new path, but at the same lines
            summary.followed = sum(place.shift == 0 for place in places.values())
            summary.relocated = len(places) - summary.followed
            summary.in_other_files = len(in_other_files)
            for rows in superseded.values():
                was = rows.column("was").to_pylist()
                summary.superseded += was.count("stored")
                summary.unquarantined += was.count("quarantined")
        returned = stored_now & self._superseded    # held by a file read now: counted again
        summary.restored = len(returned)
        summary.restored_quarantined = len(returned & self._quarantined)
        if returned:
            more_added, more_removed = self._superseded_parts_without(returned)
            added, removed = added + more_added, removed + more_removed
        if superseded:
            added += [final for final, _ in _write_parts(self.root, superseded)]
        if files_rows:
            files = pa.Table.from_pylist(files_rows, schema=_schemas()["files"])
            added += [final for final, _ in _write_parts(self.root, {("files", "all"): files})]
        # a new version committed before its run's last commit leaves games to supersede; the
        # last commit looks at the whole ledger, and settles that
        unsettled = False if supersede else True if any(version.changed for version in versions) else None
        if forgetting:
            summary.forgotten = [result.source_file for staged in batches for result in staged.results]
        if added or removed:
            self._publish(added, removed, done=None if replacing else summary, unsettled=unsettled)
        elif unsettled is False and self.manifest.unsettled:
            self._settle()
        for row in files_rows:
            self._files.add(row["content_hash"], row["source_path"], row["moved_from"], row["merged_from"])
        self._superseded = (self._superseded - returned) | gone
        self._superseded_held = None    # (the ledger's rows, or the superseded games, may have changed)
        if replacing or gone:
            self._known_ids = np.unique(_id_numbers(list(self._known_games)))
        elif batches:
            # The batches' IDs as numbers, counted where they were staged; a dropped one is known already.
            self._known_ids = _with_sorted_in(self._known_ids, np.concatenate([staged.numbers for staged in batches]))
        return summary

    def replace_table(self, table: str, rows: pa.Table) -> None:
        """Replace every row of ``table`` (one not kept per game: the aliases, the settings) with
        ``rows``, in one commit; games' rows never change this way."""
        if id_column(table) is not None:
            raise ValueError(f"table {table!r} is kept per game: its rows change by ingest and re-audit only")
        removed = list(self.manifest.paths(table))
        added = [final for final, _ in _write_parts(self.root, {(table, "all"): rows.cast(_schemas()[table])})]
        self._publish(added, removed)

    def _parts_without(self, ids: set[str], texts_kept: set[str] = frozenset(), every_game: bool = False,
                       places: dict[str, Place] | None = None) -> tuple[list[str], list[str]]:
        """Committed parts holding rows of ``ids`` (in ``game_texts``, of ``ids`` less
        ``texts_kept``), rewritten without them as staged parts, and those holding where the
        games of ``places`` stand (their file, their lines) with them at their new places;
        returns (the rewritten parts' final names, the parts they supersede). ``every_game``:
        ``ids`` are every game the warehouse holds, so that each part of a table kept per game
        goes whole, unread (a re-audit after a change of rules read the IDs of every part for
        nothing)."""
        import pyarrow.compute as pc  # imported where used: a run that finds nothing new never needs it
        added, removed = [], []
        for table, parts in self.manifest.parts.items():
            column = id_column(table)
            if column is None:
                continue
            wanted = ids - texts_kept if table == "game_texts" and texts_kept else ids
            moved = places if places and has_places(_schemas()[table].names) else {}
            if not wanted and not moved:
                continue
            if every_game and wanted is ids and not moved:
                removed += parts
                continue
            for part in parts:
                found = pq.read_table(self.root / part, columns=[column], read_dictionary=[column]).column(column)
                keep = _rows_outside(found, wanted)
                shifted = moved and pc.any(pc.invert(_rows_outside(found, moved.keys()))).as_py()
                if pc.all(keep).as_py() is not False and not shifted:
                    continue    # none of its rows is replaced or moved
                removed.append(part)
                if pc.any(keep).as_py():    # some are kept: the part is written again without the others
                    rows = pq.read_table(self.root / part).filter(keep)
                    if shifted:
                        rows = moved_rows(rows, column, moved)
                    final = f"{part.rsplit('/', 1)[0]}/part-{_batch_id()}.parquet"
                    write_part(rows, self.root / (final + ".tmp"))
                    added.append(final)
        return added, removed

    def _file_versions(self, versions: list[Version], supersede: bool, summary: CommitSummary, store: FileStore,
                       stored_now: set[str]) -> tuple[dict[str, Place], dict[str, str], dict[str, Place], dict[str, tuple]]:
        """What the files of this commit (``versions``) change of the games stored before: per
        game, its new place in its file's new version (see :meth:`pipeline.versions.Ledger.places`),
        and, when the commit ``supersede``s, the games no file holds any more, each with the hash
        of the version that dropped it (:meth:`pipeline.versions.Ledger.lost`), and the place in
        another file of those dropped that another file holds
        (:meth:`pipeline.versions.Ledger.places_in_holders`). Files at new paths
        that are files read before, moved, get their ``moved_from``; ``summary`` is told of them,
        and of those that may be; those, and copies of files read before, come with the files they
        are (:meth:`pipeline.versions.Ledger.origins`), whose rule settings follow them. So do
        new versions of files at their paths that hold games stored before from gone files
        (``stored_now``: the games this commit stored first), merged into them.

        The whole ledger is looked at, not only this commit's files: a run stopped between the
        commit of a file's new version and the commit that supersedes (its last) leaves games
        that the next run's last commit finds (the manifest says so: ``Manifest.unsettled``).
        Without either, or a file at a new path holding games stored before, nothing is read."""
        # The dashboard's uploads stand in the warehouse's folder while they are read, then go: an
        # upload is never a file moved, nor is a file read later an upload moved.
        maybe_moved = [version for version in versions if version.may_have_moved and not self._holds(version.path)]
        if not (maybe_moved or any(version.changed for version in versions)
                or (supersede and self.manifest.unsettled)):
            return {}, {}, {}, {}
        ledger = Ledger(self.read_table("files", LEDGER_COLUMNS), self._games_by_file)
        origins = {}
        # a file read again at its path that gained games stored from another file: that file,
        # gone, may be merged into it (put back where it was split from, or appended to it)
        maybe_moved += [version for version in versions
                        if version.changed and ledger.gains_stored_games(version, stored_now)]
        if maybe_moved:
            summary.unsure_moves = ledger.find_moves(maybe_moved, lambda path: self._holds(path) or store.exists(path))
            summary.moved = [(version.name, version.moved_from) for version in maybe_moved if version.moved_from]
            summary.moved_unchanged = [version.name for version in maybe_moved if version.moved_from
                                       and ledger.latest_digest(version.moved_from) == version.digest]
            summary.merged = [(version.name, version.merged_from) for version in maybe_moved if version.merged_from]
            origins = ledger.origins(maybe_moved)
        ledger.add(versions)
        places = ledger.places(versions, self._stored_at)
        if not supersede or not (self.manifest.unsettled or any(version.changed for version in versions)):
            return places, {}, {}, origins
        dropped = ledger.dropped(self._known_games)
        holders = ledger.holders(set(dropped), lambda path: self._holds(path) or store.exists(path))
        return (places, ledger.lost(dropped, holders), ledger.places_in_holders(dropped, holders, self._stored_at),
                origins)

    def paths_holding_games(self) -> dict[str, str]:
        """The latest paths of the files read whose latest version holds games, each with the
        name it was last read under."""
        ledger = Ledger(self.read_table("files", LEDGER_COLUMNS), dict)
        return {path: ledger.latest_name(path) for path in ledger.paths_holding_games()}

    def gone_files(self, given: Iterable[str], listed: set[str], store: FileStore = LOCAL_FILES) -> GoneFiles:
        """The files read before at ``given`` paths (files, or folders and every file read under
        them) that are gone from disk and hold games that count by them alone (no other file
        still there holds them: stored, or in quarantine), by the names they were last read
        under; how many such games they hold (what :meth:`forget_files` would take out of the
        statistics, and of the quarantine); and every gone file whose ledger row holds games.
        ``listed``: the ledger paths of the files the run met (there, no need to ask)."""
        given = [store.located(str(path)) for path in given]
        folders = tuple(path.rstrip(os.sep) + os.sep for path in given)

        def there(path: str) -> bool:
            return path in listed or self._holds(path) or store.exists(path)

        # (the ledger in memory first: it is read whole only when a file is gone)
        if all(there(path) for path in self._files.latest if path in given or path.startswith(folders)):
            return GoneFiles([], 0, 0, [])
        ledger = Ledger(self.read_table("files", LEDGER_COLUMNS), self._games_by_file)
        gone = [path for path in ledger.files_at(given) if not there(path)]
        if not gone:
            return GoneFiles([], 0, 0, [])
        # (a game in quarantine counts too: `rasklad quarantine` lists it until its file is forgotten)
        games = set().union(*map(ledger.games_at, gone)) & self._known_games
        alone = games - ledger.holders(games, lambda path: path not in gone and there(path)).keys()
        counting = [path for path in gone if ledger.games_at(path) & alone]
        return GoneFiles([ledger.latest_name(path) for path in counting], len(alone - self._quarantined),
                         len(alone & self._quarantined), [ledger.latest_name(path) for path in gone])

    def forget_files(self, given: Iterable[str], *, gone_only: bool = False, dry_run: bool = False,
                     store: FileStore = LOCAL_FILES) -> Forgotten:
        """Take out the games of the files read at ``given`` paths (files, or folders and every
        file read under them; there or gone from disk; ``gone_only``: the gone ones alone), as a
        file's new version takes out what it no longer holds: each file gets a ledger row of the
        bytes of its last version read, holding no game, and the games that no other file still
        there holds leave every table for ``superseded``, in one commit (none when ``dry_run``).
        A file forgotten is skipped while its bytes stay those; changed (before the forget too),
        it is read again as its new version, and its games come back."""
        rows = self.read_table("files", [*LEDGER_COLUMNS, "size_bytes"])
        ledger = Ledger(rows, self._games_by_file)
        sizes = rows.column("size_bytes").to_pylist()

        def there(path: str) -> bool:
            return self._holds(path) or store.exists(path)

        given = [str(name) for name in given]
        matched = {name: [path for path in ledger.files_at([store.located(name)]) if not (gone_only and there(path))]
                   for name in given}
        paths = sorted(set().union(*matched.values()))
        forgotten = Forgotten(files=[ledger.latest_name(path) for path in paths],
                              gone=[ledger.latest_name(path) for path in paths if not there(path)],
                              unmatched=[name for name in given if not matched[name]])
        if not paths:
            return forgotten
        results = []
        for path in paths:
            name = ledger.latest_name(path)
            # the bytes read last, never those on disk now: bytes no ingest read are no version
            # of the file (a copy of them elsewhere is read, and stores the games they hold)
            digest, size = ledger.latest_digest(path), sizes[ledger.histories[path][-1]]
            # (the ledger's path is the name's only when read from the same folder as now)
            results.append(_forgotten_result(name if store.located(name) == path else path, digest, size))
        games = set().union(*map(ledger.games_at, paths)) & self._known_games
        if dry_run:
            ledger.add([Version(path, result.source_file, result.content_hash, [], [], changed=True)
                        for path, result in zip(paths, results)])
            dropped = ledger.dropped(games)
            holders = ledger.holders(set(dropped), there)
            lost = set(ledger.lost(dropped, holders))
            forgotten.superseded = len(lost - self._quarantined)
            forgotten.unquarantined = len(lost & self._quarantined)
            forgotten.in_other_files = len(games - lost)
            return forgotten
        staged = StagedBatch(results=results, ids=[([], {}) for _ in results], repeats=[0] * len(results),
                             repeats_quarantined=[0] * len(results), parts=[], numbers=np.zeros(0, np.uint64))
        committed = self.commit_staged(staged, supersede=True, store=store, forgetting=True)
        forgotten.superseded, forgotten.unquarantined = committed.superseded, committed.unquarantined
        forgotten.in_other_files = len(games) - committed.superseded - committed.unquarantined
        return forgotten

    def forgotten_files(self, given: Iterable[str], store: FileStore = LOCAL_FILES) -> Remembered:
        """The files read at ``given`` paths (files, or folders and every file read under them)
        whose latest version holds no game where an earlier one held some: forgotten (see
        :meth:`forget_files`), or emptied in their files. Those on disk are what ``rasklad forget
        --undo`` reads again (an ingest's ``read_again``), whose games come back, as a file's do
        when its new version holds them again."""
        ledger = Ledger(self.read_table("files", LEDGER_COLUMNS), self._games_by_file)
        found, back = Remembered(), set()
        for path, held in ledger.forgotten_at([store.located(str(name)) for name in given]).items():
            name = ledger.latest_name(path)
            # (the ledger's path is the name's only when read from the same folder as now)
            name = name if store.located(name) == path else path
            if store.exists(path):
                found.files.append(name)
                back |= held & self._superseded
            else:
                found.gone.append(name)
        found.back = len(back)
        if back:
            superseded = self.read_table("superseded", ["game_id", "was"]).to_pylist()
            found.back_quarantined = len(back & {row["game_id"] for row in superseded if row["was"] == "quarantined"})
        return found

    def _settings_following(self, origins: dict[str, tuple], summary: CommitSummary, added: list[str],
                            removed: list[str]) -> tuple[list[str], list[str]]:
        """``added`` and ``removed`` with the ``settings`` table rewritten, when a rule setting
        given for a file read before follows it to a file of this commit (``origins``: see
        :meth:`pipeline.versions.Ledger.origins`); ``summary`` is told which did."""
        from pipeline.table_rules import PREFIX, RuleSettings  # (a commit that moves no file never loads it)

        stored = {row["name"]: row["value"] for row in self.read_table("settings").to_pylist()}
        settings, summary.settings_followed = RuleSettings.from_rows(stored).follow(origins)
        rows = {name: value for name, value in stored.items() if not name.startswith(PREFIX)} | settings.rows()
        if rows == stored:
            return added, removed
        names = sorted(rows)
        table = pa.table({"name": names, "value": [rows[name] for name in names]}, schema=_schemas()["settings"])
        return (added + [final for final, _ in _write_parts(self.root, {("settings", "all"): table})],
                [*removed, *self.manifest.paths("settings")])

    def carry_settings_of_moved_files(self) -> list[Followed]:
        """Under the lock: the rule settings given for files that an older Rasklad saw moved (split,
        merged), and left under the gone paths, taken where the ledger took those files' games, as
        this Rasklad takes them at a move it sees (:meth:`RuleSettings.follow`), each recorded
        move in its order; in one commit. Returns what followed (nothing once none is left: a
        setting of a file whose name no file is read under now, that the ledger took elsewhere)."""
        from pipeline.table_rules import (  # (only a warehouse with file settings reads on)
            PREFIX,
            RULES,
            RuleSettings,
        )

        stored = {row["name"]: row["value"] for row in self.read_table("settings").to_pylist()}
        settings = RuleSettings.from_rows(stored)
        if not any(settings.by_rule[rule]["file"] for rule in RULES):
            return []
        rows = self.read_table("files", [*LEDGER_COLUMNS, "ingested_at"])
        moved, merged = rows.column("moved_from").to_pylist(), rows.column("merged_from").to_pylist()
        paths, names = rows.column("source_path").to_pylist(), rows.column("source_file").to_pylist()
        current = {names[held[-1]] for held in file_histories(paths, moved, merged).values()}
        if all(name in current for rule in RULES for name in settings.by_rule[rule]["file"]):
            return []
        times, digests = rows.column("ingested_at").to_pylist(), rows.column("content_hash").to_pylist()
        commits: list[list[int]] = []    # the rows of each commit's moves (a split's parts together)
        for row in (row for row in range(rows.num_rows) if moved[row] or merged[row]):
            if commits and commits[-1][-1] == row - 1 and times[commits[-1][-1]] == times[row]:
                commits[-1].append(row)
            else:
                commits.append([row])
        told: list[Followed] = []
        for commit in commits:
            origins = Ledger(rows.slice(0, commit[0]), dict).origins([
                Version(paths[row], names[row], digests[row], None, None, moved_from=moved[row],
                        merged_from=merged[row]) for row in commit])
            # a name a file is read under now names that file: its setting is its own
            origins = {file: ([[name for name in gone if name not in current] for gone in lists], copy)
                       for file, (lists, copy) in origins.items()}
            settings, followed = settings.follow(origins)
            told += [replace(entry, differing=()) for entry in followed if entry.options or entry.overridden]
        rows_now = {name: value for name, value in stored.items() if not name.startswith(PREFIX)} | settings.rows()
        if rows_now != stored:
            ordered = sorted(rows_now)
            self.replace_table("settings", pa.table({"name": ordered, "value": [rows_now[n] for n in ordered]}))
        return told

    def _holds(self, path: str) -> bool:
        """Is ``path`` (absolute) in the warehouse's folder (reached through a link or not)?"""
        return Path(path).is_relative_to(self.root.absolute()) or Path(path).is_relative_to(self.root.resolve())

    def _games_by_file(self) -> dict[str, set[str]]:
        """Per ``source_file``, the games stored or quarantined from it."""
        found: dict[str, set[str]] = {}
        for table, column in (("games", "game_id"), ("quarantine", "quarantine_id")):
            rows = self.read_table(table, [column, "source_file"])
            for game_id, name in zip(rows.column(column).to_pylist(), rows.column("source_file").to_pylist()):
                found.setdefault(name, set()).add(game_id)
        return found

    def _stored_at(self, ids: set[str]) -> dict[str, tuple[str, int]]:
        """Per game of ``ids`` stored or quarantined, its ``source_file`` and ``first_line``."""
        return {row[column]: (row["source_file"], row["first_line"])
                for table, column in (("games", "game_id"), ("quarantine", "quarantine_id"))
                for _, row in self._committed_rows(table, column, ids, [column, "source_file", "first_line"])}

    def _committed_rows(self, table: str, column: str, ids: Iterable[str],
                        columns: list[str]) -> list[tuple[str, dict]]:
        """The committed rows of ``table`` whose ``column`` is one of ``ids`` (``columns`` of
        them), each with its game (its part's partition)."""
        import pyarrow.compute as pc
        import pyarrow.dataset as ds

        wanted = pa.array(sorted(ids), pa.string())
        found = []
        for part in self.manifest.paths(table):
            rows = ds.dataset(self.root / part, format="parquet", schema=_schemas()[table]).to_table(
                columns=columns, filter=pc.field(column).isin(wanted))
            game = part.split("/")[1].removeprefix("game=")
            found += [(game, row) for row in rows.to_pylist()]
        return found

    def _superseded_rows(self, lost: dict[str, str], now: datetime) -> dict[tuple[str, str], pa.Table]:
        """The ``superseded`` rows of the ``lost`` games (see :meth:`_file_versions`), by game,
        from their ``games`` and ``game_texts`` rows, or their quarantine row."""
        texts: dict[str, dict] = {}
        by_game: dict[str, list[dict]] = {}
        stored = self._committed_rows("games", "game_id", lost, ["game_id", "source_file", "first_line", "last_line",
                                                                 "played_at", "rules_version"])
        if stored:
            texts = {row["game_id"]: row for _, row in self._committed_rows(
                "game_texts", "game_id", lost, ["game_id", "text", "context", "undecodable"])}
        for game, row in stored:
            kept = texts.get(row["game_id"], {})
            by_game.setdefault(game, []).append({
                **row, "was": "stored", "text": kept.get("text"), "context": kept.get("context"),
                "undecodable": kept.get("undecodable")})
        for game, row in self._committed_rows("quarantine", "quarantine_id", lost, [
                "quarantine_id", "source_file", "first_line", "last_line", "error", "text", "context",
                "undecodable", "rules_version"]):
            row["game_id"] = row.pop("quarantine_id")
            by_game.setdefault(game, []).append({**row, "was": "quarantined"})
        schema = _schemas()["superseded"]
        return {("superseded", game): pa.Table.from_pylist(
                    [{**row, "superseded_at": now, "superseded_by": lost[row["game_id"]]} for row in rows], schema=schema)
                for game, rows in by_game.items()}

    def _superseded_parts_without(self, ids: set[str]) -> tuple[list[str], list[str]]:
        """The ``superseded`` parts holding ``ids``, rewritten without them as staged parts;
        returns (the rewritten parts' final names, the parts they replace)."""
        import pyarrow.compute as pc
        added, removed = [], []
        wanted = pa.array(sorted(ids), pa.string())
        for part in self.manifest.paths("superseded"):
            rows = pq.read_table(self.root / part)
            keep = pc.invert(pc.is_in(rows.column("game_id"), value_set=wanted))
            if pc.all(keep).as_py():
                continue
            removed.append(part)
            if pc.any(keep).as_py():
                final = f"{part.rsplit('/', 1)[0]}/part-{_batch_id()}.parquet"
                write_part(rows.filter(keep), self.root / (final + ".tmp"))
                added.append(final)
        return added, removed

    def _drop_from_part(self, part: StagedPart, dropped: set[str]) -> int:
        """Rewrite a staged part without the games of ``dropped`` (or delete it when none is
        left); returns the rows it keeps."""
        import pyarrow.compute as pc
        path = self.root / (part.final + ".tmp")
        table = pq.read_table(path, schema=_schemas()[part.table])
        table = table.filter(pc.invert(pc.is_in(table.column(part.id_column), pa.array(sorted(dropped)))))
        if table.num_rows:
            write_part(table, path)
        else:
            path.unlink()
        return table.num_rows

    def _publish(self, added: list[str], removed: list[str] = (), done: CommitSummary | None = None,
                 unsettled: bool | None = None) -> None:
        """Make written ``<final>.tmp`` files committed, and ``removed`` ones not, at once: a
        journal names them, each is renamed, then the manifest is replaced (the commit); a
        run killed before that is finished or undone by the next open. ``done``: what an
        ingest's commit stores, kept in the journal for the writer that finishes it to tell;
        ``unsettled``: the manifest's new ``unsettled``, if the commit changes it."""
        if not added and not removed:
            return
        # The lock is held: the manifest on disk is the truth (another Warehouse of this thread
        # may have committed since this one read it).
        self.manifest = read_manifest(self.root)
        if not self.manifest.parts:     # the first commit: its parts hold every derived column
            self.manifest.derived = _derived_columns()
        manifest = self.manifest.changed(added, removed, self.manifest.generation + 1, unsettled)
        journal_dir = self.root / JOURNAL
        journal_dir.mkdir(exist_ok=True)
        journal = journal_dir / f"{uuid.uuid4().hex}.json"
        entry = {"generation": manifest.generation, "added": added, "removed": list(removed),
                 "models": self.before_commit is not None}
        if done is not None:
            entry["stored"] = done.journaled()
            if done.forgotten:
                entry["forgotten"] = done.forgotten
        if unsettled is not None:
            entry["unsettled"] = unsettled
        write_text_atomically(journal, json.dumps(entry))
        for final in added:
            os.replace(self.root / (final + ".tmp"), self.root / final)
        if self.before_commit is not None:
            # Raising (an interrupt, a full disk), it leaves the commit unpublished, whole in its
            # journal: readers see the commit before it with its models (or this one with its
            # models, when they were swapped in), and the next writer finishes it, models first.
            self.before_commit(manifest)
        write_manifest(self.root, manifest)
        self.manifest = manifest
        for superseded in removed:
            (self.root / superseded).unlink(missing_ok=True)
        journal.unlink()

    def _settle(self) -> None:
        """Clear the manifest's ``unsettled`` (an ingest's last commit found no game to supersede):
        the same commit, its state rewritten."""
        self.manifest = read_manifest(self.root)
        self.manifest.unsettled = False
        write_manifest(self.root, self.manifest)


def _bring_models(warehouse: Warehouse, manifest: Manifest) -> None:
    """Update the models for a commit a writer left unpublished while it updated them (killed,
    interrupted, out of disk), before its manifest is written: readers then see its tables and
    its marts together, as that writer meant. Raising, the commit stays in its journal for the
    next writer, as before. Models of other SQL, or none, are left to the writer's own build."""
    from pipeline.models import update  # here: the models' runner imports this module

    update(warehouse, manifest=manifest)


def _rows_outside(ids: pa.ChunkedArray, wanted: set[str]) -> pa.ChunkedArray:
    """Which rows of a dictionary-encoded ID column hold none of ``wanted``. Each distinct ID is
    looked up once (not once per row, nor ``wanted`` hashed again for each part); the chunks of
    one Parquet column share their dictionary, which is looked up once."""
    masks, dictionary, outside = [], None, None
    for chunk in ids.chunks:
        if dictionary is None or not chunk.dictionary.equals(dictionary):
            dictionary = chunk.dictionary
            outside = pa.array([game_id not in wanted for game_id in dictionary.to_pylist()], pa.bool_())
        masks.append(outside.take(chunk.indices))
    return pa.chunked_array(masks, pa.bool_())


def id_column(table: str) -> str | None:
    """The column naming a part's rows' game, or None for a table not kept per game."""
    if table == "quarantine":
        return "quarantine_id"
    if table == "superseded":   # games no longer stored: no ingest or re-audit of a game touches them
        return None
    return "game_id" if "game_id" in _schemas()[table].names else None


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
    repeats_quarantined: list[int]
    """Per file, of ``repeats``, those an earlier file of the batch quarantined."""
    parts: list[StagedPart]
    numbers: np.ndarray
    """Every game ID of ``ids`` as the ledger's numbers."""


def stage_results(root: Path, results: list[FileResult]) -> StagedBatch:
    """Write the tables of ``results`` as parts of the warehouse at ``root``, under temporary
    names, for :meth:`Warehouse.commit_staged`. Runs in a worker: the Parquet encoding, the
    largest cost of a commit, then runs on every core instead of in the one writer."""
    import pyarrow.compute as pc
    ids = []
    repeats, repeats_quarantined = [], []
    seen: set[str] = set()
    seen_quarantined: set[str] = set()
    tables: dict[tuple[str, str], list[pa.Table]] = {}
    for result in results:
        games = _ids(result, "games", "game_id")
        quarantined = _ids(result, "quarantine", "quarantine_id")
        reasons = _ids(result, "quarantine", "error")
        # A game in two files of this batch is stored once, from the first: its rows leave the
        # later file here, as commit() drops them (the writer only sees games stored before).
        repeated = seen.intersection(games + quarantined)
        repeats_quarantined.append(len(repeated & seen_quarantined))
        seen.update(games, quarantined)
        seen_quarantined.update(quarantined)
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
    parts = [StagedPart(table=key[0], final=final, rows=rows, id_column=id_column(key[0]))
             for (final, rows), key in zip(written, tables)]
    numbers = np.unique(_id_numbers(list(seen)))
    return StagedBatch(results=results, ids=ids, repeats=repeats, repeats_quarantined=repeats_quarantined,
                       parts=parts, numbers=numbers)


def _ids(result: FileResult, table: str, column: str) -> list[str]:
    """A column of one table of a file's result, over all its game partitions."""
    return [value for (name, _), rows in result.tables.items() if name == table
            for value in rows.column(column).to_pylist()]


def _batch_id() -> str:
    return f"{time.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:12]}"


_OWN_VALUE_COLUMNS = frozenset(("game_id", "hand_id", "quarantine_id", "text", "content_hash", "source_path"))
"""Text columns whose every game (or file) has a value of its own: a dictionary of them would be
as long as the column, built for nothing (and zstd packs a game's repeated ID on its action rows
better)."""
_CLIMBING_COLUMNS = (*LINE_COLUMNS, "action_no")
"""Numbers that climb from row to row (in a file, in a hand): stored as their differences."""


def write_part(rows: pa.Table, path: Path) -> None:
    """The one way a part is written. Dictionaries for texts that repeat only (names, streets,
    actions): on numbers they cost more to build than zstd leaves of their gain. Statistics on
    numbers only: no reader prunes by a text's range (IDs are hashes), and they cost comparisons of
    every value. Decimals of up to 18 digits stored as 64-bit integers (the same DECIMAL to
    readers), not as big-endian bytes swapped one value at a time. The rows of many files are
    written as they are, a chunk per file: joining them first saved the encoder a seventh of its
    work, but the copy faulted in fresh pages that cost an ingest more than that."""
    strings = [field.name for field in rows.schema if pa.types.is_string(field.type) or pa.types.is_large_string(field.type)]
    pq.write_table(rows, path, compression="zstd", store_decimal_as_integer=True,
                   use_dictionary=[name for name in strings if name not in _OWN_VALUE_COLUMNS],
                   write_statistics=[field.name for field in rows.schema
                                     if field.name not in strings and not pa.types.is_list(field.type)],
                   column_encoding={name: "DELTA_BINARY_PACKED" for name in _CLIMBING_COLUMNS
                                    if name in rows.column_names and pa.types.is_integer(rows.schema.field(name).type)})


def _write_parts(root: Path, tables: dict[tuple[str, str], pa.Table]) -> list[tuple[str, int]]:
    """Each table as ``<table>/game=<game>/part-<batch>.parquet.tmp``; returns (final, rows)."""
    batch_id = _batch_id()
    written = []
    for (table, game), rows in tables.items():
        final = f"{table}/game={game}/part-{batch_id}.parquet"
        path = root / (final + ".tmp")
        path.parent.mkdir(parents=True, exist_ok=True)
        write_part(rows, path)
        written.append((final, rows.num_rows))
    return written


def _id_numbers(game_ids: list[str]) -> np.ndarray:
    """Game IDs (16 hex digits) as the unsigned 64-bit numbers workers search."""
    digits = "".join(game_ids)
    if len(digits) != 16 * len(game_ids):
        raise ValueError(f"a game ID is not 16 hex digits among {len(game_ids)} IDs")
    return np.frombuffer(bytes.fromhex(digits), dtype=">u8").astype(np.uint64)


def _with_sorted_in(known: np.ndarray, numbers: np.ndarray) -> np.ndarray:
    """``known`` (sorted, unique) with ``numbers`` put in their places: a commit adds a few IDs
    to a million, which a union would sort again.

    >>> _with_sorted_in(np.array([2, 5, 9], np.uint64), np.array([7, 2, 1, 7], np.uint64)).tolist()
    [1, 2, 5, 7, 9]
    """
    numbers = np.unique(numbers.astype(known.dtype))
    if not len(known):
        return numbers
    at = np.searchsorted(known, numbers)
    new = known[np.minimum(at, len(known) - 1)] != numbers
    return np.insert(known, at[new], numbers[new])


def _derived_columns() -> list[str]:
    """Every column (``table.column``) that a table derives from its others."""
    from pipeline.tables import DERIVED

    return sorted(f"{table}.{column}" for table, derived in DERIVED.items() for column in derived.columns)


def _write_atomically(table: pa.Table, path: Path) -> None:
    temporary = path.with_name(f"{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    write_part(table, temporary)
    os.replace(temporary, path)
