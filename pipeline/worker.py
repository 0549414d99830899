"""One file in, Arrow tables out: the engine-free unit of work of an ingest.

``parse_file`` (``parse_bytes`` for bytes in memory) reads, splits, parses and replays every
game of one file and returns its rows as Arrow tables. It runs in any process of an ingest
(or any other engine's task) and writes nothing: the single writer in
:mod:`pipeline.warehouse` commits what it returns. It knows no game: each game's handler
(``pipeline.games``) replays and stores its records, and a game with a batch lane reads the
files that lane takes.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pyarrow as pa

from parsers.errors import ParseError
from parsers.formats import (
    FILE_ENDS_REASON,
    file_format,
    parse_chunk,
    quarantine_game,
    split_named,
    undecodable_finding,
)
from parsers.source import (
    Chunk,
    CutText,
    at_file_end,
    code_page_kept,
    decode,
    laid_appended,
    laid_lines,
    last_utf16_part,
    line_cut_at_end,
    line_offset,
    line_starts,
    restart_codec,
    split,
)
from pipeline import kernels
from pipeline.audit import Audited, audit_chunk, internal_error, read_record
from pipeline.facts import Lane, RecordBatch, finding_columns, played_in_utc
from pipeline.games import HANDLERS, handler_for, lanes, record_kind
from pipeline.inputs import content_hash
from pipeline.provenance import record_provenance
from pipeline.table_rules import RuleSettings
from pipeline.tables import TableRows
from rules.findings import Severity

WARM_UP = Path(__file__).with_name("warm_up")
"""Small committed files, one per format (``<format>.txt``), read by :func:`warm_up`."""


@dataclass(slots=True)
class FileResult:
    """What one file yielded: its tables and the counts for the run's summary."""

    source_file: str
    content_hash: str
    size_bytes: int
    tables: dict[tuple[str, str], pa.Table] = field(default_factory=dict)
    count_games: int = 0
    count_known: int = 0
    """Games skipped as stored before (each copy of one counts), those in quarantine left out."""
    count_in_quarantine: int = 0
    """Games skipped as in quarantine already (each once, however many copies the file holds): the
    file still holds text that could not be read."""
    count_lane: int = 0
    """Of ``count_games``, those stored by their game's batch lane."""
    count_batched: int = 0
    """Of ``count_games``, those stored by their format's record batch (the rest took the full
    path one by one)."""
    count_quarantined: int = 0
    count_quarantined_copies: int = 0
    """Further copies, in the same file, of the games it quarantines (not in ``count_known``: no
    copy of them is stored; each quarantine row names its copies' lines)."""
    count_findings: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    game_ids: list[str] | None = None
    """Every game the file holds (stored now, stored before, or quarantined), in file order, each
    once; None when not known (a re-audit's texts, results made elsewhere)."""
    first_lines: list[int] | None = None
    """Per game of ``game_ids``, the line it begins at in this file (its first copy): where a
    game stored before stands now, for the writer to move its lines when its file changed."""
    resume_line: int | None = None
    """The first line of the file's last game: where a later read of the file, grown, starts
    (:func:`parse_appended`); None when none can (no game past the first line, a file whose
    decoding hangs on all its bytes, lone carriage returns, a game of an XML document)."""
    resume_offset: int | None = None
    """The byte of the file that ``resume_line`` starts at."""
    read_from_line: int = 1
    """The line the reading began at: past the first for a file read before that grew, read from
    its last game on (:func:`parse_appended`)."""


class EarlierReading(NamedTuple):
    """What the file ledger holds of the latest version read at a file's path (its ``files`` row),
    for :func:`parse_appended` to read the file, grown since, from that version's last game on."""

    content_hash: str
    size_bytes: int
    game_ids: list[str]
    first_lines: list[int]
    resume_line: int
    resume_offset: int


def id_number(game_id: str) -> int:
    """A game ID as the unsigned 64-bit number the ledger stores."""
    return int(game_id, 16)


def are_known(known: np.ndarray, game_ids: list[str]) -> np.ndarray:
    """Per game ID, whether the ledger's sorted numbers ``known`` hold it: one search for a
    file's games, not one per game (a million-game ledger is searched per game in ~2 µs)."""
    if known.size == 0 or not game_ids:
        return np.zeros(len(game_ids), dtype=bool)
    numbers = np.fromiter(map(id_number, game_ids), dtype=np.uint64, count=len(game_ids))
    at = np.minimum(np.searchsorted(known, numbers), known.size - 1)
    return known[at] == numbers


