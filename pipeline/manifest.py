"""A warehouse's committed state, read without pyarrow: the names of its files, the manifest of
its committed parts, whether a commit is half done, and the error of a writer that would not wait.
A re-ingest that finds nothing new answers from these alone (see ``pipeline.warehouse`` for the
writer and the readers, which re-export these names)."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from pipeline.provenance import RULES_VERSION

DUCKDB_FILE = "rasklad.duckdb"
MANIFEST_FILE = "_manifest.json"
JOURNAL = "_journal"
"""The folder of the journals of commits under way."""
EMPTY_PARTITION = "game=_none"
"""The partition of each table's zero-row placeholder, never committed."""


WAREHOUSE_FORMAT = 1
"""The format of the warehouses this Rasklad writes (the manifest's ``format``): raised by a change
of the tables, the manifest or the ledger that an older Rasklad would write wrongly. A Rasklad
writes no warehouse of a newer format than its own; one of an older format it upgrades. Format 0:
a warehouse written by a Rasklad that recorded none (releases before this marker)."""
READABLE_FROM_FORMAT = 1
"""The oldest format whose Rasklad reads what this one writes rightly (the manifest's
``readable_from``): raised, to this ``WAREHOUSE_FORMAT``, by a change an older reader would
misread; a reader of an older format then refuses to read the warehouse too."""


class NewerWarehouse(Exception):
    """The warehouse was written by a Rasklad of a newer format: this one writes it not at all (its
    rows would be mixed with the newer one's), and reads it only when the newer format says that
    is safe. (Here, beside :class:`WarehouseBusy`, for the command line to catch it without
    loading the writer.)"""

    def __init__(self, root: Path, found: int, *, reading: bool = False) -> None:
        self.found = found
        self.what = (f"The warehouse {str(root)!r} was written by a newer Rasklad (warehouse format {found}); this "
                     f"Rasklad knows format {WAREHOUSE_FORMAT} and "
                     + ("cannot read it rightly." if reading else
                        "does not write a newer format, lest it mix its rows with the newer Rasklad's."))
        self.fix = ("Use the Rasklad that wrote it, or a later one" + ("." if reading else
                    "; this one still reads it (audit, stats, query, show, the dashboard)."))
        super().__init__(f"{self.what} {self.fix}")


class WarehouseBusy(RuntimeError):
    """Another process writes the warehouse, and the caller chose not to wait. (Here, not beside
    the writers' lock in ``pipeline.warehouse``, for the command line to catch it without loading
    the writer.)"""

    def __init__(self, root: Path, holder: str) -> None:
        self.what = f"The warehouse {str(root)!r} is being written by another process ({holder})."
        self.fix = "Wait for it to finish, or run again without --no-wait to wait for it."
        super().__init__(f"{self.what} {self.fix}")


class StatisticsNotBuilt(Exception):
    """The warehouse holds committed games whose statistics (the SQL models) were never built: a
    new warehouse's first ingest stopped in its build. Readers refuse it until they are. (Here, for
    the command line and the dashboards to say it in the same words.)"""

    def __init__(self, root: Path) -> None:
        self.what = f"The statistics of the warehouse {str(root)!r} are not built."
        # (a first ingest still running looks the same from outside: it builds them at its end)
        self.fix = (f"An ingest into it that is still running builds them when it ends; else run "
                    f"`rasklad build-models --warehouse {root}` to build them.")
        super().__init__(f"{self.what} {self.fix}")


def waiting_forget(root: str | Path) -> dict | None:
    """The journal entry of a stopped ``rasklad forget``'s commit that waits for its statistics
    (its ``forgotten`` files, what it ``stored``, its ``generation``), or None."""
    journal = Path(root) / JOURNAL
    try:
        for path in sorted(journal.glob("*.json")):
            entry = json.loads(path.read_text())
            if entry.get("forgotten"):
                return entry
    except (OSError, ValueError):
        return None
    return None


def commit_pending(root: str | Path) -> bool:
    """Is a commit half done (a journal the next writer must finish or undo)?"""
    journal = Path(root) / JOURNAL
    return journal.is_dir() and any(journal.iterdir())


