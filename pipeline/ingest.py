"""Ingest: files in, warehouse out — every process reads, one writer publishes.

Each file is one unit of work (``parse_bytes``, engine-free). With ``jobs`` = N the process
forks N-1 readers and reads too: each reader claims the largest file no reader has claimed
(a counter they share over the files sorted by size), skips it if the ledger knows its bytes,
parses it and holds its tables, and writes what it holds as temporary Parquet parts
(``warehouse.stage_results``) every STAGE_BYTES of logs and when the files run out. The
writer, this process, publishes its own parts and the readers' in journaled commits
(``Warehouse.commit_staged``). Parquet encoding, the largest cost after the compiled Hold'em
lane, thus runs on every core, and the readers end together, writing their last parts side by
side. Games already stored are skipped by ID before they are parsed, so re-ingesting a corpus
costs little more than hashing it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import itertools
import json
import os
import pickle
import shutil
import signal
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.collector import collecting_at, modules_loading, objects_set_apart
from pipeline.inputs import LOCAL_FILES, HashedFiles, list_inputs, stored_name
from pipeline.manifest import (
    DUCKDB_FILE,
    MANIFEST_FILE,
    WAREHOUSE_FORMAT,
    FileLedger,
    GoneFiles,
    Manifest,
    commit_pending,
    parse_manifest,
    write_text_atomically,
)
from pipeline.provenance import RULES_VERSION, SQL_ROOT, ModelError, sql_files, sql_fingerprint

if TYPE_CHECKING:
    from pipeline.table_rules import RuleSettings
    from pipeline.versions import Restorable, UnsureMove
    from pipeline.warehouse import StagedBatch, Warehouse
    from pipeline.worker import FileResult

# The warehouse's writer, pyarrow and numpy, the readers, engines and models are loaded by the
# functions that use them: a run that finds nothing new (unchanged_run) never needs them, nor a
# run of one reader the forked readers' multiprocessing.

READ_COLLECT_EVERY = 50_000
"""While an ingest runs, the garbage collector's youngest generation is collected after this many
new objects (Python's default: 700). A game's record and replay are thousands of objects that live
until its rows are made, and the modules, grammars and kernels an ingest loads as it goes live to
its end: at the default pace they were walked by collection after collection for nothing (0.3 CPU-s
of a 7 CPU-s raspisnoy ingest of 1,000 games). The 20,000-hand command made 184 collections (0.09
CPU-s) with a pace of 10,000 while files were read only; 55 (0.065) with it over the whole ingest;
29 (0.03) at 50,000 (data/samples: 0.06 -> 0.036 CPU-s), in the same memory."""

STAGE_BYTES = 48 << 20
"""A reader writes the parts of what it holds once it has read this many bytes of logs (about
50,000 hands: memory stays bounded, and few large parts are cheaper to write and to query)."""


@dataclass(slots=True)
class IngestSummary:
    """What an ingest did, for the closing line of the command and for ``--json``."""

    files: int = 0
    """Every file met, those in ``unreadable`` among them (a folder that cannot be walked too)."""
    files_unchanged: int = 0
    """Files whose bytes were read before at their path, or at a path they left (a file renamed):
    not read again."""
    files_grown: int = 0
    """Files read before that grew since (hands appended): read from their last game on."""
    games: int = 0
    files_committed: int = 0
    """Files whose games a commit of the run stored: those a run stopped before its end keeps."""
    games_known: int = 0
    duplicates: int = 0
    copies: list[tuple[str, str, int]] = field(default_factory=list)
    """Files at a path never read whose bytes another path read before still holds (a copy, that
    file still there): recorded unread, each with that path and its games stored already, which
    ``games_known`` counts."""
    already_quarantined: int = 0
    """Games of the files met (read, or skipped as unchanged) that are in quarantine from before
    the run, each once however many files hold it (``rasklad quarantine`` lists each once): not
    among the games already stored, as they never were; the file still holds text that could not
    be read."""
    quarantined: int = 0
    quarantined_copies: int = 0
    """Further copies of the quarantined games in their own files (each row names its copies' lines)."""
    quarantined_copies_elsewhere: int = 0
    """Further copies, in other files met, of games in quarantine (from before, or quarantined by
    this run): the quarantine lists each game once, where it was first quarantined."""
    findings: int = 0
    seconds: float = 0.0
    models_seconds: float = 0.0
    """Of ``seconds``, the rebuild of the SQL models (0 when they were current)."""
    reasons: Counter = field(default_factory=Counter)
    quarantined_ids: dict[str, str] = field(default_factory=dict)
    """The games of ``quarantined``, by ID, each with its reason."""
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    """Files that could not be read (FIFOs, devices, loops, empty, removed or locked): path, why."""
    skipped: Counter = field(default_factory=Counter)
    """Files of the folders left out for their extension: extension → count."""
    retried: int = 0
    """Games quarantined by other rules or parsers, judged again before the files were read."""
    retried_stored: int = 0
    """Of ``retried``, the games stored now (the rest are quarantined again, by these rules)."""
    retried_findings: int = 0
    """The findings of the ``retried_stored`` games, and of the run's own games a betting structure
    that followed their file took out of quarantine (among ``games``)."""
    superseded: int = 0
    """Stored games that left the statistics: their file was read again, and no file holds them now."""
    unquarantined: int = 0
    """Quarantined games taken out of quarantine so."""
    relocated: int = 0
    """Stored (or quarantined) games whose file's new version holds them at other lines: their
    lines follow it."""
    followed: int = 0
    """Stored (or quarantined) games whose file moved (renamed, split): they point at its new
    path, at the same lines."""
    in_other_files: int = 0
    """Stored (or quarantined) games whose file's new version no longer holds them while another
    file read does: they point at that file now."""
    restored: int = 0
    """Superseded games that a file read holds: stored (or quarantined) again (among ``games`` and
    ``quarantined``), out of the table ``superseded``."""
    restored_quarantined: int = 0
    """Of ``restored``, the texts back in quarantine."""
    moved: list[tuple[str, str]] = field(default_factory=list)
    """Files taken for files read before, moved (edited or not): (the file, the path it was read at)."""
    moved_unchanged: list[str] = field(default_factory=list)
    """Of ``moved``, the files moved with their bytes unchanged (a plain rename)."""
    merged: list[tuple[str, list[str]]] = field(default_factory=list)
    """Files taken for files read before merged into one: (the file, the paths those were read at)."""
    unsure_moves: list[UnsureMove] = field(default_factory=list)
    """Files that may be files read before, moved, but share too few of their games to be taken for them."""
    finished: dict[str, int] = field(default_factory=dict)
    """What the commit of an interrupted ingest, finished before the files were read, stored
    (see ``CommitSummary.JOURNALED``); empty when there was none. A stopped forget's commit
    counts in ``finished_forget`` instead."""
    finished_forget: Any = None
    """The ``pipeline.warehouse.CommitSummary`` of a stopped ``rasklad forget``'s commit, finished
    before the files were read (its games left by the forget, not by their files' new text)."""
    resettled: int = 0
    """Stored games judged again before the files were read: the rule settings given reach them,
    and they had been judged under other options."""
    resettled_findings: int = 0
    """The findings of the ``resettled`` games, judged under the settings given."""
    settings_followed: list = field(default_factory=list)
    """The rule settings given for files read before that followed them to files read now (moved,
    split, merged or copied): ``pipeline.table_rules.Followed``."""
    refollowed: int = 0
    """Stored games judged again once the files were read: hands of those files judged under other
    options than the settings that followed them give (the hands a file moved and edited gained
    were read under its new path's). Quarantined games a betting structure that followed may read
    are judged again too, counted in ``retried``; those of the run's own files stored so count
    among ``games``, no longer among ``quarantined``."""
    refollowed_findings: int = 0
    """The findings of the ``refollowed`` games."""
    contradicting: list[dict] = field(default_factory=list)
    """Entries that two stored summaries of one tournament, one of them in a file read now, list as
    finished at another place or prize (``int_tournament_conflicts``): the first is the one the
    marts keep."""
    gone_files: list[str] = field(default_factory=list)
    """Files read before at the paths given (or under the folders given) that are gone from disk
    and hold games, stored or in quarantine: they keep them (see ``rasklad forget``)."""
    gone_games: int = 0
    """The stored games that count by ``gone_files`` alone (no other file still there holds them)."""
    gone_quarantined: int = 0
    """The games in quarantine that ``gone_files`` alone hold: listed by ``rasklad quarantine``
    until those files are forgotten."""
    gone_met: list[str] = field(default_factory=list)
    """Every file gone from disk at the paths given whose ledger row holds games (``gone_files``
    and those whose games count no more, or by other files too): kept for the next run to compare."""
    models_failed: str = ""
    """Why the SQL models could not be brought up to date (a model's name and the database's
    reason), empty when they were: the games were committed all the same."""

    def with_finished(self) -> IngestSummary:
        """A copy whose counts include what the commit of an interrupted ingest, finished before
        the files were read, published (``finished``): what the run published in all, as its
        summary tells it (``as_dict`` keeps them apart)."""
        return dataclasses.replace(self, finished={}, **{name: getattr(self, name) + count
                                                          for name, count in self.finished.items()})

    def as_dict(self) -> dict:
        return {
            "files": self.files, "files_unchanged": self.files_unchanged, "files_grown": self.files_grown,
            "files_copied": [{"file": file, "same_as": original, "games_known": games}
                             for file, original, games in self.copies],
            "files_unreadable": dict(self.unreadable), "files_skipped": dict(self.skipped), "games": self.games,
            "games_known": self.games_known, "duplicates": self.duplicates,
            "already_quarantined": self.already_quarantined,
            "quarantined": self.quarantined, "quarantined_copies": self.quarantined_copies,
            "quarantined_copies_elsewhere": self.quarantined_copies_elsewhere,
            "findings": self.findings,
            "seconds": round(self.seconds, 3), "models_seconds": round(self.models_seconds, 3),
            "quarantine_reasons": dict(self.reasons.most_common()),
            "quarantine_retried": self.retried, "quarantine_retried_stored": self.retried_stored,
            "quarantine_retried_findings": self.retried_findings,
            "superseded": self.superseded, "quarantine_superseded": self.unquarantined,
            "relocated": self.relocated, "followed": self.followed, "in_other_files": self.in_other_files,
            "restored": self.restored, "restored_quarantined": self.restored_quarantined,
            "moved": [{"file": file, "from": path, "unchanged": file in self.moved_unchanged}
                      for file, path in self.moved],
            "merged": [{"file": file, "from": paths} for file, paths in self.merged],
            "moves_unsure": [{"file": move.source_file, "gone": move.gone, "shared": move.shared,
                              "gone_games": move.gone_games, "games": move.games,
                              "taken_for": list(move.taken_for)} for move in self.unsure_moves],
            "finished_interrupted": self.finished,
            "finished_stopped_forget": self.finished_forget and {
                "files": self.finished_forget.forgotten, "superseded": self.finished_forget.superseded,
                "quarantine_superseded": self.finished_forget.unquarantined},
            "resettled": self.resettled, "resettled_findings": self.resettled_findings,
            "settings_followed": [{"file": entry.file, "from": list(entry.origins), "copy": entry.copy,
                                   "options": list(entry.options), "overridden": list(entry.overridden),
                                   "left": dict(entry.differing)} for entry in self.settings_followed],
            "judged_again_as_followed": self.refollowed, "judged_again_as_followed_findings": self.refollowed_findings,
            "gone_files": self.gone_files, "gone_games": self.gone_games,
            "gone_quarantined": self.gone_quarantined,
            "models_failed": self.models_failed or None,
            "summaries_contradicting": self.contradicting,
        }


class ReaderFailed(RuntimeError):
    """A forked reader stopped: ``str()`` says what happened, ``fix`` what to do next."""

    def __init__(self, what: str, fix: str) -> None:
        super().__init__(f"{what} {fix}")
        self.what, self.fix = what, fix


Report = Callable[[str, object], None]
"""How a reader tells what it did: ("read", FileResult), ("unchanged", FileResult),
("unreadable", (path, why)) or ("staged", StagedBatch); the run's last batches, committed
together, come as ("last", list[StagedBatch])."""


class _Share:
    """The run's files in the order they are claimed, the digests of those hashed already, and
    the index of the next one no reader has claimed, in memory the forked readers share.

    With several readers the largest files are claimed first: the run's last claims are then its
    smallest files, so that no reader is left reading a large one alone while the others wait.
    One reader takes the files as listed."""

    def __init__(self, files: list[Path], jobs: int, hashed: HashedFiles | None = None,
                 read_again: bool = False) -> None:
        sizes = [_size(path) for path in files]
        if jobs > 1:
            order = sorted(range(len(files)), key=sizes.__getitem__, reverse=True)   # stable: ties as listed
            files, sizes = [files[i] for i in order], [sizes[i] for i in order]
        self.files = files
        self.jobs = jobs
        self.hashed = hashed or HashedFiles()
        self.read_again = read_again
        """Read every file, even one whose bytes the ledger knows (see :func:`ingest`)."""
        self._bytes_from = list(itertools.accumulate(reversed(sizes)))[::-1] + [0]
        self._next = _shared_count() if jobs > 1 else _Count()

    def claim(self) -> Path | None:
        with self._next.get_lock():
            index = self._next.value
            if index >= len(self.files):
                return None
            self._next.value = index + 1
        return self.files[index]

    def bytes_left(self) -> int:
        """Bytes of the files nobody has claimed yet."""
        return self._bytes_from[min(self._next.value, len(self.files))]


class _Count:
    """The claim counter of a run with one reader: no other process to share it with."""

    value = 0

    def get_lock(self) -> contextlib.nullcontext:
        return contextlib.nullcontext()


def _shared_count():
    """The claim counter the forked readers share (in shared memory, with its lock)."""
    import multiprocessing

    return multiprocessing.get_context("fork").Value("q", 0)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:     # gone since it was listed: its reader says so
        return 0


class _Reader:
    """One process's part of the reading: claim a file, skip it if the ledger knows its
    bytes, parse it, hold its tables; stage what it holds now and then."""

    def __init__(self, share: _Share, warehouse: Warehouse, report: Report) -> None:
        self.share, self.warehouse, self.report = share, warehouse, report
        self.held: list[FileResult] = []
        self.held_bytes = 0

    def run(self, *, stage_rest: bool = True) -> None:
        """Read until every file is claimed; then stage what is held, unless ``stage_rest`` is
        False (the writer stages its rest with :meth:`staged_rest`, to commit it with the
        readers' last batches at once)."""
        share = self.share
        final_stretch = share.jobs == 1
        while True:
            if self.held_bytes >= STAGE_BYTES:
                self.stage()
            elif not final_stretch and share.bytes_left() <= share.jobs * STAGE_BYTES // 2:
                # From here each reader reads about bytes_left / jobs more. Staging what it
                # holds now, each ends holding about as much as the others: their last
                # stages run side by side instead of one reader writing a large one alone.
                final_stretch = True
                if self.held:
                    self.stage()
            path = share.claim()
            if path is None:
                break
            self.read(path)
        if stage_rest and self.held:
            self.stage()

    def read(self, path: Path) -> None:
        from pipeline.worker import FileResult, parse_appended, parse_bytes

        name = stored_name(path)
        try:
            started = time.time_ns()
            with open(path, "rb") as file:
                # a file hashed earlier (by unchanged_run, or a run before) and not changed since
                # is not hashed again, nor even read when the ledger knows it
                info = os.fstat(file.fileno())
                digest = self.share.hashed.recall(path, info)
                if digest is not None and self.skips(digest, name):
                    self.report("unchanged", FileResult(name, digest, info.st_size))
                    return
                data = file.read()
        except OSError as error:    # removed or locked since it was listed: the run goes on
            self.report("unreadable", (name, error.strerror or str(error)))
            return
        digest = digest or self.share.hashed.digest(path, info, data, started)
        if self.skips(digest, name):
            self.report("unchanged", FileResult(name, digest, len(data)))
            return
        # a file read before that grew (hands appended) is read from its last game on
        earlier = self.warehouse.earlier_reading(name, digest)
        result = None if earlier is None else parse_appended(
            data, name, earlier, self.warehouse.known_ids, digest=digest, quarantined=self.warehouse.quarantined_ids)
        if result is None:
            result = parse_bytes(data, name, self.warehouse.known_ids, digest=digest,
                                 quarantined=self.warehouse.quarantined_ids)
        self.held.append(result)
        self.held_bytes += result.size_bytes
        self.report("read", result)

    def skips(self, digest: str, name: str) -> bool:
        return not self.share.read_again and self.warehouse.skips_file(digest, name)

    def stage(self) -> None:
        self.report("staged", self.staged_rest())

    def staged_rest(self) -> StagedBatch:
        from pipeline.warehouse import stage_results

        staged = stage_results(self.warehouse.root, self.held)
        self.held, self.held_bytes = [], 0
        return staged


PR_SET_PDEATHSIG = 1
"""Linux prctl option: the signal a process gets when its parent dies."""


def _die_with_parent(parent: int) -> None:
    """In a forked reader: end when the writer ``parent`` ends, however it ends (kill -9 too). A
    reader left behind would block for ever on its pipe's write with nobody to read it. Linux
    sends the signal itself; elsewhere a thread watches for the parent's going."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:      # the writer died before the signal was asked for
                    os.kill(os.getpid(), signal.SIGKILL)
                return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGKILL)     # at once, as the signal Linux sends would

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def _read_in_worker(share: _Share, warehouse: Warehouse, spool: Path, send, parent: int) -> None:
    """A forked reader: its reports go to the writer by pipe, each file's result without its
    tables (they stay here until staged), a staged batch by spool file (a pipe would stall
    this reader until the writer, busy reading too, takes it). The writer alone answers Ctrl-C
    (the terminal sends it to every process of the run): it stops the readers itself."""
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)

    def report(kind: str, value) -> None:
        if kind == "staged":
            spooled = spool / f"{os.getpid()}-{time.perf_counter_ns()}.pickle"
            with open(spooled, "wb") as handle:
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
            value = spooled
        elif kind == "read":
            value = dataclasses.replace(value, tables={})
        send.send((kind, value))

    try:
        _Reader(share, warehouse, report).run()
        send.send(("hashed", share.hashed))     # for the writer to keep what files this reader hashed
        send.send(("done", None))
    except BaseException:   # noqa: BLE001 — told to the writer, which stops the run with it
        send.send(("failed", traceback.format_exc()))


def _unspool(spooled: Path) -> StagedBatch:
    with open(spooled, "rb") as handle:
        staged = pickle.load(handle)
    spooled.unlink()
    return staged


def _read_in_parallel(share: _Share, warehouse: Warehouse, handle: Report) -> None:
    """Fork ``share.jobs - 1`` readers and read beside them; between its own files the writer
    takes what the readers report, then waits for the rest."""
    import multiprocessing.connection

    context = multiprocessing.get_context("fork")
    spool = warehouse.spool()
    processes, pipes = [], []
    try:
        for _ in range(share.jobs - 1):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(target=_read_in_worker, args=(share, warehouse, spool, send, os.getpid()),
                                      daemon=True)
            process.start()
            send.close()
            processes.append(process)
            pipes.append(receive)
        warehouse.lay_placeholders()    # while the readers start

        def take_reports(wait: bool, last: list[StagedBatch] | None = None) -> None:
            """Handle what the readers reported; staged batches join ``last`` if given."""
            while pipes:
                ready = multiprocessing.connection.wait(pipes, timeout=None if wait else 0)
                if not ready:
                    return
                for pipe in ready:
                    try:
                        kind, value = pipe.recv()
                    except EOFError:
                        raise ReaderFailed(
                            "a reader process ended without finishing (killed, or out of memory?).",
                            "Run the ingest again: what was committed is kept and not read twice; "
                            "--jobs 1 reads in one process.",
                        ) from None
                    if kind == "done":
                        pipes.remove(pipe)
                    elif kind == "hashed":
                        share.hashed.update(value)
                    elif kind == "failed":
                        raise ReaderFailed(
                            f"a reader process failed: {value.strip().splitlines()[-1]}",
                            "What was committed is kept; run the ingest again to go on. If it fails "
                            "again, it is a fault of Rasklad: please report it with this trace:\n" + value,
                        )
                    elif kind == "staged" and last is not None:
                        last.append(_unspool(value))
                    else:
                        handle(kind, _unspool(value) if kind == "staged" else value)

        def report(kind: str, value) -> None:
            handle(kind, value)
            take_reports(wait=False)

        reader = _Reader(share, warehouse, report)
        reader.run(stage_rest=False)
        # The last batches, the writer's and the readers', are committed together: one
        # journaled commit fewer on the one stretch of the run that nothing overlaps.
        last = [reader.staged_rest()] if reader.held else []
        take_reports(wait=True, last=last)
        if last:
            handle("last", last)
    finally:
        for process in processes:
            if process.is_alive() and pipes:    # stopped by a failure: the others stop too
                process.terminate()
            process.join()
        shutil.rmtree(spool, ignore_errors=True)


def refresh_models(warehouse: Warehouse, *, full: bool = False, manifest: Manifest | None = None,
                   build: bool = True, threads: int | None = None,
                   on_model: Callable[[str], None] | None = None) -> float:
    """Bring the SQL models up to date unless nothing changed since their last build by an
    ingest (the same committed parts of the game tables, and the same SQL files), so that a
    re-ingest costs only the hashing. The models are updated for what was committed since they
    were built (:func:`pipeline.models.update`), or rebuilt whole when ``full`` is given, or
    the SQL changed, or there are no models yet (unless ``build`` is False: then they are left
    as they are). ``manifest``: a commit about to be made, for the models to land with it.
    ``threads``: the cores a whole build may use (default: all). ``on_model``: told each model's
    name as it is built or updated.
    Returns the seconds it took (0 when the models were current). The fingerprint is written
    only once the models are in place."""
    from pipeline import models

    if not build and not warehouse.duckdb_path.exists():
        return 0.0
    manifest = manifest or warehouse.manifest
    stamp = warehouse.root / MODELS_STAMP
    fingerprint = _models_fingerprint(manifest)
    if not full and warehouse.duckdb_path.exists() and stamp.exists() and stamp.read_text() == fingerprint:
        return 0.0
    stamp.unlink(missing_ok=True)
    started = time.perf_counter()
    if full or models.update(warehouse, models.SQL_ROOT, manifest, on_model=on_model) is None:
        if not build:
            return time.perf_counter() - started
        models.build(warehouse, manifest=manifest, threads=threads, on_model=on_model)
    write_text_atomically(stamp, fingerprint)
    return time.perf_counter() - started


def models_with_commits(warehouse: Warehouse, *, on_model: Callable[[str], None] | None = None,
                        summary: IngestSummary | None = None) -> None:
    """Make each commit of ``warehouse`` (opened: its writer) land with its models: they are
    updated for the commit before its manifest is replaced (``Warehouse.before_commit``), and a
    commit stopped in its models is not published. Models that only a whole build brings (none
    yet, other SQL) are left to the writer's :func:`refresh_models` at its end. ``summary``:
    counts the models' seconds, and a model that fails goes there instead of stopping the commit:
    the games are kept, the models left as they were for ``rasklad build-models``."""
    def follow(manifest: Manifest) -> None:
        if summary is None:
            refresh_models(warehouse, manifest=manifest, build=False, on_model=on_model)
            return
        try:
            summary.models_seconds += refresh_models(warehouse, manifest=manifest, build=False, on_model=on_model)
        except ModelError as error:
            if error.interrupted:       # the run was stopped: it ends as a stopped run does
                raise
            # one bad model must not cost the games of this commit, nor of the next ingest
            summary.models_failed = str(error)
            warehouse.before_commit = None

    warehouse.before_commit = follow


MODELS_STAMP = ".models-fingerprint"
"""File in the warehouse root: what the models were last built from (see ``ingest``)."""


def _models_fingerprint(manifest: Manifest) -> str:
    digest = hashlib.blake2b(digest_size=16)
    for table, parts in sorted(manifest.parts.items()):
        if table != "files":    # the ledger alone (a file of known games) changes no model
            digest.update(table.encode() + b"\0" + "\0".join(parts).encode() + b"\0")
    digest.update(sql_fingerprint(SQL_ROOT).encode())
    return digest.hexdigest()


KNOWN_FILES = "_known_files.json"
"""File in the warehouse root: the identities of files whose bytes the ledger knows
(:meth:`HashedFiles.save`), kept for the manifest they were saved with."""


KNOWN_AT_PATHS = "at-paths-none-superseded"
"""Part of the key of ``KNOWN_FILES``: its identities are of files whose bytes are the ledger's
latest at their path, and hold no superseded game. Those an older Rasklad kept vouched for bytes
known at any path (a copy, a file renamed, never recorded at its path), or for a file holding games
an older Rasklad superseded: not taken, such a file is hashed, and recorded or read."""


def _known_files_key(manifest_text: bytes) -> str:
    """What the kept identities answer for: the commit whose ledger knows their digests, and the
    rules version every quarantined game had been judged by then (else none is kept)."""
    return f"{hashlib.blake2b(manifest_text, digest_size=16).hexdigest()}-{RULES_VERSION}-{KNOWN_AT_PATHS}"


def unchanged_run(paths: Iterable[str | Path], warehouse_root: str | Path, *,
                  rules: Iterable[str] = (), hashed: HashedFiles | None = None) -> IngestSummary | None:
    """The summary of an ingest of ``paths`` that would change nothing, found without loading a
    reader, an engine or the models: no rule option is given, no commit is half done nor left
    games to supersede (``Manifest.unsettled``), the ledger knows every file's bytes as the
    latest read at its path, no quarantined game was judged by other rules (the ingest would
    judge it again first), and the models were built from the warehouse as it stands. None when
    any of that does not hold, or a file cannot be read: the run then does the whole ingest.
    It reads the committed state as a reader does, without the writers' lock.

    A file whose identity (``KNOWN_FILES``) is as it was when an ingest of this commit read it is
    not read; when all are so, nor is pyarrow loaded. The others are hashed, and their identities
    kept for the next run. ``hashed`` keeps what is known of the files, for that ingest not to hash
    them again."""
    started = time.perf_counter()
    root = Path(warehouse_root)
    if tuple(rules) or commit_pending(root):
        return None
    try:
        manifest_text = (root / MANIFEST_FILE).read_bytes()
    except FileNotFoundError:
        return None
    listing = list_inputs(paths, skip=warehouse_root)
    manifest = parse_manifest(manifest_text)
    if manifest.unsettled or manifest.format > WAREHOUSE_FORMAT:
        return None     # games no file holds may be left to supersede; a newer format: the writer refuses it
    stamp = root / MODELS_STAMP
    if not listing.files or not (root / DUCKDB_FILE).exists() or not stamp.exists():
        return None
    if stamp.read_text() != _models_fingerprint(manifest):
        return None
    hashed = hashed if hashed is not None else HashedFiles()
    key = _known_files_key(manifest_text)
    current = hashed.load(root / KNOWN_FILES, key)
    ledger: FileLedger | None = None
    holding_superseded: Restorable | None = None
    hashed_any = False
    digests = []
    for path in listing.files:
        try:
            # a file whose identity was kept is as an ingest of this commit left it: known
            digest = hashed.recall(path, os.stat(path)) if current else None
            if digest is not None:
                digests.append(digest)
                continue
            digest, hashed_any = hashed.read(path)[1], True
        except OSError:
            return None
        digests.append(digest)
        if ledger is None:
            if not current and not _quarantine_current(root, manifest):
                return None
            ledger = _ledger(root, manifest)
        # (known bytes at a new path: recorded by an ingest)
        if not ledger.holds_at(LOCAL_FILES.located(stored_name(path)), digest):
            return None
        if holding_superseded is None:
            holding_superseded = _superseded_held(root, manifest)
        # (read, its superseded games come back)
        if holding_superseded.brings_back(LOCAL_FILES.located(stored_name(path)), digest):
            return None
    gone = _kept_gone(paths, listing.files, root, key)
    if gone is None:
        return None     # the whole ingest counts their games and says so
    if hashed_any and ledger is not None:
        hashed.save(root / KNOWN_FILES, key,
                    lambda path, digest: ledger.holds_at(LOCAL_FILES.located(stored_name(path)), digest))
    summary = IngestSummary(files=len(listing.files) + len(listing.refused), files_unchanged=len(listing.files),
                            unreadable=listing.refused, skipped=listing.skipped,
                            gone_files=gone.files, gone_games=gone.games, gone_quarantined=gone.quarantined,
                            gone_met=gone.met)
    held = _kept_quarantined(root, key) if current else None
    if held is None:
        held = _quarantined_versions(root, manifest)
    in_files = [held.get(digest, ()) for digest in digests]
    _count_quarantined_met(summary, set().union(*in_files), sum(map(len, in_files)))
    summary.seconds = time.perf_counter() - started
    return summary


LEDGER_PATHS = "_ledger_paths.json"
"""File in the warehouse root, kept with the key of ``KNOWN_FILES``: the latest paths of the files
read that hold games (each with its name), and the files gone from disk the last ingest told of
with the games of theirs that still count, for a run of unchanged files to tell the same without
reading the ledger."""


def _kept_gone(paths: Iterable[str | Path], files: list[Path], root: Path, key: str) -> GoneFiles | None:
    """What the last ingest told of the files read before that are gone from disk at ``paths``
    (named, or under a folder given): as :meth:`Warehouse.gone_files` answers; None when other
    files are gone now, or what it kept is not there to tell."""
    try:
        kept = json.loads((root / LEDGER_PATHS).read_bytes())
        if kept["key"] != key:
            return None
        read = dict(kept["paths"])
        told = GoneFiles(list(kept["gone"]), int(kept["gone_games"]), int(kept["gone_quarantined"]),
                         list(kept["gone_met"]))
    except (OSError, ValueError, LookupError, TypeError):
        return None
    given = [LOCAL_FILES.located(str(path)) for path in paths]     # (as the ledger keeps paths: links resolved)
    folders = tuple(path.rstrip(os.sep) + os.sep for path in given)
    met = {os.path.abspath(path) for path in files}     # (a file met is there: no need to ask, by either name)
    uploads = LOCAL_FILES.located(str(root)) + os.sep    # (the dashboard's, gone once read: see Warehouse.gone_files)
    gone = sorted(name for path, name in read.items()
                  if (path in given or path.startswith(folders)) and path not in met and not path.startswith(uploads)
                  and not os.path.exists(path))
    if not gone:
        return GoneFiles([], 0, 0, [])
    return told if gone == sorted(told.met) else None


def _column(root: Path, manifest: Manifest, table: str, name: str) -> list:
    """One column of a table's committed rows, read part by part (the writer's reads load the
    table's schema, and with it every game's facts)."""
    import pyarrow.parquet as pq

    return [value for part in manifest.paths(table)
            for value in pq.ParquetFile(root / part).read(columns=[name]).column(name).to_pylist()]


def _quarantine_current(root: Path, manifest: Manifest) -> bool:
    """Were all quarantined games judged by these rules (else an ingest judges them again first)?"""
    return all(version == RULES_VERSION for version in _column(root, manifest, "quarantine", "rules_version"))


QUARANTINED_FILES = "_quarantined_files.json"
"""File in the warehouse root: per file version the ledger knows (its hash) that holds games in
quarantine, which, kept with the key of ``KNOWN_FILES``: a run of unchanged files tells which of
their games are in quarantine without reading the ledger."""


def _quarantined_versions(root: Path, manifest: Manifest) -> dict[str, list[str]]:
    """Per file version of the ledger (its hash), its games in quarantine."""
    quarantined = set(_column(root, manifest, "quarantine", "quarantine_id"))
    if not quarantined:
        return {}
    from pipeline.versions import quarantined_by_version

    return {digest: sorted(ids) for digest, ids in quarantined_by_version(_ledger_games(root, manifest),
                                                                          quarantined).items()}


def _count_quarantined_met(summary: IngestSummary, before: set[str], copies: int) -> None:
    """Count the games in quarantine from before the run that the files met hold (``before``), once
    each, as ``rasklad quarantine`` lists them, and apart the rest of the ``copies`` of games in
    quarantine the files met hold (each counted once per file): those in further files."""
    summary.already_quarantined = len(before)
    summary.quarantined_copies_elsewhere = copies - len(before)


def _superseded_held(root: Path, manifest: Manifest) -> Restorable:
    """The file versions of the ledger (their hash) whose latest reading holds a superseded game,
    and the files forgotten with them (see :func:`pipeline.versions.restorable`)."""
    from pipeline.versions import Restorable, restorable

    superseded = set(_column(root, manifest, "superseded", "game_id"))
    if not superseded:
        return Restorable(set(), set())
    return restorable(_ledger_games(root, manifest), superseded)


def _ledger_games(root: Path, manifest: Manifest):
    """The ledger's ``content_hash``, ``source_path`` and ``game_ids``, in order (the rows an older
    Rasklad wrote, without games, left out)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    digests, paths, lists = [], [], []
    for part in manifest.paths("files"):
        ledger = pq.ParquetFile(root / part)
        if "game_ids" in ledger.schema_arrow.names:     # (a part an older Rasklad wrote has none)
            rows = ledger.read(columns=[name for name in ("content_hash", "source_path", "game_ids")
                                        if name in ledger.schema_arrow.names])
            digests += rows.column("content_hash").to_pylist()
            paths += rows.column("source_path").to_pylist() if "source_path" in rows.column_names \
                else [None] * rows.num_rows     # (kept before paths were)
            lists += rows.column("game_ids").to_pylist()
    return pa.table({"content_hash": pa.array(digests, pa.string()), "source_path": pa.array(paths, pa.string()),
                     "game_ids": pa.array(lists, pa.list_(pa.string()))})