_EMPTY = np.zeros(0, dtype=np.uint64)

SNIFF_BYTES = 64 << 10
"""How much of each input file :func:`warm_up` looks at (about sixty hands; the rest of a file is
counted as like its start): the look runs before readers fork, so all of it is time the second
core waits (80 files of 500 hands: 37 ms of CPU at 256 KB, 21 ms at 64 KB)."""
SNIFF_TOTAL = 64 << 20
"""At most this much of the input is looked at; a run bigger than that needs every lane whose
games were seen."""
FORMAT_SNIFF_CHARS = 16 << 10
"""How much of each file's look is split into games to find its formats (a dozen games or
more): splitting the whole look of every file cost the writer of a parallel ingest a third of
its CPU before it forked its readers. A format that shows up later in a file is loaded when it
is read."""



class _PandasNotInstalled:
    """A finder of the import system that says pandas is not installed (see :func:`arrays_without_pandas`)."""

    def find_spec(self, fullname: str, path=None, target=None) -> None:
        """Raise for pandas and its modules; say nothing (None) of the others, which the import
        system's other finders then look for."""
        if fullname == "pandas" or fullname.startswith("pandas."):
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)


def arrays_without_pandas() -> None:
    """Let pyarrow settle, once in this process, that the values an ingest gives it are no pandas
    objects, without importing pandas: a fifth of a CPU-second of every run.

    pyarrow imports pandas when it first builds an array from Python values, only to ask whether
    they are pandas objects. It has no setting nor array-building path that skips the question (a
    list, a NumPy array and a column dict all ask it), and it asks once per process. pandas is
    hidden for one small array only, and can be imported again by anyone afterwards; but pyarrow
    keeps its answer: until something asks for a pandas conversion (``Table.from_pandas``,
    ``Table.to_pandas``), its array builder takes pandas objects for plain sequences (a
    ``Series`` with a missing value gets a NaN, not a null; a ``Categorical`` loses its
    dictionary). So only a process that ends with its ingest calls this: the ``rasklad ingest``
    program (:func:`pipeline.cli.run`), never :func:`pipeline.ingest.ingest`, which the
    dashboard's long-lived server also runs. Nothing is done when pandas is loaded already.
    Forked readers inherit the answer."""
    if "pandas" in sys.modules:
        return
    finder = _PandasNotInstalled()
    sys.meta_path.insert(0, finder)
    try:
        pa.array([0])
    finally:
        sys.meta_path.remove(finder)

def warm_up(paths: Iterable[str | Path] | None = None, *, found: Needs | None = None) -> None:
    """Plan a run over ``paths`` and load, or compile on a first run, what it needs: the
    grammars and kernels of the formats their games are in, and the batch lanes worth loading
    for them (a lane whose :attr:`~pipeline.facts.Lane.run_minimum`, or first-run minimum, the
    run does not reach is left out for the run's files, until the next plan). Each is loaded by reading its
    small committed warm-up file (``pipeline/warm_up/<format>.txt``, a lane's through the lane;
    it holds what the lane's readers would otherwise compile each on its own, such as the
    multiway all-in equity in ``pokerstars_lane.txt``; a run left out of a lane that still
    reaches its warm-up minimum reads that file by the other paths). An ingest calls this
    first; workers it forks inherit all of it. Without ``paths``, everything is loaded and
    every lane is used. ``found``: what the run needs, found already (a re-audit's texts, named
    as their files: :func:`needs_of_texts`)."""
    paths = None if paths is None else list(paths)
    formats, wanted, warmed = found or needs(paths)
    _plan(paths or (), wanted)
    for fmt in sorted(formats - _WARM):
        fixture = WARM_UP / f"{fmt}.txt"
        if fixture.exists():
            _parse(fixture.read_bytes(), f"warm-up {fmt}", _EMPTY, None, None)
        _WARM.add(fmt)
    for lane in warmed:
        through = lane if lane in wanted else None
        key = f"lane {lane.warm_up}" if through else f"{lane.warm_up} without the lane"
        if key not in _WARM:
            _parse((WARM_UP / f"{lane.warm_up}.txt").read_bytes(), f"warm-up {key}", _EMPTY, through, None)
            _WARM.add(key)


def plan(paths: Iterable[str | Path], *, found: Needs | None = None) -> None:
    """Only the plan of :func:`warm_up`, loading nothing: which lanes a run over ``paths`` (or
    over texts named so, whose needs are ``found``) uses. For a run that reads its files in this
    process alone; ``plan(())`` forgets the plan."""
    paths = list(paths)
    _plan(paths, (found or needs(paths, formats=False)).lanes)


