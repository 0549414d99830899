"""Re-audit: judge stored games again, from the texts the warehouse keeps, when the rules change.

Every stored or quarantined game records the rules version that judged it
(:data:`pipeline.provenance.RULES_VERSION`) and its text (``game_texts``, or the quarantine's
``text``); a Hold'em hand's ``ruleset`` names the rule options the user's settings gave it
(:mod:`pipeline.table_rules`). A re-audit hands the kept texts of the games judged by another
version, or under other options than the settings give them now, already cut
into games, to :func:`parsers.source.cut_games`, which lays each at its own lines of its file (so
that every line number and the ``source_file`` come out as they were) without splitting them
again; the worker reads them as an ingest reads a file, and their rows are replaced in every
table in one commit. The log files themselves are never read: a moved or deleted file does not
matter.
"""

from __future__ import annotations

import multiprocessing
import resource
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from parsers.formats import FILE_ENDS_IN_LINE_REASON, FILE_ENDS_REASON, UNDECODABLE_REASON, split_named
from parsers.source import FileEnd, cut_games, decode, needs_context
from pipeline.collector import objects_set_apart
from pipeline.games import following_games
from pipeline.inputs import content_hash, path_from_stored
from pipeline.provenance import RULES_VERSION, texts_kept
from pipeline.table_rules import RuleSettings
from pipeline.tables import SCHEMAS
from pipeline.warehouse import StagedBatch, Warehouse, stage_results
from pipeline.worker import needs_of_texts, parse_text, rule_settings, warm_up
from pipeline.worker import plan as run_plan

BATCH_BYTES = 48 << 20
"""Texts read between two stagings of their rows (memory stays bounded; one commit at the end)."""


@dataclass(slots=True)
class ReauditSummary:
    judged: int = 0
    """Games (stored or quarantined) judged again."""
    resettled: int = 0
    """Of ``judged``, the stored games judged under other rule options than the warehouse's
    settings give them now (a setting given or changed since they were judged)."""
    games: int = 0
    """Games stored from them now."""
    quarantined: int = 0
    findings: int = 0
    taken_out_of_quarantine: set[str] = field(default_factory=set)
    """The quarantined games judged again that are stored now, by ID."""
    without_text: int = 0
    """Stored games the warehouse keeps no text of (stored by an older Rasklad): left as they are."""
    files_without_text: dict[str, int] = field(default_factory=dict)
    """The files those games came from, how many each: ingested again into a new warehouse, they
    are judged by these rules and keep their texts."""
    without_context: int = 0
    """Games of XML documents kept without their document's head (by an older Rasklad) whose file
    is gone or changed, so that the head cannot be read again: left as they are."""
    files_without_context: dict[str, int] = field(default_factory=dict)
    """The files those games came from, how many each."""
    versions: Counter = field(default_factory=Counter)
    """The versions the judged games had (``None``: none recorded), how many each."""
    sent_to_quarantine: list[dict] = field(default_factory=list)
    """Of ``quarantined``, the games that were stored before (they left the statistics): each
    with its ``game_id``, ``source_file``, ``line``, ``column`` and ``reason``, in file order."""
    seconds: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)
    """Of ``seconds``: choosing the games, reading their texts (in every process), committing."""
    phases_cpu: dict[str, float] = field(default_factory=dict)
    """CPU-seconds of the same phases, of this process and the readers it forked."""

    def as_dict(self) -> dict:
        return {"judged": self.judged, "resettled": self.resettled, "games": self.games,
                "quarantined": self.quarantined,
                "findings": self.findings, "without_text": self.without_text,
                "files_without_text": self.files_without_text, "without_context": self.without_context,
                "files_without_context": self.files_without_context,
                "old_versions": {str(v): n for v, n in self.versions.most_common()},
                "sent_to_quarantine": self.sent_to_quarantine,
                "rules_version": RULES_VERSION, "seconds": round(self.seconds, 3)}


class UnknownVersion(LookupError):
    """``--since`` names a rules version this warehouse has never recorded."""


_TARGET = pa.schema([("game_id", pa.string()), ("source_file", pa.string()), ("first_line", pa.int32()),
                     ("last_line", pa.int32()), ("rules_version", pa.string()), ("source", pa.int32()),
                     ("row", pa.int64())])
"""A game to judge again: where its text was in its file, the version that judged it, and where
the warehouse keeps its text (row ``row`` of the part :attr:`_Plan.sources` [``source``])."""


