"""The warehouse tables: their Arrow schemas, and rows gathered column by column.

The common tables are declared here, each game's in its module of ``pipeline/facts/``;
``SCHEMAS`` holds them all, gathered by name. Column names are the public contract
(docs/warehouse.md): columns may be added, never renamed. The ``game`` column is not stored
in the files: it is the partition folder (``<table>/game=<game>/``) and DuckDB reads it back
from there.
"""

from __future__ import annotations

import os
from collections import defaultdict
from decimal import Decimal

import numpy as np  # noqa: F401 (the doctests use it)
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.facts import (
    MONEY,
    Derived,
    Table,
    chinese,
    define,
    holdem,
    money_from_cents,
    raspisnoy,
    sixcard,
    tournament,
)
from rules.words import same_name

__all__ = ["COMMON_TABLES", "DERIVED", "MONEY", "SCHEMAS", "UNDECODABLE", "AmountTooLarge", "CannotStore",
           "NumberOutOfRange", "TableRows", "money_from_cents"]

UNDECODABLE = pa.struct([("line", pa.int32()), ("column", pa.int32()), ("byte", pa.int16())])
"""The first byte of a game that its file's decoding could not read (U+FFFD in its text), if any:
where it stood (the file's line, and column) and its value, so that a re-audit reads the text as
the ingest did (a log may hold U+FFFD itself). The quarantine and the kept texts both hold it."""

COMMON_TABLES: tuple[Table, ...] = (
    define(
        "games",
        ("game_id", pa.string()), ("source_file", pa.string()), ("first_line", pa.int32()),
        ("last_line", pa.int32()), ("played_at", pa.timestamp("us")), ("club", pa.string()),
        ("table_name", pa.string()), ("ruleset", pa.string()), ("count_players", pa.int16()),
        ("count_errors", pa.int32()), ("count_warnings", pa.int32()), ("rules_version", pa.string()),
        ("site", pa.string()),
        # The unit of the game's amounts: an ISO 4217 code, "chips" (tournament chips, play money),
        # or null (points, or money whose currency the log does not name). Never add two units.
        ("currency", pa.string()),
        ("is_tournament", pa.bool_()),     # a tournament's hand: kept apart from cash games
        # played_at is in UTC (the log names its time zone), or the time as the log wrote it on a
        # clock it does not name (false); null without a time, or in a part written before the column
        ("played_in_utc", pa.bool_()),
        # the game's own name or number as its header writes it (Raspisnoy game <name>, a Hold'em
        # hand's number), by which a game is named at the table; null in a part written before
        ("name_in_log", pa.string()),
    ),
    define(
        "game_players",
        ("game_id", pa.string()), ("player", pa.string()), ("seat", pa.int16()), ("net", MONEY),
        # added: the name is no person's (Bovada's seats, named by position; a blank name): the game
        # counts him, no player's statistics do (macro is_person); null in a part written before
        ("is_anonymous", pa.bool_()),
    ),
    define(
        "findings",
        ("game_id", pa.string()), ("rule_id", pa.string()), ("severity", pa.string()), ("line", pa.int32()),
        ("message", pa.string()), ("expected", pa.string()), ("actual", pa.string()), ("source_file", pa.string()),
        ("rules_version", pa.string()),
        # added: the part of the game the finding is about where one line speaks for several (a
        # six-card box, 'hand 1, box 2'), so a replay marks that part's step; null in a part written before
        ("subject", pa.string()),
    ),
    define(
        "quarantine",
        ("quarantine_id", pa.string()), ("source_file", pa.string()), ("first_line", pa.int32()),
        ("last_line", pa.int32()), ("line", pa.int32()), ("column", pa.int32()), ("error", pa.string()),
        ("text", pa.string()), ("rules_version", pa.string()),
        ("context", pa.string()),   # see game_texts
        ("undecodable", UNDECODABLE),
        # the first line of each other copy of the same text in the same file (each as long as
        # this one), in file order: one game, one row, yet every place it stands is named
        ("copies_first_lines", pa.list_(pa.int32())),
    ),
    # Each stored game's text as it stands in its file, so that it can be judged again, and shown,
    # without its file. context: for a game that is an element of an XML document (an iPoker
    # session), the document's text before its first game, which the game needs to be read again.
    define("game_texts", ("game_id", pa.string()), ("text", pa.string()), ("context", pa.string()),
           ("undecodable", UNDECODABLE)),
    # People: each screen name linked to the person it belongs to (rasklad alias), and the
    # warehouse's settings ("me": the person the pages start from). Written by the commands that
    # set them, whole; no ingest or re-audit touches them.
    # site: the room of the screen name (a name is per room); null links the name in every room
    # where no link of its own names it, and in games without a room
    define("aliases", ("player", pa.string()), ("person", pa.string()), ("linked_at", pa.timestamp("us")),
           ("site", pa.string())),
    define("settings", ("name", pa.string()), ("value", pa.string())),
    # The file ledger: a file whose bytes were ingested before is not read again.
    define(
        "files",
        ("source_file", pa.string()), ("content_hash", pa.string()), ("size_bytes", pa.int64()),
        ("count_games", pa.int32()), ("count_quarantined", pa.int32()), ("ingested_at", pa.timestamp("us")),
        ("source_path", pa.string()),   # the file's absolute path when it was read (source_file: as given)
        # every game this version of the file holds (stored from it, stored before, quarantined), in
        # file order; null for a version read by an older Rasklad
        ("game_ids", pa.list_(pa.string())),
        # the source_path of the file read before that this one is, moved (and edited): its
        # versions are this file's earlier versions; null for a file read at its own path
        ("moved_from", pa.string()),
        # per game of game_ids, the line it begins at in this version (its first copy there); null
        # for a version read by a Rasklad that did not record it
        ("first_lines", pa.list_(pa.int32())),
        # the source_paths of the files read before that were merged into this one: the versions of
        # each are this file's earlier versions; null for a file that is no merge
        ("merged_from", pa.list_(pa.string())),
        # where a later read of this version, grown (hands appended), starts: the first line of its
        # last game and the byte that line starts at; null when it cannot start there (a file of one
        # game, lone carriage returns, a version read by an older Rasklad)
        ("resume_line", pa.int32()), ("resume_offset", pa.int64()),
    ),
    # Games that left the statistics because the file that held them changed: the version read
    # after no longer holds them, nor does any other file read. Kept apart, with their text, for
    # the arbiter to see what the file used to say; not a table kept per game (no model reads it,
    # a re-audit leaves it as it is).
    define(
        "superseded",
        ("game_id", pa.string()), ("was", pa.string()), ("source_file", pa.string()), ("first_line", pa.int32()),
        ("last_line", pa.int32()), ("played_at", pa.timestamp("us")), ("error", pa.string()),
        ("text", pa.string()), ("context", pa.string()), ("undecodable", UNDECODABLE),
        ("rules_version", pa.string()), ("superseded_at", pa.timestamp("us")), ("superseded_by", pa.string()),
    ),
)


