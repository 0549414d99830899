"""The SQL model runner: ordered ``.sql`` files in ``sql/`` built into the warehouse's DuckDB file.

Each model is one file holding one ``select``; the file's name is the model's name. The
layers run in order: ``10_staging`` and ``20_intermediate`` become views, ``30_marts``
become tables (what users and dashboards query, so they are computed once per ingest); an
intermediate whose header says ``-- materialized: table`` is a table too (several models read
it, and an update reads it instead of the history's Parquet).
Each Parquet table is a view of its own name (``games``, ``holdem_results``: the warehouse's
contract), which users query and staging models read, so that neither names a path.
``sql/tests/*.sql`` are audits: each returns the rows that break an invariant, and none
should return any. ``sql/00_macros/*.sql`` define the rates (``bb_per_100``, ``percent_of`` …) as
DuckDB macros, created in the models file before the first model: the marts, the audits and the
dashboards' queries call them, so each formula is written once (:func:`define_macros`). A macro
that states a value of the rules (the order of the positions) is written from the rules' own value
before them (:func:`generated_macros`), not copied into SQL.
A file whose header says ``-- for each:`` is a template of several models, one per ``-- each:``
line (:func:`models_of_file`).

Incremental builds. A table model may declare ``-- incremental: col, col``: the columns by
which its rows depend on the games (``game_id`` for a row per game; ``player`` for a per-player
total; a leaderboard's season for a rank). The contract: the model's rows holding one value of
those columns are computed from rows that hold the same value, and every value the rows of a
new game hold shows in the model computed over the new games alone. :func:`update` then brings
the models up to date after an ingest without reading the whole history: it evaluates every
model over the parts committed since the last build (the new games), takes the key values they
reach, deletes the model's rows of those values and inserts the model's own ``select``
restricted to them (rows of a ``game_id`` key straight from the new games). Two kinds of model
are updated without reading the history of the values they reach: one whose ``-- merge:`` lines
say how each column merges with its value over the new games (totals that add up: its rows over
the new games merge into the stored rows of their key), and one of ``-- sittings:`` (runs in
time: only the runs the new rows may join are recomputed, and the later ones renumbered). A
model without the header, whose inputs lost parts (a re-audit, a changed alias), or whose key
values the new games mostly reach, is rebuilt whole; a model whose inputs did not change is left
as it is.

Models of games not stored. A table model may declare ``-- games: holdem, holdem36``: its rows are
of those games only, so over a warehouse that stores none of them it is empty. A whole build
then makes it an empty table of its columns without running its ``select`` (DuckDB's planning of
the Hold'em, raspisnoy, six-card and tournament models alone was a tenth of a CPU-second of a
first Chinese poker ingest): the columns are those the ``select`` gave the last time a build ran
it, kept in ``sql/__pycache__`` for this SQL, these table schemas and this DuckDB
(:func:`kept_shapes`). The first ingest that brings such a game updates the model as any other,
from its empty rows; an update whose new games are of none of its games leaves it as it is, without
computing it over them (it has no row there: a raspisnoy night planned fifteen Hold'em, six-card,
Chinese poker and tournament models over its games, for nothing), and so does an update that would
rebuild it whole (a link, a setting) while the warehouse holds none of its games, before or after.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import shutil
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pyarrow as pa

from pipeline.provenance import SQL_ROOT, ModelError, ModelsMissing, sql_fingerprint
from pipeline.tables import SCHEMAS
from pipeline.warehouse import (
    MODELS_STATE_TABLE,
    STANDBY_FILE,
    Manifest,
    Warehouse,
    connect,
    id_column,
    lay_table_views,
    read_manifest,
    table_view_sql,
)
from rules import holdem_rules

LAYERS = ("10_staging", "20_intermediate", "30_marts")
MACROS = "00_macros"
STATE_TABLE = MODELS_STATE_TABLE
REBUILD_WHEN_REACHED = 0.5
"""The share of a model's key values reached by the new games from which the model is rebuilt
whole rather than updated."""
BUILD_ROW_GROUP_ROWS = 16_384
"""The row groups of the tables a whole build writes. DuckDB writes a table's full row groups
compressed as they fill; a table of less than one of its default groups (122,880 rows: the 111,280
rows of hand_list at 20,000 hands) is held whole and compressed at its commit, which cost the
20,000-hand build a tenth more CPU on one thread, and a quarter more on two (its threads' parts of
the table merged, then compressed: 1.50 CPU-s instead of 1.19). Threads that share a table's scan
by row group add its rows in another order than one thread does, which no figure shows: every sum
the models take is of integers or decimals, exact in any order (net in big blinds too:
``decimal_big_blinds`` of sql/00_macros); the only sum of doubles (sixcard_category_frequencies)
adds two terms per group, whose sum has no order. The file's other storage options are left at
DuckDB's defaults, which write hand_list (20,000 hands, one thread) cheapest: an older
storage_version (v1.2.0: 0.33 CPU-s instead of 0.23) or another block size (64 KiB: 0.27) cost more,
and turning compression methods off saved nothing measurable while the file grew (3x without DICT_FSST).
An update writes the file with the same size: opened at DuckDB's default, its checkpoint merged the
small groups of every table it touched into big ones, rewriting most of the file (100 new hands into
a 200,000-hand warehouse: 6.5 s of models instead of 0.8)."""
_LITERALS_AT_MOST = 5000
"""Key values spelled out as a filter DuckDB pushes into its scans; more are matched by join only."""


@dataclass(frozen=True, slots=True)
class Model:
    name: str
    layer: str
    path: Path
    text: str | None = None
    """The model's SQL, as read when the models were listed (a template's, ``path``, filled in:
    see :func:`models_of_file`); None: ``path``'s text, read at each use."""

    @property
    def source(self) -> str:
        return self.path.read_text(encoding="utf-8") if self.text is None else self.text

    @property
    def materialized(self) -> str:
        if self.layer == "30_marts" or self.header("materialized") == "table":
            return "table"
        return "view"

    @property
    def body(self) -> str:
        return self.source.strip().rstrip(";")

    def header(self, name: str) -> str | None:
        """The value of the model's ``-- name: value`` line among its opening comments."""
        for line in self.source.splitlines():
            if not line.startswith("--"):
                return None
            if line.startswith(f"-- {name}:"):
                return line.removeprefix(f"-- {name}:").strip()
        return None

    @property
    def merges(self) -> dict[str, str]:
        """``-- merge: column = expression`` lines: how a column of the rows of a key value merges
        with the model's rows over new games of that value (``old.column``, ``new.column``),
        instead of being computed again from the history."""
        found = {}
        for line in self.source.splitlines():
            if not line.startswith("--"):
                break
            if line.startswith("-- merge:"):
                column, expression = line.removeprefix("-- merge:").split("=", 1)
                found[column.strip()] = expression.strip()
        return found

    @property
    def sittings(self) -> Sittings | None:
        """``-- sittings: number over col, … from table.time between start and end``: the model
        groups the rows of ``table`` into runs in time, per value of the ``over`` columns, numbered
        ``number`` in time order, each spanning ``start`` to ``end``; an update recomputes only
        the runs new rows may join."""
        text = self.header("sittings")
        if text is None:
            return None
        found = re.fullmatch(r"(\w+) over (.+) from (\w+)\.(\w+) between (\w+) and (\w+)", text)
        if found is None:
            raise ModelError(f"model {self.name}: cannot read its sittings line {text!r}")
        number, over, table, time_column, start, end = found.groups()
        return Sittings(number, [column.strip() for column in over.split(",")], table, time_column, start, end)

    @property
    def incremental_key(self) -> list[str]:
        """The columns of ``-- incremental:`` (none: the model is rebuilt whole when its inputs change)."""
        return [column.strip() for column in (self.header("incremental") or "").split(",") if column.strip()]

    @property
    def games(self) -> frozenset[str] | None:
        """The games of ``-- games:`` (``games.game``), the only games the model has rows of; None
        when it does not say (it may have rows whatever games are stored)."""
        text = self.header("games")
        return None if text is None else frozenset(game.strip() for game in text.split(",") if game.strip())


