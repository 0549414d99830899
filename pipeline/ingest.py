"""Ingest: files in, warehouse out — workers parse and write their parts, one writer publishes.

Each file is one task (``parse_file``, engine-free). With one job the process reads every
file and commits its tables in large batches. With ``jobs`` = N it forks N-1 workers and
reads too, taking files from the back of the queue; each worker writes what it read as
temporary Parquet parts every few thousand games (``warehouse.stage_results``) and the
writer publishes them in journaled commits (``Warehouse.commit_staged``), so that encoding
Parquet, the largest cost after the compiled Hold'em lane, runs on every core. Files whose
bytes the ledger already holds are not read again, and games already stored are skipped by
ID before they are parsed, so re-ingesting a corpus costs little more than hashing it.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
import multiprocessing
import os
import pickle
import queue
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pipeline import models
from pipeline.warehouse import CommitSummary, StagedBatch, Warehouse, stage_results
from pipeline.worker import FileResult, parse_file, warm_up

# Extensions read when walking a folder (a file named on the command line is always read).
LOG_SUFFIXES = {".txt", ".log", ".hh", ".hist", ".text"}
COMMIT_EVERY_GAMES = 50_000
STAGE_EVERY_GAMES = 5_000
"""A worker writes the parts of what it read every this many games (and at the end)."""
COMMIT_WHEN_IDLE_GAMES = 1_000


@dataclass(slots=True)
class IngestSummary:
    """What an ingest did, for the closing line of the command and for ``--json``."""

    files: int = 0
    files_unchanged: int = 0
    games: int = 0
    games_known: int = 0
    duplicates: int = 0
    quarantined: int = 0
    findings: int = 0
    seconds: float = 0.0
    models_seconds: float = 0.0
    """Of ``seconds``, the rebuild of the SQL models (0 when they were current)."""
    reasons: Counter = field(default_factory=Counter)

    def as_dict(self) -> dict:
        return {
            "files": self.files, "files_unchanged": self.files_unchanged, "games": self.games,
            "games_known": self.games_known, "duplicates": self.duplicates,
            "quarantined": self.quarantined, "findings": self.findings,
            "seconds": round(self.seconds, 3), "models_seconds": round(self.models_seconds, 3),
            "quarantine_reasons": dict(self.reasons.most_common()),
        }


def _read_alongside(futures: list[Future], paths: list[Path], known: np.ndarray,
                    take: Callable[[FileResult], None], take_staged: Callable[[Path | None], None],
                    idle: Callable[[], None], unstarted) -> None:
    """Take the workers' staged parts as they come; in between, read files no worker has
    started, from the back of the queue, and with nothing to read, commit what the writer
    holds instead of waiting idle. With a file costing ~30 ms, a writer that only waited and
    wrote left its core half idle. ``unstarted`` (shared with the workers) counts the files
    nobody has started: at 0 each worker stages what it holds after every file, so that the
    run does not end on one worker encoding a large stage alone."""
    # Done futures arrive through their callbacks: asking wait() about every future at each
    # turn cost O(files) a turn, seconds for a few thousand files.
    finished: queue.SimpleQueue = queue.SimpleQueue()
    for future in futures:
        future.add_done_callback(finished.put)
    outstanding = len(futures)
    front, back = 0, len(futures) - 1
    while outstanding:
        try:
            future = finished.get_nowait()
        except queue.Empty:
            future = None
        if future is not None:
            if not future.cancelled():      # a cancelled one is a file the writer read itself
                outstanding -= 1
                take_staged(future.result())
            continue
        while back >= 0 and not futures[back].cancel():    # running or done: a worker has it
            back -= 1
        # Workers start files in queue order: the first not started yet marks where they are.
        while front < back and (futures[front].running() or futures[front].done()):
            front += 1
        unstarted.value = max(back - front, 0)
        if unstarted.value < 2:
            idle()      # the end is near: commit now, while the workers still read their last files
        if back >= 0:
            outstanding -= 1
            take(parse_file(paths[back], known))
            back -= 1
            continue
        idle()
        future = finished.get()
        if not future.cancelled():
            outstanding -= 1
            take_staged(future.result())


def refresh_models(warehouse: Warehouse) -> float:
    """Rebuild the SQL models unless nothing changed since their last build by an ingest (the
    same stored games, the ledger's IDs, and the same SQL files), so that a re-ingest costs
    only the hashing. Returns the seconds the build took (0 when the models were current)."""
    stamp = warehouse.root / MODELS_STAMP
    fingerprint = _models_fingerprint(warehouse)
    if warehouse.duckdb_path.exists() and stamp.exists() and stamp.read_text() == fingerprint:
        return 0.0
    stamp.unlink(missing_ok=True)
    started = time.perf_counter()
    models.build(warehouse)
    stamp.write_text(fingerprint)
    return time.perf_counter() - started


def collect_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files to read: files as named, folders walked recursively for log files."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(sorted(
                p for p in path.rglob("*")
                if p.is_file() and p.suffix.lower() in LOG_SUFFIXES and not p.name.startswith(".")
            ))
        elif path.is_file():
            found.append(path)
        else:
            raise FileNotFoundError(f"{str(path)!r} is neither a file nor a folder")
    return found


MODELS_STAMP = ".models-fingerprint"
"""File in the warehouse root: what the models were last built from (see ``ingest``)."""


def _models_fingerprint(warehouse: Warehouse) -> str:
    digest = hashlib.blake2b(warehouse.known_ids.tobytes(), digest_size=16)
    digest.update(Path(models.__file__).read_bytes())    # the runner: how views and marts are made
    for path in sorted(models.SQL_ROOT.rglob("*.sql")):
        digest.update(str(path.relative_to(models.SQL_ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


_KNOWN = np.zeros(0, dtype=np.uint64)
_SPOOL = Path()
_ROOT = Path()
_BARRIER = None
_UNSTARTED = None
_HELD: list[FileResult] = []
_HELD_GAMES = 0


def _init_worker(known: np.ndarray, spool: Path, root: Path, barrier, unstarted) -> None:
    global _KNOWN, _SPOOL, _ROOT, _BARRIER, _UNSTARTED
    _KNOWN, _SPOOL, _ROOT, _BARRIER, _UNSTARTED = known, spool, root, barrier, unstarted


def _parse_task(path: str) -> Path | None:
    """Parse a file in a worker and hold its result; every STAGE_EVERY_GAMES games, write the
    held tables as warehouse parts (the Parquet encoding runs here, on every core) and hand
    the writer their description by spool file."""
    global _HELD_GAMES
    result = parse_file(path, _KNOWN)
    _HELD.append(result)
    _HELD_GAMES += result.count_games + result.count_quarantined
    return _stage_held() if _HELD_GAMES >= STAGE_EVERY_GAMES or _UNSTARTED.value == 0 else None


def _flush_task() -> Path | None:
    """The last task of each worker: stage what it holds. The barrier makes each worker take
    exactly one (a worker done with its flush waits there until every other has its own)."""
    _BARRIER.wait()
    return _stage_held() if _HELD else None


def _stage_held() -> Path:
    """The held results staged, spooled: a file is written without waiting on the writer,
    where ~2 MB of tables sent through the pool's pipe stalled a worker until the writer's
    result thread got the GIL to drain it."""
    global _HELD_GAMES
    staged = stage_results(_ROOT, list(_HELD))
    _HELD.clear()
    _HELD_GAMES = 0
    spooled = _SPOOL / f"{os.getpid()}-{time.perf_counter_ns()}.pickle"
    with open(spooled, "wb") as handle:
        pickle.dump(staged, handle, protocol=pickle.HIGHEST_PROTOCOL)
    return spooled


def _unspool(spooled: Path) -> StagedBatch:
    with open(spooled, "rb") as handle:
        staged = pickle.load(handle)
    spooled.unlink()
    return staged


def ingest(
    paths: Iterable[str | Path],
    warehouse_root: str | Path,
    *,
    jobs: int | None = None,
    on_file: Callable[[FileResult], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    build_models: bool = True,
) -> IngestSummary:
    """Parse, replay and store every game of ``paths``; then rebuild the SQL models (unless
    ``build_models`` is False: several ingests, then one ``models.build``)."""
    started = time.perf_counter()
    summary = IngestSummary()
    files = collect_files(paths)
    warehouse = Warehouse(warehouse_root).open()
    summary.files = len(files)

    def new_files() -> Iterator[Path]:
        for path in files:
            digest = hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()
            if warehouse.knows_file(digest):
                summary.files_unchanged += 1
            else:
                yield path

    batch: list[FileResult] = []
    batch_games = 0

    def note(result: FileResult) -> None:
        summary.games_known += result.count_known
        summary.reasons.update(result.reasons)
        if on_file:
            on_file(result)

    def count(committed: CommitSummary) -> None:
        summary.games += committed.games
        summary.duplicates += committed.duplicates
        summary.quarantined += committed.quarantined
        summary.findings += committed.findings

    def take(result: FileResult) -> None:
        nonlocal batch_games
        batch.append(result)
        batch_games += result.count_games + result.count_quarantined
        note(result)
        if batch_games >= commit_every:
            flush()

    def take_staged(spooled: Path | None) -> None:
        if spooled is None:     # the worker holds the file's result until it stages a batch
            return
        staged = _unspool(spooled)
        for result in staged.results:
            note(result)
        count(warehouse.commit_staged(staged))

    def flush() -> None:
        nonlocal batch, batch_games
        if batch:
            count(warehouse.commit(batch))
        batch, batch_games = [], 0

    jobs = jobs or os.cpu_count() or 1
    # Alone, the writer commits rarely (fewer, larger files); beside workers, as often as they
    # stage, so that no large commit of its own is left for the end.
    commit_every = COMMIT_EVERY_GAMES if jobs == 1 else STAGE_EVERY_GAMES
    # The objects alive now (modules, grammars, kernels: a few hundred thousand) are set apart
    # from the collector while the files are read: each full collection would walk them all
    # again (~65 ms each, a few per 10,000 hands). Forked workers inherit the setting.
    gc.freeze()
    try:
        unread = new_files()
        # A run with workers starts them as soon as it has two files for them, and hands them
        # the rest as it hashes them (a re-ingest hashes everything and starts nothing).
        pending = list(unread) if jobs == 1 else list(itertools.islice(unread, 2))
        if jobs == 1 or len(pending) <= 1:
            if on_start:
                on_start(len(pending))
            for path in pending:
                take(parse_file(path, warehouse.known_ids))
        else:
            # Workers fork from this process: kernels loaded here once are loaded in each of them.
            warm_up()
            gc.freeze()
            known = warehouse.known_ids
            spool = Path(tempfile.mkdtemp(prefix="rasklad-spool-"))
            workers = jobs - 1
            barrier = multiprocessing.get_context("fork").Barrier(workers)
            unstarted = multiprocessing.get_context("fork").Value("i", len(files), lock=False)
            try:
                with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                                         initializer=_init_worker,
                                         initargs=(known, spool, warehouse.root, barrier, unstarted)) as pool:
                    futures = [pool.submit(_parse_task, str(path)) for path in pending]
                    for path in unread:
                        pending.append(path)
                        futures.append(pool.submit(_parse_task, str(path)))
                    if on_start:
                        on_start(len(pending))
                    _read_alongside(futures, pending, known, take, take_staged,
                                    idle=lambda: flush() if batch_games >= COMMIT_WHEN_IDLE_GAMES else None,
                                    unstarted=unstarted)
                    flushes = [pool.submit(_flush_task) for _ in range(workers)]
                    flush()         # the writer's own, while the workers stage theirs
                    for future in flushes:
                        take_staged(future.result())
            finally:
                shutil.rmtree(spool, ignore_errors=True)
    finally:
        gc.unfreeze()
    flush()
    if build_models:
        summary.models_seconds = refresh_models(warehouse)
    else:
        (warehouse.root / MODELS_STAMP).unlink(missing_ok=True)
    summary.seconds = time.perf_counter() - started
    return summary