@dataclass(slots=True)
class _Plan:
    """What the readers read: set before they fork, so that nothing is sent to them."""

    root: Path
    sources: list[tuple[str, str]] = field(default_factory=list)
    """The parts that keep texts (table, path in the warehouse): ``game_texts``, then ``quarantine``."""
    targets: pa.Table = field(default_factory=_TARGET.empty_table)
    units: list[np.ndarray] = field(default_factory=list)
    """Per unit of work, its targets' rows: whole files, in the order their texts are kept."""
    heads: dict[str, str] = field(default_factory=dict)
    """The document heads read again from their files (see :func:`_heads_from_files`), by game ID."""


_PLAN = _Plan(Path())


def reaudit(warehouse: Warehouse, *, game: str | None = None, since: str | None = None,
            quarantine_only: bool = False, jobs: int = 1, all_quarantined: bool = False,
            resettled_only: bool = False) -> ReauditSummary:
    """Judge again the games of ``warehouse`` (opened: its writer) that other rules judged, or
    that were judged under other rule options than its settings give them now, and replace their
    rows. ``game``: only the games whose ID starts with it, judged again whatever their version;
    ``since``: only games judged by that version or by one recorded after it;
    ``quarantine_only``: only quarantined games (each ingest does this first); ``all_quarantined``:
    every quarantined game, whatever its version (an ingest given new rule settings: a setting may
    read a game the quarantine holds for want of it); ``resettled_only``: only the stored games
    judged under other options (an ingest given new rule settings, for the games it stored
    before); ``jobs``: processes that read the texts (the one commit is this process's).

    This process reads only the small columns that choose the games and say where their texts
    are kept; each reader reads the texts of its own share of them."""
    started, cpu = time.perf_counter(), cpu_seconds()
    summary = ReauditSummary()

    def phase(name: str) -> None:
        summary.phases[name] = time.perf_counter() - started - sum(summary.phases.values())
        summary.phases_cpu[name] = cpu_seconds() - cpu - sum(summary.phases_cpu.values())

    versions = _versions_since(warehouse, since) if since else None
    settings = RuleSettings.stored(warehouse)
    plan = _Plan(warehouse.root, [("game_texts", part) for part in warehouse.manifest.paths("game_texts")])
    quarantined = (_TARGET.empty_table() if resettled_only else
                   _quarantined_targets(warehouse, game, versions, plan.sources, every=all_quarantined))
    stored = (_TARGET.empty_table() if quarantine_only else
              _stored_targets(warehouse, game, versions, summary, settings, resettled_only=resettled_only))
    targets = pa.concat_tables([quarantined, stored])
    targets, plan.heads = _heads_from_files(warehouse, plan.sources, targets, summary)
    phase("choose")
    if targets.num_rows:
        summary.versions.update(dict(zip(*_counts(targets.column("rules_version")))))
        # a game whose document's head was read again gets its text kept anew, with the head
        stored_before = stored.column("game_id").to_pylist()
        if plan.heads:
            stored_before = [game_id for game_id in stored_before if game_id not in plan.heads]
        plan.targets, plan.units = targets, _units(warehouse.root, plan.sources, targets, jobs)
        # the objects alive now are set apart from the collector while the texts are read, as an
        # ingest does; the orders the user set, as when they were read; a stored game's text is kept
        with objects_set_apart(), rule_settings(settings), texts_kept(stored_before):
            batches = _read_and_stage(plan, jobs)
        phase("read")
        stored_now = {game_id for batch in batches for game_ids, _ in batch.ids for game_id in game_ids}
        committed = warehouse.commit_staged(*batches, replacing=targets.column("game_id").to_pylist(),
                                            texts_kept=stored_now.intersection(stored_before))
        summary.judged = targets.num_rows
        summary.games, summary.quarantined, summary.findings = (
            committed.games, committed.quarantined, committed.findings)
        summary.taken_out_of_quarantine = stored_now.intersection(quarantined.column("game_id").to_pylist())
        quarantined_now = {qid for batch in batches for _, quarantine_ids in batch.ids for qid in quarantine_ids}
        summary.sent_to_quarantine = _quarantine_rows(warehouse, quarantined_now.intersection(
            stored.column("game_id").to_pylist()))
    phase("commit")
    summary.seconds = time.perf_counter() - started
    return summary


