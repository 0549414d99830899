"""Re-audit: judge stored games again, from the texts the warehouse keeps, when the rules change.

Every stored or quarantined game records the rules version that judged it
(:data:`pipeline.provenance.RULES_VERSION`) and its text (``game_texts``, or the quarantine's
``text``). A re-audit puts the kept text of each game judged by another version back at its
own lines of its file (blank lines between games, so that every line number and the
``source_file`` come out as they were), reads those files as an ingest reads files, and
replaces the games' rows in every table in one commit. The log files themselves are never
read: a moved or deleted file does not matter.
"""

from __future__ import annotations

import gc
import multiprocessing
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.provenance import RULES_VERSION, texts_kept
from pipeline.warehouse import StagedBatch, Warehouse, stage_results
from pipeline.table_rules import RuleSettings
from pipeline.worker import parse_bytes, rule_settings, warm_up

BATCH_BYTES = 48 << 20
"""Texts read between two stagings of their rows (memory stays bounded; one commit at the end)."""


@dataclass(slots=True)
class ReauditSummary:
    judged: int = 0
    """Games (stored or quarantined) judged again."""
    games: int = 0
    """Games stored from them now."""
    quarantined: int = 0
    findings: int = 0
    without_text: int = 0
    """Stored games the warehouse keeps no text of (stored by an older Rasklad): left as they are."""
    files_without_text: dict[str, int] = field(default_factory=dict)
    """The files those games came from, how many each: ingested again into a new warehouse, they
    are judged by these rules and keep their texts."""
    versions: Counter = field(default_factory=Counter)
    """The versions the judged games had (``None``: none recorded), how many each."""
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {"judged": self.judged, "games": self.games, "quarantined": self.quarantined,
                "findings": self.findings, "without_text": self.without_text,
                "files_without_text": self.files_without_text,
                "old_versions": {str(v): n for v, n in self.versions.most_common()},
                "rules_version": RULES_VERSION, "seconds": round(self.seconds, 3)}


class UnknownVersion(LookupError):
    """``--since`` names a rules version this warehouse has never recorded."""


_TARGET = pa.schema([("game_id", pa.string()), ("source_file", pa.string()), ("first_line", pa.int32()),
                     ("last_line", pa.int32()), ("text", pa.string()), ("rules_version", pa.string())])
"""A game to judge again: where its text was in its file, the text, and the version that judged it."""


def reaudit(warehouse: Warehouse, *, game: str | None = None, since: str | None = None,
            quarantine_only: bool = False, jobs: int = 1) -> ReauditSummary:
    """Judge again the games of ``warehouse`` (opened: its writer) that other rules judged, and
    replace their rows. ``game``: only the games whose ID starts with it, judged again whatever
    their version; ``since``: only games judged by that version or by one recorded after it;
    ``quarantine_only``: only quarantined games (each ingest does this first); ``jobs``: processes
    that read the texts (the one commit is this process's)."""
    started = time.perf_counter()
    summary = ReauditSummary()
    versions = _versions_since(warehouse, since) if since else None
    stored = _TARGET.empty_table() if quarantine_only else _stored_targets(warehouse, game, versions, summary)
    targets = pa.concat_tables([_quarantined_targets(warehouse, game, versions), stored])
    if targets.num_rows:
        summary.versions.update(dict(zip(*_counts(targets.column("rules_version")))))
        stored_before = stored.column("game_id").to_pylist()
        # The objects alive now (modules, grammars, kernels) are set apart from the collector
        # while the texts are read, as an ingest does: each full collection would walk them all.
        gc.freeze()
        try:
            # the orders the user set, as when they were read; a stored game's text is kept as it is
            with rule_settings(RuleSettings.stored(warehouse)), texts_kept(stored_before):
                batches = _read_and_stage(warehouse.root, _in_file_order(targets), jobs)
        finally:
            gc.unfreeze()
        stored_now = {game_id for batch in batches for game_ids, _ in batch.ids for game_id in game_ids}
        committed = warehouse.commit_staged(*batches, replacing=targets.column("game_id").to_pylist(),
                                            texts_kept=stored_now.intersection(stored_before))
        summary.judged = targets.num_rows
        summary.games, summary.quarantined, summary.findings = (
            committed.games, committed.quarantined, committed.findings)
    summary.seconds = time.perf_counter() - started
    return summary


_PENDING: tuple[pa.Table, list[list[tuple[int, int]]]] = (_TARGET.empty_table(), [])
"""The targets forked readers read, and the rows of each batch's files: set before they fork,
so that no text is sent to them."""


def _in_file_order(targets: pa.Table) -> pa.Table:
    return targets.sort_by([("source_file", "ascending"), ("first_line", "ascending"), ("last_line", "ascending")])