def _plan(paths: Iterable[str | Path], wanted: list[Lane]) -> None:
    global _PLANNED, _LEFT_OUT
    _PLANNED = frozenset(str(path) for path in paths)
    _LEFT_OUT = frozenset(lane.warm_up for lane in lanes() if lane not in wanted)


@contextmanager
def rule_settings(settings: RuleSettings):
    """The rule options the user set (per file, table or room) for the files read inside the
    block; an ingest or re-audit sets them before its readers fork, so each inherits them."""
    global _RULE_SETTINGS
    before, _RULE_SETTINGS = _RULE_SETTINGS, settings
    try:
        yield
    finally:
        _RULE_SETTINGS = before


_RULE_SETTINGS = RuleSettings()
_WARM: set[str] = set()
_PLANNED: frozenset[str] = frozenset()
"""The files of the last planned run, as their callers name them to :func:`parse_bytes`."""
_LEFT_OUT: frozenset[str] = frozenset()
"""The lanes (by their warm-up format) that run leaves out: it was too small for them. Other
files (of no planned run) may take every lane."""


class Needs(NamedTuple):
    """What a run over some files needs loaded (:func:`needs`)."""

    formats: set[str]
    """The formats found at the start of the files."""
    lanes: list[Lane]
    """The lanes worth loading for them: those that take one of the files and whose games in the
    files they take reach their run minimum (their first-run minimum while their own kernels are
    not compiled)."""
    warm_ups: list[Lane]
    """The lanes whose warm-up file the run reads: those whose warm-up minimum it reaches
    (:attr:`~pipeline.facts.Lane.warm_minimum`). A lane left out of the run still has its file
    read, by the other paths, which load what they share with the lane (the engine, the multiway
    all-in equity)."""


def needs(paths: Iterable[str | Path] | None, *, formats: bool = True) -> Needs:
    """What a run over ``paths`` needs loaded, from the start of each file.
    ``formats=False``: the lanes only, looking no further once every lane is wanted."""
    kernels.watch()     # the look splits the files' starts: the splitter's kernels may compile on a first run
    if paths is None:
        return Needs({f.stem for f in WARM_UP.glob("*.txt")}, list(lanes()), list(lanes()))
    looks = _Looks(formats)
    budget = SNIFF_TOTAL
    for path in paths:
        if budget <= 0:
            break
        try:
            with open(path, "rb") as file:
                size = os.fstat(file.fileno()).st_size
                head = file.read(min(SNIFF_BYTES, budget))
        except OSError:
            continue    # the worker reports it when it gets there
        budget -= len(head)
        # the rest of a file is like its start
        if looks.add(decode(head), size / len(head) if head else 1.0) and not formats:
            break
    return looks.needs(all_seen=budget > 0)


def needs_of_texts(looks: Iterable[tuple[str, float]], *, formats: bool = True) -> Needs:
    """What a run over texts kept already needs (a re-audit's), from ``looks``: a few of the texts
    of each group of them, joined as a file, and how many times over the group holds them.
    ``formats=False``: the lanes only (the texts are cut into games already: finding their formats
    is the only use of the splitter, whose kernels a first run would compile for it)."""
    if formats:
        kernels.watch()     # the look splits the texts: the splitter's kernels may compile on a first run
    found = _Looks(formats)
    for text, scale in looks:
        found.add(text, scale)
    return found.needs(all_seen=True)


class _Looks:
    """What the looks at the start of a run's inputs found: their formats, and per lane whether it
    takes one of them and about how many of its games they hold."""

    def __init__(self, formats: bool):
        self.formats = formats
        self.found: set[str] = set()
        self.lanes = lanes()
        self.taken = {lane: False for lane in self.lanes}
        self.counted = {lane: 0.0 for lane in self.lanes}
        self.compiled = _compiled_once()

    def add(self, text: str, scale: float) -> bool:
        """Count the look ``text`` at an input that holds it ``scale`` times over; returns whether
        every lane is wanted already."""
        if self.formats:
            self.found.update(chunk.format for chunk in split(text[:FORMAT_SNIFF_CHARS]) if chunk.format)
        for lane in self.lanes:
            if self._wanted(lane):
                continue    # wanted already: counting its games again over every file only delays the fork
            if lane.takes(text):    # the games of a file the lane does not take go the other paths: not counted
                self.taken[lane] = True
                self.counted[lane] += lane.count(text) * scale
        return all(self._wanted(lane) for lane in self.lanes)

    def _wanted(self, lane: Lane) -> bool:
        return self.taken[lane] and _worth(lane, self.counted[lane], self.compiled)

    def needs(self, *, all_seen: bool) -> Needs:
        """What the looks found; a lane that took an input is wanted, whatever its count, when
        some inputs were not looked at (``all_seen`` false)."""
        def reached(lane: Lane, enough: bool) -> bool:
            return self.taken[lane] and (enough or not all_seen)

        return Needs(self.found, [lane for lane in self.lanes if reached(lane, self._wanted(lane))],
                     [lane for lane in self.lanes if reached(lane, self.counted[lane] >= lane.warm_minimum)])