def _kept_quarantined(root: Path, key: str) -> dict[str, list[str]] | None:
    """The games :func:`_keep_known_files` kept under ``key``; None when none were."""
    try:
        kept = json.loads((root / QUARANTINED_FILES).read_bytes())
        versions = dict(kept["versions"]) if kept["key"] == key else None
    except (OSError, ValueError, LookupError, TypeError):
        return None
    # (an older Rasklad kept how many, not which: read the ledger again)
    return versions if versions is not None and all(isinstance(ids, list) for ids in versions.values()) else None


def _ledger(root: Path, manifest: Manifest) -> FileLedger:
    """What the warehouse's file ledger knows of the files it has read (the paths files moved
    from are no file's latest path: see :class:`FileLedger`)."""
    import pyarrow.parquet as pq

    columns: dict[str, list] = {"content_hash": [], "source_path": [], "moved_from": [], "merged_from": []}
    for part in manifest.paths("files"):
        ledger = pq.ParquetFile(root / part)
        rows = ledger.read(columns=[name for name in columns if name in ledger.schema_arrow.names])
        for name, values in columns.items():    # (a part an older Rasklad wrote has no moves)
            values += rows.column(name).to_pylist() if name in rows.column_names else [None] * rows.num_rows
    return FileLedger.of(*columns.values())