@dataclass(frozen=True, slots=True)
class Sittings:
    """A model of runs in time (see :attr:`Model.sittings`)."""

    number: str
    over: list[str]
    table: str
    time_column: str
    start: str
    end: str


_FIELD = re.compile(r"\{(\w+)\}")
"""A field of a template, ``{dimension}``."""


def models_of_file(path: Path, layer: str) -> list[Model]:
    """The models of one ``.sql`` file: the model of its name, or, when the file is a template,
    one model per ``-- each:`` line. A template's ``-- for each: name | a | b`` line names the
    fields each ``-- each: value | value | value`` line gives (``name`` is the model's name), and
    every ``{field}`` of its text, headers included, stands for that line's value: so models that
    differ in a column (the Hold'em reports, one per dimension) write their measures and their
    merge lines once."""
    text = path.read_text(encoding="utf-8")
    opening = []
    for line in text.splitlines():
        if not line.startswith("--"):
            break
        opening.append(line)
    fields_line = next((line for line in opening if line.startswith("-- for each:")), None)
    if fields_line is None:
        return [Model(path.stem, layer, path, text)]
    fields = [field.strip() for field in fields_line.removeprefix("-- for each:").split("|")]
    if "name" not in fields:
        raise ModelError(f"template {path.name}: its '-- for each:' line names no field 'name'")
    # the template's own lines are no header of the models it makes
    shared = "\n".join(line for line in text.splitlines() if not line.startswith(("-- for each:", "-- each:")))
    unknown = sorted(set(re.findall(_FIELD, shared)) - set(fields))
    if unknown:
        raise ModelError(f"template {path.name}: no field {', '.join(unknown)} on its '-- for each:' line")
    made = []
    for line in (line for line in opening if line.startswith("-- each:")):
        values = [value.strip() for value in line.removeprefix("-- each:").split("|")]
        if len(values) != len(fields):
            raise ModelError(f"template {path.name}: {line!r} gives {len(values)} values for {len(fields)} fields")
        given = dict(zip(fields, values))
        made.append(Model(given["name"], layer, path, re.sub(_FIELD, lambda found, given=given: given[found[1]], shared)))
    if not made:
        raise ModelError(f"template {path.name}: no '-- each:' line")
    return made


def models(sql_root: Path = SQL_ROOT) -> list[Model]:
    """Every model, in the order it must be built: layer by layer, and within a layer
    each model after the models it reads (found by name in its text)."""
    return list(_ordered_models(sql_root, _written(sql_root)))


def _written(sql_root: Path) -> tuple[tuple[str, int, int], ...]:
    """Each model file of ``sql_root`` with when it was last written and its size: the models are
    listed and ordered again only when one of them changes. (An ingest's update asked for them seven
    times, reading and ordering every file each time: a tenth of a small ingest's CPU.)"""
    found = []
    for layer in LAYERS:
        for path in (sql_root / layer).glob("*.sql"):
            stat = path.stat()
            found.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(sorted(found))


@functools.lru_cache(maxsize=8)
def _ordered_models(sql_root: Path, written: tuple[tuple[str, int, int], ...]) -> tuple[Model, ...]:
    ordered: list[Model] = []
    for layer in LAYERS:
        pending: dict[str, Model] = {}
        for path in sorted((sql_root / layer).glob("*.sql")):
            for model in models_of_file(path, layer):
                if model.name in pending:
                    raise ModelError(f"two models named {model.name} in sql/{layer}")
                pending[model.name] = model
        reads = {name: _names_read(model.body, pending.keys()) - {name} for name, model in pending.items()}
        while pending:
            ready = [name for name in pending if not reads[name] & pending.keys()]
            if not ready:
                raise ModelError(f"models read each other in a cycle: {', '.join(sorted(pending))}")
            for name in ready:
                ordered.append(pending.pop(name))
    if not ordered:
        raise ModelsMissing(sql_root)
    return tuple(ordered)


def select_over(model: str, sql_root: Path = SQL_ROOT, **relations: str) -> str:
    """The ``select`` of model ``model`` over other rows: each relation it reads that is named in
    ``relations`` (a table or model name) stands for the given ``select`` (the rows a dashboard
    page keeps, say), the others for themselves. The model's own text runs unchanged: the given
    rows are common table expressions of the names it reads, which a name in its text finds before
    the warehouse's relation of that name. So a page's figure over its dates, club and room is the
    mart's own formula, written once.

    >>> sql = select_over("player_stats_holdem", player_stats_holdem_by_day="select * from x")
    >>> sql.startswith("with _given_0 as (select * from x)")
    True
    """
    path = next((sql_root / layer / f"{model}.sql" for layer in LAYERS if (sql_root / layer / f"{model}.sql").is_file()),
                None)
    if path is None:    # a model a template makes
        path = next((made.path for made in models(sql_root) if made.name == model), None)
    if path is None:
        raise ModelError(f"no model named {model}")
    # a page asks on every run: the text is read again only when its file changed
    return _select_over(path, path.stat().st_mtime_ns, model, tuple(relations.items()))