def _worth(lane: Lane, games: float, compiled: Callable[[Lane], bool]) -> bool:
    """Whether a run of ``games`` of the lane's games is worth loading it: they reach its run
    minimum, and its first-run minimum too unless ``compiled(lane)`` (asked only in between)."""
    return games >= lane.run_minimum and (games >= lane.first_run_minimum or compiled(lane))


def _compiled_once() -> Callable[[Lane], bool]:
    """Per lane, whether its own kernels are compiled, asked of the kernel cache once per plan."""
    return functools.cache(lambda lane: lane.compiled is None or lane.compiled())


def parse_file(path: str | Path, known: np.ndarray = _EMPTY) -> FileResult:
    """Parse and replay every game of a file; games whose ID is in ``known`` are skipped."""
    return parse_bytes(Path(path).read_bytes(), str(path), known)


def parse_bytes(data: bytes, source_file: str, known: np.ndarray = _EMPTY, *, lane: bool = True,
                digest: str | None = None, quarantined: np.ndarray = _EMPTY) -> FileResult:
    """The same for a file's bytes already in memory (an upload, a Spark binaryFile row);
    ``digest``: their :func:`content_hash`, when the caller has it already; ``quarantined``: of
    ``known``, the games in quarantine (counted apart: ``count_in_quarantine``).

    A file that a registered batch lane takes (``pipeline.games.lanes``; unless the run's
    :func:`warm_up` left it out) is split and read by that lane first; what it does not
    store, and every other game, takes the full path; games of a format whose records are
    replayed together (``Handler.batch``) are parsed first and replayed as one batch, and only
    those it does not store take the rest of the full path.
    ``lane=False`` sends everything the full path (the tests compare the two)."""
    text = decode(data)
    return _parse(data, source_file, known, _lane_for(text, source_file) if lane else None, digest, text,
                  batched=lane, quarantined=quarantined)


def parse_text(text: str, source_file: str, *, digest: str) -> FileResult:
    """:func:`parse_bytes` of a text already decoded, such as the games a warehouse keeps laid
    out by :func:`parsers.source.cut_games` (which the splitter does not cut again); ``digest``
    names it in the result, as no bytes do."""
    return _parse(b"", source_file, _EMPTY, _lane_for(text, source_file), digest, text)


def _lane_for(text: str, source_file: str) -> Lane | None:
    """The batch lane that takes a file's text, if any (a file read by its extension has none)."""
    if file_format(source_file) is not None:
        return None
    left_out = _LEFT_OUT if source_file in _PLANNED else ()
    return next((candidate for candidate in lanes() if candidate.warm_up not in left_out and candidate.takes(text)),
                None)