def _quarantine_rows(warehouse: Warehouse, ids: set[str]) -> list[dict]:
    """Where the quarantined games ``ids`` stand, and why they are there, in file order."""
    if not ids:
        return []
    rows = warehouse.read_table("quarantine", ["quarantine_id", "source_file", "line", "column", "error"])
    rows = rows.filter(pc.is_in(rows.column("quarantine_id"), value_set=pa.array(sorted(ids), pa.string())))
    rows = rows.sort_by([("source_file", "ascending"), ("line", "ascending")])
    return [{"game_id": row["quarantine_id"], "source_file": row["source_file"], "line": row["line"],
             "column": row["column"], "reason": row["error"]} for row in rows.to_pylist()]


def cpu_seconds() -> float:
    """CPU-seconds of this process and of the processes it forked and reaped."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _units(root: Path, sources: list[tuple[str, str]], targets: pa.Table, jobs: int) -> list[np.ndarray]:
    """The targets' rows cut into units of work: whole files, in the order their texts are kept,
    a unit to a part that keeps them (small parts together; a part is read by one unit, mostly),
    none of much more than BATCH_BYTES. With several processes, the largest are halved until
    each process's share is about even; the largest come first. No text is read here: a text's
    size is its part's mean."""
    source, row = targets.column("source").to_numpy(), targets.column("row").to_numpy()
    kept_order = np.lexsort((row, source))
    file_of = _codes(targets.column("source_file"))[kept_order]
    _, first_seen = np.unique(file_of, return_index=True)
    rank = np.empty(len(first_seen), dtype=np.int64)        # the files in the order their first text is kept
    rank[np.argsort(first_seen)] = np.arange(len(first_seen))
    by_file = np.argsort(rank[file_of], kind="stable")
    grouped = kept_order[by_file]
    file_starts = np.flatnonzero(np.diff(rank[file_of[by_file]], prepend=-1))
    bytes_before = np.concatenate([[0.0], np.cumsum(_mean_text_bytes(root, sources)[source[grouped]])])
    file_bytes = np.diff(bytes_before[np.append(file_starts, len(grouped))])
    units: list[list[int]] = []         # [first file, files, bytes, its part]
    for file, (part, size) in enumerate(zip(source[grouped[file_starts]].tolist(), file_bytes.tolist())):
        unit = units[-1] if units else None
        if unit is None or unit[2] + size > BATCH_BYTES or (part != unit[3] and unit[2] >= BATCH_BYTES / 2):
            units.append([file, 0, 0.0, part])
            unit = units[-1]
        unit[1] += 1
        unit[2] += size
    while jobs > 1 and len(units) < 4 * jobs and _longest_share(units, jobs) > 1.1 * bytes_before[-1] / jobs:
        largest = max(units, key=lambda unit: unit[2] if unit[1] > 1 else -1.0)
        if largest[1] < 2:
            break
        first, files = largest[0], largest[1]
        middle = bytes_before[file_starts[first]] + largest[2] / 2
        split = min(max(1, int(np.searchsorted(bytes_before[file_starts[first:first + files]], middle)) - 1),
                    files - 1)
        left = float(bytes_before[file_starts[first + split]] - bytes_before[file_starts[first]])
        units.remove(largest)
        units += [[first, split, left, largest[3]], [first + split, files - split, largest[2] - left, largest[3]]]
    ends = np.append(file_starts, len(grouped))
    return [grouped[file_starts[first]:ends[first + files]]
            for first, files, _, _ in sorted(units, key=lambda unit: -unit[2])]


def _longest_share(units: list[list], jobs: int) -> float:
    """The most bytes one of ``jobs`` processes reads when each takes the next unit, largest first."""
    shares = [0.0] * jobs
    for size in sorted((unit[2] for unit in units), reverse=True):
        shares[shares.index(min(shares))] += size
    return max(shares)


def _codes(values: pa.ChunkedArray) -> np.ndarray:
    """Each value as the number of its distinct value."""
    return pc.dictionary_encode(values).combine_chunks().indices.to_numpy(zero_copy_only=False)