def _keep_known_files(warehouse: Warehouse, hashed: HashedFiles, gone: GoneFiles | None = None) -> None:
    """After an ingest, with the writers' lock: keep the identities of the files read, for the
    next run to answer from them (when no quarantined game awaits other rules), and the files gone
    from disk it told of (``gone``: their names, and the games of theirs that still count)."""
    try:
        manifest_text = (warehouse.root / MANIFEST_FILE).read_bytes()
    except FileNotFoundError:   # nothing committed: no file the ledger knows
        return
    manifest = parse_manifest(manifest_text)
    gone = gone or GoneFiles([], 0, 0, [])
    if _quarantine_current(warehouse.root, manifest):
        key = _known_files_key(manifest_text)
        # (a file holding a superseded game is read by the next run: see Warehouse.skips_file)
        hashed.save(warehouse.root / KNOWN_FILES, key, lambda path, digest: warehouse.holds_file(path, digest)
                    and warehouse.skips_file(digest, path))
        with contextlib.suppress(OSError):  # (as the identities: the next run then does the whole ingest)
            write_text_atomically(warehouse.root / LEDGER_PATHS, json.dumps(
                {"key": key, "paths": warehouse.paths_holding_games(), "gone": gone.files, "gone_games": gone.games,
                 "gone_quarantined": gone.quarantined, "gone_met": gone.met},
                separators=(",", ":")))
        with contextlib.suppress(OSError):  # (as the identities: the next run then reads the ledger)
            write_text_atomically(warehouse.root / QUARANTINED_FILES, json.dumps(
                {"key": key, "versions": _quarantined_versions(warehouse.root, manifest)}, separators=(",", ":")))