NAME_COLUMNS = frozenset(("player", "opponent", "dealer", "winner"))
"""The columns of the game tables that hold a player's name (raspisnoy_rounds' ``dealer``,
raspisnoy_tricks' ``winner``): stored composed, one spelling per name (:func:`same_name`)."""


def same_names(rows: pa.Table) -> pa.Table:
    """``rows`` with every name of its name columns composed (:func:`same_name`): every reader's
    names pass here on their way to the warehouse, so that a name typed in two Unicode forms is
    one player. A column of ASCII names (the usual one) is checked in one vectorised pass.

    >>> same_names(pa.table({"player": ["Анна", "Але\u0308на", None]})).column("player").to_pylist()
    ['Анна', 'Алёна', None]
    """
    for name in NAME_COLUMNS.intersection(rows.column_names):
        column = rows.column(name)
        if pc.all(pc.string_is_ascii(column)).as_py() is not False:
            continue
        spellings = pc.unique(column).drop_null()
        composed = pa.array([same_name(value) for value in spellings.to_pylist()], pa.string())
        if not pc.all(pc.equal(spellings, composed)).as_py():
            at = pc.index_in(column, value_set=spellings)
            rows = rows.set_column(rows.schema.get_field_index(name), name, composed.take(at))
    return rows


def gather(*groups: tuple[Table, ...]) -> dict[str, pa.Schema]:
    """Every table's schema by name; a name declared twice is an error.

    >>> gather((define("a", ("x", pa.int8())),), (define("b", ("y", pa.int8())),)).keys()
    dict_keys(['a', 'b'])
    >>> gather((define("a", ("x", pa.int8())),), (define("a", ("y", pa.int8())),))
    Traceback (most recent call last):
    ...
    ValueError: table 'a' is defined twice
    """
    schemas: dict[str, pa.Schema] = {}
    for group in groups:
        for table in group:
            if table.name in schemas:
                raise ValueError(f"table {table.name!r} is defined twice")
            schemas[table.name] = table.schema
    return schemas