def _mean_text_bytes(root: Path, sources: list[tuple[str, str]]) -> np.ndarray:
    """Per part that keeps texts, its texts' mean size (from the Parquet footer)."""
    means = np.ones(len(sources), dtype=np.float64)
    for index, (_, part) in enumerate(sources):
        metadata = pq.read_metadata(root / part)
        column = metadata.schema.to_arrow_schema().get_field_index("text")
        if metadata.num_rows and column >= 0:
            size = sum(metadata.row_group(group).column(column).total_uncompressed_size
                       for group in range(metadata.num_row_groups))
            means[index] = max(1.0, size / metadata.num_rows)
    return means


def _read_and_stage(plan: _Plan, jobs: int) -> list[StagedBatch]:
    """Each unit's texts read, laid out as files of games already cut, read as an ingest reads
    files, and staged as parts of the warehouse (``jobs`` processes; memory stays bounded by a unit).
    The run is planned as an ingest plans one, from a look at the texts: a lane whose kernels a
    re-audit this small would not pay for compiling (on a machine's first run, or the first after
    an update) is left out, and only the formats the texts are in are loaded before the readers fork."""
    global _PLAN
    names = plan.targets.column("source_file").unique().to_pylist()
    forks = jobs > 1 and len(plan.units) > 1
    found = needs_of_texts(_looks(plan), formats=forks)
    if not forks:
        run_plan(names, found=found)
        try:
            return [_stage(plan, unit) for unit in plan.units]
        finally:
            run_plan(())
    warm_up(names, found=found)   # the readers fork with the kernels loaded
    _PLAN = plan
    try:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            return list(pool.map(_stage_planned, range(len(plan.units))))
    finally:
        _PLAN = _Plan(Path())
        run_plan(())


LOOK_TEXTS = 16
"""How many texts of each part that keeps a re-audit's are looked at to plan the run: its first
ones, as a part keeps one game's texts of one commit, in the order of their files."""
LOOK_PARTS = 64
"""At most this many parts are looked at, those that keep the most of the re-audit's texts."""


def _looks(plan: _Plan) -> list[tuple[str, float]]:
    """Per part that keeps the targets' texts (the largest :data:`LOOK_PARTS`), its first texts
    joined as a file, and how many times over the targets in it hold them."""
    parts, counts = np.unique(plan.targets.column("source").to_numpy(), return_counts=True)
    looks = []
    for index, count in sorted(zip(parts.tolist(), counts.tolist()), key=lambda part: -part[1])[:LOOK_PARTS]:
        with pq.ParquetFile(plan.root / plan.sources[index][1]) as kept:
            first = next(kept.iter_batches(batch_size=LOOK_TEXTS, columns=["text"], use_threads=False), None)
        texts = [text for text in (first.column(0).to_pylist() if first else ()) if text]
        if texts:
            looks.append(("\n\n".join(texts), count / len(texts)))
    return looks


def _stage_planned(index: int) -> StagedBatch:
    return _stage(_PLAN, _PLAN.units[index])


READ_ONLY = "-"
"""The content hash given for a laid-out text: a re-audit adds no row to the file ledger."""


def _stage(plan: _Plan, unit: np.ndarray) -> StagedBatch:
    chosen = plan.targets.take(unit)
    chosen = chosen.take(np.lexsort((chosen.column("last_line").to_numpy(), chosen.column("first_line").to_numpy(),
                                     _codes(chosen.column("source_file")))))     # in file order
    texts, contexts, undecodable, ends_file, copies = _texts(plan, chosen)
    chosen, texts, contexts, undecodable, ends_file = _with_copies(chosen, texts, contexts, undecodable, ends_file,
                                                                   copies)
    return stage_results(plan.root, [parse_text(text, source_file, digest=READ_ONLY)
                                     for source_file, text in _files_of(chosen, texts, contexts, undecodable,
                                                                        ends_file)])


