"""What an ingest reads: every path it is given gets a verdict, and nothing stops the run.

A folder is walked for log files (by extension); a file named on the command line is read
whatever its extension. What cannot be read as a log gets a reason the run's summary
names: FIFOs, devices and sockets (reading them would block or never end), links that
loop or lead nowhere, paths that do not exist, files of 0 bytes, files and folders that cannot
be opened. Files in
a folder with other extensions are counted per extension as skipped. Hidden files (``.``
names) are left out without a word.

File names are stored as text. A name that is not valid UTF-8 (bytes from an old archive
or another system) is kept losslessly by :func:`stored_name`: each undecodable byte is
written ``\\xNN`` and a backslash ``\\\\``, which :func:`path_from_stored` reverses.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from pipeline.manifest import write_text_atomically

LOG_SUFFIXES = {".txt", ".log", ".hh", ".hist", ".text", ".xml", ".phh", ".phhs"}
"""Extensions read when walking a folder (a file named on the command line is always read)."""


class FileStore(Protocol):
    """Where the files an ingest reads are, as the file ledger meets them: the path it keeps for a
    file (``files.source_path``), and whether a path read before is still there (a file at a new
    path is taken for one read before, moved, only when that one is gone). A local ingest's files
    are on this machine (:data:`LOCAL_FILES`); a Spark ingest asks the store Spark read them from
    (``pipeline.spark.SparkFiles``): an object store's paths are no local file's."""

    def located(self, name: str) -> str:
        """The path the ledger keeps for a file read under ``name`` (its ``source_file``)."""
        ...

    def exists(self, path: str) -> bool:
        """Is there a file at ``path`` (one :meth:`located` gave) now?"""
        ...


class LocalFiles:
    """The files of this machine: absolute paths, and the file system's word on them."""

    def located(self, name: str) -> str:
        """Its path with every link resolved (as :meth:`same_file`), written as :func:`stored_name`
        writes names: a file read through a linked folder and at its real path is one file."""
        return stored_name(self.same_file(name))

    def exists(self, path: str) -> bool:
        return os.path.exists(path_from_stored(path))   # (a name kept with its odd bytes written \xNN)

    def same_file(self, name: str) -> str:
        """The file ``name`` names, however written (relative, ``./x``, absolute, through a linked
        folder): its path with every link resolved. A rule setting given for a file holds for it
        under any of its names."""
        return os.path.realpath(path_from_stored(name))


LOCAL_FILES = LocalFiles()