def _parse(data: bytes, source_file: str, known: np.ndarray, lane: Lane | None, digest: str | None,
           text: str | None = None, *, batched: bool = True, quarantined: np.ndarray = _EMPTY,
           laid: tuple[int, int] = (0, 0)) -> FileResult:
    """Read a file, through ``lane`` when given (taking it whatever its size), the record
    batches when ``batched``, and the full path. ``laid``: the bytes open with that many lines,
    in that many bytes, laid for lines read before (see :func:`parse_appended`), not looked at again."""
    kernels.watch()
    result = FileResult(source_file, digest or content_hash(data), len(data))
    rows = TableRows()
    if text is None:
        text = decode(data)
    original = _Original(text, data)
    if lane is not None:
        chunks, batch, batch_chunks = lane.read(text, source_file)
        settled = None
        if lane.settle is not None and len(batch_chunks) and _RULE_SETTINGS.may_apply(source_file):
            settled = lane.settle(batch, source_file, _RULE_SETTINGS)
    else:
        chunks, batch, batch_chunks = split_named(text, source_file), None, None
    if not isinstance(text, CutText):
        # a file read whole: its last game may be one it ends inside (kept texts are marked by cut_games)
        chunks = at_file_end(chunks, line_cut_at_end(text))
        _mark_resume(result, chunks, data, laid, text)
    seen: set[str] = set()
    copies: dict[str, list[int]] = {}     # a game read first here → the first lines of its later copies
    firsts: dict[str, int] = {}
    for chunk in chunks:
        firsts.setdefault(chunk.game_id, chunk.first_line)
    result.game_ids, result.first_lines = list(firsts), list(firsts.values())
    fresh = np.zeros(len(chunks), dtype=bool)
    stored = are_known(known, [chunk.game_id for chunk in chunks]).tolist()
    held = are_known(quarantined, [chunk.game_id for chunk in chunks]).tolist()
    in_quarantine: set[str] = set()     # (known too: not stored, it must not count as "already stored")
    for index, chunk in enumerate(chunks):
        if held[index]:
            in_quarantine.add(chunk.game_id)
        elif stored[index]:
            result.count_known += 1
        elif chunk.game_id in seen:
            copies.setdefault(chunk.game_id, []).append(chunk.first_line)
        else:
            seen.add(chunk.game_id)
            fresh[index] = True
    if lane is not None and len(batch_chunks):
        # a file's last game cut off with it goes the full path, which quarantines it as such (Format.cut_short)
        taken = fresh[batch_chunks] & ~np.array([chunks[k].ends_file and _cut_off(chunks[k], source_file)
                                                 for k in batch_chunks.tolist()], dtype=bool)
        if settled is None:
            stored = lane.ingest(batch, taken, rows)
        else:
            own = TableRows()
            stored = lane.ingest(batch, taken, own)
            settled.add_rows(own.to_arrow(), rows)
        fresh[batch_chunks[stored]] = False
        result.count_lane = int(stored.sum())
        result.count_games += result.count_lane
    pending = np.flatnonzero(fresh)
    if batched and _BATCHES:
        pending = _ingest_batched(chunks, pending, source_file, rows, result)
    audited = None     # the game just read, for the one after it when it is judged against it
    for index in pending:
        just_read = audited is not None and audited[0] == index - 1
        audited = index, _ingest_chunk(chunks[index], source_file, rows, result, original,
                                       copies.get(chunks[index].game_id),
                                       previous=chunks[index - 1] if index else None,
                                       previous_read=audited[1] if just_read else None)
    # a stored game's later copies are stored already (by the first); a quarantined one's counted apart
    result.count_known += sum(map(len, copies.values())) - result.count_quarantined_copies
    result.count_in_quarantine = len(in_quarantine)
    result.tables = rows.to_arrow()
    result.count_findings = sum(table.num_rows for (name, _), table in result.tables.items() if name == "findings")
    record_provenance(result.tables, original.texts,
                      contexts={chunk.game_id: "\n".join(chunk.context) for chunk in chunks if chunk.context},
                      undecodable={chunk.game_id: chunk.undecodable for chunk in chunks if chunk.undecodable})
    return result


def _mark_resume(result: FileResult, chunks: list[Chunk], data: bytes, laid: tuple[int, int] = (0, 0),
                 text: str = "") -> None:
    """Note where a later read of the file, grown, starts: its last game's first line (that game
    may be cut off mid-write, and the growth end it), when its bytes from there on decode alone.
    The ``laid`` lines and bytes that open ``data`` (lines read before) are not looked at again.
    A game whose header follows a crash-cut fragment on its line is passed over for the game
    before it: read from that line's start, the fragment alone would be a text of no format.
    A UTF-16 file read whole (``text``, as decoded) that grew a byte off before this first read
    is read on from its last write, when that holds the last game's first line."""
    last = next((chunk for chunk in reversed(chunks) if chunk.format is not None and chunk.first_column == 1), None)
    if last is None or last.first_line == 1 or last.context:
        return
    lines, size = laid
    codec = restart_codec(data, unchanged=size)
    if codec is None and not size and (found := last_utf16_part(data, text, last.first_line)) is not None:
        # (no UTF-16 at one alignment throughout: every later read was a whole one)
        result.resume_line, result.resume_offset = last.first_line, found[0]
        return
    # (a UTF-16 file's first line starts past its byte order mark; a code page's lines are its bytes')
    offset = line_offset(data, last.first_line, known=(lines + 1, size or len(laid_lines(codec or "", 0))),
                         codec=codec or "ascii")
    if offset is not None and (codec is not None or restart_codec(data, offset, unchanged=size) is not None):
        result.resume_line, result.resume_offset = last.first_line, offset