@collecting_at(READ_COLLECT_EVERY)
@objects_set_apart()    # what is alive at its start and the modules it loads, until it returns
def ingest(
    paths: Iterable[str | Path],
    warehouse_root: str | Path,
    *,
    jobs: int | None = None,
    on_file: Callable[[FileResult], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    build_models: bool = True,
    wait: bool = True,
    on_wait: Callable[[str], None] | None = None,
    rules: Iterable[str] = (),
    on_model: Callable[[str], None] | None = None,
    summary: IngestSummary | None = None,
    read_again: bool = False,
    pandas_probe_hidden: bool = False,
) -> IngestSummary:
    """Parse, replay and store every game of ``paths``, the SQL models updated with each commit
    (built whole at the end when there are none yet; unless ``build_models`` is False: several
    ingests, then one ``models.build``). ``on_start`` is
    told how many files there are; ``on_file`` gets each file's result (without its tables)
    as it is read, or skipped as unchanged; ``on_model`` each model's name as it is built.

    The run holds the warehouse's writers' lock: when another writer holds it, the run waits
    (telling ``on_wait`` why, again when another writer takes the lock first), or raises
    :class:`WarehouseBusy` if ``wait`` is False.
    Games quarantined by other rules or parsers than these are judged again first.

    ``rules``: rule options the logs cannot state (``pipeline.table_rules``), kept in the
    warehouse for later runs; one without a table or room holds for the files of this run.
    An unknown one raises ValueError before anything is read.

    ``summary``: where the run counts what it commits, as it commits it, for a caller whose run is
    stopped (Ctrl-C) to say what was stored before the stop.

    ``read_again``: every file is read, even when the ledger knows its bytes at its path (the
    files forgotten that ``rasklad forget --undo`` brings back: see
    :meth:`Warehouse.forgotten_files`).

    ``pandas_probe_hidden``: pyarrow's first array is built with pandas hidden from its probe
    (:func:`pipeline.worker.arrays_without_pandas`), for a process that ends with this ingest (the
    ``rasklad ingest`` program): in a long-lived one (the dashboards' Import page) pyarrow would
    take pandas objects for plain sequences afterwards. Done once there is something to read, so
    that a run with nothing new loads neither pyarrow nor the readers."""
    started = time.perf_counter()
    paths, rules = list(paths), tuple(rules)    # (each read more than once)
    hashed = HashedFiles()
    paths = list(paths)     # (walked twice: for the files, and for the files read before and gone)
    if build_models:
        sql_files(SQL_ROOT)     # a copy without its models stops here, before a file is read or stored
        unchanged = None if read_again else unchanged_run(paths, warehouse_root, rules=rules, hashed=hashed)
        if unchanged is not None:
            if on_start:
                on_start(unchanged.files)
            return unchanged
    with modules_loading():     # the readers, the engine, pyarrow and numba: loaded for the process's life
        from pipeline.table_rules import RuleSettings
        from pipeline.warehouse import Warehouse
        from pipeline.worker import arrays_without_pandas, rule_settings

    if pandas_probe_hidden:
        arrays_without_pandas()     # before the warehouse's first array, and before readers fork
    summary = IngestSummary() if summary is None else summary
    listing = list_inputs(paths, skip=warehouse_root)
    files, summary.unreadable, summary.skipped = listing.files, listing.refused, listing.skipped
    if (not files and paths and not rules
            and not any((Path(warehouse_root) / name).exists() for name in (MANIFEST_FILE, DUCKDB_FILE))):
        # no file to read (paths missing or empty, folders with no log file) and no warehouse yet:
        # none is made, or a mistyped --warehouse left an empty one that later commands took for
        # a real one; a call given no path at all, or rule settings to keep for the games read
        # later, makes the warehouse it asks for
        summary.files = len(summary.unreadable)
        if on_start:
            on_start(0)
        summary.seconds = time.perf_counter() - started
        return summary
    given = RuleSettings.of(rules, [stored_name(path) for path in files])
    with Warehouse(warehouse_root).open(placeholders=False, wait=wait, on_wait=on_wait,
                                        purpose="rasklad ingest") as warehouse:
        if warehouse.finished.forgotten:
            summary.finished_forget = warehouse.finished
        elif any(warehouse.finished.journaled().values()):
            summary.finished = warehouse.finished.journaled()
        if build_models:
            # the marts land with each commit (the settings, the games judged again, the files'
            # games): readers never see the tables of one commit beside the marts of another,
            # nor wait for the run's end
            models_with_commits(warehouse, on_model=on_model, summary=summary)
        # a file setting an older Rasklad left under a moved file's gone path follows it first (and
        # the hands it reaches are judged again under it, as for a move this ingest sees)
        summary.settings_followed += warehouse.carry_settings_of_moved_files()
        try:
            with rule_settings(_kept_rule_settings(warehouse, given)):
                if warehouse.manifest.paths("quarantine"):  # else nothing to judge again, nor to load for it
                    from pipeline.reaudit import reaudit

                    retried = reaudit(warehouse, quarantine_only=True, all_quarantined=bool(given))
                    summary.retried, summary.retried_stored = retried.judged, retried.games
                    summary.retried_findings = retried.findings
                if given and warehouse.manifest.paths("games"):
                    from pipeline.reaudit import reaudit

                    # the stored games a setting given now reaches, judged under other options before
                    resettled = reaudit(warehouse, resettled_only=True)
                    summary.resettled, summary.resettled_findings = resettled.judged, resettled.findings
                _ingest_files(files, warehouse, summary, jobs, on_file, on_start, hashed, read_again)
                gone = warehouse.gone_files([str(path) for path in paths], {os.path.abspath(path) for path in files})
                summary.gone_files, summary.gone_games, summary.gone_met = gone.files, gone.games, gone.met
                summary.gone_quarantined = gone.quarantined
                if any(entry.options for entry in summary.settings_followed):
                    _judge_as_followed(warehouse, summary)
        finally:
            warehouse.before_commit = None
        if build_models and not summary.models_failed:
            try:
                summary.models_seconds += refresh_models(warehouse, threads=jobs, on_model=on_model)
                _keep_known_files(warehouse, hashed, GoneFiles(summary.gone_files, summary.gone_games,
                                                               summary.gone_quarantined, summary.gone_met))
                if summary.games and warehouse.manifest.paths("tournament_results"):
                    # (no summary stored, nothing to contradict: the look costs a connection, 0.1 CPU-s)
                    summary.contradicting = _summaries_contradicting(warehouse, [stored_name(f) for f in files])
            except ModelError as error:     # the games are committed: the summary says what failed
                if error.interrupted:
                    raise
                summary.models_failed = str(error)
        else:
            (warehouse.root / MODELS_STAMP).unlink(missing_ok=True)
    summary.seconds = time.perf_counter() - started
    return summary


def _summaries_contradicting(warehouse: Warehouse, read: list[str]) -> list[dict]:
    """The entries two summaries of one tournament tell apart, one of them from a file of ``read``
    (stored names): the later one's (kept by the marts) and the other's."""
    from pipeline.warehouse import connect

    with connect(warehouse.root, manifest=warehouse.manifest) as con:
        cursor = con.execute(
            "select site, tournament_id, player, entry_no, source_file, finish, prize_text, other_source_file, "
            "other_finish, other_prize_text from int_tournament_conflicts "
            "where list_contains($read, source_file) or list_contains($read, other_source_file) "
            "order by site, tournament_id, player, entry_no, source_file, other_source_file", {"read": read})
        columns = [column[0] for column in cursor.description]
        return [dict(zip(columns, row)) for row in cursor.fetchall()]


def _kept_rule_settings(warehouse: Warehouse, given: RuleSettings) -> RuleSettings:
    """The warehouse's rule settings with the run's ``given`` ones over them, which are stored."""
    import pyarrow as pa

    from pipeline.table_rules import PREFIX, RuleSettings
    settings = RuleSettings.stored(warehouse).merged(given)
    if given:
        stored = {row["name"]: row["value"] for row in warehouse.read_table("settings").to_pylist()}
        rows = {name: value for name, value in stored.items() if not name.startswith(PREFIX)} | settings.rows()
        names = sorted(rows)
        warehouse.replace_table("settings", pa.table({"name": names, "value": [rows[n] for n in names]}))
    return settings


def _judge_as_followed(warehouse: Warehouse, summary: IngestSummary) -> None:
    """Judge again, under the rule settings that followed their files (moved, split, merged or
    copied: read under the settings of their new paths, before the ledger took them for files
    read before), the stored hands judged under other options, and, when a betting structure
    followed, the quarantined games (one such setting may read a hand it holds for want of it)."""
    from pipeline.reaudit import reaudit
    from pipeline.table_rules import RULE_OF

    if (warehouse.manifest.paths("quarantine") and any(
            RULE_OF[option] == "betting" for entry in summary.settings_followed for option in entry.options)):
        retried = reaudit(warehouse, quarantine_only=True, all_quarantined=True)
        # this run's own games, quarantined as read at the new path before the setting followed:
        # stored in the same run, they count as stored, not as quarantined nor as taken out of it
        own_reasons = [summary.quarantined_ids.pop(game_id) for game_id in retried.taken_out_of_quarantine
                       if game_id in summary.quarantined_ids]
        own_stored = len(own_reasons)
        summary.games, summary.quarantined = summary.games + own_stored, summary.quarantined - own_stored
        summary.reasons.subtract(own_reasons)
        summary.reasons = +summary.reasons     # (a reason no game is left under is not told)
        summary.retried += retried.judged - own_stored
        summary.retried_stored += retried.games - own_stored
        summary.retried_findings += retried.findings
    resettled = reaudit(warehouse, resettled_only=True)
    summary.refollowed += resettled.judged
    summary.refollowed_findings += resettled.findings


def _ingest_files(files: list[Path], warehouse: Warehouse, summary: IngestSummary, jobs: int | None,
                  on_file: Callable[[FileResult], None] | None, on_start: Callable[[int], None] | None,
                  hashed: HashedFiles, read_again: bool = False) -> None:
    from pipeline.worker import FileResult, plan, warm_up

    summary.files = len(files) + len(summary.unreadable)    # those the listing refused: unreadable files too
    if on_start:
        on_start(len(files))

    superseded = False
    held_back: list[StagedBatch] = []
    copies: list[FileResult] = []   # known bytes at a path not recorded with them: recorded, unread, last
    recorded: list[StagedBatch] = []    # their batch, once made
    # the games in quarantine before the files are read (the quarantine judged again first), and
    # those of them the files hold: counted once each, as the quarantine lists them
    quarantined_before = warehouse.quarantined_games()
    met_before: set[str] = set()
    met_copies = 0      # each file's games in quarantine, once per file

    def handle(kind: str, value) -> None:
        nonlocal superseded, met_copies
        if kind == "staged" and warehouse.may_hold_moved_files(value):
            # a file moved, or split, is told by the files committed with it: such a batch waits for
            # the run's last commit, with every other file of the run (those of a split may be
            # read by different readers, and staged apart)
            held_back.append(value)
            return
        if kind == "last":
            # a copy, or a file renamed, holds its games as the file read before does: recorded, it
            # keeps them when that file changes, and a file moved takes its games to its new path
            recorded.extend([warehouse.known_copies(copies)] if copies else [])
            value = held_back + value + recorded
        if kind in ("staged", "last"):
            # the last commit, when every file is read, supersedes the games no file holds now: a
            # commit before it could not tell whether a file not read yet holds them
            batches = value if kind == "last" else [value]
            committed = warehouse.commit_staged(*batches, supersede=kind == "last")
            superseded = superseded or kind == "last"
            summary.files_committed += sum(len(batch.results) for batch in batches)
            summary.games += committed.games
            summary.duplicates += committed.duplicates
            met_copies += committed.in_quarantine     # (games a file of this run quarantined first)
            summary.quarantined += committed.quarantined
            summary.findings += committed.findings
            summary.reasons.update(committed.reasons)
            summary.quarantined_ids.update(committed.quarantined_ids)
            summary.superseded += committed.superseded
            summary.unquarantined += committed.unquarantined
            summary.relocated += committed.relocated
            summary.followed += committed.followed
            summary.in_other_files += committed.in_other_files
            summary.restored += committed.restored
            summary.restored_quarantined += committed.restored_quarantined
            summary.moved += committed.moved
            summary.moved_unchanged += committed.moved_unchanged
            summary.merged += committed.merged
            summary.unsure_moves += committed.unsure_moves
            summary.settings_followed += committed.settings_followed
            return
        if kind == "unchanged":
            summary.files_unchanged += 1
            held = warehouse.in_quarantine(value.content_hash)
            met_before.update(held & quarantined_before)
            met_copies += len(held)
            if not warehouse.holds_file(value.source_file, value.content_hash):
                copies.append(value)
        elif kind == "unreadable":
            summary.unreadable.append(value)
            value = FileResult(value[0], "", 0)     # for on_file: a file done, nothing from it
        else:
            summary.files_grown += value.read_from_line > 1
            summary.games_known += value.count_known
            met_before.update(quarantined_before.intersection(value.game_ids or ()))
            met_copies += value.count_in_quarantine
            summary.quarantined_copies += value.count_quarantined_copies
        if on_file:
            on_file(value)

    share = _Share(files, max(1, min(jobs or os.cpu_count() or 1, len(files))), hashed, read_again)
    # The objects alive now are set apart from the collector while the files are read; forked
    # readers inherit it, and the collector's pace (see READ_COLLECT_EVERY).
    with objects_set_apart():
        if share.jobs == 1:
            plan(files)     # which lanes this run is worth; each loads when it first reads
            warehouse.lay_placeholders()
            reader = _Reader(share, warehouse, handle)
            reader.run(stage_rest=False)
            if reader.held:
                handle("last", [reader.staged_rest()])
        else:
            warm_up(files)   # readers fork from this process: what is loaded here is loaded in each
            with objects_set_apart():   # and set apart in each
                _read_in_parallel(share, warehouse, handle)
        if not superseded:  # no file left to commit last: the games no file holds go in a commit of their own
            handle("last", [])
    _count_quarantined_met(summary, met_before, met_copies)
    for batch in recorded:
        _count_copies(summary, batch.results, warehouse)


def _count_copies(summary: IngestSummary, results: list[FileResult], warehouse: Warehouse) -> None:
    """Tell the files recorded unread for bytes read before at another path (``results``) as
    copies when that path still holds them once the run is committed, their stored games among
    the games already stored: a new path's file is not one read before, and its games are not new.
    Those taken for a file moved, or whose other path holds other bytes now (a log rotated, a new
    one begun under its name), stay unchanged."""
    from pipeline.worker import are_known

    taken = {file for file, _ in summary.moved} | {file for file, _ in summary.merged}
    for result in results:
        original = warehouse.copied_from(result.source_file, result.content_hash)
        if result.source_file in taken or original is None:
            continue
        # its games in quarantine are counted apart (already_quarantined), as for any file met
        ids = sorted(set(result.game_ids or ()))
        stored = int((are_known(warehouse.known_ids, ids) & ~are_known(warehouse.quarantined_ids, ids)).sum())
        summary.files_unchanged -= 1
        summary.games_known += stored
        summary.copies.append((result.source_file, original, stored))