@functools.lru_cache(maxsize=256)
def _select_over(path: Path, modified: int, model: str, relations: tuple[tuple[str, str], ...]) -> str:
    body = next((made.body for made in models_of_file(path, path.parent.name) if made.name == model), None)
    if body is None:    # a template's own file name
        raise ModelError(f"no model named {model}")
    named_here = {name for name, _ in relations}
    unread = sorted(named_here - _names_read(body, named_here))
    if unread:
        raise ModelError(f"model {model} does not read {', '.join(unread)}")
    given = ",\n".join(f"_given_{i} as ({rows})" for i, (_, rows) in enumerate(relations))
    named = ",\n".join(f"{name} as (select * from _given_{i})" for i, (name, _) in enumerate(relations))
    # two levels: the given rows may read the relation of the name they stand for
    return f"with {given}\nselect * from (\nwith {named}\nselect * from (\n{body}\n))"


_MACRO = re.compile(r"create\s+or\s+replace\s+macro\s+(\w+)\s*\(([^)]*)\)\s+as\s+(.+?);", re.IGNORECASE | re.DOTALL)


def generated_macros() -> str:
    """The macros written from the rules' own values instead of a copy in ``sql/00_macros`` (which may
    call them): ``order_from_button(position)``, a seat's place in the hand's order clockwise from the
    button (1 the first seat left of it, the button last), read from its position, as
    ``POSITIONS_FROM_BUTTON`` orders them: the order in which an odd unit goes first, as the odd chip of
    a split pot does. A seat without a position (more than ten players, a sitting-out ante) comes after
    every named one."""
    positions = holdem_rules.POSITIONS_FROM_BUTTON
    cases = "".join(f"\n        when {_sql_string(name)} then {place}" for place, name in enumerate(positions, 1))
    return (f"create or replace macro order_from_button(position) as\n    case position{cases}\n"
            f"        else {len(positions) + 1}\n    end;\n")


def macro_text(sql_root: Path = SQL_ROOT) -> str:
    """The ``create or replace macro`` statements: the generated ones, then those of ``sql/00_macros``
    in file order."""
    return "\n".join([generated_macros(), *(path.read_text(encoding="utf-8")
                                           for path in sorted((sql_root / MACROS).glob("*.sql")))])


def define_macros(con: duckdb.DuckDBPyConnection, sql_root: Path = SQL_ROOT, *, temporary: bool = False) -> None:
    """Create the macros of ``sql/00_macros`` in ``con``: in a models file they are stored with it,
    so every reader of the file (the dashboards, ``rasklad query``) has them. ``temporary``: as the
    connection's own (a reader of a file that lacks them, opened read-only; see :func:`supply_missing`)."""
    text = macro_text(sql_root)
    if temporary:
        text = re.sub(r"create\s+or\s+replace\s+macro\b", "create or replace temp macro", text, flags=re.IGNORECASE)
    if text.strip():
        try:
            con.execute(text)
        except duckdb.Error as error:
            raise ModelError(f"the macros of sql/{MACROS} failed: {error}") from error


@dataclass(frozen=True, slots=True)
class Missing:
    """What a models file lacks of this Rasklad's SQL (built by an older Rasklad, say, until the
    next ingest or ``rasklad build-models`` rebuilds it): the models to read as views of this SQL,
    in build order, and whether its macros are to be defined."""

    models: tuple[Model, ...] = ()
    macros: bool = False
    other_sql: bool = False
    """The file's stamp names other SQL (or none): none of its models is taken for this SQL's,
    as an older mart may hold other columns (``holdem_sessions`` without ``game``) or other rows."""

    def __bool__(self) -> bool:
        return bool(self.models) or self.macros


def missing_from(con: duckdb.DuckDBPyConnection, sql_root: Path = SQL_ROOT) -> Missing:
    """What the models file of ``con`` lacks of this Rasklad's models and macros: nothing when this
    SQL built it (its stamp says so: 1 ms); every model and macro when other SQL did (or a file
    that kept no stamp): a mart of the same name is not the same mart."""
    state = _read_state(con)
    if state is not None and state["sql"] == sql_fingerprint(sql_root):
        return Missing()
    return Missing(tuple(models(sql_root)), True, other_sql=True)


def supply_missing(con: duckdb.DuckDBPyConnection, missing: Missing, sql_root: Path = SQL_ROOT) -> None:
    """Give a reader's connection (read-only, with the warehouse tables' views laid) what its
    models file lacks: the macros, as its own temporary macros, and each model as a temporary
    view of its ``select``, which the connection reads instead of the file's relation of that
    name (computed when read, slower than a stored mart, until the models are rebuilt). So the
    pages and ``rasklad query`` read this Rasklad's marts on a file an older Rasklad built."""
    if missing.macros:
        define_macros(con, sql_root, temporary=True)
    for model in missing.models:
        try:
            con.execute(f"create or replace temp view {model.name} as\n{model.body}")
        except duckdb.Error:    # it reads what the older file holds otherwise: left out, as it was
            continue


def macros(sql_root: Path = SQL_ROOT) -> dict[str, tuple[list[str], str]]:
    """Each macro's name, parameters and expression."""
    return {name.lower(): ([p.strip() for p in params.split(",") if p.strip()], body.strip())
            for name, params, body in _MACRO.findall(re.sub(r"--[^\n]*", "", macro_text(sql_root)))}


def expand_macros(sql: str, sql_root: Path = SQL_ROOT) -> str:
    """``sql`` (DuckDB's dialect) with each call of a macro replaced by the macro's expression over
    its arguments: the same formulas for an engine without DuckDB's macros (the Spark path)."""
    import sqlglot
    from sqlglot import exp

    defined = {name: (params, sqlglot.parse_one(body, read="duckdb"))
               for name, (params, body) in macros(sql_root).items()}

    def inline(node):
        if isinstance(node, exp.Anonymous) and node.name.lower() in defined:
            params, body = defined[node.name.lower()]
            if len(params) != len(node.expressions):
                raise ModelError(f"macro {node.name} takes {len(params)} arguments, given {len(node.expressions)}")
            given = {param: exp.Paren(this=argument.copy()) for param, argument in zip(params, node.expressions)}
            # a macro's body and its arguments may call macros too, which a transform does not visit
            # in the nodes it puts in: written out in turn; the body in parentheses, as a call is one
            # operand (sign(x) * down_to_step(a, s) is not sign(x) * a - a % s)
            return exp.Paren(this=body.copy().transform(
                lambda part: given[part.name].copy() if isinstance(part, exp.Column) and not part.table
                and part.name in given else part).transform(inline))
        return node

    return sqlglot.parse_one(sql, read="duckdb").transform(inline).sql(dialect="duckdb")