@dataclass(slots=True)
class Manifest:
    """The committed parts of every table (paths relative to the warehouse folder), the commit's
    number, when each rules version first judged a game here, the derived columns
    (``table.column``, see ``pipeline.facts.Derived``) that every committed part holds, and
    whether games may be held by no file any more (``unsettled``)."""

    generation: int = 0
    parts: dict[str, list[str]] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)
    derived: list[str] = field(default_factory=list)
    unsettled: bool = False
    """A commit stored a file's new version (of a path read before) that an ingest's last commit
    has not looked at since: games that file's earlier version held may be held by no file now,
    and the next ingest does the whole run to supersede them (see ``Warehouse.commit_staged``)."""
    format: int = WAREHOUSE_FORMAT
    """The format of the Rasklad that last wrote the warehouse (0: one that recorded none).
    Every manifest written records this Rasklad's (see :func:`write_manifest`)."""
    readable_from: int = READABLE_FROM_FORMAT
    """The oldest format whose Rasklad reads the warehouse rightly."""

    def check_writable(self, root: Path) -> None:
        """Raise :class:`NewerWarehouse` when a Rasklad of a newer format wrote the warehouse."""
        if self.format > WAREHOUSE_FORMAT:
            raise NewerWarehouse(root, self.format)

    def check_readable(self, root: Path) -> None:
        """Raise :class:`NewerWarehouse` when this Rasklad's format is too old to read it rightly."""
        if self.readable_from > WAREHOUSE_FORMAT:
            raise NewerWarehouse(root, self.format, reading=True)

    def changed(self, added: Iterable[str], removed: Iterable[str], generation: int,
                unsettled: bool | None = None) -> Manifest:
        """The manifest after a commit; ``unsettled``: its new state, if the commit changes it."""
        gone = set(removed)
        parts = {table: [p for p in paths if p not in gone] for table, paths in self.parts.items()}
        for final in added:
            listed = parts.setdefault(final.split("/", 1)[0], [])
            # (a first commit finished by the next writer: with no manifest yet, its renamed parts
            # were read as committed already)
            if final not in listed:
                listed.append(final)
        versions = dict(self.versions)
        versions.setdefault(RULES_VERSION, datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
        return Manifest(generation, {t: p for t, p in parts.items() if p}, versions, self.derived,
                        self.unsettled if unsettled is None else unsettled)

    def paths(self, table: str) -> list[str]:
        return self.parts.get(table, [])


class GoneFiles(NamedTuple):
    """The files read before at the paths an ingest was given that are gone from disk (see
    ``Warehouse.gone_files``)."""

    files: list[str]
    """Those holding games that count by them alone (no other file still there holds them), stored
    or in quarantine, by the names they were last read under."""
    games: int
    """Their stored games that count by them alone."""
    quarantined: int
    """Their games in quarantine that no other file still there holds."""
    met: list[str]
    """Every gone file whose ledger row holds games (those counting no more among them): what a
    later run compares."""


def left_paths(path: str | None, moved_from: str | None, merged_from: list[str] | None) -> list[str]:
    """The paths a ledger row's file was read at before and left (the file moved, split or merged
    from them to ``path``): from then on no file's latest path, until a file is read there.

    >>> left_paths("/b", None, ["/a", "/b"]), left_paths("/c", "/a", None), left_paths("/a", None, None)
    (['/a'], ['/a'], [])
    """
    return [origin for origin in (merged_from or [moved_from]) if origin and origin != path]


@dataclass(slots=True)
class FileLedger:
    """What the file ledger (the ``files`` table) says of the files read: the hashes of every
    version read, and each path's latest version. A file is known, and not read again, when its
    bytes were read before and no other bytes were read at its path since: a file changed back
    to bytes it held before is read again, as its path's new version. A path a file left (moved,
    split or merged elsewhere: :func:`left_paths`) has no latest version: a file there is at a
    new path, which may be files read before moved back (their games follow it)."""

    hashes: set[str] = field(default_factory=set)
    latest: dict[str, str] = field(default_factory=dict)
    """Absolute path (``files.source_path``) → the hash of the last version read there."""

    @classmethod
    def of(cls, hashes: Iterable[str], paths: Iterable[str | None], moved_from: Iterable[str | None] | None = None,
           merged_from: Iterable[list[str] | None] | None = None) -> FileLedger:
        """The ledger of rows whose ``content_hash``, ``source_path``, ``moved_from`` and
        ``merged_from`` are these, in the order they were committed (the last row of a path is
        its latest)."""
        ledger = cls()
        paths = list(paths)
        moved_from = moved_from if moved_from is not None else [None] * len(paths)
        merged_from = merged_from if merged_from is not None else [None] * len(paths)
        for digest, path, moved, merged in zip(hashes, paths, moved_from, merged_from, strict=True):
            ledger.add(digest, path, moved, merged)
        return ledger

    def add(self, digest: str, path: str | None, moved_from: str | None = None,
            merged_from: list[str] | None = None) -> None:
        self.hashes.add(digest)
        for left in left_paths(path, moved_from, merged_from):
            self.latest.pop(left, None)
        if path:    # (a ledger written before paths were kept has none)
            self.latest[path] = digest

    def knows(self, path: str, digest: str) -> bool:
        """Were these bytes read before, and are they the latest read at ``path`` (as the ledger
        keeps it: ``FileStore.located``)?"""
        return digest in self.hashes and self.latest.get(path, digest) == digest

    def held_elsewhere(self, path: str, digest: str) -> str | None:
        """A path other than ``path`` whose latest version is these bytes (the file a copy at
        ``path`` copies); None when no path holds them now (read at a path that changed since)."""
        return next((other for other, latest in self.latest.items() if latest == digest and other != path), None)

    def holds_at(self, path: str, digest: str) -> bool:
        """Is a file of these bytes recorded at ``path`` (as the ledger keeps it; its latest version
        read there)? Bytes known at another path only are a copy, or the file moved, not yet recorded."""
        return self.latest.get(path) == digest


def read_manifest(root: str | Path) -> Manifest:
    """The warehouse's committed state; a warehouse written before manifests existed has every
    finished part committed."""
    root = Path(root)
    try:
        text = (root / MANIFEST_FILE).read_bytes()
    except FileNotFoundError:
        parts: dict[str, list[str]] = {}
        for path in sorted(root.glob("*/game=*/*.parquet")):
            if path.parent.name != EMPTY_PARTITION:
                parts.setdefault(path.parent.parent.name, []).append(path.relative_to(root).as_posix())
        # (parts without a manifest: written before manifests were, by a Rasklad of no format)
        return Manifest(0, parts, {}, format=0 if parts else WAREHOUSE_FORMAT, readable_from=0)
    return parse_manifest(text)


def written_format(root: str | Path) -> int | None:
    """The format of the Rasklad that last wrote the warehouse at ``root``; None when nothing is
    committed there yet, or its manifest cannot be read."""
    try:
        manifest = read_manifest(root)
    except (OSError, ValueError, LookupError):
        return None
    return manifest.format if manifest.parts or (Path(root) / MANIFEST_FILE).exists() else None


def parse_manifest(text: bytes) -> Manifest:
    """The manifest whose file holds ``text``."""
    data = json.loads(text)
    return Manifest(data["generation"], data["parts"], data.get("versions", {}), data.get("derived", []),
                    data.get("unsettled", False), data.get("format", 0), data.get("readable_from", 0))


def write_manifest(root: Path, manifest: Manifest) -> None:
    # the writer's own format: a newer one was refused before anything was written
    state = {"generation": manifest.generation, "parts": manifest.parts, "versions": manifest.versions,
             "derived": manifest.derived, "format": WAREHOUSE_FORMAT, "readable_from": READABLE_FROM_FORMAT}
    if manifest.unsettled:
        state["unsettled"] = True
    write_text_atomically(root / MANIFEST_FILE, json.dumps(state))


def write_text_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(f"{path.name}.{uuid.uuid4().hex[:8]}.part")
    with open(temporary, "w") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
