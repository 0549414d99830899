"""Ingest: files in, warehouse out — a process pool parses, one writer commits.

Each file is one task for the pool (``parse_file``, engine-free); results come back as Arrow
tables and the writer commits them in batches of whole files. Files whose bytes the ledger
already holds are not read again, and games already stored are skipped by ID before they
are parsed, so re-ingesting a corpus costs little more than hashing it.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from pipeline import models
from pipeline.warehouse import Warehouse
from pipeline.worker import FileResult, parse_file, warm_up

# Extensions read when walking a folder (a file named on the command line is always read).
LOG_SUFFIXES = {".txt", ".log", ".hh", ".hist", ".text"}
COMMIT_EVERY_GAMES = 50_000
COMMIT_EVERY_GAMES_PARALLEL = 5_000
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


class _Pace:
    """What the writer has measured of reading and writing, to share the reading fairly."""

    def __init__(self) -> None:
        self.file_seconds = 0.03         # one file read by the writer (first guess: 500 hands)
        self.games_per_file = 500.0
        self.commit_seconds_per_game = 20e-6
        self.files_seen = 0
        self.games_seen = 0

    def saw_file(self, games: int) -> None:
        self.files_seen += 1
        self.games_seen += games
        self.games_per_file = self.games_seen / self.files_seen


def _read_alongside(futures: list[Future], paths: list[Path], known: np.ndarray,
                    take: Callable[[FileResult], None], pace: _Pace, owed_games: Callable[[], int],
                    workers: int, idle: Callable[[], None]) -> None:
    """Take the workers' results as they come; in between, read files no worker has started,
    from the back of the queue, as long as the workers would still be reading when the writer
    is done with its share: its files plus every commit still to come; with nothing to read,
    it commits what it holds instead of waiting idle. With a file costing
    ~30 ms, a writer that only waited and wrote left its core half idle, and one more worker
    cost more in copying results than it read."""
    waiting = set(futures)
    back = len(futures) - 1
    while waiting:
        done, _ = wait(waiting, timeout=0, return_when=FIRST_COMPLETED)
        for future in done:
            waiting.discard(future)
            result = _unspool(future.result())
            pace.saw_file(result.count_games)
            take(result)
        if done:
            continue
        unstarted = sum(1 for future in futures[: back + 1] if not future.running() and not future.done())
        future_games = owed_games() + unstarted * pace.games_per_file
        writing = future_games * pace.commit_seconds_per_game
        if unstarted * pace.file_seconds / workers > writing + pace.file_seconds:
            while back >= 0 and not futures[back].cancel():    # running or done: a worker has it
                back -= 1
            if back >= 0:
                waiting.discard(futures[back])
                started = time.perf_counter()
                result = parse_file(paths[back], known)
                pace.file_seconds = time.perf_counter() - started
                pace.saw_file(result.count_games)
                take(result)
                back -= 1
                continue
        idle()      # nothing to read: write what waits rather than at the end, after the workers
        wait(waiting, return_when=FIRST_COMPLETED)


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


def _init_worker(known: np.ndarray, spool: Path) -> None:
    global _KNOWN, _SPOOL
    _KNOWN, _SPOOL = known, spool


def _parse_task(path: str) -> Path:
    """Parse a file in a worker; its result goes to a spool file, its name through the pipe.

    A result's tables (~2 MB a file) sent through the pool's pipe stalled the worker until the
    writer's result thread got the GIL to drain it, which a busy writer rarely gives: workers
    then spent a third of their time blocked. A file is written without waiting on anyone."""
    result = parse_file(path, _KNOWN)
    spooled = _SPOOL / f"{os.getpid()}-{time.perf_counter_ns()}.pickle"
    with open(spooled, "wb") as handle:
        pickle.dump(result, handle, protocol=pickle.HIGHEST_PROTOCOL)
    return spooled


def _unspool(spooled: Path) -> FileResult:
    with open(spooled, "rb") as handle:
        result = pickle.load(handle)
    spooled.unlink()
    return result


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
    pending = []
    for path in files:
        digest = hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()
        if warehouse.knows_file(digest):
            summary.files_unchanged += 1
        else:
            pending.append(path)
    summary.files = len(files)
    if on_start:
        on_start(len(pending))

    batch: list[FileResult] = []
    batch_games = 0
    pace = _Pace()

    def take(result: FileResult) -> None:
        nonlocal batch_games
        batch.append(result)
        batch_games += result.count_games + result.count_quarantined
        summary.games_known += result.count_known
        summary.reasons.update(result.reasons)
        if on_file:
            on_file(result)
        if batch_games >= commit_every:
            flush()

    def flush() -> None:
        nonlocal batch, batch_games
        if not batch:
            return
        started_commit = time.perf_counter()
        committed = warehouse.commit(batch)
        pace.commit_seconds_per_game = (time.perf_counter() - started_commit) / max(batch_games, 1)
        summary.games += committed.games
        summary.duplicates += committed.duplicates
        summary.quarantined += committed.quarantined
        summary.findings += committed.findings
        batch, batch_games = [], 0

    jobs = jobs or os.cpu_count() or 1
    # One process reads and writes in turn: few large commits. With workers reading, the writer
    # commits as their results come, so that writing overlaps reading instead of following it.
    commit_every = COMMIT_EVERY_GAMES if jobs == 1 else COMMIT_EVERY_GAMES_PARALLEL
    # The objects alive now (modules, grammars, kernels: a few hundred thousand) are set apart
    # from the collector while the files are read: each full collection would walk them all
    # again (~65 ms each, a few per 10,000 hands). Forked workers inherit the setting.
    gc.freeze()
    try:
        if jobs == 1 or len(pending) <= 1:
            for path in pending:
                take(parse_file(path, warehouse.known_ids))
        else:
            # Workers fork from this process: kernels loaded here once are loaded in each of them.
            warm_up()
            gc.freeze()
            known = warehouse.known_ids
            spool = Path(tempfile.mkdtemp(prefix="rasklad-spool-"))
            try:
                with ProcessPoolExecutor(jobs - 1, initializer=_init_worker, initargs=(known, spool)) as pool:
                    futures = [pool.submit(_parse_task, str(path)) for path in pending]
                    _read_alongside(futures, pending, known, take, pace, lambda: batch_games, jobs - 1,
                                    idle=lambda: flush() if batch_games >= COMMIT_WHEN_IDLE_GAMES else None)
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