def _with_copies(chosen: pa.Table, texts: list[str], contexts: list[str | None], undecodable: list[tuple | None],
                 ends_file: list[FileEnd], copies: list[list[int] | None]
                 ) -> tuple[pa.Table, list[str], list[str | None], list[tuple | None], list[FileEnd]]:
    """``chosen`` with each quarantined game's other copies in its file (``copies``: their first
    lines) laid out again at their own lines, in file order: read as the ingest read its file,
    the game is quarantined naming them still, or stored once."""
    if not any(copies):
        return chosen, texts, contexts, undecodable, ends_file
    picked: list[int] = []      # per text laid out: its target
    shifts: list[int] = []      # and how many lines below the target's own it stands
    first_lines = chosen.column("first_line").to_pylist()
    for k, starts in enumerate(copies):
        for first in [first_lines[k], *(starts or ())]:
            picked.append(k)
            shifts.append(first - first_lines[k])
    laid = chosen.take(picked)
    shift = np.asarray(shifts, dtype=np.int32)
    for name in ("first_line", "last_line"):
        laid = laid.set_column(laid.schema.get_field_index(name), name,
                               pa.array(laid.column(name).to_numpy() + shift, pa.int32()))
    where = [undecodable[k] and (undecodable[k][0] + moved, *undecodable[k][1:]) for k, moved in zip(picked, shifts)]
    order = np.lexsort((laid.column("first_line").to_numpy(), _codes(laid.column("source_file"))))
    # a file ends inside its last game only: the copies before it are whole
    cut = [ends_file[k] if not moved else FileEnd.NOT_LAST for k, moved in zip(picked, shifts)]
    return (laid.take(order), [texts[picked[i]] for i in order], [contexts[picked[i]] for i in order],
            [where[i] for i in order], [cut[i] for i in order])


def _texts(plan: _Plan, chosen: pa.Table) -> tuple[list[str], list[str | None], list[tuple | None], list[FileEnd],
                                                   list[list[int] | None]]:
    """The kept texts of ``chosen``, their contexts (see ``game_texts.context``), their first
    bytes that could not be decoded (see ``quarantine.undecodable``), whether each is a game its
    file ended inside (its quarantine reason says so: judged again, it still is) and the first
    lines of a quarantined game's other copies in its file (``quarantine.copies_first_lines``), in its
    order: each part that keeps any is read once."""
    source, row = chosen.column("source").to_numpy(), chosen.column("row").to_numpy()
    ids = chosen.column("game_id").to_pylist() if plan.heads else ()
    texts: list[str] = [""] * len(row)
    contexts: list[str | None] = [None] * len(row)
    undecodable: list[tuple | None] = [None] * len(row)
    copies: list[list[int] | None] = [None] * len(row)
    ends_file = [FileEnd.NOT_LAST] * len(row)
    for index in np.unique(source).tolist():
        picked = np.flatnonzero(source == index)
        picked = picked[np.argsort(row[picked], kind="stable")]      # read in the part's order
        path = plan.root / plan.sources[index][1]
        # parts written before contexts, or bytes that could not be decoded, were kept lack those columns
        names = pq.read_schema(path).names
        columns = [name for name in ("text", "context", "undecodable", "copies_first_lines") if name in names]
        if plan.sources[index][0] == "quarantine":
            columns += ["error"] if "undecodable" in names else ["line", "column", "error"]
        # one thread: the readers are the run's processes already
        kept = _rows(pq.read_table(path, columns=columns, use_threads=False), row[picked])
        at = picked.tolist()
        for place, text in zip(at, kept.column("text").to_pylist()):
            texts[place] = text
        if "context" in columns and kept.column("context").null_count < kept.num_rows:
            for place, context in zip(at, kept.column("context").to_pylist()):
                contexts[place] = context
        if "undecodable" in columns and kept.column("undecodable").null_count < kept.num_rows:
            for place, where in zip(at, kept.column("undecodable").to_pylist()):
                undecodable[place] = where and (where["line"], where["column"], where["byte"])
        if "error" in columns and "undecodable" not in columns:
            for place, where in zip(at, _undecodable_from_reasons(kept)):
                undecodable[place] = where
        if "copies_first_lines" in columns and kept.column("copies_first_lines").null_count < kept.num_rows:
            for place, starts in zip(at, kept.column("copies_first_lines").to_pylist()):
                copies[place] = starts
        if "error" in columns:
            for place, error in zip(at, kept.column("error").to_pylist()):
                ends_file[place] = (FileEnd.IN_LAST_LINE if FILE_ENDS_IN_LINE_REASON.match(error or "")
                                    else FileEnd(bool(FILE_ENDS_REASON.match(error or ""))))
    for place, game_id in enumerate(ids):
        if contexts[place] is None:
            contexts[place] = plan.heads.get(game_id)
    return texts, contexts, undecodable, ends_file, copies


def _rows(table: pa.Table, rows: np.ndarray) -> pa.Table:
    """``table.take(rows)`` (``rows`` ascending, each once), without copying when they are a
    stretch of it (a re-audit of every game reads whole parts)."""
    if len(rows) and rows[-1] - rows[0] + 1 == len(rows):
        return table.slice(int(rows[0]), len(rows))
    return table.take(rows)