_GROUPS = (COMMON_TABLES, holdem.TABLES, raspisnoy.TABLES, chinese.TABLES, sixcard.TABLES, tournament.TABLES)
SCHEMAS: dict[str, pa.Schema] = gather(*_GROUPS)
DERIVED: dict[str, Derived] = {table.name: table.derived for group in _GROUPS for table in group if table.derived}
"""Per table, its columns derived from the others, which parts written before them lack."""


def use_arrow_pool(environ: dict[str, str] = os.environ) -> str:
    """Build Arrow's buffers with jemalloc where pyarrow has it, unless ``ARROW_DEFAULT_MEMORY_POOL``
    names a pool: a reader builds and drops a file's tables again and again, and mimalloc (pyarrow's
    default) hands the freed pages back to the system each time, to fault them in again for the
    next file: a seventh of a raspisnoy ingest's CPU went to that. Returns the pool's name."""
    if not environ.get("ARROW_DEFAULT_MEMORY_POOL"):
        try:
            pa.set_memory_pool(pa.jemalloc_memory_pool())
        except NotImplementedError:     # a pyarrow built without it keeps its default
            pass
    return pa.default_memory_pool().backend_name


use_arrow_pool()     # here, as every process that builds rows imports this module before its first table


def _integer_range(kind: pa.DataType) -> tuple[int, int]:
    """The least and the greatest value of an Arrow integer type.

    >>> _integer_range(pa.int16()), _integer_range(pa.uint8())
    ((-32768, 32767), (0, 255))
    """
    if pa.types.is_signed_integer(kind):
        return -(1 << (kind.bit_width - 1)), (1 << (kind.bit_width - 1)) - 1
    return 0, (1 << kind.bit_width) - 1


_DECIMALS: dict[str, tuple[tuple[str, int, Decimal], ...]] = {
    name: tuple((field.name, field.type.precision - field.type.scale, Decimal(1).scaleb(-field.type.scale))
                for field in schema if pa.types.is_decimal(field.type))
    for name, schema in SCHEMAS.items()
}
"""Per table, its decimal columns: name, the digits a value may have before the point, and the
column's smallest step (0.01 for scale 2)."""


_INTEGERS: dict[str, tuple[tuple[str, int, int], ...]] = {
    name: tuple((field.name, *_integer_range(field.type)) for field in schema if pa.types.is_integer(field.type))
    for name, schema in SCHEMAS.items()
}
"""Per table, its integer columns: name, and the least and the greatest value each holds."""


class CannotStore(ValueError):
    """A value that its column cannot hold: its game's rows are undone and the game goes to
    quarantine, so that one game never stops the file's other games from being stored. The
    message is the quarantine's reason: the log's number is at fault, not our code."""


class AmountTooLarge(CannotStore):
    """A figure that its decimal column cannot hold."""


class NumberOutOfRange(CannotStore):
    """A whole number that its integer column cannot hold (a 16-bit seat or round number): the
    readers bound the numbers they read, this is the last check, which names the game."""


_DECIMAL_OR_NONE = frozenset((Decimal, type(None)))


def _fits(value, digits: int, step: Decimal) -> bool:
    """Whether ``value`` fits a decimal column with ``digits`` before the point and ``step``
    after it (the checks cheapest for a Decimal: no digit tuple is built)."""
    if value is None:
        return True
    if not isinstance(value, Decimal):
        return -(10 ** digits) < value < 10 ** digits
    return value.is_finite() and (not value or value.adjusted() < digits) and value == value.quantize(step)