def parse_appended(data: bytes, source_file: str, earlier: EarlierReading, known: np.ndarray = _EMPTY, *,
                   digest: str, quarantined: np.ndarray = _EMPTY) -> FileResult | None:
    """:func:`parse_bytes` of a file that grew since its version ``earlier`` was read (hands
    appended: its bytes up to that version's end are unchanged), reading only from the first line of
    that version's last game on (a game the client was still writing then is read whole), laid at
    its lines as :func:`parsers.source.cut_games` lays kept texts, so that every line of its rows,
    findings and quarantine is the file's. The games before that line are those ``earlier`` holds
    there, all stored or quarantined: the result is what a read of the whole file gives. None when
    the file did not grow so (edited before its end, cut back), its decoding may hang on the bytes
    before (in neither UTF-8 nor UTF-16 with its byte order mark throughout, an e-mail: see
    :func:`parsers.source.restart_codec`; a UTF-16 file that ended a byte past its last character
    and grew by UTF-16 text after that byte is read on, that byte laid as its character by
    :func:`parsers.source.laid_appended`; a Windows code page when its games from there on are each
    decided on their own bytes and the bytes appended change no choice made over the whole file,
    :func:`parsers.source.code_page_kept`), or a game before is stored no more: read it whole. The
    bytes before are not looked at again but to check their hash: the ledger's offset says they
    decoded alone."""
    start, size = earlier.resume_offset, earlier.size_bytes
    # (the ledger's offset says the bytes before decoded alone: only those appended are looked at)
    codec = restart_codec(data, start, unchanged=size) if len(data) > size else None
    if (codec is None or len(earlier.game_ids) != len(earlier.first_lines)
            or content_hash(memoryview(data)[:size]) != earlier.content_hash
            or codec == "code-page" and not code_page_kept(data, size)):    # (the games before read otherwise now)
        return None
    before = [(game_id, line) for game_id, line in zip(earlier.game_ids, earlier.first_lines)
              if line < earlier.resume_line]
    ids = [game_id for game_id, _ in before]
    if not are_known(known, ids).all():     # (a game superseded: a whole read stores it again)
        return None
    prefix = laid_lines(codec, earlier.resume_line - 1)
    tail = laid_appended(data, start, size, codec)
    data_laid = prefix + tail
    if codec.startswith("utf-16") and restart_codec(data_laid) != codec:
        return None     # (UTF-16 laid so that it no longer looks like UTF-16 throughout: read whole)
    text = decode(data_laid)
    result = _parse(data_laid, source_file, known, _lane_for(text, source_file), digest, text, quarantined=quarantined,
                    laid=(earlier.resume_line - 1, len(prefix)))
    held = set(ids)
    later = [(game_id, line) for game_id, line in zip(result.game_ids, result.first_lines) if game_id not in held]
    result.game_ids = ids + [game_id for game_id, _ in later]
    result.first_lines = [line for _, line in before] + [line for _, line in later]
    result.size_bytes = len(data)
    result.read_from_line = earlier.resume_line
    # counted as a whole read counts them: each game in quarantine once, the others' first copies known
    in_quarantine = int(are_known(quarantined, ids).sum())
    result.count_known += len(ids) - in_quarantine
    result.count_in_quarantine = int(are_known(quarantined, result.game_ids).sum())
    if result.resume_offset is not None:    # (found in the laid bytes: blank lines stood for those before)
        result.resume_offset += start - len(prefix)
        widened = len(tail) - (len(data) - start)     # (a byte laid as its UTF-16 character, before the appended)
        if widened and result.resume_offset < size:
            # a last game that starts before that byte: a later read from it would find the byte inside
            result.resume_line = result.resume_offset = None
        elif widened:
            result.resume_offset -= widened
    return result


def _cut_off(chunk: Chunk, file: str) -> bool:
    """Whether the full path quarantines a file's last game as one its file ends inside."""
    try:
        parse_chunk(chunk, file)
    except ParseError as error:
        return FILE_ENDS_REASON.match(error.reason) is not None
    except Exception:  # noqa: BLE001 — a fault of ours: the lane reads the game as it would
        return False
    return False


_BATCHES: dict[str, RecordBatch] = {fmt: handler.batch for handler in HANDLERS.values() if handler.batch
                                    for fmt in handler.batch.formats}
"""The record batch of each format whose games are replayed together."""


