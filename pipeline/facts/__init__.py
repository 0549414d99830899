"""One module per game: the game's warehouse tables and how a replay fills them.

What every facts module builds on is here: :func:`define` declares a table, ``MONEY`` and
:func:`money_from_cents` type its amounts, and a :class:`Handler` (with an optional
:class:`Lane`) tells the pipeline how to replay and store the game's records. Each module
declares ``TABLES`` (its tables) and ``HANDLERS`` (the name of a record class, :func:`record_kind`,
to its handler);
:mod:`pipeline.tables` and :mod:`pipeline.games` import them by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime  # noqa: F401 (the doctests use it)
from typing import Any

import numpy as np
import pyarrow as pa

from rules.findings import Finding

MONEY = pa.decimal128(18, 2)
"""Chips, points and money: exact to the cent and the half point."""


def money_from_cents(cents: np.ndarray, valid: np.ndarray | None = None) -> pa.Array:
    """A MONEY column from integer hundredths, without a Decimal per value.

    A decimal128 value is its unscaled integer in 16 little-endian bytes: the cents and
    their sign extension. ``valid`` (bool per value) marks the values that are not null.

    >>> money_from_cents(np.array([250, -5, 0]), np.array([True, True, False])).to_pylist()
    [Decimal('2.50'), Decimal('-0.05'), None]
    """
    cents = np.ascontiguousarray(cents, dtype=np.int64)
    words = np.empty((len(cents), 2), dtype=np.int64)
    words[:, 0] = cents
    words[:, 1] = cents >> 63
    bitmap = None
    if valid is not None and not valid.all():
        bitmap = pa.py_buffer(np.packbits(valid.astype(np.bool_), bitorder="little"))
    return pa.Array.from_buffers(MONEY, len(cents), [bitmap, pa.py_buffer(words)])


def record_kind(record) -> str:
    """The name of a record's class with its module's (``rules.chinese.ChineseHand``): what the
    handlers are found by, so that declaring them loads neither the records' module nor the parser
    and rules it needs (a game's are loaded when a game of it is read).

    >>> from decimal import Decimal
    >>> record_kind(Decimal(1))
    'decimal.Decimal'
    """
    kind = type(record)
    return f"{kind.__module__}.{kind.__qualname__}"


@dataclass(frozen=True, slots=True)
class Derived:
    """Columns of a table that its other columns decide, added after parts without them were
    written: the writer gives such parts the columns when it opens the warehouse
    (``pipeline.warehouse``), so that no model reads them as nulls."""

    columns: tuple[str, ...]
    derive: Callable[[pa.Table], pa.Table]
    """``derive(rows)``: the rows (whole games) with the columns, derived from the others."""


@dataclass(frozen=True, slots=True)
class Table:
    """A warehouse table: its name and its Arrow schema (every table is partitioned by game)."""

    name: str
    schema: pa.Schema
    derived: Derived | None = None


def define(name: str, *fields: tuple[str, pa.DataType], derived: Derived | None = None) -> Table:
    """Declare a warehouse table; the module that declares it lists it in its ``TABLES``.

    >>> define("pets", ("name", pa.string())).schema.names
    ['name']
    """
    return Table(name, pa.schema(list(fields)), derived)


@dataclass(frozen=True, slots=True)
class Lane:
    """A game's batch lane: many games of one file read and replayed at once, by compiled code.

    The worker offers each file's text to every lane the run needs; the first that ``takes``
    it splits and reads it, and the games it does not store take the other paths (the record
    batch of their format, if it has one, then the full path one by one)."""

    takes: Callable[[str], bool]
    """``takes(text)``: whether a decoded file is worth the lane (enough of its games)."""
    count: Callable[[str], int]
    """``count(text)``: about how many of the lane's games a text holds."""
    run_minimum: int
    """A run with fewer of the lane's games leaves the lane out: loading its kernels costs more
    than the other paths spend on them."""
    read: Callable[[str, str], tuple[list, Any, np.ndarray]]
    """``read(text, source_file)``: the file's chunks (every format), the batch of the chunks
    the lane reads, and their indices in the chunks."""
    ingest: Callable[[Any, np.ndarray, Any], np.ndarray]
    """``ingest(batch, wanted, rows)``: add the rows of the ``wanted`` games the lane can store
    to ``rows`` (a :class:`pipeline.tables.TableRows`); returns per game whether it did."""
    warm_up: str
    """The name of the committed warm-up file (``pipeline/warm_up/<name>.txt``) the worker
    reads through the lane before workers fork, when the input needs the lane: a format's own
    file, or one of the lane's that holds what its readers would otherwise each compile."""
    first_run_minimum: int = 0
    """The same while ``compiled()`` is false: compiling the lane's own kernels costs more than
    the other paths spend on a run of fewer games, so such a run compiles none of them."""
    warm_minimum: int | None = None
    """A run of at least this many of the lane's games reads its warm-up file before its readers
    fork, through the lane or, for a run the lane is left out of, by the other paths: each reader
    would otherwise compile on its own what they share with the lane. None: the run minimum."""
    compiled: Callable[[], bool] | None = None
    """``compiled()``: whether the kernels only the lane runs are in the kernel cache (false on a
    machine's first run, and on the first after an update changed them); None: the lane has none."""
    settle: Callable[[Any, str, Any], Any] | None = None
    """``settle(batch, source_file, settings)``: set in ``batch``, before its replay, what the
    user's table and room settings (:class:`pipeline.table_rules.RuleSettings`) hold for its
    games; returns what names those settings in the stored rows (``add_rows(tables, rows)``)."""

    def __post_init__(self) -> None:
        if self.warm_minimum is None:   # (frozen: set once, as it is made)
            object.__setattr__(self, "warm_minimum", self.run_minimum)


class NoResult(LookupError):
    """A game in which nothing was played out: a raspisnoy log or sheet without a round played to
    its end, a six-card session without a hand. It has no result (no net, no winner, no placement),
    so it is quarantined, its text kept, at ``line`` (where the play should have begun): stored, it
    would be a game every player won. The game is stored once its file, read again, holds play."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.line = line


@dataclass(frozen=True, slots=True)
class Handler:
    """How the pipeline treats one record type."""

    replay: Callable
    """``replay(record) -> rules.records.Replay`` (or a subclass with the game's facts)."""
    add_rows: Callable
    """``add_rows(rows: TableRows, record, replay)``: the game's own tables."""
    lane: Lane | None = None
    """The game's batch lane, if it has one."""
    money: Callable[[Any], tuple[str | None, bool]] | None = None
    """``money(record)``: the unit of the game's amounts (``games.currency``) and whether the game
    is a tournament's (``games.is_tournament``); a game without it counts in points, not money."""
    batch: RecordBatch | None = None
    """How the game's records parsed one by one are replayed together, if they can be."""
    name_in_log: Callable[[Any], str | None] | None = None
    """``name_in_log(record)``: the name or number the game's header gives it (``games.name_in_log``:
    a raspisnoy game's name, a Hold'em hand's number), as written; a game without it has none."""
    follows: Follows | None = None
    """How the game is judged against the game before it in its file, if it is."""


@dataclass(frozen=True, slots=True)
class Follows:
    """A game judged against the game before it in its file (OFC: a player dealt Fantasyland earned
    it in the table's previous hand). The worker reads that game again when it is stored already (a
    grown file is read from its last game on), and a re-audit judges it with the game."""

    game: str
    """The ``games.game`` of such games, for a re-audit to take the game before each along."""
    needs: Callable[[Any], bool]
    """``needs(record)``: whether the game is judged so (an OFC hand with a Fantasyland line), so
    that the game before it is read only then."""
    judge: Callable[[Any, Any, Any], tuple]
    """``judge(record, previous, previous_replay)``: the findings the game earns against it."""


@dataclass(frozen=True, slots=True)
class RecordBatch:
    """Records parsed one at a time (by readers without a batch reader of their own), replayed
    together: one compiled call for all of a file's games instead of one per game.

    The worker parses each game of ``formats`` that no lane stored, hands the records to
    ``ingest`` and sends those it did not store (a game the columns cannot hold; Hold'em's and
    PHH's batches store the games with findings too, worded by the batch) the full path."""

    formats: frozenset[str]
    """The formats (``Chunk.format``) whose games the worker parses for this batch."""
    minimum: int
    """A file with fewer such games takes the full path: a batch's fixed cost (its columns, the
    kernel call, the Arrow tables) is more than the full path spends on a few games."""
    ingest: Callable[[list, Any, list], np.ndarray]
    """``ingest(records, rows, unread)``: add the rows of the records it stores to ``rows`` (a
    :class:`pipeline.tables.TableRows`), their findings' too; returns per record whether it did.
    ``unread``: per record, the ROOM-ENCODING warning of a game read with U+FFFD for a byte its
    file's encoding could not read (``parsers.formats.undecodable_finding``), else None: stored
    first among its findings, unless ``parsers.formats.read_despite`` sends it to quarantine,
    which the full path words."""


def finding_columns(found: list[tuple[str, Finding]], source_file: str) -> dict[str, list]:
    """The ``findings`` rows of ``found`` (each finding with its game's ID), column by column, for
    ``TableRows.extend``.

    >>> finding_columns([("g1", Finding(rule_id="HE-CHECK", message="m", line=8))], "h.txt")["severity"]
    ['error']
    """
    return {"game_id": [game_id for game_id, _ in found], "rule_id": [f.rule_id for _, f in found],
            "severity": [str(f.severity) for _, f in found], "line": [f.line for _, f in found],
            "message": [f.message for _, f in found], "expected": [f.expected for _, f in found],
            "actual": [f.actual for _, f in found], "source_file": [source_file] * len(found),
            "subject": [f.subject for _, f in found]}


def played_in_utc(played_at, in_utc: bool) -> bool | None:
    """A game's ``games.played_in_utc``: whether its time is in UTC (its log names the zone, read
    into ``GameInfo.played_in_utc``) rather than as written; None for a game without a time.

    >>> played_in_utc(datetime(2026, 3, 1, 21, 5), True), played_in_utc(datetime(2026, 3, 1, 21, 5), False)
    (True, False)
    >>> played_in_utc(None, False) is None
    True
    """
    return None if played_at is None else bool(in_utc)


def money_unit(currency: str | None) -> str | None:
    """The unit a log's currency counts in: its ISO 4217 code, or ``chips`` for tournament
    chips and play money, which are worth nothing outside their table.

    >>> money_unit("USD"), money_unit("play"), money_unit("chips"), money_unit(None)
    ('USD', 'chips', 'chips', None)
    """
    if currency in ("play", "chips"):
        return "chips"
    return currency or None