def audits(sql_root: Path = SQL_ROOT) -> list[Model]:
    return [Model(path.stem, "tests", path) for path in sorted((sql_root / "tests").glob("*.sql"))]


def _names_read(body: str, names) -> set[str]:
    """The ``names`` a model's SQL ``body`` names outside its comments: what it reads, so that a
    comment naming another model ("as int_person_games counts them") orders nothing.

    >>> sorted(_names_read("select * from hand_list -- not int_person_games", {"hand_list", "int_person_games"}))
    ['hand_list']
    """
    return set(re.findall(r"\w+", re.sub(r"--[^\n]*", "", body))) & set(names)


def reads(sql_root: Path = SQL_ROOT) -> dict[str, set[str]]:
    """Per model, the warehouse tables and models it reads, directly or through views and tables."""
    return {name: set(read) for name, read in _reads(sql_root, _written(sql_root)).items()}


@functools.lru_cache(maxsize=8)
def _reads(sql_root: Path, written: tuple[tuple[str, int, int], ...]) -> dict[str, frozenset[str]]:
    every = _ordered_models(sql_root, written)
    names = [model.name for model in every] + list(SCHEMAS)
    found: dict[str, frozenset[str]] = {}
    for model in every:     # in build order: what a model reads is known before it
        direct = _names_read(model.body, names) - {model.name}
        found[model.name] = frozenset(direct.union(*(found.get(name, ()) for name in direct)))
    return found


def build(warehouse: Warehouse, sql_root: Path = SQL_ROOT, manifest: Manifest | None = None, *,
          threads: int | None = None, cpu_seconds: dict[str, float] | None = None,
          on_model: Callable[[str], None] | None = None) -> list[str]:
    """(Re)build every model into the warehouse's DuckDB file, over the committed parts (or the
    parts of ``manifest``: a commit about to be made); returns the model names.

    The models are built into a new file of this build's own name, which then replaces the old
    one, so a dashboard reading the old file (read-only, holding its lock) neither blocks the
    build nor sees a half-built set of marts; it picks up the new file when it next opens the
    path. The file stores each table's view over its folder relative to the current directory
    (for DuckDB's own shell, run in the warehouse folder); :func:`pipeline.warehouse.connect`
    lays views over the committed parts instead, and the marts are built from those.

    ``threads``: DuckDB's threads (default: one per core). An ingest told to use one core builds
    on one: the models then cost about a fifth less CPU (no work split and merged between threads,
    no insertion order kept where the SQL states none), for a longer wall time.
    ``cpu_seconds``: given, it receives the CPU seconds of each model (DuckDB's threads included),
    for the benchmark. ``on_model``: told each model's name as it is built (a command's progress).
    """
    root = warehouse.root.resolve()
    building = _building_path(warehouse)
    try:
        built = _build_file(building, root, manifest or read_manifest(root), sql_root, threads, cpu_seconds, on_model)
        _swap_in(warehouse, building)
    finally:
        _remove_file(building)
    _leave_standby(warehouse)
    return built


def build_apart(root: Path, target: Path, manifest: Manifest, sql_root: Path = SQL_ROOT) -> None:
    """Build every model of this SQL over the warehouse at ``root`` (its parts of ``manifest``)
    into ``target``, a file outside the warehouse: for a reader of a models file that other SQL
    built (an older Rasklad), which may not write the warehouse, and whose pages read many marts."""
    _build_file(target, root.resolve(), manifest, sql_root)


def _build_file(building: Path, root: Path, manifest: Manifest, sql_root: Path, threads: int | None = None,
                cpu_seconds: dict[str, float] | None = None,
                on_model: Callable[[str], None] | None = None) -> list[str]:
    """Build every model into the new file ``building`` (see :func:`build`); returns their names."""
    fingerprint = sql_fingerprint(sql_root)     # read once: it reads every SQL file (10 ms)
    with _open_writable(building, root, threads, row_group_size=BUILD_ROW_GROUP_ROWS) as con:
        # One transaction: no reader sees this file before it is swapped in, and each statement
        # committed on its own wrote and synced DuckDB's log (a hundred syncs for the samples' build).
        con.execute("begin transaction")
        if "," not in str(root):    # the search path is a list: a comma would split it
            for table in SCHEMAS:
                con.execute(table_view_sql(table, None, temporary=False))
        lay_table_views(con, root, manifest, checked=True)
        define_macros(con, sql_root)
        built = []
        stored = stored_games(manifest)
        shapes = kept_shapes(sql_root, fingerprint)
        learned: dict[str, list[list[str]]] = {}
        for model in models(sql_root):
            if on_model is not None:
                on_model(model.name)
            started = time.process_time()
            games = model.games if model.materialized == "table" else None
            if games is not None and not games & stored and model.name in shapes:
                con.execute(_empty_table_sql(model.name, shapes[model.name]))
            else:
                _create(con, model, sql_root)
                if games is not None and model.name not in shapes:
                    learned[model.name] = [[name, kind] for name, kind, *_ in
                                           con.execute(f"describe {model.name}").fetchall()]
            if cpu_seconds is not None:
                cpu_seconds[model.name] = time.process_time() - started
            built.append(model.name)
        if learned:
            _keep_shapes(sql_root, shapes | learned, fingerprint)
        _write_state(con, manifest, fingerprint)
        con.execute("commit")
        con.execute("checkpoint")
    return built


def stored_games(manifest: Manifest) -> frozenset[str]:
    """The games (``games.game``) of which ``manifest`` commits a part of any table."""
    return games_of(part for parts in manifest.parts.values() for part in parts)


def games_of(parts: Iterable[str]) -> frozenset[str]:
    """The games (``games.game``) of ``parts`` (``<table>/game=<game>/…``), from their folders."""
    return frozenset(part.split("/")[1].removeprefix("game=") for part in parts)


def _shapes_path(sql_root: Path, fingerprint: str | None = None) -> Path:
    """Where the columns of the models of ``-- games:`` are kept: one file per SQL (``fingerprint``:
    its :func:`sql_fingerprint`, when known), table schemas and DuckDB version, which all decide them."""
    digest = hashlib.blake2b(digest_size=12)
    digest.update((fingerprint or sql_fingerprint(sql_root)).encode() + duckdb.__version__.encode())
    for table, schema in sorted(SCHEMAS.items()):
        digest.update(table.encode() + str(schema).encode())
    return sql_root / "__pycache__" / f"shapes-{digest.hexdigest()}.json"