def content_hash(data: bytes) -> str:
    """A file's bytes as the file ledger knows them."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


Identity = tuple[int, int, int, int, int]
"""A file as a stat sees it: device, inode, size, modification and status-change times (ns)."""

SETTLED_NS = 100_000_000
"""A file's identity vouches for the bytes read only when its times are this much older than the
moment the reading began: a change made within the clock's tick of that moment may leave every
time as it was (git's "racy" files). 0.1 s spans the lag of the kernel's coarse clock."""
SETTLED_WHOLE_SECONDS_NS = 2_000_000_000
"""The same for a file system that keeps whole seconds (FAT keeps two)."""


class HashedFiles:
    """The :func:`content_hash` of each file hashed, kept with the file's identity when it was
    read, so that a later step of the run hashes (or even reads) a file again only when the file
    changed in between. Kept in the warehouse (:meth:`save`, :meth:`load`) for the identities
    that vouch for the bytes read (see ``SETTLED_NS``), a later run answers "unchanged" from a
    stat of the file: a file whose identity changed (a ``touch``, a copy) is hashed again."""

    def __init__(self) -> None:
        self._digests: dict[str, tuple[Identity, str, bool]] = {}
        """absolute path → (identity, digest, whether the identity vouches for the digest)"""

    def read(self, path: Path) -> tuple[bytes, str]:
        """The file's bytes and their digest, remembered."""
        started = time.time_ns()
        with open(path, "rb") as file:
            info = os.fstat(file.fileno())
            data = file.read()
        return data, self.digest(path, info, data, started)

    def digest(self, path: Path, info: os.stat_result, data: bytes, started_ns: int) -> str:
        """The digest of ``data``, read from ``path`` (whose stat was ``info``) from the moment
        ``started_ns`` (``time.time_ns()``) on; remembered."""
        digest = content_hash(data)
        self._digests[_key(path)] = (identity(info), digest, _settled(info, started_ns))
        return digest

    def recall(self, path: Path, info: os.stat_result) -> str | None:
        """The digest remembered for ``path`` if it still is the file it was (``info``: its stat now)."""
        found = self._digests.get(_key(path))
        return found[1] if found is not None and found[0] == identity(info) else None

    def digests(self) -> set[str]:
        """Every digest known, of this run's files and of those :meth:`load` took."""
        return {digest for _, digest, _ in self._digests.values()}

    def update(self, other: HashedFiles) -> None:
        """Take what ``other`` (a forked reader's) hashed."""
        self._digests.update(other._digests)

    def save(self, file: Path, key: str, known: Callable[[str, str], bool]) -> None:
        """Keep in ``file`` the identities that vouch for their digest, of the files ``known``
        (given the absolute path and the digest: the ledger's latest version at that path), under
        ``key`` (what :meth:`load` must be given for them to answer)."""
        files = {path: [*state, digest] for path, (state, digest, settled) in self._digests.items()
                 if settled and known(path, digest)}
        try:
            write_text_atomically(file, json.dumps({"key": key, "files": files}, separators=(",", ":")))
        except OSError:     # a read-only warehouse, or a writer's recovery took the .part: the next run hashes
            pass

    def load(self, file: Path, key: str) -> bool:
        """Take the identities :meth:`save` kept in ``file`` (those a file now has vouch for its
        digest); returns whether they were kept under ``key``."""
        try:
            kept = json.loads(file.read_bytes())
            entries = {path: (tuple(state), digest, True) for path, (*state, digest) in kept["files"].items()}
            current = kept["key"] == key
        except (OSError, ValueError, LookupError, TypeError, AttributeError):
            return False    # none kept, or not as this version keeps them: the files are hashed
        for path, entry in entries.items():
            self._digests.setdefault(path, entry)
        return current


def identity(info: os.stat_result) -> Identity:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def _settled(info: os.stat_result, started_ns: int) -> bool:
    """Were the file's times older than the reading by more than a tick of their clock?"""
    whole_seconds = info.st_mtime_ns % 1_000_000_000 == 0 and info.st_ctime_ns % 1_000_000_000 == 0
    margin = SETTLED_WHOLE_SECONDS_NS if whole_seconds else SETTLED_NS
    return max(info.st_mtime_ns, info.st_ctime_ns) < started_ns - margin


def _key(path: Path) -> str:
    return os.path.abspath(path)


@dataclass(slots=True)
class Inputs:
    """The files to read, and the verdicts on what is not read."""

    files: list[Path] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    """Paths not read (stored names) and why, in the order met."""
    skipped: Counter = field(default_factory=Counter)
    """Files of a folder left out for their extension: extension ("" for none) → count."""
    left_out: dict[tuple[int, int] | str, str] = field(default_factory=dict)
    """Those files while the paths are listed, by device and inode (or path) → extension: one also
    named is read, and is no file skipped (:attr:`skipped` counts the others once the listing ends)."""
    met: set[tuple[int, int]] = field(default_factory=set)
    """The files listed, by device and inode: a file named twice, or named and in a folder given
    too, or reached by a second link, is read once (under the first of its names)."""


MISSING = "no such file or folder (check the path)"
"""The verdict on a path given that does not exist at all: one more unreadable entry of the run
(a typo among many paths leaves the others read), as a link that leads nowhere is."""
EMPTY = "the file is empty (0 bytes)"


def list_inputs(paths: Iterable[str | Path], *, skip: str | Path | None = None) -> Inputs:
    """The files of ``paths`` to read, and a verdict on every other path met. ``skip``: a
    folder left out of the walk without a word (the warehouse itself, when it stands inside
    a folder of logs)."""
    inputs = Inputs()
    skipped_folder = _identity(skip) if skip is not None else None
    for path in map(Path, paths):
        try:
            os.lstat(path)
        except FileNotFoundError:
            inputs.refused.append((stored_name(path), MISSING))
            continue
        except OSError:
            pass    # its verdict comes from the stat below
        if _is_folder(path):
            _walk(path, inputs, skipped_folder)
        else:
            _consider(path, inputs)
    inputs.skipped = Counter(suffix for key, suffix in inputs.left_out.items() if key not in inputs.met)
    return inputs


def _is_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except OSError:
        return False


def _identity(path: str | Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _walk(folder: Path, inputs: Inputs, skip: tuple[int, int] | None = None) -> None:
    def unreadable(error: OSError) -> None:
        inputs.refused.append((stored_name(error.filename or folder), _why(error)))

    if skip is not None and _identity(folder) == skip:
        return
    # Links to folders are not followed: a link back up the tree would walk it forever.
    for root, folders, names in os.walk(folder, onerror=unreadable, followlinks=False):
        folders[:] = sorted(name for name in folders if not name.startswith(".")
                            and (skip is None or _identity(os.path.join(root, name)) != skip))
        for name in sorted(names):
            if name.startswith("."):
                continue
            suffix = Path(name).suffix.lower()
            if suffix not in LOG_SUFFIXES:
                file = os.path.join(root, name)
                inputs.left_out[_identity(file) or file] = suffix
                continue
            _consider(Path(root, name), inputs)


def _consider(path: Path, inputs: Inputs) -> None:
    """Add ``path`` to the files to read, or its verdict to the refused."""
    try:
        info = os.stat(path)
    except OSError as error:
        inputs.refused.append((stored_name(path), _why(error)))
        return
    mode = info.st_mode
    if stat.S_ISREG(mode):
        if info.st_size == 0:
            inputs.refused.append((stored_name(path), EMPTY))
        elif (info.st_dev, info.st_ino) not in inputs.met:
            if info.st_ino:     # 0 where a file system numbers no file: each is its own
                inputs.met.add((info.st_dev, info.st_ino))
            inputs.files.append(path)
    elif stat.S_ISFIFO(mode):
        inputs.refused.append((stored_name(path), "a FIFO (named pipe), not a file"))
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        inputs.refused.append((stored_name(path), "a device, not a file"))
    elif stat.S_ISSOCK(mode):
        inputs.refused.append((stored_name(path), "a socket, not a file"))
    elif not stat.S_ISDIR(mode):
        inputs.refused.append((stored_name(path), "not a regular file"))


def _why(error: OSError) -> str:
    if error.errno == errno.ELOOP:
        return "a symbolic link that loops (it leads back to itself)"
    if error.errno == errno.ENOENT:
        return "a symbolic link to nothing (its target is gone)"
    return error.strerror or str(error)


def stored_name(path: str | Path) -> str:
    r"""A path as the warehouse stores it: as given when it is valid text, else with each
    byte that is not UTF-8 written ``\xNN`` (and each backslash doubled, so that the
    escape reverses). Windows names are always text and are kept as they are.

    >>> stored_name(os.fsdecode(b"club-\xe0\xee\xe9.txt"))
    'club-\\xe0\\xee\\xe9.txt'
    >>> stored_name("Анна\\ночь.txt")
    'Анна\\\\ночь.txt'
    >>> path_from_stored(stored_name(os.fsdecode(b"club-\xe0.txt"))) == os.fsdecode(b"club-\xe0.txt")
    True
    """
    name = os.fspath(path)
    if os.name != "posix":
        return name
    return "".join(
        f"\\x{ord(char) - 0xDC00:02x}" if 0xDC80 <= ord(char) <= 0xDCFF else "\\\\" if char == "\\" else char
        for char in name
    ) if ("\\" in name or _has_escaped_bytes(name)) else name


def _has_escaped_bytes(name: str) -> bool:
    return any(0xDC80 <= ord(char) <= 0xDCFF for char in name)


def path_from_stored(name: str) -> str:
    """The path a :func:`stored_name` came from (the file system's own string for it)."""
    if os.name != "posix" or "\\" not in name:
        return name
    out: list[str] = []
    i = 0
    while i < len(name):
        if name.startswith("\\\\", i):
            out.append("\\")
            i += 2
        elif name.startswith("\\x", i):
            out.append(chr(0xDC00 + int(name[i + 2:i + 4], 16)))
            i += 4
        else:
            out.append(name[i])
            i += 1
    return "".join(out)
