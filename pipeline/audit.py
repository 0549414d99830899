"""Audit games without storing them: the ingest's own parse and replay, for text pasted into
the dashboard and for stored games read again from the text the warehouse keeps of them.

The ingest worker runs every game through :func:`audit_chunk` too, so what a page shows of
a game is what the warehouse holds of it.
"""

from __future__ import annotations

import dataclasses
import traceback
from dataclasses import dataclass
from pathlib import Path

from parsers.errors import ParseError, UnstatedRule, UnsupportedGame
from parsers.formats import UNDECODABLE, parse_chunk, read_despite, split_named, undecodable_finding
from parsers.source import Chunk, at_file_end, cut_games, decode, line_cut_at_end
from pipeline import kernels
from pipeline.amounts import check_amounts
from pipeline.games import handler_for
from pipeline.tables import CannotStore

MAX_TEXT_BYTES = 20 * 1024 * 1024
"""The largest text audited on the spot (larger files are imported instead)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Audited:
    """One game read from text: its chunk, and its record and replay, or why they failed.

    A game that parses but cannot be replayed (no engine for it, or a fault of ours) keeps
    its record, so a page can still show what the log says.
    """

    chunk: Chunk
    record: object | None = None
    replay: object | None = None
    error: str | None = None
    error_line: int | None = None
    error_column: int | None = None
    unsupported: str = ""
    """For a game of a kind Rasklad does not read, the game its text names (``5 Card Draw``)."""


def read_record(chunk: Chunk, file: str, settle=None):
    """One game's record, its amounts checked. ``settle(record)``: the record with the options the
    user set for it (``pipeline.table_rules``); given a game's :class:`~parsers.errors.UnstatedRule`,
    its record read under the option set, or the error raised again. Without ``settle`` an
    unstated rule is raised as it is."""
    try:
        record = parse_chunk(chunk, file)
    except UnstatedRule as unstated:
        if settle is None:
            raise
        record = unstated
    if settle is not None:
        record = settle(record)
    check_amounts(record, chunk)
    return record


def audit_chunk(chunk: Chunk, file: str, settle=None) -> Audited:
    """Parse and replay one game (:func:`read_record`); every failure becomes a reason with its position."""
    try:
        record = read_record(chunk, file, settle)
    except ParseError as error:
        return Audited(chunk=chunk, error=error.reason, error_line=error.line, error_column=error.column,
                       unsupported=error.game if isinstance(error, UnsupportedGame) else "")
    except Exception as error:  # noqa: BLE001 — a fault of ours must not lose the game nor stop the run
        return Audited(chunk=chunk, error=internal_error(error), error_line=chunk.first_line, error_column=1)
    kernels.watch()     # the replay may compile, or load a kernel cache another version left
    try:
        replay = handler_for(record).replay(record)
    except LookupError as error:    # (a NoResult names the line the play should have begun at)
        return Audited(chunk=chunk, record=record, error=str(error),
                       error_line=getattr(error, "line", chunk.first_line), error_column=1)
    except Exception as error:  # noqa: BLE001 — as above: the fault becomes the reason
        return Audited(chunk=chunk, record=record, error=internal_error(error), error_line=chunk.first_line,
                       error_column=1)
    if chunk.undecodable is not None:   # read with U+FFFD for a byte (ROOM-ENCODING)
        broken = read_despite(replay.findings)
        if broken is not None:
            line, column, byte = chunk.undecodable
            return Audited(chunk=chunk, record=record, error_line=line, error_column=column,
                           error=f"{UNDECODABLE.format(byte=byte)} (read as U+FFFD, the game breaks "
                                 f"{broken.rule_id} at line {broken.line})")
        replay = dataclasses.replace(replay, findings=(undecodable_finding(chunk), *replay.findings))
    return Audited(chunk=chunk, record=record, replay=replay)


def internal_error(error: Exception) -> str:
    """A fault of ours, said so that a bug report can point at the line; a figure too large
    to store, or a number out of its column's range, is said as it is (the log's numbers, not
    our code, are at fault)."""
    if isinstance(error, CannotStore):
        return str(error)
    where = traceback.extract_tb(error.__traceback__)[-1]
    return f"internal error ({type(error).__name__}: {error}) at {Path(where.filename).name}:{where.lineno}"


def audit_bytes(data: bytes, label: str) -> list[Audited]:
    """Every game of a pasted or uploaded text, parsed and replayed; nothing is stored."""
    if len(data) > MAX_TEXT_BYTES:
        raise ValueError(f"the text is {len(data) / 1e6:.1f} MB; at most {MAX_TEXT_BYTES // (1024 * 1024)} MB "
                         "are audited at once — import larger files instead")
    text = decode(data)
    return [audit_chunk(chunk, label) for chunk in at_file_end(split_named(text, label), line_cut_at_end(text))]


def kept_chunk(text: str, source_file: str, game_id: str, first_line: int = 1,
               context: str | None = None) -> Chunk | None:
    """The chunk of a stored game in the text the warehouse keeps of it, its lines numbered as in
    its file (the text is set at ``first_line``); None when the text does not hold the game any more.
    ``context`` is the kept head of its XML document (``game_texts.context``), without which a game
    of an iPoker session does not read: its own lines name no format."""
    chunks = (cut_games([text], [first_line], [context]).cut.chunks if context
              else split_named("\n" * (first_line - 1) + text, source_file))
    for chunk in chunks:
        if chunk.game_id == game_id:
            return chunk
    return None


def audit_kept(text: str, source_file: str, game_id: str, first_line: int) -> Audited | None:
    """Parse and replay a stored game from the text the warehouse keeps of it (:func:`kept_chunk`);
    None when the text does not hold the game any more."""
    chunk = kept_chunk(text, source_file, game_id, first_line)
    return None if chunk is None else audit_chunk(chunk, source_file)


def kept_record(text: str | None, source_file: str, game_id: str, betting: str = "no_limit",
                context: str | None = None):
    """A stored game's record, read again from the text the warehouse keeps of it (its line numbers
    do not matter here), and its XML document's head where it has one (see :func:`kept_chunk`),
    or None when there is no text or it no longer reads. A Hold'em hand whose text names no
    betting structure is read under the one it was stored with (``betting``), which a setting gave it."""
    chunk = None if text is None else kept_chunk(text, source_file, game_id, context=context)
    if chunk is None:
        return None
    try:
        try:
            return parse_chunk(chunk, source_file)
        except UnstatedRule as unstated:
            return unstated.read(betting)
    except ParseError:
        return None