def _ingest_batched(chunks: list[Chunk], pending: np.ndarray, file: str, rows: TableRows,
                    result: FileResult) -> np.ndarray:
    """Parse the ``pending`` games of formats with a record batch and store what each batch
    stores (:attr:`pipeline.facts.RecordBatch.ingest`); returns the pending games left for the
    full path (those of other formats, those that do not parse, which the full path quarantines
    with its reason, and those the batch did not store)."""
    candidates: dict[int, list[int]] = {}
    for index in pending.tolist():
        batch = _BATCHES.get(chunks[index].format or "")
        if batch is not None:
            candidates.setdefault(id(batch), []).append(index)
    groups: dict[int, tuple[RecordBatch, list[int], list, list]] = {}   # batch, chunks, records, ROOM-ENCODING
    settle = functools.partial(_RULE_SETTINGS.apply, file=file) if _RULE_SETTINGS.may_apply(file) else None
    for index in sorted(i for indices in candidates.values() for i in indices):
        chunk = chunks[index]
        batch = _BATCHES[chunk.format]
        if len(candidates[id(batch)]) < batch.minimum:
            continue
        try:
            record = read_record(chunk, file, settle)     # an unstated rule with no option: the full path says so
        except Exception:  # noqa: BLE001, S112 — the full path reads the game again and says why it fails
            continue
        handler = HANDLERS.get(record_kind(record))
        if handler is None or handler.batch is not batch:
            continue
        group = groups.setdefault(id(batch), (batch, [], [], []))
        group[1].append(index)
        group[2].append(record)
        group[3].append(undecodable_finding(chunk))
    if not groups:
        return pending
    done = np.zeros(len(chunks), dtype=bool)
    for batch, indices, records, unread in groups.values():
        if len(records) < batch.minimum:
            continue
        own = TableRows()      # kept apart until the whole batch is stored
        try:
            stored = np.asarray(batch.ingest(records, own, unread), dtype=bool)
            tables = own.to_arrow()
        except Exception:  # noqa: BLE001, S112 — a fault of ours: the full path stores or quarantines each game
            continue
        for (table, game), rows_of in tables.items():
            rows.add_table(table, game, rows_of)
        done[np.asarray(indices)[stored]] = True
        result.count_batched += int(stored.sum())
        result.count_games += int(stored.sum())
    return pending[~done[pending]]


class _Original:
    """A file's lines as they were (trailing blanks, non-breaking spaces), for quarantine and the
    texts the warehouse keeps: the splitter and the parsers see them normalized, and both number
    lines the same way. Split into lines only when a game of the file is quarantined (most files
    have none); the kept texts are cut from the file's bytes, every game at once."""

    def __init__(self, text: str, data: bytes) -> None:
        self.text = text
        self.data = data
        """The file's bytes, which ``text`` was decoded from."""
        self.lines: list[str] | None = None

    def __call__(self, first_line: int, last_line: int) -> str:
        if self.lines is None:
            self.lines = self._normalized().split("\n")
        return "\n".join(self.lines[first_line - 1:last_line])

    def _normalized(self) -> str:
        if "\r" not in self.text:     # one fast look, where the two replacements scan twice (20 ms per 20 MB)
            return self.text
        return self.text.replace("\r\n", "\n").replace("\r", "\n")

    def texts(self, first_lines: np.ndarray, last_lines: np.ndarray) -> pa.Array:
        """Lines ``first_lines[i]`` to ``last_lines[i]`` of every game, as :meth:`__call__` gives
        each: one Arrow array cut from the text's UTF-8 bytes by offsets, not a string per game."""
        text = self._normalized()
        try:
            # an ASCII text as long as its bytes is those bytes (no mark, no other encoding): not encoded again
            same = text is self.text and len(text) == len(self.data) and text.isascii()
            data = self.data if same else text.encode("utf-8")
        except UnicodeEncodeError:      # a lone surrogate: line by line, as Arrow takes no such text anyway
            return pa.array([self(first, last) for first, last in zip(first_lines.tolist(), last_lines.tolist())],
                            pa.string())
        # bounds[k]: where line k + 1 starts; a line ends one byte before the next starts
        bounds = np.append(line_starts(np.frombuffer(data, dtype=np.uint8)), len(data) + 1)
        lines = len(bounds) - 1
        begins = bounds[np.clip(first_lines.astype(np.int64) - 1, 0, lines)]
        ends = np.maximum(bounds[np.clip(last_lines.astype(np.int64), 0, lines)] - 1, begins)
        # the games' bytes joined in one copy (games may share lines: an XML document's), cut by offsets
        view = memoryview(data)
        games = [view[begin:end] for begin, end in zip(begins.tolist(), ends.tolist())]
        joined = b"".join(games)
        if len(joined) >= 1 << 31:      # past 32-bit offsets: game by game
            return pa.array([bytes(game).decode("utf-8") for game in games], pa.string())
        offsets = np.zeros(len(begins) + 1, dtype=np.int32)
        np.cumsum(ends - begins, out=offsets[1:])
        return pa.StringArray.from_buffers(len(begins), pa.py_buffer(offsets), pa.py_buffer(joined))