def _check_decimals(table: str, values: dict) -> None:
    """Raise AmountTooLarge for the first value of ``values`` (column → value) that its
    decimal column cannot hold.

    >>> _check_decimals("game_players", {"net": Decimal("-12.50")})
    >>> _check_decimals("game_players", {"net": Decimal("1E+30")})
    Traceback (most recent call last):
    ...
    pipeline.tables.AmountTooLarge: the figure 1E+30 (game_players.net) cannot be stored: it must have at most 16 digits before the point and 2 after it
    """
    for column, digits, step in _DECIMALS[table]:
        value = values.get(column)
        if not _fits(value, digits, step):
            raise AmountTooLarge(f"the figure {value} ({table}.{column}) cannot be stored: it must have at most "
                                 f"{digits} digits before the point and {-step.as_tuple().exponent} after it")


def _check_integers(table: str, columns: dict) -> None:
    """Raise NumberOutOfRange for the first value of ``columns`` (column → list of values) that
    its integer column cannot hold, naming the game of its row.

    >>> _check_integers("game_players", {"game_id": ["a1"], "seat": [3]})
    >>> _check_integers("game_players", {"game_id": ["a1", "b2"], "seat": [3, 40000]})
    Traceback (most recent call last):
    ...
    pipeline.tables.NumberOutOfRange: game b2: the number 40000 (game_players.seat) cannot be stored: it must be a whole number from -32768 to 32767
    """
    for column, least, greatest in _INTEGERS[table]:
        values = columns.get(column)
        if not values:
            continue
        try:
            if least <= min(values) and max(values) <= greatest:
                continue
        except TypeError:   # nulls among them (a bid in a round without bids)
            present = [value for value in values if value is not None]
            if not present or least <= min(present) and max(present) <= greatest:
                continue
        at = next(k for k, value in enumerate(values) if value is not None and not least <= value <= greatest)
        games = columns.get("game_id") or columns.get("quarantine_id") or ()
        game = f"game {games[at]}: " if at < len(games) else ""
        raise NumberOutOfRange(f"{game}the number {values[at]} ({table}.{column}) cannot be stored: it must be "
                               f"a whole number from {least} to {greatest}")