def _heads_from_files(warehouse: Warehouse, sources: list[tuple[str, str]], targets: pa.Table,
                      summary: ReauditSummary) -> tuple[pa.Table, dict[str, str]]:
    """Of ``targets``, those kept without the head of their XML document that need one (kept by
    a Rasklad older than ``game_texts.context``, or quarantined by a re-audit of such a
    warehouse): each takes it from its file, read again when it is still where it was read
    from and holds the bytes the file ledger knows. The others are left out of the re-audit,
    as they are, and counted in ``summary``. Returns the targets to judge and the heads read,
    by game ID. Only parts without contexts, and the quarantine's, are looked at."""
    source, row = targets.column("source").to_numpy(), targets.column("row").to_numpy()
    wanting: list[int] = []
    for index, (table, part) in enumerate(sources):
        picked = np.flatnonzero(source == index)
        names = pq.read_schema(warehouse.root / part).names if len(picked) else ()
        if not len(picked) or (table != "quarantine" and "context" in names):
            continue
        columns = ["text", "context"] if "context" in names else ["text"]
        kept = pq.read_table(warehouse.root / part, columns=columns).take(row[picked])
        contexts = kept.column("context").to_pylist() if "context" in names else [None] * len(picked)
        wanting += [place for place, text, context in zip(picked.tolist(), kept.column("text").to_pylist(), contexts)
                    if context is None and needs_context(text)]
    if not wanting:
        return targets, {}
    wanted = targets.take(wanting)
    ids, files, first_lines = (wanted.column(name).to_pylist() for name in ("game_id", "source_file", "first_line"))
    ledger = warehouse.read_table("files", ["source_file", "content_hash", "source_path"]).to_pylist()
    heads: dict[str, str] = {}
    left: list[int] = []
    for file in set(files):
        chunks = _chunks_of_unchanged(file, [entry for entry in ledger if entry["source_file"] == file])
        for place in (k for k, named in enumerate(files) if named == file):
            chunk = None if chunks is None else next(
                (c for c in chunks if c.game_id == ids[place]),
                next((c for c in chunks if c.first_line <= first_lines[place] <= c.last_line), None))
            if chunk is None:
                left.append(place)
            elif chunk.context:
                heads[ids[place]] = "\n".join(chunk.context)
    if left:
        summary.without_context = len(left)
        summary.files_without_context = dict(Counter(files[place] for place in left))
        dropped = pa.array(sorted(ids[place] for place in left), pa.string())
        targets = targets.filter(pc.invert(pc.is_in(targets.column("game_id"), value_set=dropped)))
    return targets, heads


def _chunks_of_unchanged(source_file: str, entries: list[dict]) -> list | None:
    """The chunks of a file as an ingest cuts them, when the file is still where the ledger's
    ``entries`` for it say it was read from and holds bytes they know; else None."""
    hashes = {entry["content_hash"] for entry in entries}
    for path in dict.fromkeys([*(entry["source_path"] for entry in entries if entry["source_path"]), source_file]):
        try:
            data = Path(path_from_stored(path)).read_bytes()
        except OSError:
            continue
        if content_hash(data) in hashes:
            return split_named(decode(data), source_file)
    return None


def _undecodable_from_reasons(rows: pa.Table) -> list[tuple[int, int, int] | None]:
    """Per quarantine row kept without ``undecodable`` (a warehouse written before the column
    was): the byte its reason names (at its ``line`` and ``column``), if any."""
    out: list[tuple[int, int, int] | None] = []
    for line, column, error in zip(*(rows.column(name).to_pylist() for name in ("line", "column", "error"))):
        match = UNDECODABLE_REASON.match(error or "")
        out.append((line, column, int(match[1], 16)) if match else None)
    return out


def _versions_since(warehouse: Warehouse, since: str) -> set[str]:
    recorded = warehouse.manifest.versions
    matches = [version for version in recorded if version.startswith(since)]
    if len(matches) != 1:
        known = ", ".join(f"{v} (first used {at})" for v, at in sorted(recorded.items(), key=lambda i: i[1]))
        which = "No rules version starting with" if not matches else "More than one rules version starts with"
        raise UnknownVersion(f"{which} {since!r} in this warehouse; it knows: {known or 'none'}")
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


