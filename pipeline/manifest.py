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

from pipeline.provenance import RULES_VERSION

DUCKDB_FILE = "rasklad.duckdb"
MANIFEST_FILE = "_manifest.json"
JOURNAL = "_journal"
"""The folder of the journals of commits under way."""
EMPTY_PARTITION = "game=_none"
"""The partition of each table's zero-row placeholder, never committed."""


class WarehouseBusy(RuntimeError):
    """Another process writes the warehouse, and the caller chose not to wait. (Here, not beside
    the writers' lock in ``pipeline.warehouse``, for the command line to catch it without loading
    the writer.)"""

    def __init__(self, root: Path, holder: str) -> None:
        self.what = f"The warehouse {str(root)!r} is being written by another process ({holder})."
        self.fix = "Wait for it to finish, or run again without --no-wait to wait for it."
        super().__init__(f"{self.what} {self.fix}")


def commit_pending(root: str | Path) -> bool:
    """Is a commit half done (a journal the next writer must finish or undo)?"""
    journal = Path(root) / JOURNAL
    return journal.is_dir() and any(journal.iterdir())


@dataclass(slots=True)
class Manifest:
    """The committed parts of every table (paths relative to the warehouse folder), the commit's
    number, when each rules version first judged a game here, and the derived columns
    (``table.column``, see ``pipeline.facts.Derived``) that every committed part holds."""

    generation: int = 0
    parts: dict[str, list[str]] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)
    derived: list[str] = field(default_factory=list)

    def changed(self, added: Iterable[str], removed: Iterable[str], generation: int) -> Manifest:
        gone = set(removed)
        parts = {table: [p for p in paths if p not in gone] for table, paths in self.parts.items()}
        for final in added:
            parts.setdefault(final.split("/", 1)[0], []).append(final)
        versions = dict(self.versions)
        versions.setdefault(RULES_VERSION, datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
        return Manifest(generation, {t: p for t, p in parts.items() if p}, versions, self.derived)

    def paths(self, table: str) -> list[str]:
        return self.parts.get(table, [])


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
        return Manifest(0, parts, {})
    return parse_manifest(text)


def parse_manifest(text: bytes) -> Manifest:
    """The manifest whose file holds ``text``."""
    data = json.loads(text)
    return Manifest(data["generation"], data["parts"], data.get("versions", {}), data.get("derived", []))


def write_manifest(root: Path, manifest: Manifest) -> None:
    write_text_atomically(root / MANIFEST_FILE, json.dumps(
        {"generation": manifest.generation, "parts": manifest.parts, "versions": manifest.versions,
         "derived": manifest.derived}))


def write_text_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(f"{path.name}.{uuid.uuid4().hex[:8]}.part")
    with open(temporary, "w") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
