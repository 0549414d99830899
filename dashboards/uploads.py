"""What the Import page does with uploads: bounds, one copy per content, safe names.

An import holds its files in the server's memory until they are written, so each import is
bounded in files and bytes, and the page lets go of them once written. Files of the same
content are written once, under a folder named by their content, so an upload repeated in
one import or across imports is the same path and bytes (the ingest's file ledger then skips
it). Names come from the browser: they are reduced to short plain names, never paths.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from pipeline.inputs import LOG_SUFFIXES

MAX_MB = 20
"""Largest file of an import (the server refuses larger uploads too: ``rasklad dashboard``)."""
MAX_IMPORT_MB = 100
"""Largest import, all its files together: what the server holds in memory for it."""
MAX_FILES = 50
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