def _kept_rows(warehouse: Warehouse, table: str, columns: list[str], first_source: int) -> pa.Table:
    """The committed rows of ``table`` (``columns``), each with its part's number (counted from
    ``first_source``: see :attr:`_Plan.sources`) and its row in that part."""
    schema = SCHEMAS[table]
    tables = [pa.schema([schema.field(name) for name in columns] + [_TARGET.field("source"), _TARGET.field("row")])
              .empty_table()]
    for number, path in enumerate(warehouse.committed_files(table)):
        rows = ds.dataset(path, format="parquet", schema=schema).to_table(columns=columns)
        tables.append(rows.append_column(_TARGET.field("source"), pa.array(np.full(rows.num_rows, first_source + number,
                                                                                    dtype=np.int32)))
                      .append_column(_TARGET.field("row"), pa.array(np.arange(rows.num_rows, dtype=np.int64))))
    return pa.concat_tables(tables)


def _quarantined_targets(warehouse: Warehouse, game: str | None, versions: set[str] | None,
                         sources: list[tuple[str, str]], *, every: bool = False) -> pa.Table:
    """The quarantined games to judge again (``every``: all of them); the quarantine's parts join ``sources``."""
    held = _kept_rows(warehouse, "quarantine", ["quarantine_id", "source_file", "first_line", "last_line",
                                                "rules_version"], len(sources))
    sources.extend(("quarantine", part) for part in warehouse.manifest.paths("quarantine"))
    if not every:
        held = held.filter(_chosen(held.column("quarantine_id"), held.column("rules_version"), game, versions))
    return held.rename_columns(_TARGET.names).cast(_TARGET)


def _stored_targets(warehouse: Warehouse, game: str | None, versions: set[str] | None,
                    summary: ReauditSummary, settings: RuleSettings, *, resettled_only: bool = False) -> pa.Table:
    """The stored games to judge again, with where their texts are kept (the first parts of
    :attr:`_Plan.sources`): those :func:`_chosen`, and (unless ``game`` names some) those judged
    under other rule options than ``settings`` give them now, counted in ``summary``
    (:attr:`ReauditSummary.resettled`); ``resettled_only``: those alone. Those stored before texts
    were kept are counted in ``summary`` (:attr:`ReauditSummary.without_text`) and left as they are."""
    games = warehouse.read_table("games", ["game_id", "source_file", "first_line", "last_line", "rules_version"])
    chosen = _chosen(games.column("game_id"), games.column("rules_version"), game, versions)
    resettled = None
    if game is None:
        resettled = _judged_under_other_options(warehouse, settings)
        wanted = pc.is_in(games.column("game_id"), value_set=resettled)
        if versions is not None:
            wanted = pc.and_(wanted, pc.fill_null(pc.is_in(games.column("rules_version"),
                                                            pa.array(sorted(versions), pa.string())), False))
        chosen = wanted if resettled_only else pc.or_(chosen, wanted)
    games = games.filter(_with_games_before(warehouse, games, chosen))
    if not games.num_rows:
        return _TARGET.empty_table()
    texts = _kept_rows(warehouse, "game_texts", ["game_id"], 0)
    at = pc.index_in(games.column("game_id"), value_set=texts.column("game_id"))   # a hash lookup, not a join
    has_text = pc.is_valid(at)
    without = games.filter(pc.invert(has_text))
    summary.without_text = without.num_rows
    summary.files_without_text = dict(zip(*_counts(without.column("source_file"))))
    if without.num_rows:
        games, at = games.filter(has_text), at.filter(has_text)
    games = games.append_column("source", texts.column("source").take(at)).append_column(
        "row", texts.column("row").take(at))
    if resettled is not None:
        summary.resettled = pc.sum(pc.is_in(games.column("game_id"), value_set=resettled)).as_py() or 0
    return games.cast(_TARGET)