class TableRows:
    """Rows of many tables and games, gathered as one list per column.

    >>> rows = TableRows()
    >>> rows.add("game_players", "holdem", game_id="a1", player="Anna", seat=1, net=Decimal("2.50"))
    >>> rows.to_arrow()[("game_players", "holdem")].column("net").to_pylist()
    [Decimal('2.50')]
    """

    def __init__(self) -> None:
        self._columns: dict[tuple[str, str], dict[str, list]] = {}
        self._counts: dict[tuple[str, str], int] = defaultdict(int)
        self._tables: dict[tuple[str, str], list[pa.Table]] = defaultdict(list)

    def add_table(self, table: str, game: str, rows: pa.Table) -> None:
        """Rows already in Arrow (a compiled batch's columns), in the table's schema.

        >>> rows = TableRows()
        >>> rows.add("game_players", "holdem", game_id="a1", player="Anna")
        >>> rows.add_table("game_players", "holdem", pa.table({"game_id": ["a2"], "player": ["Boris"],
        ...     "seat": pa.array([3], pa.int16()), "net": money_from_cents(np.array([-150]))}))
        >>> rows.to_arrow()[("game_players", "holdem")].column("net").to_pylist()
        [None, Decimal('-1.50')]
        """
        schema = SCHEMAS[table]
        if not rows.schema.equals(schema):  # (rows built in the schema, a game's at a time, are kept as they are)
            names = rows.column_names
            for name in schema.names:   # a column the batch does not fill (the rules version) is null
                if name not in names:
                    rows = rows.append_column(name, pa.nulls(rows.num_rows, schema.field(name).type))
            rows = rows.select(schema.names).cast(schema)
        self._tables[(table, game)].append(rows)

    def add(self, table: str, game: str, **values) -> None:
        key = (table, game)
        columns = self._columns.get(key)
        if columns is None:
            columns = self._columns[key] = {name: [] for name in SCHEMAS[table].names}
        count = self._counts[key]
        if _DECIMALS[table]:
            _check_decimals(table, values)
        for column, least, greatest in _INTEGERS[table]:
            value = values.get(column)
            if value is not None and not least <= value <= greatest:
                _check_integers(table, {name: [given] for name, given in values.items()})
        for name, column in columns.items():
            column.append(values.get(name))
        if len(values) > len(columns):
            unknown = values.keys() - columns.keys()
            if unknown:
                raise KeyError(f"table {table!r} has no column {', '.join(sorted(unknown))}")
        self._counts[key] = count + 1

    def extend(self, table: str, game: str, columns: dict[str, list]) -> None:
        """Many rows at once, column by column: each list holds one value per row; a column
        left out is null. For the facts modules, whose rows come by the dozen per game.

        >>> rows = TableRows()
        >>> rows.extend("game_players", "holdem", {"game_id": ["a1", "a1"], "player": ["Anna", "Boris"]})
        >>> rows.to_arrow()[("game_players", "holdem")].column("seat").to_pylist()
        [None, None]
        >>> rows.extend("game_players", "holdem", {"game_id": ["a1"], "player": []})
        Traceback (most recent call last):
        ...
        ValueError: table 'game_players': column player has 0 values, game_id has 1
        """
        key = (table, game)
        stored = self._columns.get(key)
        if stored is None:
            stored = self._columns[key] = {name: [] for name in SCHEMAS[table].names}
        unknown = columns.keys() - stored.keys()
        if unknown:
            raise KeyError(f"table {table!r} has no column {', '.join(sorted(unknown))}")
        first = next(iter(columns), None)
        n = len(columns[first]) if first is not None else 0
        for name, values in columns.items():
            if len(values) != n:
                raise ValueError(f"table {table!r}: column {name} has {len(values)} values, {first} has {n}")
        _check_integers(table, columns)
        for name, digits, step in _DECIMALS[table]:
            values = columns.get(name, ())
            if set(map(type, values)) <= _DECIMAL_OR_NONE:
                try:    # each value once (a game's points repeat): equal Decimals fit alike
                    values = set(values)
                except TypeError:   # (a signalling NaN has no hash)
                    pass
            for value in values:
                if not _fits(value, digits, step):
                    _check_decimals(table, {name: value})
        nulls = None
        for name, column in stored.items():
            values = columns.get(name)
            if values is None:
                values = nulls = nulls or [None] * n
            column.extend(values)
        self._counts[key] += n

    def mark(self) -> tuple[dict[tuple[str, str], int], dict[tuple[str, str], int]]:
        """How many rows each table holds now, and how many tables of rows in Arrow it was
        given, so that :meth:`rollback` can undo what follows.

        >>> rows = TableRows()
        >>> rows.add("game_players", "ofc", game_id="a1", player="Anna")
        >>> before = rows.mark()
        >>> rows.add("game_players", "ofc", game_id="b2", player="Boris")
        >>> rows.add_table("game_players", "ofc", pa.table({"game_id": ["c3"], "player": ["Vera"]}))
        >>> rows.rollback(before)
        >>> rows.to_arrow()[("game_players", "ofc")].column("player").to_pylist()
        ['Anna']
        """
        return dict(self._counts), {key: len(tables) for key, tables in self._tables.items()}

    def rollback(self, mark: tuple[dict[tuple[str, str], int], dict[tuple[str, str], int]]) -> None:
        """Drop every row added since ``mark`` (a game whose rows could not all be built)."""
        counts, tables = mark
        for key, columns in self._columns.items():
            keep = counts.get(key, 0)
            for column in columns.values():
                del column[keep:]
            self._counts[key] = keep
        for key, ready in self._tables.items():
            del ready[tables.get(key, 0):]

    def to_arrow(self) -> dict[tuple[str, str], pa.Table]:
        """Every table's rows in Arrow. Rows given as values (a game at a time) get their derived
        columns here, in one go per table (``DERIVED``): per game, the derivation costs more than
        the rows."""
        tables = {}
        for (table, game), columns in self._columns.items():
            rows = pa.Table.from_pydict(columns, schema=SCHEMAS[table])
            derived = DERIVED.get(table)
            tables[(table, game)] = rows if derived is None or not rows.num_rows else derived.derive(rows)
        for key, ready in self._tables.items():
            if ready:   # (none left when each was rolled back)
                tables[key] = pa.concat_tables([tables[key], *ready] if key in tables else ready)
        return {key: same_names(rows) for key, rows in tables.items()}