def _read_and_stage(root: Path, targets: pa.Table, jobs: int) -> list[StagedBatch]:
    """Read the targets' texts (in file order) as files (``jobs`` processes), in batches of whole
    files staged as parts of ``root``; each batch's texts are laid out only when it is read
    (memory stays bounded)."""
    files = _file_rows(targets)
    total = sum(size for _, _, size in files)
    # as many batches for each process: one process with a batch more would end alone
    count = min(len(files), jobs * max(1, -(-total // (BATCH_BYTES * jobs))))
    batches: list[list[tuple[int, int]]] = [[] for _ in range(count)]
    loads = [0] * count
    for offset, length, size in sorted(files, key=lambda file: -file[2]):   # the largest first, to the lightest batch
        lightest = loads.index(min(loads))
        batches[lightest].append((offset, length))
        loads[lightest] += size
    if jobs <= 1 or len(batches) == 1:
        return [_stage(root, targets, batch) for batch in batches]
    global _PENDING
    warm_up()   # the readers fork with the kernels loaded
    _PENDING = (targets, batches)
    try:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            return list(pool.map(_stage_pending, [root] * len(batches), range(len(batches))))
    finally:
        _PENDING = (_TARGET.empty_table(), [])


def _file_rows(targets: pa.Table) -> list[tuple[int, int, int]]:
    """Per file of ``targets`` (in file order): its first row, its rows, and its texts' bytes."""
    names = targets.column("source_file").to_pylist()
    sizes = np.cumsum(pc.binary_length(targets.column("text")).to_numpy(zero_copy_only=False), dtype=np.int64)
    starts = [0] + [row for row in range(1, len(names)) if names[row] != names[row - 1]] + [len(names)]
    return [(start, end - start, int(sizes[end - 1] - (sizes[start - 1] if start else 0)))
            for start, end in zip(starts, starts[1:])]


def _stage_pending(root: Path, index: int) -> StagedBatch:
    targets, batches = _PENDING
    return _stage(root, targets, batches[index])


def _stage(root: Path, targets: pa.Table, files: list[tuple[int, int]]) -> StagedBatch:
    chosen = pa.concat_tables([targets.slice(offset, length) for offset, length in files])
    return stage_results(root, [parse_bytes(text.encode("utf-8"), source_file)
                                for source_file, text in _files_of(chosen)])


def _versions_since(warehouse: Warehouse, since: str) -> set[str]:
    recorded = warehouse.manifest.versions
    matches = [version for version in recorded if version.startswith(since)]
    if len(matches) != 1:
        known = ", ".join(f"{v} (first used {at})" for v, at in sorted(recorded.items(), key=lambda i: i[1]))
        raise UnknownVersion(f"no single rules version {since!r} is recorded in this warehouse; "
                             f"it knows: {known or 'none'}")
    first_used = recorded[matches[0]]
    return {version for version, at in recorded.items() if at >= first_used}


def _chosen(ids: pa.ChunkedArray, stamped: pa.ChunkedArray, game: str | None,
            versions: set[str] | None) -> pa.ChunkedArray:
    """Which rows to judge again: by ID prefix (any version), else by version."""
    if game:
        return pc.starts_with(ids, game)
    stale = pc.fill_null(pc.not_equal(stamped, RULES_VERSION), True)
    if versions is not None:
        stale = pc.and_(stale, pc.fill_null(pc.is_in(stamped, pa.array(sorted(versions), pa.string())), False))
    return stale


def _counts(values: pa.ChunkedArray) -> tuple[list, list]:
    counted = pc.value_counts(values)
    return counted.field("values").to_pylist(), counted.field("counts").to_pylist()


def _quarantined_targets(warehouse: Warehouse, game: str | None, versions: set[str] | None) -> pa.Table:
    held = warehouse.read_table("quarantine", ["quarantine_id", "rules_version"])
    chosen = _chosen(held.column("quarantine_id"), held.column("rules_version"), game, versions)
    if not pc.any(chosen).as_py():
        return _TARGET.empty_table()
    rows = warehouse.read_table("quarantine", ["quarantine_id", "source_file", "first_line", "last_line",
                                               "text", "rules_version"]).filter(chosen)
    return rows.rename_columns(_TARGET.names).cast(_TARGET)


def _stored_targets(warehouse: Warehouse, game: str | None, versions: set[str] | None,
                    summary: ReauditSummary) -> pa.Table:
    """The stored games to judge again, with their kept texts; those stored before texts were
    kept are counted in ``summary`` (:attr:`ReauditSummary.without_text`) and left as they are."""
    games = warehouse.read_table("games", ["game_id", "source_file", "first_line", "last_line", "rules_version"])
    games = games.filter(_chosen(games.column("game_id"), games.column("rules_version"), game, versions))
    if not games.num_rows:
        return _TARGET.empty_table()
    texts = warehouse.read_table("game_texts")
    at = pc.index_in(games.column("game_id"), value_set=texts.column("game_id"))   # a hash lookup, not a join
    has_text = pc.is_valid(at)
    without = games.filter(pc.invert(has_text))
    summary.without_text = without.num_rows
    summary.files_without_text = dict(zip(*_counts(without.column("source_file"))))
    if without.num_rows:
        games, at = games.filter(has_text), at.filter(has_text)
    if len(at) == texts.num_rows and np.array_equal(at.to_numpy(), np.arange(len(at))):
        text = texts.column("text")     # in the games' order already (one ingest writes both so): no copy
    else:
        text = texts.column("text").take(at)
    games = games.append_column("text", text)
    return games.select(_TARGET.names).cast(_TARGET)


def _files_of(targets: pa.Table) -> list[tuple[str, str]]:
    """Each target's text (in file order) at its own lines of a text named as its file, blank
    lines between. Targets whose lines overlap (two files ingested under the same name) go to
    texts apart."""
    layouts: dict[str, list[tuple[list[str], list[int]]]] = {}      # per file: (pieces, [last line used])
    for source_file, first_line, text in zip(targets.column("source_file").to_pylist(),
                                             targets.column("first_line").to_pylist(),
                                             targets.column("text").to_pylist()):
        placed = layouts.setdefault(source_file, [])
        layout = next((lo for lo in placed if lo[1][0] < first_line), None)
        if layout is None:
            layout = ([], [0])
            placed.append(layout)
        pieces, used = layout
        # line ends up to the line before the text's first (the first text starts the file)
        pieces.append("\n" * (first_line - used[0] - (1 if used[0] == 0 else 0)))
        pieces.append(text)
        used[0] = first_line + text.count("\n")
    return [(source_file, "".join(pieces) + "\n") for source_file, placed in layouts.items()
            for pieces, _ in placed]