def _with_games_before(warehouse: Warehouse, games: pa.Table, chosen: pa.ChunkedArray) -> np.ndarray:
    """``chosen``, and the game before each chosen game that is judged against it (the games of
    :func:`pipeline.games.following_games`, OFC's Fantasyland), in its file: judged again with it,
    so that it stands before it in the text read as it stood in the file."""
    chosen = pc.fill_null(chosen, False).to_numpy(zero_copy_only=False).copy()
    partitions = {f"game={name}" for name in following_games()}
    parts = [str(path) for path in warehouse.committed_files("games") if path.parent.name in partitions]
    if not parts or not chosen.any():
        return chosen
    ids = ds.dataset(parts, format="parquet", schema=SCHEMAS["games"]).to_table(columns=["game_id"]).column(0)
    wanted = chosen & pc.is_in(games.column("game_id"), value_set=ids).to_numpy(zero_copy_only=False)
    if not wanted.any():
        return chosen
    files = _codes(games.column("source_file"))
    order = np.lexsort((games.column("first_line").to_numpy(), files))
    same_file = files[order][:-1] == files[order][1:]
    chosen[order[:-1][same_file & wanted[order[1:]]]] = True
    return chosen


_ASKED = ("source_file", "table_name", "site", "ruleset")
"""What decides the rule options a stored Hold'em hand takes from the settings, and names them."""


def _judged_under_other_options(warehouse: Warehouse, settings: RuleSettings) -> pa.Array:
    """The IDs of the stored Hold'em hands whose ``ruleset`` names other rule options than
    ``settings`` give them now (:meth:`RuleSettings.judged_otherwise`: a setting given or changed
    since they were judged). Only the Hold'em parts are read, and each file, table, room and
    ruleset is asked once."""
    found = [pa.array([], pa.string())]
    for part in warehouse.manifest.paths("games"):
        game = part.split("/")[1].removeprefix("game=")
        if game not in ("holdem", "holdem36"):
            continue
        rows = ds.dataset(warehouse.root / part, format="parquet", schema=SCHEMAS["games"]).to_table(
            columns=["game_id", *_ASKED])
        asked = rows.group_by(list(_ASKED)).aggregate([])
        otherwise = pa.array([settings.judged_otherwise(row["ruleset"], row["source_file"], row["table_name"],
                                                        row["site"], short_deck=game == "holdem36")
                              for row in asked.to_pylist()], pa.bool_())
        if pc.any(otherwise).as_py():
            found.append(rows.column("game_id").filter(
                pc.is_in(_asked_key(rows), value_set=_asked_key(asked.filter(otherwise)))).combine_chunks())
    return pa.concat_arrays(found)


def _asked_key(rows: pa.Table) -> pa.ChunkedArray:
    """The columns of :data:`_ASKED` of each row as one text (a null apart from any text)."""
    return pc.binary_join_element_wise(*(rows.column(name) for name in _ASKED), "\x1f",
                                       null_handling="replace", null_replacement="\x00")


def _files_of(targets: pa.Table, texts: list[str], contexts: list[str | None],
              undecodable: list[tuple | None], ends_file: list[FileEnd]) -> list[tuple[str, str]]:
    """Each target's text (``texts``, with its ``contexts``, ``undecodable`` byte and whether its
    file ended inside it; in file order) at its own lines of a text named as its file, cut into its games already
    (:func:`parsers.source.cut_games`). Targets whose lines overlap (two files ingested under the
    same name) go to texts apart."""
    files = _codes(targets.column("source_file"))
    first, last = targets.column("first_line").to_numpy(), targets.column("last_line").to_numpy()
    names = targets.column("source_file")
    ids = targets.column("game_id").to_pylist()    # (a text of one cut line holds two games: its own is its ID's)
    starts = np.flatnonzero(np.diff(files, prepend=-1))     # each file's targets, in line order
    out = []
    for begin, end in zip(starts.tolist(), np.append(starts[1:], len(files)).tolist()):
        name = names[begin].as_py()
        if (first[begin + 1:end] > last[begin:end - 1]).all():     # apart: one text
            out.append((name, cut_games(texts[begin:end], first[begin:end].tolist(), contexts[begin:end],
                                        undecodable[begin:end], ends_file[begin:end], ids[begin:end])))
            continue
        layouts: list[tuple[list[int], list[int]]] = []     # (targets, [last line])
        for k in range(begin, end):
            layout = next((lo for lo in layouts if lo[1][0] < first[k]), None)
            if layout is None:
                layout = ([], [0])
                layouts.append(layout)
            layout[0].append(k)
            layout[1][0] = int(last[k])
        out += [(name, cut_games([texts[k] for k in placed], [int(first[k]) for k in placed],
                                 [contexts[k] for k in placed], [undecodable[k] for k in placed],
                                 [ends_file[k] for k in placed], [ids[k] for k in placed]))
                for placed, _ in layouts]
    return out