def _ingest_chunk(chunk: Chunk, file: str, rows: TableRows, result: FileResult, original: _Original,
                  copies: list[int] | None = None, *, previous: Chunk | None = None,
                  previous_read: Audited | None = None) -> Audited:
    """Store or quarantine one game, and return it as read; ``copies``: the first lines of its later
    copies in the file; ``previous``: the game before it in the file, for a game judged against it
    (``Handler.follows``), and ``previous_read`` that game as this run read it, if it did (else it is
    read again)."""
    def quarantine(reason: str, line: int, column: int, unsupported: str = "") -> None:
        text = original(chunk.first_line, chunk.last_line)
        _quarantine(rows, result, chunk, file, reason, line, column, text, copies, unsupported)

    audited = _audit(chunk, file)
    if audited.error is not None:
        quarantine(audited.error, audited.error_line, audited.error_column, audited.unsupported)
        return audited
    record, replay = audited.record, audited.replay
    handler = handler_for(record)
    if previous is not None and handler.follows is not None and handler.follows.needs(record):
        # the game before may be stored already (a grown file is read again from its last game on)
        before = previous_read if previous_read is not None else _audit(previous, file)
        if before.error is None and type(before.record) is type(record):
            followed = handler.follows.judge(record, before.record, before.replay)
            if followed:
                replay = replace(replay, findings=(*replay.findings, *followed))
    mark = rows.mark()
    try:
        add_game_rows(rows, record, replay)
        handler.add_rows(rows, record, replay)
    except Exception as error:  # noqa: BLE001 — a fault of ours: undo the game's rows, keep its text
        rows.rollback(mark)
        quarantine(internal_error(error), chunk.first_line, 1)
        return audited
    result.count_games += 1
    return audited


def _audit(chunk: Chunk, file: str) -> Audited:
    """:func:`pipeline.audit.audit_chunk` under the rule settings that apply to ``file``."""
    if _RULE_SETTINGS.may_apply(file):
        return audit_chunk(chunk, file, settle=functools.partial(_RULE_SETTINGS.apply, file=file))
    return audit_chunk(chunk, file)


def add_game_rows(rows: TableRows, record, replay) -> None:
    """The rows every game has: ``games``, ``game_players`` and ``findings``."""
    source, info = record.source, record.info
    handler = handler_for(record)
    currency, is_tournament = handler.money(record) if handler.money else (None, False)
    errors = sum(1 for f in replay.findings if f.severity is Severity.ERROR)
    rows.add(
        "games", info.game, game_id=source.game_id, source_file=source.file,
        first_line=source.first_line, last_line=source.last_line, played_at=info.played_at,
        club=info.club, table_name=info.table_name, ruleset=info.ruleset, site=info.site,
        count_players=len(replay.players), count_errors=errors,
        count_warnings=len(replay.findings) - errors, currency=currency,
        is_tournament=is_tournament, played_in_utc=played_in_utc(info.played_at, info.played_in_utc),
        name_in_log=handler.name_in_log(record) if handler.name_in_log else None,
    )
    players = replay.players
    if players:     # one extend for the hand's players: an add per row costs its keyword arguments
        rows.extend("game_players", info.game, {
            "game_id": [source.game_id] * len(players), "player": [p.player for p in players],
            "seat": [p.seat for p in players], "net": [p.net for p in players],
            "is_anonymous": [p.is_anonymous for p in players],
        })
    if replay.findings:
        rows.extend("findings", info.game, finding_columns([(source.game_id, f) for f in replay.findings], source.file))


def _quarantine(rows: TableRows, result: FileResult, chunk: Chunk, file: str, reason: str,
                line: int, column: int, original: str, copies: list[int] | None, unsupported: str = "") -> None:
    rows.add(
        "quarantine", quarantine_game(chunk, unsupported), quarantine_id=chunk.game_id, source_file=file,
        first_line=chunk.first_line, last_line=chunk.last_line, line=line, column=column,
        error=reason, text=original, context="\n".join(chunk.context) if chunk.context else None,
        undecodable=chunk.undecodable, copies_first_lines=copies,
    )
    result.count_quarantined += 1
    result.count_quarantined_copies += len(copies or ())
    result.reasons[reason] = result.reasons.get(reason, 0) + 1