def kept_shapes(sql_root: Path = SQL_ROOT, fingerprint: str | None = None) -> dict[str, list[list[str]]]:
    """Per model of ``-- games:`` that a build ran, its columns (name and DuckDB type) as it gave
    them; empty when none were kept (or the file cannot be read)."""
    try:
        return json.loads(_shapes_path(sql_root, fingerprint).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _keep_shapes(sql_root: Path, shapes: dict[str, list[list[str]]], fingerprint: str | None = None) -> None:
    """Keep ``shapes`` for the next builds; where the folder cannot be written, they run the models."""
    path = _shapes_path(sql_root, fingerprint)
    temporary = path.with_name(f"{path.name}.{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        path.parent.mkdir(exist_ok=True)
        temporary.write_text(json.dumps(shapes, sort_keys=True), encoding="utf-8")
        os.replace(temporary, path)     # a reader sees the old file or the new one, whole
        for stale in path.parent.glob("shapes-*.json"):     # of SQL that changed since
            if stale != path:
                stale.unlink(missing_ok=True)
    except OSError:
        temporary.unlink(missing_ok=True)


def _empty_table_sql(name: str, columns: list[list[str]]) -> str:
    return f"create or replace table {name} (" + ", ".join(
        '"' + column.replace('"', '""') + f'" {kind}' for column, kind in columns) + ")"


def _leave_standby(warehouse: Warehouse) -> None:
    """A copy of the models file just built, as the standby :func:`update` writes in place: without
    it the first update after a whole build copies the whole file first (30 s of a 100-hand ingest
    into a 1M-hand warehouse), here the copy is part of the build's own minutes. Left out when
    this process holds the standby open (the update then copies, as it does for any held standby)."""
    standby = warehouse.root / STANDBY_FILE
    if _open_in_this_process(standby):
        return
    copy = _building_path(warehouse)
    try:
        shutil.copyfile(warehouse.duckdb_path, copy)
        standby.with_name(standby.name + ".wal").unlink(missing_ok=True)
        os.replace(copy, standby)   # a reader of another process keeps the file it opened
    finally:
        _remove_file(copy)


@dataclass(slots=True)
class UpdateSummary:
    """What :func:`update` did to each table model: rows replaced per incremental model, and the
    models rebuilt whole."""

    incremental: dict[str, int] = field(default_factory=dict)
    rebuilt: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    """Wall seconds per model updated or rebuilt (for the benchmark)."""


def update(warehouse: Warehouse, sql_root: Path = SQL_ROOT, manifest: Manifest | None = None, *,
           on_model: Callable[[str], None] | None = None) -> UpdateSummary | None:
    """Bring the models up to date with the committed parts (or with ``manifest``: a commit about
    to be made), model by model (see the module's text); returns None when only a whole build
    can (no models yet, other SQL, or models built by a runner that kept no state).

    Readers keep the file they opened: the update is made in place in the standby file (the
    models as they stood before their last update, which no reader has open), in one
    transaction, and that file is then swapped in; the file readers had becomes the standby. A
    standby that a reader still holds, or that is missing, is replaced by a copy of the current
    file. Either way readers see the old models or the new ones, never a mix. ``on_model``: told
    each model's name as it is updated."""
    root = warehouse.root.resolve()
    manifest = manifest or read_manifest(root)
    fingerprint = sql_fingerprint(sql_root)
    state = built_from(warehouse)
    if state is None or state["sql"] != fingerprint:
        return None
    summary, plan = _plan(state, manifest, sql_root)
    if not plan:
        return summary
    target, con, behind_state = _standby(warehouse, root, fingerprint)
    if con is not None:
        # The standby is a commit behind the current file: worth writing unless that commit
        # rebuilt models whole (a link, a re-audit) that this one would only update.
        behind_summary, behind = _plan(behind_state, manifest, sql_root)
        if _rebuilt(behind) - _rebuilt(plan):
            con.close()
            target, con = _building_path(warehouse), None
        else:
            summary, plan = behind_summary, behind
    try:
        try:
            if con is None:     # no standby to write: a copy of the current file
                shutil.copyfile(warehouse.duckdb_path, target)
                con = _open_writable(target, root, row_group_size=BUILD_ROW_GROUP_ROWS)
                # planned from the copy's own state: a reader of this process holding the file
                # the current one replaced may have answered built_from (DuckDB shares an open
                # file's database within a process)
                summary, plan = _plan(_read_state(con), manifest, sql_root)
            con.execute("begin transaction")
            _fill(con, root, manifest, plan, summary, sql_root, on_model)
            _write_state(con, manifest, fingerprint)
            con.execute("commit")
            con.execute("checkpoint")
        finally:
            if con is not None:
                con.close()     # unless committed, the transaction is rolled back: the file stands
        _swap_in(warehouse, target)
    finally:
        if target.name != STANDBY_FILE:
            _remove_file(target)
    return summary


def _plan(state: dict, manifest: Manifest, sql_root: Path) -> tuple[UpdateSummary, list[tuple[Model, str, Manifest]]]:
    """What an update of models built from ``state`` does to reach ``manifest``: per table
    model, "whole" (rebuilt) or "incremental" (by key, over the delta manifest it is given);
    the models left as they are go to the summary's ``unchanged``."""
    before = {table: set(parts) for table, parts in state["parts"].items()}
    added = {table: [p for p in manifest.paths(table) if p not in before.get(table, set())] for table in SCHEMAS}
    # A table kept per game grows by new games only; any other change (parts of a game table
    # removed by a re-audit, the aliases or settings rewritten) reaches rows no key tells.
    removed = {table for table in SCHEMAS if before.get(table, set()) - set(manifest.paths(table))
               or (added[table] and id_column(table) is None)}
    grown = {table for table, parts in added.items() if parts} - removed
    new_games = games_of(part for table in grown for part in added[table])
    # the games a model of -- games: may have rows of, before this update or after it
    held_games = games_of(part for parts in before.values() for part in parts) | stored_games(manifest)
    summary = UpdateSummary()
    plan: list[tuple[Model, str, Manifest]] = []
    read_by = reads(sql_root)
    whole: set[str] = set(removed)     # inputs that changed other than by new games
    changed: set[str] = set(grown)
    delta = Manifest(manifest.generation, {
        table: (added[table] if id_column(table) else manifest.paths(table)) for table in SCHEMAS})
    for model in models(sql_root):
        inputs = read_by[model.name]
        if model.materialized != "table":
            continue
        # a model of games the warehouse held neither before nor now is empty, and stays so; one of
        # other games than the new ones has no rows over them: nothing to update
        holds = model.games is None or model.games & held_games
        reached = inputs & changed and (model.games is None or model.games & new_games)
        if holds and (inputs & whole or (reached and not model.incremental_key)):
            plan.append((model, "whole", delta))
            whole.add(model.name)
        elif reached:
            plan.append((model, "incremental", delta))
            changed.add(model.name)
        else:
            summary.unchanged.append(model.name)
    return summary, plan


def _rebuilt(plan: list[tuple[Model, str, Manifest]]) -> set[str]:
    return {model.name for model, how, _ in plan if how == "whole"}


def _fill(con: duckdb.DuckDBPyConnection, root: Path, manifest: Manifest, plan: list[tuple[Model, str, Manifest]],
          summary: UpdateSummary, sql_root: Path, on_model: Callable[[str], None] | None = None) -> None:
    """Carry out ``plan`` in ``con`` (the models file being updated)."""
    if not plan:
        return
    # Only what the plan reads is laid and made: each table's view is a look at its files, and each
    # model made over the new games is planned by DuckDB (an update of a small warehouse spent a
    # third of its CPU making all ninety-odd models over the new games for the few it reads).
    read_by = reads(sql_root)
    planned = {model.name for model, _, _ in plan}
    lay_table_views(con, root, manifest, set(SCHEMAS) & set().union(*(read_by[name] for name in planned)),
                    checked=True)
    by_key = [model.name for model, how, _ in plan if how == "incremental"]
    with _new_games_models(root, plan[0][2], by_key, planned, read_by, sql_root) as delta:
        for model, how, _ in plan:
            if on_model is not None:
                on_model(model.name)
            started = time.perf_counter()
            if how == "whole":
                _create(con, model, sql_root)
                summary.rebuilt.append(model.name)
            elif (replaced := _update_model(con, delta, model)) is None:
                summary.rebuilt.append(model.name)
            else:
                summary.incremental[model.name] = replaced
            summary.seconds[model.name] = time.perf_counter() - started


@contextlib.contextmanager
def _new_games_models(root: Path, delta: Manifest, by_key: list[str], planned: set[str], read_by: dict[str, set[str]],
                    sql_root: Path) -> Iterator[duckdb.DuckDBPyConnection | None]:
    """A database of the models the updates ``by_key`` read, over the new games alone (``delta``), each
    planned one computed once; None when no model is updated by key (a link or a setting rebuilds its
    models whole), as opening one and making its macros cost such an update 25 ms for nothing."""
    if not by_key:
        yield None
        return
    over_new_games = set(by_key).union(*(read_by[name] for name in by_key))
    with duckdb.connect() as con:
        con.execute("set enable_progress_bar = false")
        lay_table_views(con, root, delta, over_new_games & set(SCHEMAS), checked=True)
        define_macros(con, sql_root)
        for model in models(sql_root):
            if model.name in over_new_games:
                kind = "table" if model.name in planned else "view"
                con.execute(f"create {kind} {model.name} as\n{model.body}")
        yield con


def _update_model(con: duckdb.DuckDBPyConnection, delta: duckdb.DuckDBPyConnection, model: Model) -> int | None:
    """Replace the rows of ``model`` whose key values the new games reach; returns the rows
    inserted, or None when the new games reach most of its key values and it was rebuilt whole
    instead (as much to compute, without deleting nearly every row first)."""
    if model.merges:
        return _merge_model(con, delta, model)
    if model.sittings is not None:
        return _update_sittings(con, delta, model, model.sittings)
    key = model.incremental_key
    columns = ", ".join(f'"{column}"' for column in key)
    reached = _over_new_games(delta, model, f"select distinct {columns} from {model.name}")
    if not reached.num_rows:
        return 0
    con.register("_reached", reached)
    try:
        with _scratch(con, registered=["_reached"]):
            if "game_id" in key:
                # Rows of whole games, and the games are new (a part of a stored game is never added
                # again: a re-audit removes parts, which rebuilds the model whole); the model over
                # the new games holds them all.
                rows = _over_new_games(delta, model, f"select * from {model.name}")
                con.register("_new_rows", rows)
                with _scratch(con, registered=["_new_rows"]):
                    con.execute(f"insert into {model.name} select * from _new_rows").fetchall()
                return rows.num_rows
            held = con.sql(f"select count(*) from (select distinct {columns} from {model.name})").fetchall()[0][0]
            if reached.num_rows >= REBUILD_WHEN_REACHED * held:
                _create(con, model, model.path.parents[1])
                return None
            con.execute(f"delete from {model.name} as rows where {_reached_filter(model, reached)}").fetchall()
            return con.execute(f"insert into {model.name} {restricted_select(model, reached)}").fetchall()[0][0]
    except duckdb.Error as error:
        raise ModelError(f"model {model.name} ({model.path.name}) failed to update: {error}") from error


@contextlib.contextmanager
def _scratch(con: duckdb.DuckDBPyConnection, *, registered: Iterable[str] = (),
             temporary: Iterable[tuple[str, str]] = ()) -> Iterator[None]:
    """The relations a step of an update lays in ``con`` for itself (``registered`` Arrow tables,
    ``temporary`` (kind, name) views and tables), removed once the step is done. A step that fails
    leaves them: its statement aborted the update's transaction, which then refuses every
    statement (a removal too, whose error would hide the step's own: an interrupt, a model that
    failed) until the connection closes, rolls it back and drops them."""
    yield
    for name in registered:
        con.unregister(name)
    for kind, name in temporary:
        con.execute(f"drop {kind} if exists temp.main.{name}").fetchall()


def _matches(columns: list[str], left: str, right: str) -> str:
    return " and ".join(f'{left}."{c}" is not distinct from {right}."{c}"' for c in columns)


def _over_new_games(delta: duckdb.DuckDBPyConnection, model: Model, query: str) -> pa.Table:
    """The rows of ``query`` over the model as the new games alone give it (``delta``)."""
    try:
        return delta.sql(query).to_arrow_table()
    except duckdb.Error as error:
        raise ModelError(f"model {model.name} ({model.path.name}) failed over the new games: {error}") from error


def _merge_model(con: duckdb.DuckDBPyConnection, delta: duckdb.DuckDBPyConnection, model: Model) -> int:
    """Merge the model's rows over the new games into its rows of the same key values (by its
    merge lines), and add those of key values it had no row of; returns the rows written."""
    key, merges = model.incremental_key, model.merges
    new_rows = _over_new_games(delta, model, f"select * from {model.name}")
    if not new_rows.num_rows:
        return 0
    unmerged = [c for c in new_rows.column_names if c not in key and c not in merges]
    if unmerged:
        raise ModelError(f"model {model.name}: no merge line for {', '.join(unmerged)}")
    merged = ", ".join(f'({merges[c]}) as "{c}"' if c in merges else f'new."{c}"' for c in new_rows.column_names)
    same_key = _matches(key, "old", "new")
    scanned = _pushed_down_filter(new_rows, key, "old")
    con.register("_new_rows", new_rows)
    try:
        with _scratch(con, registered=["_new_rows"], temporary=[("table", "_merged"), ("table", "_fresh")]):
            con.execute(f"create temp table _merged as select {merged} from _new_rows as new "
                        f"join {model.name} as old on {same_key} where {scanned}").fetchall()
            con.execute(f"create temp table _fresh as select new.* from _new_rows as new where not exists "
                        f"(select 1 from _merged as old where {same_key})").fetchall()
            con.execute(f"delete from {model.name} as old where {scanned} "
                        f"and exists (select 1 from _merged as new where {same_key})").fetchall()
            con.execute(f"insert into {model.name} by name select * from _merged").fetchall()
            con.execute(f"insert into {model.name} by name select * from _fresh").fetchall()
        return new_rows.num_rows
    except duckdb.Error as error:
        raise ModelError(f"model {model.name} ({model.path.name}) failed to merge: {error}") from error


def _update_sittings(con: duckdb.DuckDBPyConnection, delta: duckdb.DuckDBPyConnection, model: Model,
                     runs: Sittings) -> int:
    """Recompute the sittings the new rows reach: per value of the ``over`` columns, those
    between the new rows' first and last time, and the sitting just before and just after (a new
    row may join either; the one before that, and after, stay apart, as the gap between
    sittings does not shrink). The span's rows of the input are read again, the model's select
    runs over them alone, and its numbers follow the sittings before the span; the sittings after
    it are renumbered. Returns the sittings written."""
    over, start, end, number = runs.over, f'"{runs.start}"', f'"{runs.end}"', f'"{runs.number}"'
    columns = ", ".join(f'"{c}"' for c in over)
    reached = _over_new_games(delta, model, f"select {columns}, min({start}) as _low, max({end}) as _high "
                                            f"from {model.name} group by all")
    if not reached.num_rows:
        return 0
    catalog = con.sql("select current_database()").fetchall()[0][0]
    same = _matches(over, "held", "span")
    con.register("_reached", reached)
    try:
        with _scratch(con, registered=["_reached"], temporary=[("view", runs.table), ("table", "_spans"),
                                                              ("table", "_sittings")]):
            # one join, not correlated subqueries nor exists: DuckDB hashes its equalities. The sittings
            # of a value never overlap and are numbered in time order, so the numbers of the sittings
            # just before and after the span count the sittings before it and up to its end.
            held_rows = f"(select * from {model.name} as held where {_pushed_down_filter(reached, over, 'held')})"
            span_columns = ", ".join(f'span."{c}"' for c in over)
            con.execute(f"""create temp table _spans as
                with around as (
                    select
                        {span_columns},
                        span._low,
                        span._high,
                        max(held.{start}) filter (where held.{end} < span._low) as _before_start,
                        arg_max(held.{number}, held.{start}) filter (where held.{end} < span._low) as _before_number,
                        min(held.{start}) filter (where held.{end} >= span._low) as _first_start,
                        min(held.{end}) filter (where held.{start} > span._high) as _after_end,
                        arg_min(held.{number}, held.{end}) filter (where held.{start} > span._high) as _after_number,
                        max(held.{end}) filter (where held.{start} <= span._high) as _last_end,
                        count(held.{start}) as _held,
                    from _reached as span
                    left join {held_rows} as held on {same}
                    group by {span_columns}, span._low, span._high
                )
                select
                    {", ".join(f'"{c}"' for c in over)},
                    _low,
                    _high,
                    least(_low, coalesce(_before_start, _first_start)) as _from,
                    greatest(_high, coalesce(_after_end, _last_end)) as _to,
                    coalesce(_before_number - 1, 0) as _before,
                    coalesce(_after_number, _held) - coalesce(_before_number - 1, 0) as _within,
                from around""").fetchall()
            time_column = f'"{runs.time_column}"'
            con.execute(f"""create or replace temp view {runs.table} as
                select held.* from "{catalog}".main.{runs.table} as held
                join _spans as span on {same}
                where {_pushed_down_filter(reached, over, "held")}
                    and held.{time_column} between span._from and span._to""").fetchall()
            con.execute(f"create temp table _sittings as select * from (\n{model.body}\n)").fetchall()
            con.execute(f"drop view temp.main.{runs.table}").fetchall()
            con.execute(f"""delete from {model.name} as held using _spans as span
                where {same} and held.{start} between span._from and span._to""").fetchall()
            con.execute(f"""update {model.name} as held
                set {number} = held.{number} + span._shift
                from (
                    select span.*, (select count(*) from _sittings as new where {_matches(over, "new", "span")})
                        - span._within as _shift
                    from _spans as span
                ) as span
                where {same} and held.{start} > span._to and span._shift <> 0""").fetchall()
            return con.execute(f"""insert into {model.name} by name
                select new.* replace (new.{number} + span._before as {number})
                from _sittings as new join _spans as span on {_matches(over, "new", "span")}""").fetchall()[0][0]
    except duckdb.Error as error:
        raise ModelError(f"model {model.name} ({model.path.name}) failed to update: {error}") from error


def restricted_select(model: Model, reached: pa.Table) -> str:
    """The model's own ``select``, restricted to the rows of the ``reached`` key values (a
    relation of that name, ``_reached``, holds them while it runs)."""
    return f"select rows.* from (\n{model.body}\n) as rows where {_reached_filter(model, reached)}"


def _reached_filter(model: Model, reached: pa.Table) -> str:
    """Rows (``rows``) whose key values are among ``_reached``: spelled out for the scans, then
    matched exactly (a null key value matches null)."""
    key = model.incremental_key
    matches = " and ".join(f'reached."{c}" is not distinct from rows."{c}"' for c in key)
    return (f"{_pushed_down_filter(reached, key, 'rows')} "
            f"and exists (select 1 from _reached as reached where {matches})")


def _pushed_down_filter(reached: pa.Table, key: list[str], alias: str) -> str:
    """The reached key values spelled out (``player in ('Anna', 'Boris')``), for each column of
    the key of text, date, whole number or truth: a constant filter that DuckDB pushes into its
    scans, where a join is not."""
    terms = []
    for column in key:
        values = reached.column(column)
        spell = _LITERAL.get(next((kind for kind in _LITERAL if kind(values.type)), None))
        distinct = values.unique()
        if spell is None or len(distinct) > _LITERALS_AT_MOST:
            continue
        texts = sorted(spell(v) for v in distinct.to_pylist() if v is not None)
        term = f'{alias}."{column}" in ({", ".join(texts)})' if texts else "false"
        if distinct.null_count:
            term = f'({term} or {alias}."{column}" is null)'
        terms.append(term)
    return " and ".join(terms) or "true"


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


_LITERAL = {
    pa.types.is_string: _sql_string,
    pa.types.is_date32: lambda day: f"date '{day.isoformat()}'",
    pa.types.is_integer: str,
    pa.types.is_boolean: lambda truth: "true" if truth else "false",
}
"""How a key value of each Arrow type is written in SQL."""


def _create(con: duckdb.DuckDBPyConnection, model: Model, sql_root: Path) -> None:
    try:
        con.execute(f"create or replace {model.materialized} {model.name} as\n{model.body}")
    except duckdb.Error as error:
        raise ModelError(f"model {model.name} ({model.path.relative_to(sql_root)}) failed: {error}") from error


def _building_path(warehouse: Warehouse) -> Path:
    """A name of this writer's own for a models file being made."""
    final = warehouse.duckdb_path
    return final.with_name(f"{final.name}.building-{os.getpid()}-{uuid.uuid4().hex[:8]}")


def _remove_file(path: Path) -> None:
    for leftover in (path, path.with_name(path.name + ".wal")):
        leftover.unlink(missing_ok=True)


def _open_writable(path: Path, root: Path, threads: int | None = None, *,
                   row_group_size: int | None = None) -> duckdb.DuckDBPyConnection:
    """A writer's connection to the models file ``path``. ``row_group_size``: the rows of each
    row group the tables written get (else DuckDB's 122,880), the file attached as the
    connection's default database (DuckDB takes the size at attach only)."""
    if row_group_size is None:
        con = duckdb.connect(str(path), config={"file_search_path": str(root)})
    else:
        con = duckdb.connect(config={"file_search_path": str(root)})
        con.execute(f"attach {_sql_string(str(path))} as models_file (row_group_size {int(row_group_size)})")
        con.execute("use models_file")
    con.execute("set enable_progress_bar = false")
    if threads is not None:
        con.execute(f"set threads = {int(threads)}")
        con.execute("set preserve_insertion_order = false")
    return con


def _standby(warehouse: Warehouse, root: Path,
             fingerprint: str) -> tuple[Path, duckdb.DuckDBPyConnection | None, dict | None]:
    """The file an update writes: the standby, opened, with what its models were built from, when
    it is there, holds models of this SQL and no reader holds it; else a new file's name (for a
    copy of the current one), None and None."""
    standby = warehouse.root / STANDBY_FILE
    if standby.exists() and not _open_in_this_process(standby):
        try:
            con = _open_writable(standby, root, row_group_size=BUILD_ROW_GROUP_ROWS)
        except duckdb.Error:    # a reader of another process holds it (or it is no models file)
            pass
        else:
            state = _read_state(con)
            if state is not None and state["sql"] == fingerprint:
                return standby, con, state
            con.close()
    return _building_path(warehouse), None, None


def _open_in_this_process(path: Path) -> bool:
    """Whether this process has ``path``'s file open (a reader's connection of its own: DuckDB
    locks a file against other processes only, so this process could write under its reader)."""
    try:
        wanted = path.stat()
    except FileNotFoundError:
        return False
    try:
        descriptors = os.listdir("/proc/self/fd")
    except OSError:
        return True     # nothing tells: taken as open
    for descriptor in descriptors:
        try:
            found = os.stat(f"/proc/self/fd/{descriptor}")
        except OSError:
            continue
        if (found.st_ino, found.st_dev) == (wanted.st_ino, wanted.st_dev):
            return True
    return False


def _swap_in(warehouse: Warehouse, new: Path) -> None:
    """Make ``new`` (a models file, closed) the warehouse's models file, in one rename; the file
    it replaces stays as the standby (readers keep what they opened). A hard link keeps the
    old file while the new one takes its name, so the name is never missing."""
    final = warehouse.duckdb_path
    standby = warehouse.root / STANDBY_FILE
    if new.with_name(new.name + ".wal").exists():
        raise ModelError(f"the models file {new.name} was not written through (its log remains)")
    keep = None
    if final.exists():
        keep = final.with_name(f"{final.name}.swap-{os.getpid()}-{uuid.uuid4().hex[:8]}")
        try:
            os.link(final, keep)
        except OSError:     # no hard links here: the next update copies the file instead
            keep = None
    os.replace(new, final)
    if keep is not None:
        # a log left by an update killed in the standby belongs to that file, not to this one
        standby.with_name(standby.name + ".wal").unlink(missing_ok=True)
        os.replace(keep, standby)
    elif new != standby:
        _remove_file(standby)


def _write_state(con: duckdb.DuckDBPyConnection, manifest: Manifest, fingerprint: str) -> None:
    con.execute(f"create or replace table {STATE_TABLE} (name varchar, value varchar)")
    con.execute(f"insert into {STATE_TABLE} values ('sql', ?), ('parts', ?), ('manifest', ?)", [
        fingerprint, json.dumps(manifest.parts, sort_keys=True),
        json.dumps({"generation": manifest.generation, "parts": manifest.parts}, sort_keys=True)]).fetchall()


def _read_state(con: duckdb.DuckDBPyConnection) -> dict | None:
    try:
        rows = dict(con.execute(f"select name, value from {STATE_TABLE}").fetchall())
    except duckdb.Error:
        return None
    if "sql" not in rows or "parts" not in rows:
        return None
    return {"sql": rows["sql"], "parts": json.loads(rows["parts"])}


def built_from(warehouse: Warehouse) -> dict | None:
    """What the warehouse's models were built from: {"sql": fingerprint, "parts": {table: [part]}},
    or None (no models, or models of a runner that kept no state)."""
    if not warehouse.duckdb_path.exists():
        return None
    try:
        with duckdb.connect(str(warehouse.duckdb_path), read_only=True) as con:
            return _read_state(con)
    except duckdb.Error:
        return None


def run_audits(warehouse: Warehouse, sql_root: Path = SQL_ROOT) -> dict[str, int]:
    """Count the rows each audit returns (zero means the invariant holds)."""
    with connect(warehouse.root) as con:
        return {
            audit.name: con.execute(f"select count(*) from (\n{audit.body}\n)").fetchone()[0]
            for audit in audits(sql_root)
        }

