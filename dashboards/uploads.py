"""What the Import page does with uploads: bounds, one copy per content, safe names.

An import holds its files in the server's memory until they are written, so each import is
bounded in files and bytes, and the page lets go of them once written. The sessions of one
server share a budget too (:data:`BUDGET`): imports running at once in several browsers never
hold more than ``MAX_SERVER_MB`` together; an import that would go over it is refused, its
uploads let go, and the page asks to try again once the others are done. Files of the same
content are written once, under a folder named by their content, so an upload repeated in
one import or across imports is the same path and bytes (the ingest's file ledger then skips
it). Names come from the browser: they are reduced to short plain names, never paths.
"""

from __future__ import annotations

import hashlib
import re
import threading
from pathlib import Path
from typing import Self

from pipeline.inputs import LOG_SUFFIXES

MAX_MB = 20
"""Largest file of an import (the server refuses larger uploads too: ``rasklad dashboard``)."""
MAX_IMPORT_MB = 100
"""Largest import, all its files together: what the server holds in memory for it."""
MAX_FILES = 50
MAX_SERVER_MB = 200
"""All the imports of the server at once, in every session together."""
MB = 1024 * 1024
UPLOADS = "uploads"
"""Folder of the warehouse where an import's files stand while they are ingested (then removed:
the warehouse keeps each game's text)."""
MAX_NAME = 80
"""Longest name an upload is written under (file systems refuse names over 255 bytes)."""


def safe_name(name: str) -> str:
    """A browser's file name reduced to a short plain name (never a path): letters, digits,
    ``.``, ``-`` and ``_``, its log extension kept or ``.txt`` added, so that it is read as a log.

    >>> safe_name("../../etc/passwd"), safe_name("Клуб ночь.LOG"), safe_name("<script>.csv")
    ('passwd.txt', 'Клуб_ночь.log', 'script_.csv.txt')
    >>> len(safe_name("x" * 300 + ".txt")), safe_name("...")
    (80, 'upload.txt')
    """
    name = Path(name.replace("\\", "/")).name
    suffix = Path(name).suffix.lower()
    if suffix in LOG_SUFFIXES:
        name = name[:-len(suffix)]
    else:
        suffix = ".txt"
    stem = re.sub(r"[^\w.-]+", "_", name).strip("._-")[:MAX_NAME - len(suffix)].rstrip("._-")
    return (stem or "upload") + suffix


def unique_uploads(uploads) -> tuple[list[tuple[str, str, bytes]], int]:
    """Each distinct content of ``uploads`` (objects with ``name`` and ``getvalue()``) once, as
    (content digest, safe name, bytes), and how many uploads repeated a content already taken."""
    taken: dict[str, tuple[str, str, bytes]] = {}
    for upload in uploads:
        data = upload.getvalue()
        digest = hashlib.blake2b(data, digest_size=16).hexdigest()
        taken.setdefault(digest, (digest, safe_name(upload.name), data))
    return list(taken.values()), len(uploads) - len(taken)


class UploadBudget:
    """Bytes that the imports of every session hold at once, bounded: each import takes its
    size before it reads its uploads and gives it back when done (sessions run as threads of
    one server process, so a lock keeps the count)."""

    def __init__(self, limit_bytes: int) -> None:
        self.limit_bytes = limit_bytes
        self._held = 0
        self._lock = threading.Lock()

    @property
    def held_bytes(self) -> int:
        with self._lock:
            return self._held

    def take(self, size: int) -> Held | None:
        """A hold of ``size`` bytes, or None when the imports running now leave too little."""
        with self._lock:
            if self._held + size > self.limit_bytes:
                return None
            self._held += size
        return Held(self, size)

    def _give_back(self, size: int) -> None:
        with self._lock:
            self._held -= size


class Held:
    """An import's share of the budget, given back once (``with`` does it on the way out, also
    when the import fails)."""

    def __init__(self, budget: UploadBudget, size: int) -> None:
        self.size = size
        self._budget: UploadBudget | None = budget

    def release(self) -> None:
        budget, self._budget = self._budget, None
        if budget is not None:
            budget._give_back(self.size)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.release()


BUDGET = UploadBudget(MAX_SERVER_MB * MB)
"""The server's one budget: module state is shared by every session of a Streamlit server."""
